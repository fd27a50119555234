"""Forge of Power in words: levels of success, for the GM's log and for the players."""

from __future__ import annotations

from typing import TYPE_CHECKING

from encounter_app.domain.initiative import initiative_words
from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import RollRow
from encounter_app.rules import forge_of_power
from encounter_app.rules.forge_of_power import Level

if TYPE_CHECKING:
    from encounter_app.systems.forge_of_power.requests import CheckLine, FopAttackLine

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


def _check(line: CheckLine, sight: Sight) -> str:
    request = line.request
    if not sight.sees(request.actor, request.combatant_id):
        return ""
    return (f"{request.actor}: {request.label} {line.result.total}, "
            f"{LEVEL_WORDS[line.result.level]}")


def _attack(line: FopAttackLine, sight: Sight) -> str:
    request = line.request
    if not sight.sees(request.attacker, request.combatant_id):
        return ""
    parts = [f"{LEVEL_WORDS[level]} vs {target.name}" for target, level in line.targets()
             if sight.sees(target.name, target.combatant_id)]
    if not parts:
        return ""
    return f"{request.attacker} {request.label} {line.result.total}: " + "; ".join(parts)


def player_words(row: RollRow, sight: Sight) -> str:
    # Imported here: requests.py words its log lines with this module's words.
    from encounter_app.systems.forge_of_power.requests import CheckLine, FopAttackLine, read_roll

    line = read_roll(row)
    if isinstance(line, CheckLine):
        return _check(line, sight)
    if isinstance(line, FopAttackLine):
        return _attack(line, sight)
    return "" if line is None else initiative_words(line.request, line.result, sight)
