"""Automatic backups: one as the program starts, then every few minutes if something changed.

Every change a GM makes goes through the undo stack (and so do undo and redo), so its index
moving is the sign that the database changed since the last backup. The backup itself is the
store's (SQLite's backup API, rotated); it takes milliseconds, so it runs on the GUI thread.

The one at start comes after SQLite's full check of the whole file (``Store.verify``), which
opening leaves to it for the roll log (a third of a grown campaign's opening). It runs on a
thread of its own once the window is drawn. A damaged file is never backed up: its copies
would push the good ones out of the rotation. The GM is told, and automatic backups stop.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from encounter_app.services.undo import UndoStack
from encounter_app.store import Store

INTERVAL_MS = 5 * 60 * 1000
START_DELAY_MS = 500

log = logging.getLogger(__name__)


class _Relay(QObject):
    """Carries the check's answer from its thread to the GUI thread (a queued signal). It is
    nobody's child, so the thread can still emit if the window has gone: nothing receives it."""

    checked = Signal(object)  # list[str] of problems, or None when the check was cut short


class AutoBackup(QObject):
    backed_up = Signal(object)  # Path of the new backup
    failed = Signal(str)  # what went wrong, for the status bar
    checked = Signal()  # the check at start is over and found the file sound
    damaged = Signal(str)  # the check at start found damage: what to tell the GM

    def __init__(self, store: Store, undo_stack: UndoStack, interval_ms: int = INTERVAL_MS,
                 *, at_start: bool = False, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._store = store
        # at_start: one backup half a second after start, once the window is drawn. On the way
        # to the first paint the copy cost 7 ms with 200 combatants and 19 ms with 1000, and
        # docs/performance.md counts every one of them.
        self._changed = at_start
        self._damaged = False
        self._relay = _Relay()
        self._relay.checked.connect(self._after_check)
        undo_stack.indexChanged.connect(self._mark_changed)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.back_up_if_changed)
        self.timer.start()
        if at_start:
            QTimer.singleShot(START_DELAY_MS, self, self.check_then_back_up)

    def check_then_back_up(self) -> None:
        """Check the whole file on a thread; back it up when it is sound (``_after_check``)."""
        store, relay = self._store, self._relay

        def check() -> None:
            try:
                problems = store.verify()
            except sqlite3.Error as exc:  # not damage (Store.verify says that): the disk?
                log.warning("could not check %s: %s", store.path, exc)
                problems = None  # unchecked: the timer's backup comes later, as usual
            relay.checked.emit(problems)

        threading.Thread(target=check, name="sqlite-verify", daemon=True).start()

    def _after_check(self, problems: list[str] | None) -> None:
        if problems is None:
            return  # the store closed first, or the file could not be read
        if not problems:
            self.checked.emit()
            self.back_up_if_changed()
            return
        self._damaged = True
        self.timer.stop()
        path = self._store.path
        found = "; ".join(problems[:3])
        if len(problems) > 3:
            found += f" (and {len(problems) - 3} more)" if len(problems) < 20 else " (and more)"
        log.warning("%s is damaged: %s", path, found)
        self.damaged.emit(
            f"SQLite's check of {path} found damage: {found}. What you see reads correctly, "
            "but another part of the file does not. Automatic backups are stopped, so that "
            "copies of the damaged file do not replace your good ones. Use File › Back up… to "
            "keep a copy of it as it is, then File › Restore… to go back to the newest backup "
            "from before the damage.")

    def _mark_changed(self) -> None:
        self._changed = True

    def back_up_if_changed(self) -> Path | None:
        if not self._changed or self._damaged:
            return None
        try:
            target = self._store.backup()
        except (OSError, sqlite3.Error) as exc:
            # Nothing is lost (the database itself is fine); say so and try again next time.
            path = self._store.path
            self.failed.emit(f"The automatic backup failed ({exc}); your data is safe in "
                             f"{path}. Check the free space in {path.parent}.")
            return None
        self._changed = False
        self.backed_up.emit(target)
        return target
