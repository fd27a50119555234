"""A recap as plain data, and its writing as Markdown and as a printable HTML page.

``services/recap.py`` gathers a ``Recap`` from the store (the GM's version, or the players':
only what they saw, judged by ``domain/player_view.py``); this module only writes it, through
the Mako templates in ``resources/recap/`` (``recap.md.mako``, ``recap.html.mako``). The
writing is pure: the same Recap gives the same text. Every value reaches the page escaped: the
HTML template's expressions go through Mako's ``h`` filter (its default filters), the Markdown
one's through ``md`` (a name with ``*``, ``_``, ``[``, ``|`` or ``<`` in it reads as written).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mako.lookup import TemplateLookup

MARKDOWN = "recap.md.mako"
HTML = "recap.html.mako"

# What Markdown would read as markup inside a line: emphasis, links, tables, HTML, headings.
_MARKUP = re.compile(r"([\\`*_{}\[\]<>#|~])")
# A line that starts like a list or a heading would read as one.
_LEADING = re.compile(r"^(\s*)([-+]|\d+[.)])(?=\s)", re.MULTILINE)


@dataclass(frozen=True)
class Acted:
    """Who had the spotlight in one round, in order."""

    round: int
    names: tuple[str, ...]


@dataclass(frozen=True)
class Defeat:
    """A combatant with every HP marked: by whom ("" when not known: the GM marked it by
    hand, no roll of that action named an attacker), in which round."""

    name: str
    by: str
    round: int
    pc: bool = False
    # who had the spotlight then ("" when not known): said when ``by`` is not known
    spotlight: str = ""


@dataclass(frozen=True)
class FearLine:
    """A line of the Fear ledger: + gained, - spent, the pool after, why."""

    change: int
    value: int
    reason: str
    note: str = ""


@dataclass(frozen=True)
class CountdownLine:
    """A countdown started (at ``start``) or triggered, in which round."""

    name: str
    event: str  # "started" or "triggered"
    round: int
    start: str = ""


@dataclass(frozen=True)
class RollLine:
    """A roll in the log's words: who, what, the dice; a critical success is marked."""

    actor: str
    text: str
    dice: str = ""
    critical: bool = False


@dataclass(frozen=True)
class EncounterRecap:
    """One encounter's recap."""

    name: str
    rounds: int
    finished: bool
    acted: tuple[Acted, ...]
    defeated: tuple[Defeat, ...]
    fear: tuple[FearLine, ...] | None  # None in a system without the GM's Fear
    countdowns: tuple[CountdownLine, ...]
    rolls: tuple[RollLine, ...]
    criticals: tuple[RollLine, ...]
    rests: tuple[str, ...]
    # "" when the event log holds the fight; else what the older records could tell
    kept_from_before: str = ""

    @property
    def fear_gained(self) -> int:
        return sum(line.change for line in self.fear or () if line.change > 0)

    @property
    def fear_spent(self) -> int:
        return -sum(line.change for line in self.fear or () if line.change < 0)


@dataclass(frozen=True)
class Recap:
    """An encounter's recap or a game session's (its encounters in the order played), in
    the GM's version or the players'."""

    title: str
    campaign: str
    system: str  # the rule system's name
    session: int | None
    players: bool
    encounters: tuple[EncounterRecap, ...]
    fear_word: str = "Fear"  # the system's word for the GM's pool (has_fear only)
    health_word: str = "HP"


def md(value: object) -> str:
    """``value`` as Markdown text that reads as written: its markup characters escaped, its
    lines joined."""
    text = " ".join(str(value).split("\n"))
    text = _MARKUP.sub(r"\\\1", text)
    return _LEADING.sub(lambda m: m.group(1) + "\\" + m.group(2), text)


def lookup(folder: Path, *, escaped: bool) -> TemplateLookup:
    """The recap's templates in ``folder`` (resources/recap/): ``escaped``, every expression
    goes through ``h`` (the HTML page); else the template escapes with ``md`` itself. Mako is
    imported here, when a recap is first written, not as the program starts."""
    from mako.lookup import TemplateLookup

    return TemplateLookup(directories=[str(folder)],
                          default_filters=["str", "h"] if escaped else ["str"],
                          strict_undefined=True, input_encoding="utf-8")


def markdown(recap: Recap, folder: Path) -> str:
    template = lookup(folder, escaped=False).get_template(MARKDOWN)
    return str(template.render(recap=recap, md=md, signed=signed))


def html(recap: Recap, folder: Path) -> str:
    template = lookup(folder, escaped=True).get_template(HTML)
    return str(template.render(recap=recap, signed=signed))


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"
