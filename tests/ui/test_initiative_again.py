"""Roll initiative in a fight already under way: asked first, never behind the GM's back.

Ruins & Raiders: "The order will remain for the battle unless someone chooses to Haste."
(ruins-and-raiders-conflict.txt): past round one the roll is refused with that sentence; in
round one (a correction) it asks first when the round has left something it would clear.
Forge of Power rolls when a fight breaks out, then whoever ends a turn picks the next
(forge-of-power-basic-rules.txt): a new roll asks first, naming who has acted, who may still
Interrupt and whose turn the last one picked. Cancel changes nothing; OK is one undo step.
"""

from __future__ import annotations

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

from encounter_app.rules.ruins_and_raiders import Sacrifice
from encounter_app.systems.forge_of_power.services import turns as fop_turns
from encounter_app.systems.ruins_and_raiders.services import round as ruins_round
from encounter_app.systems.ruins_and_raiders.services import turns as rr_turns
from tests.helpers.modal import press_in_next_modal


@pytest.fixture(autouse=True)
def ties_as_rolled(monkeypatch):
    """A tie after the roll is the GM's to order: here it is left as rolled (no step more)."""
    monkeypatch.setattr(QInputDialog, "getItem",
                        lambda _parent, _title, _text, names, *_a: (names[0], False))


def press_i(qtbot, program) -> None:
    window = program.window
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.initiative.view.setFocus()
    QTest.keyClick(window.initiative.view, "i")


def roll_initiative(qtbot, program) -> None:
    steps = program.undo_stack.count()
    press_i(qtbot, program)
    qtbot.waitUntil(lambda: program.undo_stack.count() > steps)
    qtbot.wait(20)  # the tie, asked once the roll is in


def by_name(program, name):
    return next(r for r in program.session.combatants if r.name == name)


def looks(program) -> tuple[object, ...]:
    session = program.session
    return (program.undo_stack.index(), session.round, session.active_id,
            tuple(session.combatants), session.system_state, len(session.rolls))


# -- Ruins & Raiders -----------------------------------------------------------------------------

def test_ruins_refuses_a_new_roll_past_round_one_with_the_texts_sentence(qtbot, launch_demo):
    program = launch_demo("ruins_and_raiders")
    roll_initiative(qtbot, program)
    hedda = by_name(program, "Hedda Stonefist")
    ops = program.window.fight.operations
    assert ops.hold(hedda.id) and ops.give_up_action(hedda.id, Sacrifice.DEFEND)
    while program.session.round < 2:
        assert ops.next_turn()
    before = looks(program)
    press_i(qtbot, program)
    qtbot.wait(50)
    status = program.window.status_label.text()
    assert "“The order will remain for the battle unless someone chooses to Haste.”" in status
    assert "Ctrl+T" in status
    assert looks(program) == before  # the +10 of the hold, and the order, are kept
    assert rr_turns.hold_bonus(by_name(program, "Hedda Stonefist")) == 10
    assert QApplication.activeModalWidget() is None


def test_ruins_round_one_asks_what_a_new_roll_clears_and_cancel_keeps_it(qtbot, launch_demo):
    program = launch_demo("ruins_and_raiders")
    roll_initiative(qtbot, program)
    ops = program.window.fight.operations
    hedda, jackal = by_name(program, "Hedda Stonefist"), by_name(program, "Ruin Jackal")
    assert ops.use_action(hedda.id)
    assert ops.give_up_action(hedda.id, Sacrifice.DEFEND)
    assert ops.wait(jackal.id)
    before = looks(program)
    words: list[str] = []
    press_in_next_modal("Cancel", words)
    press_i(qtbot, program)
    qtbot.waitUntil(lambda: bool(words))
    asked = words[0]
    assert "Round 1" in asked
    for phrase in ("Hedda Stonefist's 2 actions used (given back)",
                   "Hedda Stonefist's Defend +3", "Ruin Jackal waiting",
                   "whose turn it is"):
        assert phrase in asked, phrase
    assert looks(program) == before
    assert "Initiative stays as it was." in program.window.status_label.text()


