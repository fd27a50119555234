"""The adversary rules of the two Daggerheart texts and NOTES.md, with their own examples."""

from __future__ import annotations

from dataclasses import replace

import pytest

from encounter_app.domain import adversaries as rules
from encounter_app.domain.adversaries import Refused, combatant_from
from encounter_app.domain.rows import CombatantRow, Feature, StatBlock
from encounter_app.systems.daggerheart.sample import load_sample_adversaries

SAMPLES = {s.name: s for s in load_sample_adversaries()}

# SRD numbers (no SRD text): the Acid Burrower's thresholds 8/15 and Relentless (3), the Giant
# Mosquitoes' Horde (5/HP) with Horde (1d4+1), the Hydra's Relentless (X).
BURROWER = StatBlock(
    name="Acid Burrower", tier=1, type="Solo", difficulty=14, major=8, severe=15, hp=8,
    stress=3, attack_modifier=3, attack_name="Claws", attack_range="Very Close",
    damage="1d12+2 phy", features=(Feature("Relentless (3)", "Passive", ""),),
)
MOSQUITOES = StatBlock(
    name="Giant Mosquitoes", tier=1, type="Horde (5/HP)", difficulty=10, major=5, severe=9,
    hp=6, stress=3, attack_modifier=-2, attack_name="Proboscis", attack_range="Melee",
    damage="1d8+3 phy", features=(Feature("Horde (1d4+1) - Passive", "Passive", ""),),
)
HYDRA = replace(BURROWER, name="Hydra", features=(Feature("Relentless (X)", "Passive", ""),))


def adversary(stats: StatBlock, cid: int = 1, **changes) -> CombatantRow:
    return replace(combatant_from(stats, f"{stats.name} {cid}"), id=cid, **changes)


PC = CombatantRow(kind="pc", name="Wren", id=90, evasion=12, hp_max=6, stress_max=6)


# -- damage by thresholds -------------------------------------------------------------------


@pytest.mark.parametrize(("damage", "marks", "severity"), [
    (0, 0, "none"), (1, 1, "Minor"), (7, 1, "Minor"), (8, 2, "Major"), (14, 2, "Major"),
    (15, 3, "Severe"), (40, 3, "Severe"),
])
def test_damage_marks_hp_by_the_burrowers_thresholds_8_and_15(damage, marks, severity):
    result = rules.damage_to(adversary(BURROWER), damage)
    assert (result.marks, result.severity, result.defeated) == (marks, severity, False)
    if marks:
        assert result.preview.startswith(f"marks {marks} HP ({severity}")
    else:
        assert result.preview == "0 damage marks no HP"


def test_the_preview_says_which_threshold_was_met():
    assert rules.damage_to(adversary(BURROWER), 8).preview == "marks 2 HP (Major, 8 or more)"
    assert rules.damage_to(adversary(BURROWER), 7).preview == "marks 1 HP (Minor, below 8)"


def test_damage_is_capped_at_the_hp_left_and_says_defeated():
    result = rules.damage_to(adversary(BURROWER, hp_marked=7), 15)
    assert (result.marks, result.defeated) == (1, True)
    assert result.preview == "marks 1 HP (Severe, 15 or more; only 1 HP left) — defeated"
    assert rules.damaged(adversary(BURROWER, hp_marked=7), result).defeated


def test_a_defeated_adversary_takes_no_damage():
    with pytest.raises(Refused, match="already defeated"):
        rules.damage_to(adversary(BURROWER, hp_marked=8), 3)


def test_an_adversary_without_thresholds_is_told_to_use_the_boxes():
    no_thresholds = replace(BURROWER, major=None, severe=None)
    with pytest.raises(Refused, match="no damage thresholds"):
        rules.damage_to(adversary(no_thresholds), 5)


def test_a_major_threshold_without_a_severe_one_marks_two_hp_at_most():
    tiny_ooze = replace(BURROWER, major=4, severe=None)  # the SRD's "4/None"
    assert rules.damage_to(adversary(tiny_ooze), 3).marks == 1
    assert rules.damage_to(adversary(tiny_ooze), 40).preview == "marks 2 HP (Major, 4 or more)"


@pytest.mark.parametrize(("text", "value"), [("12", 12), (" 7 ", 7), ("0", 0), ("+3", 3)])
def test_typed_damage_is_a_whole_number(text, value):
    assert rules.parse_damage(text) == value


@pytest.mark.parametrize(("text", "says"), [
    ("", "Type the damage"), ("abc", "'abc'"), ("1.5", "'1.5'"), ("2d6", "'2d6'"),
    ("-3", "cannot be negative"), ("1000", "at most 999"),
])
def test_bad_typed_damage_says_what_is_wrong(text, says):
    with pytest.raises(Refused, match=says):
        rules.parse_damage(text)


# -- Minion (X) ------------------------------------------------------------------------------


@pytest.mark.parametrize(("damage", "extra"), [(1, 0), (3, 0), (4, 1), (7, 1), (8, 2), (9, 2)])
def test_any_damage_defeats_a_minion_and_every_x_one_more(damage, extra):
    imp = SAMPLES["Cinder Imp"]  # Minion (4), no thresholds
    result = rules.damage_to(adversary(imp), damage)
    assert (result.marks, result.defeated, result.extra_minions) == (1, True, extra)
    assert result.severity == "Minion"


