"""Ruins & Raiders rules: trait checks, mox, and every number the conflict chapter gives."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.rules.ruins_and_raiders import (
    Attack,
    Range,
    TraitCheck,
    adversary_initiative,
    check,
    extra_time_bonus,
    jump_challenge,
    momentum_damage,
)
from tests.helpers.scripted import Scripted


class Constant:
    """Every die shows ``value``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def randint(self, a: int, b: int) -> int:
        return self.value


# --- trait check ------------------------------------------------------------------------------


def test_check_draws_two_d6_in_order() -> None:
    rng = Scripted(4, 2)
    result = check(3, 9, rng)
    assert rng.calls == [(1, 6), (1, 6)]
    assert result == TraitCheck(dice=(4, 2), natural=6, total=9, mox=0, success=True)


@pytest.mark.parametrize(
    ("dice", "trait", "challenge", "natural", "total", "mox", "success"),
    [
        ((5, 4), 2, 9, 9, 11, 2, True),
        ((3, 3), 2, 9, 6, 8, -1, False),
        ((3, 4), 2, 9, 7, 9, 0, True),  # equal: success with mox 0 (interpretation)
        ((1, 1), 10, 9, 2, 12, 3, False),  # natural 2 always fails
        ((1, 1), 0, 3, 2, 2, -1, False),
        ((6, 6), 0, 21, 12, 12, 1, True),  # natural 12 always succeeds, mox at least 1
        ((6, 6), 0, 12, 12, 12, 1, True),  # mox 0 raised to 1
        ((6, 6), 4, 9, 12, 16, 7, True),  # mox already above 1 stays
        ((6, 5), -3, 9, 11, 8, -1, False),  # 11 is no automatic success
    ],
)
def test_check_cases(
    dice: tuple[int, int],
    trait: int,
    challenge: int,
    natural: int,
    total: int,
    mox: int,
    success: bool,
) -> None:
    result = check(trait, challenge, Scripted(*dice))
    assert result == TraitCheck(dice=dice, natural=natural, total=total, mox=mox, success=success)


@given(
    d1=st.integers(1, 6),
    d2=st.integers(1, 6),
    trait=st.integers(-5, 15),
    challenge=st.integers(0, 30),
)
def test_check_properties(d1: int, d2: int, trait: int, challenge: int) -> None:
    result = check(trait, challenge, Scripted(d1, d2))
    assert result.natural == d1 + d2
    assert result.total == d1 + d2 + trait
    if result.natural == 12:
        assert result.success
        assert result.mox == max(result.total - challenge, 1)
    elif result.natural == 2:
        assert not result.success
        assert result.mox == result.total - challenge
    else:
        assert result.mox == result.total - challenge
        assert result.success == (result.mox >= 0)


def test_opposed_check_is_against_trait_plus_7() -> None:
    assert rr.opposed_challenge(4) == 11
    result = rr.opposed_check(3, 4, Scripted(5, 3))
    assert (result.total, result.mox, result.success) == (11, 0, True)


def test_outcome_rejects_impossible_natural() -> None:
    with pytest.raises(ValueError):
        rr.outcome(1, 5, 5)


# --- tables -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "level"),
    [
        ("Trivial", 3),
        ("Mild", 6),
        ("Fair", 9),
        ("Moderate", 12),
        ("Great", 15),
        ("Incredible", 18),
        ("Inconceivable", 21),
    ],
)
def test_challenge_levels(name: str, level: int) -> None:
    assert rr.CHALLENGE_LEVELS[name] == level


def test_challenge_levels_complete_and_ordered() -> None:
    assert list(rr.CHALLENGE_LEVELS.values()) == [3, 6, 9, 12, 15, 18, 21]


@pytest.mark.parametrize(
    ("multiplier", "bonus"),
    [(2, 3), (3, 5), (4, 6), (5, 7), (6, 8), (8, 9), (10, 10)],
)
def test_extra_time_table(multiplier: int, bonus: int) -> None:
    assert extra_time_bonus(multiplier) == bonus


