"""Undo commands of the campaign view: campaigns, their encounter lists, the party roster.

Each keeps what it needs both ways (the row before and after, or the removed row and where it
was); the first redo gives a new row its id and later redos reuse it, as commands.py does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CampaignRow, CombatantRow, CountdownRow
from encounter_app.domain.campaign_rows import EncounterEntry, PcRow
from encounter_app.domain.rows import stored_id
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.fight.commands import AddCombatant, UpdateCombatant
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession


class CreateCampaign(QUndoCommand):
    def __init__(self, book: CampaignBook, row: CampaignRow) -> None:
        super().__init__(f"New campaign {row.name}")
        self._book, self._row = book, row
        self._created_at: str | None = None  # kept by the undo, so a redo is the same row

    @property
    def row(self) -> CampaignRow:
        return self._row

    def redo(self) -> None:
        self._row = self._book.add_campaign(self._row, self._created_at)

    def undo(self) -> None:
        self._created_at = self._book.remove_campaign(stored_id(self._row))


class UpdateCampaign(QUndoCommand):
    """Rename, archive, unarchive, the note, the session counter: the row before and after."""

    def __init__(self, book: CampaignBook, new: CampaignRow, text: str) -> None:
        super().__init__(text)
        self._book, self._new = book, new
        self._old = book.campaigns.by_id(new.id)

    def redo(self) -> None:
        self._book.update_campaign(self._new)

    def undo(self) -> None:
        self._book.update_campaign(self._old)


class AddEncounter(QUndoCommand):
    """A new encounter in the list, empty or with copied combatants and countdowns."""

    def __init__(self, book: CampaignBook, entry: EncounterEntry, position: int,
                 combatants: Sequence[CombatantRow] = (),
                 countdowns: Sequence[CountdownRow] = (), text: str = "") -> None:
        super().__init__(text or f"New encounter {entry.name}")
        self._book, self._entry, self._position = book, entry, position
        self._campaign_id = book.campaign_id
        self._combatants, self._countdowns = list(combatants), list(countdowns)
        self._created_at: str | None = None

    @property
    def entry(self) -> EncounterEntry:
        return self._entry

    def redo(self) -> None:
        self._entry, self._combatants, self._countdowns = self._book.add_encounter(
            self._campaign_id, self._entry, self._position, self._combatants, self._countdowns,
            self._created_at)

    def undo(self) -> None:
        self._created_at = self._book.remove_encounter(stored_id(self._entry))


class RemoveEncounter(QUndoCommand):
    """Delete a prepared encounter with its combatants and countdowns; undo puts them back
    with their ids. Only drafts: they have no rolls or Fear ledger lines to lose."""

    def __init__(self, book: CampaignBook, row: int) -> None:
        self._entry = book.encounters[row]
        super().__init__(f"Delete {self._entry.name}")
        self._book, self._position, self._campaign_id = book, row, book.campaign_id
        self._combatants = book.store.combatants(stored_id(self._entry))
        self._countdowns = book.store.countdowns(stored_id(self._entry))
        self._created_at: str | None = None

    def redo(self) -> None:
        self._created_at = self._book.remove_encounter(stored_id(self._entry))

    def undo(self) -> None:
        self._book.add_encounter(self._campaign_id, self._entry, self._position,
                                 self._combatants, self._countdowns, self._created_at)


class EncounterKeeper(Protocol):
    """Who writes an encounter's entry: the campaign view's book, or the open fight's session
    for the encounter it holds (the campaign view's list follows it)."""

    def update_encounter(self, entry: EncounterEntry) -> None: ...


class UpdateEncounter(QUndoCommand):
    """Rename, the note, the status (finishing writes the summary): before and after."""

    def __init__(self, book: EncounterKeeper, old: EncounterEntry, new: EncounterEntry,
                 text: str) -> None:
        super().__init__(text)
        self._book, self._old, self._new = book, old, new

    def redo(self) -> None:
        self._book.update_encounter(self._new)

    def undo(self) -> None:
        self._book.update_encounter(self._old)


class MoveEncounter(QUndoCommand):
    def __init__(self, book: CampaignBook, source: int, destination: int) -> None:
        super().__init__(f"Move {book.encounters[source].name}")
        self._book, self._source, self._destination = book, source, destination
        self._campaign_id = book.campaign_id

    def redo(self) -> None:
        self._book.move_encounter(self._campaign_id, self._source, self._destination)

    def undo(self) -> None:
        self._book.move_encounter(self._campaign_id, self._destination, self._source)


class AddPc(QUndoCommand):
    def __init__(self, book: CampaignBook, row: PcRow) -> None:
        super().__init__(f"Add {row.name} to the party")
        self._book, self._row = book, row
        self._campaign_id, self._position = book.campaign_id, len(book.party)

    def redo(self) -> None:
        self._row = self._book.add_pc(self._campaign_id, self._row, self._position)

    def undo(self) -> None:
        self._book.remove_pc(stored_id(self._row))


class RemovePc(QUndoCommand):
    """Off the roster; combatants already in fights stay there, and undo links them again."""

    def __init__(self, book: CampaignBook, row: int) -> None:
        self._row = book.party[row]
        super().__init__(f"Remove {self._row.name} from the party")
        self._book, self._position, self._campaign_id = book, row, book.campaign_id
        self._linked: list[int] = []

    def redo(self) -> None:
        self._linked = self._book.remove_pc(stored_id(self._row))

    def undo(self) -> None:
        self._book.add_pc(self._campaign_id, self._row, self._position, self._linked)


class UpdatePc(QUndoCommand):
    def __init__(self, book: CampaignBook, new: PcRow, text: str) -> None:
        super().__init__(text)
        self._book, self._new = book, new
        self._old = book.party.by_id(new.id)

    def redo(self) -> None:
        self._book.update_pc(self._new)

    def undo(self) -> None:
        self._book.update_pc(self._old)


# -- PCs in the open fight -------------------------------------------------------------------

def join_encounter(session: EncounterSession, pcs: Sequence[PcRow]) -> tuple[Compound | None,
                                                                             list[str]]:
    """Add the PCs not yet in the open encounter, at the end of the order, as one step.
    Returns the command (None when nobody is new) and the names already there."""
    present = {c.pc_id for c in session.combatants if c.pc_id is not None}
    joining = [pc for pc in pcs if pc.id not in present]
    already = [pc.name for pc in pcs if pc.id in present]
    if not joining:
        return None, already
    names = ", ".join(pc.name for pc in joining)
    compound = Compound(f"{names} join{'s' if len(joining) == 1 else ''} the encounter")
    for pc in joining:
        compound.add(AddCombatant(session, session.system.combatant_for_pc(pc)))
    return compound, already


def remove_pc(book: CampaignBook, session: EncounterSession, row: int) -> Compound:
    """Take a PC off the roster. Its combatant in the open fight stays, unlinked, through the
    session (so the window's rows agree with the store); fights not open are unlinked by the
    database and linked again by the undo."""
    pc = book.party[row]
    compound = Compound(f"Remove {pc.name} from the party")
    for combatant in session.combatants:
        if combatant.pc_id == pc.id:
            compound.add(UpdateCombatant(session, replace(combatant, pc_id=None),
                                         f"Unlink {combatant.name}"))
    compound.add(RemovePc(book, row))
    return compound


def edit_pc(book: CampaignBook, session: EncounterSession, new: PcRow) -> Compound:
    """Change a roster PC; its combatant in the open fight follows (name, Evasion, tracks)."""
    compound = Compound(f"Edit {new.name}")
    compound.add(UpdatePc(book, new, f"Edit {new.name}"))
    fresh = session.system.combatant_for_pc(new)
    for row in session.combatants:
        if row.pc_id == new.id:
            compound.add(UpdateCombatant(session, replace(
                row, name=fresh.name, evasion=fresh.evasion, hp_max=fresh.hp_max,
                hp_marked=fresh.hp_marked, stress_max=fresh.stress_max,
                stress_marked=fresh.stress_marked, system_stats=fresh.system_stats,
                system_state=session.system.roster_edited(row.system_state,
                                                          fresh.system_state)),
                f"Edit {new.name}"))
    return compound


def note_command(session: EncounterSession, combatant_id: int, text: str
                 ) -> UpdateCombatant | None:
    """The undo step that writes the note; None when it did not change."""
    row = session.combatants.by_id(combatant_id)
    if row.notes == text:
        return None
    return UpdateCombatant(session, replace(row, notes=text), f"Note on {row.name}")
