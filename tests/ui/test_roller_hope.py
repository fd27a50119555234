"""A player's roll in the window moves their tracked PC's Hope and Stress with the Fear side:
two dice typed in (*Type a player's roll…*, Daggerheart's action roll) or a phone's roll
accepted from the *Players' rolls* tab. The PC's card and the campaign's party show it after
the step, the undo and the redo; the text's guidance shows as the outcome's key would."""

from __future__ import annotations

import pytest

from encounter_app.domain.player_rolls import PhoneSubmission
from encounter_app.services.fight.commands import UpdateCombatant
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.ui.fight.models import RowRole
from encounter_app.ui.players.inbox_tab import TypedRollDialog

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support propagateSizeHints\(\)")

HOPE_COLUMN, STRESS_COLUMN = 6, 5  # the party's columns (tests/ui/test_campaign_view.py)


def first_pc(program):
    return next(c for c in program.session.combatants if c.kind == "pc")


def card_text(program, name) -> str:
    fight = program.window.fight
    model = fight.cards_model
    index = next(model.index(r, 0) for r in range(model.rowCount())
                 if model.index(r, 0).data(RowRole).name == name)
    return fight.cards.card_layout(index).text


def party_row(manager, name) -> tuple[str, str]:
    model = manager.party.model
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == name)
    return model.index(row, HOPE_COLUMN).data(), model.index(row, STRESS_COLUMN).data()


def marked(program, *, hope: int, stress: int):
    """The first PC with this Hope and Stress, as the GM set them on its card."""
    pc = first_pc(program)
    program.undo_stack.push(UpdateCombatant(
        program.session, pc_tracks.with_marks(pc, hope=hope, stress=stress), "marks"))
    return program.session.combatants.by_id(pc.id)


def type_dice(program, hope: int, fear: int, difficulty: int = 12, who: str = "") -> None:
    """Roll › Type a player's roll…: the action roll's two dice and the Difficulty, recorded."""
    program.window.inbox_place.type_action.trigger()
    dialog = program.window.findChild(TypedRollDialog)
    if who:
        dialog.who.setCurrentIndex(dialog.who.findText(who))
    dialog.form.setCurrentIndex(dialog.form.findData("action"))
    (_hope_label, hope_box), (_fear_label, fear_box) = dialog._die_slots[:2]
    hope_box.setValue(hope)
    fear_box.setValue(fear)
    dialog.gm_value.setValue(difficulty)
    dialog.record_button.click()


def test_typed_six_six_gains_a_hope_and_clears_a_stress_on_the_card_and_the_party(
        qtbot, program):
    program.window.fight.track_pcs_action.trigger()
    manager = program.window.manage_campaigns()
    aria = marked(program, hope=3, stress=2)
    fear, countdowns = program.session.fear, [c.value for c in program.session.countdowns]
    assert "Hope 3/6" in card_text(program, aria.name)
    assert party_row(manager, aria.name) == ("3", "2 / 6")
    steps = program.undo_stack.count()

    type_dice(program, 6, 6)

    assert program.undo_stack.count() == steps + 1
    text = card_text(program, aria.name)
    assert "Hope 4/6" in text and "Stress 1/6" in text
    assert party_row(manager, aria.name) == ("4", "1 / 6")
    guidance = program.window.fight.outcomes.guidance.text()
    assert f"{aria.name} gains a Hope (3→4)" in guidance
    assert f"{aria.name} clears a Stress (2→1)" in guidance
    assert f"{aria.name} gains a Hope (3→4)" in program.session.rolls[0].summary
    moved = [c.value for c in program.session.countdowns]
    assert moved != countdowns  # a critical advances the countdowns in the same step

    program.undo_stack.undo()  # one undo: countdowns, Hope and Stress together
    assert [c.value for c in program.session.countdowns] == countdowns
    assert program.session.fear == fear
    assert "Hope 3/6" in card_text(program, aria.name)
    assert "Stress 2/6" in card_text(program, aria.name)
    assert party_row(manager, aria.name) == ("3", "2 / 6")

    program.undo_stack.redo()
    assert [c.value for c in program.session.countdowns] == moved
    assert "Hope 4/6" in card_text(program, aria.name)
    assert party_row(manager, aria.name) == ("4", "1 / 6")


def test_typed_success_with_fear_gives_the_gm_a_fear_and_the_pc_no_hope(qtbot, program):
    aria = marked(program, hope=3, stress=2)
    fear = program.session.fear
    type_dice(program, 3, 9, difficulty=10)  # 12 against 10, the Fear Die higher
    assert program.session.rolls[0].summary.startswith(f"{aria.name}: Success with Fear")
    assert program.session.fear == fear + 1
    assert program.session.combatants.by_id(aria.id) == aria


def test_hope_at_six_stays_six_and_the_guidance_says_so(qtbot, program):
    aria = marked(program, hope=6, stress=0)
    type_dice(program, 9, 3)
    assert pc_tracks.tracks(program.session.combatants.by_id(aria.id)).hope == 6
    assert "stays at 6" in program.window.fight.outcomes.guidance.text()


def test_a_phone_roll_accepted_from_the_tab_gains_the_hope(qtbot, program):
    program.window.fight.track_pcs_action.trigger()
    aria = marked(program, hope=1, stress=4)
    program.window.phone_inbox.receive(PhoneSubmission(
        aria.name, aria.id, "action", dice=(("hope", 7), ("fear", 7)), page="phone"))
    tab = program.window.inbox_place.tab
    tab.list.setCurrentRow(0)
    tab.gm_value.setValue(25)
    tab.accept()
    text = card_text(program, aria.name)
    assert "Hope 2/6" in text and "Stress 3/6" in text
    assert "Critical Success" in program.window.fight.outcomes.guidance.text()
    program.undo_stack.undo()
    assert program.session.combatants.by_id(aria.id) == aria
