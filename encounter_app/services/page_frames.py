"""What the players' pages are sent, written on the GUI thread: each new players' view as a
``Frame``, the change since the one before (a ``delta``), and a claimed character's own sheet.

Nothing here knows Qt, the store or a thread: ``services/players_page.py`` makes the frames
from the ``PlayerView`` the player display renders (domain/player_view.py) and hands them, plain
and frozen, to the page server's thread (services/page_server.py), which sends each page the
delta, or the whole view when it has none to build on (docs/phone_protocol.md: ``view`` and
``delta``); and the players' recap of the last finished encounter (``LastSession``).

Only what changed travels: ``Differ`` compares the new view's entries with the last one's, by
an opaque key per combatant (random, made once per combatant; never the store's id, whose gaps
would count the hidden), so the GM's change of one combatant in a fight of a thousand sends
one entry, and a drag sends the order as keys. The whole view is written only when a page
needs it (it opens, asks for it again, or the change is most of the fight), and then on the
server's thread.
"""

from __future__ import annotations

import dataclasses
import json
import operator
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import TYPE_CHECKING, cast

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.player_view import PlayerEntry

if TYPE_CHECKING:
    from encounter_app.domain.player_rolls import PhoneForm, PhoneRoll
    from encounter_app.domain.player_view import PlayerView

#: An entry's fields as a tuple, compared in C.
_fields_of = operator.attrgetter(*(f.name for f in dataclasses.fields(PlayerEntry)))
KEY_BYTES = 6  # a combatant's key: 8 characters of base64url, made once per combatant
SEPARATORS = (",", ":")


@fields_repr
@dataclass(frozen=True, repr=False)
class Character:
    """A character a player may claim: ``pick`` is the page's opaque name for it (the store's
    id never reaches the page)."""

    pick: str
    name: str
    combatant_id: int | None


@fields_repr
@dataclass(frozen=True, repr=False)
class Own:
    """A claimed character as its phone gets it: the ``own`` message (``text``), and the
    forms its rolls are checked against on the server's thread."""

    name: str
    pick: str
    combatant_id: int | None
    forms: tuple[PhoneForm, ...]
    text: str

    def form(self, key: object) -> PhoneForm | None:
        return next((f for f in self.forms if f.key == key), None)


@fields_repr
@dataclass(frozen=True, repr=False)
class Frame:
    """One players' view as every page is sent it: ``seq`` counts the views; ``keys`` are
    ``view.order``'s keys; ``words`` and the ``delta`` message are JSON text already.
    ``delta`` is None when a page must get the whole view (the first, or a change of most of
    the fight); ``characters_changed`` says the delta carries the characters too (each page's
    own list: which are held by another phone is the server's to say)."""

    seq: int
    view: PlayerView
    keys: tuple[str, ...]
    words: str
    characters: tuple[Character, ...]
    delta: str | None
    characters_changed: bool = False


@fields_repr
@dataclass(frozen=True, repr=False)
class LastSession:
    """The players' recap of the campaign's newest finished encounter ("Last session"),
    written on the GUI thread (services/recap.py, its players' version): its title for the
    ``last`` message, its page for ``GET /p/KEY/last-session``."""

    title: str
    html: str


def last_text(last: LastSession | None) -> str:
    """The ``last`` message: the players' recap there is to open now (its title), or none."""
    return message("last", title=None if last is None else last.title)


def words_text(system_name: str, spotlight: bool) -> str:
    """The page's words for the fight's system, as JSON."""
    return json.dumps({"system": system_name,
                       "order": "Spotlight order" if spotlight else "Turn order",
                       "active": "Spotlight" if spotlight else "Their turn"},
                      ensure_ascii=False, separators=SEPARATORS)


class Differ:
    """Makes each new view a ``Frame``, with the delta from the one before (GUI thread)."""

    def __init__(self) -> None:
        self._keys: dict[int | None, str] = {}  # combatant id -> its key
        self._taken: set[str] = set()
        self._last: Frame | None = None
        self._entries: dict[str, tuple[object, ...]] = {}  # the last frame's fields, by key

    @property
    def last(self) -> Frame | None:
        return self._last

    def key(self, combatant_id: int | None) -> str:
        key = self._keys.get(combatant_id)
        if key is None or combatant_id is None:
            key = secrets.token_urlsafe(KEY_BYTES)
            while key in self._taken:  # 48 random bits: a repeat is all but impossible
                key = secrets.token_urlsafe(KEY_BYTES)
            self._taken.add(key)
            if combatant_id is not None:
                self._keys[combatant_id] = key
        return key

    def frame(self, view: PlayerView, ids: Sequence[int | None], words: str,
              characters: tuple[Character, ...], *, characters_changed: bool = False
              ) -> Frame:
        """The frame of ``view``, whose ``order`` shows the combatants ``ids`` (the fight's
        visible combatants, in order; a combatant's key follows it)."""
        if len(ids) != len(view.order):  # not this fight's view: keys of their own, sent whole
            ids = [None] * len(view.order)
        # At every change of the fight, on the GUI thread: in C where it can be (a thousand
        # entries cost a drag a few milliseconds in Python).
        found = tuple(map(self._keys.get, ids))
        keys = (tuple(self.key(i) for i in ids) if None in found
                else cast("tuple[str, ...]", found))
        entries = dict(zip(keys, map(_fields_of, view.order), strict=True))
        last = self._last
        seq = 1 if last is None else last.seq + 1
        delta: str | None = None
        changed_characters = (characters_changed or last is None
                              or characters != last.characters)
        if last is not None and last.view.system == view.system:
            delta = _delta(seq, last, self._entries, view, keys, entries, words)
        frame = Frame(seq, view, keys, words, characters, delta, changed_characters)
        self._last, self._entries = frame, entries
        return frame


