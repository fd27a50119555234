"""Moving a Daggerheart adversary or environment to another tier, by the SRD's benchmarks.

Pure: it reads and returns the plain dict a stat block turns into (``StatBlock.to_json()``,
``EnvironmentBlock.to_json()``: ``Plain`` values), so the rules layer needs nothing above it.

**Interpretation** (shared/rules/NOTES.md, "Adversary stat block benchmarks by tier"):

- The attack modifier, the Difficulty and the Major and Severe thresholds are *shifted* by the
  difference between the two tiers' benchmarks (tier 1 to 3: attack +2, Difficulty +6,
  thresholds +13/+20). A Minion keeps no thresholds.
- The standard attack's damage is put at the *same place in the new tier's range*, and
  *inside* that range, which a tier's benchmark gives as its lowest and highest damage (tier 2:
  2d6+3 to 2d12+4). The place is where its average lies between the averages of the tier's
  lowest and highest usual damage (tier 1: 1d6+2 = 5.5 to 1d12+4 = 10.5), 0 at the lowest and
  1 at the highest, below 0 or above 1 outside the range. The new damage has as many dice as
  the new tier; the same die size where the new range allows it, otherwise the range's nearest
  die (a d4 or d6 taken to tier 3-4 becomes a d8, a d20 a d12); and the flat modifier that
  brings its average nearest that place (halves rounded up), clamped between the range's two
  modifiers (tier 2: +3 to +4; tier 4: +10 to +15), so a place beyond either end lands on that
  end. A damage of only a number (a Minion's "3 phy": the benchmarks give dice, not numbers)
  stays a number, at least 1, at the same place by its average. The damage type and "direct"
  are kept. An expression of several dice terms or a keep ("2d20kh1") is left as it is and
  said in ``Move.notes``.
- HP and Stress: the core rulebook (not in the SRD) raises both by 1-3 when an adversary moves
  from tier 1-2 up to tier 3-4; the default here is DEFAULT_TOUGHNESS (+2), and the same taken
  off when it moves from 3-4 down to 1-2. The GM edits it in the preview. A Minion keeps its
  HP and Stress: any damage defeats it at every tier.
- Features whose text names damage are never rewritten: ``Move.check`` lists them, with the
  same place in the new tier's range as a suggestion, as the core rulebook advises.
- Every number stays inside what a stat block allows (rules/stat_blocks.py): a Difficulty of
  at least 1, a Severe threshold above the Major one...; where that clamps one, ``notes`` says.

**What comes back.** Moving up then down (or down then up) gives back the attack modifier, the
Difficulty and the thresholds exactly, always (unless a number was clamped), and the HP and
Stress with the default toughness. The damage comes back exactly when its dice count was its
tier's, its die size was allowed in both tiers, its modifier lay within its tier's (so the
range held nothing back on the way out or back), and the first move was *up*: the ranges
widen with the tier (5, 7, 8, 13 between their averages), so the rounding of the first move
is less than half a point on the way back. These are not reversible: a dice count other than
the tier ("2d12+2" at tier 3 comes back as 3d12+...), a die the range does not allow (a d4,
a d20, a d6 taken to tier 3-4), a modifier clamped to the range's, and a move down then up,
whose rounding can come back one off.

Environments (NOTES.md): "replace its statistics with the column of the party's tier": the
Difficulty becomes the new tier's (11/14/17/20). An environment's damage is in its features'
text, listed in ``check`` with the same place in the environment damage range of the new tier
(1d6+1 to 1d8+3 / 2d6+3 to 2d10+2 / 3d8+3 to 3d10+1 / 4d8+3 to 4d10+10).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from encounter_app.rules import dice
from encounter_app.rules.daggerheart import tier_benchmarks
from encounter_app.rules.stat_blocks import (
    ATTACK_MODIFIER,
    DIFFICULTY,
    HP,
    STRESS,
    THRESHOLD,
    Plain,
    base_type,
    entries,
)

DEFAULT_TOUGHNESS = 2  # HP and Stress added from tier 1-2 to 3-4 (the rulebook's 1 to 3)
ENVIRONMENT_DIFFICULTY = MappingProxyType({1: 11, 2: 14, 3: 17, 4: 20})
_ENVIRONMENT_DAMAGE = MappingProxyType({
    1: ("1d6+1", "1d8+3"), 2: ("2d6+3", "2d10+2"), 3: ("3d8+3", "3d10+1"),
    4: ("4d8+3", "4d10+10"),
})
_TIER_SUFFIX = re.compile(r"\s*\(\s*tier\s*\d+\s*\)\s*$", re.IGNORECASE)
# Damage in a feature's words: dice ("2d6+3", "1d4 + 1") or a number before its type.
_DAMAGE_IN_TEXT = re.compile(
    r"\b\d*d\d+(?:\s*[+\-\u2212]\s*\d+)?\b"
    r"|\b\d+\s+(?:direct\s+)?(?:physical|magic|magical|phy|mag)\b",
    re.IGNORECASE)


@dataclass(frozen=True)
class DamageRange:
    """A tier's usual damage: the averages of its lowest and highest expressions, their die
    sizes, and the least and most of their flat modifiers (an environment's range can have the
    larger modifier at its low end: 2d6+3 to 2d10+2)."""

    low: Fraction
    high: Fraction
    smallest_die: int
    largest_die: int
    least_modifier: int
    most_modifier: int

    @property
    def width(self) -> Fraction:
        return self.high - self.low

    @classmethod
    def between(cls, low: str, high: str) -> DamageRange:
        low_form, high_form = _simple(dice.parse(low)), _simple(dice.parse(high))
        assert low_form is not None and high_form is not None
        return cls(_mean(*low_form), _mean(*high_form), low_form[1], high_form[1],
                   min(low_form[2], high_form[2]), max(low_form[2], high_form[2]))


def adversary_damage(tier: int) -> DamageRange:
    """The usual standard-attack damage of ``tier`` (tier_benchmarks)."""
    bench = tier_benchmarks(tier)
    return DamageRange.between(bench.damage_low, bench.damage_high)


def environment_damage(tier: int) -> DamageRange:
    """An environment's usual damage at ``tier`` (NOTES.md)."""
    tier_benchmarks(tier)  # the same ValueError outside 1-4
    return DamageRange.between(*_ENVIRONMENT_DAMAGE[tier])


