"""The library's and the builder's GM actions, one method each (services/operations.py): a new,
edited, copied or deleted entry, the samples put back, adversaries added to the fight, a
planned fight started, the fight's environment attached or detached, an environment feature's
countdown started, and a stat block moved to another tier. Each is one undo step, said in the
status line; starting a planned fight as a new encounter is one transaction that the window then
opens (it leaves no undo step: the window's history goes with the fight it was about).

The builder's services and the rules of tiers are imported when first used, not at start
(tests/ui/test_startup_imports.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Generic

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoCommand

from encounter_app.domain import (
    CountdownRow,
    EnvironmentBlock,
    EnvironmentRow,
    Feature,
    StatBlock,
    TemplateRow,
)
from encounter_app.domain.campaign_rows import EncounterEntry
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import stored_id
from encounter_app.services.fight.commands import AddCountdown
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.operations import FightOperations
from encounter_app.services.operations import Operations, Say
from encounter_app.services.undo import UndoStack
from encounter_app.store import StoreError
from encounter_app.systems.daggerheart.services.library.commands import (
    AddEntry,
    DeleteEntry,
    EditEntry,
    SetEnvironment,
)
from encounter_app.systems.daggerheart.services.library.shelves import (
    KEEP,
    EncounterEnvironment,
    EntryT,
    Keep,
    Library,
    Shelf,
    StatsT,
    duplicate,
)

if TYPE_CHECKING:  # the builder's services load when the builder is first used
    from encounter_app.systems.daggerheart.services.library.builder import PlannedAdversary


class ShelfOperations(Operations, Generic[EntryT, StatsT]):
    """What the GM does to one shelf of the library (adversaries, or environments): its
    entries are EntryT, each holding a StatsT; ``make`` is a new entry of the GM's own of a
    stat block, ``stats_of`` an entry's stat block as its kind."""

    def __init__(self, shelf: Shelf[EntryT], undo_stack: UndoStack, say: Say,
                 make: Callable[[StatsT], EntryT], stats_of: Callable[[EntryT], StatsT]
                 ) -> None:
        super().__init__(undo_stack, say)
        self.shelf = shelf
        self._make, self.stats_of = make, stats_of

    def _entry(self, old: EntryT | None, stats: StatsT) -> EntryT:
        return self._make(stats) if old is None else replace(old, stats=stats)

    def _added(self, command: AddEntry[EntryT]) -> int | None:
        return stored_id(command.row) if self.run(lambda: command) else None

    def new(self, stats: StatsT) -> int | None:
        """A new entry of ``stats`` (the shelf's kind of stat block); its id, None when the
        store refused it."""
        return self._added(AddEntry(self.shelf, self._entry(None, stats)))

    def edit(self, entry_id: int, stats: StatsT) -> bool:
        """Entry ``entry_id`` takes ``stats``; nothing when they are the same."""
        def build() -> EditEntry[EntryT] | None:
            old = self.shelf.get(entry_id)
            return None if old.stats == stats else EditEntry(self.shelf,
                                                             self._entry(old, stats))

        return self.run(build)

    def duplicate(self, entry_id: int) -> int | None:
        """A copy of the entry, named apart ("Bear (copy)"); its id."""
        row = self.shelf.get(entry_id)
        taken = {r.stats.name for r in self.shelf.rows}
        return self._added(AddEntry(self.shelf, duplicate(row, taken),
                                    f"Duplicate {row.stats.name}"))

    def delete(self, entry_ids: Sequence[int]) -> bool:
        """The entries leave the library, one undo step; fights keep their own copies."""
        if not entry_ids:
            return False
        if len(entry_ids) == 1:
            return self.run(lambda: DeleteEntry(self.shelf, entry_ids[0]))
        return self.run(lambda: Compound(f"Delete {len(entry_ids)} {self.shelf.plural}",
                                         [DeleteEntry(self.shelf, i) for i in entry_ids]))

    def add_samples(self, rows: Sequence[EntryT]) -> bool:
        """The samples that come with the program, back in the library in one step."""
        return self.run(lambda: Compound(f"Add the sample {self.shelf.plural}",
                                         [AddEntry(self.shelf, row) for row in rows]))


@fields_repr
@dataclass(frozen=True, repr=False)
class LibraryShelves:
    """The library and the operations of its two shelves, for the library dock."""

    library: Library
    adversaries: ShelfOperations[TemplateRow, StatBlock]
    environments: ShelfOperations[EnvironmentRow, EnvironmentBlock]

    @classmethod
    def of(cls, library: Library, undo_stack: UndoStack, say: Say) -> LibraryShelves:
        return cls(library,
                   ShelfOperations(library.templates, undo_stack, say, _own_template,
                                   _template_stats),
                   ShelfOperations(library.environments, undo_stack, say, _own_environment,
                                   _environment_stats))


def _own_template(stats: StatBlock) -> TemplateRow:
    return TemplateRow(id=None, stats=stats, source="own")


def _template_stats(row: TemplateRow) -> StatBlock:
    return row.stats


def _own_environment(stats: EnvironmentBlock) -> EnvironmentRow:
    return EnvironmentRow(id=None, stats=stats, source="own")


def _environment_stats(row: EnvironmentRow) -> EnvironmentBlock:
    return row.stats


