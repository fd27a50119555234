"""Where an adversary's numbers fall among the library's adversaries of its tier and type, and the
SRD's benchmark for its tier: the guidance the stat-block editor shows as the GM types.

Pure: it reads the plain dict a stat block turns into (``StatBlock.to_json()``, or what the
editor's fields say), so the editor and the library share it. Guidance never blocks anything:
a GM may write an unusual adversary on purpose.

**Interpretations** (not written in the source; change them here):

- *Usual*: within the middle 80% of the peers' numbers, from the 10th to the 90th percentile,
  each found by linear interpolation between the two nearest ranks (numpy's default and
  ``statistics.quantiles(method="inclusive")``), computed exactly with fractions.
  *Unusual*: outside that but within the lowest..highest peer. *Outside*: beyond every peer.
- *Peers*: the library's adversaries of the same tier and type (a Horde of any size is a
  Horde). With fewer than ``MIN_PEERS`` of them, all of the tier's adversaries instead; never
  for a Minion, whose one HP, one Stress and damage of a number are not the tier's others'
  kind: a Minion is compared with its tier's Minions alone. A number with fewer than
  ``MIN_VALUES`` peers having it gets no band ("too few to compare").
- *Damage*: its number is the average roll, halfway between its lowest and highest total
  (exact for plain dice, which are symmetric; a close reading for kept dice).
- HP and Stress have no benchmark in the SRD's table: only the library's spread guides them.
- *A new adversary's numbers* (``defaults``): the tier's benchmark, moved into the usual range
  of its peers where the library has one (the benchmarks are the SRD's round numbers; the
  library's adversaries of a type can sit beside them: tier 1 Standards' Major threshold is
  usually 4-6, the benchmark 7), so the guidance beside each number calls it usual. Damage is
  the tier's dice (as many as the tier, the range's middle die and modifier: tier 2's 2d8+4
  between 2d6+3 and 2d12+4), the dice in the range nearest the peers' usual average where
  that is elsewhere; a Minion's is a number (the peers' usual middle, else half the
  tier's lowest damage). HP and Stress, without a benchmark, are the middle of the peers'
  usual range, else ``DEFAULT_HP`` and ``DEFAULT_STRESS`` (a Minion's 1 and 1).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from encounter_app.rules import dice
from encounter_app.rules.daggerheart import tier_benchmarks
from encounter_app.rules.stat_blocks import Plain, base_type

MIN_PEERS = 5  # fewer of the same tier and type: compare with the whole tier
MIN_VALUES = 3  # fewer numbers than this say nothing about a spread
DEFAULT_HP, DEFAULT_STRESS = 5, 3  # a new adversary's, when the library cannot say
LOW, HIGH = Fraction(1, 10), Fraction(9, 10)  # the middle 80%

# The numbers guided, in the editor's order, with the words for them.
LABELS = {"difficulty": "Difficulty", "major": "Major", "severe": "Severe", "hp": "HP",
          "stress": "Stress", "attack_modifier": "Attack", "damage": "Damage"}
NUMBERS = tuple(LABELS)

_PLURALS = {"Bruiser": "Bruisers", "Horde": "Hordes", "Leader": "Leaders", "Minion": "Minions",
            "Skulk": "Skulks", "Solo": "Solos"}


class Band(Enum):
    USUAL = "within the usual range"
    UNUSUAL = "unusual"
    OUTSIDE = "outside anything in the library"


def damage_average(text: str) -> Fraction | None:
    """The average roll of a damage expression ("1d12+2 phy" -> 17/2); None if it is not one."""
    try:
        expression = dice.parse(text)
    except dice.DiceError:
        return None
    return Fraction(expression.min_total + expression.max_total, 2)


def number_of(block: Mapping[str, object], key: str) -> Fraction | None:
    """One guided number of a stat block's dict; None when it has none (a Minion's thresholds)
    or the field does not hold a number."""
    value = block.get(key)
    if key == "damage":
        return damage_average(str(value or ""))
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return Fraction(value)


@dataclass(frozen=True)
class Numbers:
    """One adversary's tier, type and guided numbers, as plain data."""

    tier: int
    type: str  # the base type: "Horde", not "Horde (3/HP)"
    values: tuple[tuple[str, Fraction], ...]

    def get(self, key: str) -> Fraction | None:
        return dict(self.values).get(key)


