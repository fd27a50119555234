"""Daggerheart in the players' words: an adversary's attack and reaction, a player's outcome."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from encounter_app.domain.player_view import Sight, fear_gained_words, listed
from encounter_app.domain.rows import RollRow
from encounter_app.rules.daggerheart import Outcome, quick_phrase


def _attack(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["attacker"], request.get("combatant_id")):
        return ""
    targets = [(t["name"], bool(h)) for t, h in zip(request["targets"], result["hits"],
                                                    strict=True)
               if sight.sees(t["name"], t.get("combatant_id"))]
    if request["targets"] and not targets:
        return ""
    hit = [name for name, h in targets if h]
    missed = [name for name, h in targets if not h]
    parts = ([f"hits {listed(hit)}"] if hit else []) + (
        [f"misses {listed(missed)}"] if missed else [])
    critical = "CRITICAL " if result["critical"] else ""
    text = f"{request['attacker']} {request['attack_name']}: {critical}{result['total']}"
    if parts:
        text += ", " + "; ".join(parts)
    if hit and result.get("damage_total") is not None:
        text += f" for {result['damage_total']} damage"
    return text


def _reaction(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["actor"], request.get("combatant_id")):
        return ""
    verdict = "succeeds" if result["success"] else "fails"
    if result["critical"]:
        verdict = "succeeds (critical)"
    return f"{request['actor']}: {request['kind']} roll {result['total']}, {verdict}"


def _outcome(payload: Mapping[str, Any], sight: Sight) -> str:
    if payload.get("event") == "pc_miss":
        return "A PC missed an attack"
    outcome = Outcome[payload["outcome"]]
    text = f"{outcome.value}: {quick_phrase(outcome).split(' (')[0]}"
    # A roll sent from the players' page (or typed by the GM) names its player, if seen.
    player = payload.get("player")
    if player and sight.sees(player, None):
        text = f"{player}: {text}"
    return text + fear_gained_words(payload, sight)


PLAYER_WORDS = {"attack": _attack, "reaction": _reaction, "action": _reaction,
                "outcome": _outcome}


def player_words(row: RollRow, sight: Sight) -> str:
    words = PLAYER_WORDS.get(row.kind)
    return "" if words is None else words(row.payload, sight)
