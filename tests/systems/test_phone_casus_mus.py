"""Casus Mus from a player's phone (issue 31): a d100 skill roll against the PC's own skill %,
graded by the text's rules (rules/NOTES.md: at or under the skill succeeds, a tenth of it rounded
up is a critical, 99 and 00 fumble) and recorded as the GM's skill roll is."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.casus_mus.requests import SkillLine
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
    return EncounterSession(store, create_sample(store, "casus_mus", seed=1).id, SYSTEMS)


def pip(session):
    row = next(c for c in session.combatants if c.kind == "pc")
    assert row.name == "Pip Thistlewhisker"  # Combat 62%, Evade 55%, Willpower 48%
    return row


def skill_roll(session, row, skill: str, value: int, *, rolled_for_them=False):
    made = phone_roll(session, row, "skill", {"d100": value}, choices={"skill": skill},
                      rolled_for_them=rolled_for_them)
    return checked(session, row, made)


def test_the_form_names_the_d100_and_offers_the_pcs_own_skills(session):
    form, clash = session.system.phone_forms(pip(session))
    assert (clash.key, clash.dice, clash.choices, clash.gm_sets) == ("clash", form.dice, (), "")
    assert (form.key, form.title, form.gm_sets) == ("skill", "Skill roll", "")
    assert "d100" in form.dice_words and "tens" in form.dice_words and "00 is 100" in (
        form.dice_words)
    assert [(d.key, d.sides) for d in form.dice] == [("d100", 100)]
    assert form.expression({}) == "1d100"
    assert form.choices[0].options == (
        ("combat", "Combat skill 62%"), ("evade", "Evade 55%"), ("willpower", "Willpower 48%"),
        ("endurance", "Endurance 40%"))


@pytest.mark.parametrize(("skill", "d100", "text"), [
    ("combat", 7, "critical"),  # at or under a tenth of 62, rounded up: 7
    ("combat", 8, "success"),
    ("combat", 62, "success"),  # at or under the skill
    ("combat", 63, "failure"),
    ("evade", 3, "critical"),  # a tenth of 55, rounded up: 6
    ("willpower", 49, "failure"),
    ("willpower", 99, "fumble"),  # 99 or 00 fumbles below a skill of 100
    ("endurance", 100, "fumble"),  # 00
    ("endurance", 96, "failure"),
])
def test_a_skill_roll_is_graded_against_the_pcs_own_skill(session, skill, d100, text):
    row = pip(session)
    result = session.system.phone_result(row, skill_roll(session, row, skill, d100), 0)
    assert (result.total, result.text) == (d100, text)


def test_an_accepted_skill_roll_is_the_gm_skill_roll_in_the_log_and_one_undo_step(
        session, undo_stack):
    row = pip(session)
    before = snapshot(session)
    made = skill_roll(session, row, "combat", 7)
    result = session.system.phone_result(row, made, 0)
    step = accept(session, undo_stack, made, 0)
    assert step.result == result
    logged = newest(session, "skill")
    line = session.system.read_roll(logged)
    assert isinstance(line, SkillLine)
    assert (line.request.actor, line.request.skill, line.request.skill_name) == (
        row.name, 62, "Combat skill")
    assert (line.result.roll, line.result.grade.name) == (7, "CRITICAL")
    assert logged.summary == f"{row.name}: Combat skill 07, critical"
    assert logged.detail == (f"{row.name} rolls Combat skill: 07 vs 62%: critical "
                             "(rolled at the table)")
    assert session.system.roll_words(logged, sight(session)) == (
        f"{row.name}: Combat skill 07, {result.text}")
    assert step.said == (logged.detail,)
    undo_stack.undo()
    assert snapshot(session) == before
    undo_stack.redo()
    assert newest(session, "skill").summary == logged.summary


def test_a_d100_rolled_for_the_player_is_not_said_to_be_rolled_at_the_table(session,
                                                                            undo_stack):
    row = pip(session)
    accept(session, undo_stack, skill_roll(session, row, "evade", 100, rolled_for_them=True), 0)
    logged = newest(session, "skill")
    assert logged.summary == f"{row.name}: Evade 00, fumble"
    assert "at the table" not in logged.detail


def test_a_pc_no_longer_in_the_fight_cannot_be_graded(session, undo_stack):
    """Its % is its row's: the preview says so, and recording it is refused, saying so."""
    made = skill_roll(session, pip(session), "combat", 30)
    graded_without_its_pc(session, undo_stack, made, 0)


def test_the_phone_shows_hp_action_and_luck_points(session):
    assert session.system.phone_sheet(pip(session)) == (
        ("HP", "13 of 13 left"), ("Action Points", "3 of 3 this round"),
        ("Luck Points", "3 of 3"))


@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_roll_the_form_takes_gives_a_result_and_a_command(session, data):
    row = pip(session)
    form = form_of(session, row, "skill")
    numbers, choices, dice = data.draw(submissions(form))
    made = phone_roll(session, row, "skill", dice or {"d100": 50}, numbers=numbers,
                      choices=choices, rolled_for_them=dice is None)
    step = session.system.phone_record(session, made, 0)
    assert step.result == session.system.phone_result(row, made, 0)
