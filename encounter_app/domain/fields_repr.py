"""One ``__repr__`` for the program's dataclasses: the one ``dataclasses`` would write.

Python 3.11 writes the source of each dataclass's methods and compiles it when the class is
defined; the ``__repr__`` is 0.6 M instructions of a class's 3–5 M, and some fifty are defined
at every start (docs/performance.md, issue 28). A class declared ``@dataclass(..., repr=False)``
under ``@fields_repr`` shares this one instead, which reads the fields when it is called and
says the same: ``CountdownRow(id=3, name='Ritual', ...)``.
"""

from __future__ import annotations

import dataclasses
import reprlib
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

C = TypeVar("C", bound=type)


@reprlib.recursive_repr()
def _repr(self: DataclassInstance) -> str:
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}"
                      for f in dataclasses.fields(self) if f.repr)
    return f"{type(self).__qualname__}({shown})"


def fields_repr(cls: C) -> C:
    """Give the dataclass ``cls`` (declared with ``repr=False``) the shared ``__repr__``,
    unless it writes its own."""
    if "__repr__" not in vars(cls):
        setattr(cls, "__repr__", _repr)  # noqa: B010 - a class attribute, set once
    return cls
