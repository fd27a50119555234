"""JSON as the program reads and writes it: the one alias for a value of unknown shape.

A value of this type has not been checked yet; what the program keeps of it is a typed, frozen
dataclass made from it where it is read (a file, a JSON column of the store).
"""

from __future__ import annotations

from typing import TypeAlias

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None
JsonObject: TypeAlias = dict[str, JSON]