def test_ruins_round_one_ok_rolls_and_clears_in_one_step(qtbot, launch_demo):
    program = launch_demo("ruins_and_raiders")
    roll_initiative(qtbot, program)
    ops, session = program.window.fight.operations, program.session
    hedda = by_name(program, "Hedda Stonefist")
    assert ops.give_up_action(hedda.id, Sacrifice.DEFEND) and ops.hold(hedda.id)
    before = looks(program)
    steps = program.undo_stack.count()
    press_in_next_modal("Roll again")
    press_i(qtbot, program)
    qtbot.waitUntil(lambda: program.undo_stack.count() == steps + 1)
    qtbot.wait(20)
    hedda = by_name(program, "Hedda Stonefist")
    assert rr_turns.actions_left(hedda) == 2
    assert ruins_round.sacrifices(hedda) == []
    assert not rr_turns.holding(hedda) and rr_turns.hold_bonus(hedda) == 0
    assert session.round == 1 and len(session.rolls) == 2
    program.undo_stack.undo()
    assert looks(program) == before


def test_ruins_the_first_roll_after_round_zero_asks_nothing(qtbot, launch_demo, monkeypatch):
    program = launch_demo("ruins_and_raiders")
    ops = program.window.fight.operations
    hedda = by_name(program, "Hedda Stonefist")
    assert ops.round_zero([hedda.id], surprise=False)
    assert ops.use_action(hedda.id)
    monkeypatch.setattr(QMessageBox, "exec", lambda _box: pytest.fail("asked"))
    roll_initiative(qtbot, program)
    assert program.session.round == 1
    assert not rr_turns.in_round_zero(program.session)


# -- Forge of Power -------------------------------------------------------------------------------

def pass_turns(program, count: int) -> None:
    ops, session = program.window.fight.operations, program.session
    for _ in range(count):
        chosen = fop_turns.next_choices(session)[0]
        assert ops.pass_turn(chosen.id)


def test_forge_past_round_one_asks_naming_the_pick_and_who_acted(qtbot, launch_demo):
    program = launch_demo("forge_of_power")
    session = program.session
    roll_initiative(qtbot, program)
    pass_turns(program, len(session.combatants) + 1)  # round 1 whole, one turn of round 2
    assert session.round == 2
    acted = [r.name for r in session.combatants if fop_turns.acted(r)]
    active = by_name(program, next(r.name for r in session.combatants
                                   if r.id == session.active_id))
    before = looks(program)
    words: list[str] = []
    press_in_next_modal("Cancel", words)
    press_i(qtbot, program)
    qtbot.waitUntil(lambda: bool(words))
    asked = words[0]
    assert "Round 2" in asked
    assert f"who has acted this round ({', '.join(acted)})" in asked
    assert f"{active.name}'s turn, as picked" in asked
    assert looks(program) == before


def test_forge_ok_rolls_again_in_one_step_and_undo_gives_the_round_back(qtbot, launch_demo):
    program = launch_demo("forge_of_power")
    session = program.session
    roll_initiative(qtbot, program)
    pass_turns(program, len(session.combatants) + 1)
    before = looks(program)
    steps = program.undo_stack.count()
    press_in_next_modal("Roll again")
    press_i(qtbot, program)
    qtbot.waitUntil(lambda: program.undo_stack.count() == steps + 1)
    qtbot.wait(20)
    assert not any(fop_turns.acted(r) for r in session.combatants)
    assert session.active_id == session.combatants[0].id  # the highest roll goes first
    assert session.round == 2
    program.undo_stack.undo()
    assert looks(program) == before


def test_forge_a_correction_before_anyone_acted_rolls_at_once(qtbot, launch_demo,
                                                             monkeypatch):
    program = launch_demo("forge_of_power")
    roll_initiative(qtbot, program)
    monkeypatch.setattr(QMessageBox, "exec", lambda _box: pytest.fail("asked"))
    roll_initiative(qtbot, program)
    assert len(program.session.rolls) == 2
