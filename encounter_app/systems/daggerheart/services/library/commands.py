"""Undo commands for the library: add, edit and delete a template or an environment, and attach
an environment to the encounter. Each remembers the whole row before and after (orange-canvas
habit), and an entry that comes back keeps its id.
"""

from __future__ import annotations

from typing import Generic

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import EnvironmentBlock
from encounter_app.domain.rows import stored_id
from encounter_app.systems.daggerheart.services.library.shelves import (
    EncounterEnvironment,
    EntryT,
    Shelf,
)


class AddEntry(QUndoCommand, Generic[EntryT]):
    """A new (or duplicated) adversary or environment in the library."""

    def __init__(self, shelf: Shelf[EntryT], row: EntryT, text: str | None = None) -> None:
        super().__init__(text or f"New {shelf.noun} {row.stats.name}")
        self._shelf, self._row = shelf, row
        self._position: int | None = None  # the end, the first time

    @property
    def row(self) -> EntryT:
        """The entry as stored (with its id once the command has been done)."""
        return self._row

    def redo(self) -> None:
        self._row = self._shelf.add(self._row, self._position)
        self._position = self._shelf.rows.index_of(self._row.id)

    def undo(self) -> None:
        self._shelf.remove(stored_id(self._row))


class EditEntry(QUndoCommand, Generic[EntryT]):
    def __init__(self, shelf: Shelf[EntryT], new: EntryT) -> None:
        self._old = shelf.get(stored_id(new))
        name = self._old.stats.name
        super().__init__(f"Edit {name}" if name == new.stats.name
                         else f"Edit {name} (now {new.stats.name})")
        self._shelf, self._new = shelf, new

    def redo(self) -> None:
        self._shelf.update(self._new)

    def undo(self) -> None:
        self._shelf.update(self._old)


class DeleteEntry(QUndoCommand, Generic[EntryT]):
    """Only the library entry goes: adversaries already in a fight keep their own copy."""

    def __init__(self, shelf: Shelf[EntryT], entry_id: int) -> None:
        self._row = shelf.get(entry_id)
        super().__init__(f"Delete {shelf.noun} {self._row.stats.name}")
        self._shelf, self._position = shelf, shelf.rows.index_of(entry_id)

    def redo(self) -> None:
        self._row, self._position = self._shelf.remove(stored_id(self._row))

    def undo(self) -> None:
        self._shelf.add(self._row, self._position)


class SetEnvironment(QUndoCommand):
    """Attach an environment to the encounter, change it, or detach it (None)."""

    def __init__(self, holder: EncounterEnvironment, new: EnvironmentBlock | None) -> None:
        super().__init__(f"Environment: {new.name}" if new else "Detach the environment")
        self._holder, self._old, self._new = holder, holder.block, new

    def redo(self) -> None:
        self._holder.set(self._new)

    def undo(self) -> None:
        self._holder.set(self._old)
