"""The stat-block editor shows what the chosen feature's text is read as and lets the GM correct
it (systems/daggerheart/ui/library/reading_panel.py): the text's reading follows the typing
until corrected, *Read from the text* lets the correction go, nothing moves while the GM works,
and the correction is saved with the stat block as one undo step, in the library and on a
card."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from encounter_app.domain import Feature, StatBlock
from encounter_app.domain.feature_readings import NOTHING
from encounter_app.rules.daggerheart import feature_action
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.ui.library import reading_panel as panel_words
from encounter_app.systems.daggerheart.ui.library.entry_lists import FeatureRow
from encounter_app.systems.daggerheart.ui.library.stat_block_editor import StatBlockEditor

SENTRY = next(s for s in load_sample_adversaries() if s.name == "Ashen Sentry")
FLARE = next(f for f in SENTRY.features if f.name == "Flare Up")
READ = feature_action(FLARE.text)
assert READ is not None
# Flare Up as the GM plays it: 2d8, and half damage to those who succeed.
CORRECTED = replace(READ, damage="2d8 mag", half_on_success=True)
SPIT_ACID = ("Make an attack against all targets in front of the Burrower within Close range. "
             "Targets the Burrower succeeds against take 2d6 physical damage and must mark an "
             "Armor Slot.")
BURROWER = replace(SENTRY, name="Acid Burrower", features=(
    Feature("Relentless (3)", "Passive", "The Burrower can be spotlighted up to three times per "
            "GM turn."),
    Feature("Spit Acid", "Action", SPIT_ACID)))
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def editor(qtbot):
    dialog = StatBlockEditor(BURROWER)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def row_named(dialog: StatBlockEditor, name: str) -> FeatureRow:
    row = next(r for r in dialog.features.rows if r.name.text() == name)
    assert isinstance(row, FeatureRow)
    return row


def choose(qtbot, dialog: StatBlockEditor, name: str) -> FeatureRow:
    """Click into the feature's text, as the GM does to see its reading."""
    row = row_named(dialog, name)
    qtbot.mouseClick(row.text.viewport(), LEFT, pos=QPoint(5, 5))
    assert dialog.reading.row is row
    return row


def retype(qtbot, field, text: str) -> None:
    field.selectAll()
    qtbot.keyClicks(field, text)


def test_the_chosen_features_text_is_shown_as_read(qtbot, editor) -> None:
    panel = editor.reading
    assert panel.row is editor.features.rows[0]  # the first, until the GM chooses
    assert panel.status.text() == panel_words.NOTHING_READ
    assert panel.action() == NOTHING and not panel.reset.isEnabled()
    choose(qtbot, editor, "Spit Acid")
    assert panel.title() == "What “Spit Acid” does"
    assert panel.action() == feature_action(SPIT_ACID)
    assert panel.attack.isChecked() and panel.all_targets.isChecked()
    assert panel.range.currentText() == "Close" and panel.damage.text() == "2d6 phy"
    assert panel.armor_slot.isChecked() and not panel.standard.isChecked()
    assert panel.status.text() == panel_words.AS_READ


def test_a_correction_is_kept_beside_the_text_and_saved(qtbot, editor) -> None:
    panel = editor.reading
    row = choose(qtbot, editor, "Spit Acid")
    retype(qtbot, panel.damage, "3d6 phy")
    qtbot.mouseClick(panel.conditions["Vulnerable"], LEFT)
    panel.cost_fear.setValue(1)
    expected = replace(feature_action(SPIT_ACID), damage="3d6 phy",
                       conditions=frozenset({"Vulnerable"}), cost_fear=1)
    assert row.reading == expected
    assert panel.status.text() == panel_words.CORRECTED and panel.reset.isEnabled()
    saved = editor.stats().features[1]
    assert saved.text == SPIT_ACID and saved.reading == expected and saved.action == expected
    assert editor.stats().features[0].reading is None
    assert editor.ok_button.isEnabled()


def test_the_reading_follows_the_text_as_typed_until_it_is_corrected(qtbot, editor) -> None:
    panel = editor.reading
    row = choose(qtbot, editor, "Spit Acid")
    retype(qtbot, row.text, "Make an attack against a target within Far range. On a success, "
                            "deal 1d10 magic damage and they must mark 2 Stress.")
    assert row.reading is None
    assert panel.range.currentText() == "Far" and panel.damage.text() == "1d10 mag"
    assert panel.target_stress.value() == 2 and not panel.all_targets.isChecked()
    qtbot.mouseClick(panel.advantage, LEFT)  # now a correction: the text no longer leads
    retype(qtbot, row.text, SPIT_ACID)
    assert panel.damage.text() == "1d10 mag" and panel.advantage.isChecked()
    assert editor.stats().features[1].reading == replace(
        feature_action("Make an attack against a target within Far range. On a success, deal "
                       "1d10 magic damage and they must mark 2 Stress."), advantage=True)


