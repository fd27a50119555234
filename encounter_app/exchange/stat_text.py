"""Daggerheart adversary stat blocks pasted as text: the book's and the SRD's printed layout, the
SRD's markdown, and text copied from a PDF. One or several blocks in one text.

CONTRACT (the paste dialog and ``encounter-app import`` call it; the body is being written):

- ``read_stat_text(text)`` never raises, whatever the text; it returns one ``ReadBlock`` per
  block found, in order.
- A block with any problem has ``block`` None; its ``fields`` still show what was read, so the
  GM can see where it went wrong. ``unusual`` marks are warnings (a number unusual for the
  tier): the block is still read.
- Lines count from 1 over the whole pasted text, as an editor shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from encounter_app.domain.rows import StatBlock


@dataclass(frozen=True)
class TextProblem:
    """Something in a block that could not be read (or, as a warning, is unusual)."""

    block: int  # counts from 1
    name: str  # the block's name as read; "" when it has none
    line: int  # counts from 1 over the whole text
    field: str  # a StatBlock field name ("difficulty", "major", "features"...), or "block"
    message: str  # "Difficulty 'fourteen' is not a number"

    def __str__(self) -> str:
        who = f"block {self.block}" + (f" ({self.name})" if self.name else "")
        return f"{who}, line {self.line}: {self.message}"


@dataclass(frozen=True)
class ReadField:
    """One field as read, for the window to show beside the text."""

    field: str  # a StatBlock field name, or "feature" / "experience" for one of several
    label: str  # what the GM reads: "Difficulty", "Feature: Relentless (3) - Passive"
    value: str  # what was read, as text ("14", "8 / 15", "1d12+2 phy")
    line: int | None  # where it was read; None when it is missing
    problem: str = ""  # why it could not be read; "" when it was
    unusual: str = ""  # why it is unusual for the tier; "" when it is not


@dataclass(frozen=True)
class ReadBlock:
    """One stat block found in the text."""

    first_line: int
    last_line: int
    name: str
    fields: tuple[ReadField, ...]
    problems: tuple[TextProblem, ...]
    unusual: tuple[TextProblem, ...]
    block: StatBlock | None  # None when ``problems`` is not empty


def read_stat_text(text: str) -> tuple[ReadBlock, ...]:
    """Every stat block in ``text`` (see the module's docstring)."""
    raise NotImplementedError("exchange/stat_text.py is being written")
