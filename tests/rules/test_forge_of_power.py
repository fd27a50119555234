"""Forge of Power rules: the levels table, natural 20/1, advantage, rerolls, attacks, damage."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.rules import forge_of_power as fop
from encounter_app.rules.forge_of_power import (
    InitiativeEntry,
    Level,
    LevelCheck,
    attack,
    check,
    level_for,
    save_damage,
    strike_damage,
)
from tests.helpers.scripted import Scripted

CF, F, S, CS = (
    Level.CRITICAL_FAILURE,
    Level.FAILURE,
    Level.SUCCESS,
    Level.CRITICAL_SUCCESS,
)


# --- the Levels of Success table, with a plain natural (10) ------------------------------------


@pytest.mark.parametrize(
    ("total", "dc", "expected"),
    [
        (25, 15, CS),  # DC + 10
        (40, 15, CS),  # far above
        (24, 15, S),  # DC + 9
        (15, 15, S),  # DC + 0
        (14, 15, F),  # DC - 1
        (5, 15, F),  # DC - 10
        (4, 15, CF),  # DC - 11
        (-20, 15, CF),
        (10, 0, CS),
        (-11, 0, CF),
        (-10, 0, F),
    ],
)
def test_level_table(total: int, dc: int, expected: Level) -> None:
    assert level_for(total, dc, natural=10) == expected


@pytest.mark.parametrize(
    ("total", "dc", "natural", "expected"),
    [
        # natural 20 raises one step
        (20, 25, 20, S),  # Failure -> Success: no automatic success, but one level up
        (14, 25, 20, F),  # Critical Failure (DC - 11) -> Failure
        (25, 25, 20, CS),  # Success -> Critical Success
        (35, 25, 20, CS),  # already Critical Success: clamped
        # natural 1 lowers one step
        (30, 15, 1, S),  # Critical Success -> Success
        (15, 15, 1, F),  # Success -> Failure
        (14, 15, 1, CF),  # Failure -> Critical Failure
        (-5, 15, 1, CF),  # already Critical Failure: clamped
    ],
)
def test_natural_20_and_1_shift_one_level(
    total: int, dc: int, natural: int, expected: Level
) -> None:
    assert level_for(total, dc, natural) == expected


@pytest.mark.parametrize("natural", [0, 21, -1])
def test_level_for_rejects_impossible_natural(natural: int) -> None:
    with pytest.raises(ValueError, match=r"1\.\.20"):
        level_for(10, 10, natural)


def test_sample_difficulties() -> None:
    assert fop.SAMPLE_DIFFICULTIES == {
        "Simple": 10,
        "Average": 15,
        "Hard": 20,
        "Very Hard": 25,
        "Extremely Hard": 30,
        "Impossible": 40,
    }


@given(
    total=st.integers(-100, 100),
    dc=st.integers(-50, 80),
    natural=st.integers(1, 20),
)
def test_level_for_is_clamped_and_at_most_one_step_from_table(
    total: int, dc: int, natural: int
) -> None:
    level = level_for(total, dc, natural)
    assert Level.CRITICAL_FAILURE <= level <= Level.CRITICAL_SUCCESS
    plain = fop.base_level(total, dc)
    if natural == 20:
        assert level == min(plain + 1, 3)
    elif natural == 1:
        assert level == max(plain - 1, 0)
    else:
        assert level == plain


@given(dc=st.integers(-50, 80), natural=st.integers(1, 20), total=st.integers(-100, 99))
def test_level_for_monotone_in_total(dc: int, natural: int, total: int) -> None:
    assert level_for(total, dc, natural) <= level_for(total + 1, dc, natural)


# --- check: d20s, advantage and disadvantage --------------------------------------------------


def test_check_plain_draws_one_d20() -> None:
    rng = Scripted(12)
    result = check(3, 15, rng)
    assert rng.calls == [(1, 20)]
    assert result.d20s == (12,)
    assert result.natural == 12
    assert result.total == 15
    assert result.level == S
    assert result.bonus == 3
    assert result.succeeded


def test_check_equals_contract_shape() -> None:
    assert check(3, 15, Scripted(12)) == LevelCheck(d20s=(12,), natural=12, total=15, level=S)


@pytest.mark.parametrize(
    ("advantage", "disadvantage", "script", "d20s", "natural"),
    [
        (True, False, (4, 17), (4, 17), 17),
        (True, False, (17, 4), (17, 4), 17),
        (False, True, (4, 17), (4, 17), 4),
        (False, True, (17, 4), (17, 4), 4),
        (True, True, (9,), (9,), 9),  # both: only one d20
        (False, False, (9,), (9,), 9),
    ],
)
def test_check_advantage_and_disadvantage(
    advantage: bool,
    disadvantage: bool,
    script: tuple[int, ...],
    d20s: tuple[int, ...],
    natural: int,
) -> None:
    rng = Scripted(*script)
    result = check(2, 10, rng, advantage=advantage, disadvantage=disadvantage)
    assert rng.done
    assert rng.calls == [(1, 20)] * len(script)
    assert result.d20s == d20s
    assert result.natural == natural
    assert result.total == natural + 2


def test_check_natural_20_with_advantage_raises_level() -> None:
    # 20 + 0 against DC 30 is a Failure (DC - 10), the natural 20 makes it a Success.
    result = check(0, 30, Scripted(3, 20), advantage=True)
    assert (result.natural, result.total, result.level) == (20, 20, S)


def test_check_natural_1_with_disadvantage_lowers_level() -> None:
    # 1 + 30 against DC 20 is a Critical Success (DC + 11), the natural 1 makes it a Success.
    result = check(30, 20, Scripted(1, 19), disadvantage=True)
    assert (result.natural, result.total, result.level) == (1, 31, S)


# --- rerolls ----------------------------------------------------------------------------------


def test_reroll_repeats_the_same_roll_and_gm_keeps_either() -> None:
    original = check(5, 18, Scripted(6, 11), advantage=True)
    assert (original.natural, original.total, original.level) == (11, 16, F)
    rng = Scripted(2, 15)
    rerolled = fop.reroll(original, rng)
    assert rng.calls == [(1, 20), (1, 20)]  # advantage kept: two d20s again
    assert rerolled.new.d20s == (2, 15)
    assert rerolled.new.natural == 15  # still the higher
    assert rerolled.new.total == 20
    assert rerolled.new.level == S
    assert rerolled.keep(use_new=False) is original
    assert rerolled.keep(use_new=True) is rerolled.new


def test_reroll_better_prefers_level_then_total_then_original() -> None:
    original = check(0, 10, Scripted(15))  # 15: Success
    worse = fop.reroll(original, Scripted(12))  # 12: Success, lower total
    assert worse.better is original
    same = fop.reroll(original, Scripted(15))
    assert same.better is same.original
    better = fop.reroll(original, Scripted(20))  # 20: Critical Success
    assert better.better is better.new


def test_reroll_needs_dc() -> None:
    with pytest.raises(ValueError, match="dc"):
        fop.reroll(LevelCheck(d20s=(5,), natural=5, total=5, level=F), Scripted(5))


# --- attacks: one roll, one level per target --------------------------------------------------


def test_attack_one_roll_against_each_dc() -> None:
    rng = Scripted(14)
    result = attack(4, [12, 18, 19, 8, 30], rng)
    assert rng.calls == [(1, 20)]
    assert result.total == 18
    assert result.levels == (S, S, F, CS, CF)
    assert result.hits == (True, True, False, True, False)
    assert result.dcs == (12, 18, 19, 8, 30)


def test_attack_natural_20_shifts_every_target() -> None:
    result = attack(0, [21, 31, 10], Scripted(20))
    assert result.levels == (S, F, CS)


def test_attack_with_disadvantage() -> None:
    result = attack(1, [10], Scripted(16, 7), disadvantage=True)
    assert (result.d20s, result.natural, result.total, result.levels) == ((16, 7), 7, 8, (F,))


def test_attack_with_no_targets_still_rolls() -> None:
    result = attack(1, [], Scripted(3))
    assert result.levels == ()
    assert result.hits == ()


# --- damage -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "damage", "expected"),
    [
        (CS, 13, 0),
        (S, 13, 6),  # half, rounded down
        (S, 12, 6),
        (S, 1, 0),
        (F, 13, 13),
        (CF, 13, 26),
        (CF, 0, 0),
        (F, -4, 0),  # negative damage counts as zero
    ],
)
def test_save_damage(level: Level, damage: int, expected: int) -> None:
    assert save_damage(level, damage) == expected


@given(level=st.sampled_from(list(Level)), damage=st.integers(-1000, 1000))
def test_save_damage_never_negative_and_never_more_than_double(level: Level, damage: int) -> None:
    taken = save_damage(level, damage)
    assert 0 <= taken <= 2 * max(damage, 0)


@given(damage=st.integers(0, 1000))
def test_save_damage_better_level_never_takes_more(damage: int) -> None:
    taken = [save_damage(level, damage) for level in Level]
    assert taken == sorted(taken, reverse=True)


@pytest.mark.parametrize(
    ("level", "weapon", "attribute", "expected"),
    [
        (CS, 6, 3, 15),  # twice the weapon damage plus the attribute
        (S, 6, 3, 9),
        (F, 6, 3, 0),
        (CF, 6, 3, 0),
        (S, 1, -3, 0),  # never negative
    ],
)
def test_strike_damage(level: Level, weapon: int, attribute: int, expected: int) -> None:
    assert strike_damage(level, weapon, attribute) == expected


# --- initiative and turns ---------------------------------------------------------------------


def test_roll_initiative() -> None:
    rng = Scripted(11)
    entry = fop.roll_initiative("Alice", 3, rng)
    assert rng.calls == [(1, 20)]
    assert entry == InitiativeEntry("Alice", 14, 3)


def test_initiative_order_highest_first_ties_to_bonus_then_given_order() -> None:
    a = InitiativeEntry("a", 15, 1)
    b = InitiativeEntry("b", 18, 0)
    c = InitiativeEntry("c", 15, 4)
    d = InitiativeEntry("d", 15, 1)
    e = InitiativeEntry("e", 3, 9)
    assert fop.initiative_order([a, b, c, d, e]) == (b, c, a, d, e)
    assert fop.initiative_order([d, a, e, c, b]) == (b, c, d, a, e)
    assert fop.initiative_ties([a, b, c, d, e]) == ((a, d),)


def test_initiative_no_ties() -> None:
    entries = [InitiativeEntry("a", 10, 1), InitiativeEntry("b", 10, 2)]
    assert fop.initiative_ties(entries) == ()


@given(st.lists(st.tuples(st.integers(-5, 30), st.integers(-5, 10)), max_size=12))
def test_initiative_order_is_sorted(pairs: list[tuple[int, int]]) -> None:
    entries = [InitiativeEntry(str(i), total, bonus) for i, (total, bonus) in enumerate(pairs)]
    ordered = fop.initiative_order(entries)
    keys = [(e.total, e.bonus) for e in ordered]
    assert keys == sorted(keys, reverse=True)
    assert sorted(ordered, key=lambda e: e.name) == sorted(entries, key=lambda e: e.name)


@pytest.mark.parametrize(
    ("attacked", "acted", "expected"),
    [(True, False, True), (True, True, False), (False, False, False), (False, True, False)],
)
def test_can_interrupt(attacked: bool, acted: bool, expected: bool) -> None:
    assert fop.can_interrupt(attacked, acted) is expected


def test_next_turn_choices() -> None:
    everyone = ["Alice", "Bob", "Cleo"]
    assert fop.next_turn_choices(everyone, ["Alice"]) == ("Bob", "Cleo")
    assert fop.next_turn_choices(everyone, ["Alice", "Cleo"]) == ("Bob",)
    # everyone has acted: the round ends, the last one may pick anyone, themself included
    assert fop.next_turn_choices(everyone, everyone) == ("Alice", "Bob", "Cleo")


def test_works_with_random_random() -> None:
    result = check(2, 12, random.Random(7), advantage=True)
    assert len(result.d20s) == 2
    assert result.natural == max(result.d20s)
    assert result.level == level_for(result.total, 12, result.natural)