def test_read_from_the_text_lets_the_correction_go(qtbot, editor) -> None:
    panel = editor.reading
    row = choose(qtbot, editor, "Spit Acid")
    qtbot.mouseClick(panel.armor_slot, LEFT)
    assert row.reading == replace(feature_action(SPIT_ACID), armor_slot=False)
    qtbot.mouseClick(panel.reset, LEFT)
    assert row.reading is None and editor.stats().features[1].reading is None
    assert panel.armor_slot.isChecked() and not panel.reset.isEnabled()
    assert panel.status.text() == panel_words.AS_READ


def test_a_change_back_to_what_the_text_reads_is_no_correction(qtbot, editor) -> None:
    panel = editor.reading
    row = choose(qtbot, editor, "Spit Acid")
    qtbot.mouseClick(panel.direct, LEFT)
    assert row.reading is not None
    qtbot.mouseClick(panel.direct, LEFT)
    assert row.reading is None and "reading" not in editor.json()["features"][1]


def test_a_feature_read_as_nothing_can_be_made_a_reaction_roll(qtbot, editor) -> None:
    panel = editor.reading
    row = choose(qtbot, editor, "Relentless (3)")
    assert not panel.difficulty.isEnabled() and not panel.half.isEnabled()
    panel.trait.setCurrentText("Strength")
    assert panel.difficulty.isEnabled() and panel.half.isEnabled()
    assert panel.difficulty.text() == "adversary's"
    panel.difficulty.setValue(15)
    qtbot.mouseClick(panel.half, LEFT)
    assert row.reading == replace(NOTHING, reaction_roll="Strength", reaction_difficulty=15,
                                  half_on_success=True)


def test_a_corrected_damage_that_cannot_be_rolled_blocks_save_at_its_feature(qtbot,
                                                                              editor) -> None:
    panel = editor.reading
    row = choose(qtbot, editor, "Spit Acid")
    retype(qtbot, panel.damage, "2d6+")
    assert not editor.ok_button.isEnabled()
    assert panel.status.text().startswith("Corrected damage: expected dice or a number")
    assert editor.problem.text().startswith("Feature 2: corrected damage: expected dice")
    assert row.problem.text() == ""  # said in the panel's line: nothing moves
    retype(qtbot, panel.damage, "2d6+1 phy")
    assert editor.ok_button.isEnabled() and row.reading is not None
    assert row.reading.damage == "2d6+1 phy" and panel.status.text() == panel_words.CORRECTED


def test_the_other_feature_and_a_removed_one(qtbot, editor) -> None:
    panel = editor.reading
    first = row_named(editor, "Relentless (3)")
    spit = choose(qtbot, editor, "Spit Acid")
    qtbot.mouseClick(panel.advantage, LEFT)
    assert first.reading is None and spit.reading is not None
    qtbot.mouseClick(spit.remove, LEFT)
    assert panel.row is first and panel.status.text() == panel_words.NOTHING_READ
    qtbot.mouseClick(first.remove, LEFT)
    assert panel.row is None and panel.status.text() == panel_words.CHOOSE
    assert not any(field.isEnabled() for field in panel._fields)
    assert not panel.reset.isEnabled()


def places(dialog: QWidget) -> dict[str, QRect]:
    """Where each field, button and feature row of the dialog is, in the dialog, once its
    layouts have done what the last change asked of them."""
    for _ in range(3):  # a layout's request, the scroll area's answer to it, and its bars'
        QApplication.processEvents()
    found = {}
    for n, widget in enumerate(dialog.findChildren(QWidget)):
        if widget.isVisibleTo(dialog):
            found[f"{n} {type(widget).__name__} {widget.objectName()}"] = QRect(
                widget.mapTo(dialog, QPoint(0, 0)), widget.size())
    return found


def test_nothing_moves_while_the_gm_reads_and_corrects(qtbot, editor) -> None:
    panel = editor.reading
    before = places(editor)
    row = row_named(editor, "Spit Acid")
    for number, step in enumerate((
            lambda: choose(qtbot, editor, "Spit Acid"),
            lambda: retype(qtbot, panel.damage, "3d6 phy"),
            lambda: panel.trait.setCurrentText("Agility"),
            lambda: panel.difficulty.setValue(13),
            lambda: qtbot.mouseClick(panel.half, LEFT),
            lambda: qtbot.mouseClick(panel.conditions["Restrained"], LEFT),
            lambda: row.name.setText("Spit Acid, a long name for a feature that goes on"),
            lambda: qtbot.mouseClick(panel.reset, LEFT),
            lambda: row.text.setPlainText("Make an attack"),  # an attack with no damage
            lambda: choose(qtbot, editor, "Relentless (3)")), 1):
        step()
        assert places(editor) == before, f"step {number}"