def test_zero_damage_leaves_a_minion_standing():
    result = rules.damage_to(adversary(SAMPLES["Cinder Imp"]), 0)
    assert (result.marks, result.defeated) == (0, False)


def test_a_minion_type_without_minion_x_defeats_no_others():
    bare = replace(SAMPLES["Cinder Imp"], features=())
    result = rules.damage_to(adversary(bare), 12)
    assert (result.defeated, result.extra_minions) == (True, 0)
    assert "more" not in result.preview


def test_extra_minions_are_picked_among_other_minions_still_standing():
    imp = SAMPLES["Cinder Imp"]
    hit, other, down = adversary(imp, 1), adversary(imp, 2), adversary(imp, 3, hp_marked=1)
    sentry = adversary(SAMPLES["Ashen Sentry"], 4)
    assert rules.minion_candidates([hit, other, down, sentry, PC], hit) == [other]


def test_picking_more_minions_than_the_damage_allows_is_refused():
    imp = SAMPLES["Cinder Imp"]
    hit, others = adversary(imp, 1), [adversary(imp, i) for i in (2, 3, 4)]
    damage = rules.damage_to(hit, 9)  # 2 more
    rules.check_minion_picks(damage, hit, others[:2], others)
    rules.check_minion_picks(damage, hit, [], others)  # fewer is fine
    with pytest.raises(Refused, match="defeats 2 more Minions, not 3"):
        rules.check_minion_picks(damage, hit, others, others)
    sentry = adversary(SAMPLES["Ashen Sentry"], 5)
    with pytest.raises(Refused, match="not another Minion"):
        rules.check_minion_picks(damage, hit, [sentry], others)


# -- Horde (dice) -----------------------------------------------------------------------------


@pytest.mark.parametrize(("marked", "damage"), [
    (0, "2d6+2 phy"), (2, "2d6+2 phy"), (3, "1d6+1 phy"), (5, "1d6+1 phy"),
])
def test_the_swarm_attacks_with_its_horde_dice_from_half_its_hp(marked, damage):
    swarm = adversary(SAMPLES["Lanternfly Swarm"], hp_marked=marked)  # HP 5: half is 2.5
    assert rules.attack_damage(swarm)[0] == damage
    assert rules.current_stats(swarm).damage == damage


def test_the_mosquitoes_switch_at_exactly_half_and_say_why():
    assert rules.attack_damage(adversary(MOSQUITOES, hp_marked=2)) == ("1d8+3 phy", None)
    damage, why = rules.attack_damage(adversary(MOSQUITOES, hp_marked=3))
    assert damage == "1d4+1 phy"  # the standard attack's damage type carries over
    assert why == ("Horde: 3/6 HP marked (half or more), so the attack deals 1d4+1 phy "
                   "instead of 1d8+3 phy")


def test_horde_dice_that_are_not_dice_leave_the_standard_attack():
    broken = replace(MOSQUITOES, features=(Feature("Horde (lots)", "Passive", ""),))
    assert rules.attack_damage(adversary(broken, hp_marked=6)) == ("1d8+3 phy", None)


# -- reading the stat block ----------------------------------------------------------------


def test_traits_read_from_the_samples():
    assert rules.traits(SAMPLES["Cinder Imp"]).minion_x == 4
    assert rules.traits(SAMPLES["Lanternfly Swarm"]).horde_dice == "1d6+1"
    assert rules.traits(SAMPLES["Mire Widow"]).relentless == 2
    assert rules.traits(SAMPLES["Mossback Golem"]).slow
    sentry = rules.traits(SAMPLES["Ashen Sentry"])
    assert not (sentry.minion or sentry.slow or sentry.horde_dice or sentry.relentless)
    assert sentry.spotlight_limit == 1


def test_slow_firing_is_not_slow_and_relentless_x_has_no_limit():
    turret = replace(BURROWER, features=(Feature("Slow Firing", "Passive", ""),))
    assert not rules.traits(turret).slow
    hydra = rules.traits(HYDRA)
    assert (hydra.relentless, hydra.relentless_label, hydra.spotlight_limit) == (None, "X", None)


# -- Stress -------------------------------------------------------------------------------


def test_marking_stress_fills_the_track():
    change = rules.mark_stress(adversary(BURROWER, stress_marked=1))
    assert (change.row.stress_marked, change.row.hp_marked) == (2, 0)
    assert change.message == "Acid Burrower 1 marks 1 Stress (2/3)."


def test_stress_it_does_not_have_is_marked_as_hp_instead():
    change = rules.mark_stress(adversary(BURROWER, stress_marked=3, hp_marked=2))
    assert (change.row.stress_marked, change.row.hp_marked) == (3, 3)
    assert "no Stress left to mark (3/3), so it marks 1 HP instead (3/8)" in change.message
    split = rules.mark_stress(adversary(BURROWER, stress_marked=2), 2)
    assert (split.row.stress_marked, split.row.hp_marked) == (3, 1)


