"""Roller: the one path of a GM's roll, from the ask to one logged, undoable line.

``roll`` sends a plain request to the rules service. Its answer comes back on the GUI thread,
becomes its roll-log row (``domain.roll_text.describe``), and one undo command is pushed: the
row alone, or what ``record`` builds from the answer and the row (an initiative roll that orders
the list, a trait check that spends an action). ``recorded`` then tells the window what to show;
the window itself only asks and shows.

Answers that finish a bigger action instead of becoming a log line of their own (a countdown's
rolled start, a rest's Fear, the odds, the steps of a clash) go through ``router`` with a
callback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

from encounter_app.domain import RollRow
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.requests import RollRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.services.fight.commands import RecordRoll
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.rolls.router import RollRouter
from encounter_app.services.rolls.rules_service import RulesService
from encounter_app.services.undo import UndoStack

#: Builds the one undo command of an answered roll from the answer and its log row. Raises
#: Refused (turns.TurnError is one) when a rule forbids it now.
R = TypeVar("R")
Record = Callable[[RollResult[R], RollRow], QUndoCommand]


class Roller(QObject):
    recorded = Signal(object)  # the RollRow just logged, for the status line and the log
    failed = Signal(str)  # "What was rolled: what went wrong", or the rule that refused it

    def __init__(self, service: RulesService, session: EncounterSession,
                 undo_stack: UndoStack, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session, self._undo_stack = session, undo_stack
        self.router = RollRouter(service, self)
        self.router.failed.connect(self.failed)

    def roll(self, request: RollRequest[R], what: str = "The roll failed", *,
             record: Record[R] | None = None) -> int:
        """Roll ``request``; its answer is logged as one undo step. Returns the request id.
        ``what`` begins the message of a failure ("The trait check: …"). A finished encounter
        refuses it before anything is rolled (said through ``failed``; the id is then -1)."""
        if why := self._session.closed_reason():
            self.failed.emit(why)
            return -1
        return self.router.submit(request, lambda answer: self.record(answer, record), what)

    def record(self, answer: RollResult[R], record: Record[R] | None = None
               ) -> RollRow | None:
        """Log an answer (from the rules service, or dice typed in at the table) as one undo
        step; returns its row, or None when a rule refused it (said through ``failed``)."""
        row = describe(answer)
        try:
            command = RecordRoll(self._session, row) if record is None else record(answer, row)
        except Refused as refused:  # turns.TurnError too
            self.failed.emit(str(refused))
            return None
        return row if self.push(row, command) else None

    def push(self, row: RollRow, command: QUndoCommand) -> bool:
        """Push ``command``, which logs ``row``, and say so: a roll whose row a dialog made.
        False when the stack refused it (it says why: a full disk...), or the encounter was
        finished meanwhile (said through ``failed``)."""
        if why := self._session.closed_reason():
            self.failed.emit(why)
            return False
        if not self._undo_stack.do(command):
            return False
        self.recorded.emit(row)
        return True

    def detach(self) -> None:
        """Stop taking answers: the window this serves is being replaced."""
        self.router.detach()
