"""The fields of a row's JSON as the rows' own ``from_json`` read them: forgiving of form
(``"3"`` is 3, a missing list is empty), strict about kind (what is not an object, a number or
a list is a TypeError, as ``int()`` and ``[]`` said before these were typed).

For the hand-written readers of ``rows.py`` and ``campaign_rows.py``; a typed class of its own
is read with ``json_data.from_json`` instead, which names the field that does not fit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


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
