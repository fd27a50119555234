"""The Casus Mus clash as the combat flow walks it: every step, its Luck Points, its one undo."""

from __future__ import annotations

import pytest

from encounter_app.demo import create_sample
from encounter_app.rules.casus_mus import Grade, LuckOption, SkillRoll, grade
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.systems import turns
from encounter_app.services.systems.clash import ClashFlow, Side


def roll(value: int, skill: int) -> SkillRoll:
    return SkillRoll(value, skill, grade(value, skill))


def sides(ap=(2, 2), lp=(2, 2)) -> tuple[Side, Side]:
    return (Side(1, "Pip", 62, "Combat", ap=ap[0], lp=lp[0]),
            Side(2, "Stoat", 40, "Evade", ap=ap[1], lp=lp[1]))


def test_not_reacting_counts_as_defender_fails():
    flow = ClashFlow(*sides())
    flow.attack(roll(23, 62))  # success
    flow.decline()
    assert flow.result().hitter == "attacker" and flow.result().maneuvers == 1
    assert flow.verdict() == "Pip hits and picks 1 Combat Maneuver before rolling damage."


def test_same_grade_the_higher_roll_hits():
    flow = ClashFlow(*sides())
    flow.attack(roll(23, 62))
    flow.react(roll(31, 40))  # both succeed: 31 beats 23
    assert flow.verdict() == "Stoat hits and picks no Combat Maneuvers."


def test_both_fail_nobody_hits():
    flow = ClashFlow(*sides(lp=(0, 0)))
    flow.attack(roll(80, 62))
    flow.react(roll(77, 40))
    assert flow.result().hitter is None
    assert flow.verdict() == "Both fail: nobody hits."


def test_attacker_flips_a_failed_roll_with_a_luck_point():
    attacker, defender = sides()
    flow = ClashFlow(attacker, defender)
    flow.attack(roll(71, 62))
    assert flow.why_not_own_luck(attacker) == ""
    flow.own_luck(attacker, LuckOption.FLIP)
    assert attacker.roll.roll == 17 and attacker.roll.grade == Grade.SUCCESS
    assert attacker.lp_left == 1
    assert flow.why_not_own_luck(attacker) == "Only a failed roll may be rerolled or flipped."
    assert "spends a Luck Point and flips the digits: 71 → 17 vs 62%: success" in flow.events[-1]


@pytest.mark.parametrize("value", [99, 100, 88, 77])
def test_a_flip_that_changes_nothing_is_not_offered_and_costs_nothing(value):
    """99, 00 and the doubles read the same flipped: a reroll is still open."""
    attacker, defender = sides()
    flow = ClashFlow(attacker, defender)
    flow.attack(roll(value, 62))  # a failure (99 and 00 fumble)
    assert flow.why_not_flip(attacker).endswith("changes nothing: reroll instead.")
    assert flow.why_not_own_luck(attacker) == ""  # the reroll
    with pytest.raises(turns.TurnError, match="changes nothing"):
        flow.own_luck(attacker, LuckOption.FLIP)
    assert attacker.lp_left == 2 and attacker.roll.roll == value


def test_defender_forces_the_attacker_to_reroll_before_reacting():
    attacker, defender = sides()
    flow = ClashFlow(attacker, defender)
    flow.attack(roll(5, 62))  # critical
    flow.force(defender, roll(90, 62))
    assert attacker.roll.grade == Grade.FAILURE and defender.lp_left == 1
    assert flow.why_not_force(defender) == "That roll was already forced to be rerolled."
    flow.react(roll(35, 40))
    assert flow.why_not_force(defender) != ""
    assert flow.result().hitter == "defender" and flow.result().maneuvers == 1


