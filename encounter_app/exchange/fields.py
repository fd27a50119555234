"""Read typed values out of one JSON object, noting every wrong or missing field as a Problem.

Our own format is strict (a number is a JSON number); the SRD's writes numbers as strings
("14", "+3"), so its reader asks for ``lenient`` numbers. A value the JSON reader could not use
(limits.py: Infinity, a number of 5,000 digits) is a value of the wrong type here, and text
that cannot be stored (a lone surrogate) is refused where it is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TypeGuard, TypeVar

from encounter_app.domain.json_data import JSON, JsonObject
from encounter_app.exchange.limits import bad_character, digits_problem, printable
from encounter_app.exchange.problems import Collector, Problem

T = TypeVar("T")
OptionT = TypeVar("OptionT", bound=str)

Progress = Callable[[int, int], None]  # progress(done, total), called after each entry

_INTEGER = re.compile(r"^\s*[+-]?\d+\s*$")


def or_zero(value: int | None) -> int:
    """A number read with its problem noted, or 0 in its place so the entry can be built."""
    return 0 if value is None else value


def short_name(name: str) -> str:
    """A name as a problem names its entry or feature: printable, and short."""
    name = printable(name.strip())  # its own problem, if any, is noted with its field
    return name if len(name) <= 60 else name[:59] + "…"


def shown(value: object) -> str:
    """A value as the GM typed it, short enough for one line of a problem list."""
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "…"


class Fields:
    def __init__(self, data: JsonObject, note: Collector, *, lenient: bool = False,
                 prefix: str = "") -> None:
        self.data, self.note, self.lenient, self.prefix = data, note, lenient, prefix

    def where(self, key: str) -> str:
        return f"{self.prefix}{key}"

    def _get(self, key: str, required: bool) -> JSON:
        value = self.data.get(key)
        if value is None and required:
            self.note.add(self.where(key), "missing")
        return value

    def text(self, key: str, *, required: bool = True, default: str = "",
             max_length: int = 10_000) -> str:
        value = self._get(key, required)
        if value is None:
            return default
        if not isinstance(value, str):
            self.note.add(self.where(key), f"expected text, found {shown(value)}")
            return default
        if problem := bad_character(value):
            self.note.add(self.where(key), problem)
            return default
        if len(value) > max_length:  # noted, and not read further (by a regex, say)
            self.note.add(self.where(key), f"is {len(value)} characters long; "
                                           f"at most {max_length}")
            return default
        if required and not value.strip():
            self.note.add(self.where(key), "is empty")
        return value

    def integer(self, key: str, low: int, high: int, *, required: bool = True,
                label: str = "a whole number") -> int | None:
        value = self._get(key, required)
        if value is None:
            return None
        number = self.to_int(key, value, label)
        if number is not None and not low <= number <= high:
            self.note.add(self.where(key), f"{number} is out of range: {low} to {high}")
            return None
        return number

    def count(self, key: str, high: int, low: int = 0) -> int:
        """A number that may be left out, meaning 0 (marks, tokens, loops)."""
        value = self.integer(key, low, high, required=False)
        return 0 if value is None else value

    def to_int(self, key: str, value: JSON, label: str = "a whole number") -> int | None:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if self.lenient and isinstance(value, str) and _INTEGER.match(value):
            if problem := digits_problem(value):  # int() would refuse past 4,300 digits
                self.note.add(self.where(key), f"expected {label}, found {problem}")
                return None
            return int(value)
        self.note.add(self.where(key), f"expected {label}, found {shown(value)}")
        return None

    def choice(self, key: str, allowed: Iterable[OptionT], default: OptionT) -> OptionT:
        """One of ``allowed`` (``default`` when left out); anything else is noted."""
        value = self.text(key, required=False, default=default)
        for option in allowed:
            if value == option:
                return option  # the same text, typed as one of ``allowed`` (a Literal kind)
        self.note.add(self.where(key), f"expected one of {', '.join(allowed)}, "
                                       f"found {shown(value)}")
        return default

    def boolean(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            self.note.add(self.where(key), f"expected true or false, found {shown(value)}")
            return default
        return value

    def objects(self, key: str, *, required: bool = False) -> list[JsonObject]:
        """A list of JSON objects; anything else in it is noted and left out."""
        value = self._get(key, required)
        if value is None:
            return []
        if not isinstance(value, list):
            self.note.add(self.where(key), f"expected a list, found {shown(value)}")
            return []
        found = []
        for number, item in enumerate(value, 1):
            if isinstance(item, dict):
                found.append(item)
            else:
                self.note.add(f"{self.where(key)} {number}",
                              f"expected an object {{…}}, found {shown(item)}")
        return found


def entry_name(entry: JsonObject) -> str:
    """The name an entry gives itself, to name it in a problem (even when it is wrong)."""
    name = entry.get("name")
    return short_name(name) if isinstance(name, str) else ""


def read_entries(entries: Sequence[JSON], problems: list[Problem],
                 read_one: Callable[[int, JsonObject], T | None],
                 progress: Progress | None = None) -> list[T]:
    """``read_one(number, entry)`` for each object of ``entries``, counting from 1; anything
    else is noted. ``progress(done, total)`` follows each entry (it may raise to cancel)."""
    found = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            problems.append(Problem(number, "", "", f"expected an object {{…}}, found "
                                                    f"{shown(entry)}"))
        elif (item := read_one(number, entry)) is not None:
            found.append(item)
        if progress is not None:
            progress(number, len(entries))
    return found


def names(value: JSON, note: Collector, where: str) -> list[str]:
    """A list of names (conditions, the defeated): each problem noted at ``where`` (the list)
    or ``where n`` (its n-th name); what cannot be read is left out."""
    if not _is_text_list(value):
        note.add(where, f"expected a list of names, found {shown(value)}")
        return []
    for number, name in enumerate(value, 1):
        if problem := bad_character(name):
            note.add(f"{where} {number}", problem)
    return value


def _is_text_list(value: JSON) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(n, str) for n in value)
