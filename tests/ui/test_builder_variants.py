"""Weaker and elite copies in the encounter builder, through the window: the copy's numbers and
its battle points shown before the GM adds it, then planned beside the adversary as written,
and started into the fight with the plan."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from encounter_app.systems.daggerheart.ui.library.builder import BuilderDialog
from tests.helpers.modal import press_in_next_modal


@pytest.fixture
def builder(qtbot, program) -> BuilderDialog:
    dialog = program.window.fight.library.open_builder()
    qtbot.waitExposed(dialog)
    yield dialog
    dialog.close()


def choose(builder: BuilderDialog, name: str) -> None:
    builder.picker.search.setText(name)
    builder.picker.view.selectRow(0)


def test_nothing_chosen_offers_no_copy(builder) -> None:
    builder.picker.view.clearSelection()
    assert not builder.variant_buttons[-1].isEnabled()
    assert not builder.variant_buttons[1].isEnabled()
    assert "Choose one adversary" in builder.variant_preview.text()


def test_the_copies_and_their_points_are_shown_before_they_are_added(qtbot, builder) -> None:
    choose(builder, "Ashen Sentry")  # tier 1 Bruiser: 13, 9/16, 6 HP, 3 Stress, +2, 1d10+4
    weaker, elite = builder.variant_buttons[-1], builder.variant_buttons[1]
    assert weaker.isEnabled() and elite.isEnabled()
    # Three PCs: a budget of 11, nothing planned yet.
    assert weaker.toolTip() == ("Difficulty 12, 8/14, HP 5, Stress 2, attack +1, 1d8+4 phy. "
                                "3 points (Bruiser 4, weaker -1): 0 of 11 → 3 of 11 battle "
                                "points, 8 left.")
    assert elite.accessibleDescription() == (
        "Difficulty 14, 10/18, HP 7, Stress 4, attack +3, 1d12+4 phy. 5 points (Bruiser 4, "
        "elite +1): 0 of 11 → 5 of 11 battle points, 6 left.")
    preview = builder.variant_preview.text()
    assert "Ashen Sentry (Weaker):" in preview and "Ashen Sentry (Elite):" in preview
    assert not builder.plan_model.plan  # shown, not added

    qtbot.mouseClick(elite, Qt.MouseButton.LeftButton)
    assert [(p.stats.name, p.count, p.step) for p in builder.plan()] == [
        ("Ashen Sentry (Elite)", 1, 1)]
    assert builder.bar.format() == "5 of 11 battle points: 6 left"
    assert "Bruiser 4, elite +1" in builder.breakdown.text()
    assert builder.plan_model.index(0, 4).data() == "5"
    # The preview follows the plan: the next elite would take the fight to 10 of 11.
    assert elite.toolTip().endswith("5 of 11 → 10 of 11 battle points, 1 left.")

    qtbot.mouseClick(weaker, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(builder.add_button, Qt.MouseButton.LeftButton)
    assert [(p.stats.name, p.step) for p in builder.plan()] == [
        ("Ashen Sentry (Elite)", 1), ("Ashen Sentry (Weaker)", -1), ("Ashen Sentry", 0)]
    assert builder.bar.format() == "1 over budget: 12 of 11 battle points"
    # A second weaker one joins its line.
    assert weaker.toolTip().endswith("12 of 11 → 15 of 11 battle points, 4 over.")
    qtbot.mouseClick(weaker, Qt.MouseButton.LeftButton)
    assert builder.plan()[1].count == 2 and builder.tally().cost == 15


def test_an_elite_minion_group_costs_two(qtbot, builder) -> None:
    choose(builder, "Cinder Imp")
    assert "2 points (Minion group 1, elite +1)" in builder.variant_buttons[1].toolTip()
    assert "1 point (Minion group 1, weaker: no less than 1)" in \
        builder.variant_buttons[-1].toolTip()
    qtbot.mouseClick(builder.variant_buttons[1], Qt.MouseButton.LeftButton)
    planned = builder.plan()[0]
    assert (planned.stats.major, planned.stats.severe, planned.stats.hp) == (None, None, 1)
    builder.plan_model.set_count(0, 4)  # four Imps against three PCs: two groups of two points
    assert builder.tally().cost == 4


def test_started_copies_fight_with_their_own_numbers_in_one_undo_step(qtbot, program,
                                                                      builder) -> None:
    encounter = program.window.fight.library._session.encounter_id
    choose(builder, "Hollow Archer")
    archer = builder.picker.selected()[0].stats
    qtbot.mouseClick(builder.variant_buttons[-1], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(builder.variant_buttons[1], Qt.MouseButton.LeftButton)
    press_in_next_modal("Add to this fight")  # the demo fight is running
    qtbot.mouseClick(builder.start_button, Qt.MouseButton.LeftButton)
    rows = {c.name: c for c in program.store.combatants(encounter)}
    weaker, elite = rows["Hollow Archer (Weaker)"], rows["Hollow Archer (Elite)"]
    assert (weaker.stats.difficulty, elite.stats.difficulty) == (archer.difficulty - 1,
                                                                 archer.difficulty + 1)
    assert (weaker.hp_max, elite.hp_max) == (archer.hp - 1, archer.hp + 1)
    assert program.undo_stack.undoText() == "Start encounter: 2 adversaries"
    program.undo_stack.undo()
    names = {c.name for c in program.store.combatants(encounter)}
    assert not names & {"Hollow Archer (Weaker)", "Hollow Archer (Elite)"}
