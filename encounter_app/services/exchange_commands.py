"""Undo for File › Import: the adversaries a file added go, the templates it replaced come back.

The import is written before the command is pushed (so a failure is reported and nothing is on
the stack); the command's first redo therefore does nothing, later ones write it again with the
same ids, so anything that remembers a template id still finds it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from encounter_app.store import Store
from encounter_app.store.exchange import LibraryImport, apply_import, revert_import


class ImportTemplates(QUndoCommand):
    def __init__(self, store: Store, applied: LibraryImport, source: str,
                 changed: Callable[[], None]) -> None:
        count = len(applied.inserted) + len(applied.replaced)
        super().__init__(f"Import {count} adversar{'y' if count == 1 else 'ies'} from {source}")
        self._store, self._plan, self._changed = store, applied, changed
        self._written = True

    def redo(self) -> None:
        if not self._written:
            self._plan = apply_import(self._store, self._plan)
            self._written = True
            self._changed()

    def undo(self) -> None:
        revert_import(self._store, self._plan)
        self._written = False
        self._changed()
