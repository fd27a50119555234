"""Short and long rests, for every rule system: the actions the window's menu and the campaign
view share. Daggerheart's rest rolls the GM's Fear through the rules thread; the others only
advance long-term countdowns.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QUndoCommand

from encounter_app.domain.requests import RestRequest, RollResult
from encounter_app.rules.daggerheart import RestKind
from encounter_app.rules.dice import DiceRoll
from encounter_app.services.fight import table
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.rolls.router import RollRouter
from encounter_app.services.undo import UndoStack


class RestActions(QObject):
    """The two rest actions; each rest is one undo step, announced by ``rested``."""

    rested = Signal(object, str)  # the command pushed, what happened as rich text
    said = Signal(str)  # the same in one plain line, for a status bar

    def __init__(self, session: EncounterSession, undo_stack: UndoStack, router: RollRouter,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session, self._undo_stack, self._router = session, undo_stack, router
        self._fear = fear = session.system.has_fear
        # Daggerheart's short and long rest; the other games have one rest, which moves the
        # campaign's long-term countdowns (their texts know no short and long rest).
        self.short_rest_action = QAction(
            "S&hort rest (GM gains 1d4 Fear)" if fear else "&Rest", self)
        self.long_rest_action = QAction("&Long rest (GM gains 1d4 + PCs Fear)", self)
        self.long_rest_action.setVisible(fear)
        self.actions = ([self.short_rest_action, self.long_rest_action] if fear
                        else [self.short_rest_action])
        self.short_rest_action.setObjectName("shortRestAction")
        self.long_rest_action.setObjectName("longRestAction")
        self.short_rest_action.triggered.connect(lambda: self.rest(RestKind.SHORT))
        self.long_rest_action.triggered.connect(lambda: self.rest(RestKind.LONG))
        for action in (self.short_rest_action, self.long_rest_action):
            action.setToolTip(action.text().replace("&", "") + "; long-term countdowns advance")

    def rest(self, kind: RestKind) -> None:
        """Roll the rest's Fear through the rules service; the answer does the rest."""
        session = self._session
        party = table.party(session)
        if not session.system.has_fear:  # only countdowns move
            step = table.rest(session, kind, None, party.basis)
            self._push(step.command, kind, step.happened or ["Rested."])
            return

        def rolled(answer: RollResult[DiceRoll]) -> None:
            step = table.rest(session, kind, answer.result, party.basis)
            lines = step.happened
            if kind is RestKind.LONG:
                lines.append(f"Party: {party.basis}")
            self._push(step.command, kind, lines)

        self._router.submit(RestRequest(kind, party.size), rolled,
                            f"Rolling the Fear of a {table.REST_NAMES[kind].lower()}")

    def _push(self, command: QUndoCommand, kind: RestKind, lines: list[str]) -> None:
        if not self._undo_stack.do(command):
            return  # the stack said why
        what = " · ".join(lines)
        name = table.rest_name(kind, self._fear)
        self.rested.emit(command, f"<b>{name}</b><br>{escape(what)}")
        self.said.emit(f"{name}: {what}")
