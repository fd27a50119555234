"""Forge of Power: the damage of a Strike and of a save, from the roll dialog to the cards.

Driven as a GM drives it: the Attack… and Die roll… buttons of the real window open the
dialog; the d20s and the damage are typed as players rolled them at the table (or rolled on
the rules thread where the test says so), and Record puts it all in one undo step.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QPushButton

from encounter_app.systems.forge_of_power.ui.roll_dialog import FopRollDialog
from tests.helpers.modal import cancel_next_modal

KESTREL, LIO, HOUND, HOUND_2, ADEPT, GOLEM = (
    "Kestrel Ashby", "Lio Venn", "Clockwork Hound", "Clockwork Hound (2)", "Foundry Adept",
    "Slag Golem")
STRENGTH, INTELLECT = 0, 2  # the attribute drop-down's places


@pytest.fixture
def program(launch_demo):
    """The Forge of Power sample fight: Kestrel Ashby (Strength 2) in the spotlight."""
    return launch_demo("forge_of_power")


def row(program, name):
    return next(r for r in program.session.combatants if r.name == name)


def tick(dialog: FopRollDialog, *names: str) -> None:
    """Tick exactly the targets ``names``."""
    for i in range(dialog.targets.count()):
        item = dialog.targets.item(i)
        wanted = item.text().split(" (Defense")[0] in names
        item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)


def in_dialog(qtbot, program, button: str, fill: Callable[[FopRollDialog], None]) -> None:
    """Click ``button`` in the window; ``fill`` does what the GM does in the dialog (it is
    cancelled after, if still open)."""
    seen: list[FopRollDialog] = []

    def act(dialog):
        assert isinstance(dialog, FopRollDialog)
        seen.append(dialog)
        fill(dialog)

    cancel_next_modal(act)
    qtbot.mouseClick(program.window.findChild(QPushButton, button), Qt.MouseButton.LeftButton)
    assert seen, "no Forge of Power dialog opened"


def strike(dialog: FopRollDialog, *, d20: int, targets: tuple[str, ...], weapon: str = "1d8",
           total: int = 0, extra: int = 0) -> None:
    """Kestrel strikes with Strength: the d20 and the weapon's total typed from the table."""
    dialog.attribute.setCurrentIndex(STRENGTH)
    dialog.extra.setValue(extra)
    tick(dialog, *targets)
    dialog.typed.setValue(d20)
    dialog.roll()
    dialog.damage_dice.setText(weapon)
    dialog.damage_typed.setValue(total)


def record(dialog: FopRollDialog) -> None:
    dialog.record_button.click()


# -- Strike ------------------------------------------------------------------------------------

def test_a_strike_hits_one_target_misses_another_and_marks_the_hit_card(qtbot, program):
    session, undo_stack = program.session, program.undo_stack
    steps = undo_stack.count()
    shown: list[str] = []

    def fill(dialog):
        assert dialog.actor.currentText() == KESTREL  # the one in the spotlight
        # d20 13 + Strength 2 = 15: Hound (Defense 14) DC + 1, Success; Golem (Defense 17)
        # DC - 2, Failure. The weapon's 1d8 showed 6 at the table.
        strike(dialog, d20=13, targets=(HOUND, GOLEM), total=6)
        shown.append(dialog.damage_text.text())
        record(dialog)

    in_dialog(qtbot, program, "fopAttackButton", fill)
    assert "Clockwork Hound: Success, weapon 6 + Strength 2 = 8 damage" in shown[0]
    assert "Slag Golem: Failure, no damage" in shown[0]
    assert row(program, HOUND).hp_marked == 8
    assert row(program, GOLEM).hp_marked == 0
    log = session.rolls[0]
    assert log.summary == ("Kestrel Ashby Strike 15: Success vs Clockwork Hound (DC 14); "
                           "Failure vs Slag Golem (DC 17) — Clockwork Hound takes 8")
    assert "Damage 6 (rolled at the table)" in log.detail
    assert "Clockwork Hound: Success, weapon 6 + Strength 2 = 8 damage" in log.detail
    assert session.system_state.attacked == (row(program, HOUND).id,
                                                  row(program, GOLEM).id)
    assert undo_stack.count() == steps + 1  # the roll, the damage, the marks: one step

    undo_stack.undo()
    assert row(program, HOUND).hp_marked == 0
    assert not session.rolls or session.rolls[0].summary != log.summary
    assert session.system_state.attacked == ()
    assert row(program, KESTREL).system_state.weapon_damage == ""
    undo_stack.redo()
    assert row(program, HOUND).hp_marked == 8 and session.rolls[0].summary == log.summary


