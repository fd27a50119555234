"""Moving an adversary or environment to another tier (rules/tiers.py): NOTES.md's
interpretation in exact cases, properties over any valid stat block, and every one of the SRD's
129 adversaries one tier up and down, and back."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from encounter_app.exchange import srd
from encounter_app.rules import dice, tiers
from encounter_app.rules.daggerheart import tier_benchmarks
from encounter_app.rules.stat_blocks import adversary_problems, damage_problem

BURROWER = {
    "name": "Acid Burrower", "tier": 1, "type": "Solo", "difficulty": 14, "major": 8,
    "severe": 15, "hp": 8, "stress": 3, "attack_modifier": 3, "attack_name": "Claws",
    "attack_range": "Very Close", "damage": "1d12+2 phy", "description": "", "motives": "",
    "experiences": [{"name": "Tremor Sense", "bonus": 2}],
    "features": [
        {"name": "Relentless (3)", "kind": "Passive", "text": "It can be spotlighted up to "
         "three times per GM turn.", "fear": False, "countdown": None},
        {"name": "Spit Acid", "kind": "Action", "text": "Make an attack against all targets: "
         "on a success, deal 2d6 physical damage.", "fear": False, "countdown": None},
    ],
}
RAT = {**BURROWER, "name": "Giant Rat", "type": "Minion", "difficulty": 10, "major": None,
       "severe": None, "hp": 1, "stress": 1, "attack_modifier": -4, "damage": "1 phy",
       "features": [{"name": "Group Attack", "kind": "Action", "text": "They deal 1 physical "
                     "damage each.", "fear": False, "countdown": None}]}
CAVERN = {"name": "Collapsing Cavern", "tier": 1, "type": "Traversal", "difficulty": 10,
          "description": "", "impulses": "", "potential_adversaries": "",
          "features": [{"name": "Rockfall", "kind": "Action", "text": "Everyone within Close "
                        "range takes 1d8+3 physical damage.", "fear": False, "countdown": None},
                       {"name": "Echoes", "kind": "Passive", "text": "Sound carries far.",
                        "fear": False, "countdown": None}]}


def _form(damage: str) -> tuple[int, int, int]:
    expression = dice.parse(damage)
    count = sides = flat = 0
    for term in expression.terms:
        if isinstance(term, dice.DiceTerm):
            count, sides = term.count, term.sides
        else:
            flat += term.sign * term.value
    return count, sides, flat


def _mean(damage: str) -> Fraction:
    count, sides, flat = _form(damage)
    return Fraction(count * (sides + 1), 2) + flat


def _sizes(tier: int) -> range:
    bench = tier_benchmarks(tier)
    return range(_form(bench.damage_low)[1], _form(bench.damage_high)[1] + 1)


def _modifiers(tier: int) -> range:
    """The flat modifiers a tier's damage range runs between (tier 4: +10 to +15)."""
    bench = tier_benchmarks(tier)
    return range(_form(bench.damage_low)[2], _form(bench.damage_high)[2] + 1)


def _inside(damage: str, tier: int) -> bool:
    """``damage`` inside ``tier``'s benchmark range: tier-many dice of a size the range gives,
    and a modifier between its two."""
    count, sides, flat = _form(damage)
    return count == tier and sides in _sizes(tier) and flat in _modifiers(tier)


def _wanted_modifier(damage: str, start: int, end: int) -> int:
    """The modifier that puts ``damage`` nearest its place in ``end``'s range, before the range
    holds it between its own (halves rounded up)."""
    before, after = tiers.adversary_damage(start), tiers.adversary_damage(end)
    target = after.low + (_mean(damage) - before.low) / before.width * after.width
    sides = min(max(_form(damage)[1], min(_sizes(end))), max(_sizes(end)))
    return math.floor(target - Fraction(end * (sides + 1), 2) + Fraction(1, 2))


# -- exact cases --------------------------------------------------------------------------------