def numbers_from(block: Mapping[str, object]) -> Numbers:
    values = ((key, number_of(block, key)) for key in NUMBERS)
    return Numbers(tier_of(block), base_type(str(block.get("type") or "")),
                   tuple((k, v) for k, v in values if v is not None))


def percentile(ordered: Sequence[Fraction], q: Fraction) -> Fraction:
    """The ``q`` quantile of sorted numbers by linear interpolation between the nearest ranks."""
    if not ordered:
        raise ValueError("no numbers to take a percentile of")
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


@dataclass(frozen=True)
class Spread:
    """The peers' numbers for one field, sorted."""

    values: tuple[Fraction, ...]

    @property
    def lowest(self) -> Fraction:
        return self.values[0]

    @property
    def highest(self) -> Fraction:
        return self.values[-1]

    @property
    def usual_low(self) -> Fraction:
        return percentile(self.values, LOW)

    @property
    def usual_high(self) -> Fraction:
        return percentile(self.values, HIGH)


def spread(values: Iterable[Fraction | int]) -> Spread:
    ordered = tuple(sorted(Fraction(v) for v in values))
    if not ordered:
        raise ValueError("a spread needs at least one number")
    return Spread(ordered)


def band(value: Fraction | int, numbers: Spread) -> Band:
    if numbers.usual_low <= value <= numbers.usual_high:
        return Band.USUAL
    if numbers.lowest <= value <= numbers.highest:
        return Band.UNUSUAL
    return Band.OUTSIDE


@dataclass(frozen=True)
class Scope:
    """The adversaries an adversary of ``tier`` and ``type`` is compared with."""

    tier: int
    type: str
    members: tuple[Numbers, ...]
    whole_tier: bool  # too few of the type: all of the tier
    of_type: int  # how many of the type the library has at this tier
    spreads: tuple[tuple[str, Spread | None], ...] = ()  # worked out once, by scope_of()

    def spread(self, key: str) -> Spread | None:
        """The members' numbers for ``key``; None when fewer than MIN_VALUES have one."""
        return dict(self.spreads).get(key)

    @property
    def group(self) -> str:
        """The peers in words: "tier 1 Bruisers", "tier 2 adversaries"."""
        if self.whole_tier:
            return f"tier {self.tier} adversaries"
        return f"tier {self.tier} {_PLURALS.get(self.type, f'{self.type} adversaries')}"

    def describe(self) -> str:
        """One line saying what the numbers are compared with."""
        count = len(self.members)
        if count < MIN_VALUES:
            have = "none" if not count else f"only {count}"
            of = f"of tier {self.tier}" if self.whole_tier else self.group
            return (f"The library has {have} {of}: too few to compare; "
                    f"the SRD's tier {self.tier} benchmarks below.")
        if not self.whole_tier:
            return f"Compared with the {count} {self.group} in the library."
        if self.of_type == 1:
            few = f"only one {self.type}" if self.type in _PLURALS else \
                f"only one {self.type} adversary"
        else:
            few = ("no " if not self.of_type else f"only {self.of_type} ") + _PLURALS.get(
                self.type, f"{self.type} adversaries")
        return f"Compared with all {count} {self.group} in the library ({few})."


@dataclass(frozen=True)
class Peers:
    """The library's numbers: every adversary's tier, type and guided numbers."""

    adversaries: tuple[Numbers, ...] = ()

    @classmethod
    def of(cls, blocks: Iterable[Mapping[str, object]]) -> Peers:
        return cls(tuple(numbers_from(block) for block in blocks))

    def scope(self, tier: int, type_text: str) -> Scope:
        """The peers of an adversary of ``tier`` and type, with their spreads."""
        kind = base_type(type_text)
        tier_members = tuple(a for a in self.adversaries if a.tier == tier)
        same = tuple(a for a in tier_members if a.type == kind)
        whole_tier = len(same) < MIN_PEERS and kind != "Minion"
        members = tier_members if whole_tier else same
        spreads = []
        for key in NUMBERS:
            values = [v for v in (m.get(key) for m in members) if v is not None]
            spreads.append((key, spread(values) if len(values) >= MIN_VALUES else None))
        return Scope(tier, kind, members, whole_tier, len(same), tuple(spreads))