# -- through the library and on a card, as the GM saves it ---------------------------------------


def edit_in_library(qtbot, program, step) -> None:
    """Open the library's editor on the Ashen Sentry and let ``step(dialog)`` work in it."""
    actions = program.window.fight.library
    actions.library_action.trigger()
    page = actions.dock.widget().adversaries
    page.table.search.setText("Ashen Sentry")
    page.view.selectRow(0)
    done = []

    def run() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, StatBlockEditor)
        try:
            step(dialog)
        finally:
            done.append(True)
            if dialog.isVisible():
                dialog.reject()

    QTimer.singleShot(0, run)
    qtbot.mouseClick(actions.dock.findChild(QPushButton, "adversaryEditButton"), LEFT)
    assert done


def stored_flare(program) -> Feature:
    [sentry] = [t.stats for t in program.store.templates() if t.stats.name == "Ashen Sentry"]
    return next(f for f in sentry.features if f.name == "Flare Up")


def test_a_correction_is_saved_through_the_library_reopened_reset_and_undone(qtbot,
                                                                             program) -> None:
    assert stored_flare(program).reading is None

    def correct(dialog: StatBlockEditor) -> None:
        choose(qtbot, dialog, "Flare Up")
        assert dialog.reading.action() == READ
        retype(qtbot, dialog.reading.damage, "2d8 mag")
        qtbot.mouseClick(dialog.reading.half, LEFT)
        qtbot.mouseClick(dialog.ok_button, LEFT)

    edit_in_library(qtbot, program, correct)
    assert stored_flare(program).reading == CORRECTED
    assert stored_flare(program).text == FLARE.text
    assert program.undo_stack.undoText() == "Edit Ashen Sentry"

    def reopen_and_reset(dialog: StatBlockEditor) -> None:
        choose(qtbot, dialog, "Flare Up")
        panel = dialog.reading
        assert panel.status.text() == panel_words.CORRECTED and panel.reset.isEnabled()
        assert panel.damage.text() == "2d8 mag" and panel.half.isChecked()
        assert panel.action() == CORRECTED
        qtbot.mouseClick(panel.reset, LEFT)
        assert panel.action() == READ and panel.damage.text() == "1d8 mag"
        qtbot.mouseClick(dialog.ok_button, LEFT)

    edit_in_library(qtbot, program, reopen_and_reset)
    assert stored_flare(program).reading is None
    program.undo_stack.undo()
    assert stored_flare(program).reading == CORRECTED
    program.undo_stack.undo()
    assert stored_flare(program).reading is None
    assert stored_flare(program) == FLARE


def test_a_cards_own_stats_take_a_correction_too(qtbot, program) -> None:
    session = program.session
    card = next(r for r in session.combatants if r.stats is not None
                and any(f.name == "Flare Up" for f in r.stats.features))
    done = []

    def correct() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, StatBlockEditor)
        choose(qtbot, dialog, "Flare Up")
        qtbot.mouseClick(dialog.reading.half, LEFT)
        done.append(True)
        qtbot.mouseClick(dialog.ok_button, LEFT)

    QTimer.singleShot(0, correct)
    program.window.fight.card_actions.edit_stats(card.id)
    assert done
    stats: StatBlock | None = session.combatants.by_id(card.id).stats
    assert stats is not None
    flare = next(f for f in stats.features if f.name == "Flare Up")
    assert flare.reading == replace(READ, half_on_success=True)
    program.undo_stack.undo()
    stats = session.combatants.by_id(card.id).stats
    assert stats is not None
    assert next(f for f in stats.features if f.name == "Flare Up").reading is None


def test_the_environment_editor_keeps_a_features_correction(qtbot) -> None:
    from encounter_app.systems.daggerheart.sample import load_sample_environments
    from encounter_app.systems.daggerheart.ui.library.environment_editor import (
        EnvironmentEditor,
    )

    chapel = load_sample_environments()[0]
    corrected = replace(chapel, features=(
        replace(chapel.features[0], reading=replace(NOTHING, reaction_roll="Instinct")),
        *chapel.features[1:]))
    dialog = EnvironmentEditor(corrected)
    qtbot.addWidget(dialog)
    assert dialog.block() == corrected
