"""Daggerheart's encounter budget in battle points: what a fight may cost and what it costs.

From shared/rules/NOTES.md (Daggerheart SRD 1.0): the budget is 3 x the number of PCs + 2,
moved by named adjustments; each adversary costs points by its type. Every number is a named,
explained line so the builder can show the GM why the total is what it is.

**Interpretations** (not written in the source; change them here):

- Minions cost one point per group as large as the party, *per kind of Minion*, and a partial
  group counts as a whole one: 5 Minions of one kind against 4 PCs cost 2. Minions of two
  different kinds are two groups.
- "+1 for an adversary from a lower tier" and "+1 with no Bruisers, Hordes, Leaders or Solos"
  apply once each, and only once at least one adversary is chosen (an empty fight shows the
  plain 3 x PCs + 2). "-2 for 2 or more Solos" is read from the chosen adversaries too.
- The GM's own choices (easier/shorter, harder/longer, +1d4 damage) are independent switches;
  choosing both easier and harder applies both, as the text gives no rule against it.
- A weaker or an elite copy of an adversary (domain/variants.py) costs its type's points -1 or
  +1 (``VARIANT_POINTS``), never less than 1: an elite Bruiser 5, a weaker one 3, a weaker
  Social still 1; a group of elite Minions 2. It keeps its type for the automatic adjustments
  (an elite Leader is still a Leader, not a Solo).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from encounter_app.rules import dice

ADVERSARY_TYPES = ("Bruiser", "Horde", "Leader", "Minion", "Ranged", "Skulk", "Social", "Solo",
                   "Standard", "Support")
COSTS = {"Social": 1, "Support": 1, "Horde": 2, "Ranged": 2, "Skulk": 2, "Standard": 2,
         "Leader": 3, "Bruiser": 4, "Solo": 5}
MINION_GROUP_COST = 1
HEAVY_TYPES = frozenset({"Bruiser", "Horde", "Leader", "Solo"})

EASIER = -1  # an easier or shorter fight
TWO_SOLOS = -2  # two or more Solos
EXTRA_DAMAGE = -2  # +1d4 (or +2) to every adversary's damage
LOWER_TIER = 1  # an adversary from a lower tier than the party
NO_HEAVIES = 1  # no Bruisers, Hordes, Leaders or Solos
HARDER = 2  # a harder or longer fight
VARIANT_POINTS = {-1: -1, 1: 1}  # a weaker copy (step -1) and an elite one (step 1)
VARIANT_WORDS = {-1: "weaker", 1: "elite"}


@dataclass(frozen=True)
class Pick:
    """``count`` copies of one adversary in the fight."""

    name: str
    type: str
    tier: int
    count: int = 1
    step: int = 0  # -1 a weaker copy, 1 an elite one, 0 the adversary as written


@dataclass(frozen=True)
class Line:
    """One line of a sum: its points and, in words, why."""

    label: str
    points: int
    why: str = ""


@dataclass(frozen=True)
class Choices:
    """The adjustments the GM decides, as opposed to those the chosen adversaries imply."""

    easier: bool = False
    harder: bool = False
    extra_damage: bool = False


@dataclass(frozen=True)
class Tally:
    """Budget and cost of a fight, each as its lines and their sum."""

    budget_lines: tuple[Line, ...]
    cost_lines: tuple[Line, ...]

    @property
    def budget(self) -> int:
        return sum(line.points for line in self.budget_lines)

    @property
    def cost(self) -> int:
        return sum(line.points for line in self.cost_lines)

    @property
    def over(self) -> int:
        """Points spent past the budget; 0 when the fight fits."""
        return max(0, self.cost - self.budget)

    @property
    def left(self) -> int:
        """Points still to spend; 0 when the budget is used up or exceeded."""
        return max(0, self.budget - self.cost)


def base_budget(party_size: int) -> int:
    """3 x the number of PCs + 2."""
    if party_size < 1:
        raise ValueError(f"a party has at least one PC, not {party_size}")
    return 3 * party_size + 2


def unit_cost(pick: Pick) -> int:
    """Battle points of one copy (one group of Minions), a weaker or elite one's included."""
    if pick.type == "Minion":
        base = MINION_GROUP_COST
    else:
        try:
            base = COSTS[pick.type]
        except KeyError:
            raise ValueError(f"{pick.name}: unknown adversary type {pick.type!r}") from None
    if pick.step not in (0, *VARIANT_POINTS):
        raise ValueError(f"{pick.name}: a variant is one step, -1 or 1, not {pick.step}")
    return max(1, base + VARIANT_POINTS.get(pick.step, 0))


