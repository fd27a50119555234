"""Every roll dialog of Casus Mus, Ruins & Raiders and Forge of Power, opened by its key as a GM
opens it: it starts on the combatant in the spotlight and fits a 1366x768 laptop screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog

from encounter_app.systems.casus_mus.ui.clash_dialog import ClashDialog
from encounter_app.systems.casus_mus.ui.skill_dialog import SkillRollDialog
from encounter_app.systems.forge_of_power.ui.roll_dialog import FopRollDialog
from encounter_app.systems.ruins_and_raiders.ui.trait_dialog import TraitCheckDialog
from tests.helpers.modal import cancel_next_modal

SCREEN = (1366, 768 - 30)  # a laptop's screen, less a taskbar


def first_actor(dialog: QDialog) -> int | None:
    """Who the dialog acts for when it opens."""
    if isinstance(dialog, ClashDialog):
        return dialog.attacker.row().id
    if isinstance(dialog, SkillRollDialog):
        return dialog.chooser.row().id
    if isinstance(dialog, TraitCheckDialog):
        return dialog.actor_id()
    if isinstance(dialog, FopRollDialog):
        return dialog.rows[dialog.actor.currentIndex()].id
    raise AssertionError(f"unexpected dialog {type(dialog).__name__}")


@pytest.mark.parametrize(("system", "key", "dialog_type"), [
    ("casus_mus", Qt.Key.Key_C, ClashDialog),
    ("casus_mus", Qt.Key.Key_K, SkillRollDialog),
    ("ruins_and_raiders", Qt.Key.Key_C, TraitCheckDialog),
    ("forge_of_power", Qt.Key.Key_R, FopRollDialog),
    ("forge_of_power", Qt.Key.Key_A, FopRollDialog),
])
def test_a_roll_dialog_opens_on_the_spotlight_and_fits_a_laptop(qtbot, launch_demo, system,
                                                                 key, dialog_type):
    launched = launch_demo(system)
    window, session = launched.window, launched.session
    cards = window.fight.cards
    cards.setCurrentIndex(cards.model().index(0, 0))  # the GM had chosen the first card
    window.fight.activate(session.combatants[2].id)  # then gave the third one the turn
    spotlit = session.active_id
    assert spotlit == session.combatants[2].id
    seen: list[tuple[type, int | None, tuple[int, int], tuple[int, int]]] = []

    def look(dialog: QDialog) -> None:
        hint = dialog.minimumSizeHint()
        seen.append((type(dialog), first_actor(dialog), (dialog.width(), dialog.height()),
                     (hint.width(), hint.height())))

    cancel_next_modal(look)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, key)
    assert seen, "the key opened no dialog"
    kind, actor, size, smallest = seen[0]
    assert kind is dialog_type
    assert actor == spotlit
    assert size[0] <= SCREEN[0] and size[1] <= SCREEN[1], size
    assert smallest[0] <= SCREEN[0] and smallest[1] <= SCREEN[1], smallest
