"""What the players may see, and the undoable choices of what to show them."""

from __future__ import annotations

from dataclasses import replace

from encounter_app.domain import RollRow
from encounter_app.services import player_view
from encounter_app.services.fight.commands import RecordRoll, UpdateCombatant
from encounter_app.services.player_view import UNSEEN, SetRollPublic, redact


def test_redact_takes_the_longest_name_first():
    assert redact("Jagged Knife Sniper shoots the Sniper", ["Sniper", "Jagged Knife Sniper"]) \
        == f"{UNSEEN} shoots the {UNSEEN}"
    assert redact("nothing hidden", ["", "Ghost"]) == "nothing hidden"


def test_showing_a_countdown_and_a_roll_is_saved_and_undone(demo_session, undo_stack):
    session, store = demo_session, demo_session.store
    bell = session.countdowns[0]
    assert not bell.visible and player_view.player_countdowns(session.countdowns) == []
    undo_stack.push(player_view.set_countdown_visible(session, bell, True))
    assert store.countdowns(session.encounter_id)[0].visible
    assert [c.name for c in player_view.player_countdowns(session.countdowns)] == [bell.name]
    undo_stack.push(RecordRoll(session, RollRow(kind="dice", summary="1d20 = 12")))
    undo_stack.push(SetRollPublic(session, session.rolls[0], True))
    assert store.rolls(session.encounter_id)[0].public
    assert player_view.latest_public_roll(session) == "1d20 = 12"
    undo_stack.undo()
    assert not store.rolls(session.encounter_id)[0].public
    assert player_view.latest_public_roll(session) == ""
    undo_stack.redo()
    assert session.rolls[0].public
    for _ in range(3):
        undo_stack.undo()
    assert not store.countdowns(session.encounter_id)[0].visible


def test_hidden_combatants_leave_the_order_and_their_names_leave_public_rolls(
        demo_session, undo_stack):
    session = demo_session
    stalker = next(c for c in session.combatants if c.name == "Bramble Stalker")
    undo_stack.push(UpdateCombatant(session, replace(stalker, hidden=True), "Hide"))
    order = player_view.player_order(session.combatants, session.active_id)
    assert stalker.name not in [e.name for e in order]
    assert len(order) == len(session.combatants) - 1
    assert order[0].active
    undo_stack.push(RecordRoll(session, RollRow(
        kind="attack", summary="Bramble Stalker Thorns: 14, hits Brannoc (Guardian)",
        public=True)))
    text = player_view.latest_public_roll(session)
    assert text == f"{UNSEEN} Thorns: 14, hits Brannoc (Guardian)"
    gm_only = session.countdowns[0].name
    undo_stack.push(RecordRoll(session, RollRow(kind="countdown", public=True,
                                                summary=f"⚠ {gm_only} TRIGGERED")))
    assert gm_only not in player_view.latest_public_roll(session)
