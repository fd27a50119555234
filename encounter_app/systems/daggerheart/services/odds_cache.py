"""Exact attack odds for the preview, computed once per attack on the rules thread.

Hovering from card to card asks for the same few attacks again and again: an answer is kept
per request (modifier, Evasions, damage, advantage and disadvantage, Experience), so the second
hover is answered at once, without a trip to the thread.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from encounter_app.domain.requests import RollResult
from encounter_app.services.rolls.router import RollRouter

# icepool loads with the odds module, imported where used; the requests come with the first
# preview, after the window's first paint (odds.py).
if TYPE_CHECKING:
    from encounter_app.rules.odds import AttackOdds
    from encounter_app.systems.daggerheart.requests import OddsRequest

CACHE_LIMIT = 512  # answers: every attack of a big fight against the party

Answer = Callable[["AttackOdds"], None]
Failure = Callable[[str], None]


class OddsCache(QObject):
    def __init__(self, router: RollRouter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._router = router
        self._answers: OrderedDict[OddsRequest, AttackOdds] = OrderedDict()
        self._waiting: dict[OddsRequest, list[tuple[Answer, Failure]]] = {}

    def cached(self, request: OddsRequest) -> AttackOdds | None:
        answer = self._answers.get(request)
        if answer is not None:
            self._answers.move_to_end(request)
        return answer

    def ask(self, request: OddsRequest, on_answer: Answer, on_failed: Failure) -> bool:
        """Answer at once from the cache (returns True), or when the rules thread has the
        odds. A request already on its way is not sent twice."""
        answer = self.cached(request)
        if answer is not None:
            on_answer(answer)
            return True
        waiting = self._waiting.get(request)
        if waiting is not None:
            waiting.append((on_answer, on_failed))
            return False
        self._waiting[request] = [(on_answer, on_failed)]
        self._router.submit(request, lambda result: self._answered(request, result),
                            "Odds", lambda message: self._failed(request, message))
        return False

    def _answered(self, request: OddsRequest, result: RollResult[AttackOdds]) -> None:
        self._answers[request] = result.result
        while len(self._answers) > CACHE_LIMIT:
            self._answers.popitem(last=False)
        for on_answer, _ in self._waiting.pop(request, ()):
            on_answer(result.result)

    def _failed(self, request: OddsRequest, message: str) -> None:
        for _, on_failed in self._waiting.pop(request, ()):
            on_failed(message)
