"""Recording a player's action roll from the window: keys 1–5 (6 for a miss), the guidance
the text gives for each outcome, and the rests in the Encounter menu."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolButton

from encounter_app.app import launch
from encounter_app.domain import CountdownRow
from encounter_app.rules.daggerheart import Outcome
from encounter_app.services.fight import table
from encounter_app.systems.daggerheart.ui.rolls.outcomes import OUTCOME_KEYS


def guidance(program) -> str:
    label = program.window.findChild(QLabel, "outcomeGuidance")
    assert label is not None
    return label.text()


def press(qtbot, program, key: Qt.Key) -> None:
    program.window.activateWindow()
    qtbot.keyClick(program.window, key)


KEYS = {Outcome.CRITICAL_SUCCESS: Qt.Key.Key_1, Outcome.SUCCESS_WITH_HOPE: Qt.Key.Key_2,
        Outcome.SUCCESS_WITH_FEAR: Qt.Key.Key_3, Outcome.FAILURE_WITH_HOPE: Qt.Key.Key_4,
        Outcome.FAILURE_WITH_FEAR: Qt.Key.Key_5}


def test_five_buttons_with_their_keys_in_the_tooltips(program):
    for outcome, (key, name) in OUTCOME_KEYS.items():
        button = program.window.findChild(QToolButton, name)
        assert button is not None, name
        assert button.accessibleName() == outcome.value
        assert f"(key {key})" in button.toolTip()
        assert outcome.value in button.text()
    miss = program.window.findChild(QToolButton, "outcomePcMissed")
    assert "(key 6)" in miss.toolTip()


@pytest.mark.parametrize("outcome", list(KEYS))
def test_each_key_records_its_outcome(qtbot, program, outcome):
    session = program.session
    bell = next(c for c in session.countdowns if c.name == "The bell tower collapses")
    fear = session.fear
    press(qtbot, program, KEYS[outcome])
    with_fear = outcome in (Outcome.SUCCESS_WITH_FEAR, Outcome.FAILURE_WITH_FEAR)
    assert session.fear == fear + with_fear
    assert session.countdowns[session.countdowns.index_of(bell.id)].value == bell.value - 1
    assert session.rolls[0].summary.startswith(outcome.value)
    assert program.undo_stack.undoText() == f"Player rolled {outcome.value}"
    text = guidance(program)
    assert outcome.value in text
    assert ("Hard move" in text) == with_fear
    assert ("Soft move" in text) == (not with_fear)


def test_the_guidance_is_the_texts_for_each_outcome(qtbot, program):
    press(qtbot, program, Qt.Key.Key_1)
    assert "give them an additional opportunity or advantage" in guidance(program)
    assert "Yes, and..." in guidance(program)
    press(qtbot, program, Qt.Key.Key_2)
    assert "show how the world reacts to it" in guidance(program)
    press(qtbot, program, Qt.Key.Key_3)
    text = guidance(program)
    assert "Yes, but..." in text and "Minor consequence" in text
    assert "An adversary attacks" in text and "You raise the stakes of the conflict" in text
    press(qtbot, program, Qt.Key.Key_4)
    assert "No, but..." in guidance(program) and "The PC marks a Stress" in guidance(program)
    press(qtbot, program, Qt.Key.Key_5)
    text = guidance(program)
    assert "No, and..." in text and "Major consequence" in text
    assert "They are separated from their party" in text
    assert "An adversary attacks" not in text


def test_undo_takes_the_whole_outcome_back_and_the_panel_says_so(qtbot, program):
    session, stack = program.session, program.undo_stack
    state = (session.fear, list(session.countdowns), len(session.rolls),
             len(session.fear_ledger))
    press(qtbot, program, Qt.Key.Key_5)
    assert "Undone" not in guidance(program)
    qtbot.keyClick(program.window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert (session.fear, list(session.countdowns), len(session.rolls),
            len(session.fear_ledger)) == state
    assert "Undone" in guidance(program)
    stack.redo()
    assert "Undone" not in guidance(program)
    stack.undo()
    assert "Undone" in guidance(program)
    stack.push(table.pc_missed(session).command)  # something else takes its place
    # It can never be redone now: the panel no longer describes it (issue 30: no stale text).
    assert "Undone" not in guidance(program) and "Failure with Fear" not in guidance(program)


def test_key_6_ticks_volley_of_arrows(qtbot, program):
    session = program.session
    program.undo_stack.push(table.add_countdown(session, CountdownRow(
        "Volley of Arrows", 3, 3, loop="loop", trigger="pc_miss")))
    for _ in range(3):
        press(qtbot, program, Qt.Key.Key_6)
    volley = session.countdowns[len(session.countdowns) - 1]
    assert (volley.value, volley.loops) == (3, 1)
    assert session.rolls[0].summary == "⚠ Volley of Arrows TRIGGERED: loops back to 3 (×1)"
    assert "Volley of Arrows 1 → 0 ⚠ TRIGGERED" in guidance(program)


def test_typing_digits_in_the_dice_line_records_nothing(qtbot, program):
    roller = program.window.dice_roller
    roller.edit.setFocus()
    qtbot.keyClicks(roller.edit, "3d6+5")
    assert roller.edit.text() == "3d6+5"
    assert len(program.session.rolls) == 0
    assert program.undo_stack.count() == 0


def test_rests_roll_through_the_rules_service(qtbot, program):
    session, window = program.session, program.window
    program.undo_stack.push(table.add_countdown(session, CountdownRow(
        "The ritual completes", 2, 2, long_term=True)))
    fear = session.fear
    actions = {a.text(): a for a in window.fight.outcomes.menu_actions()}
    encounter_menu = next(m for m in window.menuBar().actions() if "ncounter" in m.text())
    assert window.fight.outcomes.long_rest_action in encounter_menu.menu().actions()
    with qtbot.waitSignal(window.roll_log_model.rowsInserted, timeout=5000):
        actions["&Long rest (GM gains 1d4 + PCs Fear)"].trigger()
    line = session.rolls[0]
    assert line.kind == "rest"
    roll = line.payload["roll"]
    assert roll["expression"] == "1d4+3"  # the demo's three PCs
    assert 1 <= roll["dice"][0] <= 4 and roll["total"] == roll["dice"][0] + 3
    assert session.fear == min(12, fear + roll["total"])
    assert session.fear_ledger[0].reason == "long_rest"
    assert "Party: 3 PCs in the spotlight order" in line.detail
    ritual = session.countdowns[len(session.countdowns) - 1]
    assert ritual.value == 1
    bell = session.countdowns[0]
    assert bell.value == bell.start  # action countdowns do not move on a rest
    assert "Long rest" in guidance(program)
    program.undo_stack.undo()
    assert session.fear == fear and session.countdowns[len(session.countdowns) - 1].value == 2
    with qtbot.waitSignal(window.roll_log_model.rowsInserted, timeout=5000):
        window.fight.outcomes.short_rest_action.trigger()
    assert session.rolls[0].payload["roll"]["expression"] == "1d4"
    assert session.fear_ledger[0].reason == "short_rest"


def test_countdown_kinds_and_loops_survive_a_restart(qtbot, tmp_path):
    first = launch(tmp_path, seed=5, show=False)
    session, stack = first.session, first.undo_stack
    stack.push(table.add_countdown(session, CountdownRow("Escape", 6, 6, kind="progress")))
    escape_id = session.countdowns[len(session.countdowns) - 1].id
    stack.push(table.add_countdown(session, CountdownRow("Floods", 4, 4, kind="consequence"),
                                   escape_id))
    stack.push(table.add_countdown(session, CountdownRow(
        "Volley of Arrows", 1, 1, loop="increasing", trigger="pc_miss", dice="1d4")))
    first.window.fight.outcomes.record(Outcome.FAILURE_WITH_HOPE)
    first.window.fight.outcomes.pc_missed()
    state = (list(session.countdowns), [r.summary for r in session.rolls], session.fear)
    assert session.countdowns[len(session.countdowns) - 1].loops == 1
    first.shutdown()
    second = launch(tmp_path, show=False)
    try:
        again = (list(second.session.countdowns), [r.summary for r in second.session.rolls],
                 second.session.fear)
        assert again == state
    finally:
        second.shutdown()


def test_a_rest_from_the_fear_trackers_menu_rolls_its_fear(qtbot, program):
    """The + menu's rests are the rests themselves: the ledger never says "(1d4)" for a +1."""
    session, tracker = program.session, program.window.fight.fear_tracker
    menu = [a for a in tracker.plus_button.menu().actions() if not a.isSeparator()]
    rests = program.window.rests
    assert rests.short_rest_action in menu and rests.long_rest_action in menu
    assert not [a for a in menu if "1d4" in a.text() and a not in (rests.short_rest_action,
                                                                     rests.long_rest_action)]
    fear = session.fear
    with qtbot.waitSignal(program.window.roll_log_model.rowsInserted, timeout=5000):
        rests.short_rest_action.trigger()
    roll = session.rolls[0].payload["roll"]
    assert roll["expression"] == "1d4" and 1 <= roll["total"] <= 4
    assert session.fear == min(12, fear + roll["total"])
    assert (session.fear_ledger[0].reason, session.fear_ledger[0].change) == (
        "short_rest", session.fear - fear)


def test_the_guidance_has_a_fixed_place_and_the_cards_do_not_move(qtbot, program):
    window = program.window
    window.resize(1366, 768)
    cards = window.fight.cards
    qtbot.waitUntil(lambda: cards.height() > 0)
    qtbot.wait(50)
    height = cards.height()
    for outcome in Outcome:
        window.fight.outcomes.record(outcome)
        qtbot.wait(20)
        assert cards.height() == height, outcome
        assert "GM move" in guidance(program) or outcome.value in guidance(program)