def test_a_critical_hit_doubles_the_weapon_part_not_the_attribute(qtbot, program):
    def fill(dialog):
        # d20 19 + Strength 2 + 3 = 24 against Defense 14: DC + 10, a Critical Success.
        strike(dialog, d20=19, extra=3, targets=(HOUND,), total=5)
        record(dialog)

    in_dialog(qtbot, program, "fopAttackButton", fill)
    assert row(program, HOUND).hp_marked == 12  # 2 x 5 + 2
    log = program.session.rolls[0]
    assert "Critical Success vs Clockwork Hound (DC 14)" in log.summary
    assert "Critical Success, 2 × weapon 5 + Strength 2 = 12 damage" in log.detail


def test_damage_past_the_hit_points_marks_them_all_and_no_more(qtbot, program):
    def fill(dialog):  # 2 x 8 + 2 = 18 on a Hound with 16 HP
        strike(dialog, d20=19, extra=3, targets=(HOUND,), total=8)
        record(dialog)

    in_dialog(qtbot, program, "fopAttackButton", fill)
    assert row(program, HOUND).hp_marked == 16
    assert "Clockwork Hound takes 18" in program.session.rolls[0].summary


def test_the_weapon_damage_is_rolled_once_for_every_target(qtbot, program):
    def fill(dialog):
        # 15 + 2 = 17: a Success against both Hounds (Defense 14), nothing typed for the
        # weapon: its 2d6 is rolled on the rules thread, once.
        strike(dialog, d20=15, targets=(HOUND, HOUND_2), weapon="2d6")
        assert "roll or type the damage" in dialog.damage_text.text()
        qtbot.mouseClick(dialog.damage_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.damage_roll() is not None)
        assert not dialog.damage_button.isEnabled()  # once per attack
        record(dialog)

    in_dialog(qtbot, program, "fopAttackButton", fill)
    first, second = row(program, HOUND), row(program, HOUND_2)
    assert first.hp_marked == second.hp_marked >= 2 + 2
    log = program.session.rolls[0]
    assert log.detail.count("Damage 2d6 (") == 1
    assert f"Clockwork Hound takes {first.hp_marked}" in log.summary


def test_the_weapon_damage_is_remembered_for_the_attackers_next_attack(qtbot, program):
    def first(dialog):
        assert dialog.damage_dice.text() == ""  # nothing remembered yet
        strike(dialog, d20=2, targets=(GOLEM,), weapon="1d10+1")  # a miss: nothing to roll
        record(dialog)

    in_dialog(qtbot, program, "fopAttackButton", first)
    assert row(program, KESTREL).system_state.weapon_damage == "1d10+1"

    def second(dialog):
        assert dialog.damage_dice.text() == "1d10+1"
        dialog.actor.setCurrentIndex(dialog.actor.findText(LIO))
        assert dialog.damage_dice.text() == ""  # Lio has no weapon remembered

    in_dialog(qtbot, program, "fopAttackButton", second)


def test_a_malformed_damage_expression_is_said_in_the_dialog_and_records_nothing(
        qtbot, program):
    session, undo_stack = program.session, program.undo_stack
    steps, logged = undo_stack.count(), len(session.rolls)
    said: list[str] = []

    def fill(dialog):
        strike(dialog, d20=13, targets=(HOUND,), weapon="1d")
        qtbot.mouseClick(dialog.damage_button, Qt.MouseButton.LeftButton)
        said.append(dialog.damage_text.text())
        dialog.damage_typed.setValue(6)  # a total typed does not make "1d" a weapon
        record(dialog)
        assert dialog.isVisible()
        said.append(dialog.damage_text.text())

    in_dialog(qtbot, program, "fopAttackButton", fill)
    assert said[0].startswith("The weapon damage “1d” is not a dice expression: expected "
                              "the number of sides")
    assert "is not a dice expression" in said[1]
    assert undo_stack.count() == steps and len(session.rolls) == logged
    assert row(program, HOUND).hp_marked == 0


