"""What the players may see, and the GM's undoable choices of what to show them.

The player display reads only what these functions return: hidden combatants, GM-only
countdowns and private rolls never leave here, and the secret numbers (HP, Stress, Difficulty,
thresholds) are never part of what is returned.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, CountdownRow, RollRow
from encounter_app.domain.rows import stored_id
from encounter_app.services.fight.commands import UpdateCombatant, UpdateCountdown
from encounter_app.services.fight.session import EncounterSession

UNSEEN = "someone unseen"  # stands for a hidden combatant's name in a roll made public


@dataclass(frozen=True)
class PlayerEntry:
    """One place in the spotlight order, as the players see it."""

    id: int
    name: str
    kind: str
    active: bool
    defeated: bool


@dataclass(frozen=True)
class PlayerCountdown:
    """A countdown as the players see it: its name and how far it has run."""

    id: int
    name: str
    value: int
    start: int
    triggered: bool
    loops: int


def player_order(combatants: Iterable[CombatantRow], active_id: int | None
                 ) -> list[PlayerEntry]:
    return [PlayerEntry(c.id, c.name, c.kind, c.id == active_id, c.defeated)
            for c in combatants if not c.hidden and c.id is not None]


def player_countdowns(countdowns: Iterable[CountdownRow]) -> list[PlayerCountdown]:
    return [PlayerCountdown(c.id, c.name, c.value, c.start, c.triggered, c.loops)
            for c in countdowns if c.visible and c.id is not None]


def latest_public_roll(session: EncounterSession) -> str:
    """The summary of the newest roll the GM made public (never its breakdown, which names
    Difficulties), with the names of hidden combatants and GM-only countdowns taken out."""
    row = next((r for r in session.rolls if r.public), None)
    if row is None:
        return ""
    secrets = [c.name for c in session.combatants if c.hidden]
    secrets += [c.name for c in session.countdowns if not c.visible]
    return redact(row.summary, secrets)


def redact(text: str, secrets: Iterable[str]) -> str:
    # Longest first, so "Jagged Knife Sniper" goes before a hidden "Sniper" inside it.
    for name in sorted({s for s in secrets if s}, key=len, reverse=True):
        text = text.replace(name, UNSEEN)
    return text


def set_countdown_visible(session: EncounterSession, countdown: CountdownRow,
                          visible: bool) -> UpdateCountdown:
    verb = "Show" if visible else "Hide"
    return UpdateCountdown(session, replace(countdown, visible=visible),
                           f"{verb} {countdown.name} {'to' if visible else 'from'} the players")


def set_hidden(session: EncounterSession, combatant: CombatantRow,
               hidden: bool) -> UpdateCombatant:
    """Take a combatant off the player display, or put it back."""
    verb = "Hide" if hidden else "Show"
    return UpdateCombatant(session, replace(combatant, hidden=hidden), f"{verb} {combatant.name}")


class SetRollPublic(QUndoCommand):
    """Show a roll on the player display, or take it off."""

    def __init__(self, session: EncounterSession, row: RollRow, public: bool) -> None:
        verb = "Show" if public else "Hide"
        super().__init__(f"{verb} roll {'to' if public else 'from'} the players: {row.summary}")
        self._session, self._id, self._public = session, stored_id(row), public
        self._old = row.public

    def redo(self) -> None:
        self._session.set_roll_public(self._id, self._public)

    def undo(self) -> None:
        self._session.set_roll_public(self._id, self._old)
