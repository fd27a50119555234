"""The Casus Mus clash as the combat flow walks it: every step, its Luck Points, its one undo."""

from __future__ import annotations

import pytest

from encounter_app.rules.casus_mus import Grade, LuckOption, SkillRoll, grade
from encounter_app.services.fight import turns
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.casus_mus.services import turns as cm_turns
from encounter_app.systems.casus_mus.services.clash import (
    DEFAULT_DAMAGE,
    ClashFlow,
    Damage,
    Side,
    SkillCheck,
    weapon_damage,
)
from tests.helpers.systems import SYSTEMS, create_sample


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
    session = EncounterSession(store, create_sample(store, "casus_mus").id, SYSTEMS)
    pip, stoat = session.combatants[0], session.combatants[1]
    attacker = Side(pip.id, pip.name, 62, "Combat", cm_turns.ap_left(pip), cm_turns.lp_left(pip))
    defender = Side(stoat.id, stoat.name, 40, "Evade", cm_turns.ap_left(stoat),
                    cm_turns.lp_left(stoat))
    flow = ClashFlow(attacker, defender)
    with pytest.raises(turns.TurnError, match="not resolved"):
        flow.command(session)
    flow.attack(roll(71, 62))
    flow.own_luck(attacker, LuckOption.FLIP)
    flow.react(roll(12, 40))
    with pytest.raises(turns.TurnError, match="damage first"):  # someone hits: damage is due
        flow.command(session)
    flow.set_damage(Damage("1d6+1", 5, "1d6 (4) + 1 = 5", armour=1))
    undo_stack.push(flow.command(session))
    pip, stoat = session.combatants[0], session.combatants[1]
    assert (cm_turns.ap_left(pip), cm_turns.lp_left(pip)) == (2, 2)  # Hero: 3 AP, 3 LP
    assert (cm_turns.ap_left(stoat), cm_turns.lp_left(stoat)) == (1, 2)
    assert stoat.hp_marked == 4  # 5 rolled, less 1 armour, in the same undo step
    assert weapon_damage(pip) == "1d6+1"  # remembered for Pip's next clash
    log = session.rolls[0]
    assert log.kind == "clash"
    assert log.summary == ("Clash Pip Thistlewhisker → Stoat Cutthroat (success vs success): "
                           "Pip Thistlewhisker hits and picks no Combat Maneuvers. "
                           "5 damage − armour 1 = 4 to Stoat Cutthroat.")
    assert log.detail.splitlines()[0].startswith("Pip Thistlewhisker spends 1 AP: Combat 71")
    undo_stack.undo()
    assert not session.rolls
    assert cm_turns.ap_left(session.combatants[0]) == 3
    assert session.combatants[1].hp_marked == 0
    assert weapon_damage(session.combatants[0]) == DEFAULT_DAMAGE
    undo_stack.redo()
    assert session.rolls[0].summary == log.summary


# -- resolving: Combat Maneuvers before damage, damage less armour -----------------------------


def test_the_hitter_chooses_at_most_the_tables_maneuvers_before_the_damage():
    flow = ClashFlow(*sides())
    flow.attack(roll(5, 62))  # critical
    assert flow.why_not_maneuvers() == "Nobody hits yet."
    flow.decline()  # critical vs Defender Fails: two CMs
    assert flow.maneuvers_allowed() == 2
    assert flow.why_not_maneuvers(("Bash", "Trip Opponent", "Sunder")) == (
        "The table gives 2: choose at most 2.")
    flow.choose_maneuvers(("Bash", "Trip Opponent"))
    flow.set_damage(Damage("1d8", 6, "1d8 (6) = 6", armour=2))
    assert flow.why_not_maneuvers(("Bash",)) == (
        "Combat Maneuvers are chosen before the damage is rolled.")
    assert flow.verdict() == ("Pip hits and picks 2 Combat Maneuvers before rolling damage. "
                              "Combat Maneuvers: Bash, Trip Opponent. "
                              "6 damage − armour 2 = 4 to Stoat.")
    assert flow.events[-2] == "Pip chooses Bash, Trip Opponent"