def test_a_hit_with_damage_dice_not_yet_rolled_is_not_recorded(qtbot, program):
    said: list[str] = []

    def fill(dialog):
        strike(dialog, d20=13, targets=(HOUND,), weapon="1d8")
        record(dialog)
        said.append(dialog.damage_text.text())

    in_dialog(qtbot, program, "fopAttackButton", fill)
    assert "Roll the damage" in said[0]
    assert not program.session.rolls and row(program, HOUND).hp_marked == 0


def test_another_power_deals_the_damage_as_rolled_and_says_so(qtbot, program):
    shown: list[str] = []

    def fill(dialog):
        dialog.label.setCurrentText("Flame Lash")
        # 19 + 2 + 3 = 24 against Defense 14: a Critical Success, still not doubled.
        strike(dialog, d20=19, extra=3, targets=(HOUND,), weapon="2d6", total=7)
        shown.append(dialog.damage_text.text())
        record(dialog)

    in_dialog(qtbot, program, "fopAttackButton", fill)
    assert "Clockwork Hound: Critical Success, 7 damage as rolled" in shown[0]
    assert "Flame Lash is not a Strike" in shown[0]
    assert row(program, HOUND).hp_marked == 7


def test_cancel_changes_nothing(qtbot, program):
    steps = program.undo_stack.count()

    def fill(dialog):
        strike(dialog, d20=13, targets=(HOUND,), total=6)
        dialog.reject()

    in_dialog(qtbot, program, "fopAttackButton", fill)
    assert program.undo_stack.count() == steps and not program.session.rolls
    assert row(program, HOUND).hp_marked == 0
    assert row(program, KESTREL).system_state.weapon_damage == ""


# -- the dialog at the table ------------------------------------------------------------------

def test_the_attack_opens_on_the_spotlight_with_the_chosen_card_as_target(qtbot, program):
    cards = program.window.fight.cards
    golem = program.session.combatants.index_of(row(program, GOLEM).id)
    cards.selectionModel().setCurrentIndex(
        cards.model().index(golem, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect)
    seen: list[tuple[str, list[str]]] = []

    def look(dialog):
        ticked = [dialog.targets.item(i).text() for i in range(dialog.targets.count())
                  if dialog.targets.item(i).checkState() == Qt.CheckState.Checked]
        seen.append((dialog.actor.currentText(), ticked))

    in_dialog(qtbot, program, "fopAttackButton", look)
    assert seen == [(KESTREL, ["Slag Golem (Defense 17)"])]


def test_the_dialog_fits_a_small_screen_and_nothing_moves_as_the_damage_is_typed(
        qtbot, program):
    def look(dialog):
        tick(dialog, HOUND, HOUND_2, ADEPT, GOLEM)  # four targets: the most lines
        dialog.attribute.setCurrentIndex(STRENGTH)
        dialog.typed.setValue(15)
        dialog.roll()
        dialog.damage_dice.setText("1d8")
        qtbot.wait(10)
        size = dialog.sizeHint()
        assert size.width() <= 1366 and size.height() <= 700
        where = [b.mapTo(dialog, b.rect().topLeft())
                 for b in (dialog.record_button, dialog.damage_button)]
        for total in (1, 12, 125):
            dialog.damage_typed.setValue(total)
            qtbot.wait(10)
            assert [b.mapTo(dialog, b.rect().topLeft())
                    for b in (dialog.record_button, dialog.damage_button)] == where

    in_dialog(qtbot, program, "fopAttackButton", look)


# -- saves -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("d20", "extra", "level", "marked", "taken"), [
    (15, 10, "Critical Success", 0, 0),  # DC 15, total 25: DC + 10, no damage
    (15, 0, "Success", 6, 6),  # total 15: DC + 0, half of 13 rounded down
    (10, 0, "Failure", 13, 13),  # total 10: DC - 5, all of it
    (4, 0, "Critical Failure", 18, 26),  # total 4: DC - 11, double: 26 on 18 HP marks 18
])
def test_a_save_takes_damage_by_its_level(qtbot, program, d20, extra, level, marked, taken):
    session = program.session
    shown: list[str] = []

    def fill(dialog):
        dialog.actor.setCurrentIndex(dialog.actor.findText(LIO))
        dialog.attribute.setCurrentIndex(STRENGTH)  # Lio's Strength is 0
        dialog.extra.setValue(extra)
        dialog.label.setCurrentText("Save")
        dialog.dc.setValue(15)
        dialog.typed.setValue(d20)
        dialog.roll()
        dialog.damage_typed.setValue(13)  # the fireball's 13, rolled at the table
        shown.append(dialog.damage_text.text())
        record(dialog)

    steps = program.undo_stack.count()
    in_dialog(qtbot, program, "fopCheckButton", fill)
    assert f"Lio Venn: {level} on the save" in shown[0]
    assert f"takes {taken}" in shown[0]
    assert row(program, LIO).hp_marked == marked
    log = session.rolls[0]
    assert log.summary.startswith(f"Lio Venn: Save {d20 + extra} vs DC 15, {level} — ")
    assert log.summary.endswith(f"Lio Venn takes {taken}" if taken else "no damage taken")
    assert program.undo_stack.count() == steps + 1
    program.undo_stack.undo()
    assert row(program, LIO).hp_marked == 0


