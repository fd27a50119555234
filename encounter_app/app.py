"""Composition root: build the store, the rules service, the session, the undo stack, the window.

Nothing here is global: ``launch`` hands every object to its users, so a test can build the
whole program on a temporary folder and take it apart again with ``shutdown``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoStack

from encounter_app.demo import create_demo
from encounter_app.services.rules_service import STOP_TIMEOUT_MS, RulesService
from encounter_app.services.session import EncounterSession
from encounter_app.store import Store
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
    newcomer sees a fight at once. Raises StoreError when the database cannot be used.
    """
    store = Store.open(Path(data_dir))
    try:
        encounter = store.latest_encounter() or create_demo(store, seed=seed)
        session = EncounterSession(store, encounter.id)
        undo_stack = QUndoStack()
        rules_service = RulesService(seed=encounter.seed if seed is None else seed)
    except Exception:
        store.close()
        raise
    window = MainWindow(store, session, rules_service, undo_stack)
    session.setParent(window)
    undo_stack.setParent(window)
    if show:
        window.show()
    return Launched(window, store, rules_service, undo_stack, session)
