"""JSON read with limits that say so when they are hit, so a bad file is refused, never a crash.

Python's json module reads what the JSON standard forbids (``NaN``, ``Infinity``), and fails
with other exceptions than a decode error on what is merely big: an integer of more than 4,300
digits is a ValueError, a nesting about 1,000 deep a RecursionError. Read through ``loads``:

- a file of more than MAX_BYTES is refused before it is read (reader.py);
- nesting deeper than MAX_DEPTH is refused with its line and column, before json reads it;
- a number no field can take (``NaN``, ``Infinity``, a float past 1.8e308, an integer of more
  than MAX_DIGITS digits) reads as an ``Unusable`` value, so the field that holds it is named
  as for any value of the wrong type: "hp: expected a whole number, found Infinity". Every
  field that takes a whole number checks its range, which bounds its magnitude;
- text that cannot be stored (a lone surrogate, ``"\\ud800"``) is found by ``bad_character``:
  the field readers refuse it, and ``leftovers`` finds any such value no reader looked at.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from encounter_app.domain.json_data import JSON

MAX_BYTES = 20 * 1024 * 1024  # the SRD's 129 adversaries are 0.3 MB
MAX_DEPTH = 64  # a campaign file nests 9 deep: campaign, encounter, combatant, stat block…
MAX_DIGITS = 20  # any 64-bit number; the fields' ranges are far narrower
NOT_TEXT = "contains a character that is not valid text"

# A JSON string (escapes included), and what is neither a string nor a bracket.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
# A string, or a bracket outside strings (group 1: an opening one).
_TOKEN = re.compile(rf'{_STRING.pattern}|([\[{{])|[\]}}]')
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")


class JsonLimit(ValueError):
    """The text breaks a limit of the reader; the message says which, and where."""


@dataclass(frozen=True, repr=False)
class Unusable:
    """A number as the file writes it that no field can take, shown for what it is."""

    shown: str

    def __str__(self) -> str:
        return self.shown

    __repr__ = __str__  # inside a list or object shown in a problem: [1, Infinity]


def loads(text: str) -> JSON:
    """``json.loads`` within the limits; raises JsonLimit or json.JSONDecodeError.

    The value is JSON, but for a number no field can take: an :class:`Unusable` stands in its
    place. That is none of JSON's types, so every reader, which narrows a value to the type it
    wants by ``isinstance``, refuses it as a value of the wrong type, and ``leftovers`` finds
    it where no reader looked."""
    _check_depth(text)
    # json's own int() is the faster: the hook only when some run of digits is long (maybe in
    # a string, which the hook never sees).
    value: JSON = json.loads(text, parse_int=_integer if _LONG_NUMBER.search(text) else None,
                             parse_float=_float, parse_constant=Unusable)
    return value


def digits_problem(digits: str) -> str:
    """Why a run of digits is not a number the program reads, or "" when it is one."""
    count = len(digits.strip().lstrip("+-\u2212"))
    return f"a number of {count} digits (at most {MAX_DIGITS})" if count > MAX_DIGITS else ""


def _integer(text: str) -> int | Unusable:
    problem = digits_problem(text)
    return Unusable(problem) if problem else int(text)


def _float(text: str) -> float | Unusable:
    value = float(text)
    if math.isfinite(value):
        return value
    return Unusable(text if len(text) <= 30 else f"a number of {len(text)} characters")


def _check_depth(text: str) -> None:
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return  # cannot be nested deeper
    # The brackets outside strings, each round taking away the innermost pairs (one level, or
    # two: "{[]}"). Emptied within MAX_DEPTH / 2 rounds, they are nested no deeper.
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH // 2):
        inner = brackets.replace("[]", "").replace("{}", "")
        if not inner:
            return
        if len(inner) == len(brackets):
            break  # unbalanced (cut short?): json.loads would go as deep as the openings
        brackets = inner
    depth = 0  # deeper, or unbalanced: counted one by one, to say where
    for token in _TOKEN.finditer(text):
        if token.lastindex:
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, token.start()) + 1
                column = token.start() - text.rfind("\n", 0, token.start())
                raise JsonLimit(f"is nested more than {MAX_DEPTH} deep (lists and objects "
                                f"inside each other) at line {line}, column {column}")
        elif token.group()[0] != '"':
            depth -= 1


def bad_character(text: str) -> str:
    """Where ``text`` holds a character that cannot be stored (a lone surrogate) and which,
    for a problem's message; "" when it is all valid text."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"{NOT_TEXT} (U+{ord(text[exc.start]):04X} at character {exc.start + 1})"
    return ""


def printable(text: str) -> str:
    """``text`` safe to print and store: a character that is not valid text as ``\\udc80``."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def leftovers(data: JSON) -> Iterator[tuple[tuple[str, ...], str]]:
    """(where, what) of every Unusable number and invalid text in ``data``, the keys too.

    ``where`` is the way from the top, keys and list places counted from 1:
    ``("3", "feats", "2", "name")``. Iterative, so no nesting costs a Python frame.
    """
    stack: list[tuple[tuple[str, ...], JSON]] = [((), data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, Unusable):
            yield where, f"expected a number JSON can hold, found {value}"
        elif isinstance(value, str):
            if problem := bad_character(value):
                yield where, problem
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                if problem := bad_character(key):
                    yield where, f"the name of a field {problem}"
                stack.append(((*where, printable(key)), item))
        elif isinstance(value, list):
            stack.extend(((*where, str(number)), item)
                         for number, item in reversed(list(enumerate(value, 1))))