def test_the_acid_burrower_at_tier_3():
    moved = tiers.move_adversary(BURROWER, 3)
    # Shifted by the benchmarks: attack +1 -> +3, Difficulty 11 -> 17, thresholds 7/12 -> 20/32.
    assert (moved["tier"], moved["attack_modifier"], moved["difficulty"]) == (3, 5, 20)
    assert (moved["major"], moved["severe"]) == (8 + 13, 15 + 20)
    # The rulebook's +1..3 from tier 1-2 to 3-4: the default is +2.
    assert (moved["hp"], moved["stress"]) == (10, 5)
    # 1d12+2 averages 8.5, 0.6 of the way from 1d6+2 (5.5) to 1d12+4 (10.5); at tier 3 that
    # is 16.5 + 0.6 x 8 = 21.3, and three d12 (19.5) need +2 (1.8 rounded), which tier 3's
    # range (3d8+3 to 3d12+5) raises to its least modifier, +3.
    assert moved["damage"] == "3d12+3 phy"
    # Everything else is the stat block's own.
    assert {k: v for k, v in moved.items() if k not in tiers_fields()} == {
        k: v for k, v in BURROWER.items() if k not in tiers_fields()}


def tiers_fields() -> set[str]:
    return {"tier", "attack_modifier", "difficulty", "major", "severe", "hp", "stress",
            "damage"}


def test_the_burrower_comes_back_from_tier_3_whole_but_for_its_raised_modifier():
    # 3d12+3 sits 0.75 along tier 3's range: 5.5 + 0.75 x 5 = 9.25 at tier 1, 1d12+3 (2.75
    # rounded): the +1 the range added on the way up stays.
    assert tiers.move_adversary(tiers.move_adversary(BURROWER, 3), 1) == {
        **BURROWER, "damage": "1d12+3 phy"}


def test_a_minion_keeps_no_thresholds_and_its_one_hp():
    moved = tiers.move_adversary(RAT, 4)
    assert (moved["major"], moved["severe"], moved["hp"], moved["stress"]) == (None, None, 1, 1)
    assert (moved["attack_modifier"], moved["difficulty"]) == (-4 + 3, 10 + 9)
    # A number alone stays a number: 1 is 0.9 below tier 1's range (5 wide); at tier 2 that
    # is 10 - 0.9 x 7 = 3.7.
    assert tiers.move_adversary(RAT, 2)["damage"] == "4 phy"
    assert tiers.move_adversary(RAT, 4)["damage"] == "16 phy"


@pytest.mark.parametrize("start", [1, 2, 3, 4])
@pytest.mark.parametrize("end", [1, 2, 3, 4])
def test_the_ends_of_one_range_are_the_ends_of_the_other(start, end):
    old, new = tier_benchmarks(start), tier_benchmarks(end)
    before, after = tiers.adversary_damage(start), tiers.adversary_damage(end)
    low = tiers.place(old.damage_low, before, after, end)
    high = tiers.place(old.damage_high, before, after, end)
    assert low is not None and high is not None
    # The top is the top; the bottom is the lowest the range allows with a die it allows
    # (tier 3's 3d8+3 is 1d8+2 at tier 1: a d8 is a tier 1 die, +2 its least modifier).
    assert high == new.damage_high
    assert _form(low)[0] == _form(high)[0] == end
    assert _form(low)[2] == _form(new.damage_low)[2]
    if _form(old.damage_low)[1] in _sizes(end):
        assert _form(low)[1] == _form(old.damage_low)[1]
    else:
        assert low == new.damage_low


