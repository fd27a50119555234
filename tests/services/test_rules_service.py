"""The rules service: rolls run on its own thread, answers come back, errors don't kill it."""

from __future__ import annotations

import logging
import threading

from encounter_app.domain.requests import DiceRequest
from encounter_app.services.rolls.rules_service import RulesService, compute
from encounter_app.systems.daggerheart.requests import AttackRequest, ReactionRequest, Target


def test_a_roll_is_computed_off_the_gui_thread_and_answered_on_it(qtbot):
    seen: dict[str, object] = {}

    def spy(request, rng):
        seen["thread"] = threading.get_ident()
        return compute(request, rng)

    service = RulesService(seed=7, compute=spy)
    try:
        with qtbot.waitSignal(service.rolled, timeout=5000) as blocker:
            request_id = service.submit(DiceRequest("3d6+2"))
        answer = blocker.args[0]
        assert answer.request_id == request_id
        assert seen["thread"] != threading.get_ident()
        assert 5 <= answer.result.total <= 20
        assert len(answer.result.dice) == 3
    finally:
        service.shutdown()


def test_the_service_lives_on_the_gui_thread_and_rolls_on_its_own(rules_service):
    from PySide6.QtCore import QThread

    # QObject.thread() keeps its meaning; the worker's thread has a name of its own.
    assert rules_service.thread() is QThread.currentThread()
    assert rules_service.worker_thread is not QThread.currentThread()
    assert rules_service.worker_thread.isRunning()


def test_a_bad_expression_comes_back_as_failed_and_the_service_keeps_serving(qtbot, rules_service):
    with qtbot.waitSignal(rules_service.failed, timeout=5000) as blocker:
        bad = rules_service.submit(DiceRequest("2d6+x"))
    request_id, message = blocker.args
    assert request_id == bad
    assert "position" in message and "2d6+x" in message
    with qtbot.waitSignal(rules_service.rolled, timeout=5000) as blocker:
        good = rules_service.submit(DiceRequest("1d4"))
    assert blocker.args[0].request_id == good


def test_an_unknown_request_is_reported_not_raised(qtbot, rules_service):
    with qtbot.waitSignal(rules_service.failed, timeout=5000) as blocker:
        rules_service.submit("not a request")
    assert "Internal error while rolling" in blocker.args[1]
    with qtbot.waitSignal(rules_service.rolled, timeout=5000):  # the worker goes on serving
        rules_service.submit(DiceRequest("1d4"))


def test_same_seed_same_attack(qtbot):
    request = AttackRequest("Sentry", 2, "1d10+4 phy", (Target("Aria", 9), Target("Wren", 12)))
    answers = []
    for _ in range(2):
        service = RulesService(seed=42)
        with qtbot.waitSignal(service.rolled, timeout=5000) as blocker:
            service.submit(request)
        answers.append(blocker.args[0].result)
        service.shutdown()
    assert answers[0] == answers[1]
    assert len(answers[0].hits) == 2


def test_reaction_roll_request(qtbot, rules_service):
    with qtbot.waitSignal(rules_service.rolled, timeout=5000) as blocker:
        rules_service.submit(ReactionRequest("Zombie Pack", 13, bonus=-3))
    result = blocker.args[0].result
    assert result.total == result.natural - 3
    assert result.success == (result.total >= 13 or result.natural == 20)


def test_shutdown_answers_what_was_already_asked(qtbot):
    service = RulesService(seed=1)
    answers = []
    service.rolled.connect(answers.append)
    for _ in range(20):
        service.submit(DiceRequest("1d6"))
    service.shutdown()
    qtbot.wait(0)  # deliver the queued answers
    from PySide6.QtCore import QCoreApplication

    QCoreApplication.sendPostedEvents()
    assert len(answers) == 20
    assert not service.worker_thread.isRunning()


def test_a_stuck_worker_does_not_hang_shutdown(qtbot, caplog):
    started, release = threading.Event(), threading.Event()

    def stuck(request, rng):
        started.set()
        release.wait(30)
        return compute(request, rng)

    service = RulesService(seed=1, compute=stuck)
    service.submit(DiceRequest("1d6"))
    assert started.wait(5)
    try:
        with caplog.at_level(logging.ERROR):
            assert service.shutdown(timeout_ms=50) is False
        assert "still busy" in caplog.text
    finally:
        release.set()
        assert service.worker_thread.wait(5000)
