"""SHOWN TO PLAYERS marks in the roll log only what the players received: a public roll whose
players' words are "" (a GM-only countdown's trigger, a hidden attacker's roll) is not marked,
and the mark follows what the players can see."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.rules.daggerheart import Outcome
from encounter_app.services import player_view
from encounter_app.services.fight import table
from encounter_app.services.fight.commands import RecordRoll, SetFear, UpdateCombatant
from encounter_app.services.player_view import SetRollPublic
from encounter_app.services.rolls.rules_service import compute
from encounter_app.systems.daggerheart.requests import AttackRequest, Target
from encounter_app.ui.fight.models import RollLogModel, ShownRole
from encounter_app.ui.fight.roll_log import PUBLIC_MARK, RollLogView, summary_text


def rolled(request):
    return describe(RollResult(0, request, compute(request, random.Random(3))))


def by_name(session, name: str):
    return next(c for c in session.combatants if c.name == name)


@pytest.fixture
def log(qtbot, demo_session):
    view = RollLogView(RollLogModel(demo_session), demo_session.system)
    qtbot.addWidget(view)
    view.resize(340, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


def line(log, roll_id: int) -> tuple[str, str]:
    """The row's first line as painted, and what a screen reader reads of it."""
    model = log.model()
    index = next(model.index(r) for r in range(model.rowCount())
                 if model.index(r).data(Qt.ItemDataRole.UserRole + 1).id == roll_id)
    row = index.data(Qt.ItemDataRole.UserRole + 1)
    return (summary_text(row, bool(index.data(ShownRole))),
            index.data(Qt.ItemDataRole.AccessibleTextRole))


def test_a_public_roll_the_players_read_is_marked(log, demo_session, undo_stack):
    undo_stack.push(RecordRoll(demo_session, rolled(DiceRequest("1d20", "Fall"))))
    roll = demo_session.rolls[0]
    painted, spoken = line(log, roll.id)
    assert not painted.startswith(PUBLIC_MARK) and not spoken.startswith("Shown")
    undo_stack.push(SetRollPublic(demo_session, roll, True))
    painted, spoken = line(log, roll.id)
    assert painted == PUBLIC_MARK + roll.summary and spoken.startswith("Shown to players.")


def test_a_gm_only_countdown_s_trigger_is_not_marked_until_the_countdown_is_shown(
        log, demo_session, undo_stack):
    session = demo_session
    bell = session.countdowns[0]
    assert not bell.visible
    undo_stack.push(SetFear(session, 0))
    for _ in range(bell.value):
        undo_stack.push(table.record_outcome(session, Outcome.FAILURE_WITH_FEAR).command)
    trigger = next(r for r in session.rolls if r.kind == "countdown")
    undo_stack.push(SetRollPublic(session, trigger, True))
    assert player_view.words_for_players(session, trigger) == ""
    painted, spoken = line(log, trigger.id)
    assert not painted.startswith(PUBLIC_MARK)
    assert spoken.startswith("Made public, but the players see nothing of it")
    undo_stack.push(player_view.set_countdown_visible(session, session.countdowns[0], True))
    assert line(log, trigger.id)[0].startswith(PUBLIC_MARK)  # now they read it


def test_a_hidden_attacker_s_roll_is_not_marked_and_is_once_it_is_shown(
        log, demo_session, undo_stack):
    session = demo_session
    stalker = by_name(session, "Bramble Stalker")
    brannoc = by_name(session, "Brannoc (Guardian)")
    undo_stack.push(UpdateCombatant(session, replace(stalker, hidden=True), "Hide"))
    attack = rolled(AttackRequest(stalker.name, 30, "1d4", (Target(brannoc.name, 8, brannoc.id),),
                                  attack_name="Thorned Claws", combatant_id=stalker.id))
    undo_stack.push(RecordRoll(session, replace(attack, public=True)))
    roll = session.rolls[0]
    assert not line(log, roll.id)[0].startswith(PUBLIC_MARK)
    before = log.visualRect(log.model().index(0)).height()
    undo_stack.push(UpdateCombatant(session, replace(by_name(session, stalker.name),
                                                     hidden=False), "Show"))
    assert line(log, roll.id)[0].startswith(PUBLIC_MARK)
    log.doItemsLayout()  # the marked line may take more room: nothing overlaps
    assert log.visualRect(log.model().index(0)).height() >= before
    undo_stack.undo()  # hidden again
    assert not line(log, roll.id)[0].startswith(PUBLIC_MARK)