def test_stress_overflow_on_the_last_hp_defeats():
    change = rules.mark_stress(adversary(BURROWER, stress_marked=3, hp_marked=7))
    assert change.row.defeated and change.message.endswith("— defeated.")
    with pytest.raises(Refused, match="defeated"):
        rules.mark_stress(change.row)


def test_clearing_stress_needs_some_marked():
    assert rules.clear_stress(adversary(BURROWER, stress_marked=2)).row.stress_marked == 1
    with pytest.raises(Refused, match="no Stress marked"):
        rules.clear_stress(adversary(BURROWER))


# -- conditions ---------------------------------------------------------------------------


def test_conditions_standard_and_custom():
    row = rules.with_condition(adversary(BURROWER), "vulnerable").row
    assert row.conditions == ("Vulnerable",)
    row = rules.with_condition(row, "  On   fire ").row
    assert row.conditions == ("Vulnerable", "On fire")
    with pytest.raises(Refused, match="already Vulnerable"):
        rules.with_condition(row, "VULNERABLE")
    with pytest.raises(Refused, match="already On fire"):
        rules.with_condition(row, "on fire")
    assert rules.without_condition(row, "Vulnerable").row.conditions == ("On fire",)
    with pytest.raises(Refused, match="is not Hidden"):
        rules.without_condition(row, "Hidden")


@pytest.mark.parametrize(("text", "says"), [("   ", "Type the condition"),
                                            ("x" * 31, "at most 30 characters")])
def test_bad_condition_names_are_refused(text, says):
    with pytest.raises(Refused, match=says):
        rules.with_condition(adversary(BURROWER), text)


# -- Slow and spotlights --------------------------------------------------------------------


def test_slow_tokens_go_on_slow_adversaries_only_one_at_a_time():
    golem = adversary(SAMPLES["Mossback Golem"])
    assert rules.slow_text(golem) == "Slow: needs a token to act"
    with_token = rules.slow_tokens(golem, +1).row
    assert with_token.slow_tokens == 1
    assert rules.slow_text(with_token) == "Slow: has its token, can act"
    with pytest.raises(Refused, match="one is all Slow needs"):
        rules.slow_tokens(with_token, +1)
    with pytest.raises(Refused, match="no Slow token"):
        rules.slow_tokens(golem, -1)
    with pytest.raises(Refused, match="not Slow"):
        rules.slow_tokens(adversary(BURROWER), +1)
    assert rules.slow_text(adversary(BURROWER)) is None


def test_spotlighting_a_slow_adversary_without_a_token_only_places_one():
    golem = adversary(SAMPLES["Mossback Golem"])
    first = rules.spotlight(golem)
    assert (first.acts, first.row.slow_tokens, first.row.spotlights) == (False, 1, 1)
    assert "cannot act yet" in first.message
    again = rules.spotlight(replace(first.row, spotlights=0))  # next GM turn
    assert (again.acts, again.row.slow_tokens) == (True, 0)
    assert "clears its Slow token and acts" in again.message


def test_relentless_2_allows_two_spotlights_per_gm_turn():
    widow = adversary(SAMPLES["Mire Widow"])
    assert rules.spotlight_text(widow) == "Spotlights 0/2"
    once = rules.spotlight(widow)
    twice = rules.spotlight(once.row)
    assert twice.row.spotlights == 2 and twice.message.endswith("Spotlights 2/2.")
    with pytest.raises(Refused, match=r"2 times this GM turn, as many as Relentless \(2\)"):
        rules.spotlight(twice.row)
    fresh = rules.reset_spotlights([twice.row, widow])
    assert [r.spotlights for r in fresh] == [0]  # only the row that needed it


def test_an_adversary_without_relentless_takes_the_spotlight_once_per_gm_turn():
    sentry = adversary(SAMPLES["Ashen Sentry"])
    assert rules.spotlight_text(sentry) is None
    once = rules.spotlight(sentry)
    assert rules.spotlight_text(once.row) == "Spotlights 1/1"
    with pytest.raises(Refused, match="already had the spotlight this GM turn"):
        rules.spotlight(once.row)


def test_relentless_x_is_counted_but_not_capped():
    row = adversary(HYDRA)
    for _ in range(5):
        row = rules.spotlight(row).row
    assert rules.spotlight_text(row) == "Spotlights 5/X"


def test_defeated_adversaries_and_pcs_take_no_adversary_spotlight():
    with pytest.raises(Refused, match="defeated"):
        rules.spotlight(adversary(BURROWER, hp_marked=8))
    with pytest.raises(Refused, match="not an adversary"):
        rules.spotlight(PC)


def test_the_spotlight_goes_back_to_the_next_pc_in_the_order():
    a, b = replace(PC, id=1, name="A"), replace(PC, id=3, name="B")
    foe = adversary(BURROWER, 2)
    order = [a, foe, b]
    assert rules.players_turn(order, 2, 1) == (3, 1)
    assert rules.players_turn(order, 3, 1) == (1, 2)  # past the end: next round
    assert rules.players_turn(order, None, 1) == (1, 1)
    assert rules.players_turn([foe], 2, 1) == (None, 1)
