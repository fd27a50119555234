"""The plain requests a roll is made of, and the result that answers one.

A request is a frozen dataclass: the only thing that crosses to the rules thread
(services/rolls/rules_service.py), which calls its ``compute`` with the thread's own random
source, and back. Its ``describe`` turns the answer into a roll-log line. Each rule system
brings its own requests (``systems/<key>/requests.py``); the core names only what every system
shares here, and never asks which request it holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import RollRow
from encounter_app.rules import daggerheart, dice
from encounter_app.rules.dice import DiceRoll, RandomSource

R = TypeVar("R")


class RollRequest(Protocol[R]):
    """What the rules thread computes, and how its answer reads in the roll log."""

    def compute(self, rng: RandomSource) -> R:
        """Roll it with the rules package; a ValueError says what is wrong with it."""

    def describe(self, result: R) -> RollRow:
        """The roll-log line of ``result`` (its payload is added by ``roll_text.describe``)."""


@fields_repr
@dataclass(frozen=True, repr=False)
class RollResult(Generic[R]):
    """What came back from the worker: the request it answers and the rules' own result."""

    request_id: int
    request: RollRequest[R]
    result: R = field(compare=False)


@fields_repr
@dataclass(frozen=True, repr=False)
class DiceRequest:
    """Any dice expression, rolled as typed."""

    expression: str
    label: str = ""

    def compute(self, rng: RandomSource) -> DiceRoll:
        return dice.roll(self.expression, rng)

    def describe(self, result: DiceRoll) -> RollRow:
        label = f"{self.label}: " if self.label else ""
        return RollRow(kind="dice", actor=self.label, detail=result.text,
                       summary=f"{label}{self.expression} = {result.total}")


@fields_repr
@dataclass(frozen=True, repr=False)
class RestRequest:
    """The Fear the GM gains when the PCs rest: 1d4, or 1d4 + the PCs on a long rest. (Fear is
    a column every system shares; a system without it rolls none.)"""

    kind: daggerheart.RestKind
    party_size: int

    def compute(self, rng: RandomSource) -> DiceRoll:
        return daggerheart.rest_fear(self.kind, self.party_size, rng)

    def describe(self, result: DiceRoll) -> RollRow:
        return RollRow(kind="dice", summary=f"Rest Fear {result.total}", detail=result.text)