def test_the_defender_who_wins_strikes_the_attacker():
    flow = ClashFlow(*sides())
    flow.attack(roll(80, 62))  # failure
    flow.react(roll(3, 40))  # critical: defender hits, two CMs
    assert flow.hitter().name == "Stoat" and flow.struck().name == "Pip"
    flow.set_damage(Damage("1d4", 3, "1d4 (3) = 3", armour=5))
    assert flow.damage.taken == 0  # armour stops it all
    assert flow.verdict().endswith("3 damage − armour 5 = 0 to Pip.")


def test_nobody_hits_no_damage_and_the_clash_records_without_it():
    flow = ClashFlow(*sides(lp=(0, 0)))
    flow.attack(roll(80, 62))
    flow.react(roll(77, 40))
    assert flow.why_not_damage() == "Nobody hits: there is no damage."
    assert flow.why_not_record() == ""


def test_after_the_damage_no_luck_point_can_turn_the_clash():
    attacker, defender = sides()
    flow = ClashFlow(attacker, defender)
    flow.attack(roll(23, 62))
    flow.react(roll(88, 40))  # defender fails: Pip hits
    flow.set_damage(Damage("1d6", 2, "1d6 (2) = 2", armour=0))
    assert flow.why_not_own_luck(defender) == "The damage is rolled: the clash is settled."
    assert flow.why_not_force(attacker) == "The damage is rolled: the clash is settled."


def test_a_reroll_that_gives_fewer_maneuvers_clears_the_choice():
    attacker, defender = sides()
    flow = ClashFlow(attacker, defender)
    flow.attack(roll(5, 62))  # critical
    flow.react(roll(60, 40))  # failure: two CMs
    flow.choose_maneuvers(("Bash", "Sunder"))
    flow.force(attacker, roll(30, 40))  # forced reroll: success, one CM
    assert flow.maneuvers_allowed() == 1
    assert flow.maneuvers == ()


# -- a skill roll out of a clash, with the roller's own Luck Point ------------------------------


def test_a_failed_skill_roll_flipped_with_a_luck_point_is_one_undo_step(qtbot, store,
                                                                        undo_stack):
    session = EncounterSession(store, create_sample(store, "casus_mus").id, SYSTEMS)
    pip = session.combatants[0]
    check = SkillCheck(Side(pip.id, pip.name, 45, "Willpower", cm_turns.ap_left(pip),
                            cm_turns.lp_left(pip)))
    assert check.why_not_luck(LuckOption.REROLL) == "Nothing rolled yet."
    check.roll(roll(54, 45), typed=True)
    assert check.why_not_luck(LuckOption.FLIP) == ""
    check.luck(LuckOption.FLIP)
    assert check.side.roll.roll == 45 and check.side.roll.grade == Grade.SUCCESS
    assert check.why_not_luck(LuckOption.REROLL) == (
        "Only a failed roll may be rerolled or flipped.")
    undo_stack.push(check.command(session))
    assert cm_turns.lp_left(session.combatants[0]) == cm_turns.lp_max(pip) - 1
    row = session.rolls[0]
    assert row.kind == "skill"
    assert row.summary == "Pip Thistlewhisker: Willpower 45, success after a Luck Point"
    assert row.detail.splitlines() == [
        "Pip Thistlewhisker rolls Willpower: 54 vs 45%: failure (rolled at the table)",
        "Pip Thistlewhisker spends a Luck Point and flips the digits: 54 → 45 vs 45%: success"]
    undo_stack.undo()
    assert not session.rolls
    assert cm_turns.lp_left(session.combatants[0]) == cm_turns.lp_max(pip)


def test_a_skill_roll_flip_that_changes_nothing_is_refused():
    check = SkillCheck(Side(1, "Pip", 45, "Willpower", ap=2, lp=2))
    check.roll(roll(99, 45))
    assert check.why_not_luck(LuckOption.FLIP) == "Flipping 99 changes nothing: reroll instead."
    assert check.why_not_luck(LuckOption.REROLL) == ""
