"""Forge of Power in words: levels of success, for the GM's log and for the players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from encounter_app.domain.initiative import initiative_words
from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import RollRow
from encounter_app.rules import forge_of_power
from encounter_app.rules.forge_of_power import Level

LEVEL_WORDS = {Level.CRITICAL_SUCCESS: "Critical Success", Level.SUCCESS: "Success",
               Level.FAILURE: "Failure", Level.CRITICAL_FAILURE: "Critical Failure"}
_LEVEL_NAMES = {level.name: word for level, word in LEVEL_WORDS.items()}


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


def _level_check(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["actor"], request.get("combatant_id")):
        return ""
    return (f"{request['actor']}: {request['label']} {result['total']}, "
            f"{_LEVEL_NAMES[result['level']]}")


def _fop_attack(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["attacker"], request.get("combatant_id")):
        return ""
    parts = [f"{_LEVEL_NAMES[level]} vs {t['name']}"
             for t, level in zip(request["targets"], result["levels"], strict=True)
             if sight.sees(t["name"], t.get("combatant_id"))]
    if not parts:
        return ""
    return f"{request['attacker']} {request['label']} {result['total']}: " + "; ".join(parts)


def _initiative(payload: Mapping[str, Any], sight: Sight) -> str:
    from encounter_app.systems.forge_of_power.order import forge_order

    return initiative_words(payload, sight, forge_order)


PLAYER_WORDS = {"fop_check": _level_check, "fop_attack": _fop_attack,
                "initiative": _initiative}


def player_words(row: RollRow, sight: Sight) -> str:
    words = PLAYER_WORDS.get(row.kind)
    return "" if words is None else words(row.payload, sight)
