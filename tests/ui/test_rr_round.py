"""Ruins & Raiders: a charge remembered for the round, and the bonuses of actions given up
used in the trait check (issue 19), driven in the real window with dice typed as the players
rolled them.

The text (ruins-and-raiders-conflict.txt): "a charging character will take the same
additional damage from any enemy melee weapon that hits him on that round. Momentum gives (and
takes) +1 damage for every 3 spaces of movement." NOTES.md: giving up an action grants Aim
(+3 next attack), Defend (+3 Dodge and Parry), Haymaker (+10 damage), Resist (+3 Defiance) or
Look (+3 Perception).

The sample fight's numbers: Hedda Stonefist Warrior 4, Brawn 3, weapon 5, Fortitude 3,
armour 3, Parry 12, Dodge 8; a Ruin Jackal Warrior 2, Brawn 1, weapon 3, Fortitude 1,
armour 0, Parry 9, Dodge 10; the Crypt Warden Fortitude 4, armour 4, Parry 13, 18 wounds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QInputDialog

from encounter_app.rules.ruins_and_raiders import Sacrifice
from encounter_app.services.fight import turns
from encounter_app.systems.ruins_and_raiders.services import turns as rr_turns
from encounter_app.systems.ruins_and_raiders.ui.profile import profile
from encounter_app.systems.ruins_and_raiders.ui.trait_dialog import (
    ATTACK,
    OPPOSED,
    TASK,
    TraitCheckDialog,
)
from tests.helpers.modal import cancel_next_modal
from tests.helpers.systems import SYSTEMS

RUINS = profile(SYSTEMS.get("ruins_and_raiders"))
ruins_status, ruins_info = RUINS.card_status, RUINS.row_info

MELEE, SHORT = 0, 1
PARRY, DODGE = 0, 1
HEDDA, JACKAL, WARDEN, SEFA = "Hedda Stonefist", "Ruin Jackal", "Crypt Warden", "Sefa the Quiet"


@pytest.fixture
def program(launch_demo):
    return launch_demo("ruins_and_raiders")


def row(program, name):
    return next(r for r in program.session.combatants if r.name == name)


def trait_action(program) -> QAction:
    action = next(a for a in program.window.findChildren(QAction)
                  if a.text().replace("&", "") == "Trait check…")
    assert action.shortcut().toString() == "C"
    return action


def pick(dialog: TraitCheckDialog, combo, name: str) -> None:
    combo.setCurrentIndex(next(i for i, r in enumerate(dialog.rows) if r.name == name))


def attack(dialog: TraitCheckDialog, attacker: str, target: str, *, range_: int = MELEE,
           defence: int = PARRY, charge: int = 0) -> None:
    pick(dialog, dialog.actor, attacker)
    dialog.mode.setCurrentIndex(ATTACK)
    dialog.trait.setCurrentIndex(dialog.trait.findData("warrior"))
    pick(dialog, dialog.target, target)
    dialog.range.setCurrentIndex(range_)
    dialog.defence.setCurrentIndex(defence)
    dialog.charge.setValue(charge)
    dialog.uses_action.setChecked(False)


def shown_parts(dialog: TraitCheckDialog) -> list[tuple[str, bool]]:
    """The parts from this round the GM sees: (text, ticked)."""
    return [(box.text(), box.isChecked()) for box in dialog.round_checks if box.isVisible()]


def run_check(qtbot, program, fill: Callable[[TraitCheckDialog], None],
              dice: tuple[int, int] | None, seen: list | None = None) -> None:
    """Press C, let ``fill`` set the dialog, type the dice and press Record (or, with no dice,
    Cancel); ``seen`` gets what the dialog showed just before."""
    def act(dialog):
        assert isinstance(dialog, TraitCheckDialog)
        fill(dialog)
        if dice is not None:
            for box, value in zip(dialog.typed, dice, strict=True):
                box.setValue(value)
        if seen is not None:
            seen.append((shown_parts(dialog), dialog.summary.text(), dialog.request()))
        if dice is not None:
            assert dialog.roll_button.text() == "Record"
            dialog.roll_button.click()

    cancel_next_modal(act)
    trait_action(program).trigger()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)


def end_the_round(qtbot, program) -> None:
    round_ = program.session.round
    for _ in range(len(program.session.combatants) + 1):
        program.window.next_action.trigger()
        if program.session.round > round_:
            return
    raise AssertionError("the round did not end")


def roll_initiative(qtbot, program) -> None:
    program.window.fight.roll_initiative()
    qtbot.waitUntil(lambda: program.session.round == 1 and len(program.session.rolls) == 1)


def give_up(program, name: str, sacrifice: Sacrifice) -> None:
    program.undo_stack.push(rr_turns.give_up_action(program.session, row(program, name).id,
                                                 sacrifice))


# -- the charge, remembered for the round ----------------------------------------------------

def test_a_charge_is_remembered_and_an_enemy_melee_hit_on_the_charger_takes_its_momentum(
        qtbot, program):
    session, stack = program.session, program.undo_stack
    roll_initiative(qtbot, program)
    # Hedda charges 9 spaces into the Crypt Warden: 6 + 3 + 4 = 13 against Parry 13, a hit.
    run_check(qtbot, program, lambda d: attack(d, HEDDA, WARDEN, charge=9), (6, 3))
    hedda = row(program, HEDDA)
    assert "Charged 9 sp" in ruins_status(hedda)  # the card
    assert "Charged 9 sp" in ruins_info(hedda)  # the order
    steps = stack.count()

    # The Jackal bites back in melee: the dialog shows the momentum before anything is rolled.
    seen: list = []
    run_check(qtbot, program, lambda d: attack(d, JACKAL, HEDDA), (6, 5), seen)
    parts, summary, request = seen[0]
    assert parts == [("Momentum of Hedda Stonefist's charge: +3 wounds", True)]
    # mox + Brawn 1 + weapon 3 + momentum 3 - Fortitude 3 - armour 3
    assert "Wounds of a hit: mox + 1" in summary
    assert request.challenge == 12  # Parry: the charge changes the wounds, not the challenge
    # 6 + 5 + Warrior 2 = 13 against Parry 12: mox 1, 1 + 1 = 2 wounds.
    assert row(program, HEDDA).hp_marked == hedda.hp_marked + 2
    log = session.rolls[0]
    assert "+ momentum of Hedda Stonefist's charge 3" in log.detail and "2 wounds" in log.summary
    assert stack.count() == steps + 1  # the roll and its wounds: one step
    stack.undo()
    assert row(program, HEDDA) == hedda and session.rolls[0] != log

    # A ranged attack on the charger adds none: 6 + 5 + 2 = 13 against Dodge 8, mox 5,
    # 5 + 1 + 3 - 3 - 3 = 3 wounds.
    seen.clear()
    run_check(qtbot, program, lambda d: attack(d, JACKAL, HEDDA, range_=SHORT,
                                               defence=DODGE), (6, 5), seen)
    parts, summary, _request = seen[0]
    assert parts == [] and "Wounds of a hit: mox - 2" in summary
    assert row(program, HEDDA).hp_marked == hedda.hp_marked + 3
    assert "momentum" not in session.rolls[0].detail

    # Next round the charge is over: gone from the card, and a melee hit takes no momentum.
    end_the_round(qtbot, program)
    assert "Charged" not in ruins_status(row(program, HEDDA))
    seen.clear()
    run_check(qtbot, program, lambda d: attack(d, JACKAL, HEDDA), None, seen)
    parts, summary, _request = seen[0]
    assert parts == [] and "Wounds of a hit: mox - 2" in summary


def test_undoing_the_charging_attack_forgets_the_charge_and_cancel_changes_nothing(
        qtbot, program):
    stack = program.undo_stack
    roll_initiative(qtbot, program)
    before, steps = row(program, HEDDA), stack.count()
    run_check(qtbot, program, lambda d: attack(d, HEDDA, JACKAL, charge=9), None)  # Cancel
    assert stack.count() == steps and row(program, HEDDA) == before
    run_check(qtbot, program, lambda d: attack(d, HEDDA, JACKAL, charge=9), (1, 1))  # a miss
    assert "Charged 9 sp" in ruins_status(row(program, HEDDA))  # charged all the same
    stack.undo()
    assert row(program, HEDDA) == before and "Charged" not in ruins_status(before)


# -- the bonuses of actions given up -----------------------------------------------------------

def test_aim_gives_3_to_the_next_attack_and_is_then_gone_from_the_card(
        qtbot, program, monkeypatch):
    session, stack = program.session, program.undo_stack
    roll_initiative(qtbot, program)
    # The GM gives up one of Hedda's actions for Aim (G, on the card in the spotlight).
    cards = program.window.fight.cards
    card = cards.model().index(program.session.combatants.index_of(row(program, HEDDA).id), 0)
    qtbot.mouseClick(cards.viewport(), Qt.MouseButton.LeftButton,
                     pos=cards.visualRect(card).center())
    assert cards.selected_id() == row(program, HEDDA).id
    monkeypatch.setattr(QInputDialog, "getItem",
                        lambda _p, _t, _text, names, *_a: (names[0], True))
    next(a for a in program.window.findChildren(QAction)
         if "Give up an action" in a.text()).trigger()
    assert "Aim +3" in ruins_status(row(program, HEDDA))
    with_aim = row(program, HEDDA)

    seen: list = []
    # 3 + 3 + Warrior 4 + Aim 3 = 13 against the Crypt Warden's Parry 13: a hit only with
    # Aim's help.
    run_check(qtbot, program, lambda d: attack(d, HEDDA, WARDEN), (3, 3), seen)
    parts, summary, request = seen[0]
    assert parts == [("Hedda Stonefist's Aim: +3 to the attack", True)]
    assert request.trait == 4 + 3 and "2d6 +7 against challenge 13" in summary
    log = session.rolls[0]
    assert "+ 7 Warrior +3 Aim = 13" in log.detail and "success" in log.summary
    assert "Aim" not in ruins_status(row(program, HEDDA))  # used by this attack
    # The next attack has no Aim.
    seen.clear()
    run_check(qtbot, program, lambda d: attack(d, HEDDA, WARDEN), None, seen)
    assert seen[0][0] == [] and seen[0][2].trait == 4
    # Undo of the check brings the Aim back.
    stack.undo()
    assert row(program, HEDDA) == with_aim and "Aim +3" in ruins_status(with_aim)
    assert not session.rolls or session.rolls[0] != log


def test_an_unticked_aim_is_not_added_and_not_used(qtbot, program):
    roll_initiative(qtbot, program)
    give_up(program, HEDDA, Sacrifice.AIM)
    seen: list = []

    def untick(dialog):
        attack(dialog, HEDDA, JACKAL)
        dialog.round_checks[0].setChecked(False)

    run_check(qtbot, program, untick, (3, 3), seen)
    parts, summary, request = seen[0]
    assert parts == [("Hedda Stonefist's Aim: +3 to the attack", False)]
    assert request.trait == 4 and "2d6 +4 against" in summary
    assert "Aim +3" in ruins_status(row(program, HEDDA))  # kept for a later attack


def test_haymaker_adds_10_to_the_wounds_of_the_next_attack(qtbot, program):
    session = program.session
    roll_initiative(qtbot, program)
    give_up(program, HEDDA, Sacrifice.HAYMAKER)
    warden = row(program, WARDEN)
    seen: list = []
    # 5 + 4 + Warrior 4 = 13 against Parry 13: mox 0;
    # wounds 0 + Brawn 3 + weapon 5 + Haymaker 10 - Fortitude 4 - armour 4 = 10.
    run_check(qtbot, program, lambda d: attack(d, HEDDA, WARDEN), (5, 4), seen)
    parts, summary, _request = seen[0]
    assert parts == [("Hedda Stonefist's Haymaker: +10 wounds", True)]
    assert "Wounds of a hit: mox + 10" in summary
    assert row(program, WARDEN).hp_marked == warden.hp_marked + 10
    assert "+ Haymaker 10 - Fortitude 4" in session.rolls[0].detail
    assert "Haymaker" not in ruins_status(row(program, HEDDA))


def test_defend_raises_the_challenge_to_hit_for_the_whole_round(qtbot, program):
    roll_initiative(qtbot, program)
    give_up(program, HEDDA, Sacrifice.DEFEND)
    seen: list = []
    # Parry 12 + Defend 3: 4 + 4 + 2 = 10 misses.
    run_check(qtbot, program, lambda d: attack(d, JACKAL, HEDDA), (4, 4), seen)
    parts, _summary, request = seen[0]
    assert parts == [("Hedda Stonefist's Defend: +3 to the challenge", True)]
    assert request.challenge == 12 + 3 and "Hedda Stonefist's Defend +3" in request.reason
    assert "Defend +3" in ruins_status(row(program, HEDDA))  # still there: it lasts the round
    # A second attack, ranged on Dodge 8, in the same round: Defend still counts.
    seen.clear()
    run_check(qtbot, program, lambda d: attack(d, JACKAL, HEDDA, range_=SHORT, defence=DODGE),
              (4, 4), seen)
    assert seen[0][2].challenge == 8 + 3
    # An unaware target has no defence to add to: a flat 4.
    seen.clear()
    run_check(qtbot, program, lambda d: (attack(d, JACKAL, HEDDA), d.unaware.setChecked(True)),
              None, seen)
    assert seen[0][0] == [] and seen[0][2].challenge == 4
    end_the_round(qtbot, program)
    assert "Defend" not in ruins_status(row(program, HEDDA))
    seen.clear()
    run_check(qtbot, program, lambda d: attack(d, JACKAL, HEDDA), None, seen)
    assert seen[0][0] == [] and seen[0][2].challenge == 12


def test_resist_and_look_help_the_next_such_check_even_as_the_opponent(qtbot, program):
    stack = program.undo_stack
    roll_initiative(qtbot, program)
    give_up(program, SEFA, Sacrifice.RESIST)
    give_up(program, SEFA, Sacrifice.LOOK)

    def defiance_task(dialog):
        pick(dialog, dialog.actor, SEFA)
        dialog.mode.setCurrentIndex(TASK)
        dialog.trait.setCurrentIndex(dialog.trait.findData("defiance"))
        dialog.uses_action.setChecked(False)

    seen: list = []
    run_check(qtbot, program, defiance_task, (3, 3), seen)
    parts, _summary, request = seen[0]
    assert parts == [("Sefa the Quiet's Resist: +3 Defiance", True)]
    assert request.trait == 4 + 3
    status = ruins_status(row(program, SEFA))
    assert "Resist" not in status and "Look +3" in status

    # A Jackal tries to slip past Sefa: Athlete against her Perception 3 + 7, and Look + 3.
    def sneak(dialog):
        pick(dialog, dialog.actor, JACKAL)
        dialog.mode.setCurrentIndex(OPPOSED)
        dialog.trait.setCurrentIndex(dialog.trait.findData("athlete"))
        pick(dialog, dialog.opponent, SEFA)
        dialog.opponent_trait.setCurrentIndex(dialog.opponent_trait.findData("perception"))
        dialog.uses_action.setChecked(False)

    seen.clear()
    run_check(qtbot, program, sneak, (6, 6), seen)
    parts, _summary, request = seen[0]
    assert parts == [("Sefa the Quiet's Look: +3 to the challenge", True)]
    assert request.challenge == 3 + 7 + 3
    assert "Look" not in ruins_status(row(program, SEFA))
    stack.undo()
    assert "Look +3" in ruins_status(row(program, SEFA))


# -- the dialog keeps still and fits the screen ------------------------------------------------

def test_the_parts_keep_their_room_so_nothing_moves_and_the_dialog_fits_1366x768(
        qtbot, program):
    roll_initiative(qtbot, program)
    for sacrifice in (Sacrifice.AIM, Sacrifice.HAYMAKER):
        give_up(program, HEDDA, sacrifice)
    give_up(program, JACKAL, Sacrifice.DEFEND)
    jackal = row(program, JACKAL)
    program.undo_stack.push(turns.set_state(program.session, jackal,
                                            replace(jackal.system_state, charged=12), "charge"))
    rows = [r for r in program.session.combatants if not r.defeated]
    dialog = TraitCheckDialog(rows, row(program, HEDDA).id, program.window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    attack(dialog, HEDDA, JACKAL)
    qtbot.wait(10)
    assert len(shown_parts(dialog)) == 4  # Aim, Haymaker, Defend, momentum: all in view
    assert dialog.height() <= 768 - 80 and dialog.width() <= 1366
    button = dialog.roll_button

    def where():
        qtbot.wait(10)
        return button.mapTo(dialog, button.rect().topLeft())

    at = where()
    dialog.round_checks[2].setChecked(False)  # the GM unticks the Defend
    assert where() == at and dialog.request().challenge == 9
    pick(dialog, dialog.target, "Ruin Jackal (2)")  # a target with nothing from this round
    assert len(shown_parts(dialog)) == 2 and where() == at
    dialog.typed[0].setValue(3)  # typing one die: one line more in the summary
    assert where() == at
    pick(dialog, dialog.target, JACKAL)
    assert [ticked for _text, ticked in shown_parts(dialog)] == [True, True, False, True]
    assert where() == at
