"""Daggerheart from the GM's chair: the texts' own examples, roll by roll."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.rules.daggerheart import (
    COLLISION,
    EXAMPLE_GM_MOVES,
    FALLING_DAMAGE,
    FEAR_SPENDS,
    AttackResult,
    CheckResult,
    Countdown,
    CountdownKind,
    FearError,
    FearPool,
    LoopMode,
    Outcome,
    RestKind,
    SceneIntensity,
    advancement,
    adversary_attack,
    consequence,
    fear_gained,
    gm_moves,
    gm_response,
    hp_marked,
    minions_defeated,
    quick_phrase,
    reaction_roll,
    rest_fear,
    scene_fear_range,
    starting_fear,
    with_hope,
)
from encounter_app.rules.dice import DiceError, parse
from tests.helpers.scripted import ScriptedRng, d

# --- attack rolls --------------------------------------------------------------------------------


def test_natural_20_on_3d6_plus_2_deals_18_plus_3d6_plus_2():
    rng = ScriptedRng(*d(20, 20), *d(6, 1, 2, 3))
    result = adversary_attack(3, [15], "3d6+2 phy", rng)
    assert result.critical
    assert result.damage_total == 18 + (1 + 2 + 3) + 2
    assert result.damage is not None
    assert result.damage.text == "18 (critical) + 3d6 (1, 2, 3) + 2 = 26 phy"
    assert result.damage.dice == (1, 2, 3)
    assert result.damage.expression == "3d6+2 phy"
    assert rng.done


def test_a_critical_adds_only_the_dice_maximum_never_the_flat_modifier():
    result = adversary_attack(0, [10], "1d12+2", ScriptedRng(*d(20, 20), *d(12, 5)))
    assert result.damage_total == 12 + 5 + 2
    flat_only = adversary_attack(0, [10], "3 phy", ScriptedRng(*d(20, 20)))
    assert flat_only.damage_total == 3


def test_a_natural_20_hits_every_target_whatever_the_total():
    result = adversary_attack(-5, [30, 10], "1d4", ScriptedRng(*d(20, 20), *d(4, 1)))
    assert result.total == 15
    assert result.hits == (True, True)


def test_advantage_keeps_the_higher_d20():
    result = adversary_attack(0, [30], "1d6", ScriptedRng(*d(20, 4, 17)), advantage=True)
    assert (result.d20s, result.natural, result.total) == ((4, 17), 17, 17)


def test_disadvantage_keeps_the_lower_d20():
    result = adversary_attack(0, [30], "1d6", ScriptedRng(*d(20, 4, 17)), disadvantage=True)
    assert (result.d20s, result.natural) == ((4, 17), 4)


def test_advantage_and_disadvantage_together_roll_one_d20():
    rng = ScriptedRng(*d(20, 4))
    result = adversary_attack(0, [30], "1d6", rng, advantage=True, disadvantage=True)
    assert (result.d20s, result.natural) == ((4,), 4)
    assert rng.done


def test_one_attack_roll_is_compared_with_each_targets_evasion_meets_or_beats():
    rng = ScriptedRng(*d(20, 10), *d(8, 6))
    result = adversary_attack(2, [11, 12, 13], "1d8+1 phy", rng)
    assert result.total == 12
    assert result.hits == (True, True, False)
    assert result.evasions == (11, 12, 13)
    assert result.damage_total == 7  # one damage roll for the whole attack
    assert rng.calls == [(1, 20), (1, 8)]


def test_a_miss_draws_no_damage_dice():
    rng = ScriptedRng(*d(20, 5))  # a damage draw would fail the script
    result = adversary_attack(3, [12, 14], "2d10+4", rng)
    assert result.hits == (False, False)
    assert (result.damage, result.damage_total) == (None, None)
    assert rng.done


def test_d20s_come_before_the_damage_dice():
    rng = ScriptedRng(*d(20, 3, 18), *d(12, 7))
    adversary_attack(1, [12], "1d12+2 phy", rng, advantage=True)
    assert rng.calls == [(1, 20), (1, 20), (1, 12)]


def test_an_experience_bought_with_fear_adds_to_the_total():
    with_it = adversary_attack(3, [14], "1d6", ScriptedRng(*d(20, 9), *d(6, 1)), experience=2)
    without = adversary_attack(3, [14], "1d6", ScriptedRng(*d(20, 9)))
    assert (with_it.total, with_it.hits) == (14, (True,))
    assert (without.total, without.hits) == (12, (False,))


def test_no_targets_means_no_damage():
    result = adversary_attack(3, [], "1d6", ScriptedRng(*d(20, 15)))
    assert (result.hits, result.damage) == ((), None)


def test_a_damage_typo_fails_before_any_d20_is_drawn():
    rng = ScriptedRng()
    with pytest.raises(DiceError):
        adversary_attack(3, [12], "1d12+2 fire", rng)
    assert rng.calls == []


def test_attack_result_is_frozen_and_reads_well_in_the_log():
    result = adversary_attack(3, [12, 18], "1d12+2 phy", ScriptedRng(*d(20, 11), *d(12, 4)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.total = 1  # type: ignore[misc]
    assert (
        result.text == "d20 (11) + 3 = 14 vs Evasion 12 hit, 18 miss; damage 1d12 (4) + 2 = 6 phy"
    )
    names = [f.name for f in dataclasses.fields(AttackResult)]
    assert names[:7] == [
        "d20s", "natural", "total", "critical", "hits", "damage", "damage_total",
    ]  # fmt: skip


# --- reaction rolls ------------------------------------------------------------------------------


def test_masked_thief_adds_acrobatics_plus_3_to_a_reaction():
    result = reaction_roll(14, ScriptedRng(*d(20, 11)), bonus=3)
    assert (result.total, result.success) == (14, True)
    assert not reaction_roll(14, ScriptedRng(*d(20, 10)), bonus=3).success


@pytest.mark.parametrize(("natural", "success"), [(13, False), (15, False), (16, True)])
def test_zombie_pack_at_minus_3_against_difficulty_13(natural, success):
    result = reaction_roll(13, ScriptedRng(*d(20, natural)), bonus=-3)
    assert result.total == natural - 3
    assert result.success is success


def test_skeleton_knight_rolls_18_and_passes():
    assert reaction_roll(13, ScriptedRng(*d(20, 18))).success


def test_a_natural_20_reaction_always_succeeds_but_nothing_more():
    result = reaction_roll(30, ScriptedRng(*d(20, 20)), bonus=-3)
    assert (result.success, result.critical, result.total) == (True, True, 17)
    names = [f.name for f in dataclasses.fields(CheckResult)]
    assert names[:5] == ["d20s", "natural", "total", "success", "critical"]
    assert result.text == "d20 (20) - 3 = 17 vs Difficulty 30: critical success"


def test_reaction_advantage_and_disadvantage():
    assert reaction_roll(10, ScriptedRng(*d(20, 2, 12)), advantage=True).natural == 12
    low = reaction_roll(10, ScriptedRng(*d(20, 2, 12)), disadvantage=True)
    assert (low.natural, low.success) == (2, False)
    assert low.text == "2d20 (2, 12 dropped) = 2 vs Difficulty 10: failure"


@given(
    st.integers(-5, 10),
    st.lists(st.integers(5, 25), max_size=4),
    st.booleans(),
    st.booleans(),
    st.integers(0, 2**32),
)
def test_attack_invariants(modifier, evasions, advantage, disadvantage, seed):
    result = adversary_attack(
        modifier, evasions, "2d8+3", random.Random(seed), advantage=advantage,
        disadvantage=disadvantage,
    )  # fmt: skip
    assert len(result.d20s) == (2 if advantage != disadvantage else 1)
    expected = max(result.d20s) if advantage and not disadvantage else min(result.d20s)
    assert result.natural == expected
    assert result.hits == tuple(result.critical or result.total >= e for e in evasions)
    assert (result.damage is None) == (not any(result.hits))
    if result.damage_total is not None:
        extra = 16 if result.critical else 0
        assert 5 + extra <= result.damage_total <= 19 + extra


# --- Fear ----------------------------------------------------------------------------------------


def test_fear_stops_at_12_and_gain_says_how_much_was_really_gained():
    pool = FearPool(10)
    assert pool.gain(5) == 2
    assert pool.value == pool.cap == 12
    assert pool.gain() == 0
    assert pool.value == 12


def test_spending_more_fear_than_the_pool_holds_fails_and_changes_nothing():
    pool = FearPool(2)
    with pytest.raises(FearError):
        pool.spend(3)
    assert pool.value == 2
    pool.spend()
    pool.spend()
    assert pool.value == 0
    assert issubclass(FearError, ValueError)


def test_fear_pool_starts_empty_and_refuses_impossible_values():
    assert FearPool().value == 0
    with pytest.raises(FearError):
        FearPool(13)
    with pytest.raises(FearError):
        FearPool().gain(-1)


@pytest.mark.parametrize(("party", "fear"), [(0, 0), (1, 1), (4, 4), (12, 12), (15, 12)])
def test_starting_fear_is_one_per_pc(party, fear):
    assert starting_fear(party) == fear


@pytest.mark.parametrize(
    ("outcome", "fear"),
    [
        (Outcome.CRITICAL_SUCCESS, 0),
        (Outcome.SUCCESS_WITH_HOPE, 0),
        (Outcome.SUCCESS_WITH_FEAR, 1),
        (Outcome.FAILURE_WITH_HOPE, 0),
        (Outcome.FAILURE_WITH_FEAR, 1),
    ],
)
def test_rolls_with_fear_give_the_gm_a_fear(outcome, fear):
    assert fear_gained(outcome) == fear


def test_rests_give_1d4_fear_and_long_rests_add_the_party():
    short = rest_fear(RestKind.SHORT, 4, ScriptedRng(*d(4, 3)))
    long = rest_fear(RestKind.LONG, 4, ScriptedRng(*d(4, 3)))
    assert (short.total, long.total) == (3, 7)


@pytest.mark.parametrize(
    ("intensity", "span"),
    [
        (SceneIntensity.INCIDENTAL, (0, 1)),
        (SceneIntensity.MINOR, (1, 3)),
        (SceneIntensity.STANDARD, (2, 4)),
        (SceneIntensity.MAJOR, (4, 8)),
        (SceneIntensity.CLIMACTIC, (6, 12)),
    ],
)
def test_scene_fear_table(intensity, span):
    assert scene_fear_range(intensity) == span


# --- damage --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("damage", "marked"),
    [(-2, 0), (0, 0), (1, 1), (7, 1), (8, 2), (14, 2), (15, 3), (40, 3)],
)
def test_hp_marked_by_the_acid_burrowers_thresholds_8_and_15(damage, marked):
    assert hp_marked(damage, 8, 15) == marked


@pytest.mark.parametrize(
    ("damage", "marked"), [(15, 3), (29, 3), (30, 4), (99, 4), (14, 2), (0, 0)])
def test_massive_damage_marks_4_hp_at_twice_severe_when_the_optional_rule_is_on(damage, marked):
    # NOTES.md: "damage of at least twice the Severe threshold marks 4 HP instead of 3".
    assert hp_marked(damage, 8, 15, massive=True) == marked
    assert hp_marked(damage, 8, 15) == min(marked, 3)  # off: 3 at most, as the text says


@pytest.mark.parametrize(("damage", "defeated"), [(0, 0), (3, 1), (4, 2), (9, 3)])
def test_any_damage_defeats_a_minion_and_one_more_per_x(damage, defeated):
    assert minions_defeated(damage, 4) == defeated


def test_falling_and_collision_damage_are_valid_expressions():
    assert [str(parse(e)) for e in FALLING_DAMAGE.values()] == [
        "1d10+3 phy", "1d20+5 phy", "1d100+15 phy", "1d100+15 phy",
    ]  # fmt: skip
    assert parse(COLLISION).direct


# --- countdowns ----------------------------------------------------------------------------------


def test_a_standard_countdown_ticks_down_and_triggers_once_at_0():
    countdown = Countdown(3)
    assert [countdown.advance(), countdown.advance()] == [False, False]
    assert countdown.advance(Outcome.CRITICAL_SUCCESS)  # a standard one ignores the outcome
    assert (countdown.value, countdown.triggered, countdown.finished) == (0, True, True)
    assert not countdown.advance()
    assert countdown.value == 0


@pytest.mark.parametrize(
    ("outcome", "progress", "consequence"),
    [
        (Outcome.FAILURE_WITH_FEAR, 0, 3),
        (Outcome.FAILURE_WITH_HOPE, 0, 2),
        (Outcome.SUCCESS_WITH_FEAR, 1, 1),
        (Outcome.SUCCESS_WITH_HOPE, 2, 0),
        (Outcome.CRITICAL_SUCCESS, 3, 0),
    ],
)
def test_dynamic_countdown_chart_row_by_row(outcome, progress, consequence):
    assert advancement(CountdownKind.PROGRESS, outcome) == progress
    assert advancement(CountdownKind.CONSEQUENCE, outcome) == consequence
    assert advancement(CountdownKind.STANDARD, outcome) == 1
    for kind, ticks in (
        (CountdownKind.PROGRESS, progress),
        (CountdownKind.CONSEQUENCE, consequence),
    ):
        countdown = Countdown(6, kind)
        assert not countdown.advance(outcome)
        assert countdown.value == 6 - ticks


def test_a_dynamic_countdown_without_an_outcome_does_not_move():
    countdown = Countdown(4, CountdownKind.CONSEQUENCE)
    assert not countdown.advance()
    assert countdown.value == 4


def test_a_big_tick_stops_at_0_and_triggers():
    countdown = Countdown(2, CountdownKind.CONSEQUENCE)
    assert countdown.advance(Outcome.FAILURE_WITH_FEAR)
    assert countdown.value == 0


def test_a_loop_countdown_resets_to_its_start_each_time():
    countdown = Countdown(3, loop=LoopMode.LOOP)  # "Loop 3", as Volley of Arrows
    fired = [countdown.advance() for _ in range(6)]
    assert fired == [False, False, True, False, False, True]
    assert (countdown.value, countdown.loops, countdown.finished) == (3, 2, False)


def test_an_increasing_countdown_grows_by_1_each_loop():
    countdown = Countdown(2, loop=LoopMode.INCREASING)
    fired = [countdown.advance() for _ in range(5)]
    assert fired == [False, True, False, False, True]
    assert (countdown.start, countdown.value) == (4, 4)


def test_a_decreasing_countdown_shrinks_by_1_each_loop_but_not_below_1():
    countdown = Countdown(2, loop=LoopMode.DECREASING)
    fired = [countdown.advance() for _ in range(4)]
    assert fired == [False, True, True, True]
    assert (countdown.start, countdown.value, countdown.loops) == (1, 1, 3)


def test_long_term_countdowns_tick_on_rests_not_on_action_rolls():
    countdown = Countdown(2, long_term=True)
    assert not countdown.advance()
    assert countdown.value == 2
    assert not countdown.rest()
    assert countdown.rest()
    assert countdown.triggered


def test_ordinary_countdowns_ignore_rests():
    countdown = Countdown(1)
    assert not countdown.rest()
    assert countdown.value == 1


def test_a_saved_countdown_can_be_restored():
    restored = Countdown(4, CountdownKind.PROGRESS, value=1)
    assert restored.advance(Outcome.SUCCESS_WITH_FEAR)
    assert Countdown(3, value=3) == Countdown(3)
    with pytest.raises(ValueError):
        Countdown(0)


# --- GM guidance ---------------------------------------------------------------------------------


def test_gm_moves_follow_the_texts_lists():
    assert "An adversary attacks" in gm_moves(Outcome.SUCCESS_WITH_FEAR)
    assert gm_moves(Outcome.FAILURE_WITH_HOPE) == gm_moves(Outcome.SUCCESS_WITH_FEAR)
    assert "You put them in immediate danger" in gm_moves(Outcome.FAILURE_WITH_FEAR)
    assert quick_phrase(Outcome.SUCCESS_WITH_FEAR).startswith("Yes, but")
    for outcome in Outcome:
        assert gm_moves(outcome)
        assert all(isinstance(move, str) for move in gm_moves(outcome))
    assert len(EXAMPLE_GM_MOVES) == 16
    assert len(FEAR_SPENDS) == 5


def test_the_gm_response_to_each_outcome_is_the_texts():
    assert gm_response(Outcome.CRITICAL_SUCCESS).endswith(
        "give them an additional opportunity or advantage.")
    assert gm_response(Outcome.SUCCESS_WITH_HOPE).endswith("show how the world reacts to it.")
    assert "take a Fear" in gm_response(Outcome.SUCCESS_WITH_FEAR)
    assert [consequence(o) for o in Outcome] == [None, None, "minor", "minor", "major"]
    # "Use softer moves on rolls with Hope and harder moves on rolls with Fear."
    assert [with_hope(o) for o in Outcome] == [True, True, False, True, False]


def test_a_countdown_ticked_by_hand_loops_like_any_other():
    volley = Countdown(3, loop=LoopMode.LOOP)  # "It ticks down when a PC misses an attack."
    assert not volley.tick()
    assert not volley.tick()
    assert volley.tick()
    assert (volley.value, volley.loops) == (3, 1)
    ritual = Countdown(1, CountdownKind.PROGRESS, long_term=True)
    assert ritual.tick()  # by hand, whatever its kind or pace
    assert ritual.finished and not ritual.tick()


def test_the_gm_screens_scene_guide_and_the_scene_ranges_agree() -> None:
    """Two copies of the text's Fear-by-scene table (the GM screen's, generated from the text,
    and the one the sidebar counts against): they must not drift apart."""
    from encounter_app.rules.daggerheart import SceneIntensity
    from encounter_app.rules.daggerheart_reference import SCENE_GUIDES

    assert {SceneIntensity(g.intensity): (g.least, g.most) for g in SCENE_GUIDES} == {
        s: scene_fear_range(s) for s in SceneIntensity}
