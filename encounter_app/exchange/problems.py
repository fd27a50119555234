"""What is wrong with a file, said so the GM can find it: which entry, which field, what."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong. ``entry`` counts from 1 as a GM would; None means the file as a whole."""

    entry: int | None
    name: str
    field: str
    message: str
    section: str = "entry"  # what ``entry`` counts: "entry", "combatant", "countdown"

    @property
    def where(self) -> str:
        if self.entry is None:
            return self.field or "file"
        who = f"{self.section} {self.entry}" + (f" ({self.name})" if self.name else "")
        return f"{who}, {self.field}" if self.field else who

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


class ImportRefused(ValueError):
    """The file cannot be imported; ``problems`` lists every reason. Nothing was imported."""

    def __init__(self, source: str, problems: Iterable[Problem]) -> None:
        self.source = source
        self.problems = tuple(problems)
        count = len(self.problems)
        super().__init__(f"{source}: {count} problem{'s' if count != 1 else ''}, "
                         "nothing was imported")


class Collector:
    """Gathers problems for one entry, so a reader reports them all instead of the first."""

    def __init__(self, problems: list[Problem], entry: int | None, name: str = "",
                 section: str = "entry") -> None:
        self._problems, self.entry, self.name, self.section = problems, entry, name, section
        self.count = 0
        self.fields: set[str] = set()  # fields with a problem already

    def add(self, field: str, message: str) -> None:
        self.fields.add(field)
        self._problems.append(Problem(self.entry, self.name, field, message, self.section))
        self.count += 1
