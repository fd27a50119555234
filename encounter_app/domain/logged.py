"""The roll log's payloads read back as typed values: one decoder for the core's kinds, and
what every system's decoder shares.

A roll-log row (``RollRow``) keeps its payload as JSON. Whatever the program reads of it goes
through a decoder: the core's kinds here (``read_core``: a dice roll, a rest, a countdown's
trigger), every other kind through the campaign's system (its ``read_roll``, written in
``systems/<key>/requests.py``). Each kind's typed form is a frozen dataclass whose fields are
the payload's keys, read with ``json_data.from_json``:

- for a roll the rules computed, the request and the result themselves, as
  ``roll_text.describe`` wrote them (``{"request": ..., "result": ...}``);
- for a line the program composes (a player's outcome, a rest, a countdown's trigger, a
  clash), a class of its own, made where the line is made and written with ``line_json``.

A payload that does not fit its kind's class (mangled, or of a shape no version of the kind
wrote) reads as None: what is not understood is not shown. A field added since a kind was
first logged has a default, so the rows written before it read; keys an older version wrote
that no field holds any more are dropped where the kind is read (``read_line``'s ``retired``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sized
from dataclasses import dataclass
from typing import Literal, TypeVar

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.json_data import DataError, JsonObject, from_json, to_json
from encounter_app.domain.requests import DiceRequest
from encounter_app.domain.rows import RollRow
from encounter_app.rules.daggerheart import Outcome, RestKind
from encounter_app.rules.dice import DiceRoll


class LoggedRoll:
    """A roll-log row's payload read back: what the core asks of any system's typed value."""

    @property
    def hit(self) -> bool | None:
        """An attack's mark in the log: True when it hit any target, False when it missed
        them all; None for a roll that is not an attack."""
        return None

    @property
    def critical(self) -> bool:
        """A critical success in the system's rules (matching Duality Dice, a natural 20, a
        Casus Mus critical...): the recap names it. False for a roll that cannot be one."""
        return False

    @property
    def dice(self) -> str:
        """The dice the roll threw, as they landed ("2d6 (6, 6)", "Hope 4, Fear 2"), for a
        player's own roll in the players' recap; "" when the words say them already."""
        return ""

    @staticmethod
    def one_per_target(what: str, results: Sized, targets: Sized) -> None:
        """An attack's line carries one result a target; a row where it does not is damaged."""
        if len(results) != len(targets):
            raise DataError(what, f"{len(results)} for {len(targets)} targets")


L = TypeVar("L", bound=LoggedRoll)


def read_line(cls: type[L], row: RollRow, *, retired: tuple[str, ...] = ()) -> L | None:
    """``row``'s payload as ``cls``, or None when it is not one. ``retired``: keys of the
    payload's request that an older version wrote and no field holds any more."""
    payload = row.payload
    if not isinstance(payload, dict):  # typed so, but read from a file: a damaged row
        return None
    request = payload.get("request")
    if retired and isinstance(request, dict):
        payload = {**payload, "request": {key: value for key, value in request.items()
                                          if key not in retired}}
    try:
        return from_json(cls, payload)
    except DataError:
        return None


def line_json(line: LoggedRoll) -> JsonObject:
    """``line`` as its row's payload. A field left at its default None is not written: the
    payload has the shape rows had before the field was added, and reads the same."""
    if not dataclasses.is_dataclass(line):
        raise TypeError(f"a {type(line).__name__} is not a payload's class")
    data = to_json(line)
    assert isinstance(data, dict)
    unwritten = {f.name for f in dataclasses.fields(line)
                 if f.default is None and getattr(line, f.name) is None}
    return {key: value for key, value in data.items() if key not in unwritten}


# -- the core's kinds ---------------------------------------------------------------------------


@fields_repr
@dataclass(frozen=True, repr=False)
class DiceLine(LoggedRoll):
    """A dice expression rolled. ``countdown``: the countdown whose start it rolled, by
    name (logged before the countdown had an id: services/fight/table.start_row)."""

    request: DiceRequest
    result: DiceRoll
    countdown: str | None = None


@fields_repr
@dataclass(frozen=True, repr=False)
class CountdownMove:
    """One countdown an outcome, a missed attack or a rest moved: as it was and became."""

    id: int | None
    name: str
    before: int
    after: int
    triggered: bool
    loops: int


@fields_repr
@dataclass(frozen=True, repr=False)
class RestRoll:
    """The Fear a rest rolled (1d4, or 1d4 + the PCs on a long rest)."""

    expression: str
    total: int
    dice: tuple[int, ...]


RestKey = Literal["short", "long"]  # a RestKind's value, as the payload keeps it


@fields_repr
@dataclass(frozen=True, repr=False)
class RestLine(LoggedRoll):
    """A rest: the Fear it rolled and gained (no roll in a system without Fear), the
    long-term countdowns it moved."""

    rest: RestKey
    fear_gained: int
    roll: RestRoll | None
    countdowns: tuple[CountdownMove, ...]

    @property
    def kind(self) -> RestKind:
        return RestKind(self.rest)


def rest_key(kind: RestKind) -> RestKey:
    return "short" if kind is RestKind.SHORT else "long"


@fields_repr
@dataclass(frozen=True, repr=False)
class TriggerLine(LoggedRoll):
    """A countdown that triggered (and looped ``loops`` times so far)."""

    countdown_id: int | None
    loops: int


@fields_repr
@dataclass(frozen=True, repr=False)
class OutcomeLine(LoggedRoll):
    """A player's action roll as the GM recorded its outcome (services/fight/table.py): the
    Fear it gained, the countdowns it moved and, when the program knows them (a roll from
    the players' page, or dice the GM typed), who rolled which Duality Dice."""

    outcome: Outcome
    fear_gained: int
    countdowns: tuple[CountdownMove, ...]
    player: str | None = None
    hope: int | None = None
    fear: int | None = None
    modifier: int | None = None
    difficulty: int | None = None

    @property
    def critical(self) -> bool:
        return self.outcome is Outcome.CRITICAL_SUCCESS

    @property
    def dice(self) -> str:
        return "" if self.hope is None else f"Hope {self.hope}, Fear {self.fear}"


@fields_repr
@dataclass(frozen=True, repr=False)
class MissLine(LoggedRoll):
    """A PC's missed attack, and the countdowns that tick on one (logged as an "outcome")."""

    event: Literal["pc_miss"]
    countdowns: tuple[CountdownMove, ...]


CoreLine = DiceLine | RestLine | TriggerLine
CORE_KINDS = frozenset({"dice", "rest", "countdown"})


def read_core(row: RollRow) -> CoreLine | None:
    """A row of the kinds every system logs, read back; None for another kind, or a payload
    not understood."""
    if row.kind == "dice":
        return read_line(DiceLine, row)
    if row.kind == "rest":
        return read_line(RestLine, row)
    if row.kind == "countdown":
        return read_line(TriggerLine, row)
    return None
