"""The keys of a card table's selected card, its menu and its GM note, in each of the three
card-table systems, pressed as a GM presses them (issue 28)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QMenu

from encounter_app.ui.fight.combatant_note import CombatantNoteDialog
from encounter_app.ui.shell.shortcuts import window_shortcuts
from encounter_app.ui.table.asks import NumberDialog
from tests.helpers.modal import cancel_next_modal

TABLES = ["casus_mus", "ruins_and_raiders", "forge_of_power"]
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard",
                                       r"This plugin does not support raise\(\)")


@pytest.fixture(params=TABLES)
def program(request, launch_demo):
    return launch_demo(request.param)


def on_cards(qtbot, program, row: int = 3):
    """The keyboard on the cards, the card of ``row`` in the order selected."""
    window = program.window
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    cards = window.fight.cards
    cards.setFocus()
    cards.setCurrentIndex(cards.model().index(row, 0))
    return program.session.combatants[row]


def key(qtbot, program, keys: str) -> None:
    """Press ``keys`` on the cards (the window active again after a dialog)."""
    window = program.window
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.fight.cards.setFocus()
    QTest.keySequence(window.fight.cards, QKeySequence(keys))


def test_a_and_enter_open_the_systems_attack_with_the_selected_card_attacking(qtbot, program):
    chosen = on_cards(qtbot, program)
    seen = []

    def attacker(dialog: QDialog) -> None:
        if dialog.objectName() == "clashDialog":
            seen.append((dialog.attacker.row().id, "clash"))
        elif dialog.objectName() == "traitCheckDialog":
            seen.append((dialog.actor_id(), dialog.mode.currentText()))
        else:
            seen.append((dialog.actor.currentData(), dialog.objectName()))

    for count, pressed in enumerate((Qt.Key.Key_A, Qt.Key.Key_Return), start=1):
        cancel_next_modal(attacker)
        QTest.keyClick(program.window.fight.cards, pressed)
        qtbot.waitUntil(lambda n=count: len(seen) == n)
    expected = {"casus_mus": "clash", "ruins_and_raiders": "An attack",
                "forge_of_power": "fopAttackDialog"}[program.session.campaign.system]
    assert seen == [(chosen.id, expected)] * 2
    assert program.window.fight.card_keys.startswith("On a selected card")


def test_the_forge_a_attacks_with_the_selected_wherever_the_keyboard_is(qtbot, launch_demo):
    """A on a row chosen in the order is the same key as A on its card: the chosen one attacks
    (before issue 30 the order's A attacked with the spotlight, the card's with the card)."""
    program = launch_demo("forge_of_power")
    window, session = program.window, program.session
    chosen = on_cards(qtbot, program)
    assert chosen.id != session.active_id
    seen = []
    cancel_next_modal(lambda d: seen.append(d.actor.currentData()))
    window.initiative.view.setFocus()  # the keyboard in the order, the same row chosen
    QTest.keyClick(window.initiative.view, Qt.Key.Key_A)
    qtbot.waitUntil(lambda: bool(seen))
    cancel_next_modal(lambda d: seen.append(d.actor.currentData()))
    key(qtbot, program, "A")  # the keyboard on the cards, the window active again
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert seen == [chosen.id, chosen.id]


def answer_number(value: int, asked: list[tuple[str, str]]) -> None:
    """Type ``value`` into the next number the window asks for, and OK it."""
    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, NumberDialog):
            QTimer.singleShot(10, poll)
            return
        label = dialog.findChild(QLabel)
        asked.append((dialog.windowTitle(), label.text() if label else ""))
        dialog.number.setValue(value)
        dialog.accept_button.click()

    QTimer.singleShot(0, poll)


def test_d_damages_and_shift_d_heals_the_selected_card_one_step_each(qtbot, program):
    chosen = on_cards(qtbot, program)
    word = program.window.fight.rules.health_word
    asked: list[tuple[str, str]] = []
    steps = program.undo_stack.count()
    answer_number(3, asked)
    key(qtbot, program, "D")
    marked = program.session.combatants.by_id(chosen.id).hp_marked
    assert marked == chosen.hp_marked + 3
    now = program.session.combatants.by_id(chosen.id)
    assert program.window.status_label.text() == \
        f"{chosen.name}: {now.hp_marked} of {now.hp_max} {word} marked."
    answer_number(3, asked)
    key(qtbot, program, "Shift+D")
    assert program.session.combatants.by_id(chosen.id).hp_marked == chosen.hp_marked
    assert program.undo_stack.count() == steps + 2
    assert asked == [("Damage", f"{word} to mark on {chosen.name}:"),
                     ("Heal", f"{word} to clear on {chosen.name}:")]
    program.undo_stack.undo()
    assert program.session.combatants.by_id(chosen.id).hp_marked == marked


def test_healing_nothing_marked_says_so_and_adds_no_step(qtbot, program):
    chosen = on_cards(qtbot, program)
    answer_number(2, [])
    steps = program.undo_stack.count()
    key(qtbot, program, "Shift+D")
    assert program.undo_stack.count() == steps
    assert program.window.status_label.text() == f"{chosen.name} has nothing marked to heal."


def write_note(text: str) -> None:
    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, CombatantNoteDialog):
            QTimer.singleShot(10, poll)
            return
        dialog.edit.setPlainText(text)
        dialog.accept()

    QTimer.singleShot(0, poll)


def test_shift_n_writes_the_gm_note_of_the_selected_card(qtbot, program):
    chosen = on_cards(qtbot, program)
    write_note("Bribed by the toad")
    key(qtbot, program, "Shift+N")
    assert program.session.combatants.by_id(chosen.id).notes == "Bribed by the toad"
    assert program.store.combatants(program.session.encounter_id)[3].notes == \
        "Bribed by the toad"
    program.undo_stack.undo()
    assert program.session.combatants.by_id(chosen.id).notes == ""
    listed = {s.keys: s.text for s in window_shortcuts(program.window)}
    assert listed["Shift+N"] == "GM note on the selected…"


def test_the_spotlight_orders_right_click_offers_the_gm_note(qtbot, program):
    view = program.window.initiative.view
    assert view.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    note = next(a for a in view.actions() if a.objectName() == "noteAction")
    view.setCurrentIndex(view.model().index(2, 0))
    write_note("Hates heights")
    note.trigger()
    assert program.session.combatants[2].notes == "Hates heights"


def open_card_menu(qtbot, program, act) -> list[str]:
    """The Menu key on the selected card: the menu's items, then ``act(menu)``."""
    texts: list[str] = []

    def poll() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(10, poll)
            return
        texts.extend(a.text() for a in menu.actions() if a.text())
        act(menu)

    QTimer.singleShot(0, poll)
    view = program.window.fight.cards
    QApplication.sendEvent(view.viewport(), QContextMenuEvent(
        QContextMenuEvent.Reason.Keyboard, QPoint(), view.viewport().mapToGlobal(QPoint())))
    qtbot.waitUntil(lambda: bool(texts))
    return texts


