"""Casus Mus Combat Maneuvers: the usual ones (rules.casus_mus.MANEUVERS) and the table's own.

A GM adds the maneuvers of their table (a creature's Tail Whip, a house rule) once; they are
kept in the data directory's database (``app_state``, one JSON list under ``KEY``) and offered
in every Casus Mus clash from then on, in every campaign. Adding one is its own small write,
not part of a clash's undo step: like a library entry, it outlives the fight.
"""

from __future__ import annotations

import json

from encounter_app.domain.json_data import JSON
from encounter_app.rules.casus_mus import MANEUVERS, Maneuver

__all__ = ["KEY", "MANEUVERS", "Maneuver", "ManeuverError", "add_maneuver", "maneuvers",
           "remove_maneuver"]
from encounter_app.store import Store

KEY = "casus_mus.maneuvers"
NAME_LIMIT = 40
TEXT_LIMIT = 200


class ManeuverError(ValueError):
    """A maneuver that cannot be added, and why (shown as it is)."""


def _own(store: Store, *, strict: bool = False) -> list[Maneuver]:
    """The table's own maneuvers. A value that cannot be read (an edited or damaged database)
    offers the entries that can be; adding or removing (``strict``) then refuses rather than
    write over what could not be read."""
    text = store.recalled(KEY)
    if not text:
        return []
    try:
        entries: JSON = json.loads(text)
    except ValueError:
        entries = None
    good = [Maneuver(name, str(e.get("text", ""))) for e in entries
            if isinstance(e, dict) and isinstance(name := e.get("name"), str) and name.strip()
            ] if isinstance(entries, list) else []
    if strict and (not isinstance(entries, list) or len(good) != len(entries)):
        raise ManeuverError("The table's saved Combat Maneuvers could not all be read, so "
                            "nothing was changed (they are kept in the database's app_state, "
                            f"under {KEY!r}).")
    return good


def maneuvers(store: Store) -> tuple[Maneuver, ...]:
    """Every maneuver to offer: the usual ones, then the table's own in the order added."""
    return (*MANEUVERS, *_own(store))


def add_maneuver(store: Store, name: str, text: str = "") -> Maneuver:
    """Keep a new maneuver for every clash to come. ManeuverError says why not."""
    name, text = " ".join(name.split()), " ".join(text.split())
    if not name:
        raise ManeuverError("A Combat Maneuver needs a name.")
    if len(name) > NAME_LIMIT:
        raise ManeuverError(f"Keep the name to {NAME_LIMIT} characters (it has {len(name)}).")
    if len(text) > TEXT_LIMIT:
        raise ManeuverError(f"Keep the reminder to {TEXT_LIMIT} characters "
                            f"(it has {len(text)}).")
    if any(m.name.casefold() == name.casefold() for m in maneuvers(store)):
        raise ManeuverError(f"There is already a Combat Maneuver called {name!r}.")
    made = Maneuver(name, text)
    _write(store, [*_own(store, strict=True), made])
    return made


def remove_maneuver(store: Store, name: str) -> None:
    """Forget one of the table's own maneuvers (the usual ones stay)."""
    own = _own(store, strict=True)
    if not any(m.name == name for m in own):
        raise ManeuverError(f"{name!r} is not one of this table's own Combat Maneuvers.")
    _write(store, [m for m in own if m.name != name])


def _write(store: Store, own: list[Maneuver]) -> None:
    store.remember(KEY, json.dumps([{"name": m.name, "text": m.text} for m in own]))
