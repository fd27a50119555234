"""The one way in for a GM action on the shared fight (services/operations.py,
services/fight/operations.py): each action one undo step and one transaction, what it refuses
said with nothing changed, and nothing pushed when there is nothing to do.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CountdownRow
from encounter_app.domain.adversaries import Refused
from encounter_app.rules.daggerheart import Outcome, RestKind
from encounter_app.services.fight import commands
from encounter_app.services.operations import Operations
from encounter_app.store import WriteFailed
from tests.helpers.operations import fight_operations
from tests.helpers.trace import commits, statements


@pytest.fixture
def ops(demo_session, undo_stack, router, said):
    """The demo fight's operations, rolling on a real rules thread."""
    return fight_operations(demo_session, undo_stack, router, said)


def fight(session) -> tuple:
    """Everything the GM sees of the fight, to compare before and after."""
    return (tuple(session.combatants), tuple(session.countdowns), session.fear,
            tuple(session.rolls), session.active_id, session.round)


class Fails(QUndoCommand):
    """Writes a Fear, then fails as a full disk fails at COMMIT."""

    def __init__(self, session) -> None:
        super().__init__("Doomed")
        self.inner = commands.SetFear(session, session.fear + 1, "gm_move")

    def redo(self) -> None:
        self.inner.redo()
        raise WriteFailed("The disk is full: free some space and try again.", "SQLITE_FULL")

    def undo(self) -> None:
        self.inner.undo()


# -- Operations.run: refused, nothing to do, kept, failed ------------------------------------


def test_a_refusal_is_said_as_an_error_and_nothing_is_pushed(demo_session, undo_stack, said):
    operations = Operations(undo_stack, said)

    def refuse() -> QUndoCommand:
        raise Refused("Not now: the pool is empty.")

    assert not operations.run(refuse)
    assert said == [("Not now: the pool is empty.", True)] and undo_stack.count() == 0


def test_nothing_to_do_is_no_step_and_says_so_when_asked(undo_stack, said):
    operations = Operations(undo_stack, said)
    assert not operations.run(lambda: None)
    assert not operations.run(lambda: None, nothing="Already there.")
    assert said == [("Already there.", False)] and undo_stack.count() == 0


def test_a_step_the_store_refuses_changes_nothing_and_leaves_no_step(demo_session, undo_stack,
                                                                    said, store):
    refused = []
    undo_stack.refused.connect(refused.append)
    undo_stack.rolled_back.connect(demo_session.reload)
    before = fight(demo_session)
    assert not Operations(undo_stack, said).run(lambda: Fails(demo_session), done="Done.")
    assert fight(demo_session) == before and undo_stack.count() == 0
    assert store.campaign(demo_session.campaign.id).fear == before[2]
    assert said == [] and refused and "disk is full" in refused[0]  # the stack says why


def test_a_kept_step_knows_when_it_is_undone_and_redone(demo_session, undo_stack, said):
    operations = Operations(undo_stack, said)
    kept = operations.keep(lambda: commands.SetFear(demo_session, 3), done="Fear 3.")
    assert kept is not None and operations.still_done(kept) and said == [("Fear 3.", False)]
    undo_stack.undo()
    assert not operations.still_done(kept)
    undo_stack.redo()
    assert operations.still_done(kept)
    undo_stack.undo()
    operations.run(lambda: commands.SetFear(demo_session, 5))  # another step in its place
    assert not operations.still_done(kept)


# -- the shared fight -------------------------------------------------------------------------


def test_each_action_is_one_step_and_one_transaction(ops, demo_session, undo_stack, store):
    first, last = demo_session.combatants[0], demo_session.combatants[-1]
    countdown, fear = demo_session.countdowns[0], demo_session.fear
    actions = (lambda: ops.move_combatant(0, len(demo_session.combatants) - 1),
               lambda: ops.note(first.id, "Flees at half HP"),
               lambda: ops.toggle_hidden(last.id),
               lambda: ops.tick_countdown(countdown.id),
               lambda: ops.set_fear(4, "gm_move"),
               lambda: ops.record_outcome(Outcome.SUCCESS_WITH_FEAR),
               lambda: ops.remove_combatant(first.id))
    for steps, act in enumerate(actions, 1):
        with statements(store) as seen:
            assert act()
        assert commits(seen) == 1 and undo_stack.count() == steps
    while undo_stack.canUndo():
        undo_stack.undo()
    assert demo_session.combatants[0] == first and demo_session.fear == fear


def test_a_combatant_gone_meanwhile_is_refused_with_nothing_changed(ops, demo_session,
                                                                    undo_stack, said):
    gone = demo_session.combatants[0].id
    ops.remove_combatant(gone)
    before = fight(demo_session)
    for act in (lambda: ops.remove_combatant(gone), lambda: ops.note(gone, "x"),
                lambda: ops.toggle_hidden(gone)):
        assert not act()
    assert fight(demo_session) == before and undo_stack.count() == 1
    assert said.errors == ["That combatant is no longer in this encounter."] * 3


