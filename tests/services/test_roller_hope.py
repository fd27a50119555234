"""A player's own roll moves their tracked PC's Hope and Stress (SRD 1.0, rules/NOTES.md):
"Success with Hope: ... gain a Hope"; "Failure with Hope: ... but you gain a Hope"; a Critical
Success counts as with Hope and clears a Stress too. Hope stops at 6. The Fear side, the
countdowns and the PC's tracks are one undo step (services/fight/table.py record_outcome,
through the system's ``roller_marks``)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.rules.daggerheart import Outcome, action_roll
from encounter_app.services.fight import table
from encounter_app.services.fight.commands import UpdateCombatant
from encounter_app.services.fight.table import PlayerDice
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.conditions import VULNERABLE
from encounter_app.systems.daggerheart.state import state_of
from tests.helpers.operations import fight_operations


def pc(session, at: int = 0):
    return [c for c in session.combatants if c.kind == "pc"][at]


def set_tracks(session, undo_stack, row, *, hope: int | None = None,
               stress: int | None = None) -> object:
    """The PC ``row`` with this Hope and Stress marked, as the GM would click them."""
    undo_stack.push(UpdateCombatant(session, pc_tracks.with_marks(row, hope=hope,
                                                                  stress=stress), "set"))
    return session.combatants.by_id(row.id)


def snapshot(session, store, row):
    """What one undo must put back: the Fear, the countdowns, the PC in the fight and on
    the roster, the log."""
    stored = session.combatants.by_id(row.id)
    roster = store.pc(row.pc_id)
    return (session.fear, [c.value for c in session.countdowns], stored,
            roster.stats.hope, roster.stress_marked, len(session.rolls))


@pytest.fixture
def ops(demo_session, undo_stack):
    return fight_operations(demo_session, undo_stack)


def test_a_critical_gains_a_hope_and_clears_a_stress_in_one_undo_step(
        demo_session, undo_stack, store, ops):
    aria = set_tracks(demo_session, undo_stack, pc(demo_session), hope=3, stress=2)
    before = snapshot(demo_session, store, aria)
    steps = undo_stack.count()
    dice = PlayerDice(aria.name, 6, 6, 0, 30)  # matching dice: a critical whatever the total
    recorded = ops.record_outcome(action_roll(6, 6, 0, 30), dice)
    assert recorded is not None and undo_stack.count() == steps + 1
    now = demo_session.combatants.by_id(aria.id)
    assert pc_tracks.tracks(now).hope == 4 and now.stress_marked == 1
    assert store.pc(aria.pc_id).stats.hope == 4  # the campaign's party has it too
    assert store.pc(aria.pc_id).stress_marked == 1
    assert f"{aria.name} gains a Hope (3→4)" in recorded.happened
    assert f"{aria.name} clears a Stress (2→1)" in recorded.happened
    log = demo_session.rolls[0]
    assert log.summary.startswith(f"{aria.name}: Critical Success")
    assert f"{aria.name} gains a Hope (3→4)" in log.summary
    assert f"{aria.name} clears a Stress (2→1)" in log.detail
    # The countdowns moved with it: one undo takes the countdowns, the Hope and Stress back.
    assert [c.value for c in demo_session.countdowns] != before[1]
    undo_stack.undo()
    assert snapshot(demo_session, store, aria) == before
    undo_stack.redo()
    assert pc_tracks.tracks(demo_session.combatants.by_id(aria.id)).hope == 4
    assert demo_session.combatants.by_id(aria.id).stress_marked == 1
    assert store.pc(aria.pc_id).stats.hope == 4


@pytest.mark.parametrize("outcome", [Outcome.SUCCESS_WITH_HOPE, Outcome.FAILURE_WITH_HOPE])
def test_a_result_with_hope_gains_a_hope_and_clears_no_stress(demo_session, undo_stack, ops,
                                                               outcome):
    aria = set_tracks(demo_session, undo_stack, pc(demo_session), hope=1, stress=2)
    fear = demo_session.fear
    ops.record_outcome(outcome, PlayerDice(aria.name, 9, 3, 0, 10))
    now = demo_session.combatants.by_id(aria.id)
    assert pc_tracks.tracks(now).hope == 2 and now.stress_marked == 2
    assert demo_session.fear == fear  # no Fear on a roll with Hope


@pytest.mark.parametrize("outcome", [Outcome.SUCCESS_WITH_FEAR, Outcome.FAILURE_WITH_FEAR])
def test_a_result_with_fear_gives_the_gm_a_fear_and_the_pc_no_hope(demo_session, undo_stack,
                                                                    ops, outcome):
    aria = set_tracks(demo_session, undo_stack, pc(demo_session), hope=1, stress=2)
    fear = demo_session.fear
    recorded = ops.record_outcome(outcome, PlayerDice(aria.name, 3, 9, 0, 10))
    assert demo_session.combatants.by_id(aria.id) == aria
    assert demo_session.fear == fear + 1
    assert not any("Hope" in line for line in recorded.happened[1:])  # [0] is the dice


def test_hope_at_six_stays_at_six_and_says_so(demo_session, undo_stack, ops):
    aria = set_tracks(demo_session, undo_stack, pc(demo_session), hope=6, stress=0)
    recorded = ops.record_outcome(Outcome.SUCCESS_WITH_HOPE,
                                  PlayerDice(aria.name, 9, 3, 0, 10))
    assert demo_session.combatants.by_id(aria.id) == aria
    assert f"{aria.name}'s Hope stays at 6, the most a PC holds" in recorded.happened
    assert "stays at 6" in demo_session.rolls[0].summary


def test_a_critical_with_no_stress_marked_gains_the_hope_and_says_there_was_none(
        demo_session, undo_stack, ops):
    aria = set_tracks(demo_session, undo_stack, pc(demo_session), hope=2, stress=0)
    recorded = ops.record_outcome(Outcome.CRITICAL_SUCCESS, PlayerDice(aria.name, 4, 4, 0, 10))
    now = demo_session.combatants.by_id(aria.id)
    assert pc_tracks.tracks(now).hope == 3 and now.stress_marked == 0
    assert f"{aria.name} has no Stress to clear" in recorded.happened


def test_clearing_the_last_stress_takes_away_the_vulnerable_it_gave(demo_session, undo_stack,
                                                                   ops):
    from encounter_app.systems.daggerheart.conditions import stress_changed

    aria = pc(demo_session)
    full, _said = stress_changed(aria, pc_tracks.with_marks(aria, stress=aria.stress_max))
    undo_stack.push(UpdateCombatant(demo_session, full, "full"))
    assert VULNERABLE in demo_session.combatants.by_id(aria.id).conditions
    recorded = ops.record_outcome(Outcome.CRITICAL_SUCCESS, PlayerDice(aria.name, 4, 4, 0, 10))
    now = demo_session.combatants.by_id(aria.id)
    assert now.stress_marked == aria.stress_max - 1 and VULNERABLE not in now.conditions
    assert not state_of(now).vulnerable_from_stress
    assert f"{aria.name} is no longer Vulnerable" in recorded.happened


def test_an_untracked_name_changes_no_pc(demo_session, undo_stack, ops):
    before = list(demo_session.combatants)
    recorded = ops.record_outcome(Outcome.CRITICAL_SUCCESS, PlayerDice("Mira", 4, 4, 0, 10))
    assert recorded is not None and list(demo_session.combatants) == before
    assert "Hope" not in demo_session.rolls[0].summary.split(":", 2)[2]


def test_an_outcome_without_dice_changes_no_pc(demo_session, ops):
    before = list(demo_session.combatants)
    ops.record_outcome(Outcome.CRITICAL_SUCCESS)  # keys 1-5: nobody named
    assert list(demo_session.combatants) == before


def test_a_pc_without_thresholds_is_not_tracked_and_gains_nothing(demo_session, undo_stack,
                                                                  ops):
    aria = pc(demo_session)
    untracked = replace(aria, system_state=replace(state_of(aria), major=None, severe=None))
    undo_stack.push(UpdateCombatant(demo_session, untracked, "untrack"))
    ops.record_outcome(Outcome.SUCCESS_WITH_HOPE, PlayerDice(aria.name, 9, 3, 0, 10))
    assert demo_session.combatants.by_id(aria.id) == untracked


def test_the_name_is_matched_whatever_its_case_and_spaces(demo_session, undo_stack, ops):
    aria = set_tracks(demo_session, undo_stack, pc(demo_session), hope=0)
    ops.record_outcome(Outcome.SUCCESS_WITH_HOPE,
                       PlayerDice(f"  {aria.name.upper()} ", 9, 3, 0, 10))
    assert pc_tracks.tracks(demo_session.combatants.by_id(aria.id)).hope == 1


def test_a_system_without_the_hook_changes_no_pc(qtbot, store):
    """Casus Mus' rolls give the roller nothing: the shared outcome changes no combatant."""
    from encounter_app.services.fight.session import EncounterSession
    from tests.helpers.systems import SYSTEMS, create_sample

    session = EncounterSession(store, create_sample(store, "casus_mus", seed=1).id, SYSTEMS)
    someone = next(c for c in session.combatants if c.kind == "pc")
    before = list(session.combatants)
    step = table.record_outcome(session, Outcome.CRITICAL_SUCCESS,
                                PlayerDice(someone.name, 4, 4, 0, 10))
    assert not any(isinstance(step.command.child(i), UpdateCombatant)
                   for i in range(step.command.childCount()))
    assert list(session.combatants) == before


