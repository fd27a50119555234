"""The keys of "the selected" act on the combatant the GM chose last, in the spotlight order or
among the cards (issue 30), in each system's demo fight; a key that cannot act says why in the
status line; a key typed for a dialog goes into the dialog.

Every key is pressed as the GM presses it: on the widget that has the keyboard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QMenu, QWidget

from encounter_app.domain import CombatantRow
from encounter_app.services.fight.commands import SetMarks
from encounter_app.ui.shell.chosen import NOBODY
from tests.helpers.systems import KEYS

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard",
                                       r"This plugin does not support raise\(\)")

#: A key of a Fight's card_keys sentence.
CARD_KEY = re.compile(r"Shift\+F\d+|Shift\+[A-Z]|Ctrl\+[A-Z]|Enter|Menu key|\b[A-Z]\b")
#: Each system's keys that act on the chosen one beyond the sentence's: its own card keys
#: (the card menu's actions with a key), H (hidden from the players), and Casus Mus' clash.
OWN_KEYS = {"daggerheart": ["H"],
            "casus_mus": ["C", "K", "H", "Ctrl+E"],
            "ruins_and_raiders": ["C", "U", "G", "W", "O", "H", "Ctrl+E", "Ctrl+T"],
            "forge_of_power": ["R", "H", "Ctrl+E", "Ctrl+T"]}


def keys_of(program) -> list[str]:
    window = program.window
    promised = [k for k in CARD_KEY.findall(window.fight.card_keys) if k != "Ctrl+2"]
    return [*promised, *OWN_KEYS[program.session.campaign.system]]


@dataclass
class Seen:
    """What each key showed: the dialog's or menu's subject (closed at once, as Escape
    would), or, when it opened none, the status line."""

    program: object
    shown: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.timer = QTimer()
        self.timer.timeout.connect(self.close)
        self.timer.start(10)

    def close(self) -> None:
        popup = QApplication.activePopupWidget()
        if isinstance(popup, QMenu):
            self.shown.append(f"menu: {popup.title()}")
            popup.close()
            return
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QDialog):
            self.shown.append(f"dialog: {subject(self.program, modal)}")
            modal.reject()


def subject(program, dialog: QDialog) -> str:
    """Whom a dialog is for, as the GM reads it: its chooser of who acts, else its title and
    first lines."""
    rows = program.session.combatants
    name = dialog.objectName()
    if name == "clashDialog":
        return dialog.attacker.row().name
    if name == "traitCheckDialog":
        return rows.by_id(dialog.actor_id()).name
    if name in ("fopAttackDialog", "fopCheckDialog"):
        return rows.by_id(dialog.actor.currentData()).name
    if hasattr(dialog, "chooser"):  # Casus Mus' skill roll
        return dialog.chooser.row().name
    labels = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
    return " | ".join([dialog.windowTitle(), *labels[:2]])


def activate(qtbot, window) -> None:
    """Window keys answer in the active window: give it back after a dialog."""
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def press(qtbot, program, keys: str, where: QWidget) -> None:
    """``keys`` on ``where``, the widget the keyboard is in."""
    activate(qtbot, program.window)
    where.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is where)
    focused = QApplication.focusWidget()
    if keys == "Enter":
        qtbot.keyClick(focused, Qt.Key.Key_Return)
    elif keys == "Menu key":
        qtbot.keyClick(focused, Qt.Key.Key_Menu)
    else:
        combination = QKeySequence(keys)[0]
        qtbot.keyClick(focused, combination.key(), combination.keyboardModifiers())


def what_it_did(qtbot, program, seen: Seen, keys: str, where: QWidget) -> str:
    """Press ``keys`` and say what the GM saw: the dialog or menu it opened, else the line."""
    window = program.window
    window.show_message("")
    seen.shown.clear()
    steps = program.undo_stack.index()
    press(qtbot, program, keys, where)
    qtbot.waitUntil(lambda: bool(seen.shown) or bool(window.status_label.text())
                    or program.undo_stack.index() != steps, timeout=3000)
    qtbot.wait(20)  # what a dialog closed may still say
    return seen.shown[0] if seen.shown else f"status: {window.status_label.text()}"


def two_to_choose(program) -> tuple[CombatantRow, CombatantRow]:
    """Two standing adversaries (or NPCs) named apart, neither in the spotlight."""
    rows = [c for c in program.session.combatants
            if c.kind != "pc" and not c.defeated and c.id != program.session.active_id]
    first = rows[0]
    second = next(r for r in rows[1:] if first.name not in r.name and r.name not in first.name)
    return first, second


def choose_row(qtbot, program, row: CombatantRow) -> None:
    """A click on ``row`` in the spotlight order."""
    window = program.window
    view = window.initiative.view
    index = window.initiative_model.index(program.session.combatants.index_of(row.id))
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.visualRect(index).center())
    assert window.chosen.id == row.id


def click_card(qtbot, program, row: CombatantRow) -> None:
    """A click on ``row``'s card, on its name (no pip, no button there)."""
    window = program.window
    cards = window.fight.cards
    source = window.initiative_model.index(program.session.combatants.index_of(row.id))
    card = window.fight.card_for(source)
    cards.scrollTo(card)
    qtbot.wait(20)  # cards are laid out in batches
    at = cards.visualRect(card).topLeft() + QPoint(40, 14)
    qtbot.mouseClick(cards.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert window.chosen.id == row.id


@pytest.mark.parametrize("system", KEYS)
def test_every_key_of_the_selected_acts_on_the_row_chosen_then_on_the_card_clicked(
        qtbot, launch_demo, system):
    program = launch_demo(system)
    window = program.window
    first, second = two_to_choose(program)
    keys = keys_of(program)
    assert {"A", "Enter", "D", "Menu key", "Shift+F10", "Shift+N"} <= set(keys)
    seen = Seen(program)
    try:
        wrong: list[tuple[str, str, str]] = []
        for keys_pressed in keys:
            choose_row(qtbot, program, first)
            did = what_it_did(qtbot, program, seen, keys_pressed, window.initiative.view)
            if first.name not in did or second.name in did:
                wrong.append((keys_pressed, first.name, did))
            click_card(qtbot, program, second)  # the last choice wins
            did = what_it_did(qtbot, program, seen, keys_pressed, window.fight.cards)
            if second.name not in did or first.name in did:
                wrong.append((keys_pressed, second.name, did))
            while program.undo_stack.canUndo() and program.undo_stack.index() > 0:
                program.undo_stack.undo()  # what a key did (hidden, an action used) undone
        assert wrong == []
    finally:
        seen.timer.stop()


def test_d_on_a_row_then_13_types_13_into_the_damage_dialog_and_records_no_outcome(
        qtbot, program):
    """The issue's case: the row chosen in the order, D, then 1 and 3 typed. D opens Damage for
    it and the digits are the damage, not a Critical Success and a Success with Fear."""
    session, window = program.session, program.window
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    before = (session.fear, [c.value for c in session.countdowns], len(session.rolls))
    choose_row(qtbot, program, sentry)
    typed: list[tuple[str, str]] = []

    def type_13() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not dialog.isActiveWindow():
            QTimer.singleShot(10, type_13)
            return
        focused = QApplication.focusWidget()
        qtbot.keyClick(focused, Qt.Key.Key_1)
        qtbot.keyClick(focused, Qt.Key.Key_3)
        typed.append((subject(program, dialog), focused.text()))
        qtbot.keyClick(focused, Qt.Key.Key_Return)  # OK

    QTimer.singleShot(0, type_13)
    press(qtbot, program, "D", window.initiative.view)
    qtbot.waitUntil(lambda: bool(typed))
    assert "Damage Ashen Sentry" in typed[0][0] and typed[0][1] == "13"
    # 13 is Major for the Sentry (9 / 16): 2 HP, and no outcome, Fear or countdown moved.
    assert session.combatants.by_id(sentry.id).hp_marked == 2
    assert (session.fear, [c.value for c in session.countdowns], len(session.rolls)) == before


def is_error(program) -> bool:
    return "c0392b" in program.window.status_label.styleSheet()


def refused(qtbot, program, keys: str, where: QWidget) -> str:
    """Press ``keys``: nothing opens, nothing changes, and the status line says why."""
    window, stack = program.window, program.undo_stack
    window.show_message("")
    steps = stack.count()
    press(qtbot, program, keys, where)
    qtbot.waitUntil(lambda: bool(window.status_label.text()))
    assert QApplication.activeModalWidget() is None and QApplication.activePopupWidget() is None
    assert stack.count() == steps and is_error(program)
    return window.status_label.text()


def test_a_key_that_cannot_act_says_why_in_the_status_line(qtbot, program):
    session, window = program.session, program.window
    order = window.initiative.view
    # Nobody chosen: D and the Menu key say so (A falls back on the spotlight, on a PC now).
    assert window.chosen.id is None
    assert refused(qtbot, program, "D", order) == NOBODY
    assert refused(qtbot, program, "Menu key", order) == NOBODY
    assert "spotlight is not on an adversary" in refused(qtbot, program, "A", order)
    # A PC where the key needs an adversary, or a PC's card (PCs are not tracked).
    pc = next(c for c in session.combatants if c.kind == "pc")
    choose_row(qtbot, program, pc)
    assert refused(qtbot, program, "A", order).startswith(f"{pc.name} is a PC: A attacks")
    assert refused(qtbot, program, "Enter", order).startswith(f"{pc.name} is a PC")
    assert "Track PCs" in refused(qtbot, program, "D", order)
    # A defeated adversary does not attack, nor takes more damage.
    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    program.undo_stack.push(SetMarks(session, warden.id, warden.hp_max, 0))
    choose_row(qtbot, program, warden)
    assert refused(qtbot, program, "A", order) == "Chapel Warden is defeated: it does not attack."
    assert "Chapel Warden" in refused(qtbot, program, "D", order)


@pytest.mark.parametrize("system", ["casus_mus", "ruins_and_raiders", "forge_of_power"])
def test_a_card_table_key_that_cannot_act_says_why(qtbot, launch_demo, system):
    program = launch_demo(system)
    session, window = program.session, program.window
    first, _second = two_to_choose(program)
    program.undo_stack.push(SetMarks(session, first.id, first.hp_max, 0))
    assert session.combatants.by_id(first.id).defeated
    choose_row(qtbot, program, first)
    for keys in ("A", "Enter"):
        assert refused(qtbot, program, keys, window.initiative.view) == \
            f"{first.name} is down: it cannot attack."
