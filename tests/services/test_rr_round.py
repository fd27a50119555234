"""Ruins & Raiders: what a recorded trait check leaves for the round (services/systems/
ruins_round.py): the charge remembered, the given-up bonuses used, all in one undo step."""

from __future__ import annotations

from encounter_app.rules.ruins_and_raiders import Sacrifice
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.ruins_and_raiders.services import round as ruins_round
from encounter_app.systems.ruins_and_raiders.services import turns as rr_turns
from tests.helpers.systems import SYSTEMS, create_sample, next_turn


def open_sample(store) -> EncounterSession:
    return EncounterSession(store, create_sample(store, "ruins_and_raiders", seed=1).id, SYSTEMS)


def by_name(session: EncounterSession, name: str):
    return next(r for r in session.combatants if r.name == name)


def test_one_check_changes_each_combatant_once_and_undoes_as_one(qtbot, store, undo_stack):
    session = open_sample(store)
    hedda, warden = by_name(session, "Hedda Stonefist"), by_name(session, "Crypt Warden")
    for sacrifice in (Sacrifice.AIM, Sacrifice.HAYMAKER):
        undo_stack.push(rr_turns.give_up_action(session, hedda.id, sacrifice))
    undo_stack.push(rr_turns.give_up_action(session, warden.id, Sacrifice.DEFEND))
    before = [by_name(session, n) for n in ("Hedda Stonefist", "Crypt Warden")]
    # Hedda's last action: a charge of 9 spaces with Aim and Haymaker into the Warden, who
    # Defends; 10 wounds.
    parts = ruins_round.check_recorded(
        session, hedda.id, uses_action=True, charge=9,
        used={hedda.id: [Sacrifice.AIM, Sacrifice.HAYMAKER], warden.id: [Sacrifice.DEFEND]},
        wounds=(warden.id, 10))
    assert len(parts) == 2  # one change per combatant: none overwrites another
    undo_stack.push(Compound("Roll", parts))
    hedda, warden = by_name(session, "Hedda Stonefist"), by_name(session, "Crypt Warden")
    assert rr_turns.actions_left(hedda) == 0 and ruins_round.charged(hedda) == 9
    assert hedda.system_state.sacrificed == ()
    assert ruins_round.momentum_taken(hedda) == 3
    assert warden.system_state.sacrificed == (Sacrifice.DEFEND,)  # Defend lasts the round
    assert warden.hp_marked == before[1].hp_marked + 10
    undo_stack.undo()
    assert [by_name(session, n) for n in ("Hedda Stonefist", "Crypt Warden")] == before


def test_the_charge_and_the_bonuses_end_with_the_round(qtbot, store, undo_stack):
    session = open_sample(store)
    hedda = by_name(session, "Hedda Stonefist")
    undo_stack.push(rr_turns.give_up_action(session, hedda.id, Sacrifice.LOOK))
    undo_stack.push(Compound("Roll", ruins_round.check_recorded(session, hedda.id, charge=7)))
    assert ruins_round.charged(by_name(session, "Hedda Stonefist")) == 7
    assert ruins_round.sacrifices(by_name(session, "Hedda Stonefist")) == [Sacrifice.LOOK]
    round_ = session.round
    while session.round == round_:
        undo_stack.push(next_turn(session, "ruins_and_raiders"))
    hedda = by_name(session, "Hedda Stonefist")
    assert ruins_round.charged(hedda) == 0 and ruins_round.momentum_taken(hedda) == 0
    assert ruins_round.sacrifices(hedda) == []


def test_a_check_without_a_charge_keeps_the_one_made_and_a_missing_combatant_is_skipped(
        qtbot, store):
    session = open_sample(store)
    hedda = by_name(session, "Hedda Stonefist")
    session_parts = ruins_round.check_recorded(session, hedda.id, charge=9)
    session_parts[0].redo()
    assert ruins_round.check_recorded(session, hedda.id, charge=0) == []
    assert ruins_round.check_recorded(session, 10_000, uses_action=True, charge=3,
                                      used={10_000: [Sacrifice.AIM]},
                                      wounds=(10_000, 4)) == []
