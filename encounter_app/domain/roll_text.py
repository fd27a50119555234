"""Turn a finished roll into a roll-log line a GM reads at a glance: summary, then breakdown.

The words are the request's own (``RollRequest.describe``, in each system's package); this adds
the payload every line keeps: the whole request and result as plain JSON, from which the
players' words are written (domain/player_view.py) and a logged attack's hits are read.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import replace
from typing import TypeVar

from encounter_app.domain.json_data import JSON, JsonObject
from encounter_app.domain.requests import RollResult
from encounter_app.domain.rows import RollRow

R = TypeVar("R")


def plain(value: object) -> JSON:
    """JSON-able copy of frozen dataclasses, enums and tuples, for the log's payload column."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, list | tuple | frozenset | set):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"cannot keep a {type(value).__name__} in a roll's payload")


def payload_of(answer: RollResult[R]) -> JsonObject:
    """The whole request and result of ``answer``, as the roll log keeps them."""
    return {"request": plain(answer.request), "result": plain(answer.result)}


def describe(answer: RollResult[R]) -> RollRow:
    """The log line for a result, with the whole request and result kept as its payload."""
    row = answer.request.describe(answer.result)
    return replace(row, payload={**payload_of(answer), **row.payload})
