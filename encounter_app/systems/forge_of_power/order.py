"""Forge of Power's initiative order, as its rules module gives it, over the rolled scores."""

from __future__ import annotations

from collections.abc import Iterable

from encounter_app.domain.initiative import InitiativeScore
from encounter_app.rules import forge_of_power


def forge_order(scores: Iterable[InitiativeScore]) -> list[InitiativeScore]:
    """The rules' order (``forge_of_power.initiative_order``): highest first, ties to the
    higher bonus, still tied as given (the GM's to settle)."""
    scores = list(scores)
    entries = [forge_of_power.InitiativeEntry(name=s.name, total=s.total, bonus=s.bonus)
               for s in scores]
    score_of = {id(entry): score for entry, score in zip(entries, scores, strict=True)}
    return [score_of[id(entry)] for entry in forge_of_power.initiative_order(entries)]
