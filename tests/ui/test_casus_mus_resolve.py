"""Casus Mus from the window: a clash resolved to the end (Combat Maneuvers by name from a list
the GM extends, damage less armour marked on the card), and the skill roll with its Luck."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QInputDialog

from encounter_app.domain.player_rolls import PhoneSubmission
from encounter_app.systems.casus_mus.services import maneuvers
from encounter_app.systems.casus_mus.services import turns as cm_turns
from encounter_app.systems.casus_mus.ui.clash_dialog import ClashDialog
from encounter_app.systems.casus_mus.ui.skill_dialog import SkillRollDialog
from tests.helpers.modal import cancel_next_modal


@pytest.fixture
def program(launch_demo):
    return launch_demo("casus_mus")


def clash(qtbot, program) -> ClashDialog:
    """Pip Thistlewhisker (Combat 62%, Hero) attacks the Stoat Cutthroat (armour 1)."""
    session, window = program.session, program.window
    dialog = ClashDialog(session, window.roll_router, window.fight.operations, window,
                         attacker=session.combatants[0].id)
    qtbot.addWidget(dialog)
    return dialog


def typed_step(dialog: ClashDialog, value: int, step: str) -> None:
    dialog.typed.setValue(value)
    dialog.step(step)


def items(dialog: ClashDialog) -> dict[str, object]:
    found = dialog.resolve.list
    return {found.item(i).text(): found.item(i) for i in range(found.count())}


def test_a_critical_hit_picks_two_maneuvers_then_damage_less_armour_is_marked(qtbot, program):
    dialog = clash(qtbot, program)
    resolve = dialog.resolve
    assert not resolve.list.isEnabled() and not resolve.roll_button.isEnabled()
    typed_step(dialog, 5, "attack")  # 05 against 62%: critical
    dialog.step("decline")  # "Defender Fails": Pip hits and gets two CMs
    assert resolve.allowed.text() == ("<b>Pip Thistlewhisker</b> picks up to 2 (0 chosen), "
                                      "before the damage.")
    assert resolve.armour.value() == 1  # the Stoat's armour, from its stats
    assert resolve.expression.text() == "1d6"
    offered = items(dialog)
    assert "Tail Whip" in offered and "Trip Opponent" in offered
    for name in ("Bash", "Trip Opponent", "Sunder"):  # a third is one too many
        offered[name].setCheckState(Qt.CheckState.Checked)
    assert resolve.chosen() == ("Bash", "Trip Opponent")
    assert resolve.outcome.text() == "The table gives 2: choose at most 2."
    assert not dialog.record_button.isEnabled()  # the damage is still to come
    resolve.expression.setText("1d8+1")
    resolve.typed.setValue(7)  # the player rolled 7 at the table
    resolve.roll_button.click()
    assert resolve.outcome.text() == "<b>7 damage − armour 1 = 6 to Stoat Cutthroat</b>"
    assert not resolve.list.isEnabled()  # maneuvers come before the damage, not after
    assert dialog.record_button.isEnabled()
    dialog.accept()
    session = program.session
    stoat = session.combatants[1]
    assert stoat.hp_marked == 6
    assert session.rolls[0].summary.endswith(
        "Pip Thistlewhisker hits and picks 2 Combat Maneuvers before rolling damage. "
        "Combat Maneuvers: Bash, Trip Opponent. 7 damage − armour 1 = 6 to Stoat Cutthroat.")
    program.undo_stack.undo()  # the AP, the damage and the line: one step
    assert session.combatants[1].hp_marked == 0 and not session.rolls
    program.undo_stack.redo()
    again = clash(qtbot, program)  # Pip's weapon is remembered for the next clash
    typed_step(again, 5, "attack")
    again.step("decline")
    assert again.resolve.expression.text() == "1d8+1"


def test_the_damage_is_rolled_on_the_rules_thread_when_nothing_is_typed(qtbot, program):
    dialog = clash(qtbot, program)
    typed_step(dialog, 20, "attack")  # success
    dialog.step("decline")  # one CM
    dialog.resolve.expression.setText("2d4")
    dialog.resolve.roll_button.click()
    qtbot.waitUntil(lambda: dialog.flow.damage is not None)
    assert 2 <= dialog.flow.damage.rolled <= 8
    assert dialog.flow.damage.text.startswith("2d4 (")


def test_a_broken_damage_expression_is_explained_and_rolls_nothing(qtbot, program):
    dialog = clash(qtbot, program)
    typed_step(dialog, 20, "attack")
    dialog.step("decline")
    dialog.resolve.expression.setText("1d")
    dialog.resolve.roll_button.click()
    assert dialog.resolve.outcome.text().startswith("The damage '1d' is not a dice expression")
    assert dialog.flow.damage is None and not dialog.record_button.isEnabled()


def test_a_defender_who_wins_strikes_the_attacker(qtbot, program):
    dialog = clash(qtbot, program)
    typed_step(dialog, 80, "attack")  # Pip fails
    typed_step(dialog, 3, "react")  # the Stoat's critical: it hits Pip with two CMs
    assert dialog.resolve.armour.value() == 2  # Pip's armour now
    dialog.resolve.typed.setValue(5)
    dialog.resolve.roll_button.click()
    dialog.accept()
    assert program.session.combatants[0].hp_marked == 3


def test_nobody_hits_records_without_damage(qtbot, program):
    dialog = clash(qtbot, program)
    typed_step(dialog, 80, "attack")
    typed_step(dialog, 70, "react")  # both fail
    assert dialog.resolve.allowed.text() == "Nobody hits: no maneuvers, no damage."
    assert dialog.record_button.isEnabled()


def test_the_gms_own_maneuver_is_offered_in_every_clash_after(qtbot, program, monkeypatch):
    answers = iter([("Whisker Feint", True), ("The foe loses its next reaction.", True)])
    monkeypatch.setattr(QInputDialog, "getText", lambda *_a, **_k: next(answers))
    dialog = clash(qtbot, program)
    dialog.resolve.add_button.click()
    assert "Whisker Feint" in items(dialog)
    assert dialog.resolve.outcome.text() == "Whisker Feint is kept for every clash to come."
    assert dialog.resolve.remove_button.isEnabled()  # the table's own can go again
    later = clash(qtbot, program)
    assert items(later)["Whisker Feint"].toolTip() == "The foe loses its next reaction."
    # The usual ones stay, and a second with the same name is refused with the reason.
    answers = iter([("whisker feint", True), ("", True)])
    later.resolve.add_button.click()
    assert later.resolve.outcome.text() == (
        "There is already a Combat Maneuver called 'whisker feint'.")
    later.resolve.list.setCurrentRow(0)
    assert not later.resolve.remove_button.isEnabled()


def test_the_skill_roll_takes_the_players_d100_and_a_luck_point_flip(qtbot, program):
    window, session = program.window, program.session
    seen: list[SkillRollDialog] = []

    def look(dialog) -> None:
        assert isinstance(dialog, SkillRollDialog)
        seen.append(dialog)
        # It opens on whoever is in the spotlight.
        assert dialog.chooser.row().id == session.active_id
        dialog.chooser.skill.setCurrentIndex(2)  # Willpower
        dialog.chooser.value.setValue(45)
        assert not dialog.reroll_button.isEnabled()
        dialog.typed.setValue(54)
        dialog.roll_button.click()
        assert dialog.flip_button.isEnabled() and dialog.reroll_button.isEnabled()
        dialog.flip_button.click()  # 54 -> 45: a success
        assert not dialog.reroll_button.isEnabled()
        assert "spends a Luck Point and flips the digits: 54 → 45" in dialog.story.text()
        dialog.record_button.click()

    cancel_next_modal(look)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_K)
    assert seen
    active = session.combatants.by_id(session.active_id)
    assert session.rolls[0].summary == f"{active.name}: Willpower 45, success after a Luck Point"
    assert cm_turns.lp_left(active) == cm_turns.lp_max(active) - 1
    program.undo_stack.undo()
    assert cm_turns.lp_left(session.combatants.by_id(session.active_id)) == cm_turns.lp_max(active)


def test_a_broken_saved_list_is_never_written_over(qtbot, program):
    store = program.session.store
    store.remember(maneuvers.KEY, "[{\"name\": \"Ear Bite\"}, 7]")
    assert [m.name for m in maneuvers.maneuvers(store)][-1] == "Ear Bite"
    with pytest.raises(maneuvers.ManeuverError, match="could not all be read"):
        maneuvers.add_maneuver(store, "Tail Slap")
    assert store.recalled(maneuvers.KEY) == "[{\"name\": \"Ear Bite\"}, 7]"
    assert QApplication.activeModalWidget() is None


def test_a_clash_roll_sent_from_the_attackers_phone_answers_its_step_and_the_clash(
        qtbot, program):
    """Pip's player throws the d100 at the table and sends it: the clash's attack step takes it
    (80: Pip fails), the Stoat's is typed, and recording the clash answers the phone's roll in
    the same undo step. Accepting it alone from the inbox is refused with where it goes."""
    pip = program.session.combatants[0]
    inbox = program.window.phone_inbox
    inbox.receive(PhoneSubmission(pip.name, pip.id, "clash", dice=(("d100", 80),), page="pip"))
    [sent] = inbox.waiting
    assert not inbox.accept(sent.id, 0)  # a clash roll is not recorded on its own
    assert "clash dialog" in program.window.status_label.text()
    dialog = ClashDialog(program.session, program.window.roll_router,
                         program.window.fight.operations, program.window,
                         attacker=pip.id, inbox=inbox)
    qtbot.addWidget(dialog)
    dialog.step("attack")  # nothing typed: the phone's 80
    assert "80" in dialog.story.text()
    typed_step(dialog, 70, "react")  # both fail: nobody hits
    steps = program.undo_stack.count()
    dialog.accept()
    assert program.undo_stack.count() == steps + 1 and inbox.waiting == ()
    answered = inbox.history(pip.name)[0]
    assert answered.status.value == "recorded" and answered.result.total == 80
    program.undo_stack.undo()
    assert [r.id for r in inbox.waiting] == [sent.id]
