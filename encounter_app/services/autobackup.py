"""Automatic backups: one as the program starts, then every few minutes if something changed.

Every change a GM makes goes through the undo stack (and so do undo and redo), so its index
moving is the sign that the database changed since the last backup. The backup itself is the
store's (SQLite's backup API, rotated); it takes milliseconds, so it runs on the GUI thread.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from encounter_app.services.undo import UndoStack
from encounter_app.store import Store

INTERVAL_MS = 5 * 60 * 1000
START_DELAY_MS = 500


class AutoBackup(QObject):
    backed_up = Signal(object)  # Path of the new backup
    failed = Signal(str)  # what went wrong, for the status bar

    def __init__(self, store: Store, undo_stack: UndoStack, interval_ms: int = INTERVAL_MS,
                 *, at_start: bool = False, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._store = store
        # at_start: one backup half a second after start, once the window is drawn. On the way
        # to the first paint the copy cost 7 ms with 200 combatants and 19 ms with 1000, and
        # docs/performance.md counts every one of them.
        self._changed = at_start
        undo_stack.indexChanged.connect(self._mark_changed)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.back_up_if_changed)
        self.timer.start()
        if at_start:
            QTimer.singleShot(START_DELAY_MS, self, self.back_up_if_changed)

    def _mark_changed(self) -> None:
        self._changed = True

    def back_up_if_changed(self) -> Path | None:
        if not self._changed:
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
