"""The sidebar widgets: Fear tracker, countdowns panel and roll log, on a real store."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication, QUndoStack

from encounter_app.domain import CountdownRow, FearEventRow, RollRow
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import payload_of
from encounter_app.rules.daggerheart import AttackResult
from encounter_app.rules.dice import DiceRoll
from encounter_app.services.fight.session import EncounterSession
from encounter_app.store import Store
from encounter_app.systems.daggerheart.requests import AttackRequest, Target
from encounter_app.systems.daggerheart.ui.fear_tracker import FearTracker
from encounter_app.ui.fight.countdown_dialog import CountdownDialog
from encounter_app.ui.fight.countdowns import CountdownPanel
from encounter_app.ui.fight.models import CountdownModel, RollLogModel, RowRole
from encounter_app.ui.fight.roll_log import RollLogView
from encounter_app.ui.shell import theme
from tests.helpers.operations import fight_operations
from tests.helpers.systems import SYSTEMS

# The offscreen platform says this whenever a top-level window with a layout is shown.
pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support propagateSizeHints\(\)")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    store = Store.open(tmp_path, SYSTEMS)
    yield store
    store.close()


@pytest.fixture
def tracker(qtbot, session: EncounterSession, undo_stack: QUndoStack) -> FearTracker:
    widget = FearTracker(fight_operations(session, undo_stack))
    qtbot.add_widget(widget)
    widget.resize(340, widget.sizeHint().height())
    widget.show()
    qtbot.wait_exposed(widget)
    return widget


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def click_pip(qtbot, tracker: FearTracker, index: int) -> None:
    qtbot.mouseClick(tracker.pips, Qt.MouseButton.LeftButton,
                     pos=tracker.pips.pip_rects()[index].center())


# -- Fear -------------------------------------------------------------------------------------


def test_fear_tracker_names(tracker: FearTracker) -> None:
    assert tracker.objectName() == "fearTracker"
    assert tracker.accessibleName() == "Fear tracker"
    assert tracker.minus_button.objectName() == "fearMinusButton"
    assert tracker.plus_button.objectName() == "fearPlusButton"
    assert tracker.minus_button.accessibleName() == "Spend a Fear"
    assert tracker.plus_button.accessibleName() == "Gain a Fear"
    assert tracker.value_label.text() == "0 / 12"
    assert tracker.focusPolicy() & Qt.FocusPolicy.TabFocus


def test_plus_stops_at_twelve(qtbot, tracker: FearTracker, session: EncounterSession,
                              store: Store, undo_stack: QUndoStack) -> None:
    for _ in range(13):
        click(qtbot, tracker.plus_button)
    assert tracker.value_label.text() == "12 / 12"
    assert session.fear == 12
    assert store.campaign(session.campaign.id).fear == 12
    assert not tracker.plus_button.isEnabled()
    assert tracker.plus_button.toolTip() == "Fear is at its cap of 12"
    assert tracker.accessibleDescription() == "12 of 12 Fear"
    assert undo_stack.count() == 12
    tracker.gain()  # no command for a change that cannot happen
    assert undo_stack.count() == 12


def test_minus_at_zero_does_nothing(qtbot, tracker: FearTracker, session: EncounterSession,
                                    undo_stack: QUndoStack) -> None:
    assert not tracker.minus_button.isEnabled()
    click(qtbot, tracker.minus_button)
    tracker.spend()
    assert session.fear == 0
    assert undo_stack.count() == 0
    click(qtbot, tracker.plus_button)
    assert tracker.minus_button.isEnabled()
    click(qtbot, tracker.minus_button)
    assert session.fear == 0
    assert undo_stack.count() == 2


def test_clicking_a_pip_sets_fear_and_undo_restores(qtbot, tracker: FearTracker,
                                                    session: EncounterSession, store: Store,
                                                    undo_stack: QUndoStack) -> None:
    click_pip(qtbot, tracker, 4)
    assert session.fear == 5
    assert tracker.value_label.text() == "5 / 12"
    click_pip(qtbot, tracker, 4)  # the last filled pip: clears it
    assert session.fear == 4
    undo_stack.undo()
    assert session.fear == 5
    assert tracker.value_label.text() == "5 / 12"
    undo_stack.undo()
    assert session.fear == 0
    assert store.campaign(session.campaign.id).fear == 0
    assert tracker.value_label.text() == "0 / 12"


def test_keys_change_fear(qtbot, tracker: FearTracker, session: EncounterSession) -> None:
    tracker.setFocus()
    qtbot.keyClick(tracker, Qt.Key.Key_Up)
    qtbot.keyClick(tracker, Qt.Key.Key_Plus)
    assert session.fear == 2
    qtbot.keyClick(tracker, Qt.Key.Key_Down)
    assert session.fear == 1
    qtbot.keyClick(tracker, Qt.Key.Key_Minus)
    qtbot.keyClick(tracker, Qt.Key.Key_Minus)
    assert session.fear == 0
    assert tracker.accessibleDescription() == "0 of 12 Fear"


def test_tracker_follows_the_session(tracker: FearTracker, session: EncounterSession) -> None:
    session.record_fear(FearEventRow(change=7, value=7, reason="other_gain"))
    assert tracker.value_label.text() == "7 / 12"
    assert tracker.accessibleDescription() == "7 of 12 Fear"
    image = tracker.pips.grab().toImage()
    centre = tracker.pips.pip_rects()[6].center()
    assert image.pixelColor(centre) == theme.FEAR


# -- countdowns -------------------------------------------------------------------------------


def add(panel: CountdownPanel, name: str, start: int) -> None:
    panel.add_countdown(CountdownRow(name, start, start))


def test_dialog_needs_a_name(qtbot) -> None:
    dialog = CountdownDialog()
    qtbot.add_widget(dialog)
    assert not dialog.ok_button.isEnabled()
    dialog.name_edit.setText("   ")
    assert not dialog.ok_button.isEnabled()
    dialog.name_edit.setText("  Rising water ")
    dialog.start_spin.setValue(6)
    assert dialog.ok_button.isEnabled()
    assert (dialog.start_spin.minimum(), dialog.start_spin.maximum()) == (1, 99)
    assert dialog.countdown() == CountdownRow("Rising water", 6, 6)


def test_add_through_the_dialog(qtbot, panel: CountdownPanel, session: EncounterSession,
                                store: Store, undo_stack: QUndoStack) -> None:
    assert panel.objectName() == "countdownPanel"
    assert panel.accessibleName() == "Countdowns"
    click(qtbot, panel.add_button)
    dialog = panel.findChild(CountdownDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.name_edit.setText("Rising water")
    dialog.start_spin.setValue(3)
    click(qtbot, dialog.ok_button)

    model = panel.list.model()
    assert model.rowCount() == 1
    assert model.index(0, 0).data() == "Rising water: 3 of 3 left"
    [stored] = store.countdowns(session.encounter_id)
    assert (stored.name, stored.start, stored.value, stored.kind) == ("Rising water", 3, 3,
                                                                      "standard")
    assert panel.selected_row() == 0
    undo_stack.undo()
    assert model.rowCount() == 0
    assert store.countdowns(session.encounter_id) == []


def test_cancelled_dialog_adds_nothing(qtbot, panel: CountdownPanel,
                                       undo_stack: QUndoStack) -> None:
    dialog = panel.open_add_dialog()
    dialog.name_edit.setText("Never mind")
    dialog.reject()
    assert panel.list.model().rowCount() == 0
    assert undo_stack.count() == 0


def test_buttons_follow_the_selection(panel: CountdownPanel) -> None:
    add(panel, "Rising water", 3)
    panel.list.clearSelection()
    assert panel.add_button.isEnabled()
    assert not panel.tick_button.isEnabled()
    assert not panel.reset_button.isEnabled()
    assert not panel.remove_button.isEnabled()
    panel.select_row(0)
    assert panel.tick_button.isEnabled()
    assert not panel.reset_button.isEnabled()  # already at its start
    assert panel.remove_button.isEnabled()
    for button, name in ((panel.add_button, "addCountdownButton"),
                         (panel.tick_button, "tickCountdownButton"),
                         (panel.reset_button, "resetCountdownButton"),
                         (panel.remove_button, "removeCountdownButton")):
        assert button.objectName() == name
        assert button.accessibleName()


def test_tick_to_zero_triggers(qtbot, panel: CountdownPanel, session: EncounterSession,
                               store: Store) -> None:
    add(panel, "Rising water", 2)
    panel.select_row(0)
    click(qtbot, panel.tick_button)
    assert session.countdowns[0].value == 1
    assert panel.reset_button.isEnabled()
    click(qtbot, panel.tick_button)
    index = panel.list.model().index(0, 0)
    assert "TRIGGERED" in index.data()
    assert "TRIGGERED" in index.data(Qt.ItemDataRole.AccessibleTextRole)
    assert store.countdowns(session.encounter_id)[0].value == 0
    assert not panel.tick_button.isEnabled()
    click(qtbot, panel.tick_button)
    panel.tick()
    assert session.countdowns[0].value == 0

    panel.list.clearSelection()  # the band must show on an unselected row too
    qtbot.wait_until(lambda: not panel.list.selectionModel().hasSelection())
    image = panel.list.viewport().grab().toImage()
    rect = panel.list.visualRect(index)
    ratio = image.devicePixelRatio()
    band = QPoint(round((rect.left() + 2) * ratio), round(rect.center().y() * ratio))
    assert image.pixelColor(band) == theme.TRIGGERED


def test_double_click_ticks(qtbot, panel: CountdownPanel, session: EncounterSession,
                            undo_stack: QUndoStack) -> None:
    add(panel, "Rising water", 4)
    rect = panel.list.visualRect(panel.list.model().index(0, 0))
    # A real double click starts with a click; QTest's mouseDClick alone does not make the
    # view emit doubleClicked (it only does for the item of the preceding press).
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert session.countdowns[0].value == 3
    assert undo_stack.undoText() == "Tick Rising water"


def test_reset(qtbot, panel: CountdownPanel, session: EncounterSession, store: Store,
               undo_stack: QUndoStack) -> None:
    add(panel, "Rising water", 3)
    panel.select_row(0)
    for _ in range(3):
        panel.tick()
    assert session.countdowns[0].triggered
    click(qtbot, panel.reset_button)
    assert session.countdowns[0].value == 3
    assert store.countdowns(session.encounter_id)[0].value == 3
    assert not panel.reset_button.isEnabled()
    assert panel.tick_button.isEnabled()
    undo_stack.undo()
    assert session.countdowns[0].value == 0


def test_remove_and_undo(qtbot, panel: CountdownPanel, session: EncounterSession, store: Store,
                         undo_stack: QUndoStack) -> None:
    add(panel, "Rising water", 3)
    add(panel, "Reinforcements", 4)
    panel.select_row(0)
    click(qtbot, panel.remove_button)
    assert [r.name for r in session.countdowns] == ["Reinforcements"]
    assert [r.name for r in store.countdowns(session.encounter_id)] == ["Reinforcements"]
    undo_stack.undo()
    assert [r.name for r in session.countdowns] == ["Rising water", "Reinforcements"]
    assert [r.name for r in store.countdowns(session.encounter_id)] == ["Rising water",
                                                                        "Reinforcements"]
    assert panel.list.model().index(0, 0).data() == "Rising water: 3 of 3 left"


def test_countdown_model(qtmodeltester, session: EncounterSession) -> None:
    session.add_countdown(CountdownRow("Rising water", 3, 3))
    session.add_countdown(CountdownRow("Reinforcements", 4, 0))
    qtmodeltester.check(CountdownModel(session))


# -- roll log ---------------------------------------------------------------------------------

ROLLS = (
    RollRow(kind="dice", summary="Damage: 2d8+3 = 12", detail="2d8 (4, 5) + 3 = 12"),
    RollRow(kind="attack",
            summary="Chapel Warden Halberd: 17, hits Aria Vell (Seraph) for 9 damage",
            detail="d20 (14) + 3 = 17\nvs Evasion: Aria Vell (Seraph) 9 hit\n"
                   "damage 1d10+4 (5) + 4 = 9",
            payload=payload_of(RollResult(0, AttackRequest(
                "Chapel Warden", 3, "1d10+4", (Target("Aria Vell (Seraph)", 9),),
                attack_name="Halberd"), AttackResult(
                (14,), 14, 17, False, (True,), DiceRoll("1d10+4", 9, (5,),
                                                        "1d10+4 (5) + 4 = 9"), 9)))),
    RollRow(kind="reaction", summary="Brannoc: reaction 15, succeeds",
            detail="d20 (12) + 3 = 15 vs Difficulty 13"),
)


@pytest.fixture
def roll_log(qtbot, session: EncounterSession) -> RollLogView:
    for row in ROLLS:
        session.add_roll(row)
    view = RollLogView(RollLogModel(session), session.system)
    qtbot.add_widget(view)
    view.resize(340, 500)
    view.show()
    qtbot.wait_exposed(view)
    return view


def test_roll_log_is_newest_first(roll_log: RollLogView) -> None:
    assert roll_log.objectName() == "rollLog"
    assert roll_log.accessibleName() == "Roll log"
    model = roll_log.model()
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == [
        r.summary for r in reversed(ROLLS)]
    tops = [roll_log.visualRect(model.index(r, 0)).top() for r in range(model.rowCount())]
    assert tops == sorted(tops)


def test_roll_log_rows_fit_their_text(qtbot, roll_log: RollLogView) -> None:
    model = roll_log.model()
    attack = model.index(1, 0)  # two wrapped summary lines and three detail lines
    short = model.index(2, 0)
    assert roll_log.visualRect(attack).height() > 1.5 * roll_log.visualRect(short).height()
    wide = roll_log.visualRect(attack).height()
    roll_log.resize(200, 500)  # narrower: more wrapping, taller rows
    qtbot.wait_until(lambda: roll_log.visualRect(attack).height() > wide)


def test_roll_log_copies_the_whole_entry(qtbot, roll_log: RollLogView) -> None:
    roll_log.setCurrentIndex(roll_log.model().index(1, 0))
    roll_log.setFocus()
    qtbot.keyClick(roll_log, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    # Let go of Ctrl too: Qt would otherwise think it still held, and a later test's
    # selectRow in an extended-selection list would toggle the row off instead of selecting.
    qtbot.keyRelease(roll_log, Qt.Key.Key_Control)
    row = roll_log.model().index(1, 0).data(RowRole)
    assert QGuiApplication.clipboard().text() == f"{row.summary}\n{row.detail}"


def test_roll_log_shows_new_rolls_on_top(roll_log: RollLogView,
                                         session: EncounterSession) -> None:
    session.add_roll(RollRow(kind="dice", summary="d4 = 3", detail="d4 (3)"))
    assert roll_log.model().index(0, 0).data() == "d4 = 3"


def test_roll_log_model(qtmodeltester, session: EncounterSession) -> None:
    for row in ROLLS:
        session.add_roll(row)
    qtmodeltester.check(RollLogModel(session))


def test_attack_mark_colours(qtbot, roll_log: RollLogView) -> None:
    # The strips are read just after the log's first paint (docs/performance.md, issue 28).
    rect = roll_log.visualRect(roll_log.model().index(1, 0))

    def strip() -> QColor:
        image = roll_log.viewport().grab().toImage()
        return image.pixelColor(QPoint(rect.left() + 3, rect.center().y()))

    qtbot.wait_until(lambda: strip() == QColor(theme.HIT))


@pytest.mark.parametrize("value", ["'many'", "2.5", "x'00'", "-3", "1000"])
def test_a_countdown_whose_numbers_cannot_be_read_is_shown_as_damaged(
        qtbot, session: EncounterSession, undo_stack: QUndoStack, router, store: Store,
        value: str) -> None:
    # Changed behind the program's back after the checks at opening (which refuse it): the
    # panel says it is damaged, draws no pips from it, and nothing ticks it.
    store.insert_countdown(session.encounter_id, CountdownRow(name="Tide", start=4, value=4))
    connection = sqlite3.connect(store.path)
    with connection:
        connection.execute(f"UPDATE countdown SET value = {value}")
    connection.close()
    session.reload()
    operations = fight_operations(session, undo_stack, router)
    widget = CountdownPanel(operations, CountdownModel(session))
    qtbot.add_widget(widget)
    widget.resize(340, 420)
    widget.show()
    qtbot.wait_exposed(widget)
    widget.list.viewport().grab()  # painted, not crashed
    index = widget.list.model().index(0, 0)
    assert index.data() == "Tide: ⚠ damaged: its numbers cannot be read"
    widget.select_row(0)
    assert not widget.tick_button.isEnabled() and not widget.reset_button.isEnabled()
    assert not operations.tick_countdown(session.countdowns[0].id)
    assert "Tide is damaged" in operations.say.errors[-1]