def _number(value: Fraction, key: str) -> str:
    text = str(int(value)) if value.denominator == 1 else f"{float(value):g}"
    if key == "attack_modifier" and value >= 0:
        text = "+" + text
    return text


def _range(low: Fraction, high: Fraction, key: str) -> str:
    a, b = _number(low, key), _number(high, key)
    if a == b:
        return a
    return f"{a} to {b}" if key == "attack_modifier" else f"{a}–{b}"


def _whole_range(low: Fraction, high: Fraction) -> tuple[Fraction, Fraction]:
    """The usual range as the GM can type it: whole numbers, except for damage's averages."""
    return Fraction(math.ceil(low)), Fraction(math.floor(high))


def benchmark(key: str, tier: int) -> str:
    """The SRD's benchmark of one number at ``tier`` as the table prints it; "" for HP and
    Stress (the table has none) and outside the tiers."""
    try:
        marks = tier_benchmarks(tier)
    except ValueError:
        return ""
    return {"attack_modifier": f"+{marks.attack}", "difficulty": str(marks.difficulty),
            "major": str(marks.major), "severe": str(marks.severe),
            "damage": f"{marks.damage_low} to {marks.damage_high}"}.get(key, "")


@dataclass(frozen=True)
class Guide:
    """Where one number falls: its band (None with too few peers or no number) and the words."""

    key: str
    value: Fraction | None
    band: Band | None
    spread: Spread | None
    group: str
    benchmark: str

    @property
    def usual(self) -> str:
        """The usual range in words, as whole numbers where the field takes whole numbers."""
        if self.spread is None:
            return ""
        low, high = self.spread.usual_low, self.spread.usual_high
        if self.key != "damage":
            low, high = _whole_range(low, high)
        if low > high:  # only two numbers, both off the middle: say the exact bounds
            low, high = self.spread.usual_low, self.spread.usual_high
        return _range(low, high, self.key)

    @property
    def all(self) -> str:
        return "" if self.spread is None else _range(self.spread.lowest, self.spread.highest,
                                                     self.key)

    def short(self) -> str:
        """A few words for the line under the field: "usual (12–14)"."""
        if self.value is None:
            return "—"
        if self.band is None:
            return "too few to compare"
        if self.band is Band.USUAL:
            return f"usual ({self.usual})"
        if self.band is Band.UNUSUAL:
            return f"unusual (most {self.usual})"
        return f"outside all ({self.all})"

    def sentence(self) -> str:
        """The whole of it, for a screen reader and a tooltip."""
        label = LABELS[self.key]
        srd = (f" The SRD's benchmark for the tier is {self.benchmark}." if self.benchmark
               else " The SRD gives no benchmark for it.")
        if self.value is None:
            return f"{label}: nothing to compare yet.{srd}"
        shown = _number(self.value, self.key)
        if self.key == "damage":
            shown = f"averaging {shown}"
        if self.band is None:
            return f"{label} {shown}: too few {self.group} in the library to compare.{srd}"
        if self.band is Band.USUAL:
            where = f"within the usual range for {self.group} ({self.usual})"
        elif self.band is Band.UNUSUAL:
            where = (f"unusual for {self.group}: most have {self.usual}, "
                     f"all have {self.all}")
        else:
            where = f"outside anything in the library: {self.group} have {self.all}"
        return f"{label} {shown} is {where}.{srd}"


def tier_of(block: Mapping[str, object]) -> int:
    tier = block.get("tier")
    return tier if isinstance(tier, int) and not isinstance(tier, bool) else 0


def guide(key: str, block: Mapping[str, object], peers: Peers) -> Guide:
    """Where ``block``'s ``key`` falls among its peers in ``peers``, and the tier's benchmark."""
    return guide_in(key, block, peers.scope(tier_of(block), str(block.get("type") or "")))


def guide_in(key: str, block: Mapping[str, object], scope: Scope) -> Guide:
    """As ``guide``, with the peers' scope already found (an editor keeps it while the GM
    types)."""
    if key not in LABELS:
        raise ValueError(f"no guidance for {key!r}: it is one of {', '.join(NUMBERS)}")
    tier = tier_of(block)
    value = number_of(block, key)
    numbers = scope.spread(key)
    placed = None if value is None or numbers is None else band(value, numbers)
    return Guide(key, value, placed, numbers, scope.group, benchmark(key, tier))


