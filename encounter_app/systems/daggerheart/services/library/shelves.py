"""The library as the window sees it: adversary templates and environments kept in step with the
store, and the environment the open encounter takes place in.

As in EncounterSession, every method writes to the store first (one transaction) and only then
changes the in-memory list, so a failed write changes nothing on screen. Undo commands
(services/library/commands.py) call these primitives; they make no decisions of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import Field, replace
from typing import ClassVar, Final, Generic, Literal, Protocol, TypeVar

from PySide6.QtCore import QObject, Signal

from encounter_app.domain import EnvironmentBlock, EnvironmentRow, Feature, TemplateRow
from encounter_app.domain.rows import HasId
from encounter_app.services.rowlist import RowList
from encounter_app.store import Store

# As the environment a plan starts with (builder.start_encounter): leave the
# encounter's as it is.
Keep = Literal["keep"]
KEEP: Final = "keep"


class EntryStats(Protocol):
    """What StatBlock and EnvironmentBlock have in common, that the library reads of either."""

    # Dataclasses (typeshed's DataclassInstance): duplicate() replaces fields of a copy.
    __dataclass_fields__: ClassVar[dict[str, Field[object]]]

    @property
    def name(self) -> str: ...
    @property
    def tier(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def difficulty(self) -> int: ...
    @property
    def description(self) -> str: ...
    @property
    def features(self) -> tuple[Feature, ...]: ...


class LibraryEntry(HasId, Protocol):
    """What a shelf holds: a TemplateRow or an EnvironmentRow."""

    __dataclass_fields__: ClassVar[dict[str, Field[object]]]

    @property
    def stats(self) -> EntryStats: ...
    @property
    def source(self) -> str: ...


EntryT = TypeVar("EntryT", bound=LibraryEntry)
StatsT = TypeVar("StatsT", bound=EntryStats)  # an entry's kind of stat block


class Shelf(QObject, Generic[EntryT]):
    """One kind of library entry (templates or environments): its rows and how to store them."""

    def __init__(self, noun: str, plural: str, rows: list[EntryT],
                 insert: Callable[[EntryT], EntryT], update: Callable[[EntryT], None],
                 delete: Callable[[int], None], read: Callable[[], list[EntryT]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.noun, self.plural = noun, plural
        self.rows: RowList[EntryT] = RowList(rows, self)
        self._insert, self._update, self._delete, self._read = insert, update, delete, read

    def add(self, row: EntryT, position: int | None = None) -> EntryT:
        """Store ``row`` (keeping its id if it has one) and show it at ``position``."""
        position = len(self.rows) if position is None else min(position, len(self.rows))
        stored = self._insert(row)
        self.rows.insert(position, stored)
        return stored

    def update(self, row: EntryT) -> None:
        self._update(row)
        self.rows.replace(self.rows.index_of(row.id), row)

    def remove(self, entry_id: int) -> tuple[EntryT, int]:
        """Delete an entry; returns it and the row it was shown at, to put it back."""
        position = self.rows.index_of(entry_id)
        if position < 0:
            raise KeyError(f"no {self.noun} with id {entry_id}")
        row = self.rows[position]
        self._delete(entry_id)
        self.rows.pop(position)
        return row, position

    def get(self, entry_id: int) -> EntryT:
        position = self.rows.index_of(entry_id)
        if position < 0:
            raise KeyError(f"no {self.noun} with id {entry_id}")
        return self.rows[position]

    def reload(self) -> None:
        """Read the shelf again (after an import, or a failed action rolled back)."""
        self.rows.sync(self._read())


class Library(QObject):
    """The adversary templates and environments of the database."""

    def __init__(self, store: Store, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.templates: Shelf[TemplateRow] = Shelf(
            "adversary", "adversaries", store.templates(), store.insert_template,
            store.update_template, store.delete_template, store.templates, self)
        self.environments: Shelf[EnvironmentRow] = Shelf(
            "environment", "environments", store.environments(), store.insert_environment,
            store.update_environment, store.delete_environment, store.environments, self)

    def reload(self) -> None:
        """Read both shelves again (a failed action was rolled back in the store)."""
        self.templates.reload()
        self.environments.reload()


class EncounterEnvironment(QObject):
    """The environment attached to the open encounter (a copy; None when there is none)."""

    changed = Signal()

    def __init__(self, store: Store, encounter_id: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._store, self._encounter_id = store, encounter_id
        self._block = store.encounter_environment(encounter_id)

    @property
    def block(self) -> EnvironmentBlock | None:
        return self._block

    def reload(self) -> None:
        """Read the environment again (a failed action was rolled back in the store)."""
        block = self._store.encounter_environment(self._encounter_id)
        if block != self._block:
            self._block = block
            self.changed.emit()

    def set(self, block: EnvironmentBlock | None) -> None:
        self._store.set_encounter_environment(self._encounter_id, block)
        self._block = block
        self.changed.emit()


def copy_name(name: str, taken: set[str]) -> str:
    """The name of a duplicate: "Sentry (copy)", then "Sentry (copy 2)" and so on."""
    candidate, n = f"{name} (copy)", 2
    while candidate in taken:
        candidate, n = f"{name} (copy {n})", n + 1
    return candidate


def duplicate(row: EntryT, taken: set[str]) -> EntryT:
    """A new, unsaved entry with the same stat block under a free name."""
    return replace(row, id=None, source="own",
                   stats=replace(row.stats, name=copy_name(row.stats.name, taken)))