@dataclass(frozen=True)
class FeatureDamage:
    """A feature whose text names damage: its name, the damage as written, and the same place
    in the new tier's range (None when it is not one dice term and a modifier)."""

    feature: str
    damage: str
    suggestion: str | None


@dataclass(frozen=True)
class Move:
    """A stat block moved to another tier: the new numbers, the features to check by hand, and
    what the move could not do as the interpretation says."""

    stats: dict[str, Plain]
    check: tuple[FeatureDamage, ...] = ()
    notes: tuple[str, ...] = ()


# --- damage ------------------------------------------------------------------------------------


def _simple(expression: dice.DiceExpression) -> tuple[int, int, int] | None:
    """(count, sides, modifier) of "NdS+F" (one die term, any flat terms); (0, 0, F) of a number
    alone; None for anything else (several dice terms, a keep, a subtracted die)."""
    dice_terms = [t for t in expression.terms if isinstance(t, dice.DiceTerm)]
    flat = sum(t.sign * t.value for t in expression.terms if isinstance(t, dice.FlatTerm))
    if not dice_terms:
        return 0, 0, flat
    if len(dice_terms) > 1 or dice_terms[0].keep or dice_terms[0].sign < 0:
        return None
    return dice_terms[0].count, dice_terms[0].sides, flat


def _mean(count: int, sides: int, flat: int) -> Fraction:
    return Fraction(count * (sides + 1), 2) + flat


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def _die(sides: int, new: DamageRange) -> int:
    """The die size at the new tier: the same where the new range allows it, else the range's
    nearest (its smallest or its largest)."""
    return min(max(sides, new.smallest_die), new.largest_die)


def place(damage: str, old: DamageRange, new: DamageRange, count: int) -> str | None:
    """``damage`` at the same place in ``new`` as it has in ``old``, with ``count`` dice (see
    the module's interpretation); None when it is not one dice term and a modifier.

    >>> place("1d12+2 phy", adversary_damage(1), adversary_damage(3), 3)
    '3d12+3 phy'
    """
    expression = dice.parse(damage)
    form = _simple(expression)
    if form is None:
        return None
    old_count, sides, flat = form
    spot = (_mean(old_count, sides, flat) - old.low) / old.width
    target = new.low + spot * new.width
    if old_count == 0:  # a number alone stays a number
        new_count, new_sides, new_flat = 0, 0, max(1, _half_up(target))
    else:
        new_count, new_sides = count, _die(sides, new)
        new_flat = _half_up(target - _mean(new_count, new_sides, 0))
        new_flat = min(max(new_flat, new.least_modifier), new.most_modifier)
    return _text(new_count, new_sides, new_flat, expression.damage_label)


def _text(count: int, sides: int, flat: int, label: str | None) -> str:
    text = str(flat) if count == 0 else f"{count}d{sides}" + (f"{flat:+d}" if flat else "")
    return f"{text} {label}" if label else text


def damage_in(text: str) -> tuple[str, ...]:
    """The damage a feature's text names, as written ("1d10+3", "2 physical")."""
    return tuple(m.group(0) for m in _DAMAGE_IN_TEXT.finditer(text))


def _check(features: object, old: DamageRange, new: DamageRange, tier: int
           ) -> tuple[FeatureDamage, ...]:
    found: list[FeatureDamage] = []
    for feature in entries(features):
        for written in damage_in(str(feature.get("text") or "")):
            suggestion = None
            try:
                form = _simple(dice.parse(written))
            except dice.DiceError:
                form = None
            if form is not None:
                suggestion = place(written, old, new, tier)
            found.append(FeatureDamage(str(feature.get("name") or ""), written, suggestion))
    return tuple(found)


