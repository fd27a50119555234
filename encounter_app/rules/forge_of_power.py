"""Forge of Power: d20 die rolls graded into four levels of success.

What the app uses to resolve a Forge of Power roll: the level of success of a d20 + bonus
against a DC (``level_for``, ``check``), advantage and disadvantage, rerolls where the GM keeps
either result, one attack roll against several targets' DCs (``attack``), damage from a save or
a Strike, and the order of initiative.

Source: ``forge-of-power-basic-rules.txt`` and ``NOTES.md``.

Dice order: every d20 is one ``rng.randint(1, 20)`` call. A roll draws two d20s when exactly one
of advantage and disadvantage is set (first, then second; the higher is kept with advantage, the
lower with disadvantage), otherwise one.

Interpretations (``NOTES.md``, marked **interpretation** there):

* Initiative ties go to the higher initiative bonus, then the GM orders them
  (``INITIATIVE_TIE_BREAK_BY_BONUS``; ``initiative_order`` keeps the given order for what is
  still tied, and ``initiative_ties`` lists those groups so the GM can be asked).

Choices of this module where the texts say nothing:

* A Strike's "twice the weapon damage plus the attribute" is read as ``2 * weapon + attribute``
  (``STRIKE_CRITICAL_WEAPON_MULTIPLIER``); failures deal no damage.
* Damage below zero, given or computed, counts as zero (``save_damage``, ``strike_damage``).
* ``Reroll.better`` (a convenience, the GM may keep either) prefers the higher level, then the
  higher total, then the original.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from encounter_app.rules.dice import RandomSource

D20 = 20
NATURAL_HIGH = 20
NATURAL_LOW = 1

#: Width of the Success and Failure bands: DC + 0 ... DC + 9 and DC - 10 ... DC - 1.
BAND = 10

#: The text's "Sample Difficulties" table.
SAMPLE_DIFFICULTIES: dict[str, int] = {
    "Simple": 10,
    "Average": 15,
    "Hard": 20,
    "Very Hard": 25,
    "Extremely Hard": 30,
    "Impossible": 40,
}

#: **Interpretation** (NOTES.md): initiative ties go to the higher bonus before the GM decides.
INITIATIVE_TIE_BREAK_BY_BONUS = True

#: Strike on a Critical Success: this many times the weapon damage, plus the attribute once.
STRIKE_CRITICAL_WEAPON_MULTIPLIER = 2


class Level(IntEnum):
    """Level of success, ordered from worst to best."""

    CRITICAL_FAILURE = 0
    FAILURE = 1
    SUCCESS = 2
    CRITICAL_SUCCESS = 3


@dataclass(frozen=True)
class LevelCheck:
    """One die roll: every d20 drawn (draw order), the kept one, d20 + bonus, and its level.

    ``dc``, ``advantage`` and ``disadvantage`` record how it was rolled, so ``reroll`` can repeat
    it exactly; they take no part in equality.
    """

    d20s: tuple[int, ...]
    natural: int
    total: int
    level: Level
    dc: int | None = field(default=None, compare=False)
    advantage: bool = field(default=False, compare=False)
    disadvantage: bool = field(default=False, compare=False)

    @property
    def bonus(self) -> int:
        return self.total - self.natural

    @property
    def succeeded(self) -> bool:
        return self.level >= Level.SUCCESS


@dataclass(frozen=True)
class Reroll:
    """A rerolled die roll: the GM keeps either ``original`` or ``new`` (``keep``)."""

    original: LevelCheck
    new: LevelCheck

    def keep(self, use_new: bool) -> LevelCheck:
        return self.new if use_new else self.original

    @property
    def better(self) -> LevelCheck:
        """The higher level, then the higher total; the original when they are equal."""
        if (self.new.level, self.new.total) > (self.original.level, self.original.total):
            return self.new
        return self.original


@dataclass(frozen=True)
class AttackRoll:
    """One attack roll compared with each target's own DC (``levels[i]`` is for ``dcs[i]``)."""

    d20s: tuple[int, ...]
    natural: int
    total: int
    dcs: tuple[int, ...]
    levels: tuple[Level, ...]

    @property
    def hits(self) -> tuple[bool, ...]:
        """Whether the attack succeeds against each target (Success or better)."""
        return tuple(level >= Level.SUCCESS for level in self.levels)


@dataclass(frozen=True)
class InitiativeEntry:
    """A combatant's initiative: the rolled result (``total``) and the initiative bonus."""

    name: str
    total: int
    bonus: int


def _check_natural(natural: int) -> None:
    if not NATURAL_LOW <= natural <= NATURAL_HIGH:
        raise ValueError(f"natural d20 must be 1..20, got {natural}")


def base_level(total: int, dc: int) -> Level:
    """The level from the table alone, before a natural 20 or 1 shifts it."""
    margin = total - dc
    if margin >= BAND:
        return Level.CRITICAL_SUCCESS
    if margin >= 0:
        return Level.SUCCESS
    if margin >= -BAND:
        return Level.FAILURE
    return Level.CRITICAL_FAILURE


def shift(level: Level, steps: int) -> Level:
    """Move ``level`` by ``steps``, never past Critical Success or Critical Failure."""
    value = min(max(int(level) + steps, Level.CRITICAL_FAILURE), Level.CRITICAL_SUCCESS)
    return Level(value)


def level_for(total: int, dc: int, natural: int) -> Level:
    """Level of success of a result ``total`` against ``dc`` when the d20 showed ``natural``.

    DC + 10 or more is a Critical Success, DC + 0..9 a Success, DC - 10..-1 a Failure, DC - 11 or
    less a Critical Failure. A natural 20 raises the level one step, a natural 1 lowers it one
    step, clamped; there is no automatic success or failure.
    """
    _check_natural(natural)
    level = base_level(total, dc)
    if natural == NATURAL_HIGH:
        return shift(level, 1)
    if natural == NATURAL_LOW:
        return shift(level, -1)
    return level


