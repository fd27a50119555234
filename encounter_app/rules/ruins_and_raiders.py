"""Ruins & Raiders: 2d6 + trait checks against challenge levels, and the numbers of conflict.

What the app uses to resolve a Ruins & Raiders roll and to fill in the numbers around it: the
trait check and its mox, challenge levels, extra time and rushing, initiative (rolled for
characters, Perception + 7 for adversaries), range and prone modifiers, surprise, jumping,
momentum, Dodge, Parry and Wounds, and the bonuses for giving up an action.

Source: ``ruins-and-raiders-conflict.txt`` and ``NOTES.md``.

Dice order: a trait check draws its two d6 one after the other, each one ``rng.randint(1, 6)``.

Interpretations (``NOTES.md``, marked **interpretation** there):

* A total equal to the challenge level succeeds with mox 0 (``TIE_SUCCEEDS``).

Choices of this module where the texts say nothing:

* ``mox`` is always total minus challenge level, except that a natural 12 makes it at least 1;
  a natural 2 fails whatever its mox.
* ``extra_time_bonus`` for a multiplier between two rows of the table uses the lower row
  (x7 -> +8, x9 -> +9), beyond x10 stays +10, and x1 is +0.
* Range: ``distance`` is counted in spaces from the attacker to the target (adjacent = 1); the
  spaces *between* them are ``distance - 1``. Short range adds 1 per space between, long range 1
  per five spaces between. This matches the text's bow example (within 5 spaces: 0, 6-10: 1,
  11-15: 2), and point-blank range (adjacent) is 0 either way.
* Modifiers to hit are expressed as changes to the challenge level (+ is harder), so "+3 to hit
  him" is -3.
* Wounds below zero count as zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from encounter_app.rules.dice import RandomSource

D6 = 6
NATURAL_FAIL = 2
NATURAL_SUCCESS = 12
NATURAL_SUCCESS_MIN_MOX = 1

#: **Interpretation** (NOTES.md): a total equal to the challenge level succeeds (mox 0).
TIE_SUCCEEDS = True

#: An opposed check is against the opponent's trait + 7; adversaries' initiative is Perception + 7.
OPPOSED_BASE = 7
ADVERSARY_INITIATIVE_BASE = 7
DEFENSE_BASE = 7

#: The text's challenge level table.
CHALLENGE_LEVELS: dict[str, int] = {
    "Trivial": 3,
    "Mild": 6,
    "Fair": 9,
    "Moderate": 12,
    "Great": 15,
    "Incredible": 18,
    "Inconceivable": 21,
}

#: The text's extra time table: time multiplier -> bonus to the trait check.
EXTRA_TIME_BONUS: dict[int, int] = {2: 3, 3: 5, 4: 6, 5: 7, 6: 8, 8: 9, 10: 10}

RUSH_PENALTY_PER_HALVING = 3
JUMP_CHALLENGE_PER_SPACE = 4
MOMENTUM_SPACES_PER_DAMAGE = 3
SURPRISE_CHALLENGE = 4
PRONE_MODIFIER = 3
LONG_RANGE_SPACES_PER_POINT = 5

ACTIONS_PER_ROUND = 2
SPELL_ACTIONS = 2  # casting a spell takes a full round
FREE_MOVE_SPACES = 1  # one space per round without using an action
PRONE_MOVE_SPACES = 1  # a prone character moves only 1 space per round
HOLD_INITIATIVE_BONUS = 10  # holding the action to the next round
MOUNT_MOVEMENT_MULTIPLIER = 2  # horses and such: "generally" twice a humanoid's movement


class Range(Enum):
    SHORT = "short"
    LONG = "long"


#: The text's range table (abilities and senses).
RANGE_OF: dict[str, Range] = {
    "thrown weapon": Range.SHORT,
    "missile weapon": Range.LONG,
    "spell": Range.LONG,
    "bow": Range.LONG,
    "olfaction": Range.SHORT,
    "hearing": Range.LONG,
    "vision": Range.LONG,
    "intuition": Range.LONG,
}


class Attack(Enum):
    MELEE = "melee"
    RANGED = "ranged"


class Sacrifice(Enum):
    """Bonuses for giving up one of the two actions: (what it improves, bonus)."""

    AIM = ("next attack", 3)
    DEFEND = ("Dodge and Parry", 3)
    HAYMAKER = ("damage", 10)
    RESIST = ("Defiance", 3)
    LOOK = ("Perception", 3)

    @property
    def applies_to(self) -> str:
        return self.value[0]

    @property
    def bonus(self) -> int:
        return self.value[1]


@dataclass(frozen=True)
class TraitCheck:
    """2d6 + trait against a challenge level: both d6 in draw order, their sum, the total, the
    margin (mox) and whether it succeeded."""

    dice: tuple[int, int]
    natural: int
    total: int
    mox: int
    success: bool


@dataclass(frozen=True)
class InitiativeRoll:
    """A character's rolled initiative: a Perception roll, 2d6 + Perception + modifier."""

    dice: tuple[int, int]
    total: int


def _roll_2d6(rng: RandomSource) -> tuple[int, int]:
    first = rng.randint(1, D6)
    second = rng.randint(1, D6)
    return (first, second)


def outcome(natural: int, total: int, challenge: int) -> tuple[int, bool]:
    """(mox, success) of a check whose dice showed ``natural`` (2..12) and came to ``total``.

    A natural 2 always fails; a natural 12 always succeeds with a mox of at least 1.
    """
    if not NATURAL_FAIL <= natural <= NATURAL_SUCCESS:
        raise ValueError(f"natural 2d6 must be 2..12, got {natural}")
    mox = total - challenge
    if natural == NATURAL_SUCCESS:
        return max(mox, NATURAL_SUCCESS_MIN_MOX), True
    if natural == NATURAL_FAIL:
        return mox, False
    return mox, mox > 0 or (mox == 0 and TIE_SUCCEEDS)