# --- a new adversary's numbers -----------------------------------------------------------------


def _held(value: Fraction, numbers: Spread | None) -> int:
    """``value`` as a whole number inside the usual range of ``numbers`` (when there is one)."""
    if numbers is not None:
        low, high = _whole_range(numbers.usual_low, numbers.usual_high)
        if low <= high:
            value = min(max(value, low), high)
        else:  # no whole number inside: the nearest to the middle of it
            value = (numbers.usual_low + numbers.usual_high) / 2
    return math.floor(value + Fraction(1, 2))


def _middle(numbers: Spread | None, fallback: Fraction) -> Fraction:
    return fallback if numbers is None else (numbers.usual_low + numbers.usual_high) / 2


def _damage_form(text: str) -> tuple[int, int, int]:
    """(count, sides, modifier) of a benchmark's "NdS+F"."""
    expression = dice.parse(text)
    term = next(t for t in expression.terms if isinstance(t, dice.DiceTerm))
    flat = sum(t.sign * t.value for t in expression.terms if isinstance(t, dice.FlatTerm))
    return term.count, term.sides, flat


def _default_damage(tier: int, numbers: Spread | None) -> str:
    """The tier's dice: the range's middle, or the dice of the range nearest the peers' usual
    average (then the middle's die and modifier, the smaller of a tie)."""
    marks = tier_benchmarks(tier)
    count, smallest, least = _damage_form(marks.damage_low)
    _count, largest, most = _damage_form(marks.damage_high)
    least, most = min(least, most), max(least, most)
    sides = [s for s in (4, 6, 8, 10, 12, 20) if smallest <= s <= largest]
    middle_die, middle_flat = sides[(len(sides) - 1) // 2], (least + most + 1) // 2
    candidates = [(Fraction(count * (s + 1), 2) + f, s, f)
                  for s in sides for f in range(least, most + 1)]
    wanted = Fraction(count * (middle_die + 1), 2) + middle_flat

    def unusual(mean: Fraction) -> bool:
        return numbers is not None and not numbers.usual_low <= mean <= numbers.usual_high

    if numbers is not None:
        wanted = min(max(wanted, numbers.usual_low), numbers.usual_high)
    _mean, die, flat = min(candidates, key=lambda c: (unusual(c[0]), abs(c[0] - wanted),
                                                      abs(c[1] - middle_die),
                                                      abs(c[2] - middle_flat), c[0]))
    return f"{count}d{die}+{flat} phy"


def defaults(tier: int, type_text: str, scope: Scope) -> dict[str, Plain]:
    """A new adversary's numbers at ``tier`` of ``type_text``, from the tier's benchmarks held
    inside the usual range of ``scope`` (its peers): see the module's interpretations. Raises
    ValueError for a tier outside 1-4."""
    marks = tier_benchmarks(tier)
    minion = base_type(type_text) == "Minion"
    numbers: dict[str, Plain] = {
        "tier": tier, "type": type_text,
        "difficulty": _held(Fraction(marks.difficulty), scope.spread("difficulty")),
        "attack_modifier": _held(Fraction(marks.attack), scope.spread("attack_modifier")),
    }
    if minion:
        numbers.update(major=None, severe=None, hp=1, stress=1)
        low_damage = _damage_form(marks.damage_low)
        lowest = Fraction(low_damage[0] * (low_damage[1] + 1), 2) + low_damage[2]
        damage = max(1, _held(_middle(scope.spread("damage"), lowest / 2), None))
        numbers["damage"] = f"{damage} phy"
        return numbers
    major = _held(Fraction(marks.major), scope.spread("major"))
    severe = max(_held(Fraction(marks.severe), scope.spread("severe")), major + 1)
    numbers.update(
        major=major, severe=severe,
        hp=max(1, _held(_middle(scope.spread("hp"), Fraction(DEFAULT_HP)), None)),
        stress=max(0, _held(_middle(scope.spread("stress"), Fraction(DEFAULT_STRESS)), None)),
        damage=_default_damage(tier, scope.spread("damage")))
    return numbers