def roll_d20s(
    rng: RandomSource, *, advantage: bool = False, disadvantage: bool = False
) -> tuple[tuple[int, ...], int]:
    """Draw the d20s of one die roll; return (every d20 in draw order, the kept one).

    Two d20s when exactly one of advantage and disadvantage is set, otherwise one.
    """
    if advantage != disadvantage:
        d20s = (rng.randint(1, D20), rng.randint(1, D20))
        return d20s, max(d20s) if advantage else min(d20s)
    d20 = rng.randint(1, D20)
    return (d20,), d20


def check(
    bonus: int,
    dc: int,
    rng: RandomSource,
    *,
    advantage: bool = False,
    disadvantage: bool = False,
) -> LevelCheck:
    """Roll 1d20 + ``bonus`` against ``dc`` and grade it."""
    d20s, natural = roll_d20s(rng, advantage=advantage, disadvantage=disadvantage)
    total = natural + bonus
    return LevelCheck(
        d20s=d20s,
        natural=natural,
        total=total,
        level=level_for(total, dc, natural),
        dc=dc,
        advantage=advantage,
        disadvantage=disadvantage,
    )


def reroll(original: LevelCheck, rng: RandomSource) -> Reroll:
    """Repeat ``original`` exactly (same bonus, DC, advantage and disadvantage).

    The GM then keeps either result (``Reroll.keep``).
    """
    if original.dc is None:
        raise ValueError("cannot reroll a LevelCheck without its dc")
    new = check(
        original.bonus,
        original.dc,
        rng,
        advantage=original.advantage,
        disadvantage=original.disadvantage,
    )
    return Reroll(original=original, new=new)


def attack(
    bonus: int,
    dcs: Sequence[int],
    rng: RandomSource,
    *,
    advantage: bool = False,
    disadvantage: bool = False,
) -> AttackRoll:
    """Make one attack roll and compare it with every target's DC (one level per target)."""
    dcs = tuple(dcs)
    d20s, natural = roll_d20s(rng, advantage=advantage, disadvantage=disadvantage)
    total = natural + bonus
    levels = tuple(level_for(total, dc, natural) for dc in dcs)
    return AttackRoll(d20s=d20s, natural=natural, total=total, dcs=dcs, levels=levels)


def save_damage(level: Level, damage: int) -> int:
    """Damage taken after a save: none, half (rounded down), full or double.

    Critical Success takes none, Success half, Failure full, Critical Failure double. Damage
    below zero counts as zero.
    """
    damage = max(damage, 0)
    if level == Level.CRITICAL_SUCCESS:
        return 0
    if level == Level.SUCCESS:
        return damage // 2
    if level == Level.FAILURE:
        return damage
    return damage * 2


def strike_damage(level: Level, weapon_damage: int, attribute: int) -> int:
    """Damage of the Strike power.

    Critical Success: twice the weapon damage plus the attribute; Success: the weapon damage
    plus the attribute; a Failure or Critical Failure misses. Never below zero.
    """
    if level == Level.CRITICAL_SUCCESS:
        damage = STRIKE_CRITICAL_WEAPON_MULTIPLIER * weapon_damage + attribute
    elif level == Level.SUCCESS:
        damage = weapon_damage + attribute
    else:
        return 0
    return max(damage, 0)


def roll_initiative(name: str, bonus: int, rng: RandomSource) -> InitiativeEntry:
    """An Initiative roll: one d20 + ``bonus``."""
    return InitiativeEntry(name=name, total=rng.randint(1, D20) + bonus, bonus=bonus)


def _initiative_key(entry: InitiativeEntry) -> tuple[int, ...]:
    if INITIATIVE_TIE_BREAK_BY_BONUS:
        return (-entry.total, -entry.bonus)
    return (-entry.total,)


def initiative_order(entries: Iterable[InitiativeEntry]) -> tuple[InitiativeEntry, ...]:
    """Highest result first; ties to the higher bonus; still tied: the given order (the GM's)."""
    return tuple(sorted(entries, key=_initiative_key))


def initiative_ties(entries: Iterable[InitiativeEntry]) -> tuple[tuple[InitiativeEntry, ...], ...]:
    """The groups, in turn order, that are still tied after the bonus: the GM orders these."""
    groups: list[list[InitiativeEntry]] = []
    for entry in initiative_order(entries):
        if groups and _initiative_key(groups[-1][0]) == _initiative_key(entry):
            groups[-1].append(entry)
        else:
            groups.append([entry])
    return tuple(tuple(group) for group in groups if len(group) > 1)


def can_interrupt(attacked_by_ending_creature: bool, acted_this_round: bool) -> bool:
    """Whether a creature may Interrupt and take the next turn instead of the one picked.

    Only a creature the ending creature attacked on its turn, and which has not acted this
    round (no one takes two turns in a round).
    """
    return attacked_by_ending_creature and not acted_this_round


def next_turn_choices(everyone: Iterable[Hashable], acted: Iterable[Hashable]
                      ) -> tuple[Hashable, ...]:
    """Who the creature ending its turn may pick to go next, ally or enemy.

    Anyone who has not acted this round. When everyone has acted the round is over, and the one
    who took the last turn picks anyone, themself included, to start the next round.
    """
    everyone = tuple(everyone)
    done = set(acted)
    waiting = tuple(name for name in everyone if name not in done)
    return waiting or everyone
