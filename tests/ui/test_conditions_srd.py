"""Stress and conditions as the SRD says, through the window: the last Stress marked makes an
adversary Vulnerable in the same undo step and clearing a Stress takes that Vulnerable away;
the three conditions carry the SRD's words on the card and in their tooltips; a temporary
condition is cleared by spending the adversary's spotlight, one undo step."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from encounter_app.systems.daggerheart.conditions import CONDITION_TEXTS
from tests.helpers.cards import trigger
from tests.helpers.modal import press_in_next_modal
from tests.ui.test_card_actions import card_text, is_error, named, row, status


def card_index(program, cid):
    window = program.window
    source = window.initiative_model.index(program.session.combatants.index_of(cid))
    return window.fight.cards_model.mapFromSource(source)


def menu_action(program, cid, name):
    menu = program.window.fight.card_actions.menu_for(cid)
    action = menu.findChild(type(menu.menuAction()), name)
    assert action is not None, name
    return menu, action


# -- the last Stress ----------------------------------------------------------------------------


def test_marking_the_last_stress_makes_it_vulnerable_in_the_same_undo_step(program):
    sentry = named(program, "Ashen Sentry")  # Stress 3
    trigger(program, sentry.id, "markStressAction")
    trigger(program, sentry.id, "markStressAction")
    assert row(program, sentry.id).conditions == ()
    steps = program.undo_stack.index()
    trigger(program, sentry.id, "markStressAction")
    assert row(program, sentry.id).stress_marked == 3
    assert row(program, sentry.id).conditions == ("Vulnerable",)
    assert "Vulnerable until it clears one" in status(program)
    assert "Vulnerable ×" in card_text(program, sentry.id)
    assert program.undo_stack.index() == steps + 1
    program.undo_stack.undo()  # the Stress and the Vulnerable go back together
    assert (row(program, sentry.id).stress_marked, row(program, sentry.id).conditions) == (2, ())
    program.undo_stack.redo()
    assert row(program, sentry.id).conditions == ("Vulnerable",)

    trigger(program, sentry.id, "clearStressAction")
    assert row(program, sentry.id).stress_marked == 2
    assert row(program, sentry.id).conditions == ()
    assert "no longer Vulnerable" in status(program)
    assert program.store.combatants(program.session.encounter_id)[
        program.session.combatants.index_of(sentry.id)].conditions == ()


def test_clearing_a_stress_keeps_a_vulnerable_the_gm_gave(program):
    sentry = named(program, "Ashen Sentry")
    trigger(program, sentry.id, "condition:Vulnerable")  # the GM's own reason
    for _ in range(3):
        trigger(program, sentry.id, "markStressAction")
    assert row(program, sentry.id).conditions == ("Vulnerable",)  # the same does not stack
    trigger(program, sentry.id, "clearStressAction")
    assert row(program, sentry.id).conditions == ("Vulnerable",)


def test_the_last_stress_clicked_on_its_pips_makes_it_vulnerable_too(program):
    warden = named(program, "Chapel Warden")  # Stress 4
    fight = program.window.fight
    fight.set_marks(warden.id, 0, 4)  # what a click on the fourth Stress pip asks
    assert row(program, warden.id).conditions == ("Vulnerable",)
    fight.set_marks(warden.id, 0, 3)
    assert row(program, warden.id).conditions == ()


def test_the_vulnerable_from_stress_is_not_cleared_by_the_spotlight(program):
    sentry = named(program, "Ashen Sentry")
    for _ in range(3):
        trigger(program, sentry.id, "markStressAction")
    menu, action = menu_action(program, sentry.id, "spotlightClear:Vulnerable")
    assert not action.isEnabled() and "clearing a Stress clears it" in action.toolTip()
    menu.deleteLater()
    program.window.fight.card_actions.clear_by_spotlight(sentry.id, "Vulnerable")
    assert is_error(program) and "clears when it clears a Stress" in status(program)
    assert row(program, sentry.id).conditions == ("Vulnerable",)


# -- the SRD's words ----------------------------------------------------------------------------


def test_the_conditions_menu_carries_the_srd_words(program):
    sentry = named(program, "Ashen Sentry")
    menu = program.window.fight.card_actions.menu_for(sentry.id)
    for name, words in CONDITION_TEXTS.items():
        action = menu.findChild(type(menu.menuAction()), f"condition:{name}")
        assert words in action.toolTip() and "does not stack" in action.toolTip()
    assert "Rolls against it have advantage." in CONDITION_TEXTS["Vulnerable"]
    assert "cannot move, but can still act" in CONDITION_TEXTS["Restrained"]
    assert "disadvantage" in CONDITION_TEXTS["Hidden"] and "when it attacks" in \
        CONDITION_TEXTS["Hidden"]
    menu.deleteLater()


def test_a_condition_on_the_card_says_what_it_does_and_its_chip_tooltip_the_srd_words(
        qtbot, program):
    sentry = named(program, "Ashen Sentry")
    trigger(program, sentry.id, "condition:Restrained")
    assert "cannot move, can still act" in card_text(program, sentry.id)
    cards = program.window.fight.cards
    index = card_index(program, sentry.id)
    cards.scrollTo(index)
    layout = cards.card_layout(index)
    chip = next(c for c in layout.chips if c.condition == "Restrained")
    note = next(c for c in layout.chips if c.kind == "note")
    assert note.rect.top() == chip.rect.top()  # beside the chip: the card grows no taller
    at = cards.visualRect(index).topLeft() + chip.rect.center()
    QApplication.sendEvent(cards.viewport(), QHelpEvent(
        QEvent.Type.ToolTip, at, cards.viewport().mapToGlobal(at)))
    qtbot.waitUntil(QToolTip.isVisible)
    assert CONDITION_TEXTS["Restrained"] in QToolTip.text()
    assert "click to clear it" in QToolTip.text()
    QToolTip.hideText()
    at = cards.visualRect(index).topLeft() + QPoint(note.rect.left() + 4, note.rect.center().y())
    QApplication.sendEvent(cards.viewport(), QHelpEvent(
        QEvent.Type.ToolTip, at, cards.viewport().mapToGlobal(at)))
    qtbot.waitUntil(lambda: CONDITION_TEXTS["Restrained"] in QToolTip.text())
    QToolTip.hideText()


# -- clearing by spending the spotlight -------------------------------------------------------


def test_spending_its_spotlight_clears_a_condition_in_one_undo_step(program):
    session = program.session
    sentry = named(program, "Ashen Sentry")
    trigger(program, sentry.id, "condition:Restrained")
    trigger(program, sentry.id, "condition:Hidden")
    steps = program.undo_stack.index()
    trigger(program, sentry.id, "spotlightClear:Restrained")
    after = row(program, sentry.id)
    assert after.conditions == ("Hidden",)
    assert session.active_id == sentry.id and after.spotlights == 1
    assert "spends its spotlight to clear Restrained" in status(program)
    assert program.undo_stack.index() == steps + 1
    # Its spotlight is used this GM turn: it cannot spend another on Hidden.
    program.window.fight.card_actions.clear_by_spotlight(sentry.id, "Hidden")
    assert is_error(program) and "already had the spotlight" in status(program)
    assert row(program, sentry.id).conditions == ("Hidden",)
    program.undo_stack.undo()
    before = row(program, sentry.id)
    assert before.conditions == ("Restrained", "Hidden") and before.spotlights == 0
    assert session.active_id != sentry.id


def test_with_the_gm_turns_price_a_second_spotlight_to_clear_asks_for_a_fear(qtbot, program):
    from tests.ui.test_optional_rules import switch_on

    session = program.session
    switch_on(qtbot, program, "gm_turn_price")
    warden, sentry = named(program, "Chapel Warden"), named(program, "Ashen Sentry")
    trigger(program, sentry.id, "condition:Restrained")
    program.window.fight.card_actions.spotlight(warden.id)  # the GM turn's own
    press_in_next_modal("Spend a Fear")
    trigger(program, sentry.id, "spotlightClear:Restrained")
    assert row(program, sentry.id).conditions == ()
    assert session.fear == 2
    assert session.fear_ledger[0].note == "Ashen Sentry: clears Restrained"
