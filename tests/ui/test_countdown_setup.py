"""Setting countdowns up from the window: every kind, the texts' presets, a rolled start,
a linked pair, and how the sidebar shows them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QStyleOptionViewItem

from encounter_app.domain import CountdownRow
from encounter_app.rules.daggerheart import Outcome
from encounter_app.services.fight import table
from encounter_app.ui.fight.countdown_dialog import PRESETS, CountdownDialog
from encounter_app.ui.fight.models import CountdownModel, TraitsRole


def dialog_for(qtbot, rows=()) -> CountdownDialog:
    dialog = CountdownDialog(list(rows))
    qtbot.add_widget(dialog)
    return dialog


def choose(dialog: CountdownDialog, label: str) -> None:
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findText(label))


# -- the dialog -------------------------------------------------------------------------------


def test_the_underwater_preset_is_a_standard_countdown_3(qtbot):
    dialog = dialog_for(qtbot)
    choose(dialog, "Underwater: hold breath (Countdown 3)")
    assert dialog.countdown() == CountdownRow("Holding breath underwater", 3, 3)
    assert "marks a Stress whenever they take an action" in dialog.preset_note.text()
    assert dialog.ok_button.isEnabled()


def test_the_volley_preset_is_loop_3_ticking_on_misses(qtbot):
    dialog = dialog_for(qtbot)
    choose(dialog, "Volley of Arrows (Loop 3, ticks when a PC misses)")
    assert dialog.countdown() == CountdownRow("Volley of Arrows", 3, 3, loop="loop",
                                              trigger="pc_miss")
    assert "2d8+3 physical damage" in dialog.preset_note.text()


def test_the_reinforcements_preset_rolls_the_fear_die(qtbot):
    dialog = dialog_for(qtbot)
    choose(dialog, PRESETS[2].label)
    setup = dialog.setup()
    assert setup.dice == "1d12" and setup.row.dice == "1d12"
    assert not dialog.start_spin.isEnabled()


@pytest.mark.parametrize(("typed", "message"), [
    ("", "Type the dice for a randomized start"),
    ("2d6+", "Start dice:"),
    ("1d4-2", "1d4-2 can roll -1: a countdown starts at 1 or more."),
    ("2d100", "2d100 can roll 200: a countdown starts at 99 at most."),
])
def test_bad_start_dice_are_explained(qtbot, typed, message):
    dialog = dialog_for(qtbot)
    dialog.name_edit.setText("Reinforcements")
    dialog.roll_check.setChecked(True)
    dialog.dice_edit.setText(typed)
    assert message in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    dialog.accept()  # Enter must not slip past
    assert dialog.result() != CountdownDialog.DialogCode.Accepted
    dialog.dice_edit.setText("1d12")
    assert dialog.error_label.text() == ""
    assert dialog.ok_button.isEnabled()


def test_a_name_is_asked_for_in_words(qtbot):
    dialog = dialog_for(qtbot)
    assert dialog.error_label.text() == "Give the countdown a name."
    assert not dialog.ok_button.isEnabled()


def test_every_kind_and_loop_can_be_chosen(qtbot):
    dialog = dialog_for(qtbot)
    dialog.name_edit.setText("Storm")
    for kind in ("standard", "progress", "consequence"):
        for loop in ("none", "loop", "increasing", "decreasing"):
            dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData(kind))
            dialog.loop_combo.setCurrentIndex(dialog.loop_combo.findData(loop))
            row = dialog.countdown()
            assert (row.kind, row.loop) == (kind, loop)


def test_a_dynamic_countdown_ticks_by_the_outcome(qtbot):
    dialog = dialog_for(qtbot)
    dialog.name_edit.setText("Guards")
    dialog.trigger_combo.setCurrentIndex(dialog.trigger_combo.findData("pc_miss"))
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData("consequence"))
    assert dialog.countdown().trigger == "action"
    assert not dialog.trigger_combo.isEnabled()
    assert "Failure with Fear 0 / 3" in dialog.kind_combo.toolTip()


def test_long_term_advances_on_rests(qtbot):
    dialog = dialog_for(qtbot)
    dialog.name_edit.setText("The ritual completes")
    dialog.trigger_combo.setCurrentIndex(dialog.trigger_combo.findData("manual"))
    dialog.long_term_check.setChecked(True)
    assert not dialog.trigger_combo.isEnabled()
    row = dialog.countdown()
    assert row.long_term and row.trigger == "action"


def test_only_unpaired_dynamic_countdowns_can_be_linked_to(qtbot):
    rows = [CountdownRow("Escape", 6, 6, id=1, kind="progress"),
            CountdownRow("Bell", 4, 4, id=2),
            CountdownRow("Ritual", 4, 4, id=3, kind="consequence", long_term=True),
            CountdownRow("Guards", 4, 4, id=4, kind="consequence", link=5),
            CountdownRow("Rescue", 4, 4, id=5, kind="progress", link=5)]
    dialog = dialog_for(qtbot, rows)
    items = [dialog.link_combo.itemText(i) for i in range(dialog.link_combo.count())]
    assert items == ["Not linked", "Escape (progress)"]
    dialog.name_edit.setText("The chapel floods")
    dialog.link_combo.setCurrentIndex(1)
    assert dialog.kind_combo.currentData() == "consequence"  # the pair's other half
    assert not dialog.kind_combo.isEnabled()
    assert dialog.setup().partner_id == 1


def test_no_partner_to_link_says_why(qtbot):
    dialog = dialog_for(qtbot, [CountdownRow("Bell", 4, 4, id=2)])
    assert not dialog.link_combo.isEnabled()
    assert "progress or consequence" in dialog.link_combo.toolTip()


# -- the panel --------------------------------------------------------------------------------


def test_a_randomized_start_is_rolled_by_the_rules_service_and_logged(qtbot, panel, session,
                                                                      undo_stack, store):
    dialog = panel.open_add_dialog()
    choose(dialog, PRESETS[2].label)
    with qtbot.waitSignal(session.countdowns.inserted, timeout=5000):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    [row] = session.countdowns
    [line] = session.rolls
    assert row.name == "Reinforcements arrive" and row.dice == "1d12"
    assert 1 <= row.start <= 12 and row.value == row.start
    assert line.summary == f"Start of Reinforcements arrive: 1d12 = {row.start}"
    assert store.countdowns(session.encounter_id) == [row]
    assert "start rolled on 1d12" in panel.list.model().index(0, 0).data(
        Qt.ItemDataRole.AccessibleTextRole)
    undo_stack.undo()  # one step: the countdown and its roll
    assert len(session.countdowns) == 0 and len(session.rolls) == 0


def test_a_linked_pair_added_through_the_dialog(qtbot, panel, session, undo_stack):
    dialog = panel.open_add_dialog()
    dialog.name_edit.setText("The PCs escape")
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData("progress"))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    dialog = panel.open_add_dialog()
    dialog.name_edit.setText("The chapel floods")
    dialog.link_combo.setCurrentIndex(1)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    escape, flood = session.countdowns
    assert flood.kind == "consequence"
    assert escape.link == flood.link == escape.id
    model = panel.list.model()
    assert "linked with The chapel floods" in model.index(0, 0).data(
        Qt.ItemDataRole.AccessibleTextRole)
    undo_stack.push(table.record_outcome(session, Outcome.SUCCESS_WITH_FEAR).command)
    assert [c.value for c in session.countdowns] == [3, 3]
    undo_stack.undo()
    undo_stack.undo()  # adding the second undoes its link too
    assert session.countdowns[0].link is None


def test_tick_on_a_loop_starts_it_again_and_logs_the_trigger(qtbot, panel, session, undo_stack):
    panel.add_countdown(CountdownRow("Volley of Arrows", 1, 1, loop="loop", trigger="pc_miss"))
    panel.select_row(0)
    qtbot.mouseClick(panel.tick_button, Qt.MouseButton.LeftButton)
    row = session.countdowns[0]
    assert (row.value, row.loops) == (1, 1)
    assert panel.tick_button.isEnabled()  # a loop never stays at 0
    assert session.rolls[0].summary == "⚠ Volley of Arrows TRIGGERED: loops back to 1 (×1)"
    text = panel.list.model().index(0, 0).data(Qt.ItemDataRole.AccessibleTextRole)
    assert "looped 1 time" in text and "ticks when a PC misses" in text
    assert undo_stack.undoText() == "Tick Volley of Arrows"
    undo_stack.undo()
    assert (session.countdowns[0].value, session.countdowns[0].loops) == (1, 0)
    assert len(session.rolls) == 0


def test_a_countdown_keeps_to_two_lines_and_its_tooltip_says_all_of_it(qtbot, panel, session):
    """Five countdowns fit a 1280x720 sidebar: a long description is cut short on the card,
    never wrapped; the tooltip has it whole. Only a pip track too long for the width wraps."""
    panel.resize(340, 600)
    panel.add_countdown(CountdownRow("Bell", 4, 4))
    panel.add_countdown(CountdownRow("Storm", 4, 4, kind="consequence", loop="decreasing",
                                     long_term=True, dice="1d8"))
    model = panel.list.model()
    plain, busy = (panel.list.visualRect(model.index(r, 0)) for r in (0, 1))
    assert busy.height() == plain.height()
    traits = model.index(1, 0).data(TraitsRole)
    tip = model.index(1, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "start rolled on 1d8" in traits
    assert all(word in tip for word in traits.split(" · "))
    panel.add_countdown(CountdownRow("Siege", 12, 12))
    assert panel.list.visualRect(model.index(2, 0)).height() == plain.height()
    # Narrower than twelve pips (a delegate laid out for 150 pixels): the track wraps.
    option = QStyleOptionViewItem()
    option.initFrom(panel.list)
    option.rect = QRect(0, 0, 150, 40)
    delegate = panel.list.itemDelegate()
    assert delegate.sizeHint(option, model.index(2, 0)).height() > plain.height()
    assert delegate.sizeHint(option, model.index(0, 0)).height() == plain.height()


def test_countdown_model_with_every_kind(qtmodeltester, session):
    session.add_countdown(CountdownRow("Escape", 6, 2, kind="progress", link=1))
    session.add_countdown(CountdownRow("Floods", 6, 0, kind="consequence", link=1))
    session.add_countdown(CountdownRow("Volley", 3, 3, loop="loop", trigger="pc_miss", loops=2))
    session.add_countdown(CountdownRow("Ritual", 3, 3, long_term=True, loop="increasing"))
    qtmodeltester.check(CountdownModel(session))
