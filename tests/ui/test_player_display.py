"""The player display: what the players see, live, and nothing the GM keeps to themselves."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from encounter_app.domain import RollRow
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.services import player_view
from encounter_app.services.fight.commands import RecordRoll, SetFear, SetMarks, UpdateCombatant
from encounter_app.services.player_view import SetRollPublic
from encounter_app.services.rolls.rules_service import compute
from encounter_app.systems.daggerheart.requests import AttackRequest, Target
from encounter_app.systems.daggerheart.services import adversaries as adversary_operations
from encounter_app.ui.fight.models import RowRole
from tests.helpers.shown import everything_shown

SECRET_ROLL = RollRow(kind="reaction", actor="Chapel Warden",
                      summary="Chapel Warden: reaction roll 19, succeeds",
                      detail="d20 (17) + 2 = 19 vs Difficulty 14")


@pytest.fixture
def table(qtbot, program):
    """The demo fight with secrets: a hidden adversary, marks, a GM-only countdown, a private
    roll; and the player display open on it."""
    session, stack = program.session, program.undo_stack
    stalker = next(c for c in session.combatants if c.name == "Bramble Stalker")
    stack.push(UpdateCombatant(session, replace(stalker, hidden=True), "Hide"))
    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    stack.push(SetMarks(session, warden.id, 2, 3))
    stack.push(RecordRoll(session, SECRET_ROLL))
    action = program.window.findChild(type(program.window.next_action), "actionPlayerDisplay")
    action.trigger()
    display = program.window.findChild(QWidget, "playerDisplay")
    assert display is not None and display.isVisible()
    qtbot.waitExposed(display)
    return program, display


def secrets(program) -> list[str]:
    session = program.session
    hidden = [c for c in session.combatants if c.hidden]
    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    gm_only = [c.name for c in session.countdowns if not c.visible]
    return ([c.name for c in hidden] + gm_only
            + [SECRET_ROLL.summary, SECRET_ROLL.detail, "Difficulty", "Threshold", "HP",
               "Stress", f"{warden.hp_marked}/{warden.hp_max}", warden.stats.description,
               warden.stats.motives, "Evasion"])


def test_nothing_secret_appears_on_the_player_display(table):
    program, display = table
    shown = everything_shown(display)
    assert "Chapel Warden" in shown  # the walk sees the order at all
    for secret in secrets(program):
        assert secret not in shown, f"the players can see {secret!r}"


def test_the_display_follows_the_fight_live(qtbot, table):
    program, display = table
    session, stack = program.session, program.undo_stack
    fear = display.findChild(QWidget, "playerFear")
    assert f"{session.fear} Fear" in fear.accessibleDescription()
    stack.push(SetFear(session, session.fear + 1))
    assert f"{session.fear} Fear" in fear.accessibleDescription()

    order = display.order_model
    active = [order.index(r, 0).data(RowRole) for r in range(order.rowCount())]
    assert [e.active for e in active].index(True) == 0
    program.window.next_turn()
    assert order.index(1, 0).data(RowRole).active
    assert not order.index(0, 0).data(RowRole).active
    assert "Round 1" in display.round_label.text()
    for _ in range(len(session.combatants)):  # on past the end of the order: a new round
        program.window.next_turn()
    assert session.round == 2
    assert "Round 2" in display.round_label.text()

    countdowns = display.countdown_model
    assert countdowns.rowCount() == 0
    bell = session.countdowns[0]
    stack.push(player_view.set_countdown_visible(session, bell, True))
    assert countdowns.rowCount() == 1
    assert bell.name in countdowns.index(0, 0).data(Qt.ItemDataRole.AccessibleTextRole)
    stack.undo()
    assert countdowns.rowCount() == 0
    assert bell.name not in everything_shown(display)


def attack_by(row, target) -> RollRow:
    """An attack by adversary ``row`` on ``target``, rolled and logged as the program does."""
    request = AttackRequest(row.name, 30, "1d8", (Target(target.name, target.evasion,
                                                         target.id),),
                            attack_name=row.stats.attack_name, combatant_id=row.id)
    return describe(RollResult(0, request, compute(request, random.Random(1))))


def test_a_roll_made_public_shows_in_the_players_words_and_a_hidden_ones_not_at_all(
        qtbot, table):
    program, display = table
    session, stack = program.session, program.undo_stack
    roll = display.findChild(QLabel, "playerRoll")
    assert not roll.isVisibleTo(display)  # only a private roll so far
    stalker = next(c for c in session.combatants if c.hidden)
    wren = next(c for c in session.combatants if c.name == "Wren Tallow (Rogue)")
    stack.push(RecordRoll(session, attack_by(stalker, wren)))
    stack.push(SetRollPublic(session, session.rolls[0], True))
    # Not "someone unseen Thorned Claws": a hidden attacker's roll is not shown at all.
    assert not roll.isVisibleTo(display)
    shown = everything_shown(display)
    assert stalker.name not in shown and stalker.stats.attack_name not in shown
    assert "unseen" not in shown

    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    line = attack_by(warden, wren)
    stack.push(RecordRoll(session, line))
    stack.push(SetRollPublic(session, session.rolls[0], True))
    assert roll.isVisibleTo(display)
    total, damage = line.payload["result"]["total"], line.payload["result"]["damage_total"]
    assert roll.text() == (f"Chapel Warden Bell Flail: {total}, hits {wren.name} for {damage}"
                           " damage")
    assert "vs Evasion" not in everything_shown(display)
    stack.undo()  # back to private, and off the display
    assert not roll.isVisibleTo(display)
    assert program.store.rolls(session.encounter_id)[0].public is False


def test_the_players_see_the_conditions_of_whom_they_see(qtbot, table):
    program, display = table
    session, stack = program.session, program.undo_stack
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    stack.push(adversary_operations.add_condition(session, sentry.id, "Vulnerable").command)
    assert "Adversary Ashen Sentry, Vulnerable" in everything_shown(display)
    stalker = next(c for c in session.combatants if c.hidden)
    stack.push(adversary_operations.add_condition(session, stalker.id, "Restrained").command)
    assert "Restrained" not in everything_shown(display)


def test_a_defeated_adversary_and_a_triggered_countdown_say_so_in_words(qtbot, table):
    program, display = table
    session, stack = program.session, program.undo_stack
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    stack.push(SetMarks(session, sentry.id, sentry.hp_max, 0))
    texts = everything_shown(display)
    assert "Ashen Sentry, defeated" in texts
    bell = session.countdowns[0]
    stack.push(player_view.set_countdown_visible(session, replace(bell, value=0), True))
    assert f"{bell.name}: TRIGGERED" in everything_shown(display)


def test_closing_the_display_unticks_its_action_and_f5_opens_it_again(qtbot, table):
    program, display = table
    action = program.window.table_controls.player_screen.action
    display.close()
    assert not action.isChecked()
    program.window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is program.window)
    qtbot.keyClick(program.window, Qt.Key.Key_F5)
    assert action.isChecked() and display.isVisible()
    action.trigger()
    assert not display.isVisible()


def test_the_player_models_are_sound(qtmodeltester, table):
    program, display = table
    qtmodeltester.check(display.order_model, force_py=True)
    qtmodeltester.check(display.countdown_model, force_py=True)
    program.undo_stack.push(player_view.set_countdown_visible(
        program.session, program.session.countdowns[1], True))
    qtmodeltester.check(display.countdown_model, force_py=True)


def test_after_restoring_a_backup_the_players_still_have_their_display(qtbot, table):
    program, old_display = table
    backup = program.store.backup()
    program.restore(backup)
    display = program.window.table_controls.player_screen.display
    assert display is not None and display.isVisible()
    assert display is not old_display
    assert display.order_model.rowCount() == len(
        [c for c in program.session.combatants if not c.hidden])


def test_as_a_window_the_display_comes_back_where_it_was_left(qtbot, table):
    program, display = table
    action = program.window.table_controls.player_screen.action
    display.resize(790, 480)  # inside the offscreen screen (800x600)
    action.trigger()  # closed
    display.resize(790, 590)  # what a reopening must not keep
    action.trigger()
    assert display.isVisible() and (display.width(), display.height()) == (790, 480)


def test_closing_the_gm_window_closes_the_players_window_too(table):
    program, display = table
    program.window.close()
    assert not display.isVisible()