# --- names -------------------------------------------------------------------------------------


def tier_name(name: str, tier: int) -> str:
    """The name of a moved copy: "Bear" -> "Bear (Tier 3)", "Bear (Tier 3)" -> "Bear (Tier 2)"."""
    return f"{_TIER_SUFFIX.sub('', name).strip() or name.strip()} (Tier {tier})"


# --- adversaries -------------------------------------------------------------------------------


def default_toughness(from_tier: int, to_tier: int) -> int:
    """HP and Stress added by default: +2 from tier 1-2 to 3-4, -2 back, else 0."""
    low_before, low_after = from_tier <= 2, to_tier <= 2
    if low_before and not low_after:
        return DEFAULT_TOUGHNESS
    if low_after and not low_before:
        return -DEFAULT_TOUGHNESS
    return 0


def whole(stats: Mapping[str, Plain], key: str) -> int:
    """The number ``stats[key]`` holds (a stat block's dict holds whole numbers there); a
    TypeError names the field when it holds no number."""
    value = stats[key]
    if isinstance(value, int | float | str):
        return int(value)
    raise TypeError(f"{key} is not a number: {value!r}")


def _clamp(value: int, bounds: tuple[int, int], what: str, notes: list[str]) -> int:
    low, high = bounds
    kept = min(max(value, low), high)
    if kept != value:
        notes.append(f"{what} would be {value}: kept at {kept}, the limit of a stat block.")
    return kept


def plan_adversary(stats: Mapping[str, Plain], to_tier: int, *,
                   toughness: int | None = None) -> Move:
    """``stats`` (a StatBlock's dict) moved to ``to_tier`` by the module's interpretation.

    ``toughness``: HP and Stress added (taken off when negative); None takes
    :func:`default_toughness`. Raises ValueError for a tier outside 1-4.
    """
    from_tier = whole(stats, "tier")
    old, new = tier_benchmarks(from_tier), tier_benchmarks(to_tier)
    old_range, new_range = adversary_damage(from_tier), adversary_damage(to_tier)
    notes: list[str] = []
    moved = dict(stats)
    moved["tier"] = to_tier
    moved["attack_modifier"] = _clamp(whole(stats, "attack_modifier") + new.attack - old.attack,
                                      ATTACK_MODIFIER, "The attack modifier", notes)
    moved["difficulty"] = _clamp(whole(stats, "difficulty") + new.difficulty - old.difficulty,
                                 DIFFICULTY, "Difficulty", notes)
    if base_type(str(stats.get("type") or "")) == "Minion":
        moved["major"] = moved["severe"] = None
    else:
        has_major, has_severe = stats.get("major") is not None, stats.get("severe") is not None
        lowest_severe = THRESHOLD[0]
        if has_major:  # below the highest: a Severe above it must fit too
            top = THRESHOLD[1] - has_severe
            major = _clamp(whole(stats, "major") + new.major - old.major, (THRESHOLD[0], top),
                           "The Major threshold", notes)
            moved["major"], lowest_severe = major, major + 1
        if has_severe:
            moved["severe"] = _clamp(whole(stats, "severe") + new.severe - old.severe,
                                     (lowest_severe, THRESHOLD[1]), "The Severe threshold", notes)
        extra = default_toughness(from_tier, to_tier) if toughness is None else toughness
        moved["hp"] = _clamp(whole(stats, "hp") + extra, HP, "HP", notes)
        moved["stress"] = _clamp(whole(stats, "stress") + extra, STRESS, "Stress", notes)
    damage = str(stats["damage"])
    placed = place(damage, old_range, new_range, to_tier)
    if placed is None:
        notes.append(f"The damage {damage} is not one dice term and a modifier: it is kept "
                     "as it was; set it by hand.")
    else:
        moved["damage"] = placed
    return Move(moved, _check(stats.get("features"), old_range, new_range, to_tier),
                tuple(notes))


def move_adversary(stats: Mapping[str, Plain], to_tier: int, *,
                   toughness: int | None = None) -> dict[str, Plain]:
    """The stat block's dict at ``to_tier``: :func:`plan_adversary`'s numbers."""
    return plan_adversary(stats, to_tier, toughness=toughness).stats


# --- environments ------------------------------------------------------------------------------


def plan_environment(stats: Mapping[str, Plain], to_tier: int) -> Move:
    """An environment's dict at ``to_tier``: the Difficulty of that tier's column; the features
    that name damage listed with the same place in the new tier's environment range."""
    from_tier = whole(stats, "tier")
    old_range, new_range = environment_damage(from_tier), environment_damage(to_tier)
    moved = dict(stats)
    moved["tier"] = to_tier
    moved["difficulty"] = ENVIRONMENT_DIFFICULTY[to_tier]
    return Move(moved, _check(stats.get("features"), old_range, new_range, to_tier))


def move_environment(stats: Mapping[str, Plain], to_tier: int) -> dict[str, Plain]:
    """The environment's dict at ``to_tier``: :func:`plan_environment`'s numbers."""
    return plan_environment(stats, to_tier).stats
