"""What the players may see of the fight: one definition, for every screen that shows it to them.

``player_view`` is a pure function from the fight's plain rows to a frozen ``PlayerView``: the
second-screen display renders it (``ui/players``), and anything else that shows the players the
fight (a web page on their phones, served from another thread) can take the same value and
``to_json`` it. Nothing here knows Qt, the store or a thread.

What it keeps from the players, and how:

- **The GM's numbers are not fields.** No class here has a Difficulty, DC, challenge level,
  Defense, Evasion, damage threshold, HP, Stress, stat block, note or store id (whose gaps
  would count what is hidden), so nothing can carry one through.
- **A hidden combatant is absent**, not renamed: it is not in the order; a roll it made is not
  shown at all; as one of a roll's targets it is left out, and a roll whose every target is
  hidden is not shown (its result concerns only the hidden); in an initiative roll only the
  visible are listed, so its place and its turn stay unknown. A roll whose combatant id is
  unknown (removed since) is judged by its name.
- **A GM-only countdown is absent**: not listed, its trigger line and its rolled start not shown.
- **Only the rolls the GM made public**, each written anew from its payload read back as a
  typed value (domain/logged.py: the request and the rules' result, or the line's own
  class): a dice roll, a rest or a countdown here, every other kind by the campaign's system
  (its ``roll_words``, ``systems/<key>/words.py``) in its own words, never from the GM's
  summary text: a DC in that text cannot slip through. What the players see of a roll: who
  rolled, what, the total, the verdict, the damage or Wounds dealt. Not the modifiers, the
  dice the GM kept secret, a Ruins & Raiders mox (total minus the challenge level, which it
  would give away), an adversary's Experience, or the fixed initiative of a Ruins & Raiders
  foe (its Perception + 7).
- A roll kind neither knows, or a payload its decoder cannot read (domain/logged.py), is
  not shown: what is not understood is not shown.
- Fear is shown where the system's GM holds it at the table (``has_fear``).
- **A weaker or elite copy reads as its adversary's own name** ("Bear (Elite) 2" is "Bear 2"),
  in the order and in the rolls' words (``Sight.name``): how strong it is stays the GM's. Its
  number is kept; only a name that would then read as another one shown is numbered apart,
  as the builder numbers copies.
- **A hidden PC can still roll**: its player is at the table, so it stays among the
  characters a phone may pick (``rollers``: its name only), while the order and the rolls
  leave it out as any hidden combatant.
- Text the GM typed for the table shows as typed: names, conditions, countdown names, a dice
  roll's label, a Fate roll's stake.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.json_data import JsonObject
from encounter_app.domain.logged import CORE_KINDS, DiceLine, RestLine, TriggerLine, read_core
from encounter_app.domain.optional_rules import RuleOptions
from encounter_app.domain.rows import CombatantRow, CountdownRow, RollRow
from encounter_app.domain.spotlight_tokens import token_text
from encounter_app.domain.variants import WORDS as VARIANT_WORDS
from encounter_app.rules.daggerheart import RestKind

ROLLS_SHOWN = 3  # the newest public rolls a view carries; the display shows the first
# "Bear (Elite)", "Bear (Weaker) 2": a variant's name (domain/variants.py), and a copy's number.
_WORDS = "|".join(re.escape(word) for word in VARIANT_WORDS.values())
_VARIANT = re.compile(rf"(?P<base>.+?) \((?:{_WORDS})\)(?P<number> \d+)?")
_NUMBERED = re.compile(r"(?P<stem>.+?) \d+")


class Words(Protocol):
    """What the players' view asks of the campaign's rule system (its ``SystemRules``)."""

    @property
    def key(self) -> str: ...

    @property
    def has_fear(self) -> bool: ...

    def roll_words(self, row: RollRow, sight: Sight) -> str: ...


@fields_repr
@dataclass(frozen=True, repr=False)
class PlayerEntry:
    """One place in the spotlight order, as the players see it."""

    name: str
    kind: str  # "pc", "adversary" or "npc"
    active: bool
    defeated: bool
    conditions: tuple[str, ...] = ()
    # A PC's spotlight tokens ("●●○") while the campaign plays the Spotlight Tracker: the
    # players keep them on their sheets at the table, so they may see them. "" otherwise.
    tokens: str = ""


@fields_repr
@dataclass(frozen=True, repr=False)
class PlayerCountdown:
    """A countdown the GM has shown: its name and how far it has run."""

    name: str
    value: int
    start: int
    triggered: bool
    loops: int


@fields_repr
@dataclass(frozen=True, repr=False)
class PlayerRoll:
    """A roll the GM made public, in words safe for the players."""

    kind: str  # the roll log's kind: "attack", "fop_check", "initiative"...
    text: str


@fields_repr
@dataclass(frozen=True, repr=False)
class PlayerView:
    """Everything the players may see of the fight at one moment."""

    system: str  # the rule system's key
    round: int
    fear: int | None  # None in a system without a GM's Fear
    order: tuple[PlayerEntry, ...]
    countdowns: tuple[PlayerCountdown, ...]
    rolls: tuple[PlayerRoll, ...]  # newest first, at most ROLLS_SHOWN

    @property
    def latest_roll(self) -> str:
        return self.rolls[0].text if self.rolls else ""

    def to_json(self) -> JsonObject:
        """Plain JSON-able data (lists, dicts, strings, numbers), for a page in a browser."""
        return dataclasses.asdict(self)


def player_view(system: Words, combatants: Iterable[CombatantRow],
                countdowns: Iterable[CountdownRow], rolls: Iterable[RollRow], *, fear: int,
                round_: int, active_id: int | None,
                options: RuleOptions | None = None) -> PlayerView:
    """What the players may see: ``rolls`` newest first, as the roll log keeps them;
    ``options``: the campaign's optional rules (the Spotlight Tracker's tokens show)."""
    combatants, countdowns = list(combatants), list(countdowns)
    sight = Sight(combatants, countdowns, system.has_fear)
    rules = options or RuleOptions()
    order = tuple(PlayerEntry(sight.name(c.name), c.kind, c.id == active_id, c.defeated,
                              c.conditions, token_text(c, rules))
                  for c in combatants if not c.hidden)
    shown = tuple(PlayerCountdown(c.name, c.value, c.start, c.triggered, c.loops)
                  for c in countdowns if c.visible)
    said: list[PlayerRoll] = []
    for row in rolls:
        if len(said) == ROLLS_SHOWN:
            break
        if row.public and (text := roll_words(row, sight, system)):
            said.append(PlayerRoll(row.kind, text))
    return PlayerView(system.key, round_, fear if sight.fear else None, order, shown,
                      tuple(said))


def rollers(combatants: Iterable[CombatantRow]) -> tuple[CombatantRow, ...]:
    """The PCs a player may pick on the players' page to send a roll for: every PC in the
    fight, a hidden one too (its player is at the table and rolls). The page is sent their
    names alone (services/page_server.py: an opaque pick name, no id, no number); a hidden
    one stays out of the order and the rolls' words."""
    return tuple(c for c in combatants if c.kind == "pc" and c.id is not None)


