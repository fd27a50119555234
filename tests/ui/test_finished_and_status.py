"""Finish asks, a finished encounter says so and takes no fight action until reopened, and the
status line never describes an old state (issue 30)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from encounter_app.ui.shell import fight as shell_fight
from tests.helpers.modal import cancel_next_modal, press_in_next_modal
from tests.helpers.systems import KEYS

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support raise\(\)")


def activate(qtbot, window) -> None:
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def key(qtbot, window, pressed: Qt.Key,
        modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed with the keyboard in the spotlight order."""
    activate(qtbot, window)
    window.initiative.view.setFocus()
    qtbot.keyClick(QApplication.focusWidget(), pressed, modifiers)


def fight(program) -> tuple:
    session = program.session
    return (tuple(session.combatants), tuple(session.countdowns), session.fear,
            len(session.rolls), session.active_id, session.round)


def test_finish_asks_first_and_cancel_is_the_default_that_changes_nothing(qtbot, program):
    window = program.window
    asked: list[tuple[str, str, bool]] = []

    def look(box) -> None:
        assert isinstance(box, QMessageBox)
        default = box.defaultButton()
        asked.append((box.text(), box.informativeText(),
                      default is box.button(QMessageBox.StandardButton.Cancel)))

    cancel_next_modal(look)
    window.finish_action.trigger()
    name = program.session.entry().name
    assert asked == [(f"Finish {name}?", asked[0][1], True)]
    assert "until you reopen it" in asked[0][1]
    assert not program.session.finished and program.undo_stack.count() == 0
    assert not window.finished_banner.isVisible()


@pytest.mark.parametrize("system", KEYS)
def test_a_finished_encounter_says_so_refuses_n_and_reopens(qtbot, launch_demo, system):
    program = launch_demo(system)
    window, session = program.window, program.session
    name = session.entry().name
    press_in_next_modal("Finish encounter")
    window.finish_action.trigger()
    assert session.finished
    # Said where it cannot be missed: a banner over the fight, and the window's title.
    assert window.finished_banner.isVisible()
    assert window.finished_banner.label.text().startswith("Finished — reopen to continue")
    assert window.windowTitle().startswith(f"{name} (finished)")
    assert not window.finish_action.isEnabled() and window.reopen_action.isEnabled()
    before, steps = fight(program), program.undo_stack.count()
    key(qtbot, window, Qt.Key.Key_N)  # next turn: refused, said
    assert fight(program) == before and program.undo_stack.count() == steps
    assert "is finished: Encounter › Reopen encounter" in window.status_label.text()
    window.finished_banner.reopen_button.click()
    assert not session.finished and not window.finished_banner.isVisible()
    assert "(finished)" not in window.windowTitle()
    key(qtbot, window, Qt.Key.Key_N)
    assert (session.active_id, session.round) != before[4:]


def test_undo_of_finish_opens_the_encounter_again(qtbot, program):
    window, session = program.window, program.session
    press_in_next_modal("Finish encounter")
    window.finish_action.trigger()
    fear = session.fear
    key(qtbot, window, Qt.Key.Key_Plus)  # Gain a Fear: refused
    assert session.fear == fear
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not session.finished and not window.finished_banner.isVisible()
    key(qtbot, window, Qt.Key.Key_Plus)
    assert session.fear == fear + 1


def test_a_finished_encounter_refuses_the_attack_before_its_dialog(qtbot, program):
    window, session = program.window, program.session
    press_in_next_modal("Finish encounter")
    window.finish_action.trigger()
    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    window.chosen.choose(warden.id)
    opened: list[str] = []

    def close_any() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is not None:
            opened.append(dialog.objectName())
            dialog.close()

    watch = QTimer()
    watch.timeout.connect(close_any)
    watch.start(10)
    try:
        for pressed in (Qt.Key.Key_A, Qt.Key.Key_D):
            window.show_message("")
            key(qtbot, window, pressed)
            qtbot.wait(30)
            assert "is finished" in window.status_label.text()
    finally:
        watch.stop()
    assert opened == []


# -- the status line ---------------------------------------------------------------------------


def test_what_one_step_said_is_gone_once_the_next_step_is_taken(qtbot, program):
    window, session = program.window, program.session
    key(qtbot, window, Qt.Key.Key_End)  # the last row chosen
    key(qtbot, window, Qt.Key.Key_H)
    hidden = session.combatants[len(session.combatants) - 1]
    assert window.status_label.text() == f"{hidden.name} is hidden from the player display."
    key(qtbot, window, Qt.Key.Key_N)  # a turn passed says nothing: the order shows it
    assert window.status_label.text() == ""
    key(qtbot, window, Qt.Key.Key_H)  # shown again: said
    assert window.status_label.text() != ""
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # an undo too
    assert window.status_label.text() == ""


def test_a_message_times_out(qtbot, program, monkeypatch):
    window = program.window
    monkeypatch.setattr(shell_fight, "MESSAGE_MS", 30)
    window.show_message("Rolled 2d6: 7")
    assert window.status_label.text() == "Rolled 2d6: 7"
    qtbot.waitUntil(lambda: window.status_label.text() == "", timeout=2000)


def test_damage_found_in_the_file_stays_said_after_later_steps(qtbot, program):
    window = program.window
    window.show_message("The file is damaged: File › Restore… brings back a backup.",
                        error=True, lasting=True)
    key(qtbot, window, Qt.Key.Key_N)
    assert window.status_label.text().startswith("The file is damaged")
    assert not window.message_timer.isActive()


def test_a_finished_encounter_opened_again_says_so_and_refuses_at_once(qtbot, tmp_path):
    from encounter_app.app import launch

    # Not the ``program`` fixture: its window, registered to be closed, is replaced here.
    program = launch(tmp_path, seed=3, show=True)
    try:
        finished_id = program.session.encounter_id
        press_in_next_modal("Finish encounter")
        program.window.finish_action.trigger()
        other = program.store.create_encounter(program.session.campaign.id, "The bridge").id
        program.open_encounter(other)
        assert not program.session.finished and not program.window.finished_banner.isVisible()
        program.open_encounter(finished_id)  # read as the fight ended
        window = program.window
        qtbot.waitExposed(window)
        assert program.session.finished and window.finished_banner.isVisible()
        assert "(finished)" in window.windowTitle() and window.reopen_action.isEnabled()
        before = fight(program)
        key(qtbot, window, Qt.Key.Key_N)
        assert fight(program) == before and "is finished" in window.status_label.text()
    finally:
        program.shutdown()
