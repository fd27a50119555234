"""Forge of Power's dice in words: levels of success and a d20's breakdown, for the log."""

from __future__ import annotations

from encounter_app.domain.rows import RollRow
from encounter_app.rules import forge_of_power
from encounter_app.rules.forge_of_power import Level

LEVEL_WORDS = {Level.CRITICAL_SUCCESS: "Critical Success", Level.SUCCESS: "Success",
               Level.FAILURE: "Failure", Level.CRITICAL_FAILURE: "Critical Failure"}


def signed(value: int) -> str:
    return f"{'+' if value >= 0 else '-'} {abs(value)}"


def d20_text(check: forge_of_power.LevelCheck | forge_of_power.AttackRoll, bonus: int,
             advantage: bool, disadvantage: bool) -> str:
    if len(check.d20s) == 2:
        word = "advantage" if advantage else "disadvantage"
        dice = f"2d20 {word} ({', '.join(map(str, check.d20s))}: keeps {check.natural})"
    else:
        dice = f"d20 ({check.natural})"
    natural = ""
    if check.natural == forge_of_power.NATURAL_HIGH:
        natural = "; natural 20: one level up"
    elif check.natural == forge_of_power.NATURAL_LOW:
        natural = "; natural 1: one level down"
    return f"{dice} {signed(bonus)} = {check.total}{natural}"


def with_reroll(kept: RollRow, other: RollRow, kept_new: bool) -> RollRow:
    """The log line of the result the GM kept after a reroll, naming the other one."""
    which = "the reroll" if kept_new else "the first roll"
    return RollRow(kind=kept.kind, actor=kept.actor, payload=kept.payload,
                   summary=f"{kept.summary} (rerolled, kept {which})",
                   detail=f"{kept.detail}\nNot kept: {other.summary}; {other.detail}")