# -- the rule as a property --------------------------------------------------------------------


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hope_die=st.integers(1, 12), fear_die=st.integers(1, 12),
       modifier=st.integers(-10, 20), difficulty=st.integers(1, 40),
       hope=st.integers(0, 6), stress=st.integers(0, 6))
def test_hope_and_stress_follow_the_dice(demo_session, hope_die, fear_die, modifier,
                                         difficulty, hope, stress):
    """For any Duality Dice, modifier and Difficulty: Hope after = min(6, before + 1 on a
    result with Hope or a critical), Stress after = max(0, before - 1 on a critical)."""
    aria = pc_tracks.with_marks(pc(demo_session), hope=hope, stress=stress)
    rows = [aria if row.id == aria.id else row for row in demo_session.combatants]
    outcome = action_roll(hope_die, fear_die, modifier, difficulty)
    critical = outcome is Outcome.CRITICAL_SUCCESS
    gains = outcome in (Outcome.SUCCESS_WITH_HOPE, Outcome.FAILURE_WITH_HOPE) or critical
    marks = demo_session.system.roller_marks(rows, aria.name, outcome)
    after = marks.rows[0] if marks.rows else aria
    assert all(row.id == aria.id for row in marks.rows)
    assert pc_tracks.tracks(after).hope == min(6, hope + (1 if gains else 0))
    assert after.stress_marked == max(0, stress - (1 if critical else 0))
    assert bool(marks.said) == gains
