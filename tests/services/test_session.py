"""The session and its undo commands: every action is saved, undone and redone exactly."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QUndoStack

from encounter_app.domain import CombatantRow, CountdownRow, FearEventRow, RollRow
from encounter_app.services.fight import commands
from tests.helpers.systems import SYSTEMS


@pytest.fixture
def session(demo_session):
    return demo_session


def names(rows):
    return [r.name for r in rows]


def test_demo_is_three_pcs_four_adversaries_two_countdowns(session):
    kinds = [c.kind for c in session.combatants]
    assert kinds.count("pc") == 3
    assert kinds.count("adversary") == 4
    assert all(c.evasion for c in session.combatants if c.kind == "pc")
    assert len(session.countdowns) == 2
    assert session.fear == 3  # 1 per PC when the campaign begins


def test_next_turn_walks_the_order_and_counts_rounds(session):
    ids = [c.id for c in session.combatants]
    assert session.active_id == ids[0]  # the demo opens on the first PC
    stack = QUndoStack()
    stack.push(commands.SetTurn(session, None, 1))
    assert session.next_turn() == (ids[0], 1)  # nobody active: the first starts
    for expected in ids:
        active, round_ = session.next_turn()
        assert active == expected
        stack.push(commands.SetTurn(session, active, round_))
    assert session.next_turn() == (ids[0], 2)


def test_next_turn_skips_defeated_adversaries(session):
    stack = QUndoStack()
    adversary = next(c for c in session.combatants if c.kind == "adversary")
    row = session.combatants.index_of(adversary.id)
    stack.push(commands.SetMarks(session, adversary.id, adversary.hp_max, 0))
    assert session.combatants[row].defeated
    before = session.combatants[row - 1]
    stack.push(commands.SetTurn(session, before.id, 1))
    assert session.next_turn()[0] == session.combatants[row + 1].id


def test_commands_write_through_and_undo_to_the_stored_state(session, store):
    stack = QUndoStack()
    eid = session.encounter_id
    start = (names(store.combatants(eid)), store.countdowns(eid), store.campaign(
        session.campaign.id).fear)
    stack.push(commands.AddCombatant(session, CombatantRow(kind="npc", name="Ferryman",
                                                           evasion=10), position=1))
    stack.push(commands.MoveCombatant(session, 1, 5))
    stack.push(commands.RemoveCombatant(session, 0))
    stack.push(commands.SetFear(session, 7))
    stack.push(commands.AddCountdown(session, CountdownRow("Tide", 3, 3)))
    tide = session.countdowns[2]
    from dataclasses import replace
    stack.push(commands.UpdateCountdown(session, replace(tide, value=2), "Tick Tide"))
    assert names(store.combatants(eid))[4] == "Ferryman"
    assert store.campaign(session.campaign.id).fear == 7
    assert store.countdowns(eid)[2].value == 2
    while stack.canUndo():
        stack.undo()
    assert (names(store.combatants(eid)), store.countdowns(eid),
            store.campaign(session.campaign.id).fear) == start
    assert names(session.combatants) == start[0]
    while stack.canRedo():
        stack.redo()
    assert names(store.combatants(eid))[4] == "Ferryman"
    assert names(session.combatants) == names(store.combatants(eid))


def test_removing_the_active_combatant_and_undoing_restores_the_spotlight(session):
    stack = QUndoStack()
    target = session.combatants[2]
    stack.push(commands.SetTurn(session, target.id, 1))
    stack.push(commands.RemoveCombatant(session, 2))
    assert session.active_id is None
    stack.undo()
    assert session.active_id == target.id
    assert session.combatants[2] == target


def test_a_redone_roll_is_the_same_roll_with_the_same_id(session, store):
    stack = QUndoStack()
    row = RollRow(kind="dice", summary="2d6 = 9", detail="2d6 (4, 5) = 9",
                  payload={"dice": [4, 5]})
    stack.push(commands.RecordRoll(session, row))
    stored = session.rolls[0]
    stack.undo()
    assert len(session.rolls) == 0 and store.rolls(session.encounter_id) == []
    stack.redo()
    again = store.rolls(session.encounter_id)[0]
    assert again.id == stored.id and again.payload == {"dice": [4, 5]}
    assert session.rolls[0] == stored


def test_fear_outside_the_pool_is_refused_and_nothing_is_saved(session, store):
    with pytest.raises(ValueError, match="between 0 and 12"):
        session.record_fear(FearEventRow(change=10, value=13, reason="other_gain"))
    assert store.campaign(session.campaign.id).fear == session.fear == 3
    assert store.fear_ledger(session.campaign.id) == []


def test_every_fear_change_is_a_ledger_line_with_its_reason(session, store):
    stack = QUndoStack()
    stack.push(commands.SetFear(session, 4, "roll_with_fear"))
    stack.push(commands.SetFear(session, 2, "interrupt", note="steal the spotlight"))
    stack.push(commands.SetFear(session, 1))
    ledger = store.fear_ledger(session.campaign.id)
    assert [(e.change, e.value, e.reason) for e in ledger] == [
        (-1, 1, "other_spend"), (-2, 2, "interrupt"), (1, 4, "roll_with_fear")]
    assert ledger[1].note == "steal the spotlight"
    assert session.fear_spent_in_scene == 3
    assert list(session.fear_ledger) == ledger
    stack.undo()
    stack.undo()
    assert session.fear == store.campaign(session.campaign.id).fear == 4
    assert session.fear_spent_in_scene == 0
    assert [e.reason for e in store.fear_ledger(session.campaign.id)] == ["roll_with_fear"]
    stack.redo()
    assert store.fear_ledger(session.campaign.id)[0] == ledger[1]  # same id, same time


def test_scene_intensity_is_saved_and_undone(session, store):
    stack = QUndoStack()
    stack.push(commands.SetSceneIntensity(session, "major"))
    assert store.encounter(session.encounter_id).scene_intensity == "major"
    stack.undo()
    assert session.scene_intensity == store.encounter(session.encounter_id).scene_intensity
    assert session.scene_intensity == "standard"


def test_update_combatant_writes_conditions_and_tokens(session, store):
    stack = QUndoStack()
    from dataclasses import replace

    row = session.combatants[1]
    stack.push(commands.UpdateCombatant(
        session, replace(row, conditions=("Vulnerable",), slow_tokens=1, spotlights=2), "x"))
    stored = store.combatants(session.encounter_id)[1]
    assert (stored.conditions, stored.slow_tokens, stored.spotlights) == (("Vulnerable",), 1, 2)
    stack.undo()
    assert store.combatants(session.encounter_id)[1] == row


# -- the roll log is read a page at a time --------------------------------------------------


@pytest.fixture
def long_log(store, session):
    """250 rolls in the store before the session opens; returns the reopened session."""
    from encounter_app.services.fight.session import EncounterSession

    for i in range(250):
        store.insert_roll(session.encounter_id, RollRow(kind="dice", summary=f"roll {i}"))
    return EncounterSession(store, session.encounter_id, SYSTEMS)


def test_opening_reads_only_the_newest_page_of_rolls(long_log):
    from encounter_app.services.fight.session import ROLL_PAGE

    assert [r.summary for r in long_log.rolls] == [f"roll {i}" for i in
                                                    range(249, 249 - ROLL_PAGE, -1)]
    assert long_log.more_rolls


def test_fetching_pages_reads_the_whole_log_in_order(long_log, store):
    while long_log.more_rolls:
        long_log.fetch_more_rolls()
    assert list(long_log.rolls) == store.rolls(long_log.encounter_id)
    assert long_log.fetch_more_rolls() == 0


def test_undo_and_redo_of_rolls_keep_the_pages_whole(long_log, store):
    stack = QUndoStack()
    for n in range(3):
        stack.push(commands.RecordRoll(long_log, RollRow(kind="dice", summary=f"new {n}")))
    stack.undo()
    stack.undo()
    stack.redo()
    while long_log.more_rolls:
        long_log.fetch_more_rolls()
    assert list(long_log.rolls) == store.rolls(long_log.encounter_id)
    assert [r.summary for r in long_log.rolls][:3] == ["new 1", "new 0", "roll 249"]


def test_a_roll_older_than_the_pages_read_waits_for_its_page(long_log, store):
    oldest = store.rolls(long_log.encounter_id)[-1]
    store.delete_roll(oldest.id)
    shown = list(long_log.rolls)
    assert long_log.add_roll(oldest) == oldest  # as a redo would put it back
    assert list(long_log.rolls) == shown  # not on top of the newest page
    long_log.remove_roll(oldest.id)  # and taking it out again touches only the store
    assert list(long_log.rolls) == shown
    assert oldest not in store.rolls(long_log.encounter_id)