class LibraryOperations(Operations):
    """The library and the builder acting on the open fight (``fight``'s session) and its
    environment (``holder``, this encounter's in the store); the library is read from the
    store when first wanted (``library``), owned by ``parent``."""

    def __init__(self, fight: FightOperations, parent: QObject | None = None) -> None:
        # What changes the fight is refused once it is finished; the library's own entries
        # (tier_new_entry, the shelves) are not the fight's.
        super().__init__(fight.undo_stack, fight.say, closed=fight.closed)
        self.session = session = fight.session
        self.holder = EncounterEnvironment(session.store, session.encounter_id, parent)
        self._parent = parent
        self._library: Library | None = None
        self._shelves: LibraryShelves | None = None

    @property
    def library(self) -> Library:
        """The library, read from the store the first time it is wanted (the dock shown, the
        builder opened), not before the window's first paint."""
        if self._library is None:
            self._library = Library(self.session.store, self._parent)
        return self._library

    def reload(self) -> None:
        """Read the library again, when it has been read: entries came or went behind its
        back (an import, or a failed step rolled back in the store)."""
        if self._library is not None:
            self._library.reload()

    def shelves(self) -> LibraryShelves:
        """The library dock's: its two shelves' operations."""
        if self._shelves is None:
            self._shelves = LibraryShelves.of(self.library, self.undo_stack, self.say)
        return self._shelves

    # -- the fight --------------------------------------------------------------------------

    def add_to_encounter(self, rows: Sequence[TemplateRow]) -> bool:
        """Library adversaries into the spotlight order, named apart ("Sentry 2")."""
        from encounter_app.systems.daggerheart.services.library.builder import (
            PlannedAdversary,
            add_adversaries,
        )

        parts = add_adversaries(self.session, [PlannedAdversary(r.id, r.stats) for r in rows])
        if not parts:
            return False
        text = parts[0].text() if len(parts) == 1 else f"Add {len(parts)} adversaries"
        return self.run(lambda: Compound(text, parts),
                        done=f"{text}: in the spotlight order with their cards.")

    def attach(self, block: EnvironmentBlock) -> bool:
        """``block`` becomes the fight's environment; nothing when it already is."""
        return self.run(lambda: None if block == self.holder.block
                        else SetEnvironment(self.holder, block))

    def detach(self) -> bool:
        return self.run(lambda: None if self.holder.block is None
                        else SetEnvironment(self.holder, None))

    def start_countdown(self, feature: Feature) -> bool:
        """An environment feature's countdown, added to the fight's countdowns."""
        if feature.countdown is None:  # only a feature with a countdown has the link
            return False
        place = self.holder.block.name if self.holder.block else "Environment"
        row = CountdownRow(name=f"{place}: {feature.name}", start=feature.countdown,
                           value=feature.countdown)
        return self.run(lambda: AddCountdown(self.session, row),
                        done=f"Countdown {row.name} ({row.start}) started.")

    def start(self, plan: Sequence[PlannedAdversary],
              environment: EnvironmentBlock | Keep | None = KEEP,
              extra_damage: bool = False) -> bool:
        """A planned fight started in the open encounter: its adversaries join the order and
        its environment is attached (None detaches it, KEEP leaves it), one undo step."""
        from encounter_app.systems.daggerheart.services.library import builder

        command = builder.start_encounter(self.session, self.holder, plan, environment,
                                          extra_damage=extra_damage)
        return self.run(lambda: command,
                        done=f"{command.text()} — in the spotlight order with their cards.")

    def start_new(self, plan: Sequence[PlannedAdversary],
                  environment: EnvironmentBlock | Keep | None = KEEP,
                  extra_damage: bool = False) -> EncounterEntry | None:
        """A planned fight as a new encounter of the campaign, with the party, in one
        transaction; None (said) when the disk refused it, and nothing of it was written."""
        from encounter_app.systems.daggerheart.services.library import builder

        try:
            return builder.start_new_encounter(self.session, self.holder, plan, environment,
                                               extra_damage=extra_damage)
        except StoreError as exc:  # nothing of it was written: the open fight goes on
            self.say(f"The new encounter was not started: {exc}", error=True)
            return None

    # -- Move to another tier ---------------------------------------------------------------

    def tier_new_entry(self, moved: StatBlock | EnvironmentBlock, old_tier: int) -> int | None:
        """The moved block as a new library entry (the one it came from stays); its id, or
        None when the step failed."""
        from encounter_app.systems.daggerheart.services.library import tier_moves

        library = self.library
        command: AddEntry[TemplateRow] | AddEntry[EnvironmentRow]
        if isinstance(moved, EnvironmentBlock):
            command = tier_moves.save_environment(library.environments, moved, old_tier)
        else:
            command = tier_moves.save_adversary(library.templates, moved, old_tier)
        if not self.run(lambda: command, even_closed=True,
                        done=f"{moved.name}: a new library entry at tier {moved.tier} (Undo "
                             "takes it away)."):
            return None
        return stored_id(command.row)

    def tier_in_fight(self, combatant_id: int, moved: StatBlock) -> bool:
        """Only this adversary of the fight takes the moved stat block."""
        from encounter_app.systems.daggerheart.services.library import tier_moves

        command = tier_moves.in_fight(self.session, combatant_id, moved)
        return self.run(lambda: command,
                        done=f"{command.text()}: its card shows the new numbers.")

    def tier_environment(self, moved: EnvironmentBlock) -> bool:
        """The fight's environment replaced by its moved copy."""
        from encounter_app.systems.daggerheart.services.library import tier_moves

        command: QUndoCommand = tier_moves.fight_environment(self.holder, moved)
        return self.run(lambda: command, done=f"{command.text()}.")
