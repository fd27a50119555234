"""Exact odds of Daggerheart adversary attacks and of any dice expression, with icepool.

Pure and Qt-free, like the rest of ``rules``: an attack preview asks "how likely does this hit
each PC, and for how much?" before the GM rolls. The answers follow ``adversary_attack``
exactly: one d20 (two with advantage or disadvantage, keeping the higher or lower; both cancel
out), the total ``natural + modifier + experience`` meets or beats an Evasion to hit, a natural
20 always hits, and a critical hit adds the damage dice's highest faces (``max_dice``) to a
normal damage roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import icepool

from encounter_app.rules.dice import DiceExpression, DiceTerm, Term, parse

D20 = 20


@dataclass(frozen=True)
class AttackOdds:
    """What an attack is likely to do; probabilities are exact fractions turned into floats."""

    hit: tuple[float, ...]  # one per Evasion, in the order given: a critical counts as a hit
    critical: float  # chance of a natural 20
    damage: dict[int, float]  # damage dealt on a normal hit
    critical_damage: dict[int, float]  # damage dealt on a critical hit

    @property
    def expected_damage(self) -> tuple[float, ...]:
        """Mean damage each target takes from this attack, misses counted as 0."""
        normal = _mean(self.damage)
        critical = _mean(self.critical_damage)
        return tuple((h - self.critical) * normal + self.critical * critical for h in self.hit)


def natural_distribution(advantage: bool = False, disadvantage: bool = False
                         ) -> dict[int, Fraction]:
    """Chance of each natural d20 result: the higher of two with advantage, lower with
    disadvantage, and a single d20 with both or neither (they cancel out)."""
    if advantage == disadvantage:
        die = icepool.d(D20)
    else:
        pool = icepool.d(D20).pool(2)
        die = (pool.highest(1) if advantage else pool.lowest(1)).sum()
    return _fractions(die)


def hit_chance(modifier: int, evasion: int, *, advantage: bool = False,
               disadvantage: bool = False, experience: int = 0) -> Fraction:
    """Exact chance that one attack roll hits one Evasion (a natural 20 always does)."""
    return _hit(natural_distribution(advantage, disadvantage), modifier + experience, evasion)


def attack_odds(modifier: int, evasions: Sequence[int], damage: str | DiceExpression, *,
                advantage: bool = False, disadvantage: bool = False,
                experience: int = 0) -> AttackOdds:
    """The odds of ``adversary_attack`` with the same arguments, but no random source.

    Raises DiceError for a damage expression that cannot be rolled, as the attack would.
    """
    expression = parse(damage)
    naturals = natural_distribution(advantage, disadvantage)
    hits = tuple(float(_hit(naturals, modifier + experience, e)) for e in evasions)
    normal = distribution(expression)
    extra = expression.max_dice
    return AttackOdds(
        hit=hits,
        critical=float(naturals.get(D20, Fraction(0))),
        damage={total: float(p) for total, p in normal.items()},
        critical_damage={total + extra: float(p) for total, p in normal.items()},
    )


def damage_distribution(expression: str | DiceExpression) -> dict[int, float]:
    """Chance of each total of a dice expression: ``"2d6"`` gives {2: 1/36, ..., 7: 6/36, ...}.

    Raises DiceError for an expression that cannot be rolled.
    """
    return {total: float(p) for total, p in distribution(expression).items()}


def distribution(expression: str | DiceExpression) -> dict[int, Fraction]:
    """The exact chance of each total, as fractions that sum to exactly 1."""
    # Only the terms matter (not the damage type), and stat blocks repeat a few expressions.
    return dict(_terms_distribution(parse(expression).terms))


def clear_cache() -> None:
    """Forget the distributions computed so far (benchmarks time the first computation)."""
    _terms_distribution.cache_clear()


def _hit(naturals: dict[int, Fraction], bonus: int, evasion: int) -> Fraction:
    return sum((p for n, p in naturals.items() if n == D20 or n + bonus >= evasion),
               Fraction(0))


@lru_cache(maxsize=256)
def _terms_distribution(terms: tuple[Term, ...]) -> dict[int, Fraction]:
    total = icepool.Die([0])
    for term in terms:
        die = _term_die(term) if isinstance(term, DiceTerm) else icepool.Die([term.value])
        total = total + die if term.sign > 0 else total - die
    return _fractions(total)


def _term_die(term: DiceTerm) -> icepool.Die:
    if term.keep is None or term.kept == term.count:
        return term.count @ icepool.d(term.sides)
    pool = icepool.d(term.sides).pool(term.count)
    kept = pool.highest(term.kept) if term.keep == "kh" else pool.lowest(term.kept)
    return kept.sum()


def _fractions(die: icepool.Die) -> dict[int, Fraction]:
    denominator = die.denominator()
    return {int(outcome): Fraction(quantity, denominator) for outcome, quantity in die.items()}


def _mean(distribution: dict[int, float]) -> float:
    return sum(total * p for total, p in distribution.items())
