"""Exact odds: worked by hand for the table's usual cases, and checked against every roll of the
real ``adversary_attack`` for small dice."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from encounter_app.rules.daggerheart import adversary_attack
from encounter_app.rules.dice import DiceError, DiceTerm, max_dice, parse, roll
from encounter_app.rules.odds import (
    attack_odds,
    damage_distribution,
    distribution,
    hit_chance,
    natural_distribution,
)

# -- the d20 ------------------------------------------------------------------------------


def test_plus_3_against_evasion_12_hits_on_a_natural_9_or_more():
    assert hit_chance(3, 12) == Fraction(12, 20)
    assert attack_odds(3, [12], "1d6").hit == (12 / 20,)


def test_advantage_misses_only_when_both_dice_miss():
    # Both d20s at 8 or less: (8/20)^2 = 64/400.
    assert hit_chance(3, 12, advantage=True) == 1 - Fraction(64, 400)


def test_disadvantage_hits_only_when_both_dice_hit():
    assert hit_chance(3, 12, disadvantage=True) == Fraction(144, 400)


def test_advantage_and_disadvantage_cancel_out():
    assert hit_chance(3, 12, advantage=True, disadvantage=True) == hit_chance(3, 12)


def test_an_experience_adds_to_the_roll():
    assert hit_chance(3, 12, experience=2) == Fraction(14, 20)  # natural 7 or more


def test_a_natural_20_always_hits():
    assert hit_chance(0, 40) == Fraction(1, 20)
    assert hit_chance(-5, 40, disadvantage=True) == Fraction(1, 400)  # both dice show 20
    assert hit_chance(-5, 40, advantage=True) == Fraction(39, 400)  # either die shows 20


def test_an_evasion_the_roll_always_beats_is_certain():
    assert hit_chance(10, 5) == 1


def test_natural_distributions_sum_to_one_and_match_by_hand():
    plain = natural_distribution()
    high = natural_distribution(advantage=True)
    low = natural_distribution(disadvantage=True)
    for dist in (plain, high, low):
        assert sum(dist.values()) == 1
    assert plain[20] == Fraction(1, 20)
    assert high[20] == Fraction(39, 400) and high[1] == Fraction(1, 400)
    assert low[1] == Fraction(39, 400) and low[20] == Fraction(1, 400)


def test_one_attack_against_five_targets():
    odds = attack_odds(2, [8, 10, 12, 14, 23], "1d10+4 phy")
    assert odds.hit == (15 / 20, 13 / 20, 11 / 20, 9 / 20, 1 / 20)
    assert odds.critical == 1 / 20


# -- damage -------------------------------------------------------------------------------


def test_2d6_by_hand():
    dist = distribution("2d6")
    assert dist[2] == Fraction(1, 36) and dist[7] == Fraction(6, 36)
    assert dist[12] == Fraction(1, 36) and set(dist) == set(range(2, 13))
    assert damage_distribution("2d6")[7] == 6 / 36


def test_flat_damage_and_damage_types():
    assert damage_distribution("3 mag") == {3: 1.0}
    assert distribution("1d12+2 phy") == {n: Fraction(1, 12) for n in range(3, 15)}


def test_keep_highest_is_advantage_and_a_subtracted_die_subtracts():
    assert distribution("2d20kh1") == natural_distribution(advantage=True)
    assert distribution("2d20kl1") == natural_distribution(disadvantage=True)
    difference = distribution("1d4-1d4")
    assert difference[0] == Fraction(4, 16) and difference[-3] == Fraction(1, 16)
    assert distribution("4d6kh3")[18] == Fraction(21, 1296)  # 6,6,6 with any fourth die


def test_a_critical_adds_the_highest_faces_of_the_dice():
    odds = attack_odds(1, [10], "1d12+2 phy")
    assert odds.critical_damage == {n + 12: p for n, p in odds.damage.items()}
    assert min(odds.critical_damage) == 15 and max(odds.critical_damage) == 26


def test_expected_damage_counts_misses_as_nothing():
    # +3 vs 12: 11/20 normal hits of 1d6 (3.5), 1/20 criticals of 6 + 1d6 (9.5).
    [expected] = attack_odds(3, [12], "1d6").expected_damage
    assert expected == pytest.approx(11 / 20 * 3.5 + 1 / 20 * 9.5)


@pytest.mark.parametrize("expression", ["2d6+", "d0", "1d6 fire", ""])
def test_an_expression_that_cannot_be_rolled_is_refused(expression):
    with pytest.raises(DiceError):
        damage_distribution(expression)
    with pytest.raises(DiceError):
        attack_odds(0, [10], expression)


# -- against the real attack, every possible roll -----------------------------------------


class Replay:
    """Hands out the given draws in order: one path through the dice."""

    def __init__(self, draws: tuple[int, ...]) -> None:
        self.draws = iter(draws)

    def randint(self, a: int, b: int) -> int:
        value = next(self.draws)
        assert a <= value <= b
        return value


def every_draw(expression: str) -> list[tuple[int, ...]]:
    """Every sequence of dice the expression can draw, each equally likely."""
    sides = [t.sides for t in parse(expression).terms if isinstance(t, DiceTerm)
             for _ in range(t.count)]
    return list(itertools.product(*(range(1, s + 1) for s in sides)))


def enumerated(expression: str) -> dict[int, Fraction]:
    draws = every_draw(expression)
    totals = Counter(roll(expression, Replay(d)).total for d in draws)
    return {total: Fraction(n, len(draws)) for total, n in totals.items()}


small_terms = st.tuples(
    st.integers(1, 3), st.sampled_from([2, 3, 4, 6]), st.sampled_from(["", "kh", "kl"]),
    st.sampled_from(["+", "-"]),
)


@st.composite
def small_expressions(draw: st.DrawFn) -> str:
    terms = draw(st.lists(small_terms, min_size=1, max_size=2))
    text = ""
    for i, (count, sides, keep, sign) in enumerate(terms):
        keep_text = f"{keep}{draw(st.integers(1, count))}" if keep else ""
        text += ("" if i == 0 and sign == "+" else sign) + f"{count}d{sides}{keep_text}"
    flat = draw(st.integers(-3, 5))
    return text + (f"+{flat}" if flat > 0 else f"-{-flat}" if flat < 0 else "")


@settings(max_examples=60, deadline=None)
@given(expression=small_expressions())
def test_distribution_is_every_roll_counted(expression):
    exact = distribution(expression)
    assert sum(exact.values()) == 1
    assert exact == enumerated(expression)


@settings(max_examples=60, deadline=None)
@given(modifier=st.integers(-4, 8), evasions=st.lists(st.integers(5, 26), min_size=1,
                                                        max_size=5),
       advantage=st.booleans(), disadvantage=st.booleans(), experience=st.integers(0, 3),
       damage=st.sampled_from(["1d4+1", "2d3", "1d6-1d2", "2 phy"]))
def test_attack_odds_agree_with_every_roll_of_adversary_attack(modifier, evasions, advantage,
                                                               disadvantage, experience,
                                                               damage):
    odds = attack_odds(modifier, evasions, damage, advantage=advantage,
                       disadvantage=disadvantage, experience=experience)
    d20s = 1 if advantage == disadvantage else 2
    damage_draws = every_draw(damage)
    hits = [Fraction(0)] * len(evasions)
    normal, critical = Counter(), Counter()
    for faces in itertools.product(range(1, 21), repeat=d20s):
        for dice in damage_draws:
            result = adversary_attack(modifier, evasions, damage, Replay(faces + dice),
                                      advantage=advantage, disadvantage=disadvantage,
                                      experience=experience)
            weight = Fraction(1, 20 ** d20s * len(damage_draws))
            for i, hit in enumerate(result.hits):
                hits[i] += weight * hit
            if result.damage_total is not None:
                (critical if result.critical else normal)[result.damage_total] += weight
    assert odds.hit == tuple(float(h) for h in hits)
    if normal:
        scale = sum(normal.values())
        assert odds.damage == {t: float(p / scale) for t, p in normal.items()}
    scale = sum(critical.values())
    assert odds.critical == float(scale)
    assert odds.critical_damage == {t: float(p / scale) for t, p in critical.items()}
    assert max(odds.critical_damage) == max(odds.damage) + max_dice(damage)
