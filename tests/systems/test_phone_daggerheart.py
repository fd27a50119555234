"""Daggerheart's rolls from a player's phone (issue 31): the Duality Dice named, an action roll
accepted exactly as keys 1–5 record its outcome (the Fear, the countdowns, the roller's Hope)
with the Hope it spends in the same undo step, a reaction roll with no Hope or Fear; the
phone's result is the log's total and words (core-gm-mechanics.txt, rules/NOTES.md)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.domain.adversaries import Refused
from encounter_app.domain.logged import OutcomeLine
from encounter_app.rules.daggerheart import Outcome
from encounter_app.services.fight.commands import UpdateCombatant
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.requests import DualityReactionLine
from encounter_app.systems.daggerheart.state import state_of
from tests.helpers.phones import (
    accept,
    checked,
    form_of,
    newest,
    phone_roll,
    sight,
    snapshot,
    submissions,
)
from tests.helpers.systems import SYSTEMS


def aria(session):
    return next(c for c in session.combatants if c.kind == "pc")


def with_hope(session, undo_stack, row, hope: int):
    undo_stack.push(UpdateCombatant(session, pc_tracks.with_marks(row, hope=hope), "set"))
    return session.combatants.by_id(row.id)


def hope_of(session, row) -> int:
    return pc_tracks.tracks(session.combatants.by_id(row.id)).hope


def roll(session, row, form="action", *, hope, fear, d6=None, trait=0, experience=None,
         advantage="none", spend="no", rolled_for_them=False):
    dice = {"hope": hope, "fear": fear} | ({} if d6 is None else {"d6": d6})
    numbers = {"trait": trait} | ({} if experience is None else {"experience": experience})
    made = phone_roll(session, row, form, dice, numbers=numbers,
                      choices={"advantage": advantage, "spend": spend},
                      rolled_for_them=rolled_for_them)
    return checked(session, row, made)


def test_the_forms_name_the_duality_dice_and_throw_the_d6_only_with_advantage(demo_session):
    pc = aria(demo_session)
    action, reaction = demo_session.system.phone_forms(pc)
    assert (action.key, reaction.key) == ("action", "reaction")
    assert action.title == "Action roll" and reaction.title == "Reaction roll"
    assert "d12 Hope + d12 Fear" in action.dice_words and "d6" in action.dice_words
    assert action.gm_sets == reaction.gm_sets == "Difficulty"
    assert [d.key for d in action.dice_for({})] == ["hope", "fear"]
    assert [d.key for d in action.dice_for({"advantage": "advantage"})] == ["hope", "fear", "d6"]
    assert action.expression({"advantage": "none"}) == "1d12+1d12"
    assert action.expression({"advantage": "disadvantage"}) == "1d12+1d12+1d6"
    # Helping an ally is an action roll's; a reaction roll may spend a Hope on an Experience.
    assert "help" in dict((c.key, c.values) for c in action.choices)["spend"]
    assert dict((c.key, c.values) for c in reaction.choices)["spend"] == ("no", "experience")
    assert reaction.problem({}, {"spend": "help"}, None) != ""
    assert action.problem({}, {"advantage": "advantage"}, {"hope": 3, "fear": 4}) == (
        "Give the Advantage or disadvantage d6 as it landed, or have the dice rolled for you.")


@pytest.mark.parametrize(("dice", "trait", "extra", "difficulty", "total", "text"), [
    # Duality Dice summed with the modifier against the Difficulty; the higher die names it.
    ((9, 4), 2, {}, 12, 15, "Success with Hope: Yes, and..."),
    ((4, 9), 2, {}, 12, 15, "Success with Fear: Yes, but..."),
    ((5, 3), 0, {}, 12, 8, "Failure with Hope: No, but..."),
    ((2, 6), 1, {}, 12, 9, "Failure with Fear: No, and..."),
    # Matching dice: a Critical Success whatever the total.
    ((3, 3), -2, {}, 30, 4, "Critical Success: Yes, and..."),
    # Meets the Difficulty: a success.
    ((6, 2), 1, {"experience": 3, "spend": "experience"}, 12, 12,
     "Success with Hope: Yes, and... (a Hope spent on an Experience (+3))"),
    # The advantage d6 is added, the disadvantage d6 taken off.
    ((5, 3), 2, {"d6": 4, "advantage": "advantage"}, 12, 14, "Success with Hope: Yes, and..."),
    ((9, 4), 0, {"d6": 5, "advantage": "disadvantage"}, 12, 8,
     "Failure with Hope: No, but..."),
    # Helping an ally: the Hope is spent, this roll gains nothing from it.
    ((9, 4), 0, {"spend": "help", "experience": 2}, 14, 13,
     "Failure with Hope: No, but... (a Hope spent to help an ally: this roll gains nothing "
     "from it)"),
])
def test_an_action_roll_comes_to_the_rules_outcome(demo_session, dice, trait, extra,
                                                   difficulty, total, text):
    pc = aria(demo_session)
    made = roll(demo_session, pc, hope=dice[0], fear=dice[1], trait=trait, **extra)
    result = demo_session.system.phone_result(pc, made, difficulty)
    assert (result.total, result.text) == (total, text)
    assert result.dice.startswith(f"Hope {dice[0]}, Fear {dice[1]}, ")
    assert "Difficulty" not in result.dice + result.text  # the GM's number stays the GM's


def test_an_accepted_action_roll_is_what_keys_1_to_5_record_with_the_hope_spent_first(
        demo_session, undo_stack):
    pc = with_hope(demo_session, undo_stack, aria(demo_session), 2)
    countdowns = [c.value for c in demo_session.countdowns]
    fear = demo_session.fear
    before = snapshot(demo_session)
    made = roll(demo_session, pc, hope=9, fear=4, trait=1, experience=2, spend="experience")
    result = demo_session.system.phone_result(pc, made, 12)
    step = accept(demo_session, undo_stack, made, 12)
    assert step.result == result and result.total == 16
    # Spent on the Experience (2→1), then the roll with Hope gains one (1→2).
    assert hope_of(demo_session, pc) == 2
    assert demo_session.fear == fear  # a roll with Hope gives the GM nothing
    assert [c.value for c in demo_session.countdowns] == [v - 1 for v in countdowns]
    row = newest(demo_session, "outcome")
    line = demo_session.system.read_roll(row)
    assert isinstance(line, OutcomeLine) and line.outcome is Outcome.SUCCESS_WITH_HOPE
    assert (line.player, line.hope, line.fear, line.modifier, line.difficulty) == (
        pc.name, 9, 4, 3, 12)
    assert line.hope + line.fear + line.modifier == result.total
    assert f"{pc.name} spends a Hope on an Experience (2→1)" in row.summary
    assert f"{pc.name} gains a Hope (1→2)" in row.summary
    assert "Hope 9, Fear 4 + 1 trait + 2 Experience = 16 vs Difficulty 12" in row.detail
    words = demo_session.system.roll_words(row, sight(demo_session))
    assert words == f"{pc.name}: {result.text.split(' (')[0]}"
    assert step.said[0] == (f"{pc.name}: Hope 9, Fear 4 + 1 trait + 2 Experience = 16 vs "
                            "Difficulty 12")
    undo_stack.undo()
    assert snapshot(demo_session) == before
    undo_stack.redo()
    assert hope_of(demo_session, pc) == 2 and newest(demo_session, "outcome").summary == (
        row.summary)


def test_a_roll_with_fear_gives_the_gm_a_fear_and_the_spend_stands(demo_session, undo_stack):
    pc = with_hope(demo_session, undo_stack, aria(demo_session), 3)
    fear = demo_session.fear
    made = roll(demo_session, pc, hope=3, fear=10, trait=0, spend="help")
    step = accept(demo_session, undo_stack, made, 12)
    assert step.result.text.startswith("Success with Fear")
    assert demo_session.fear == fear + 1
    assert hope_of(demo_session, pc) == 2  # spent helping; no Hope from a roll with Fear
    row = newest(demo_session, "outcome")
    assert (f"{pc.name} spends a Hope to help an ally (this roll gains nothing from it) "
            "(3→2)") in row.summary
    assert demo_session.system.read_roll(row).modifier == 0


def test_a_hope_spent_at_six_comes_back_from_a_roll_with_hope(demo_session, undo_stack):
    pc = with_hope(demo_session, undo_stack, aria(demo_session), 6)
    made = roll(demo_session, pc, hope=8, fear=2, experience=2, spend="experience")
    accept(demo_session, undo_stack, made, 10)
    assert hope_of(demo_session, pc) == 6  # 6→5 for the Experience, 5→6 for the roll
    assert f"{pc.name} gains a Hope (5→6)" in newest(demo_session, "outcome").summary


@pytest.mark.parametrize("form", ["action", "reaction"])
def test_a_hope_the_pc_does_not_have_is_refused_and_nothing_changes(demo_session, undo_stack,
                                                                    form):
    pc = with_hope(demo_session, undo_stack, aria(demo_session), 0)
    before, steps = snapshot(demo_session), undo_stack.count()
    made = roll(demo_session, pc, form, hope=9, fear=4, experience=2, spend="experience")
    with pytest.raises(Refused, match=f"^{re.escape(pc.name)} has no Hope to spend"):
        demo_session.system.phone_record(demo_session, made, 12)
    assert snapshot(demo_session) == before and undo_stack.count() == steps
    # Without the Hope the same dice are taken.
    plain = roll(demo_session, pc, form, hope=9, fear=4)
    accept(demo_session, undo_stack, plain, 12)


def test_a_hope_is_not_spent_where_the_fight_does_not_track_the_pcs_hope(demo_session,
                                                                        undo_stack):
    pc = aria(demo_session)
    untracked = replace(pc, system_state=replace(state_of(pc), major=None, severe=None))
    undo_stack.push(UpdateCombatant(demo_session, untracked, "untrack"))
    made = roll(demo_session, untracked, hope=9, fear=4, spend="help")
    with pytest.raises(Refused, match="Hope is not tracked in this fight"):
        demo_session.system.phone_record(demo_session, made, 12)
    # Its outcome alone is taken: the Fear and countdowns as keys 1-5 give them.
    step = accept(demo_session, undo_stack, roll(demo_session, untracked, hope=9, fear=4), 12)
    assert step.result.text.startswith("Success with Hope")
    assert demo_session.combatants.by_id(pc.id) == untracked


def test_a_reaction_roll_gives_no_hope_or_fear_and_moves_no_countdown(demo_session,
                                                                      undo_stack):
    pc = with_hope(demo_session, undo_stack, aria(demo_session), 2)
    fear, countdowns = demo_session.fear, [c.value for c in demo_session.countdowns]
    before = snapshot(demo_session)
    made = roll(demo_session, pc, "reaction", hope=7, fear=5, trait=2, d6=3,
                advantage="disadvantage", experience=2, spend="experience")
    step = accept(demo_session, undo_stack, made, 13)
    assert (step.result.total, step.result.text) == (
        13, "reaction roll succeeds (a Hope spent on an Experience (+2))")
    assert demo_session.fear == fear
    assert [c.value for c in demo_session.countdowns] == countdowns
    assert hope_of(demo_session, pc) == 1  # the Experience's Hope, and nothing from the dice
    row = newest(demo_session, "reaction")
    line = demo_session.system.read_roll(row)
    assert isinstance(line, DualityReactionLine)
    assert (line.total, line.success, line.difficulty) == (13, True, 13)
    assert row.summary.startswith(f"{pc.name}: reaction roll 13, succeeds; {pc.name} spends "
                                  "a Hope on an Experience (2→1)")
    assert demo_session.system.roll_words(row, sight(demo_session)) == (
        f"{pc.name}: reaction roll 13, succeeds")
    undo_stack.undo()
    assert snapshot(demo_session) == before


def test_a_critical_reaction_succeeds_with_no_more_benefit(demo_session, undo_stack):
    pc = aria(demo_session)
    undo_stack.push(UpdateCombatant(demo_session, pc_tracks.with_marks(pc, hope=1, stress=2),
                                    "set"))
    made = roll(demo_session, pc, "reaction", hope=4, fear=4, trait=-3)
    step = accept(demo_session, undo_stack, made, 20)
    assert (step.result.total, step.result.text) == (
        5, "reaction roll succeeds (critical: no extra benefit)")
    now = demo_session.combatants.by_id(pc.id)
    assert pc_tracks.tracks(now).hope == 1 and now.stress_marked == 2
    assert demo_session.system.read_roll(newest(demo_session, "reaction")).success


def test_dice_rolled_for_the_player_say_so_and_the_row_reads_back_from_the_store(
        demo_session, undo_stack, store):
    pc = aria(demo_session)
    made = roll(demo_session, pc, hope=2, fear=11, trait=3, rolled_for_them=True)
    accept(demo_session, undo_stack, made, 15)
    row = newest(demo_session, "outcome")
    assert row.detail.splitlines()[0].endswith("(rolled for them)")
    reopened = EncounterSession(store, demo_session.encounter_id, SYSTEMS)
    again = newest(reopened, "outcome")
    assert reopened.system.read_roll(again) == demo_session.system.read_roll(row)


def test_the_phone_shows_the_pcs_own_tracks(demo_session, undo_stack):
    pc = aria(demo_session)
    undo_stack.push(UpdateCombatant(demo_session, pc_tracks.with_marks(
        pc, hp=2, stress=1, armor=1, hope=4), "set"))
    lines = dict(demo_session.system.phone_sheet(demo_session.combatants.by_id(pc.id)))
    assert lines == {"HP": "2 of 7 marked", "Stress": "1 of 6 marked", "Hope": "4 of 6",
                     "Armor": "1 of 4 slots marked"}


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_roll_a_form_takes_gives_a_result_and_a_command(demo_session, undo_stack, data):
    pc = with_hope(demo_session, undo_stack, aria(demo_session), 3)
    form = form_of(demo_session, pc, data.draw(st.sampled_from(["action", "reaction"])))
    numbers, choices, dice = data.draw(submissions(form))
    thrown = dice or {d.key: d.sides for d in form.dice_for(choices)}
    made = phone_roll(demo_session, pc, form.key, thrown, numbers=numbers, choices=choices,
                      rolled_for_them=dice is None)
    difficulty = data.draw(st.integers(1, 40))
    result = demo_session.system.phone_result(pc, made, difficulty)
    step = demo_session.system.phone_record(demo_session, made, difficulty)
    assert step.result == result and step.command is not None
