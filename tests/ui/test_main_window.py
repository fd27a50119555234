"""The whole program, started as a GM starts it, driven through its window."""

from __future__ import annotations

import re
from dataclasses import replace

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QListView, QPushButton, QToolButton, QWidget

from encounter_app.app import launch
from encounter_app.domain import Feature
from encounter_app.domain.requests import DiceRequest
from encounter_app.services.fight.commands import MoveCombatant
from encounter_app.systems.daggerheart.services.library.builder import edit_card_stats
from encounter_app.systems.daggerheart.ui.rolls.dialogs import AttackDialog


def find(window, cls, name):
    widget = window.findChild(cls, name)
    assert widget is not None, f"no {cls.__name__} named {name}"
    return widget


def test_stable_object_names_are_there(program):
    for cls, name in [(QListView, "initiativeView"), (QListView, "adversaryCards"),
                      (QWidget, "fearTracker"), (QWidget, "countdownPanel"),
                      (QListView, "rollLog"), (QToolButton, "undoButton"),
                      (QPushButton, "nextTurnButton")]:
        widget = find(program.window, cls, name)
        assert widget.accessibleName(), f"{name} has no accessible name"


def test_first_start_shows_the_demo_fight(program, tmp_path):
    window = program.window
    assert (tmp_path / "encounter.db").exists()
    assert find(window, QListView, "initiativeView").model().rowCount() == 7
    assert find(window, QListView, "adversaryCards").model().rowCount() == 4
    assert find(window, QListView, "countdownList").model().rowCount() == 2


def test_pressing_fear_plus_13_times_shows_12(qtbot, program):
    plus = find(program.window, QToolButton, "fearPlusButton")
    for _ in range(13):
        if plus.isEnabled():
            qtbot.mouseClick(plus, Qt.MouseButton.LeftButton)
    assert program.session.fear == 12
    assert program.store.campaign(program.session.campaign.id).fear == 12
    tracker = find(program.window, QWidget, "fearTracker")
    assert "12 / 12" in " ".join(label.text() for label in tracker.findChildren(
        type(program.window.status_label)))


def test_next_turn_button_moves_the_spotlight_and_counts_rounds(qtbot, program):
    button = find(program.window, QPushButton, "nextTurnButton")
    assert program.session.active_id == program.session.combatants[0].id
    for _ in range(7):  # once round the seven combatants
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert program.session.round == 2
    assert program.session.active_id == program.session.combatants[0].id
    assert program.window.initiative.round_label.text() == "Round 2"
    undo = find(program.window, QToolButton, "undoButton")
    qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
    assert program.session.round == 1
    assert program.window.initiative.round_label.text() == "Round 1"


def accept_attack_dialog(qtbot, targets, feature=None):
    def choose():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, AttackDialog)
        if feature is not None:  # the attack feature, picked instead of the standard attack
            dialog.choice.setCurrentIndex(dialog.choice.findData(feature))
        dialog.set_checked(targets)
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, choose)


def test_an_attack_adds_a_roll_log_row_with_hit_or_miss_per_target(qtbot, program):
    window = program.window
    log = find(window, QListView, "rollLog").model()
    assert log.rowCount() == 0
    attacker = next(c for c in program.session.combatants if c.kind == "adversary")
    # A standard attack has one target: this one is given a feature that attacks several.
    sweep = Feature("Sweep", "Action", "Make an attack against all targets within Close range.")
    program.undo_stack.push(edit_card_stats(program.session, attacker.id, replace(
        attacker.stats, features=(*attacker.stats.features, sweep))))
    accept_attack_dialog(qtbot, [0, 2], "Sweep")
    with qtbot.waitSignal(log.rowsInserted, timeout=5000):
        window.fight.attack(attacker.id)
    row = program.session.rolls[0]
    assert row.summary.startswith(attacker.name)
    names = [c.name for c in program.session.combatants if c.kind == "pc"]
    hits = row.payload["result"]["hits"]  # what the log's HIT/MISS strip reads
    for name, hit in zip((names[0], names[2]), hits, strict=True):
        assert re.search(rf"{re.escape(name)} \d+ {'hit' if hit else 'miss'}", row.detail)
    # saved at once, and undone as a whole
    assert program.store.rolls(program.session.encounter_id)[0].summary == row.summary
    program.undo_stack.undo()
    assert log.rowCount() == 0


def test_a_bad_dice_expression_is_explained_before_rolling(qtbot, program):
    roller = program.window.dice_roller
    qtbot.keyClicks(roller.edit, "2d6+")
    assert not roller.button.isEnabled()
    assert roller.error.isVisibleTo(program.window)
    assert "2d6+" in roller.error.text()
    roller.edit.clear()
    qtbot.keyClicks(roller.edit, "2d6+3")
    assert roller.button.isEnabled()
    with qtbot.waitSignal(program.window.roll_log_model.rowsInserted, timeout=5000):
        qtbot.mouseClick(roller.button, Qt.MouseButton.LeftButton)
    assert program.session.rolls[0].summary.startswith("2d6+3 = ")