def _delta(seq: int, last: Frame, old: dict[str, tuple[object, ...]], view: PlayerView,
           keys: tuple[str, ...], entries: dict[str, tuple[object, ...]], words: str
           ) -> str | None:
    """The delta message from ``last`` to ``view``; None when it would be about as big as
    the whole view (most entries changed). ``old`` and ``entries``: each entry's fields."""
    differ = map(operator.ne, map(old.get, keys), entries.values())
    changed = {key: view.order[at] for at, key in compress(enumerate(keys), differ)}
    if len(changed) > 8 and 2 * len(changed) > len(entries):
        return None
    was = last.view
    parts = [f'{{"type":"delta","seq":{seq}']
    if view.round != was.round:
        parts.append(f',"round":{json.dumps(view.round)}')
    if view.fear != was.fear:
        parts.append(f',"fear":{json.dumps(view.fear)}')
    if view.countdowns != was.countdowns:
        parts.append(f',"countdowns":{_dumps(view.countdowns)}')
    if view.rolls != was.rolls:
        parts.append(f',"rolls":{_dumps(view.rolls)}')
    if words != last.words:
        parts.append(f',"words":{words}')
    if keys != last.keys:
        parts.append(f',"keys":{_dumps(keys)}')
    if changed:
        parts.append(f',"entries":{_dumps({k: _entry(k, e) for k, e in changed.items()})}')
    parts.append("}")
    return "".join(parts)


def _entry(key: str, entry: PlayerEntry) -> dict[str, object]:
    fields: dict[str, object] = dict(vars(entry))
    fields["key"] = key
    return fields


def view_text(frame: Frame) -> str:
    """The whole view of ``frame`` as the page gets it, up to its characters (which the
    server adds for each page, then a closing brace): ``view.order`` entries with their
    keys, ``PlayerView.to_json`` otherwise."""
    view = frame.view
    body = {"system": view.system, "round": view.round, "fear": view.fear,
            "order": [_entry(k, e) for k, e in zip(frame.keys, view.order, strict=True)],
            "countdowns": view.countdowns, "rolls": view.rolls}
    return (f'{{"type":"view","seq":{frame.seq},"view":{_dumps(body)},'
            f'"words":{frame.words},"characters":')


def frame_text(frame: Frame, had: int, characters: Callable[[], str],
               whole: Callable[[], str]) -> str:
    """What a page that has view ``had`` is sent for ``frame``: the delta when it has the
    view before, else the whole view (``whole``: ``view_text(frame)``, kept by the caller);
    ``characters``: that page's list (``characters_text``), asked only when it goes."""
    if frame.delta is None or had != frame.seq - 1:
        return whole() + characters() + "}"
    if frame.characters_changed:
        return frame.delta[:-1] + ',"characters":' + characters() + "}"
    return frame.delta


def characters_text(characters: Sequence[Character], held: set[str] | frozenset[str]) -> str:
    """The characters a page may claim, ``held`` (by another phone) said of each."""
    return _dumps([{"pick": c.pick, "name": c.name, "held": c.name in held}
                   for c in characters])


def own_text(character: Character | None, sheet: Sequence[tuple[str, str]] = (),
             forms: Sequence[PhoneForm] = (), history: Sequence[PhoneRoll] = ()) -> str:
    """The ``own`` message: the claimed character's sheet, forms and rolls; or nothing."""
    if character is None:
        return '{"type":"own","character":null}'
    return _dumps({"type": "own", "character": {
        "pick": character.pick, "name": character.name,
        "sheet": [[label, value] for label, value in sheet],
        "forms": [form.to_json() for form in forms],
        "history": [roll.to_json() for roll in history]}})


def message(kind: str, **fields: object) -> str:
    """A small message to one page: ``told``, ``refused``, ``sent``, ``closed``..."""
    return _dumps({"type": kind, **fields})


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=SEPARATORS, default=_fields)


def _fields(value: object) -> dict[str, object]:
    """A frozen dataclass of the view as its fields, for json.dumps: what ``PlayerView.to_json``
    gives, without copying (on the GUI thread at every change)."""
    if not hasattr(value, "__dataclass_fields__"):
        raise TypeError(f"{type(value).__name__} is not part of a players' view")
    fields: dict[str, object] = vars(value)  # a frozen dataclass's: its fields, nothing else
    return fields
