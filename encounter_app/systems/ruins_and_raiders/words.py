"""Ruins & Raiders in the players' words: a check without its mox, the initiative roll."""

from __future__ import annotations

from encounter_app.domain.initiative import initiative_words
from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import RollRow
from encounter_app.systems.ruins_and_raiders.requests import TraitLine, read_roll


def _trait(line: TraitLine, sight: Sight) -> str:
    request, result = line.request, line.result
    if not sight.sees(request.actor, request.combatant_id):
        return ""
    target = request.target
    if target and not sight.sees(target, None):
        if request.wound_base is not None:
            return ""  # an attack on the hidden concerns only them
        target = ""
    against = f" vs {target}" if target else ""
    text = (f"{request.actor}: {request.trait_name} check{against} {result.total}, "
            f"{'success' if result.success else 'failure'}")
    wounds = request.wounds(result)
    if wounds is not None:
        text += f", {wounds} wounds"
    return text


def player_words(row: RollRow, sight: Sight) -> str:
    line = read_roll(row)
    if line is None:
        return ""
    if isinstance(line, TraitLine):
        return _trait(line, sight)
    return initiative_words(line.request, line.result, sight)