def test_the_menu_key_opens_the_cards_menu_with_its_actions_and_their_keys(qtbot, program):
    chosen = on_cards(qtbot, program)
    texts = open_card_menu(qtbot, program, QMenu.close)
    plain = [t.replace("&", "") for t in texts]
    attack = {"casus_mus": "Clash with it attacking…\tA, Enter",
              "ruins_and_raiders": "Attack: a trait check…\tA, Enter",
              "forge_of_power": "Attack with it…\tA, Enter"}[program.session.campaign.system]
    assert plain[0] == attack
    for item in ("Give it the turn", "Damage the selected…", "Heal the selected…",
                 "Edit the selected combatant…", "GM note on the selected…"):
        assert item in plain
    # Each item's underlined letter is its own within the menu.
    letters = [t[t.index("&") + 1].lower() for t in texts if "&" in t]
    assert len(letters) == len(set(letters)), texts

    def give_turn(menu: QMenu) -> None:
        next(a for a in menu.actions() if a.objectName() == "giveTurnAction").trigger()
        menu.close()

    open_card_menu(qtbot, program, give_turn)
    assert program.session.active_id == chosen.id


def test_r_and_r_z_starts_round_zero_with_the_ticked_ambushers(qtbot, launch_demo):
    program = launch_demo("ruins_and_raiders")
    on_cards(qtbot, program)

    def only_the_first(dialog: QDialog) -> None:
        for box in dialog.boxes:
            box.setChecked(box is dialog.boxes[0])
        dialog.accept()

    steps = program.undo_stack.count()
    cancel_next_modal(only_the_first)
    key(qtbot, program, "Z")
    assert program.undo_stack.count() == steps + 1
    assert program.session.round == 0
    assert program.session.active_id == program.session.combatants[0].id


def test_keys_typed_into_a_field_of_a_card_table_do_nothing(qtbot, program):
    from encounter_app.ui.widgets.typing import FIELDS

    window, session = program.window, program.session
    fields = [f for kind in FIELDS for f in window.findChildren(kind)
              if f.isVisible() and f.isEnabled() and f.focusPolicy() != Qt.FocusPolicy.NoFocus
              and not isinstance(f.parent(), FIELDS)]
    assert fields
    for field in fields:
        window.windowHandle().requestActivate()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        field.setFocus()
        before = (program.undo_stack.count(), session.round, session.active_id)
        for typed in ("D", "Shift+D", "Shift+N", "A", "Z", "I", "U", "C", "N"):
            QTest.keySequence(QApplication.focusWidget(), QKeySequence(typed))
        assert QApplication.activeModalWidget() is None, field.objectName()
        assert (program.undo_stack.count(), session.round, session.active_id) == before


def test_daggerheart_reaches_a_pcs_note_from_the_spotlight_order_too(qtbot, launch_demo):
    """Its PCs have no card (unless tracked): the order's right click is the way."""
    program = launch_demo("daggerheart")
    view = program.window.initiative.view
    pc = next(i for i, c in enumerate(program.session.combatants) if c.kind == "pc")
    view.setCurrentIndex(view.model().index(pc, 0))
    write_note("Owes the chapel a bell")
    next(a for a in view.actions() if a.objectName() == "noteAction").trigger()
    assert program.session.combatants[pc].notes == "Owes the chapel a bell"


def test_what_a_key_did_is_said_in_the_undo_historys_words(qtbot, launch_demo):
    program = launch_demo("ruins_and_raiders")
    chosen = on_cards(qtbot, program)
    key(qtbot, program, "O")
    assert program.window.status_label.text() == f"{chosen.name} holds to the next round."
    assert program.undo_stack.undoText() == f"{chosen.name} holds to the next round"