def check(trait: int, challenge: int, rng: RandomSource) -> TraitCheck:
    """Roll 2d6 + ``trait`` against ``challenge``."""
    dice = _roll_2d6(rng)
    natural = sum(dice)
    total = natural + trait
    mox, success = outcome(natural, total, challenge)
    return TraitCheck(dice=dice, natural=natural, total=total, mox=mox, success=success)


def opposed_challenge(opponent_trait: int) -> int:
    """The challenge level of a check against an opponent: their trait + 7."""
    return opponent_trait + OPPOSED_BASE


def opposed_check(trait: int, opponent_trait: int, rng: RandomSource) -> TraitCheck:
    """Roll 2d6 + ``trait`` against the opponent's trait + 7."""
    return check(trait, opposed_challenge(opponent_trait), rng)


def adversary_initiative(perception: int) -> int:
    """Adversaries do not roll initiative: Perception + 7."""
    return perception + ADVERSARY_INITIATIVE_BASE


def roll_initiative(perception: int, rng: RandomSource, *, modifier: int = 0) -> InitiativeRoll:
    """A character's initiative: a Perception roll, 2d6 + Perception (+ modifiers)."""
    dice = _roll_2d6(rng)
    return InitiativeRoll(dice=dice, total=sum(dice) + perception + modifier)


def initiative_order(entries: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """(name, initiative) pairs, high before low; equal initiatives keep the given order."""
    return tuple(sorted(entries, key=lambda entry: -entry[1]))


def extra_time_bonus(multiplier: int) -> int:
    """Bonus to a trait check for taking ``multiplier`` times the usual time.

    The text's table (x2 +3, x3 +5, x4 +6, x5 +7, x6 +8, x8 +9, x10 +10); between rows the
    lower row counts, beyond x10 the bonus stays +10, x1 gives nothing.
    """
    if multiplier < 1:
        raise ValueError(f"time multiplier must be at least 1, got {multiplier}")
    rows = [bonus for times, bonus in EXTRA_TIME_BONUS.items() if times <= multiplier]
    return max(rows, default=0)


def rush_penalty(halvings: int) -> int:
    """Increase of the challenge level for rushed work: 3 per halving of the required time."""
    if halvings < 0:
        raise ValueError(f"halvings must not be negative, got {halvings}")
    return RUSH_PENALTY_PER_HALVING * halvings


def jump_challenge(spaces: int) -> int:
    """Challenge level of the Athlete roll to jump over ``spaces`` spaces: 4 per space."""
    return JUMP_CHALLENGE_PER_SPACE * spaces


def momentum_damage(spaces: int) -> int:
    """Momentum of a charge: +1 damage (given and taken) per full 3 spaces moved."""
    if spaces < 0:
        raise ValueError(f"spaces moved must not be negative, got {spaces}")
    return spaces // MOMENTUM_SPACES_PER_DAMAGE


def charge_damage(damage: int, spaces: int) -> int:
    """Damage of a melee hit with a charging character's momentum added.

    Both ways: the charger's attack, and any enemy melee weapon that hits the charger that round.
    """
    return damage + momentum_damage(spaces)


def race_spaces(mox: int) -> int:
    """Spaces the victor of a race or chase gains: one per level of mox."""
    return max(mox, 0)


def range_penalty(range_: Range, distance: int) -> int:
    """Added to the target's defense for a ranged ability (or a sense) at ``distance`` spaces.

    Short: +1 per space between; long: +1 per five spaces between; 0 at point-blank range.
    """
    if distance < 0:
        raise ValueError(f"distance must not be negative, got {distance}")
    between = max(distance - 1, 0)
    if range_ is Range.SHORT:
        return between
    return between // LONG_RANGE_SPACES_PER_POINT


def surprise_challenge(range_modifier: int = 0) -> int:
    """Challenge level to hit an unaware character: a flat 4 plus any range modifiers."""
    return SURPRISE_CHALLENGE + range_modifier


def prone_modifier(attack: Attack, *, target_prone: bool, attacker_prone: bool = False) -> int:
    """Change to the challenge level of an attack from prone characters (+ is harder).

    A prone target gets +3 defense against ranged attacks, and others get +3 to hit him with
    melee attacks; a prone attacker's targets get +3 defense against his attacks.
    """
    modifier = 0
    if target_prone:
        modifier += PRONE_MODIFIER if attack is Attack.RANGED else -PRONE_MODIFIER
    if attacker_prone:
        modifier += PRONE_MODIFIER
    return modifier


def attack_challenge(defense: int, *modifiers: int) -> int:
    """Challenge level of an attack: the target's Dodge or Parry plus range and other modifiers."""
    return defense + sum(modifiers)


def dodge(athlete: int, armour_penalty: int = 0) -> int:
    """Dodge = 7 + Athlete - armour penalty."""
    return DEFENSE_BASE + athlete - armour_penalty


def parry(warrior: int, weapon_defence: int = 0) -> int:
    """Parry = 7 + Warrior + weapon defence."""
    return DEFENSE_BASE + warrior + weapon_defence


def wounds(mox: int, brawn: int, weapon_power: int, fortitude: int, armour: int = 0) -> int:
    """Wounds = mox + Brawn + weapon power - target's Fortitude - target's armour (at least 0)."""
    return max(mox + brawn + weapon_power - fortitude - armour, 0)
