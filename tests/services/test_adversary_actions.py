"""The GM's adversary actions through the session and the undo undo_stack: saved at once, one undo
step each, and undo puts back exactly what was there (in the window's lists and in the file)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from encounter_app.domain.adversaries import Refused, combatant_from
from encounter_app.services.fight.commands import SetFear
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.services import adversaries as actions

SAMPLES = {s.name: s for s in load_sample_adversaries()}


@pytest.fixture
def session(demo_session):
    return demo_session


def add(session, sample, name=None):
    return session.add_combatant(combatant_from(SAMPLES[sample], name))


def row(session, cid):
    return session.combatants[session.combatants.index_of(cid)]


def snapshot(session, store):
    """What the window shows and what the file holds: both must move together."""
    eid = session.encounter_id
    shown = (list(session.combatants), session.active_id, session.round, session.fear,
             list(session.fear_ledger))
    stored = (store.combatants(eid), store.encounter(eid).active_combatant_id,
              store.encounter(eid).round, store.campaign(session.campaign.id).fear,
              store.fear_ledger(session.campaign.id))
    assert shown == stored
    return shown


def push(undo_stack, action):
    assert undo_stack.count() == undo_stack.index()  # nothing left to redo: a fresh step
    before = undo_stack.count()
    undo_stack.push(action.command)
    assert undo_stack.count() == before + 1  # one GM action, one undo step
    return action.message


def assert_undo_redo(undo_stack, session, store, before):
    after = snapshot(session, store)
    undo_stack.undo()
    assert snapshot(session, store) == before
    undo_stack.redo()
    assert snapshot(session, store) == after


def sentry(session):
    return next(c for c in session.combatants if c.name == "Ashen Sentry")


def test_damage_marks_hp_by_thresholds_and_undo_restores_it(session, store, undo_stack):
    target = sentry(session)  # Major 9, Severe 16, HP 6
    before = snapshot(session, store)
    message = push(undo_stack, actions.damage(session, target.id, 9))
    assert row(session, target.id).hp_marked == 2
    assert message == "Ashen Sentry: 9 damage marks 2 HP (Major, 9 or more)."
    assert undo_stack.undoText() == "Damage Ashen Sentry: 9"
    assert_undo_redo(undo_stack, session, store, before)


def test_damage_that_marks_the_last_hp_announces_defeated_and_undo_revives(
        session, store, undo_stack):
    target = sentry(session)
    push(undo_stack, actions.damage(session, target.id, 16))
    before = snapshot(session, store)
    message = push(undo_stack, actions.damage(session, target.id, 40))  # 3 more would be 6/6
    assert row(session, target.id).defeated
    assert message.endswith("— defeated.")
    # Out of the rotation: Next from the PC before it skips it.
    index = session.combatants.index_of(target.id)
    session.set_turn(session.combatants[index - 1].id, 1)
    assert session.next_turn()[0] == session.combatants[index + 1].id
    undo_stack.undo()
    assert not row(session, target.id).defeated
    assert session.next_turn()[0] == target.id
    session.set_turn(before[1], before[2])
    assert snapshot(session, store) == before


def test_damage_on_a_defeated_adversary_or_of_zero_changes_nothing(session, store, undo_stack):
    target = sentry(session)
    push(undo_stack, actions.damage(session, target.id, 99))
    push(undo_stack, actions.damage(session, target.id, 99))
    before = snapshot(session, store)
    with pytest.raises(Refused, match="already defeated"):
        actions.damage(session, target.id, 5)
    other = next(c for c in session.combatants if c.name == "Hollow Archer")
    with pytest.raises(Refused, match="marks no HP"):
        actions.damage(session, other.id, 0)
    assert snapshot(session, store) == before


def test_minion_damage_defeats_the_picked_minions_in_one_undo_step(session, store, undo_stack):
    imps = [add(session, "Cinder Imp", f"Cinder Imp {i}") for i in range(1, 5)]
    before = snapshot(session, store)
    # 9 damage with Minion (4): the Imp hit, and 9 // 4 = 2 more the GM picks.
    message = push(undo_stack, actions.damage(session, imps[0].id, 9, [imps[1].id, imps[3].id]))
    assert [row(session, i.id).defeated for i in imps] == [True, True, False, True]
    assert message == ("Cinder Imp 1 is defeated (9 damage: any damage defeats a Minion). "
                       "Also defeated: Cinder Imp 2, Cinder Imp 4.")
    assert_undo_redo(undo_stack, session, store, before)


def test_picking_fewer_minions_is_allowed_and_said(session, undo_stack):
    imps = [add(session, "Cinder Imp", f"Cinder Imp {i}") for i in range(1, 4)]
    message = push(undo_stack, actions.damage(session, imps[0].id, 8, [imps[1].id]))
    assert "1 more could have been defeated" in message
    assert not row(session, imps[2].id).defeated


def test_picking_too_many_minions_is_refused_and_nothing_changes(session, store, undo_stack):
    imps = [add(session, "Cinder Imp", f"Cinder Imp {i}") for i in range(1, 5)]
    before = snapshot(session, store)
    with pytest.raises(Refused, match="defeats 1 more Minion, not 2"):
        actions.damage(session, imps[0].id, 4, [imps[1].id, imps[2].id])
    with pytest.raises(Refused, match="not another Minion"):
        actions.damage(session, imps[0].id, 4, [sentry(session).id])
    assert snapshot(session, store) == before


def test_stress_beyond_the_track_marks_hp_instead(session, store, undo_stack):
    target = sentry(session)  # Stress 3
    for _ in range(3):
        push(undo_stack, actions.mark_stress(session, target.id))
    before = snapshot(session, store)
    message = push(undo_stack, actions.mark_stress(session, target.id))
    after = row(session, target.id)
    assert (after.stress_marked, after.hp_marked) == (3, 1)
    assert "no Stress left to mark (3/3), so it marks 1 HP instead" in message
    assert_undo_redo(undo_stack, session, store, before)
    push(undo_stack, actions.clear_stress(session, target.id))
    assert row(session, target.id).stress_marked == 2


def test_conditions_are_added_and_removed_with_undo(session, store, undo_stack):
    target = sentry(session)
    before = snapshot(session, store)
    push(undo_stack, actions.add_condition(session, target.id, "Restrained"))
    push(undo_stack, actions.add_condition(session, target.id, "Soaked in oil"))
    assert row(session, target.id).conditions == ("Restrained", "Soaked in oil")
    with pytest.raises(Refused, match="already Restrained"):
        actions.add_condition(session, target.id, "restrained")
    push(undo_stack, actions.remove_condition(session, target.id, "Restrained"))
    assert row(session, target.id).conditions == ("Soaked in oil",)
    for _ in range(3):
        undo_stack.undo()
    assert snapshot(session, store) == before


def test_relentless_spotlights_are_counted_capped_and_reset_by_end_gm_turn(
        session, store, undo_stack):
    widow = add(session, "Mire Widow")  # Relentless (2)
    first_pc = session.combatants[0]
    assert session.active_id == first_pc.id
    push(undo_stack, actions.spotlight(session, widow.id))
    message = push(undo_stack, actions.spotlight(session, widow.id))
    assert message == "Mire Widow takes the spotlight. Spotlights 2/2."
    assert session.active_id == widow.id and row(session, widow.id).spotlights == 2
    before = snapshot(session, store)
    with pytest.raises(Refused, match=r"as many as Relentless \(2\) allows"):
        actions.spotlight(session, widow.id)
    # Fear does not buy a spotlight past X either.
    with pytest.raises(Refused, match="Relentless"):
        actions.spotlight(session, widow.id, fear_reason="interrupt")
    assert snapshot(session, store) == before

    message = push(undo_stack, actions.end_gm_turn(session))
    assert row(session, widow.id).spotlights == 0
    assert session.active_id == first_pc.id and session.round == 2  # the Widow was last
    assert message == f"GM turn over: the spotlight passes to {first_pc.name} (round 2)."
    assert_undo_redo(undo_stack, session, store, before)


def test_interrupt_spends_a_fear_and_takes_the_spotlight_in_one_step(session, store, undo_stack):
    archer = next(c for c in session.combatants if c.name == "Hollow Archer")
    before = snapshot(session, store)
    message = push(undo_stack, actions.spotlight(session, archer.id, fear_reason="interrupt"))
    assert session.fear == before[3] - 1
    assert session.fear_ledger[0].reason == "interrupt"
    assert session.fear_ledger[0].note == "Hollow Archer"
    assert session.active_id == archer.id
    assert message == "Interrupt: spent a Fear (2 left). Hollow Archer takes the spotlight."
    assert undo_stack.undoText() == "Interrupt: spotlight Hollow Archer (1 Fear)"
    assert_undo_redo(undo_stack, session, store, before)


def test_an_additional_gm_move_is_recorded_as_such(session, undo_stack):
    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    push(undo_stack, actions.spotlight(session, warden.id, fear_reason="extra_move"))
    assert session.fear_ledger[0].reason == "extra_move"


def test_interrupt_with_an_empty_pool_is_refused(session, store, undo_stack):
    undo_stack.push(SetFear(session, 0))
    archer = next(c for c in session.combatants if c.name == "Hollow Archer")
    before = snapshot(session, store)
    with pytest.raises(Refused, match="No Fear to spend: the pool is empty"):
        actions.spotlight(session, archer.id, fear_reason="interrupt")
    assert snapshot(session, store) == before


def test_a_slow_adversary_first_prepares_then_acts(session, store, undo_stack):
    golem = add(session, "Mossback Golem")
    message = push(undo_stack, actions.spotlight(session, golem.id))
    assert "cannot act yet" in message
    assert row(session, golem.id).slow_tokens == 1
    assert session.active_id == golem.id  # the spotlight was spent on it all the same
    push(undo_stack, actions.end_gm_turn(session))
    before = snapshot(session, store)
    message = push(undo_stack, actions.spotlight(session, golem.id))
    assert "clears its Slow token and acts" in message
    assert row(session, golem.id).slow_tokens == 0
    assert_undo_redo(undo_stack, session, store, before)


def test_slow_tokens_by_hand(session, undo_stack):
    golem = add(session, "Mossback Golem")
    push(undo_stack, actions.slow_token(session, golem.id, +1))
    assert row(session, golem.id).slow_tokens == 1
    push(undo_stack, actions.slow_token(session, golem.id, -1))
    assert row(session, golem.id).slow_tokens == 0
    with pytest.raises(Refused, match="not Slow"):
        actions.slow_token(session, sentry(session).id, +1)


def test_passing_the_turn_to_a_pc_ends_the_gm_turn(session, store, undo_stack):
    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    push(undo_stack, actions.spotlight(session, warden.id))
    # Next from the Warden lands on a PC: a new GM turn will count afresh.
    active, round_ = session.next_turn()
    assert row(session, active).kind == "pc"
    undo_stack.push(actions.pass_turn(session, active, round_))
    assert row(session, warden.id).spotlights == 0
    undo_stack.undo()
    assert row(session, warden.id).spotlights == 1 and session.active_id == warden.id
    # Next onto an adversary keeps the counts: the GM's turn goes on.
    archer = next(c for c in session.combatants if c.name == "Hollow Archer")
    undo_stack.push(actions.pass_turn(session, archer.id, session.round))
    assert row(session, warden.id).spotlights == 1


def test_end_gm_turn_during_the_players_turn_leaves_the_spotlight_alone(session, store,
                                                                        undo_stack):
    assert row(session, session.active_id).kind == "pc"
    before = snapshot(session, store)
    with pytest.raises(Refused, match=r"already with Aria Vell \(Seraph\): there is no GM turn"):
        actions.end_gm_turn(session)
    assert snapshot(session, store) == before
    # Counts left over (the GM passed the turn by hand) are still reset.
    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    session.update_combatant(replace(row(session, warden.id), spotlights=1))
    message = push(undo_stack, actions.end_gm_turn(session))
    assert message == "Spotlight counts reset; the spotlight stays with Aria Vell (Seraph)."
    assert row(session, warden.id).spotlights == 0 and session.active_id == before[1]
