"""PCs tracked in the fight (View › Track PCs): their cards, their rows, and a hit marked."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox

from encounter_app.app import launch
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.ui.fight.models import RowRole
from tests.helpers.cards import sweep

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support propagateSizeHints\(\)")


def pcs(program):
    return [c for c in program.session.combatants if c.kind == "pc"]


def card_of(program, name):
    model = program.window.fight.cards_model
    return next(model.index(r, 0) for r in range(model.rowCount())
                if model.index(r, 0).data(RowRole).name == name)


def click_pip(qtbot, program, name, pips_of, i):
    cards = program.window.fight.cards
    index = card_of(program, name)
    layout = cards.card_layout(index)
    at = cards.visualRect(index).topLeft() + pips_of(layout)[i].center()
    qtbot.mouseClick(cards.viewport(), Qt.MouseButton.LeftButton, pos=at)


def hit_everyone(qtbot, program, damage="1d1+19"):
    """The Chapel Warden hits the first two PCs (it cannot miss) for 20 damage; untracked, the
    roll is logged at once, tracked it waits for the hit dialog."""
    if program.window.fight.track_pcs_action.isChecked():
        sweep(qtbot, program, damage)
        return
    with qtbot.waitSignal(program.window.roller.recorded):
        sweep(qtbot, program, damage)


def test_pcs_are_not_tracked_until_the_gm_asks_and_the_choice_is_remembered(qtbot, tmp_path):
    first = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(first.window)
    fight = first.window.fight
    kinds = {fight.cards_model.index(r, 0).data(RowRole).kind
             for r in range(fight.cards_model.rowCount())}
    assert kinds == {"adversary"} and not fight.track_pcs_action.isChecked()
    adversaries = fight.cards_model.rowCount()
    fight.track_pcs_action.trigger()
    assert fight.cards_model.rowCount() == adversaries + 3  # the demo's three PCs
    # In the order's order: Aria Vell first, as in the spotlight order.
    assert fight.cards_model.index(0, 0).data(RowRole).name == "Aria Vell (Seraph)"
    text = fight.cards.card_layout(fight.cards_model.index(0, 0)).text
    for words in ("PC · Evasion", "HP 0/", "Stress 0/", "Armor 0/", "Hope 2/6",
                  "Minor 1–", "Severe"):
        assert words in text
    first.window.close()
    first.shutdown()

    again = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(again.window)
    try:
        assert again.window.fight.track_pcs_action.isChecked()
        assert again.window.fight.cards_model.rowCount() == adversaries + 3
    finally:
        again.shutdown()


def test_armor_and_hope_clicked_on_a_pc_card_are_one_undo_step_and_reach_the_roster(
        qtbot, program):
    program.window.fight.track_pcs_action.trigger()
    aria = pcs(program)[0]
    click_pip(qtbot, program, aria.name, lambda layout: layout.armor_pips, 1)
    now = program.session.combatants.by_id(aria.id)
    assert pc_tracks.tracks(now).armor_marked == 2
    assert program.store.pc(aria.pc_id).armor_marked == 2  # the campaign's party keeps it
    assert program.undo_stack.undoText() == f"Armor Slots of {aria.name}"
    click_pip(qtbot, program, aria.name, lambda layout: layout.hope_pips, 4)
    assert pc_tracks.tracks(program.session.combatants.by_id(aria.id)).hope == 5
    assert program.store.pc(aria.pc_id).stats.hope == 5
    program.undo_stack.undo()
    program.undo_stack.undo()
    assert program.session.combatants.by_id(aria.id) == aria


def test_a_hit_on_tracked_pcs_is_offered_and_marked_with_an_armor_slot_in_one_undo_step(
        qtbot, program):
    fight = program.window.fight
    fight.track_pcs_action.trigger()
    aria, brannoc = pcs(program)[:2]
    hit_everyone(qtbot, program)
    qtbot.waitUntil(lambda: fight.card_actions.hit_dialog is not None
                    and fight.card_actions.hit_dialog.isVisible())
    dialog = fight.card_actions.hit_dialog
    assert dialog.mark_button.hasFocus() or dialog.focusWidget() is dialog.mark_button
    boxes = {box.objectName(): box for box in dialog.findChildren(type(dialog._boxes[0].box))}
    assert set(boxes) == {f"pcHit:{aria.name}", f"pcHit:{brannoc.name}"}
    # 20 damage is Severe for both (3 HP); Aria marks an Armor Slot: Major, 2 HP.
    armor = boxes[f"pcHit:{aria.name}"].findChild(QCheckBox, "hitArmor")
    armor.setChecked(True)
    steps = program.undo_stack.count()
    qtbot.mouseClick(dialog.mark_button, Qt.MouseButton.LeftButton)

    after_aria = program.session.combatants.by_id(aria.id)
    after_brannoc = program.session.combatants.by_id(brannoc.id)
    assert pc_tracks.tracks(aria).severe <= 20 and pc_tracks.tracks(brannoc).severe <= 20
    assert after_aria.hp_marked == aria.hp_marked + 2
    assert pc_tracks.tracks(after_aria).armor_marked == pc_tracks.tracks(aria).armor_marked + 1
    assert after_brannoc.hp_marked == brannoc.hp_marked + 3
    assert program.undo_stack.count() == steps + 1
    assert "marked on" in program.window.status_label.text()
    program.undo_stack.undo()
    assert program.session.combatants.by_id(aria.id) == aria
    assert program.session.combatants.by_id(brannoc.id) == brannoc


def test_not_now_marks_nothing_and_an_untracked_fight_offers_nothing(qtbot, program):
    fight = program.window.fight
    hit_everyone(qtbot, program)  # not tracked: the roll is logged, no dialog
    assert fight.card_actions.hit_dialog is None
    fight.track_pcs_action.trigger()
    before = list(program.session.combatants)
    hit_everyone(qtbot, program)
    qtbot.waitUntil(lambda: fight.card_actions.hit_dialog is not None
                    and fight.card_actions.hit_dialog.isVisible())
    fight.card_actions.hit_dialog.reject()
    assert list(program.session.combatants) == before


def test_damage_on_a_pc_card_is_typed_and_marked_by_its_thresholds(qtbot, program):
    fight = program.window.fight
    fight.track_pcs_action.trigger()
    aria = pcs(program)[0]
    fight.cards.setCurrentIndex(card_of(program, aria.name))
    bar = fight.gm_turn_bar
    assert bar.damage_button.isEnabled()
    assert not bar.spotlight_button.isEnabled() and not bar.interrupt_button.isEnabled()
    qtbot.mouseClick(bar.damage_button, Qt.MouseButton.LeftButton)
    dialog = fight.card_actions.hit_dialog
    qtbot.waitUntil(lambda: dialog.isVisible())
    spin = dialog._boxes[0].damage
    assert spin.hasFocus() or dialog.focusWidget() is spin  # the field to fill comes first
    assert not dialog.mark_button.isEnabled()  # 0 damage marks nothing
    major = pc_tracks.tracks(aria).major
    spin.selectAll()
    qtbot.keyClicks(spin, str(major))
    assert "Major, marks 2 HP" in dialog._boxes[0].result.text()
    qtbot.mouseClick(dialog.mark_button, Qt.MouseButton.LeftButton)
    assert program.session.combatants.by_id(aria.id).hp_marked == aria.hp_marked + 2


def test_the_cards_model_with_pcs_passes_the_model_tester(qtmodeltester, program):
    model = program.window.fight.cards_model
    model.show_pcs(True)
    assert {model.index(r, 0).data(RowRole).kind for r in range(model.rowCount())} == {
        "pc", "adversary"}
    qtmodeltester.check(model, force_py=True)