@pytest.mark.parametrize(
    ("multiplier", "bonus"),
    [(1, 0), (7, 8), (9, 9), (11, 10), (100, 10)],
)
def test_extra_time_between_and_beyond_rows(multiplier: int, bonus: int) -> None:
    assert extra_time_bonus(multiplier) == bonus


def test_extra_time_rejects_less_than_normal_time() -> None:
    with pytest.raises(ValueError):
        extra_time_bonus(0)


@given(st.integers(1, 200))
def test_extra_time_monotone(multiplier: int) -> None:
    assert extra_time_bonus(multiplier) <= extra_time_bonus(multiplier + 1) <= 10


@pytest.mark.parametrize(("halvings", "penalty"), [(0, 0), (1, 3), (2, 6), (3, 9)])
def test_rush_penalty(halvings: int, penalty: int) -> None:
    assert rr.rush_penalty(halvings) == penalty


# --- initiative -------------------------------------------------------------------------------


@pytest.mark.parametrize(("perception", "initiative"), [(0, 7), (3, 10), (-1, 6)])
def test_adversary_initiative(perception: int, initiative: int) -> None:
    assert adversary_initiative(perception) == initiative


def test_roll_initiative_is_a_perception_roll() -> None:
    rng = Scripted(6, 1)
    result = rr.roll_initiative(2, rng, modifier=-1)
    assert rng.calls == [(1, 6), (1, 6)]
    assert (result.dice, result.total) == ((6, 1), 8)


def test_initiative_order_high_to_low_stable() -> None:
    entries = [("Juk", 9), ("Mace", 12), ("Orc", 9), ("Rat", 3)]
    assert rr.initiative_order(entries) == (("Mace", 12), ("Juk", 9), ("Orc", 9), ("Rat", 3))


def test_round_constants() -> None:
    assert rr.ACTIONS_PER_ROUND == 2
    assert rr.SPELL_ACTIONS == 2
    assert rr.HOLD_INITIATIVE_BONUS == 10
    assert rr.FREE_MOVE_SPACES == 1
    assert rr.PRONE_MOVE_SPACES == 1


@pytest.mark.parametrize(
    ("sacrifice", "applies_to", "bonus"),
    [
        (rr.Sacrifice.AIM, "next attack", 3),
        (rr.Sacrifice.DEFEND, "Dodge and Parry", 3),
        (rr.Sacrifice.HAYMAKER, "damage", 10),
        (rr.Sacrifice.RESIST, "Defiance", 3),
        (rr.Sacrifice.LOOK, "Perception", 3),
    ],
)
def test_sacrifice_bonuses(sacrifice: rr.Sacrifice, applies_to: str, bonus: int) -> None:
    assert (sacrifice.applies_to, sacrifice.bonus) == (applies_to, bonus)


# --- movement ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("spaces", "challenge"), [(1, 4), (2, 8), (3, 12), (0, 0)])
def test_jump_challenge(spaces: int, challenge: int) -> None:
    assert jump_challenge(spaces) == challenge


@pytest.mark.parametrize(
    ("spaces", "damage"), [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (28, 9), (30, 10)]
)
def test_momentum_damage(spaces: int, damage: int) -> None:
    assert momentum_damage(spaces) == damage


def test_knight_example() -> None:
    # The lance does 13 (9 + 4 Brawn); 28 spaces on horseback add 9: 22.
    assert rr.charge_damage(13, 28) == 22
    # The braced spearman's pike does 10 (1 + 9); the knight's momentum makes it 19.
    assert rr.charge_damage(10, 28) == 19


def test_momentum_rejects_negative() -> None:
    with pytest.raises(ValueError):
        momentum_damage(-1)


@pytest.mark.parametrize(("mox", "spaces"), [(3, 3), (0, 0), (-2, 0)])
def test_race_spaces(mox: int, spaces: int) -> None:
    assert rr.race_spaces(mox) == spaces