@pytest.mark.parametrize(("damage", "tier", "expected"), [
    ("1d8+3 direct mag", 2, "2d8+4 direct mag"),  # the type and "direct" kept
    ("1d8+3 phy/mag", 2, "2d8+4 phy/mag"),
    ("1d20 phy", 3, "3d12+5 phy"),  # beyond every range: the largest die, at the top
    ("1d6+2 phy", 3, "3d8+3 phy"),  # d6 is not a tier 3 die: the range's smallest
    ("1d4+2 phy", 3, "3d8+3 phy"),  # below tier 1's range: the bottom of tier 3's
    # Far above the range (4.2 ranges above its bottom): held at the new range's top.
    ("1d12+20 phy", 2, "2d12+4 phy"),
    ("2d10+5 phy", 2, "2d10+4 phy"),  # a tier's own damage, moved to its tier, inside it
    ("1d10+3 phy", 4, "4d10+14 phy"),  # 0.6 along: 35.8 wants +14, the range allows it...
    ("1d10+4 phy", 4, "4d10+15 phy"),  # ...0.8 along: 38.4 wants +16, held at +15
])
def test_damage_placed(damage, tier, expected):
    assert tiers.move_adversary({**BURROWER, "damage": damage}, tier)["damage"] == expected


def test_damage_that_is_not_one_term_is_kept_and_said():
    move = tiers.plan_adversary({**BURROWER, "damage": "2d20kh1+3 phy"}, 2)
    assert move.stats["damage"] == "2d20kh1+3 phy"
    assert any("2d20kh1+3 phy" in note for note in move.notes)


def test_features_that_deal_damage_are_listed_not_rewritten():
    move = tiers.plan_adversary(BURROWER, 3)
    assert move.stats["features"] == BURROWER["features"]
    [spit] = move.check
    # 2d6 (7) sits 0.3 of the way along tier 1's range; at tier 3, 16.5 + 2.4 = 18.9: 3d8+5.
    assert (spit.feature, spit.damage, spit.suggestion) == ("Spit Acid", "2d6", "3d8+5")
    [group] = tiers.plan_adversary(RAT, 2).check
    assert (group.damage, group.suggestion) == ("1 physical", "4 phy")


@pytest.mark.parametrize(("start", "end", "extra"), [
    (1, 3, 2), (2, 3, 2), (2, 4, 2), (3, 1, -2), (4, 2, -2), (1, 2, 0), (3, 4, 0), (2, 2, 0)])
def test_hp_and_stress_by_default(start, end, extra):
    assert tiers.default_toughness(start, end) == extra


def test_hp_and_stress_as_the_gm_says():
    moved = tiers.move_adversary(BURROWER, 3, toughness=3)
    assert (moved["hp"], moved["stress"]) == (11, 6)


def test_a_clamped_number_is_said():
    low = {**BURROWER, "tier": 2, "difficulty": 2, "major": 4, "severe": 6}
    move = tiers.plan_adversary(low, 1)
    assert (move.stats["difficulty"], move.stats["major"], move.stats["severe"]) == (1, 1, 2)
    assert move.notes == ("Difficulty would be -1: kept at 1, the limit of a stat block.",
                          "The Severe threshold would be -2: kept at 2, the limit of a stat "
                          "block.")


@pytest.mark.parametrize("tier", [0, 5])
def test_tiers_run_from_1_to_4(tier):
    with pytest.raises(ValueError, match="tiers run from 1 to 4"):
        tiers.move_adversary(BURROWER, tier)


@pytest.mark.parametrize(("name", "tier", "expected"), [
    ("Bear", 3, "Bear (Tier 3)"), ("Bear (Tier 3)", 2, "Bear (Tier 2)"),
    ("Bear (tier 1) ", 4, "Bear (Tier 4)"), ("(Tier 2)", 3, "(Tier 2) (Tier 3)")])
def test_tier_names(name, tier, expected):
    assert tiers.tier_name(name, tier) == expected


