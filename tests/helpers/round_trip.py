"""A GM's own files come back: play a fight, export the encounter and the campaign with the
program's own export, import both as File › Import does, and compare what the GM would see.

``Play`` is a fight open on a system's sample with the program's undo stack (each action one
transaction); the per-system actions of ``tests/exchange/test_round_trip.py`` run on it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, CountdownRow
from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.system_data import SystemData
from encounter_app.exchange.campaign_file import write_campaign
from encounter_app.exchange.encounter_file import write_encounter
from encounter_app.exchange.reader import read_bytes
from encounter_app.importing import import_encounter
from encounter_app.services.campaigns.commands import note_command
from encounter_app.services.fight import commands, table
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.player_view import set_hidden
from encounter_app.services.undo import UndoStack
from encounter_app.store import Store
from encounter_app.store.exchange import campaign_file, encounter_file, recreate_campaign
from tests.helpers.systems import SYSTEMS, create_sample

#: Examples per system in ``make test`` (two cores shared); ROUND_TRIP_EXAMPLES=200 for more.
EXAMPLES = int(os.environ.get("ROUND_TRIP_EXAMPLES", "8"))
ROUND_TRIP = settings(max_examples=EXAMPLES, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow,
                                             HealthCheck.function_scoped_fixture])

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)
#: A name as the dialogs take it: stripped, never blank.
NAME = TEXT.map(str.strip).filter(bool)


@dataclass
class Play:
    """An open fight of one system, and the draws that pick what happens in it."""

    store: Store
    session: EncounterSession
    stack: UndoStack
    data: st.DataObject

    def do(self, command: QUndoCommand | None) -> None:
        if command is not None:
            assert self.stack.do(command), command.text()

    def someone(self, *, standing: bool = False) -> CombatantRow | None:
        rows = [r for r in self.session.combatants if not (standing and r.defeated)]
        return self.data.draw(st.sampled_from(rows), label="who") if rows else None

    def draw(self, strategy: st.SearchStrategy[object], label: str = "") -> object:
        return self.data.draw(strategy, label=label or None)


Act = Callable[[Play], None]


@contextmanager
def playing(folder: Path, key: str, data: st.DataObject) -> Iterator[Play]:
    """``key``'s sample fight in a new store in ``folder``, open with an undo stack."""
    store = Store.open(folder, SYSTEMS)
    try:
        session = EncounterSession(store, create_sample(store, key, seed=3).id, SYSTEMS)
        yield Play(store, session, UndoStack(store), data)
    finally:
        store.close()


# -- what every system's fight has ------------------------------------------------------------

def marks(play: Play) -> None:
    row = play.someone()
    if row is not None:
        hp = play.data.draw(st.integers(0, row.hp_max), label="hp")
        stress = play.data.draw(st.integers(0, row.stress_max), label="stress")
        play.do(commands.SetMarks(play.session, row.id, hp, stress))


def note(play: Play) -> None:
    row = play.someone()
    if row is not None:
        play.do(note_command(play.session, row.id, play.data.draw(TEXT, label="note")))


def hide(play: Play) -> None:
    row = play.someone()
    if row is not None:
        play.do(set_hidden(play.session, row, not row.hidden))


def countdown(play: Play) -> None:
    """A countdown added (maybe paired with one there), ticked by hand or shown to players."""
    session, data = play.session, play.data
    choice = data.draw(st.sampled_from(["add", "tick", "show"]), label="countdown")
    if choice == "add" or not session.countdowns:
        start = data.draw(st.integers(1, 8), label="start")
        row = CountdownRow(data.draw(NAME, label="name"), start, start,
                           kind=data.draw(st.sampled_from(["standard", "progress",
                                                           "consequence"])),
                           loop=data.draw(st.sampled_from(["none", "loop"])),
                           long_term=data.draw(st.booleans()),
                           trigger=data.draw(st.sampled_from(["action", "pc_miss", "manual"])))
        partner = (data.draw(st.sampled_from(list(session.countdowns))).id
                   if session.countdowns and data.draw(st.booleans(), label="pair") else None)
        play.do(table.add_countdown(session, row, partner))
        return
    clock = data.draw(st.sampled_from(list(session.countdowns)))
    if choice == "show":
        play.do(commands.UpdateCountdown(session, replace(clock, visible=not clock.visible),
                                         "Show"))
    else:
        step = table.tick(session, clock)
        play.do(None if step is None else step.command)


COMMON: list[Act] = [marks, note, hide, countdown]


# -- the same fight ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Fight:
    """What the GM sees of an encounter: the order with everything on each card, the round and
    whose turn, the countdowns, the fight's turn state and the campaign's Fear."""

    combatants: tuple[CombatantRow, ...]
    active: int | None  # place in the order
    round: int
    countdowns: tuple[CountdownRow, ...]
    system_state: SystemData
    fear: int


def fight_of(store: Store, encounter_id: int) -> Fight:
    encounter = store.encounter(encounter_id)
    rows = store.combatants(encounter_id)
    ids = [r.id for r in rows]
    return Fight(
        # Ids are the database's, and the roster link is compared as the party (party_of).
        combatants=tuple(replace(r, id=None, pc_id=None) for r in rows),
        active=(ids.index(encounter.active_combatant_id)
                if encounter.active_combatant_id in ids else None),
        round=encounter.round,
        countdowns=tuple(replace(c, id=None) for c in store.countdowns(encounter_id)),
        system_state=encounter.system_state,
        fear=store.campaign(encounter.campaign_id).fear)


def party_of(store: Store, campaign_id: int) -> tuple[tuple[PcRow, ...], list[list[int | None]]]:
    """The roster, and for each encounter of the campaign which roster PC each combatant is."""
    pcs = store.pcs(campaign_id)
    place = {pc.id: n for n, pc in enumerate(pcs)}
    members = [[place.get(r.pc_id) for r in store.combatants(entry.id)]  # type: ignore[arg-type]
               for entry in store.encounter_entries(campaign_id)]
    return tuple(replace(pc, id=None) for pc in pcs), members


def export_and_import(play: Play) -> tuple[int, int]:
    """The open encounter and its campaign exported as the GM's File › Export writes them, then
    each imported as File › Import reads it: the new encounter's id (in the open campaign)
    and the new campaign's."""
    store, session = play.store, play.session
    encounter_text = write_encounter(encounter_file(store, session.encounter_id))
    campaign_text = write_campaign(campaign_file(store, session.campaign.id))
    parsed = read_bytes(SYSTEMS, encounter_text.encode(), "fight.json")
    imported = import_encounter(store, parsed, session.campaign.id)
    parsed = read_bytes(SYSTEMS, campaign_text.encode(), "campaign.json")
    assert parsed.campaign is not None
    campaign = recreate_campaign(store, parsed.campaign)
    assert campaign.id is not None
    return imported.id, campaign.id


def assert_comes_back(play: Play) -> None:
    """Export both files and import both: the same fight, twice, and the same party."""
    store, session = play.store, play.session
    before = fight_of(store, session.encounter_id)
    campaign_before = party_of(store, session.campaign.id)
    encounter_id, campaign_id = export_and_import(play)
    assert fight_of(store, encounter_id) == before
    assert party_of(store, campaign_id) == campaign_before
    [entry] = store.encounter_entries(campaign_id)
    assert fight_of(store, entry.id) == before
