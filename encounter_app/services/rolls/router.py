"""RollRouter: hands each rules-service answer to the code that asked for it.

The Roller (roller.py) logs the plain rolls through here; a countdown's randomized start, a
rest's Fear, the odds and a dialog's steps need their answer to finish a bigger action, and
submit through here with a callback of their own. Answers to other requests pass by untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal

from encounter_app.domain.requests import RollRequest, RollResult
from encounter_app.services.rolls.rules_service import RulesService

R = TypeVar("R")
#: An answer as the service's signal carries it: the result's type is known only to the code
#: that asked (its ``on_rolled`` takes a ``RollResult`` of its own request's type).
SomeResult = RollResult[Any]


class RollRouter(QObject):
    failed = Signal(str)  # "What was rolled: what went wrong", for the status bar

    def __init__(self, service: RulesService, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._service = service
        self._waiting: dict[int, tuple[Callable[[SomeResult], object], str,
                                       Callable[[str], None] | None]] = {}
        service.rolled.connect(self._rolled)
        service.failed.connect(self._failed)

    def submit(self, request: RollRequest[R], on_rolled: Callable[[RollResult[R]], object],
               what: str, on_failed: Callable[[str], None] | None = None) -> int:
        """Roll ``request``; ``on_rolled`` gets the answer on this thread. ``what`` names the
        roll in the message of a failure, which goes to ``on_failed`` when given (a caller
        that shows its own errors) and to ``failed`` otherwise."""
        request_id = self._service.submit(request)
        self._waiting[request_id] = (on_rolled, what, on_failed)
        return request_id

    def detach(self) -> None:
        """Stop listening to the service: answers still to come are dropped, because whoever
        asked for them is going away (a restore replaces the window)."""
        self._service.rolled.disconnect(self._rolled)
        self._service.failed.disconnect(self._failed)

    @property
    def pending(self) -> int:
        return len(self._waiting)

    def _rolled(self, answer: SomeResult) -> None:
        waiting = self._waiting.pop(answer.request_id, None)
        if waiting is not None:
            waiting[0](answer)

    def _failed(self, request_id: int, message: str) -> None:
        waiting = self._waiting.pop(request_id, None)
        if waiting is None:
            return
        _on_rolled, what, on_failed = waiting
        if on_failed is not None:
            on_failed(message)
        else:
            self.failed.emit(f"{what}: {message}")