def test_an_environment_takes_its_new_tiers_column():
    move = tiers.plan_environment(CAVERN, 3)
    assert (move.stats["tier"], move.stats["difficulty"]) == (3, 17)
    assert move.stats["features"] == CAVERN["features"]
    # 1d8+3 is the top of tier 1's 1d6+1..1d8+3; the top of tier 3's (3d8+3 to 3d10+1) is
    # 17.5: three d8 would need +4, and the range's modifiers run from +1 to +3.
    [rockfall] = move.check
    assert (rockfall.feature, rockfall.damage, rockfall.suggestion) == (
        "Rockfall", "1d8+3", "3d8+3")
    assert [tiers.move_environment(CAVERN, t)["difficulty"] for t in (1, 2, 3, 4)] == [
        11, 14, 17, 20]


@pytest.mark.parametrize(("text", "found"), [
    ("deal 2d6+3 physical damage", ("2d6+3",)), ("take 1d4 + 1 magic", ("1d4 + 1",)),
    ("they deal 3 physical damage", ("3 physical",)), ("Horde (1d4+1)", ("1d4+1",)),
    ("mark 2 Stress", ()), ("spend a Fear", ())])
def test_damage_in_a_features_words(text, found):
    assert tiers.damage_in(text) == found


# -- properties ---------------------------------------------------------------------------------


@st.composite
def valid_adversaries(draw, *, minion: bool | None = None):
    kind = draw(st.sampled_from(["Minion", "Solo", "Bruiser", "Horde (3/HP)", "Standard"])
                if minion is None else st.just("Minion" if minion else "Standard"))
    major = severe = None
    if kind != "Minion":
        major = draw(st.integers(1, 60))
        severe = draw(st.integers(major + 1, 99))
    count = draw(st.integers(0, 6))
    sides = draw(st.sampled_from([4, 6, 8, 10, 12, 20]))
    flat = draw(st.integers(0 if count else 1, 20))
    damage = (f"{count}d{sides}" + (f"+{flat}" if flat else "")) if count else str(flat)
    return {**BURROWER, "type": kind, "tier": draw(st.integers(1, 4)),
            "difficulty": draw(st.integers(1, 40)), "major": major, "severe": severe,
            "hp": draw(st.integers(1, 50)), "stress": draw(st.integers(0, 50)),
            "attack_modifier": draw(st.integers(-10, 20)),
            "damage": damage + draw(st.sampled_from([" phy", " mag", " direct phy"]))}


@given(valid_adversaries(), st.integers(1, 4))
def test_a_valid_stat_block_stays_valid_at_any_tier(stats, tier):
    assert adversary_problems(stats) == {}
    move = tiers.plan_adversary(stats, tier)
    assert adversary_problems(move.stats) == {}, move.notes
    count, _sides, _flat = _form(move.stats["damage"])
    assert count == (tier if _form(stats["damage"])[0] else 0)
    assert dice.parse(move.stats["damage"]).damage_label == dice.parse(
        stats["damage"]).damage_label


@given(valid_adversaries(), st.integers(1, 4))
def test_shifts_are_the_benchmarks_differences_unless_said(stats, tier):
    move = tiers.plan_adversary(stats, tier)
    assume(not move.notes)
    old, new = tier_benchmarks(stats["tier"]), tier_benchmarks(tier)
    assert move.stats["attack_modifier"] - stats["attack_modifier"] == new.attack - old.attack
    assert move.stats["difficulty"] - stats["difficulty"] == new.difficulty - old.difficulty
    if stats["major"] is not None:
        assert move.stats["major"] - stats["major"] == new.major - old.major
        assert move.stats["severe"] - stats["severe"] == new.severe - old.severe


@given(valid_adversaries(), st.integers(1, 4))
def test_moved_dice_damage_is_inside_the_range_its_tier_cites(stats, tier):
    damage = tiers.move_adversary(stats, tier)["damage"]
    if _form(stats["damage"])[0]:  # a number alone (a Minion's) stays a number
        assert _inside(damage, tier), (stats["damage"], stats["tier"], damage)