def adversary_cost(pick: Pick, party_size: int) -> int:
    """Battle points for ``pick.count`` copies of one adversary against ``party_size`` PCs."""
    if pick.count < 0:
        raise ValueError(f"cannot have {pick.count} of {pick.name}")
    if pick.type == "Minion":
        return unit_cost(pick) * math.ceil(pick.count / max(1, party_size))
    return unit_cost(pick) * pick.count


def cost_why(pick: Pick) -> str:
    """What one copy's points are made of: "Bruiser 4", "Bruiser 4, elite +1"."""
    base = MINION_GROUP_COST if pick.type == "Minion" else COSTS[pick.type]
    kind = "Minion group" if pick.type == "Minion" else pick.type
    if not pick.step:
        return f"{kind} {base}"
    change = unit_cost(pick) - base
    word = VARIANT_WORDS[pick.step]
    if not change:
        return f"{kind} {base}, {word}: no less than 1"
    return f"{kind} {base}, {word} {change:+d}"


def budget_lines(party_size: int, party_tier: int, picks: Sequence[Pick],
                 choices: Choices = Choices()) -> tuple[Line, ...]:
    lines = [Line("Base", base_budget(party_size), f"3 × {party_size} PCs + 2")]
    present = [p for p in picks if p.count > 0]
    if choices.easier:
        lines.append(Line("Easier or shorter fight", EASIER, "your choice"))
    solos = sum(p.count for p in present if p.type == "Solo")
    if solos >= 2:
        lines.append(Line("Two or more Solos", TWO_SOLOS, f"{solos} Solos in the fight"))
    if choices.extra_damage:
        lines.append(Line("+1d4 damage to every adversary", EXTRA_DAMAGE, "your choice"))
    lower = sorted({p.name for p in present if p.tier < party_tier})
    if lower:
        lines.append(Line("Adversary from a lower tier", LOWER_TIER,
                          f"{', '.join(lower)} below tier {party_tier}"))
    if present and not any(p.type in HEAVY_TYPES for p in present):
        lines.append(Line("No Bruisers, Hordes, Leaders or Solos", NO_HEAVIES,
                          "none of them in the fight"))
    if choices.harder:
        lines.append(Line("Harder or longer fight", HARDER, "your choice"))
    return tuple(lines)


def cost_lines(party_size: int, picks: Sequence[Pick]) -> tuple[Line, ...]:
    lines = []
    for pick in picks:
        if pick.count <= 0:
            continue
        points = adversary_cost(pick, party_size)
        if pick.type == "Minion":
            groups = math.ceil(pick.count / max(1, party_size))
            why = (f"{pick.count} Minions: {groups} group{'s' if groups != 1 else ''} "
                   f"of up to {party_size}")
            if pick.step:
                why += f" × {cost_why(pick)}"
        else:
            why = f"{pick.count} × {cost_why(pick)}"
        lines.append(Line(pick.name, points, why))
    return tuple(lines)


def tally(party_size: int, party_tier: int, picks: Sequence[Pick],
          choices: Choices = Choices()) -> Tally:
    """The budget and cost of fighting ``picks`` with a party of ``party_size`` at a tier."""
    if not 1 <= party_tier <= 4:
        raise ValueError(f"a tier is 1 to 4, not {party_tier}")
    return Tally(budget_lines(party_size, party_tier, picks, choices),
                 cost_lines(party_size, picks))


def with_extra_damage(damage: str) -> str:
    """``damage`` with the GM's "+1d4 damage to every adversary": the d4 after its dice, before
    its flat bonus ("1d10+4 phy" -> "1d10+1d4+4 phy"). A Horde's or a Minion's flat damage
    gets it too ("3 phy" -> "1d4+3 phy")."""
    parsed = dice.parse(damage)
    rolled = [t for t in parsed.terms if isinstance(t, dice.DiceTerm)]
    flat = [t for t in parsed.terms if not isinstance(t, dice.DiceTerm)]
    return str(replace(parsed, terms=(*rolled, dice.DiceTerm(1, 4), *flat)))
