"""A weaker or an elite copy of an adversary: one step down or up in its numbers (issue 21).

**Interpretation** (the SRD names no such step; change it here). One step is:

- attack modifier ±1 and Difficulty ±1;
- thresholds: Major ± the tier, Severe ± twice the tier (tier 1: 7/12 -> 8/14; tier 4:
  25/45 -> 29/53), about a third of the way to the next tier's benchmarks; Severe stays above
  Major; Minions keep having none;
- HP ±1 and Stress ±1 (never below 1 HP or 0 Stress); a Minion keeps its HP, as any damage
  defeats it anyway;
- the standard attack's damage one die size (d4, d6, d8, d10, d12); a d12 made elite stays a
  d12 and its flat bonus gains one per die (what a size adds to the average), a d4 made weaker
  loses one per die from its bonus instead, never below none; flat damage (a Minion's
  "3 phy") moves by 1, never below 1.

What it costs in battle points is rules/battle_points.py's ``VARIANT_POINTS``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from encounter_app.domain.rows import StatBlock
from encounter_app.rules import dice
from encounter_app.rules import stat_blocks as limits

Step = Literal[-1, 1]
WEAKER: Step = -1
ELITE: Step = 1
WORDS = {WEAKER: "Weaker", ELITE: "Elite"}
DIE_SIZES = (4, 6, 8, 10, 12)


def _clamp(value: int, bounds: tuple[int, int]) -> int:
    return max(bounds[0], min(bounds[1], value))


def damage_step(damage: str, step: Step) -> str:
    """``damage`` one die size up (``step`` 1) or down (-1); its type kept ("1d8+2 phy" ->
    "1d10+2 phy"). Text that is not damage comes back as it is."""
    try:
        parsed = dice.parse(damage)
    except dice.DiceError:
        return damage
    terms: list[dice.Term] = []
    flat_change = 0
    rolled = False
    for term in parsed.terms:
        if isinstance(term, dice.DiceTerm) and term.sign > 0:
            rolled = True
            if term.sides in DIE_SIZES:
                place = DIE_SIZES.index(term.sides) + step
                if 0 <= place < len(DIE_SIZES):
                    term = replace(term, sides=DIE_SIZES[place])
                else:
                    flat_change += step * term.kept
            terms.append(term)
        else:
            terms.append(term)
    if not rolled:
        flat_change = step
    flats = [t for t in terms if isinstance(t, dice.FlatTerm)]
    if flat_change:
        had = sum(t.sign * t.value for t in flats)
        bonus = had + flat_change
        if flat_change < 0:  # a step down takes no bonus below none
            bonus = max(bonus, min(had, 0))
        terms = [t for t in terms if not isinstance(t, dice.FlatTerm)]
        if bonus:
            terms.append(dice.FlatTerm(abs(bonus), 1 if bonus > 0 else -1))
    stepped = replace(parsed, terms=tuple(terms))
    if not stepped.terms or stepped.max_total < 1:
        return str(parsed)  # a step down may not leave an attack that never hurts
    return str(stepped)


def variant_name(name: str, step: Step) -> str:
    return f"{name} ({WORDS[step]})"


def variant(stats: StatBlock, step: Step) -> StatBlock:
    """A weaker (``WEAKER``) or elite (``ELITE``) copy of ``stats``, as the module says."""
    if step not in WORDS:
        raise ValueError(f"a variant is one step, -1 or 1, not {step!r}")
    minion = limits.base_type(stats.type) == "Minion"
    major, severe = stats.major, stats.severe
    if not minion and major is not None and severe is not None:
        major = _clamp(major + step * stats.tier, limits.THRESHOLD)
        severe = _clamp(severe + 2 * step * stats.tier, limits.THRESHOLD)
        if severe <= major:
            major, severe = (major, major + 1) if major < limits.THRESHOLD[1] else \
                (major - 1, major)
    return replace(
        stats,
        name=variant_name(stats.name, step),
        attack_modifier=_clamp(stats.attack_modifier + step, limits.ATTACK_MODIFIER),
        difficulty=_clamp(stats.difficulty + step, limits.DIFFICULTY),
        major=None if minion else major,
        severe=None if minion else severe,
        hp=stats.hp if minion else _clamp(stats.hp + step, limits.HP),
        stress=_clamp(stats.stress + step, limits.STRESS),
        damage=damage_step(stats.damage, step),
    )