def test_everything_is_as_it_was_after_a_restart(qtbot, tmp_path):
    first = launch(tmp_path, seed=5, show=False)
    window = first.window
    window.next_turn()
    window.next_turn()
    window.fight.fear_up_action.trigger()
    first.undo_stack.push(MoveCombatant(first.session, 0, 3))
    with qtbot.waitSignal(window.roll_log_model.rowsInserted, timeout=5000):
        window.submit(DiceRequest("1d20"))
    state = (list(first.session.combatants), first.session.active_id,
             first.session.round, first.session.fear, list(first.session.countdowns),
             [r.summary for r in first.session.rolls])
    first.shutdown()
    second = launch(tmp_path, show=False)
    try:
        again = (list(second.session.combatants), second.session.active_id,
                 second.session.round, second.session.fear, list(second.session.countdowns),
                 [r.summary for r in second.session.rolls])
        assert again == state
        assert len(second.session.combatants) == 7  # no second demo on the second start
    finally:
        second.shutdown()


def test_a_roll_the_rules_refuse_is_explained_and_logs_nothing(qtbot, program):
    window = program.window
    with qtbot.waitSignal(window.roll_router.failed, timeout=5000):
        window.submit(DiceRequest("101d6"))
    assert window.status_label.text().startswith("The roll failed: ")
    assert "101" in window.status_label.text()
    assert len(program.session.rolls) == 0


def test_history_is_made_when_first_shown(qtbot, program):
    from PySide6.QtWidgets import QUndoView

    dock = program.window.history_dock
    assert dock.widget() is None
    dock.toggleViewAction().trigger()
    view = dock.widget()
    assert isinstance(view, QUndoView) and view.stack() is program.undo_stack


def test_a_second_copy_of_an_adversary_joins_with_a_number(program):
    from encounter_app.domain.adversaries import combatant_from

    window, session = program.window, program.session
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    window.fight.join(combatant_from(sentry.stats))
    window.fight.join(combatant_from(sentry.stats))
    assert [c.name for c in session.combatants if c.name.startswith("Ashen Sentry")] == [
        "Ashen Sentry", "Ashen Sentry 2", "Ashen Sentry 3"]
    program.undo_stack.undo()
    assert session.combatants[-1].name == "Ashen Sentry 2"


class _Shown(QObject):
    """Every window that shows itself while it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.windows: list[str] = []

    def eventFilter(self, watched, event) -> bool:
        if (event.type() == QEvent.Type.Show and isinstance(watched, QWidget)
                and watched.isWindow()):
            self.windows.append(watched.objectName() or type(watched).__name__)
        return False


def test_no_window_flashes_up_while_the_program_is_built(qapp, tmp_path):
    # The library dock used to float before it was hidden, which showed it as an empty window
    # for an instant on every start (and made the offscreen platform complain on stderr).
    shown = _Shown()
    qapp.installEventFilter(shown)
    try:
        launched = launch(tmp_path, seed=1, show=False)
    finally:
        qapp.removeEventFilter(shown)
    try:
        assert shown.windows == []
        assert not launched.window.fight.library.dock.isVisible()
        assert launched.window.fight.library.dock.isFloating()
    finally:
        launched.shutdown()


def test_lists_keep_their_white_paper_behind_the_rows(program):
    # listviews.own_viewport replaces Qt's viewport; it must paint the list's Base colour as
    # Qt's own does, not the window's grey.
    window = program.window
    for view in (window.initiative.view, window.fight.cards, window.countdowns.list,
                 window.roll_log, window.fight.fear_ledger):
        viewport = view.viewport()
        assert viewport.autoFillBackground(), view.objectName()
        assert viewport.backgroundRole() == QPalette.ColorRole.Base, view.objectName()


def test_an_adversary_without_a_stat_block_is_refused_an_attack(qtbot, program):
    # An encounter file may bring an adversary with "stats": null; A says why, nothing breaks.
    from encounter_app.domain import CombatantRow
    from encounter_app.services.fight.commands import AddCombatant, SetTurn

    session = program.session
    program.undo_stack.push(AddCombatant(session, CombatantRow(kind="adversary", name="Shade")))
    shade = session.combatants[len(session.combatants) - 1]
    program.undo_stack.push(SetTurn(session, shade.id, session.round))
    program.window.fight.rolls.attack_action.trigger()
    assert program.window.status_label.text() == "Shade has no stat block to attack with."
    assert QApplication.activeModalWidget() is None
    assert len(session.rolls) == 0
