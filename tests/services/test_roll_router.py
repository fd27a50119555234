"""RollRouter: an answer goes to the code that asked for it, and only there."""

from __future__ import annotations

from encounter_app.domain.requests import DiceRequest
from encounter_app.services.rolls.router import RollRouter


def test_answers_go_to_their_own_callback_and_nowhere_else(qtbot, rules_service):
    router = RollRouter(rules_service)
    answered = []
    rules_service.rolled.connect(answered.append)
    got: list[tuple[str, int]] = []
    router.submit(DiceRequest("1d4"), lambda a: got.append(("first", a.result.total)), "first")
    rules_service.submit(DiceRequest("1d20"))  # the window's own roll, not routed
    router.submit(DiceRequest("1d6+10"), lambda a: got.append(("second", a.result.total)),
                  "second")
    qtbot.waitUntil(lambda: len(answered) == 3)
    assert [name for name, _ in got] == ["first", "second"]
    assert 1 <= got[0][1] <= 4 and 11 <= got[1][1] <= 16
    assert router.pending == 0


def test_a_failure_is_reported_with_what_was_being_rolled(qtbot, rules_service):
    router = RollRouter(rules_service)
    got = []
    with qtbot.waitSignal(router.failed, timeout=5000) as blocker:
        router.submit(DiceRequest("2d6+"), got.append, "Rolling the start of Guards")
    assert blocker.args[0].startswith("Rolling the start of Guards: ")
    assert got == [] and router.pending == 0
