"""Casus Mus: d100 roll-under skill checks and the clash of an attack and a reaction.

What the app uses to resolve a Casus Mus exchange: the grade of a skill roll (``grade``), the
opposed roll table (``resolve_clash``, cell by cell from the text), Luck Points from POW, Action
Points per round, and the three uses of a Luck Point (reroll your own failed roll, flip its digits,
force the opponent to reroll) as pure helpers.

Source: ``casus-mus-combat-flow.txt`` and ``NOTES.md`` (Mythras Imperative skill checks).

Dice order: a d100 is one ``rng.randint(1, 100)`` call, 100 standing for "00". Tens and units are
never drawn apart: ``flip`` reads them from the number (tens = ``roll // 10 % 10``,
units = ``roll % 10``).

Interpretations (``NOTES.md``, marked **interpretation** there):

* Equal rolls on equal grades go to the defender (``EQUAL_ROLLS_GO_TO``).
* ``flip``: 00 (100) stays 100, and 10 becomes 01 (1). With these, ``flip`` is its own inverse on
  every roll 1..100 (1 and 10 swap into each other).

Choices of this module where the texts say nothing:

* "If they fail" (Luck Point reroll or flip) includes a fumble (``can_use_luck_on_own``).
* A rerolled or flipped roll replaces the old one (as in Mythras: the new result stands).
* ``Clash.fumbled`` names every side whose grade is a fumble, in the order attacker, defender,
  also in the cells where the other side hits (there the fumble is paid for by the winner's
  extra maneuvers, but the GM still sees it). ``Clash.cell`` is the table cell's text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Literal

from encounter_app.rules.dice import RandomSource

D100 = 100
#: 01-05 always succeed, 96-00 always fail.
ALWAYS_SUCCEEDS_AT_OR_UNDER = 5
ALWAYS_FAILS_AT_OR_OVER = 96
#: 99 and 00 fumble; only 00 when the skill is at least this.
FUMBLES = (99, 100)
HIGH_SKILL = 100

ACTION_POINTS = 2
ACTION_POINTS_HERO = 3

#: **Interpretation** (NOTES.md): who wins equal rolls on equal grades.
EQUAL_ROLLS_GO_TO: Literal["attacker", "defender"] = "defender"

Side = Literal["attacker", "defender"]


class Grade(IntEnum):
    """Grade of a skill roll, ordered from worst to best."""

    FUMBLE = -1
    FAILURE = 0
    SUCCESS = 1
    CRITICAL = 2


class LuckOption(Enum):
    """What a Luck Point buys in the combat flow."""

    REROLL = "reroll"  # reroll your own failed roll
    FLIP = "flip"  # flip the digits of your own failed roll
    FORCE_REROLL = "force reroll"  # force the opponent to reroll


@dataclass(frozen=True)
class SkillRoll:
    """A d100 roll (1..100, 100 is "00") against ``skill`` and its grade."""

    roll: int
    skill: int
    grade: Grade


@dataclass(frozen=True)
class LuckUse:
    """A Luck Point spent on a roll: what was done, the roll before, and the roll that stands."""

    option: LuckOption
    before: SkillRoll
    after: SkillRoll


@dataclass(frozen=True)
class Clash:
    """Outcome of an attack and the reaction to it.

    ``hitter``: who hits and rolls damage, or None. ``maneuvers``: Combat Maneuvers the hitter
    chooses before rolling damage. ``fumbled``: who fumbled. ``cell``: the table's text (not
    part of equality).
    """

    hitter: Side | None
    maneuvers: int
    fumbled: tuple[str, ...]
    cell: str = field(default="", compare=False)


def _check_roll(roll: int) -> None:
    if not 1 <= roll <= D100:
        raise ValueError(f"d100 roll must be 1..100 (100 is '00'), got {roll}")


def critical_threshold(skill: int) -> int:
    """One tenth of the skill, rounded up: rolls at or under it are criticals."""
    return -(-skill // 10)


def grade(roll: int, skill: int) -> Grade:
    """Grade a d100 roll (1..100, 100 is "00") against ``skill``.

    Fumble: 99 or 00, only 00 when the skill is 100 or more. 96-00 always fail. Critical: at or
    under a tenth of the skill, rounded up. Success: at or under the skill; 01-05 always succeed.
    """
    _check_roll(roll)
    if roll == D100 or (roll in FUMBLES and skill < HIGH_SKILL):
        return Grade.FUMBLE
    if roll >= ALWAYS_FAILS_AT_OR_OVER:
        return Grade.FAILURE
    if roll <= critical_threshold(skill):
        return Grade.CRITICAL
    if roll <= skill or roll <= ALWAYS_SUCCEEDS_AT_OR_UNDER:
        return Grade.SUCCESS
    return Grade.FAILURE


def flip(roll: int) -> int:
    """Swap the tens and units dice: 04 -> 40, 73 -> 37, 10 -> 01, 00 (100) stays 100."""
    _check_roll(roll)
    if roll == D100:
        return D100
    tens, units = roll // 10 % 10, roll % 10
    return units * 10 + tens


def roll_skill(skill: int, rng: RandomSource) -> SkillRoll:
    """Roll a d100 (one ``randint(1, 100)``) against ``skill``."""
    roll = rng.randint(1, D100)
    return SkillRoll(roll=roll, skill=skill, grade=grade(roll, skill))


def luck_points(pow: int) -> int:
    """Luck Points from POW: up to 6 gives 1, 7-12 gives 2, 13-18 gives 3, +1 per further 6."""
    return max(1, -(-pow // 6))


def action_points(hero: bool = False) -> int:
    """Action Points per round: 2, or 3 with the Hero advantage."""
    return ACTION_POINTS_HERO if hero else ACTION_POINTS


def can_use_luck_on_own(grade: Grade) -> bool:
    """Whether your own roll failed, so a Luck Point may reroll it or flip its digits."""
    return grade <= Grade.FAILURE


def _own_failed(previous: SkillRoll) -> None:
    if not can_use_luck_on_own(previous.grade):
        raise ValueError(
            f"only a failed roll may be rerolled or flipped, got {previous.grade.name}"
        )


def reroll_own(previous: SkillRoll, rng: RandomSource) -> LuckUse:
    """Luck Point: reroll your own failed roll; the new roll stands."""
    _own_failed(previous)
    after = roll_skill(previous.skill, rng)
    return LuckUse(option=LuckOption.REROLL, before=previous, after=after)


def flip_own(previous: SkillRoll) -> LuckUse:
    """Luck Point: flip the digits of your own failed roll; the flipped roll stands."""
    _own_failed(previous)
    roll = flip(previous.roll)
    after = SkillRoll(roll=roll, skill=previous.skill, grade=grade(roll, previous.skill))
    return LuckUse(option=LuckOption.FLIP, before=previous, after=after)


def force_reroll(opponent: SkillRoll, rng: RandomSource) -> LuckUse:
    """Luck Point: force the opponent to reroll (any roll, not only a failure)."""
    after = roll_skill(opponent.skill, rng)
    return LuckUse(option=LuckOption.FORCE_REROLL, before=opponent, after=after)


def spend_point(available: int, cost: int = 1) -> int:
    """Spend Luck or Action Points; return what is left. ValueError when short."""
    if cost < 0:
        raise ValueError(f"cannot spend a negative number of points ({cost})")
    if available < cost:
        raise ValueError(f"needs {cost} point(s), only {available} left")
    return available - cost


# The opposed roll table, [defender grade][attacker grade] -> (outcome, maneuvers).
# Outcome: "attacker" / "defender" = that side hits; "higher" = the higher roll hits;
# None = no one hits. The third item is the cell's text.
_TABLE: dict[Grade, dict[Grade, tuple[str | None, int, str]]] = {
    Grade.CRITICAL: {
        Grade.CRITICAL: ("higher", 0, "Higher roll hits, no CMs"),
        Grade.SUCCESS: ("defender", 1, "Defender hits, gets one CM"),
        Grade.FAILURE: ("defender", 2, "Defender hits, gets two CMs"),
        Grade.FUMBLE: ("defender", 3, "Defender hits, gets three CMs"),
    },
    Grade.SUCCESS: {
        Grade.CRITICAL: ("attacker", 1, "Attacker hits, gets one CM"),
        Grade.SUCCESS: ("higher", 0, "Higher roll hits, no CMs"),
        Grade.FAILURE: ("defender", 1, "Defender hits, gets one CM"),
        Grade.FUMBLE: ("defender", 2, "Defender hits, gets two CMs"),
    },
    Grade.FAILURE: {
        Grade.CRITICAL: ("attacker", 2, "Attacker hits, gets two CMs"),
        Grade.SUCCESS: ("attacker", 1, "Attacker hits, gets one CM"),
        Grade.FAILURE: (None, 0, "Both fail"),
        Grade.FUMBLE: (None, 0, "Attacker fumbles"),
    },
    Grade.FUMBLE: {
        Grade.CRITICAL: ("attacker", 3, "Attacker hits, gets three CMs"),
        Grade.SUCCESS: ("attacker", 2, "Attacker hits, gets two CMs"),
        Grade.FAILURE: (None, 0, "Defender fumbles"),
        Grade.FUMBLE: (None, 0, "Both fumble"),
    },
}


def resolve_clash(
    attacker: Grade,
    attacker_roll: int,
    defender: Grade | None,
    defender_roll: int | None,
) -> Clash:
    """Resolve an attack against a reaction with the text's opposed roll table.

    ``defender`` None means the defender chose not to react: treated as "Defender Fails".
    On equal grades (both critical or both successful) the higher roll hits; equal rolls go to
    ``EQUAL_ROLLS_GO_TO`` (the defender). ``defender_roll`` is only needed then.
    """
    _check_roll(attacker_roll)
    if defender_roll is not None:
        _check_roll(defender_roll)
    row = Grade.FAILURE if defender is None else defender
    outcome, maneuvers, cell = _TABLE[row][attacker]
    hitter: Side | None
    if outcome == "higher":
        if defender_roll is None:
            raise ValueError("defender_roll is needed to compare rolls of the same grade")
        if attacker_roll == defender_roll:
            hitter = EQUAL_ROLLS_GO_TO
        else:
            hitter = "attacker" if attacker_roll > defender_roll else "defender"
    elif outcome == "attacker":
        hitter = "attacker"
    elif outcome == "defender":
        hitter = "defender"
    else:
        hitter = None
    fumbled: list[str] = []
    if attacker == Grade.FUMBLE:
        fumbled.append("attacker")
    if defender == Grade.FUMBLE:
        fumbled.append("defender")
    return Clash(hitter=hitter, maneuvers=maneuvers, fumbled=tuple(fumbled), cell=cell)


# -- after the clash: Combat Maneuvers and damage ------------------------------------------------


@dataclass(frozen=True)
class Maneuver:
    """A Combat Maneuver the winner of a clash may choose before damage (name and reminder)."""

    name: str
    text: str


#: The Combat Maneuvers offered before the GM adds the table's own. The text names only Tail
#: Whip (its step 4: a further opposed roll); the others are the usual special effects of
#: Mythras Imperative, which Casus Mus is built on (NOTES.md), each with a one-line reminder in
#: this module's words. Their effects are the GM's to narrate; the program names and logs them.
MANEUVERS: tuple[Maneuver, ...] = (
    Maneuver("Bash", "Shove the foe back a step or off balance."),
    Maneuver("Bleed", "An open wound: the foe resists with Endurance or bleeds."),
    Maneuver("Blind Opponent", "Sand, glare or blood in the eyes for a moment."),
    Maneuver("Choose Location", "The hitter picks where the blow lands."),
    Maneuver("Compel Surrender", "A beaten foe must yield or fight on against the odds."),
    Maneuver("Disarm Opponent", "The foe's weapon flies from its hand."),
    Maneuver("Impale", "A deep thrust: roll the damage twice and keep the higher."),
    Maneuver("Maximise Damage", "One damage die counts as its highest face."),
    Maneuver("Press Advantage", "The foe is kept on the back foot."),
    Maneuver("Stun Location", "The struck place goes numb for a while."),
    Maneuver("Sunder", "The blow damages the foe's armour or weapon."),
    Maneuver("Take Weapon", "Wrest the weapon out of the foe's grip."),
    Maneuver("Trip Opponent", "The foe falls or staggers."),
    Maneuver("Withdraw", "Step out of the fight's reach."),
    Maneuver("Tail Whip", "The target rolls Willpower against the whipper's original "
                          "attack roll (a further opposed roll)."),
)


def damage_taken(damage: int, armour: int) -> int:
    """What reaches the target: the damage rolled less its armour (shield, magic), never
    below 0 ("Armor/shield/magic can protect against damage (i.e., reduce damage)")."""
    if damage < 0 or armour < 0:
        raise ValueError(f"damage and armour are not negative (got {damage}, {armour})")
    return max(damage - armour, 0)