@given(valid_adversaries(minion=True), st.integers(1, 4))
def test_minions_never_get_thresholds(stats, tier):
    moved = tiers.move_adversary(stats, tier)
    assert (moved["major"], moved["severe"]) == (None, None)
    assert (moved["hp"], moved["stress"]) == (stats["hp"], stats["stress"])


@given(st.integers(1, 4), st.integers(1, 4), st.sampled_from([8, 10, 12, 20]),
       st.integers(0, 30), st.integers(0, 30))
def test_more_damage_never_lands_lower(start, end, sides, flat, more):
    before, after = tiers.adversary_damage(start), tiers.adversary_damage(end)
    low = tiers.place(f"{start}d{sides}+{flat}", before, after, end)
    high = tiers.place(f"{start}d{sides}+{flat + more}", before, after, end)
    assert low is not None and high is not None
    assert _mean(low) <= _mean(high)


@given(st.integers(1, 3), st.data())
def test_up_then_down_gives_the_original_where_reversible(start, data):
    end = data.draw(st.integers(start + 1, 4))
    # Reversible (the module's docstring): as many dice as the tier, a die both tiers allow,
    # a modifier within its tier's that the new range need not hold, nothing clamped.
    sides = data.draw(st.sampled_from([s for s in (4, 6, 8, 10, 12, 20)
                                       if s in _sizes(start) and s in _sizes(end)]))
    flat = data.draw(st.sampled_from(_modifiers(start)))
    stats = {**data.draw(valid_adversaries()), "tier": start,
             "damage": f"{start}d{sides}+{flat} phy"}
    assume(_wanted_modifier(stats["damage"], start, end) in _modifiers(end))
    move = tiers.plan_adversary(stats, end)
    assume(not move.notes)
    assert tiers.move_adversary(move.stats, start) == stats


@given(valid_adversaries(), st.integers(1, 4), st.integers(1, 4))
def test_there_and_back_always_keeps_the_shifted_numbers(stats, start, end):
    stats = {**stats, "tier": start}
    move = tiers.plan_adversary(stats, end)
    assume(not move.notes)
    back = tiers.plan_adversary(move.stats, start)
    assume(not back.notes)
    for field in ("tier", "attack_modifier", "difficulty", "major", "severe", "hp", "stress"):
        assert back.stats[field] == stats[field], field
    assert damage_problem(back.stats["damage"]) == ""


# -- the SRD's 129 ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def srd_blocks(srd_file):
    problems: list[object] = []
    blocks = srd.read(json.loads(srd_file.read_text(encoding="utf-8-sig")), problems, [])
    assert not problems
    return [block.to_json() for block in blocks]


def _neighbours(tier: int) -> list[int]:
    return [t for t in (tier - 1, tier + 1) if 1 <= t <= 4]


