"""A player's Duality Dice typed from the table, and the SRD's stat block benchmarks by tier."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.rules.daggerheart import (
    Outcome,
    action_roll,
    tier_benchmarks,
)
from encounter_app.rules.dice import parse

# -- action_roll: NOTES.md "Duality Dice" ---------------------------------------------------------


@pytest.mark.parametrize(("hope", "fear", "modifier", "difficulty", "outcome"), [
    (7, 4, 2, 12, Outcome.SUCCESS_WITH_HOPE),  # 13 beats 12, Hope higher
    (4, 7, 2, 12, Outcome.SUCCESS_WITH_FEAR),
    (6, 3, 2, 12, Outcome.FAILURE_WITH_HOPE),  # 11 misses 12
    (3, 6, 2, 12, Outcome.FAILURE_WITH_FEAR),
    (5, 5, 0, 30, Outcome.CRITICAL_SUCCESS),  # matching dice, whatever the total
    (1, 1, -5, 12, Outcome.CRITICAL_SUCCESS),
    (8, 2, 0, 10, Outcome.SUCCESS_WITH_HOPE),  # meets the Difficulty exactly: a success
    (2, 8, -1, 10, Outcome.FAILURE_WITH_FEAR),
])
def test_action_roll_exact_cases(hope, fear, modifier, difficulty, outcome):
    assert action_roll(hope, fear, modifier, difficulty) is outcome


@pytest.mark.parametrize(("hope", "fear"), [(0, 5), (5, 13), (-1, 1), (12, 0)])
def test_a_die_outside_1_to_12_is_refused(hope, fear):
    with pytest.raises(ValueError, match="1 to 12"):
        action_roll(hope, fear, 0, 10)


@given(st.integers(1, 12), st.integers(1, 12), st.integers(-10, 10), st.integers(1, 40))
def test_action_roll_properties(hope, fear, modifier, difficulty):
    outcome = action_roll(hope, fear, modifier, difficulty)
    if hope == fear:
        assert outcome is Outcome.CRITICAL_SUCCESS
        return
    success = hope + fear + modifier >= difficulty
    assert outcome.value.startswith("Success" if success else "Failure")
    assert outcome.value.endswith("Hope" if hope > fear else "Fear")
    # A higher modifier never turns a success into a failure.
    better = action_roll(hope, fear, modifier + 1, difficulty)
    assert not (success and better.value.startswith("Failure"))


# -- tier_benchmarks: NOTES.md "Adversary stat block benchmarks by tier" --------------------------


@pytest.mark.parametrize(("tier", "attack", "low", "high", "difficulty", "major", "severe"), [
    (1, 1, "1d6+2", "1d12+4", 11, 7, 12),
    (2, 2, "2d6+3", "2d12+4", 14, 10, 20),
    (3, 3, "3d8+3", "3d12+5", 17, 20, 32),
    (4, 4, "4d8+10", "4d12+15", 20, 25, 45),
])
def test_tier_benchmarks_are_the_srds(tier, attack, low, high, difficulty, major, severe):
    found = tier_benchmarks(tier)
    assert (found.attack, found.damage_low, found.damage_high, found.difficulty, found.major,
            found.severe) == (attack, low, high, difficulty, major, severe)
    assert parse(found.damage_low).max_total < parse(found.damage_high).max_total


@pytest.mark.parametrize("tier", [0, 5, -1, True])
def test_tiers_run_from_1_to_4(tier):
    with pytest.raises(ValueError, match="1 to 4"):
        tier_benchmarks(tier)


def test_every_number_rises_with_the_tier():
    rows = [tier_benchmarks(t) for t in (1, 2, 3, 4)]
    for lower, higher in itertools.pairwise(rows):
        assert higher.attack > lower.attack and higher.difficulty > lower.difficulty
        assert higher.major > lower.major and higher.severe > lower.severe
