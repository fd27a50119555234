"""Every key the F1 window lists does something, in each system's window, with a card selected.

The F1 window (Help › Keyboard shortcuts) reads the window's own actions, so it cannot list a
key nobody owns; these tests press each key it lists, and each key its sentence promises on a
selected card (``Fight.card_keys``), and look for what a GM would see: an undo step, a dialog
or menu (closed again), a dock or window shown, the keyboard moved, the turn or round passed,
or a sentence in the status line.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDockWidget, QWidget

from encounter_app.domain import CountdownRow
from encounter_app.domain.requests import DiceRequest
from encounter_app.services.fight import commands
from encounter_app.ui.fight.models import RowRole
from encounter_app.ui.shell.shortcuts import window_shortcuts
from tests.helpers.systems import KEYS

#: The program's four systems, and the fifth that lives only in the tests (a card table too).
TESTED = [*KEYS, "coin_toss"]

#: A menu shown offscreen cannot grab the keyboard (there is no window system to ask).
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")

#: A key of the card_keys sentence and what QTest presses for it.
CARD_KEY = re.compile(r"Shift\+F\d+|Shift\+[A-Z]|Ctrl\+[A-Z]|Enter|Menu key|\b[A-Z]\b")
PRESSED = {"Enter": Qt.Key.Key_Return}


class Watcher:
    """Closes each dialog or menu a key opens (as Escape would), remembering what it was."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.timer = QTimer()
        self.timer.timeout.connect(self.close)
        self.timer.start(15)

    def close(self) -> None:
        popup = QApplication.activePopupWidget()
        if popup is not None:
            self.seen.append(f"menu {popup.objectName() or type(popup).__name__}")
            popup.close()
            return
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QDialog):
            self.seen.append(f"dialog {modal.objectName() or type(modal).__name__}")
            modal.reject()


@pytest.fixture
def start(qtbot, tmp_path, launch_demo):
    """The demo window of a system: one of the program's, or the tests' Coin Toss."""
    from encounter_app.app import launch
    from tests.coin_toss import catalog

    started = []

    def open_(system: str):
        if system != "coin_toss":
            return launch_demo(system)
        launched = launch(tmp_path / system, seed=3, show=True, demo_system=system,
                          systems=catalog())
        started.append(launched)
        qtbot.addWidget(launched.window)
        qtbot.waitExposed(launched.window)
        return launched

    yield open_
    for launched in started:
        launched.shutdown()


@pytest.fixture
def watcher(qtbot):
    made = Watcher()
    yield made
    made.timer.stop()


def activate(qtbot, window) -> None:
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def looks(program) -> tuple[object, ...]:
    """What the GM sees change when a key does something."""
    window, session, stack = program.window, program.session, program.undo_stack
    return (stack.index(), stack.count(), window.status_label.text(),
            QApplication.focusWidget(), session.active_id, session.round,
            tuple(d.isVisible() for d in window.findChildren(QDockWidget)),
            frozenset(w for w in QApplication.topLevelWidgets()
                      if w.isVisible() and w is not window))


def prepare(qtbot, program) -> None:
    """A fight with something for every key: a countdown to tick and show, a roll to show,
    an undo and a redo to take back, and a card selected (an adversary's)."""
    window, session, stack = program.window, program.session, program.undo_stack
    stack.push(commands.AddCountdown(session, CountdownRow("Bridge falls", 4, 4)))
    window.countdowns.list.setCurrentIndex(window.countdowns.list.model().index(0, 0))
    window.submit(DiceRequest("1d6"))
    qtbot.waitUntil(lambda: len(session.rolls) > 0)
    first = session.combatants[0]
    stack.push(commands.UpdateCombatant(session, replace(first, notes="owes the guild"),
                                        "Note"))
    stack.push(commands.UpdateCombatant(session, replace(first, notes="owes the crown"),
                                        "Note"))
    stack.undo()  # something to redo as well as to undo
    select_adversary_card(program)


def select_adversary_card(program) -> None:
    cards = program.window.fight.cards
    model = cards.model()
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        found = index.data(RowRole)
        if getattr(found, "kind", "") == "adversary" and not cards.isRowHidden(row):
            cards.setCurrentIndex(index)
            return
    raise AssertionError("no adversary card to select")


def press(qtbot, program, watcher, keys: str, start: QWidget) -> tuple[bool, list[str]]:
    """Press ``keys`` with the keyboard in ``start``; whether the GM saw anything happen."""
    window = program.window
    for widget in QApplication.topLevelWidgets():  # what the last key opened, closed
        if widget is not window and widget.isVisible() and widget.isWindow():
            widget.close()
    activate(qtbot, window)
    select_adversary_card(program)
    start.setFocus(Qt.FocusReason.ShortcutFocusReason)
    qtbot.wait(20)
    watcher.seen.clear()
    before = looks(program)
    if keys == "Menu key":  # what the desktop sends for the Menu key (tests/ui/test_cards.py)
        view = window.fight.cards
        QApplication.sendEvent(view.viewport(), QContextMenuEvent(
            QContextMenuEvent.Reason.Keyboard, QPoint(), view.viewport().mapToGlobal(QPoint())))
    elif keys in PRESSED:
        QTest.keyClick(start, PRESSED[keys])
    else:
        QTest.keySequence(start, QKeySequence(keys))
    try:
        qtbot.waitUntil(lambda: bool(watcher.seen) or looks(program) != before, timeout=3000)
    except qtbot.TimeoutError:
        return False, []
    qtbot.wait(50)  # a dialog asked once a roll is in (a tie) closes before the next key
    return True, list(watcher.seen)


@pytest.mark.parametrize("system", TESTED)
def test_every_key_the_f1_window_lists_does_something(qtbot, start, watcher, system):
    program = start(system)
    window = program.window
    prepare(qtbot, program)
    listed = window_shortcuts(window)
    assert len(listed) > 20
    dead = []
    for shortcut in sorted(listed, key=lambda s: s.action is window.quit_action):
        for keys in shortcut.keys.split(", "):
            # The keyboard starts in the spotlight order; "Go to" keys start elsewhere, so
            # there is somewhere to go.
            start = (window.roll_log if "Go to" in shortcut.menu and keys != "Ctrl+4"
                     else window.initiative.view)
            worked, _seen = press(qtbot, program, watcher, keys, start)
            if not worked:
                dead.append(f"{keys} ({shortcut.text})")
    assert dead == []


@pytest.mark.parametrize("system", TESTED)
def test_every_key_a_selected_card_promises_works(qtbot, start, watcher, system):
    program = start(system)
    window = program.window
    prepare(qtbot, program)
    promised = CARD_KEY.findall(window.fight.card_keys)
    attacks = {"A", "Enter"} if system != "coin_toss" else {"F"}  # a coin is called, with F
    assert {"D", "Menu key", *attacks} <= set(promised), window.fight.card_keys
    dead = []
    for keys in promised:
        if keys == "Ctrl+2":  # where the sentence says the cards are, not a card's key
            continue
        worked, seen = press(qtbot, program, watcher, keys, window.fight.cards)
        if not worked:
            dead.append(keys)
        elif keys in ("A", "Enter"):
            assert seen and seen[0].startswith("dialog"), (keys, seen)
        elif keys in ("Menu key", "Shift+F10"):
            assert seen and seen[0].startswith("menu"), (keys, seen)
    assert dead == []
