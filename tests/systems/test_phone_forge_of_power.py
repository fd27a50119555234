"""Forge of Power from a player's phone (issue 31): d20 + bonus against the GM's DC in levels of
success (forge-of-power-basic-rules.txt: DC + 10 a Critical Success, DC - 11 a Critical Failure,
a natural 20 one level up and a 1 one down; advantage keeps the higher of two d20, disadvantage
the lower), recorded as the GM's die roll is."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.forge_of_power.requests import CheckLine
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
    return EncounterSession(store, create_sample(store, "forge_of_power", seed=1).id, SYSTEMS)


def kestrel(session):
    row = next(c for c in session.combatants if c.kind == "pc")
    assert row.name == "Kestrel Ashby"  # Strength 2, Agility 4, Intellect 1, 24 HP
    return row


def die_roll(session, row, attribute, *d20s, bonus=0, advantage="none",
             rolled_for_them=False):
    dice = {"d20": d20s[0]} | ({"second": d20s[1]} if len(d20s) > 1 else {})
    made = phone_roll(session, row, "check", dice, numbers={"bonus": bonus},
                      choices={"attribute": attribute, "advantage": advantage},
                      rolled_for_them=rolled_for_them)
    return checked(session, row, made)


def test_the_form_names_the_d20_and_the_second_one_only_with_advantage(session):
    (form,) = session.system.phone_forms(kestrel(session))
    assert (form.key, form.title, form.gm_sets, form.gm_default) == (
        "check", "Die roll", "DC", 15)  # the text's Average
    assert form.dice_words.startswith("d20")
    assert form.expression({"advantage": "none"}) == "1d20"
    assert form.expression({"advantage": "advantage"}) == "1d20+1d20"
    attributes = dict(form.choices[0].options)
    assert attributes["agility"] == "Agility +4" and "none" in attributes


@pytest.mark.parametrize(("attribute", "d20s", "extra", "dc", "total", "text"), [
    ("agility", (11,), {}, 15, 15, "Success"),  # DC + 0
    ("agility", (10,), {}, 15, 14, "Failure"),  # DC - 1
    ("agility", (16,), {}, 10, 20, "Critical Success"),  # DC + 10
    ("strength", (2,), {}, 15, 4, "Critical Failure"),  # DC - 11
    ("strength", (20,), {}, 25, 22, "Success"),  # a Failure, one level up for the natural 20
    ("strength", (1,), {}, 2, 3, "Failure"),  # a Success, one level down for the natural 1
    ("agility", (3, 12), {"advantage": "advantage"}, 15, 16, "Success"),  # keeps 12
    ("agility", (3, 12), {"advantage": "disadvantage"}, 15, 7, "Failure"),  # keeps 3
    ("none", (10,), {"bonus": 5}, 15, 15, "Success"),
    ("intellect", (11,), {"bonus": 3}, 15, 15, "Success"),
])
def test_a_die_roll_is_graded_in_the_texts_levels(session, attribute, d20s, extra, dc, total,
                                                   text):
    row = kestrel(session)
    result = session.system.phone_result(row, die_roll(session, row, attribute, *d20s, **extra),
                                         dc)
    assert (result.total, result.text) == (total, text)
    assert "DC" not in result.dice


def test_an_accepted_roll_is_the_gm_die_roll_in_the_log_and_one_undo_step(session,
                                                                          undo_stack):
    row = kestrel(session)
    before = snapshot(session)
    made = die_roll(session, row, "agility", 3, 12, advantage="advantage")
    result = session.system.phone_result(row, made, 15)
    step = accept(session, undo_stack, made, 15)
    assert step.result == result
    logged = newest(session, "fop_check")
    line = session.system.read_roll(logged)
    assert isinstance(line, CheckLine)
    assert (line.request.actor, line.request.bonus, line.request.dc, line.request.label,
            line.request.advantage) == (row.name, 4, 15, "Agility check", True)
    assert (line.result.d20s, line.result.total) == ((3, 12), 16)
    assert logged.summary == f"{row.name}: Agility check 16 vs DC 15, Success"
    assert logged.detail == "2d20 advantage (3, 12: keeps 12) + 4 = 16 (rolled at the table)"
    assert session.system.roll_words(logged, sight(session)) == (
        f"{row.name}: Agility check {result.total}, {result.text}")
    assert session.combatants.by_id(row.id) == row  # a check marks nobody
    undo_stack.undo()
    assert snapshot(session) == before
    undo_stack.redo()
    assert newest(session, "fop_check").summary == logged.summary


def test_d20s_rolled_for_the_player_are_not_said_to_be_rolled_at_the_table(session,
                                                                          undo_stack):
    row = kestrel(session)
    accept(session, undo_stack, die_roll(session, row, "none", 20, bonus=-2,
                                         rolled_for_them=True), 30)
    logged = newest(session, "fop_check")
    assert logged.summary == f"{row.name}: Check 18 vs DC 30, Failure"  # a CF, one level up
    assert logged.detail == "d20 (20) - 2 = 18; natural 20: one level up"


def test_the_phone_shows_the_pcs_hp(session):
    assert session.system.phone_sheet(kestrel(session)) == (("HP", "24 of 24 left"),)


def test_a_pc_no_longer_in_the_fight_cannot_roll(session, undo_stack):
    made = die_roll(session, kestrel(session), "agility", 11)
    graded_without_its_pc(session, undo_stack, made, 15)


@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_roll_the_form_takes_gives_a_result_and_a_command(session, data):
    row = kestrel(session)
    form = form_of(session, row, "check")
    numbers, choices, dice = data.draw(submissions(form))
    thrown = dice or {die.key: 10 for die in form.dice_for(choices)}
    made = phone_roll(session, row, "check", thrown, numbers=numbers, choices=choices,
                      rolled_for_them=dice is None)
    dc = data.draw(st.integers(0, 60))
    step = session.system.phone_record(session, made, dc)
    assert step.result == session.system.phone_result(row, made, dc)
