"""Composition root: build the store, the rules service, the session, the undo stack, the window.

Nothing here is global: ``launch`` hands every object to its users, so a test can build the
whole program on a temporary folder and take it apart again with ``shutdown``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMessageBox

from encounter_app.demo import create_demo
from encounter_app.services.autobackup import AutoBackup
from encounter_app.services.rules_service import STOP_TIMEOUT_MS, RulesService
from encounter_app.services.session import EncounterSession
from encounter_app.store import Store, StoreError
from encounter_app.ui.main_window import MainWindow


@dataclass
class Launched:
    """Everything ``launch`` built, for the caller to use and then shut down."""

    window: MainWindow
    store: Store
    rules_service: RulesService
    undo_stack: QUndoStack
    session: EncounterSession
    _closed: bool = field(default=False, repr=False)
    _stopped: bool = field(default=True, repr=False)

    def __post_init__(self) -> None:
        self._connect_window()

    def restore(self, backup: Path) -> Path:
        """Put a backup in place of the database and rebuild the window on it.

        Returns the backup of what was replaced. Raises StoreError, with nothing changed, when
        the backup does not pass the checks a database passes at start-up.

        The window is rebuilt rather than each model reloaded: every view takes the session in
        its constructor, so a new window is the one way to be sure nothing still shows the
        fight that was replaced. The undo history goes with the old window: it describes that
        fight, not the restored one. Rolls still being computed are not logged.
        """
        QCoreApplication.sendPostedEvents()  # rolls already answered are logged first
        safety = self.store.restore(Path(backup))
        old = self.window
        old.detach()
        encounter = self.store.latest_encounter() or create_demo(self.store)
        self.window, self.session, self.undo_stack = _open_window(self.store, encounter.id,
                                                                  self.rules_service)
        self._took_over_from(old, (
            f"Restored {Path(backup).name}. The undo history was cleared; what you had before "
            f"is kept as {safety.name} (File › Restore… brings it back)."))
        return safety

    def open_encounter(self, encounter_id: int, message: str = "") -> None:
        """Rebuild the window on another encounter (one just imported), as a restore does."""
        QCoreApplication.sendPostedEvents()  # rolls already answered are logged first
        old = self.window
        old.detach()
        self.window, self.session, self.undo_stack = _open_window(self.store, encounter_id,
                                                                  self.rules_service)
        self._took_over_from(old, message)

    def _took_over_from(self, old: MainWindow, message: str) -> None:
        self._connect_window()
        self.window.restoreGeometry(old.saveGeometry())
        if old.isVisible():
            self.window.show()  # before the old one closes, or the program would quit
        old.close()
        old.deleteLater()
        if message:
            self.window.show_message(message)

    def _connect_window(self) -> None:
        self.window.restore_requested.connect(self._restore_chosen)
        self.window.open_encounter_requested.connect(self.open_encounter)

    def _restore_chosen(self, backup: Path) -> None:
        try:
            self.restore(backup)
        except StoreError as exc:
            QMessageBox.warning(self.window, "Restore a backup",
                                f"{exc}\n\nThe database in use was not changed.")

    def shutdown(self, timeout_ms: int = STOP_TIMEOUT_MS) -> bool:
        """Stop the rules thread, record the answers it gave before stopping, close the file.

        Returns False when the rules thread was stuck and left running (it was logged): the
        process should then end without waiting for it.
        """
        if self._closed:
            return self._stopped
        self._closed = True
        self._stopped = self.rules_service.shutdown(timeout_ms)
        # Answers to rolls made just before quitting are queued for this thread: deliver them
        # so the roll log keeps them, then stop listening.
        QCoreApplication.sendPostedEvents()
        self.window.close()
        self.rules_service.rolled.disconnect()
        self.rules_service.failed.disconnect()
        self.window.deleteLater()
        self.store.close()
        return self._stopped


def launch(data_dir: Path, *, seed: int | None = None, show: bool = True) -> Launched:
    """Open (or create) the data folder and build the program on it.

    On the very first start the database is empty and a demo encounter is created, so a
    newcomer sees a fight at once; a database with a fight in it is backed up once the window
    is drawn (see AutoBackup). Raises
    StoreError when the database cannot be used; a damaged one was set aside and a new one
    started (``launched.store.kept_aside``), and the caller offers to restore a backup.
    """
    store = Store.open(Path(data_dir))
    try:
        encounter = store.latest_encounter()
        existing = encounter is not None
        encounter = encounter or create_demo(store, seed=seed)
        rules_service = RulesService(seed=encounter.seed if seed is None else seed)
    except Exception:
        store.close()
        raise
    window, session, undo_stack = _open_window(store, encounter.id, rules_service,
                                               back_up_now=existing)
    if show:
        window.show()
    return Launched(window, store, rules_service, undo_stack, session)


def _open_window(store: Store, encounter_id: int, rules_service: RulesService, *,
                 back_up_now: bool = False) -> tuple[MainWindow, EncounterSession, QUndoStack]:
    session = EncounterSession(store, encounter_id)
    undo_stack = QUndoStack()
    window = MainWindow(store, session, rules_service, undo_stack)
    session.setParent(window)
    undo_stack.setParent(window)
    autobackup = AutoBackup(store, undo_stack, at_start=back_up_now, parent=window)
    autobackup.failed.connect(lambda text: window.show_message(text, error=True))
    return window, session, undo_stack