def test_every_srd_adversary_moves_one_tier_up_and_down(srd_blocks):
    assert len(srd_blocks) == 129
    moves = 0
    for stats in srd_blocks:
        for tier in _neighbours(stats["tier"]):
            moves += 1
            what = f"{stats['name']} to tier {tier}"
            move = tiers.plan_adversary(stats, tier)
            moved = move.stats
            assert move.notes == (), what
            old, new = tier_benchmarks(stats["tier"]), tier_benchmarks(tier)
            # The shifts of the interpretation, exactly.
            assert moved["attack_modifier"] == stats["attack_modifier"] + new.attack - old.attack
            assert moved["difficulty"] == stats["difficulty"] + new.difficulty - old.difficulty
            if stats["type"] == "Minion":
                assert (moved["major"], moved["severe"]) == (None, None), what
                assert (moved["hp"], moved["stress"]) == (stats["hp"], stats["stress"])
            else:
                for field, shift in (("major", new.major - old.major),
                                     ("severe", new.severe - old.severe)):
                    assert moved[field] == (None if stats[field] is None
                                            else stats[field] + shift), what
                extra = tiers.default_toughness(stats["tier"], tier)
                assert (moved["hp"], moved["stress"]) == (stats["hp"] + extra,
                                                          stats["stress"] + extra)
            # The damage: a valid expression, with its type, tier-many dice, the same die
            # where the new tier allows it, inside the new range, at the same place in it
            # (to the rounding of the modifier, unless the range held it at one of its ends).
            assert damage_problem(moved["damage"]) == "", what
            assert dice.parse(moved["damage"]).damage_label == dice.parse(
                stats["damage"]).damage_label
            count, sides, _flat = _form(stats["damage"])
            new_count, new_sides, new_flat = _form(moved["damage"])
            if count == 0:  # a number alone: a Minion's
                assert (new_count, new_flat >= 1) == (0, True), what
                continue
            assert new_count == tier and _inside(moved["damage"], tier), what
            if sides in _sizes(tier):
                assert new_sides == sides, what
            before, after = tiers.adversary_damage(stats["tier"]), tiers.adversary_damage(tier)
            spot = (_mean(stats["damage"]) - before.low) / before.width
            target = after.low + spot * after.width
            held = new_flat in (min(_modifiers(tier)), max(_modifiers(tier)))
            if new_sides == sides and not held:
                assert abs(_mean(moved["damage"]) - target) <= Fraction(1, 2), what
    assert moves == 2 * 129 - sum(s["tier"] in (1, 4) for s in srd_blocks)


def test_every_srd_adversary_at_every_tier_deals_damage_inside_the_range_it_cites(srd_blocks):
    """A tier move once suggested 2d10+5 at tier 2 and 4d10+16 at tier 4, beside ranges of
    2d6+3 to 2d12+4 and 4d8+10 to 4d12+15: the dice and the modifier now lie inside, the
    feature damage suggested too."""
    for stats in srd_blocks:
        for tier in (1, 2, 3, 4):
            move = tiers.plan_adversary(stats, tier)
            what = f"{stats['name']} ({stats['damage']}) to tier {tier}: {move.stats['damage']}"
            if _form(stats["damage"])[0]:  # a Minion's number alone stays a number
                assert _inside(move.stats["damage"], tier), what
            for feature in move.check:
                if feature.suggestion is not None and _form(feature.suggestion)[0]:
                    assert _inside(feature.suggestion, tier), (what, feature)


def _reversible(stats: dict[str, object], moved: dict[str, object]) -> bool:
    """The module's docstring: tier-many dice, a die both tiers allow, a modifier within its
    tier's that the new range need not hold, and the first move up."""
    damage = str(stats["damage"])
    count, sides, flat = _form(damage)
    tier, end = int(str(stats["tier"])), int(str(moved["tier"]))
    both = sides in _sizes(tier) and sides in _sizes(end)
    return end > tier and (count == 0 or (
        count == tier and both and flat in _modifiers(tier)
        and _wanted_modifier(damage, tier, end) in _modifiers(end)))


def test_every_srd_adversary_comes_back(srd_blocks):
    reversible = exact = 0
    for stats in srd_blocks:
        for tier in _neighbours(stats["tier"]):
            what = f"{stats['name']} to tier {tier} and back"
            moved = tiers.move_adversary(stats, tier)
            back = tiers.move_adversary(moved, stats["tier"])
            # Always: the shifted numbers, HP and Stress, and everything not moved.
            assert {k: v for k, v in back.items() if k != "damage"} == {
                k: v for k, v in stats.items() if k != "damage"}, what
            assert damage_problem(back["damage"]) == "", what
            if _reversible(stats, moved):
                reversible += 1
                exact += back["damage"] == stats["damage"]
                assert back["damage"] == stats["damage"], what
            elif _form(stats["damage"])[0]:
                # Not reversible, still the old tier's dice count and the same place, to
                # a point or so of rounding either way.
                assert _form(back["damage"])[0] == stats["tier"], what
    # Most of the SRD is tier-shaped: count it, so a change to the interpretation shows.
    assert reversible == exact == 32
