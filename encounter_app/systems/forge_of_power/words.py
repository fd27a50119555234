"""Forge of Power in words: levels of success, for the GM's log and for the players."""

from __future__ import annotations

from encounter_app.domain.initiative import initiative_words
from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import RollRow
from encounter_app.systems.forge_of_power.requests import CheckLine, FopAttackLine, read_roll
from encounter_app.systems.forge_of_power.text import LEVEL_WORDS


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
    line = read_roll(row)
    if isinstance(line, CheckLine):
        return _check(line, sight)
    if isinstance(line, FopAttackLine):
        return _attack(line, sight)
    return "" if line is None else initiative_words(line.request, line.result, sight)