def test_nothing_to_do_pushes_nothing(ops, demo_session, undo_stack):
    row = demo_session.combatants[0]
    countdown = demo_session.countdowns[0]
    assert not ops.note(row.id, row.notes)  # the same note
    assert not ops.move_combatant(1, 1)
    assert not ops.set_fear(demo_session.fear)
    assert not ops.reset_countdown(countdown.id)  # already at its start
    assert not ops.set_scene_intensity(demo_session.scene_intensity)
    assert not ops.update_combatant(row, "Edit")
    assert undo_stack.count() == 0


def test_fear_is_kept_within_the_pool(ops, demo_session):
    assert ops.set_fear(40)
    assert demo_session.fear == 12
    assert not ops.gain_fear()  # at the cap: nothing to do
    assert ops.set_fear(-3) and demo_session.fear == 0
    assert not ops.spend_fear()


def test_a_triggered_countdown_does_not_tick_again(ops, demo_session, undo_stack):
    ops.add_countdown(CountdownRow("Last breath", 1, 1))
    added = demo_session.countdowns[len(demo_session.countdowns) - 1]
    assert ops.tick_countdown(added.id)  # triggers, and the log says so
    assert demo_session.rolls[0].summary == "⚠ Last breath TRIGGERED"
    steps = undo_stack.count()
    assert not ops.tick_countdown(added.id)
    assert undo_stack.count() == steps


def test_showing_says_what_the_players_read(ops, demo_session, said):
    countdown = demo_session.countdowns[0]
    ops.toggle_countdown_visible(countdown.id)
    now = demo_session.countdowns.by_id(countdown.id).visible
    assert said[-1] == (f"{countdown.name} is "
                        f"{'shown to the players' if now else 'GM only'} now.", False)
    ops.record_outcome(Outcome.SUCCESS_WITH_HOPE)
    roll = demo_session.rolls[0]
    assert ops.toggle_roll_public(roll.id)
    assert said[-1][0].startswith("On the player display: Success with Hope")
    assert ops.toggle_roll_public(roll.id)
    assert said[-1][0].startswith("Taken off the player display: ")
    assert not ops.toggle_roll_public(-1)
    assert said.errors == ["That roll is no longer in the log."]


def test_a_rolled_start_and_its_countdown_are_one_step(qtbot, ops, demo_session, undo_stack):
    added = []
    rolls = len(demo_session.rolls)
    ops.add_countdown(CountdownRow("Reinforcements", 6, 6), dice="1d12", added=added.append)
    qtbot.waitUntil(lambda: bool(added))
    row = added[0]
    assert 1 <= row.start <= 12 and row.value == row.start
    assert demo_session.rolls[0].payload["countdown"] == "Reinforcements"
    assert undo_stack.count() == 1
    undo_stack.undo()
    assert demo_session.countdowns.index_of(row.id) < 0 and len(demo_session.rolls) == rolls


def test_an_outcome_is_one_step_and_says_what_it_did(ops, demo_session, undo_stack):
    fear = demo_session.fear
    recorded = ops.record_outcome(Outcome.FAILURE_WITH_FEAR)
    assert recorded is not None and ops.still_done(recorded.kept)
    assert demo_session.fear == fear + 1
    assert recorded.happened[0].startswith("GM gains 1 Fear")
    undo_stack.undo()
    assert demo_session.fear == fear and not ops.still_done(recorded.kept)


def test_a_rest_rolls_its_fear_then_is_one_step(qtbot, ops, demo_session, undo_stack):
    rested = []
    fear = demo_session.fear
    ops.rest(RestKind.LONG, rested.append)
    qtbot.waitUntil(lambda: bool(rested))
    assert rested[0].name == "Long rest" and undo_stack.count() == 1
    assert demo_session.fear > fear and rested[0].lines[-1].startswith("Party: 3 PCs")
    undo_stack.undo()
    assert demo_session.fear == fear


def test_a_rest_without_fear_moves_only_countdowns(store, undo_stack, said):
    from encounter_app.services.fight.session import EncounterSession
    from tests.helpers.systems import SYSTEMS, create_sample

    session = EncounterSession(store, create_sample(store, "casus_mus", seed=2).id, SYSTEMS)
    operations = fight_operations(session, undo_stack, said=said)  # no roll: no router
    session_fear = session.fear
    rested = []
    operations.rest(RestKind.SHORT, rested.append)
    assert [r.name for r in rested] == ["Rest"] and session.fear == session_fear
    assert rested[0].lines == ("Rested.",) and undo_stack.count() == 1


def test_an_edit_of_a_combatant_gone_is_refused(ops, demo_session, said):
    row = demo_session.combatants[0]
    ops.remove_combatant(row.id)
    assert not ops.update_combatant(replace(row, name="Someone"), "Edit")
    assert said.errors == ["That combatant is no longer in this encounter."]