def test_attacker_forces_the_defender_then_the_defender_rerolls_its_failure():
    attacker, defender = sides()
    flow = ClashFlow(attacker, defender)
    flow.attack(roll(50, 62))
    flow.react(roll(2, 40))  # critical
    flow.force(attacker, roll(66, 40))  # now a failure
    assert flow.why_not_own_luck(defender) == ""
    flow.own_luck(defender, LuckOption.REROLL, roll(39, 40))
    assert defender.lp_left == 1 and attacker.lp_left == 1
    assert flow.verdict() == "Pip hits and picks no Combat Maneuvers."  # 50 beats 39


def test_the_attacker_cannot_force_a_reroll_after_the_defenders_own_luck_point():
    """The text's order is 5, 5.1, 6: once the defender has flipped a failure (6), forcing
    a reroll (5.1) is past, or the defender's one Luck Point on its own roll would be lost."""
    attacker, defender = sides()
    flow = ClashFlow(attacker, defender)
    flow.attack(roll(50, 62))
    flow.react(roll(91, 40))  # a failure
    flow.own_luck(defender, LuckOption.FLIP)  # 19: a success
    assert defender.roll.roll == 19
    assert "step 5.1 before 6" in flow.why_not_force(attacker)
    with pytest.raises(turns.TurnError, match=r"5\.1 before 6"):
        flow.force(attacker, roll(80, 40))
    assert defender.roll.roll == 19 and attacker.lp_left == 2


def test_steps_out_of_order_say_why():
    flow = ClashFlow(*sides(ap=(0, 0), lp=(0, 0)))
    assert flow.why_not_attack() == "Pip has no Action Points left this round."
    flow = ClashFlow(*sides(ap=(1, 0), lp=(0, 0)))
    assert flow.why_not_react() == "The attacker has not rolled."
    flow.attack(roll(70, 62))
    assert flow.why_not_own_luck(flow.attacker) == "Pip has no Luck Points left."
    assert flow.why_not_react() == "Stoat has no Action Points left: it cannot react."
    with pytest.raises(turns.TurnError):
        flow.react(roll(1, 40))
    flow.decline()
    assert flow.why_not_own_luck(flow.attacker) == \
        "The defender has already decided how to react."
    with pytest.raises(turns.TurnError, match="itself"):
        ClashFlow(Side(1, "A", 50, "Combat", 2, 2), Side(1, "A", 50, "Combat", 2, 2))


def test_the_clash_is_one_undo_step_that_spends_ap_and_lp(qtbot, store, undo_stack):
    session = EncounterSession(store, create_sample(store, "casus_mus").id)
    pip, stoat = session.combatants[0], session.combatants[1]
    attacker = Side(pip.id, pip.name, 62, "Combat", turns.ap_left(pip), turns.lp_left(pip))
    defender = Side(stoat.id, stoat.name, 40, "Evade", turns.ap_left(stoat),
                    turns.lp_left(stoat))
    flow = ClashFlow(attacker, defender)
    with pytest.raises(turns.TurnError, match="not resolved"):
        flow.command(session)
    flow.attack(roll(71, 62))
    flow.own_luck(attacker, LuckOption.FLIP)
    flow.react(roll(12, 40))
    undo_stack.push(flow.command(session))
    pip, stoat = session.combatants[0], session.combatants[1]
    assert (turns.ap_left(pip), turns.lp_left(pip)) == (2, 2)  # Hero: 3 AP, 3 LP
    assert (turns.ap_left(stoat), turns.lp_left(stoat)) == (1, 2)
    log = session.rolls[0]
    assert log.kind == "clash"
    assert log.summary == ("Clash Pip Thistlewhisker → Stoat Cutthroat (success vs success): "
                           "Pip Thistlewhisker hits and picks no Combat Maneuvers.")
    assert log.detail.splitlines()[0].startswith("Pip Thistlewhisker spends 1 AP: Combat 71")
    undo_stack.undo()
    assert not session.rolls
    assert turns.ap_left(session.combatants[0]) == 3
    undo_stack.redo()
    assert session.rolls[0].summary == log.summary
