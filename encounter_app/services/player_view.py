"""The players' view of the open fight, kept up to date, and the GM's undoable choices of what
to show them.

What the players may see is defined once, without Qt, in domain/player_view.py. ``PlayerFeed``
holds that view and says when it changed; ``SessionFeed`` recomputes it from the open session
whenever anything it is made of changes. Every players' screen renders a feed's view and reads
nothing else of the session.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, CountdownRow, RollRow
from encounter_app.domain.player_view import PlayerView, Sight, player_view, roll_words
from encounter_app.domain.rows import stored_id
from encounter_app.services.fight.commands import UpdateCombatant, UpdateCountdown
from encounter_app.services.fight.session import EncounterSession


def view_of(session: EncounterSession) -> PlayerView:
    """What the players may see of the session's fight now."""
    return player_view(session.system, session.combatants, session.countdowns,
                       session.rolls, fear=session.fear, round_=session.round,
                       active_id=session.active_id, options=session.campaign.options)


def words_for_players(session: EncounterSession, row: RollRow) -> str:
    """What the players would read of ``row`` made public; "" when nothing (it concerns only
    hidden combatants or GM-only countdowns)."""
    sight = Sight(list(session.combatants), list(session.countdowns),
                  session.system.has_fear)
    return roll_words(row, sight, session.system)


class PlayerFeed(QObject):
    """A players' view and its changes: ``changed`` carries the new, frozen PlayerView (safe
    to hand to another thread)."""

    changed = Signal(object)  # PlayerView

    def __init__(self, view: PlayerView, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._view = view

    @property
    def view(self) -> PlayerView:
        return self._view

    def publish(self, view: PlayerView) -> None:
        """Make ``view`` the current one; ``changed`` only when it differs."""
        if view != self._view:
            self._view = view
            self.changed.emit(view)


class SessionFeed(PlayerFeed):
    """The players' view of an open session, recomputed whenever any part of it changes."""

    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(view_of(session), parent)
        self._session = session
        for rows in (session.combatants, session.countdowns, session.rolls):
            for signal in (rows.inserted, rows.removed, rows.moved, rows.changed,
                           rows.was_reset):
                signal.connect(self.refresh)
        session.turn_changed.connect(self.refresh)
        session.fear_changed.connect(self.refresh)
        session.options_changed.connect(self.refresh)  # the Spotlight Tracker turned on or off

    def refresh(self, *_args: object) -> None:
        self.publish(view_of(self._session))


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