def plain_name(name: str) -> str:
    """A weaker or elite copy's name as its adversary's own, its number kept: "Bear (Elite)
    2" -> "Bear 2"; any other name as it is."""
    found = _VARIANT.fullmatch(name)
    return name if found is None else found["base"] + (found["number"] or "")


def players_names(shown: Iterable[CombatantRow]) -> dict[str, str]:
    """The name of each combatant ``shown`` (in the order's order) as the players read it:
    an adversary's or NPC's by ``plain_name``, a PC's as typed; a variant that would then read
    as another name shown is numbered apart, from 2 and skipping numbers in use, as the
    builder numbers copies ("Bear" and "Bear (Elite)": "Bear" and "Bear 2"), so no two read
    the same."""
    rows = list(shown)
    plain = {row.name: row.name if row.kind == "pc" else plain_name(row.name) for row in rows}
    taken = {name for name, read in plain.items() if read == name}
    said: dict[str, str] = {}
    for name, read in plain.items():
        if read != name:
            if read in taken:
                numbered = _NUMBERED.fullmatch(read)
                stem = read if numbered is None else numbered["stem"]
                n = 2
                while f"{stem} {n}" in taken:
                    n += 1
                read = f"{stem} {n}"
            taken.add(read)
        said[name] = read
    return said


class Sight:
    """Who and what the players can see now, to judge a roll's parts by, and the names they
    read for them."""

    def __init__(self, combatants: list[CombatantRow], countdowns: list[CountdownRow],
                 fear: bool) -> None:
        self.visible_ids = {c.id for c in combatants if not c.hidden and c.id is not None}
        self.hidden_ids = {c.id for c in combatants if c.hidden and c.id is not None}
        self.hidden_names = {c.name for c in combatants if c.hidden}
        self.countdown_names = {c.id: c.name for c in countdowns if c.visible}
        self.fear = fear
        self._names = players_names(c for c in combatants if not c.hidden)

    def name(self, name: str) -> str:
        """A combatant's name as the players read it: a weaker or elite copy as its
        adversary's own (``players_names``; one no longer in the fight, ``plain_name``)."""
        return self._names.get(name) or plain_name(name)

    def sees(self, name: str, combatant_id: int | None) -> bool:
        """A roll's actor or target: by its id while that combatant is in the fight, else by
        its name (removed and put back, it has a new id)."""
        if combatant_id in self.visible_ids:
            return True
        if combatant_id in self.hidden_ids:
            return False
        return name not in self.hidden_names


def roll_words(row: RollRow, sight: Sight, system: Words) -> str:
    """A public roll in the players' words; "" when it is not for them (see the module).
    The kinds every system shares are read and worded here, the rest by the system."""
    if row.kind not in CORE_KINDS:
        return system.roll_words(row, sight)
    line = read_core(row)
    if isinstance(line, DiceLine):
        return _dice(line, sight)
    if isinstance(line, RestLine):
        return _rest(line, sight)
    if isinstance(line, TriggerLine):
        return _countdown(line, sight)
    return ""  # a payload this version cannot read is not shown


def listed(names: list[str]) -> str:
    return ", ".join(names)


def _dice(line: DiceLine, sight: Sight) -> str:
    request, total = line.request, line.result.total
    if line.countdown is not None:  # a countdown's rolled start: shown with the countdown
        if line.countdown not in sight.countdown_names.values():
            return ""
        return f"{line.countdown} starts at {total} (rolled {request.expression})"
    rolled = f"{request.expression} = {total}"
    return f"{request.label}: {rolled}" if request.label else rolled


def _rest(line: RestLine, sight: Sight) -> str:
    text = ("Rest" if line.roll is None  # a system without Fear: one rest
            else "Short rest" if line.kind is RestKind.SHORT else "Long rest")
    return text + fear_gained_words(line.fear_gained, sight)


def fear_gained_words(gained: int, sight: Sight) -> str:
    return f"; the GM gains {gained} Fear" if sight.fear and gained else ""


def _countdown(line: TriggerLine, sight: Sight) -> str:
    name = sight.countdown_names.get(line.countdown_id)
    return f"⚠ {name} TRIGGERED" if name else ""
