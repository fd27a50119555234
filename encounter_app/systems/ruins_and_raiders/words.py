"""Ruins & Raiders in words: a check with its mox, for the GM's log and for the players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from encounter_app.domain.initiative import initiative_words
from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import RollRow
from encounter_app.rules import ruins_and_raiders

if TYPE_CHECKING:
    from encounter_app.systems.ruins_and_raiders.requests import TraitCheckRequest


def signed(value: int) -> str:
    return f"{'+' if value >= 0 else '-'} {abs(value)}"


def trait_text(request: TraitCheckRequest, result: ruins_and_raiders.TraitCheck) -> str:
    first, second = result.dice
    text = (f"2d6 ({first}, {second}) {signed(request.trait)} {request.trait_name}"
            f" = {result.total} vs challenge {request.challenge}")
    if request.reason:
        text += f" ({request.reason})"
    if result.natural == ruins_and_raiders.NATURAL_FAIL:
        text += "; natural 2 always fails"
    elif result.natural == ruins_and_raiders.NATURAL_SUCCESS:
        text += "; natural 12 always succeeds"
    return text


def trait_verdict(result: ruins_and_raiders.TraitCheck) -> str:
    """ "success, mox 3"; a natural 2 that would have succeeded says why it did not, rather
    than "failure, mox 2"."""
    if not result.success and result.mox > 0:
        return "failure: a natural 2 always fails"
    return f"{'success' if result.success else 'failure'}, mox {result.mox}"


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
