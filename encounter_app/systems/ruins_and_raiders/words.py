"""Ruins & Raiders in the players' words: a check without its mox, the initiative roll."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from encounter_app.domain.initiative import initiative_words
from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import RollRow


def _trait(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["actor"], request.get("combatant_id")):
        return ""
    target = request.get("target") or ""
    if target and not sight.sees(target, None):
        if request.get("wound_base") is not None:
            return ""  # an attack on the hidden concerns only them
        target = ""
    against = f" vs {target}" if target else ""
    text = (f"{request['actor']}: {request['trait_name']} check{against} {result['total']}, "
            f"{'success' if result['success'] else 'failure'}")
    if request.get("wound_base") is not None and result["success"]:
        text += f", {max(int(result['mox']) + int(request['wound_base']), 0)} wounds"
    return text


def _initiative(payload: Mapping[str, Any], sight: Sight) -> str:
    return initiative_words(payload, sight)


PLAYER_WORDS = {"trait": _trait, "initiative": _initiative}


def player_words(row: RollRow, sight: Sight) -> str:
    words = PLAYER_WORDS.get(row.kind)
    return "" if words is None else words(row.payload, sight)
