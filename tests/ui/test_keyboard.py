"""A fight run from the keyboard, and Help › Keyboard shortcuts, which lists every key."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from encounter_app.services.fight.commands import SetFear
from encounter_app.systems.daggerheart.ui.rolls.dialogs import AttackDialog
from encounter_app.ui.shell.shortcuts import ShortcutsDialog, ShortcutsModel, window_shortcuts


def activate(qtbot, window) -> None:
    """Window shortcuts answer only in the active window: give it back after a dialog."""
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QDialog) and widget.isVisible():
            widget.reject()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def press(qtbot, window, keys: str) -> None:
    activate(qtbot, window)
    QTest.keySequence(QApplication.focusWidget() or window, QKeySequence(keys))


@pytest.fixture
def dismiss_dialogs(qtbot):
    """Closes any modal dialog a key opens (Attack…, Add combatant…), as Esc would."""
    def dismiss():
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QDialog):
            dialog.reject()

    timer = QTimer()
    timer.timeout.connect(dismiss)
    timer.start(20)
    yield
    timer.stop()


def test_the_shortcuts_dialog_lists_the_frequent_actions(qtbot, qtmodeltester, program):
    dialog = program.window.table_controls.show_shortcuts()
    qtbot.addWidget(dialog)
    assert isinstance(dialog, ShortcutsDialog)
    qtmodeltester.check(ShortcutsModel(window_shortcuts(program.window)), force_py=True)
    listed = {s.keys: s.text for s in dialog.model.shortcuts}
    for keys, words in [("N", "Next turn"), ("A", "Attack"), ("+", "Fear"), ("-", "Fear"),
                        ("3", "Success with Fear"), ("Ctrl+Z", "Undo"), ("F5", "Player display"),
                        ("P", "roll on the player display"),
                        ("V", "countdown on the player display"),
                        ("F1", "Keyboard shortcuts")]:
        assert words in listed.get(keys, ""), f"{keys} is not listed for {words}"


def test_no_two_actions_share_a_key(program):
    seen: dict[str, str] = {}
    for shortcut in window_shortcuts(program.window):
        for keys in shortcut.keys.split(", "):
            assert keys not in seen, f"{keys}: {seen.get(keys)} and {shortcut.text}"
            seen[keys] = shortcut.text


def test_every_listed_shortcut_triggers_its_action(qtbot, program, dismiss_dialogs):
    window = program.window
    shortcuts = window_shortcuts(window)
    quit_last = sorted(shortcuts, key=lambda s: s.action is window.quit_action)
    assert len(quit_last) > 20
    for shortcut in quit_last:
        for keys in shortcut.keys.split(", "):
            give_undo_something_to_do(program)
            with qtbot.waitSignal(shortcut.action.triggered, timeout=1000,
                                  raising=False) as blocker:
                press(qtbot, window, keys)
            assert blocker.signal_triggered, f"{keys} did not trigger {shortcut.text}"


def give_undo_something_to_do(program) -> None:
    """Undo and Redo are greyed out with nothing to undo or redo, as in any program."""
    stack, session = program.undo_stack, program.session
    stack.push(SetFear(session, session.fear + 1 if session.fear < 12 else session.fear - 1))
    stack.push(SetFear(session, session.fear + 1 if session.fear < 12 else session.fear - 1))
    stack.undo()


def test_a_whole_fight_without_the_mouse(qtbot, program):
    window, session = program.window, program.session
    press(qtbot, window, "Ctrl+1")
    assert QApplication.focusWidget() is window.initiative.view
    press(qtbot, window, "N")  # from the first PC to the Chapel Warden
    active = session.combatants[session.combatants.index_of(session.active_id)]
    assert active.kind == "adversary"

    def roll_from_keyboard():
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, AttackDialog):
            timer.stop()
            QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)  # a PC is ticked

    timer = QTimer()
    timer.timeout.connect(roll_from_keyboard)
    timer.start(20)
    with qtbot.waitSignal(window.roll_log_model.rowsInserted, timeout=5000):
        press(qtbot, window, "A")
    assert session.rolls[0].summary.startswith(active.name)

    press(qtbot, window, "P")  # the roll goes on the player display
    assert session.rolls[0].public
    fear = session.fear
    press(qtbot, window, "3")  # a player's Success with Fear
    assert session.fear == fear + 1
    press(qtbot, window, "+")
    press(qtbot, window, "-")
    press(qtbot, window, "-")
    assert session.fear == fear

    press(qtbot, window, "Ctrl+3")
    assert QApplication.focusWidget() is window.countdowns.list
    assert window.countdowns.selected_row() == 0  # the first one, ready for V and T
    press(qtbot, window, "V")
    assert session.countdowns[0].visible
    value = session.countdowns[0].value
    press(qtbot, window, "T")
    assert session.countdowns[0].value == value - 1
    press(qtbot, window, "Ctrl+Z")
    assert session.countdowns[0].value == value
    press(qtbot, window, "Ctrl+Z")
    assert not session.countdowns[0].visible
    assert not program.store.countdowns(session.encounter_id)[0].visible

    press(qtbot, window, "Ctrl+1")
    press(qtbot, window, "End")  # the Bramble Stalker, last in the order
    press(qtbot, window, "H")
    assert session.combatants[len(session.combatants) - 1].hidden
    model = window.initiative_model
    assert "hidden from players" in model.index(model.rowCount() - 1).data(
        Qt.ItemDataRole.AccessibleTextRole)


def test_tab_moves_left_to_right_through_the_panels(qtbot, program):
    window = program.window
    activate(qtbot, window)
    window.initiative.view.setFocus()
    order = []
    for _ in range(40):
        widget = QApplication.focusWidget()
        for name, panel in [("order", window.initiative.view), ("cards", window.fight.cards),
                            ("countdowns", window.countdowns.list),
                            ("dice", window.dice_roller.edit), ("log", window.roll_log)]:
            if widget is panel and name not in order:
                order.append(name)
        QTest.keyClick(widget, Qt.Key.Key_Tab)
    assert order == ["order", "cards", "countdowns", "dice", "log"]


def test_right_click_on_a_roll_countdown_or_combatant_offers_the_same_actions(program):
    controls, window = program.window.table_controls, program.window
    for view, action in ((window.roll_log, controls.show_roll_action),
                         (window.countdowns.list, controls.show_countdown_action),
                         (window.countdowns.list, controls.tick_action),
                         (window.initiative.view, controls.hide_action)):
        assert view.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
        assert action in view.actions()


# -- keys in fields, and Escape ---------------------------------------------------------------


def fields_of(window) -> list:
    from encounter_app.ui.widgets.typing import FIELDS

    return [f for kind in FIELDS for f in window.findChildren(kind)
            if f.isVisible() and f.isEnabled() and f.focusPolicy() != Qt.FocusPolicy.NoFocus
            and not isinstance(f.parent(), FIELDS)]


def test_keys_typed_into_any_field_of_the_fight_record_nothing(qtbot, program,
                                                               dismiss_dialogs):
    window, session = program.window, program.session
    fields = fields_of(window)
    assert {f.objectName() for f in fields} >= {"diceEdit", "sceneIntensity"}
    for field in fields:
        activate(qtbot, window)
        field.setFocus()
        before = (program.undo_stack.count(), session.fear, session.round, len(session.rolls))
        for key in "5an+-1":
            QTest.keyClick(QApplication.focusWidget(), key)
        assert (program.undo_stack.count(), session.fear, session.round,
                len(session.rolls)) == before, field.objectName()


def test_escape_in_a_field_gives_the_keys_back_to_the_fight(qtbot, program):
    window = program.window
    activate(qtbot, window)
    for field in (window.dice_roller.edit, window.findChild(QWidget, "sceneIntensity")):
        field.setFocus()
        QTest.keyClick(field, "2")  # into the field, or its list's search
        QTest.keyClick(field, Qt.Key.Key_Escape)
        assert QApplication.focusWidget() is window.initiative.view, field.objectName()
    steps = program.undo_stack.count()
    QTest.keyClick(window.initiative.view, "2")  # Success with Hope, recorded
    assert program.undo_stack.count() == steps + 1


def test_each_roll_dialog_opens_on_the_field_the_gm_must_fill(qtbot, program):
    from encounter_app.systems.daggerheart.ui.rolls.dialogs import FateRollDialog, ReactionDialog

    session = program.session
    adversaries = [c for c in session.combatants if c.kind == "adversary"]
    pcs = [c for c in session.combatants if c.kind == "pc"]
    attack = AttackDialog(adversaries[0], pcs, 3)
    reaction = ReactionDialog(adversaries, 3)
    fate = FateRollDialog()
    for dialog, field in ((attack, attack.list), (reaction, reaction.difficulty),
                          (fate, fate.stake)):
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(lambda d=dialog: QApplication.activeWindow() is d)
        assert QApplication.focusWidget() is field, type(dialog).__name__
    QTest.keyClicks(fate.stake, "an ally")  # letters that are shortcuts in the window
    assert fate.stake.text() == "an ally" and fate.isVisible()


@pytest.mark.parametrize("system", ["daggerheart", "casus_mus", "ruins_and_raiders",
                                    "forge_of_power"])
def test_every_key_belongs_to_one_action_in_each_systems_window(qtbot, tmp_path, system):
    """Two actions on one key and Qt runs neither ("Ambiguous shortcut overload"): every
    window-wide key of each system's window, menus or not, QAction or QShortcut, is one's."""
    from PySide6.QtGui import QAction, QShortcut

    from encounter_app.app import launch

    launched = launch(tmp_path, seed=3, show=True, demo_system=system)
    qtbot.addWidget(launched.window)
    try:
        owners: dict[str, list[str]] = {}
        window = launched.window
        for action in window.findChildren(QAction):
            if action.shortcutContext() == Qt.ShortcutContext.WidgetShortcut:
                continue  # a key of one widget (a card's D), not the window's
            for keys in action.shortcuts():
                owners.setdefault(keys.toString(), []).append(action.text().replace("&", ""))
        for shortcut in window.findChildren(QShortcut):
            owners.setdefault(shortcut.key().toString(), []).append(shortcut.objectName())
        assert len(owners) > 15
        assert {k: v for k, v in owners.items() if len(v) > 1} == {}
    finally:
        launched.shutdown()


@pytest.mark.parametrize("system", ["daggerheart", "casus_mus", "ruins_and_raiders",
                                    "forge_of_power"])
def test_each_menu_letter_opens_one_item(launch_demo, system):
    """Alt+letter in an open menu: two items on one letter and the first only takes the focus,
    so the GM's keyboard choice does nothing. Every visible item's underlined letter is its
    own within its menu."""
    import re

    window = launch_demo(system).window
    clashes = {}
    for top in window.menuBar().actions():
        menu = top.menu()
        if menu is None:
            continue
        menu.aboutToShow.emit()  # menus filled as they open are filled now
        letters: dict[str, list[str]] = {}
        for action in menu.actions():
            if action.isVisible() and (found := re.search(r"&([^&])", action.text())):
                letters.setdefault(found.group(1).lower(), []).append(action.text())
        clashes.update({f"{top.text()} {k}": v for k, v in letters.items() if len(v) > 1})
    assert clashes == {}
