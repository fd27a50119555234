"""Daggerheart in the players' words: an adversary's attack and reaction, a player's outcome."""

from __future__ import annotations

from encounter_app.domain.logged import MissLine, OutcomeLine
from encounter_app.domain.player_view import Sight, fear_gained_words, listed
from encounter_app.domain.rows import RollRow
from encounter_app.rules.daggerheart import quick_phrase
from encounter_app.systems.daggerheart.requests import (
    AttackLine,
    DaggerheartLine,
    DualityReactionLine,
    FeatureLine,
    ReactionLine,
    read_roll,
)


def _attack(line: AttackLine, sight: Sight) -> str:
    request, result = line.request, line.result
    if not sight.sees(request.attacker, request.combatant_id):
        return ""
    targets = [(sight.name(t.name), hit) for t, hit in line.targets()
               if sight.sees(t.name, t.combatant_id)]
    if request.targets and not targets:
        return ""
    hit = [name for name, h in targets if h]
    missed = [name for name, h in targets if not h]
    parts = ([f"hits {listed(hit)}"] if hit else []) + (
        [f"misses {listed(missed)}"] if missed else [])
    critical = "CRITICAL " if result.critical else ""
    text = f"{sight.name(request.attacker)} {request.attack_name}: {critical}{result.total}"
    if parts:
        text += ", " + "; ".join(parts)
    if hit and result.damage_total is not None:
        text += f" for {result.damage_total} damage"
    return text


def _reaction(line: ReactionLine, sight: Sight) -> str:
    request, result = line.request, line.result
    if not sight.sees(request.actor, request.combatant_id):
        return ""
    verdict = "succeeds" if result.success else "fails"
    if result.critical:
        verdict = "succeeds (critical)"
    return f"{sight.name(request.actor)}: {request.kind} roll {result.total}, {verdict}"


def _duality_reaction(line: DualityReactionLine, sight: Sight) -> str:
    """A PC's reaction roll: its total and whether it succeeded, never the Difficulty."""
    if not sight.sees(line.player, line.combatant_id):
        return ""
    return f"{sight.name(line.player)}: reaction roll {line.total}, {line.verdict()}"


def _feature(line: FeatureLine, sight: Sight) -> str:
    request = line.request
    if not sight.sees(request.actor, request.combatant_id):
        return ""
    parts = []
    for target, damage in line.targets():
        if not sight.sees(target.name, target.combatant_id):
            continue
        verdict = request.outcome_words(target).split(" (")[0]
        words = f"{target.name} {verdict}".strip()
        if line.result is not None:
            words += f": {damage} damage" if damage else ": no damage"
        parts.append(words)
    if request.targets and not parts:
        return ""
    return f"{request.actor} {request.feature}" + (": " + "; ".join(parts) if parts else "")


def _outcome(line: OutcomeLine, sight: Sight) -> str:
    text = f"{line.outcome.value}: {quick_phrase(line.outcome).split(' (')[0]}"
    # A roll sent from the players' page (or typed by the GM) names its player, if seen.
    if line.player and sight.sees(line.player, None):
        text = f"{line.player}: {text}"
    return text + fear_gained_words(line.fear_gained, sight)


def line_words(line: DaggerheartLine, sight: Sight) -> str:
    """One of Daggerheart's rows, read back, in the players' words ("" when not theirs)."""
    if isinstance(line, AttackLine):
        return _attack(line, sight)
    if isinstance(line, ReactionLine):
        return _reaction(line, sight)
    if isinstance(line, FeatureLine):
        return _feature(line, sight)
    if isinstance(line, DualityReactionLine):
        return _duality_reaction(line, sight)
    if isinstance(line, MissLine):
        return "A PC missed an attack"
    return _outcome(line, sight)


def player_words(row: RollRow, sight: Sight) -> str:
    line = read_roll(row)
    return "" if line is None else line_words(line, sight)
