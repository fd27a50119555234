"""Coin Toss' rules and its one roll: a coin called, flipped with the rules thread's dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from encounter_app.domain.logged import LoggedRoll, read_line
from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import RollRow
from encounter_app.rules.dice import RandomSource

Face = Literal["heads", "tails"]


@dataclass(frozen=True)
class Flip:
    """Where the coin fell, and whether the call was right."""

    face: Face
    won: bool


@dataclass(frozen=True)
class CoinCall:
    """A combatant calls the coin: one ``randint(1, 2)``, 1 is heads."""

    caller: str
    call: Face
    combatant_id: int | None = None

    def compute(self, rng: RandomSource) -> Flip:
        face: Face = "heads" if rng.randint(1, 2) == 1 else "tails"
        return Flip(face, face == self.call)

    def describe(self, result: Flip) -> RollRow:
        verdict = "right" if result.won else "wrong: loses a Hit Point"
        return RollRow(kind="coin", actor=self.caller,
                       summary=f"{self.caller} calls {self.call}: {result.face}, {verdict}",
                       detail=f"coin ({result.face}) against the call {self.call}")


@dataclass(frozen=True)
class CallLine(LoggedRoll):
    """A logged call read back: the call and where the coin fell."""

    request: CoinCall
    result: Flip


def read_roll(row: RollRow) -> CallLine | None:
    return read_line(CallLine, row) if row.kind == "coin" else None


def player_words(row: RollRow, sight: Sight) -> str:
    """A public call in the players' words, if they can see the caller."""
    line = read_roll(row)
    if line is None:
        return ""
    call = line.request
    if not sight.sees(call.caller, call.combatant_id):
        return ""
    return f"{call.caller} calls {call.call}: {line.result.face}"
