"""Battle points: the budget and costs exactly as NOTES.md gives them, and properties of both."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.rules import dice
from encounter_app.rules.battle_points import (
    ADVERSARY_TYPES,
    Choices,
    Pick,
    adversary_cost,
    base_budget,
    tally,
    with_extra_damage,
)


def labels(lines) -> dict[str, int]:
    return {line.label: line.points for line in lines}


@pytest.mark.parametrize(("pcs", "budget"), [(1, 5), (3, 11), (4, 14), (5, 17), (6, 20)])
def test_the_budget_is_three_per_pc_plus_two(pcs: int, budget: int) -> None:
    assert base_budget(pcs) == budget
    assert tally(pcs, 1, []).budget == budget


@pytest.mark.parametrize(("type_", "cost"), [
    ("Social", 1), ("Support", 1), ("Horde", 2), ("Ranged", 2), ("Skulk", 2), ("Standard", 2),
    ("Leader", 3), ("Bruiser", 4), ("Solo", 5),
])
def test_each_type_costs_what_the_text_says(type_: str, cost: int) -> None:
    assert adversary_cost(Pick("X", type_, 1), 4) == cost
    assert adversary_cost(Pick("X", type_, 1, count=3), 4) == 3 * cost


@pytest.mark.parametrize(("minions", "party", "cost"), [
    (4, 4, 1), (1, 4, 1), (5, 4, 2), (8, 4, 2), (9, 4, 3), (3, 3, 1), (0, 4, 0)])
def test_minions_cost_one_per_group_as_large_as_the_party_a_partial_group_whole(
        minions: int, party: int, cost: int) -> None:
    assert adversary_cost(Pick("Rat", "Minion", 1, count=minions), party) == cost


def test_two_kinds_of_minions_are_two_groups() -> None:
    picks = [Pick("Rat", "Minion", 1, 2), Pick("Imp", "Minion", 1, 2)]
    assert tally(4, 1, picks).cost == 2


def test_an_easier_fight_takes_one_off_and_a_harder_one_adds_two() -> None:
    picks = [Pick("Brute", "Bruiser", 1)]
    assert tally(4, 1, picks, Choices(easier=True)).budget == 13
    assert tally(4, 1, picks, Choices(harder=True)).budget == 16
    assert labels(tally(4, 1, picks, Choices(easier=True)).budget_lines) == {
        "Base": 14, "Easier or shorter fight": -1}


def test_two_or_more_solos_take_two_off_by_themselves() -> None:
    one = tally(4, 1, [Pick("Dragon", "Solo", 1)])
    two = tally(4, 1, [Pick("Dragon", "Solo", 1, count=2)])
    apart = tally(4, 1, [Pick("Dragon", "Solo", 1), Pick("Wyrm", "Solo", 1)])
    assert (one.budget, two.budget, apart.budget) == (14, 12, 12)
    assert "Two or more Solos" in labels(two.budget_lines)


def test_extra_damage_takes_two_off() -> None:
    picks = [Pick("Brute", "Bruiser", 1)]
    assert tally(4, 1, picks, Choices(extra_damage=True)).budget == 12


def test_an_adversary_from_a_lower_tier_adds_one_by_itself_and_says_which() -> None:
    picks = [Pick("Brute", "Bruiser", 1), Pick("Old Guard", "Bruiser", 2)]
    at_tier_two = tally(4, 2, picks)
    assert at_tier_two.budget == 15
    assert "Brute below tier 2" in {line.why for line in at_tier_two.budget_lines}
    assert tally(4, 1, picks).budget == 14  # nobody is below tier 1


def test_no_bruisers_hordes_leaders_or_solos_adds_one_by_itself() -> None:
    assert tally(4, 1, [Pick("Archer", "Ranged", 1)]).budget == 15
    for heavy in ("Bruiser", "Horde", "Leader", "Solo"):
        assert tally(4, 1, [Pick("Archer", "Ranged", 1), Pick("H", heavy, 1)]).budget == 14
    assert tally(4, 1, []).budget == 14  # nothing chosen yet: the plain budget


def test_every_adjustment_together() -> None:
    picks = [Pick("Old Archer", "Ranged", 1), Pick("Rat", "Minion", 2, count=5)]
    result = tally(4, 2, picks, Choices(easier=True, harder=True, extra_damage=True))
    # 14 - 1 (easier) - 2 (damage) + 1 (lower tier) + 1 (no heavies) + 2 (harder)
    assert result.budget == 15
    assert result.cost == 2 + 2
    assert (result.left, result.over) == (11, 0)


def test_over_budget_says_by_how_much() -> None:
    result = tally(2, 1, [Pick("Dragon", "Solo", 1), Pick("Brute", "Bruiser", 1)])
    assert (result.budget, result.cost, result.over, result.left) == (8, 9, 1, 0)


def test_bad_input_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="at least one PC"):
        base_budget(0)
    with pytest.raises(ValueError, match="unknown adversary type 'Dragonish'"):
        adversary_cost(Pick("X", "Dragonish", 1), 4)
    with pytest.raises(ValueError, match="tier is 1 to 4"):
        tally(4, 5, [])


picks = st.lists(st.builds(Pick, name=st.sampled_from("ABCDEF"),
                           type=st.sampled_from(ADVERSARY_TYPES),
                           tier=st.integers(1, 4), count=st.integers(0, 12)), max_size=8)
choices = st.builds(Choices, easier=st.booleans(), harder=st.booleans(),
                    extra_damage=st.booleans())


@given(party=st.integers(1, 8), tier=st.integers(1, 4), chosen=picks, extra=picks,
       gm=choices)
def test_cost_is_never_negative_and_adding_adversaries_never_lowers_it(
        party: int, tier: int, chosen: list[Pick], extra: list[Pick], gm: Choices) -> None:
    before = tally(party, tier, chosen, gm)
    after = tally(party, tier, chosen + extra, gm)
    assert before.cost >= 0
    assert after.cost >= before.cost
    assert before.cost == sum(adversary_cost(p, party) for p in chosen)


@given(party=st.integers(1, 8), tier=st.integers(1, 4), chosen=picks, gm=choices)
def test_the_budget_stays_within_the_adjustments_reach(party: int, tier: int,
                                                       chosen: list[Pick], gm: Choices) -> None:
    result = tally(party, tier, chosen, gm)
    # Every adjustment together moves the base by -5 (1 + 2 + 2) to +4 (1 + 1 + 2).
    assert base_budget(party) - 5 <= result.budget <= base_budget(party) + 4
    assert result.budget == sum(line.points for line in result.budget_lines)
    assert result.over == 0 or result.left == 0


@given(party=st.integers(1, 8), count=st.integers(0, 60))
def test_minions_cost_grows_by_one_for_each_further_party_sized_group(party: int,
                                                                      count: int) -> None:
    cost = adversary_cost(Pick("Rat", "Minion", 1, count), party)
    assert cost * party >= count > (cost - 1) * party or count == cost == 0


@pytest.mark.parametrize(("damage", "more"), [
    ("1d10+4 phy", "1d10+1d4+4 phy"), ("3 phy", "1d4+3 phy"), ("2d6 mag", "2d6+1d4 mag"),
    ("1d12+2 direct phy", "1d12+1d4+2 direct phy"), ("1d8-1 phy", "1d8+1d4-1 phy")])
def test_plus_1d4_damage_adds_a_d4_to_the_dice(damage: str, more: str) -> None:
    assert with_extra_damage(damage) == more


@given(st.integers(1, 4), st.sampled_from([4, 6, 8, 10, 12, 20]), st.integers(-3, 12),
       st.sampled_from(["phy", "mag", ""]))
def test_plus_1d4_raises_every_outcome_by_one_to_four(count, sides, flat, kind) -> None:
    damage = f"{count}d{sides}{flat:+d} {kind}".strip()
    before, after = dice.parse(damage), dice.parse(with_extra_damage(damage))
    assert (after.min_total, after.max_total) == (before.min_total + 1, before.max_total + 4)
    assert after.damage_type == before.damage_type
