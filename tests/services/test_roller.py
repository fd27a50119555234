"""The one path of a roll: asked, answered on the GUI thread, logged as one undo step."""

from __future__ import annotations

import pytest

from encounter_app.domain.adversaries import Refused
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.rules.dice import DiceRoll
from encounter_app.services.fight.commands import RecordRoll
from encounter_app.services.rolls.roller import Roller


@pytest.fixture
def roller(session, undo_stack, rules_service):
    return Roller(rules_service, session, undo_stack)


def test_an_answer_becomes_one_log_line_and_one_undo_step(qtbot, session, undo_stack, roller):
    with qtbot.waitSignal(roller.recorded, timeout=5000) as blocker:
        roller.roll(DiceRequest("2d6+1", "Smoke"))
    row = blocker.args[0]
    assert [r.summary for r in session.rolls] == [row.summary]
    assert row.summary.startswith("Smoke")
    assert undo_stack.count() == 1
    undo_stack.undo()
    assert list(session.rolls) == []
    undo_stack.redo()  # the same dice: the command keeps the result
    assert [r.detail for r in session.rolls] == [row.detail]


def test_a_bad_roll_says_what_was_rolled_and_records_nothing(qtbot, session, undo_stack, roller):
    with qtbot.waitSignal(roller.failed, timeout=5000) as blocker:
        roller.roll(DiceRequest("2d6+x"), "The dice line")
    assert blocker.args[0].startswith("The dice line: ")
    assert undo_stack.count() == 0 and list(session.rolls) == []


def test_a_failure_without_a_name_says_the_roll_failed(qtbot, roller):
    """The GM's dialog rolls (attack, reaction, fate, falls) give no name of their own."""
    with qtbot.waitSignal(roller.failed, timeout=5000) as blocker:
        roller.roll(DiceRequest("2d6+x"))
    assert blocker.args[0].startswith("The roll failed: ")


def test_a_caller_builds_the_one_command_from_the_answer_and_its_row(qtbot, session,
                                                                     undo_stack, roller):
    built = []

    def record(answer: RollResult, row):
        built.append((answer.result.total, row.summary))
        return RecordRoll(session, row)

    with qtbot.waitSignal(roller.recorded, timeout=5000):
        roller.roll(DiceRequest("1d4"), record=record)
    [(total, summary)] = built
    assert 1 <= total <= 4 and session.rolls[0].summary == summary
    assert undo_stack.count() == 1


def test_a_rule_that_refuses_the_record_leaves_no_step_and_says_why(qtbot, session,
                                                                    undo_stack, roller):

    def refuse(_answer, _row):
        raise Refused("Nobody is left to act.")

    answer = RollResult(0, DiceRequest("1d6"), DiceRoll("1d6", 4, (4,), "1d6 (4) = 4"))
    with qtbot.waitSignal(roller.failed, timeout=1000) as blocker:
        assert roller.record(answer, refuse) is None
    assert blocker.args == ["Nobody is left to act."]
    assert undo_stack.count() == 0 and list(session.rolls) == []
