"""Ruins & Raiders from a player's phone (issue 31): 2d6 + one of the PC's traits against the
GM's challenge level, graded by the text's rules (ruins-and-raiders-conflict.txt, rules/NOTES.md:
a natural 2 always fails, a natural 12 always succeeds, a tie succeeds) and recorded as the GM's
trait check is, with the action it uses."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.domain.adversaries import Refused
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.services.fight.commands import UpdateCombatant
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.ruins_and_raiders.requests import TraitLine
from encounter_app.systems.ruins_and_raiders.state import state_of, with_state
from tests.helpers.phones import (
    accept,
    checked,
    form_of,
    graded_without_its_pc,
    newest,
    phone_roll,
    sight,
    snapshot,
    submissions,
)
from tests.helpers.systems import SYSTEMS, create_sample


@pytest.fixture
def session(qtbot, store):
    return EncounterSession(store, create_sample(store, "ruins_and_raiders", seed=1).id,
                            SYSTEMS)


def hedda(session):
    row = next(c for c in session.combatants if c.kind == "pc")
    assert row.name == "Hedda Stonefist"  # Warrior 4, Perception 2, Defiance 1, 14 Wounds
    return row


def with_round(session, undo_stack, row, **state):
    undo_stack.push(UpdateCombatant(session, with_state(row, replace(state_of(row), **state)),
                                    "set"))
    return session.combatants.by_id(row.id)


def trait_check(session, row, trait, first, second, *, action="yes", rolled_for_them=False):
    made = phone_roll(session, row, "trait", {"first": first, "second": second},
                      choices={"trait": trait, "action": action},
                      rolled_for_them=rolled_for_them)
    return checked(session, row, made)


def test_the_form_names_the_2d6_and_offers_the_pcs_own_traits(session):
    (form,) = session.system.phone_forms(hedda(session))
    assert (form.key, form.title) == ("trait", "Trait check")
    assert (form.gm_sets, form.gm_default) == ("Challenge level", 12)  # the text's Moderate
    assert form.dice_words.startswith("2d6") and form.expression({}) == "1d6+1d6"
    traits = dict(form.choices[0].options)
    assert traits["warrior"] == "Warrior +4" and traits["defiance"] == "Defiance +1"
    assert form.choices[1].values == ("yes", "no")


@pytest.mark.parametrize(("trait", "dice", "challenge", "total", "text"), [
    ("warrior", (5, 6), 12, 15, "success"),
    ("warrior", (4, 4), 12, 12, "success"),  # a total equal to the challenge level succeeds
    ("warrior", (3, 4), 12, 11, "failure"),
    ("warrior", (1, 1), 6, 6, "failure"),  # a natural 2 always fails
    ("defiance", (6, 6), 21, 13, "success"),  # a natural 12 always succeeds
    ("athlete", (2, 3), rr.jump_challenge(2), 7, "failure"),  # a jump of 2 spaces: 8
])
def test_a_check_is_graded_by_the_text(session, trait, dice, challenge, total, text):
    row = hedda(session)
    result = session.system.phone_result(row, trait_check(session, row, trait, *dice),
                                         challenge)
    assert (result.total, result.text) == (total, text)
    assert result.dice.startswith(f"2d6 ({dice[0]}, {dice[1]}) + ")
    assert "mox" not in result.text + result.dice  # the challenge level stays the GM's


def test_an_accepted_check_is_the_gm_trait_check_with_its_action(session, undo_stack):
    row = hedda(session)
    before = snapshot(session)
    made = trait_check(session, row, "warrior", 5, 6)
    result = session.system.phone_result(row, made, 12)
    step = accept(session, undo_stack, made, 12)
    assert step.result == result
    logged = newest(session, "trait")
    line = session.system.read_roll(logged)
    assert isinstance(line, TraitLine)
    assert (line.request.actor, line.request.trait, line.request.challenge,
            line.request.trait_name, line.result.total) == (row.name, 4, 12, "Warrior", 15)
    assert logged.summary == f"{row.name}: Warrior check 15, success, mox 3"
    assert logged.detail == ("2d6 (5, 6) + 4 Warrior = 15 vs challenge 12 (Moderate 12) "
                             "(rolled at the table)")
    assert session.system.roll_words(logged, sight(session)) == (
        f"{row.name}: Warrior check {result.total}, {result.text}")
    assert state_of(session.combatants.by_id(row.id)).actions == 1
    undo_stack.undo()
    assert snapshot(session) == before
    undo_stack.redo()
    assert state_of(session.combatants.by_id(row.id)).actions == 1


def test_a_check_that_takes_no_action_leaves_the_actions(session, undo_stack):
    row = hedda(session)
    accept(session, undo_stack, trait_check(session, row, "fortitude", 2, 2, action="no",
                                            rolled_for_them=True), 9)
    assert state_of(session.combatants.by_id(row.id)).actions == 2
    assert newest(session, "trait").detail == (
        "2d6 (2, 2) + 3 Fortitude = 7 vs challenge 9 (Fair 9)")


def test_a_check_that_needs_an_action_none_is_left_for_is_refused(session, undo_stack):
    row = with_round(session, undo_stack, hedda(session), actions=0)
    before, steps = snapshot(session), undo_stack.count()
    made = trait_check(session, row, "warrior", 5, 6)
    with pytest.raises(Refused, match=re.escape(f"{row.name} has no actions left this round")):
        session.system.phone_record(session, made, 12)
    assert snapshot(session) == before and undo_stack.count() == steps


def test_a_look_given_up_adds_to_a_perception_check_and_is_used_up(session, undo_stack):
    row = with_round(session, undo_stack, hedda(session), actions=1,
                     sacrificed=(rr.Sacrifice.LOOK,))
    assert dict(session.system.phone_sheet(row)) == {
        "Wounds": "0 of 14 taken", "Actions left": "1 of 2 this round",
        "Actions given up": "Look +3 Perception"}
    made = trait_check(session, row, "perception", 3, 4)  # 7 + 2 + 3 = 12
    step = accept(session, undo_stack, made, 12)
    assert (step.result.total, step.result.text) == (12, "success")
    assert newest(session, "trait").summary == (
        f"{row.name}: Perception +3 Look check 12, success, mox 0")
    now = state_of(session.combatants.by_id(row.id))
    assert now.sacrificed == () and now.actions == 0


def test_a_pc_no_longer_in_the_fight_cannot_be_checked(session, undo_stack):
    made = trait_check(session, hedda(session), "warrior", 5, 6)
    graded_without_its_pc(session, undo_stack, made, 12)


@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_check_the_form_takes_gives_a_result_and_a_command(session, data):
    row = hedda(session)
    form = form_of(session, row, "trait")
    numbers, choices, dice = data.draw(submissions(form))
    made = phone_roll(session, row, "trait", dice or {"first": 3, "second": 5},
                      numbers=numbers, choices=choices, rolled_for_them=dice is None)
    challenge = data.draw(st.integers(0, 30))
    step = session.system.phone_record(session, made, challenge)
    assert step.result == session.system.phone_result(row, made, challenge)
