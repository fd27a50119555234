"""Everyone's initiative rolled at once, for a system whose turns follow a rolled order.

The core rolls, logs and orders it (services/fight/turns.apply_initiative); each system says
how one combatant's initiative is made (``InitiativeRequest.score``, its dice or a fixed value)
and how its ties go (``order``), in a subclass of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import RollRow
from encounter_app.rules.dice import RandomSource

if TYPE_CHECKING:
    from encounter_app.domain.player_view import Sight


@fields_repr
@dataclass(frozen=True, repr=False)
class Initiant:
    """One combatant in an initiative roll: ``rolls`` False means a fixed value."""

    combatant_id: int
    name: str
    bonus: int
    rolls: bool = True


@fields_repr
@dataclass(frozen=True, repr=False)
class InitiativeScore:
    """One combatant's initiative: the dice rolled (if any), the bonus and the total."""

    combatant_id: int
    name: str
    dice: tuple[int, ...]  # empty for a fixed value
    total: int
    bonus: int


def by_total_then_bonus(scores: Iterable[InitiativeScore]) -> list[InitiativeScore]:
    """High to low, ties to the higher bonus, then as given."""
    return sorted(scores, key=lambda s: (-s.total, -s.bonus))


@fields_repr
@dataclass(frozen=True, repr=False)
class InitiativeRequest:
    """Everyone's initiative at once. A system subclasses it: ``score`` rolls one initiant."""

    initiants: tuple[Initiant, ...]

    def score(self, who: Initiant, rng: RandomSource) -> InitiativeScore:
        raise NotImplementedError

    def line(self, score: InitiativeScore) -> str:
        """One initiant's line of the log's breakdown."""
        raise NotImplementedError

    def order(self, scores: Iterable[InitiativeScore]) -> list[InitiativeScore]:
        """The scores in turn order."""
        return by_total_then_bonus(scores)

    def compute(self, rng: RandomSource) -> tuple[InitiativeScore, ...]:
        return tuple(self.score(who, rng) for who in self.initiants)

    def describe(self, result: tuple[InitiativeScore, ...]) -> RollRow:
        ordered = self.order(result)
        return RollRow(kind="initiative", actor="",
                       summary="Initiative: " + ", ".join(f"{s.name} {s.total}"
                                                          for s in ordered),
                       detail="\n".join(self.line(s) for s in ordered))

    def ties(self, scores: Iterable[InitiativeScore]) -> list[list[InitiativeScore]]:
        """The groups, in turn order, still tied after ``order``: the GM orders them."""
        groups: list[list[InitiativeScore]] = []
        for score in self.order(scores):
            if groups and (groups[-1][0].total, groups[-1][0].bonus) == (score.total,
                                                                         score.bonus):
                groups[-1].append(score)
            else:
                groups.append([score])
        return [group for group in groups if len(group) > 1]


def initiative_words(request: InitiativeRequest, scores: Sequence[InitiativeScore],
                     sight: Sight) -> str:
    """An initiative roll as the players see it: only the visible, in the request's turn
    order; a fixed value (a Ruins & Raiders foe's Perception + 7, which would give it away)
    not at all."""
    shown = [f"{s.name} {s.total}" if s.dice else s.name
             for s in request.order(scores) if sight.sees(s.name, s.combatant_id)]
    return "Initiative: " + ", ".join(shown) if shown else ""