# --- range, surprise, prone -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "penalty"),
    [(0, 0), (1, 0), (5, 0), (6, 1), (10, 1), (11, 2), (15, 2), (16, 3)],  # the bow example
)
def test_long_range_penalty(distance: int, penalty: int) -> None:
    assert rr.range_penalty(Range.LONG, distance) == penalty


@pytest.mark.parametrize(("distance", "penalty"), [(0, 0), (1, 0), (2, 1), (4, 3), (10, 9)])
def test_short_range_penalty(distance: int, penalty: int) -> None:
    assert rr.range_penalty(Range.SHORT, distance) == penalty


def test_range_table() -> None:
    assert rr.RANGE_OF["thrown weapon"] is Range.SHORT
    assert rr.RANGE_OF["missile weapon"] is Range.LONG
    assert rr.RANGE_OF["spell"] is Range.LONG
    assert rr.RANGE_OF["bow"] is Range.LONG
    assert rr.RANGE_OF["olfaction"] is Range.SHORT
    for sense in ("hearing", "vision", "intuition"):
        assert rr.RANGE_OF[sense] is Range.LONG


@given(distance=st.integers(0, 200))
def test_long_never_exceeds_short(distance: int) -> None:
    long_ = rr.range_penalty(Range.LONG, distance)
    short = rr.range_penalty(Range.SHORT, distance)
    assert 0 <= long_ <= short


@pytest.mark.parametrize(("modifier", "challenge"), [(0, 4), (2, 6)])
def test_surprise_challenge(modifier: int, challenge: int) -> None:
    assert rr.surprise_challenge(modifier) == challenge


def test_surprise_with_bow_at_12_spaces() -> None:
    assert rr.surprise_challenge(rr.range_penalty(Range.LONG, 12)) == 6


@pytest.mark.parametrize(
    ("attack", "target_prone", "attacker_prone", "modifier"),
    [
        (Attack.RANGED, True, False, 3),  # +3 defense against ranged attacks
        (Attack.MELEE, True, False, -3),  # others get +3 to hit him in melee
        (Attack.MELEE, False, True, 3),  # +3 defense against his attacks
        (Attack.RANGED, False, True, 3),
        (Attack.MELEE, True, True, 0),
        (Attack.RANGED, True, True, 6),
        (Attack.MELEE, False, False, 0),
    ],
)
def test_prone_modifier(
    attack: Attack, target_prone: bool, attacker_prone: bool, modifier: int
) -> None:
    assert (
        rr.prone_modifier(attack, target_prone=target_prone, attacker_prone=attacker_prone)
        == modifier
    )


def test_attack_challenge_adds_modifiers_to_defense() -> None:
    assert rr.attack_challenge(10, 2, -3) == 9
    assert rr.attack_challenge(10) == 10


# --- combat values ----------------------------------------------------------------------------


@pytest.mark.parametrize(("athlete", "armour", "value"), [(3, 0, 10), (3, 2, 8), (0, 1, 6)])
def test_dodge(athlete: int, armour: int, value: int) -> None:
    assert rr.dodge(athlete, armour) == value


@pytest.mark.parametrize(("warrior", "weapon", "value"), [(4, 0, 11), (4, 2, 13), (0, 1, 8)])
def test_parry(warrior: int, weapon: int, value: int) -> None:
    assert rr.parry(warrior, weapon) == value


@pytest.mark.parametrize(
    ("mox", "brawn", "power", "fortitude", "armour", "value"),
    [(2, 4, 9, 3, 5, 7), (0, 1, 9, 2, 0, 8), (0, 0, 2, 3, 4, 0)],  # never below zero
)
def test_wounds(mox: int, brawn: int, power: int, fortitude: int, armour: int, value: int) -> None:
    assert rr.wounds(mox, brawn, power, fortitude, armour) == value


def test_check_then_wounds() -> None:
    hit = check(3, rr.parry(2, 1), Constant(5))  # 10 + 3 = 13 against 10
    assert (hit.success, hit.mox) == (True, 3)
    assert rr.wounds(hit.mox, brawn=4, weapon_power=9, fortitude=3, armour=5) == 8