def test_a_save_rolls_its_damage_dice_once_on_the_rules_thread(qtbot, program):
    def fill(dialog):
        dialog.actor.setCurrentIndex(dialog.actor.findText(LIO))
        dialog.attribute.setCurrentIndex(STRENGTH)
        dialog.label.setCurrentText("Save")
        dialog.typed.setValue(10)  # 10 vs DC 15: Failure, the full damage
        dialog.roll()
        dialog.damage_dice.setText("3d6")
        qtbot.mouseClick(dialog.damage_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.damage_roll() is not None)
        record(dialog)

    in_dialog(qtbot, program, "fopCheckButton", fill)
    log = program.session.rolls[0]
    total = int(log.detail.split("Damage 3d6 (")[1].split("= ")[1].split()[0])
    assert 3 <= total <= 18 and row(program, LIO).hp_marked == total
    assert log.summary.endswith(f"Lio Venn takes {total}")


def test_a_save_without_damage_is_logged_alone(qtbot, program):
    shown: list[str] = []

    def fill(dialog):
        dialog.label.setCurrentText("Save")
        dialog.typed.setValue(10)
        dialog.roll()
        shown.append(dialog.damage_text.text())
        record(dialog)

    in_dialog(qtbot, program, "fopCheckButton", fill)
    assert shown == ["No damage given: the save is logged alone."]
    assert "takes" not in program.session.rolls[0].summary
    assert all(r.hp_marked == 0 for r in program.session.combatants)


def test_several_creatures_save_against_one_damage_roll(qtbot, program):
    session = program.session
    steps = program.undo_stack.count()
    asked: list[str] = []

    def fill(dialog):
        dialog.actor.setCurrentIndex(dialog.actor.findText(LIO))
        dialog.attribute.setCurrentIndex(STRENGTH)
        dialog.label.setCurrentText("Save")
        dialog.damage_dice.setText("4d6")
        qtbot.mouseClick(dialog.damage_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.damage_roll() is not None)
        dialog.typed.setValue(10)  # Lio: Strength 0, 10 vs DC 15, a Failure: all of it
        dialog.roll()
        qtbot.mouseClick(dialog.next_saver, Qt.MouseButton.LeftButton)
        asked.append(dialog.problem.text())
        assert dialog.actor.currentText() == HOUND  # the next one in the order
        assert dialog.actor.isEnabled() and not dialog.damage_button.isEnabled()
        dialog.typed.setValue(12)  # the Hound: Strength 3, 15 vs DC 15, a Success: half
        dialog.roll()
        record(dialog)

    in_dialog(qtbot, program, "fopCheckButton", fill)
    lio, hound = row(program, LIO), row(program, HOUND)
    assert 4 <= lio.hp_marked <= 18  # 4d6 on Lio's 18 HP
    total = int(session.rolls[1].detail.split("Damage 4d6 (")[1].split("= ")[1].split()[0])
    assert (lio.hp_marked, hound.hp_marked) == (min(total, 18), total // 2)
    assert session.rolls[0].detail.count("Damage 4d6 (") == 1
    assert f"= {total}" in session.rolls[0].detail  # the same roll for both savers
    assert asked[0].startswith("Recorded Lio Venn's save. Who saves next against the same "
                               "damage, 4d6 (")
    assert program.undo_stack.count() == steps + 2  # one step a saver
