"""Guidance for a stat block's numbers: the bands by the library's spread (exact cases and
properties), the peers chosen, the SRD benchmarks; and the weaker and elite steps with their
battle points."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.domain.variants import ELITE, WEAKER, damage_step, variant
from encounter_app.rules import dice
from encounter_app.rules import stat_blocks as limits
from encounter_app.rules.battle_points import Pick, adversary_cost, tally, unit_cost
from encounter_app.rules.guidance import (
    Band,
    Peers,
    band,
    benchmark,
    damage_average,
    guide,
    percentile,
    spread,
)
from encounter_app.systems.daggerheart.sample import load_sample_adversaries


def block(tier: int = 1, type: str = "Bruiser", **numbers: object) -> dict[str, object]:
    values: dict[str, object] = {"tier": tier, "type": type, "difficulty": 12, "major": 7,
                                 "severe": 12, "hp": 5, "stress": 3, "attack_modifier": 1,
                                 "damage": "1d8+2 phy"}
    values.update(numbers)
    return values


# -- the bands ------------------------------------------------------------------------------------

def test_percentiles_interpolate_between_the_nearest_ranks() -> None:
    ordered = [Fraction(v) for v in (10, 11, 12, 13, 14)]
    assert percentile(ordered, Fraction(1, 10)) == Fraction(104, 10)
    assert percentile(ordered, Fraction(9, 10)) == Fraction(136, 10)
    assert percentile(ordered, Fraction(1, 2)) == 12


@pytest.mark.parametrize(("value", "expected"), [
    (10, Band.UNUSUAL), (11, Band.USUAL), (12, Band.USUAL), (13, Band.USUAL),
    (14, Band.UNUSUAL), (9, Band.OUTSIDE), (15, Band.OUTSIDE)])
def test_the_middle_80_percent_is_usual_the_rest_of_the_range_unusual(value: int,
                                                                       expected: Band) -> None:
    # 10th percentile 10.4, 90th 13.6: the whole numbers 11 to 13 are usual.
    assert band(value, spread([10, 11, 12, 13, 14])) is expected


def test_one_number_shared_by_every_peer_is_the_only_usual_one() -> None:
    numbers = spread([12, 12, 12])
    assert band(12, numbers) is Band.USUAL
    assert band(13, numbers) is Band.OUTSIDE


def test_damage_is_placed_by_its_average_roll() -> None:
    assert damage_average("1d12+2 phy") == Fraction(17, 2)
    assert damage_average("2d6+3 mag") == 10
    assert damage_average("3 phy") == 3
    assert damage_average("1d12+") is None


@given(st.lists(st.integers(-20, 60), min_size=1, max_size=40), st.integers(-30, 70))
def test_bands_nest_and_follow_the_spread(values: list[int], value: int) -> None:
    numbers = spread(values)
    assert numbers.lowest <= numbers.usual_low <= numbers.usual_high <= numbers.highest
    placed = band(value, numbers)
    assert (placed is Band.OUTSIDE) == (value < min(values) or value > max(values))
    if placed is Band.USUAL:
        assert numbers.usual_low <= value <= numbers.usual_high
    # The median is always usual; every peer's own number is at worst unusual.
    assert band(percentile(numbers.values, Fraction(1, 2)), numbers) is Band.USUAL
    assert all(band(v, numbers) is not Band.OUTSIDE for v in values)


@given(st.lists(st.integers(0, 40), min_size=3, max_size=40))
def test_with_three_numbers_or_more_some_whole_number_is_usual(values: list[int]) -> None:
    numbers = spread(values)
    assert any(band(v, numbers) is Band.USUAL for v in values)


# -- the peers and the words ----------------------------------------------------------------------

def five_bruisers() -> Peers:
    return Peers.of([block(difficulty=d, major=m, hp=h)
                     for d, m, h in ((12, 7, 5), (13, 8, 6), (13, 9, 6), (14, 9, 7),
                                     (15, 10, 8))]
                    + [block(type="Minion", difficulty=9, major=None, severe=None, hp=1)] * 3)


def test_five_of_the_same_tier_and_type_are_the_peers() -> None:
    peers = five_bruisers()
    scope = peers.scope(1, "Bruiser")
    assert (len(scope.members), scope.whole_tier) == (5, False)
    assert scope.describe() == "Compared with the 5 tier 1 Bruisers in the library."
    usual = guide("difficulty", block(difficulty=13), peers)
    assert usual.band is Band.USUAL and usual.usual == "13–14"
    assert usual.short() == "usual (13–14)"
    assert usual.sentence() == ("Difficulty 13 is within the usual range for tier 1 Bruisers "
                                "(13–14). The SRD's benchmark for the tier is 11.")
    odd = guide("difficulty", block(difficulty=12), peers)
    assert odd.band is Band.UNUSUAL and odd.short() == "unusual (most 13–14)"
    assert odd.sentence().startswith("Difficulty 12 is unusual for tier 1 Bruisers: most have "
                                     "13–14, all have 12–15.")
    far = guide("difficulty", block(difficulty=20), peers)
    assert far.band is Band.OUTSIDE and far.short() == "outside all (12–15)"
    assert "outside anything in the library" in far.sentence()


def test_too_few_of_a_type_compares_with_the_whole_tier() -> None:
    peers = five_bruisers()
    scope = peers.scope(1, "Skulk")
    assert (len(scope.members), scope.whole_tier) == (8, True)
    assert scope.describe() == ("Compared with all 8 tier 1 adversaries in the library "
                                "(no Skulks).")
    # The Minions have no thresholds: the tier's Major thresholds are the five Bruisers'.
    assert guide("major", block(type="Skulk", major=8), peers).spread == spread([7, 8, 9, 9, 10])
    assert peers.scope(1, "Horde (3/HP)").type == "Horde"


def test_an_empty_tier_has_only_the_srd_benchmark() -> None:
    made = guide("difficulty", block(tier=3, difficulty=17), five_bruisers())
    assert made.band is None and made.short() == "too few to compare"
    assert made.sentence() == ("Difficulty 17: too few tier 3 adversaries in the library to "
                               "compare. The SRD's benchmark for the tier is 17.")
    assert five_bruisers().scope(3, "Solo").describe().startswith("The library has none of "
                                                                  "tier 3")


@pytest.mark.parametrize(("key", "tier", "text"), [
    ("attack_modifier", 1, "+1"), ("difficulty", 2, "14"), ("major", 3, "20"),
    ("severe", 4, "45"), ("damage", 2, "2d6+3 to 2d12+4"), ("hp", 1, ""), ("stress", 4, "")])
def test_benchmarks_are_the_srd_table(key: str, tier: int, text: str) -> None:
    assert benchmark(key, tier) == text


def test_a_minion_has_no_thresholds_to_place() -> None:
    made = guide("major", block(type="Minion", major=None), five_bruisers())
    assert made.value is None and made.short() == "—"


# -- weaker and elite -----------------------------------------------------------------------------

SAMPLES = {b.name: b for b in load_sample_adversaries()}


def test_an_elite_bruiser_is_one_step_up_everywhere() -> None:
    sentry = SAMPLES["Ashen Sentry"]  # tier 1 Bruiser: 13, 9/16, 6 HP, 3 Stress, +2, 1d10+4
    elite = variant(sentry, ELITE)
    assert (elite.name, elite.difficulty, elite.major, elite.severe, elite.hp, elite.stress,
            elite.attack_modifier, elite.damage) == (
        "Ashen Sentry (Elite)", 14, 10, 18, 7, 4, 3, "1d12+4 phy")
    weaker = variant(sentry, WEAKER)
    assert (weaker.difficulty, weaker.major, weaker.severe, weaker.hp, weaker.stress,
            weaker.attack_modifier, weaker.damage) == (12, 8, 14, 5, 2, 1, "1d8+4 phy")
    assert (elite.features, elite.experiences) == (sentry.features, sentry.experiences)


def test_a_minion_keeps_no_thresholds_and_its_one_hp() -> None:
    imp = SAMPLES["Cinder Imp"]
    for step in (WEAKER, ELITE):
        copy = variant(imp, step)
        assert (copy.major, copy.severe, copy.hp) == (None, None, imp.hp)


@pytest.mark.parametrize(("damage", "step", "stepped"), [
    ("1d12+4 phy", ELITE, "1d12+5 phy"), ("2d12+3 mag", ELITE, "2d12+5 mag"),
    ("1d4+1 phy", WEAKER, "1d4 phy"), ("3 phy", ELITE, "4 phy"), ("1 phy", WEAKER, "1 phy"),
    ("2d6+3 phy", WEAKER, "2d4+3 phy"), ("1d4 phy", WEAKER, "1d4 phy")])
def test_damage_steps_one_die_size(damage: str, step: int, stepped: str) -> None:
    assert damage_step(damage, step) == stepped  # type: ignore[arg-type]


stat_blocks = st.builds(
    lambda tier, kind, difficulty, major, gap, hp, stress, attack, count, sides, bonus:
    variant_source(tier, kind, difficulty, major, major + gap, hp, stress, attack,
                   f"{count}d{sides}+{bonus} phy"),
    st.integers(1, 4), st.sampled_from(["Bruiser", "Minion", "Solo", "Horde (2/HP)"]),
    st.integers(*limits.DIFFICULTY), st.integers(1, 90), st.integers(1, 9),
    st.integers(*limits.HP), st.integers(*limits.STRESS), st.integers(*limits.ATTACK_MODIFIER),
    st.integers(1, 4), st.sampled_from([4, 6, 8, 10, 12]), st.integers(0, 15))


def variant_source(tier, kind, difficulty, major, severe, hp, stress, attack, damage):
    from dataclasses import replace

    minion = kind == "Minion"
    return replace(SAMPLES["Ashen Sentry"], tier=tier, type=kind, difficulty=difficulty,
                   major=None if minion else major, severe=None if minion else severe,
                   hp=1 if minion else hp, stress=stress, attack_modifier=attack, damage=damage)


@given(stat_blocks, st.sampled_from([WEAKER, ELITE]))
def test_a_variant_is_a_valid_stat_block_moved_one_way(stats, step) -> None:
    copy = variant(stats, step)
    assert limits.adversary_problems(copy.to_json()) == {}
    sign = 1 if step == ELITE else -1
    for field in ("difficulty", "attack_modifier", "hp", "stress"):
        assert sign * (getattr(copy, field) - getattr(stats, field)) >= 0
    assert sign * (damage_average(copy.damage) - damage_average(stats.damage)) >= 0
    assert dice.parse(copy.damage).damage_type == "phy"


@pytest.mark.parametrize(("kind", "step", "points"), [
    ("Bruiser", 1, 5), ("Bruiser", -1, 3), ("Solo", 1, 6), ("Social", -1, 1),
    ("Support", 1, 2), ("Minion", 1, 2), ("Minion", -1, 1), ("Standard", 0, 2)])
def test_a_variant_costs_one_point_more_or_less_never_under_one(kind: str, step: int,
                                                                 points: int) -> None:
    assert unit_cost(Pick("x", kind, 1, 1, step)) == points


def test_elite_minions_cost_two_per_group() -> None:
    assert adversary_cost(Pick("Imps", "Minion", 1, 5, 1), 4) == 4  # two groups of up to 4
    lines = tally(4, 1, [Pick("Imps", "Minion", 1, 5, 1)]).cost_lines
    assert lines[0].why == "5 Minions: 2 groups of up to 4 × Minion group 1, elite +1"
