"""JSON as the program reads and writes it, and frozen dataclasses made from it and back.

``JSON`` is the one alias for a value of unknown shape: a value of this type has not been
checked yet. What the program keeps of it is a typed, frozen dataclass made where it is read (a
file, a JSON column of the store) by ``from_json``, which checks every field against the
class's own annotations and says what is wrong and where (``DataError``); ``to_json`` writes
one back. A system's stats and state, and a roll's request and result, cross this way.

Understood: ``int`` (never a bool), ``float``, ``bool``, ``str``, ``None``, unions of them,
``Literal``, an ``Enum`` (by member name), ``tuple[X, ...]`` and ``tuple[X, Y]``,
``frozenset[X]``, ``dict[str, X]`` and nested dataclasses. A field's ``metadata`` may bound a
number: ``field(default=0, metadata=bounds(0, 12))``.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, Literal, TypeAlias, TypeVar, Union, cast

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None
JsonObject: TypeAlias = dict[str, JSON]

T = TypeVar("T")
BOUNDS = "bounds"


class DataError(ValueError):
    """A value that is not what its class says: ``where`` names the field ("sacrificed 1")."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where, self.message = where, message


def bounds(low: int, high: int) -> dict[str, tuple[int, int]]:
    """A field's metadata: its number must be from ``low`` to ``high``."""
    return {BOUNDS: (low, high)}


def shown(value: object) -> str:
    """A value as a message quotes it: short, and text in quotes."""
    text = repr(value) if isinstance(value, str) else "[]" if value == [] else str(value)
    return text if len(text) <= 40 else text[:37] + "…"


def to_json(value: object) -> JSON:
    """Plain JSON of a frozen dataclass (and what it holds): enums by name, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((to_json(v) for v in value), key=repr)
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"cannot write a {type(value).__name__} as JSON")


def from_json(cls: type[T], data: object, where: str = "") -> T:
    """An instance of the dataclass ``cls`` from ``data``; DataError names the first field
    that does not fit. A field left out takes its default; one the class has not is refused."""
    if not isinstance(data, dict):
        raise DataError(where, f"expected an object {{…}}, found {shown(data)}")
    hints = _hints(cast(object, cls))
    values: dict[str, object] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        place = f"{where} {f.name}".strip()
        if f.name in data:
            value = _read(hints[f.name], data[f.name], place)
            if (limits := f.metadata.get(BOUNDS)) is not None and isinstance(value, int):
                low, high = limits
                if not low <= value <= high:
                    raise DataError(place, f"{value} is out of range: {low} to {high}")
            values[f.name] = value
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise DataError(place, "missing")
    known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key in data:
        if key not in known:
            raise DataError(f"{where} {key}".strip(), "is not a field of this kind")
    return cls(**values)


def read_as(kind: object, data: object, where: str = "") -> object:
    """``data`` read as the annotation ``kind`` (a dataclass, a tuple of one, a number...), as
    ``from_json`` reads a field of that kind; DataError names the first part that does not fit."""
    return _read(kind, data, where)


@cache
def _hints(cls: object) -> Mapping[str, object]:
    return typing.get_type_hints(cls)


def _read(kind: object, value: object, where: str) -> object:
    origin = typing.get_origin(kind)
    if kind is Any or kind is object:
        return value
    if origin in (Union, types.UnionType):
        options = typing.get_args(kind)
        if value is None and type(None) in options:
            return None
        rest = [option for option in options if option is not type(None)]
        if (len(rest) == 1 and not isinstance(rest[0], type)) or (
                len(rest) == 1 and dataclasses.is_dataclass(rest[0])):
            return _read(rest[0], value, where)  # its own message says more than "expected"
        for option in rest:
            try:
                return _read(option, value, where)
            except DataError:
                continue
        names = " or ".join(_name(option) for option in options)
        raise DataError(where, f"expected {names}, found {shown(value)}")
    if origin is Literal:
        if value in typing.get_args(kind):
            return value
        choices = ", ".join(repr(v) for v in typing.get_args(kind))
        raise DataError(where, f"expected one of {choices}, found {shown(value)}")
    if kind is type(None):
        if value is None:
            return None
        raise DataError(where, f"expected null, found {shown(value)}")
    if kind is bool:
        if isinstance(value, bool):
            return value
        raise DataError(where, f"expected true or false, found {shown(value)}")
    if kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise DataError(where, f"expected a whole number, found {shown(value)}")
    if kind is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        raise DataError(where, f"expected a number, found {shown(value)}")
    if kind is str:
        if isinstance(value, str):
            return value
        raise DataError(where, f"expected text, found {shown(value)}")
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        if isinstance(value, str) and value in kind.__members__:
            return kind[value]
        raise DataError(where, f"expected one of {', '.join(kind.__members__)}, found "
                               f"{shown(value)}")
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return from_json(kind, value, where)
    if origin in (tuple, frozenset):
        if not isinstance(value, list):
            raise DataError(where, f"expected a list […], found {shown(value)}")
        args = typing.get_args(kind)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(value) != len(args):
                raise DataError(where, f"expected {len(args)} values, found {len(value)}")
            return tuple(_read(a, v, f"{where} {n}") for n, (a, v) in enumerate(
                zip(args, value, strict=True), 1))
        items = [_read(args[0], v, f"{where} {n}") for n, v in enumerate(value, 1)]
        return tuple(items) if origin is tuple else frozenset(items)
    if origin is dict:
        key_kind, item_kind = typing.get_args(kind)
        if not isinstance(value, dict):
            raise DataError(where, f"expected an object {{…}}, found {shown(value)}")
        return {str(_read(key_kind, k, where)): _read(item_kind, v, f"{where} {k}")
                for k, v in value.items()}
    raise TypeError(f"{where}: {kind!r} is not a kind from_json reads")


_NAMES: dict[object, str] = {int: "a whole number", bool: "true or false", str: "text",
                             float: "a number", type(None): "null"}


def _name(kind: object) -> str:
    return _NAMES.get(kind) or (kind.__name__ if isinstance(kind, type) else str(kind))

# --- the fields of a row's JSON as the rows' own ``from_json`` read them --------------------
# Forgiving of form (``"3"`` is 3, a missing list is empty), strict about kind (what is not an
# object, a number or a list is a TypeError, as ``int()`` and ``[]`` said before these were
# typed). For the hand-written readers of ``rows.py`` and ``campaign_rows.py``; a typed class
# of its own is read with ``from_json`` above instead, which names the field that does not fit.


def json_object(value: object) -> Mapping[str, object]:
    """``value`` as an object {…}; TypeError if it is not one."""
    if isinstance(value, Mapping):
        return value
    raise TypeError(f"expected an object, found {type(value).__name__}")


def whole(value: object) -> int:
    """A whole number as ``int()`` reads one: 3, 3.0, "3" (ValueError for "three")."""
    if isinstance(value, int | float | str):
        return int(value)
    raise TypeError(f"expected a number, found {type(value).__name__}")


def entries(value: object) -> Iterable[object]:
    """The entries of a list; TypeError if ``value`` cannot be gone through."""
    if isinstance(value, Iterable):
        return value
    raise TypeError(f"expected a list, found {type(value).__name__}")
