"""Turn order and resources of Casus Mus, Ruins & Raiders and Forge of Power, as undo steps."""

from __future__ import annotations

import pytest

from encounter_app.domain import RollRow
from encounter_app.domain.initiative import Initiant, InitiativeScore
from encounter_app.rules.ruins_and_raiders import Sacrifice
from encounter_app.services.fight import turns
from encounter_app.services.fight.commands import SetTurn
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.rolls.rules_service import compute
from encounter_app.systems.casus_mus.services import turns as cm_turns
from encounter_app.systems.forge_of_power.services import turns as fop_turns
from encounter_app.systems.ruins_and_raiders.services import turns as rr_turns
from tests.helpers.scripted import Scripted
from tests.helpers.systems import (
    SYSTEMS,
    apply_initiative,
    create_sample,
    initiative_request,
    next_turn,
)


def open_sample(store, key: str) -> EncounterSession:
    return EncounterSession(store, create_sample(store, key, seed=1).id, SYSTEMS)


def by_name(session: EncounterSession, name: str):
    return next(r for r in session.combatants if r.name == name)


def names(session: EncounterSession) -> list[str]:
    return [r.name for r in session.combatants]


def push(undo_stack, command):
    undo_stack.push(command)
    return command


# -- Casus Mus ----------------------------------------------------------------------------

def test_casus_mus_points_come_from_hero_and_pow(qtbot, store):
    session = open_sample(store, "casus_mus")
    pip = by_name(session, "Pip Thistlewhisker")  # Hero, POW 14
    archer = by_name(session, "Stoat Archer")  # POW 6
    assert (cm_turns.ap_left(pip), cm_turns.lp_left(pip)) == (3, 3)
    assert (cm_turns.ap_left(archer), cm_turns.lp_left(archer)) == (2, 1)


def test_next_past_the_last_refreshes_action_points_in_one_undo_step(qtbot, store,
                                                                    undo_stack):
    session = open_sample(store, "casus_mus")
    pip = by_name(session, "Pip Thistlewhisker")
    push(undo_stack, cm_turns.spend(session, pip.id, "ap", 1))
    push(undo_stack, cm_turns.spend(session, pip.id, "ap", 1))
    last = session.combatants[len(session.combatants) - 1]
    push(undo_stack, next_turn(session, "casus_mus"))  # to the second: same round
    assert cm_turns.ap_left(by_name(session, pip.name)) == 1 and session.round == 1
    undo_stack.push(SetTurn(session, last.id, 1))
    push(undo_stack, next_turn(session, "casus_mus"))
    assert session.round == 2 and session.active_id == pip.id
    assert cm_turns.ap_left(by_name(session, pip.name)) == 3
    undo_stack.undo()
    assert session.round == 1 and cm_turns.ap_left(by_name(session, pip.name)) == 1


def test_spending_what_is_not_there_says_why(qtbot, store, undo_stack):
    session = open_sample(store, "casus_mus")
    archer = by_name(session, "Stoat Archer")
    push(undo_stack, cm_turns.spend(session, archer.id, "lp", 1))
    with pytest.raises(turns.TurnError, match="no Luck Points left"):
        cm_turns.spend(session, archer.id, "lp", 1)
    with pytest.raises(turns.TurnError, match="already has every Action Point"):
        cm_turns.spend(session, archer.id, "ap", -1)


def test_new_session_refreshes_luck_points_and_undoes(qtbot, store, undo_stack):
    session = open_sample(store, "casus_mus")
    assert cm_turns.refresh_luck_points(session) is None  # everyone is full
    hob = by_name(session, "Old Hob the Toad")  # POW 15: 3 LP
    push(undo_stack, cm_turns.spend(session, hob.id, "lp", 1))
    push(undo_stack, cm_turns.spend(session, hob.id, "lp", 1))
    command = push(undo_stack, cm_turns.refresh_luck_points(session))
    assert command.text() == "New session: refresh Luck Points"
    assert cm_turns.lp_left(by_name(session, hob.name)) == 3
    assert store.combatants(session.encounter_id) == list(session.combatants)
    undo_stack.undo()
    assert cm_turns.lp_left(by_name(session, hob.name)) == 1


# -- Ruins & Raiders ----------------------------------------------------------------------

def test_initiative_rolls_perception_for_pcs_and_adds_7_for_adversaries():
    request = initiative_request("ruins_and_raiders", (
        Initiant(1, "Hedda", 2), Initiant(2, "Jackal", 3, rolls=False)))
    rng = Scripted(6, 5)
    hedda, jackal = compute(request, rng)
    assert (hedda.dice, hedda.total) == ((6, 5), 13)
    assert (jackal.dice, jackal.total) == ((), 10)
    assert rng.done
    row = request.describe((hedda, jackal))
    assert row.summary == "Initiative: Hedda 13, Jackal 10"
    assert "Perception 3 + 7 = 10 (does not roll)" in row.detail


def score(session, name, total):
    row = by_name(session, name)
    return InitiativeScore(row.id, name, (), total, 0)


def roll_initiative(session, undo_stack, key, totals: dict[str, int]):
    scores = [score(session, n, t) for n, t in totals.items()]
    push(undo_stack, apply_initiative(session, initiative_request(key, ()), scores,
                                            RollRow(kind="initiative", summary="Initiative")))


RR_TOTALS = {"Hedda Stonefist": 9, "Orrin Vale": 15, "Sefa the Quiet": 11, "Ruin Jackal": 10,
             "Ruin Jackal (2)": 10, "Crypt Warden": 8, "Bone Slinger": 12}


def test_rolled_initiative_orders_high_to_low_and_starts_round_one(qtbot, store, undo_stack):
    session = open_sample(store, "ruins_and_raiders")
    before = names(session)
    roll_initiative(session, undo_stack, "ruins_and_raiders", RR_TOTALS)
    assert names(session) == ["Orrin Vale", "Bone Slinger", "Sefa the Quiet", "Ruin Jackal",
                              "Ruin Jackal (2)", "Hedda Stonefist", "Crypt Warden"]
    assert session.active_id == by_name(session, "Orrin Vale").id
    assert [r.name for r in store.combatants(session.encounter_id)] == names(session)
    assert session.rolls[0].summary == "Initiative"
    undo_stack.undo()
    assert names(session) == before and not session.rolls


def test_round_zero_only_the_ambushers_act(qtbot, store, undo_stack):
    session = open_sample(store, "ruins_and_raiders")
    jackals = [by_name(session, "Ruin Jackal").id, by_name(session, "Ruin Jackal (2)").id]
    with pytest.raises(turns.TurnError, match="Pick who springs the ambush"):
        rr_turns.start_round_zero(session, [])
    push(undo_stack, rr_turns.start_round_zero(session, jackals))
    assert session.round == 0 and session.active_id == jackals[0]
    hedda = by_name(session, "Hedda Stonefist")
    assert rr_turns.actions_left(hedda) == 0 and hedda.system_state.surprised
    with pytest.raises(turns.TurnError, match="surprised in round zero"):
        rr_turns.use_action(session, hedda.id)
    push(undo_stack, next_turn(session, "ruins_and_raiders"))  # the other ambusher
    assert session.round == 0 and session.active_id == jackals[1]
    with pytest.raises(turns.TurnError, match="roll initiative to start round 1"):
        next_turn(session, "ruins_and_raiders")
    roll_initiative(session, undo_stack, "ruins_and_raiders", RR_TOTALS)
    assert session.round == 1 and not session.system_state.round_zero
    assert all(rr_turns.actions_left(r) == 2 and not r.system_state.surprised
               for r in session.combatants)


def test_round_zero_without_complete_surprise_leaves_the_others_waiting_not_surprised(
        qtbot, store, undo_stack):
    """The text: whoever acts first gets round zero; only "if" the opponents were taken
    completely by surprise may they take no actions at all, not even defensive ones."""
    session = open_sample(store, "ruins_and_raiders")
    jackal = by_name(session, "Ruin Jackal").id
    push(undo_stack, rr_turns.start_round_zero(session, [jackal], surprise=False))
    hedda = by_name(session, "Hedda Stonefist")
    assert rr_turns.actions_left(hedda) == 0 and not hedda.system_state.surprised
    with pytest.raises(turns.TurnError, match="only those who act first act"):
        rr_turns.use_action(session, hedda.id)
    with pytest.raises(turns.TurnError, match="roll initiative to start round 1"):
        next_turn(session, "ruins_and_raiders")  # Hedda does not act in round zero
    roll_initiative(session, undo_stack, "ruins_and_raiders", RR_TOTALS)
    hedda = by_name(session, "Hedda Stonefist")
    assert rr_turns.actions_left(hedda) == 2
    with pytest.raises(turns.TurnError) as refused:
        for _ in range(3):
            push(undo_stack, rr_turns.use_action(session, hedda.id))
    assert "round zero" not in str(refused.value)  # past round zero: only "no actions left"


def test_two_actions_a_round(qtbot, store, undo_stack):
    session = open_sample(store, "ruins_and_raiders")
    sefa = by_name(session, "Sefa the Quiet")
    push(undo_stack, rr_turns.use_action(session, sefa.id))
    push(undo_stack, rr_turns.use_action(session, sefa.id))
    with pytest.raises(turns.TurnError, match="no actions left this round"):
        rr_turns.use_action(session, sefa.id)
    assert rr_turns.actions_left(by_name(session, sefa.name)) == 0


def end_round(session, undo_stack, key):
    push(undo_stack, SetTurn(session, session.combatants[len(session.combatants) - 1].id,
                             session.round))
    push(undo_stack, next_turn(session, key))


def test_holding_gives_plus_10_for_the_next_round_only(qtbot, store, undo_stack):
    session = open_sample(store, "ruins_and_raiders")
    roll_initiative(session, undo_stack, "ruins_and_raiders", RR_TOTALS)
    warden = by_name(session, "Crypt Warden")  # 8: last
    push(undo_stack, rr_turns.set_waiting(session, warden.id, hold=True))
    push(undo_stack, rr_turns.use_action(session, by_name(session, "Orrin Vale").id))
    end_round(session, undo_stack, "ruins_and_raiders")
    assert session.round == 2
    assert names(session)[0] == "Crypt Warden"  # 8 + 10 = 18 beats Orrin's 15
    assert session.active_id == by_name(session, "Crypt Warden").id
    assert turns.effective_initiative(by_name(session, "Crypt Warden")) == 18
    assert rr_turns.actions_left(by_name(session, "Orrin Vale")) == 2  # actions back
    end_round(session, undo_stack, "ruins_and_raiders")
    assert session.round == 3 and names(session)[-1] == "Crypt Warden"
    assert names(session)[0] == "Orrin Vale"


def test_an_action_given_up_for_a_bonus_lasts_until_the_round_ends(qtbot, store, undo_stack):
    # NOTES.md: "Two actions per round; giving one up grants Aim (+3 next attack), Defend (+3
    # Dodge and Parry), Haymaker (+10 damage), Resist (+3 Defiance) or Look (+3 Perception)."
    session = open_sample(store, "ruins_and_raiders")
    roll_initiative(session, undo_stack, "ruins_and_raiders", RR_TOTALS)
    hedda = by_name(session, "Hedda Stonefist")
    done = push(undo_stack, rr_turns.give_up_action(session, hedda.id, Sacrifice.DEFEND))
    assert done.text() == "Hedda Stonefist gives up an action: Defend (+3 Dodge and Parry)"
    push(undo_stack, rr_turns.give_up_action(session, hedda.id, Sacrifice.HAYMAKER))
    hedda = by_name(session, "Hedda Stonefist")
    assert rr_turns.actions_left(hedda) == 0
    assert hedda.system_state.sacrificed == (Sacrifice.DEFEND, Sacrifice.HAYMAKER)
    with pytest.raises(turns.TurnError, match="no action left this round to give up"):
        rr_turns.give_up_action(session, hedda.id, Sacrifice.AIM)
    undo_stack.undo()  # one step each
    assert by_name(session, "Hedda Stonefist").system_state.sacrificed == (Sacrifice.DEFEND,)
    end_round(session, undo_stack, "ruins_and_raiders")
    hedda = by_name(session, "Hedda Stonefist")
    assert hedda.system_state.sacrificed == () and rr_turns.actions_left(hedda) == 2


def test_the_waiting_game_goes_first_next_round(qtbot, store, undo_stack):
    session = open_sample(store, "ruins_and_raiders")
    roll_initiative(session, undo_stack, "ruins_and_raiders", RR_TOTALS)
    sefa, hedda = by_name(session, "Sefa the Quiet"), by_name(session, "Hedda Stonefist")
    push(undo_stack, rr_turns.set_waiting(session, sefa.id))  # 11
    push(undo_stack, rr_turns.set_waiting(session, hedda.id))  # 9: they stare each other down
    end_round(session, undo_stack, "ruins_and_raiders")
    assert names(session)[:3] == ["Sefa the Quiet", "Hedda Stonefist", "Orrin Vale"]
    assert session.active_id == sefa.id
    end_round(session, undo_stack, "ruins_and_raiders")  # nobody waited: back to initiative
    assert names(session)[:2] == ["Orrin Vale", "Bone Slinger"]


def test_a_waiting_character_that_acts_stops_waiting(qtbot, store, undo_stack):
    session = open_sample(store, "ruins_and_raiders")
    sefa = by_name(session, "Sefa the Quiet")
    push(undo_stack, rr_turns.set_waiting(session, sefa.id))
    push(undo_stack, rr_turns.give_turn(session, sefa.id))
    assert session.active_id == sefa.id and not by_name(session, sefa.name).system_state.waiting
    undo_stack.undo()
    assert by_name(session, sefa.name).system_state.waiting
    push(undo_stack, rr_turns.use_action(session, sefa.id))
    assert not by_name(session, sefa.name).system_state.waiting


def test_waiting_toggles(qtbot, store, undo_stack):
    session = open_sample(store, "ruins_and_raiders")
    orrin = by_name(session, "Orrin Vale")
    push(undo_stack, rr_turns.set_waiting(session, orrin.id))
    assert by_name(session, orrin.name).system_state.waiting
    push(undo_stack, rr_turns.set_waiting(session, orrin.id))
    assert not by_name(session, orrin.name).system_state.waiting


# -- Forge of Power: popcorn ----------------------------------------------------------------

FOP_TOTALS = {"Kestrel Ashby": 19, "Doran Marsh": 12, "Lio Venn": 7, "Clockwork Hound": 15,
              "Clockwork Hound (2)": 15, "Foundry Adept": 9, "Slag Golem": 3}


def test_popcorn_the_actor_picks_among_those_who_have_not_acted(qtbot, store, undo_stack):
    session = open_sample(store, "forge_of_power")
    roll_initiative(session, undo_stack, "forge_of_power", FOP_TOTALS)
    kestrel, golem = by_name(session, "Kestrel Ashby"), by_name(session, "Slag Golem")
    assert session.active_id == kestrel.id  # the highest goes first
    assert kestrel.id not in [r.id for r in fop_turns.next_choices(session)]
    push(undo_stack, fop_turns.end_popcorn_turn(session, golem.id))
    assert session.active_id == golem.id and fop_turns.acted(by_name(session, kestrel.name))
    with pytest.raises(turns.TurnError, match="Kestrel Ashby has already acted"):
        fop_turns.end_popcorn_turn(session, kestrel.id)
    for name in ["Doran Marsh", "Lio Venn", "Clockwork Hound", "Clockwork Hound (2)",
                 "Foundry Adept"]:
        push(undo_stack, fop_turns.end_popcorn_turn(session, by_name(session, name).id))
    assert session.round == 1
    # The Adept took the last turn: it picks anyone, itself included, to start round 2.
    adept = by_name(session, "Foundry Adept")
    assert {r.name for r in fop_turns.next_choices(session)} == set(FOP_TOTALS)
    push(undo_stack, fop_turns.end_popcorn_turn(session, adept.id))
    assert session.round == 2 and session.active_id == adept.id
    assert not any(fop_turns.acted(r) for r in session.combatants)
    undo_stack.undo()
    assert session.round == 1 and session.active_id == adept.id


def test_only_a_creature_attacked_this_turn_may_interrupt(qtbot, store, undo_stack):
    session = open_sample(store, "forge_of_power")
    roll_initiative(session, undo_stack, "forge_of_power", FOP_TOTALS)
    hound, golem = by_name(session, "Clockwork Hound"), by_name(session, "Slag Golem")
    with pytest.raises(turns.TurnError, match="only after being attacked"):
        fop_turns.end_popcorn_turn(session, hound.id, interrupt=True)
    assert fop_turns.attacked_targets(session, hound.id, [golem.id]) is None  # not its turn
    push(undo_stack, fop_turns.attacked_targets(session, session.active_id, [hound.id]))
    assert [r.name for r in fop_turns.interrupters(session)] == ["Clockwork Hound"]
    push(undo_stack, fop_turns.end_popcorn_turn(session, hound.id, interrupt=True))
    assert session.active_id == hound.id
    assert session.system_state.attacked == ()  # a new turn: nobody attacked yet
    assert fop_turns.interrupters(session) == []


def test_a_defeated_creature_is_never_a_choice(qtbot, store, undo_stack):
    from dataclasses import replace

    from encounter_app.services.fight.commands import UpdateCombatant
    session = open_sample(store, "forge_of_power")
    golem = by_name(session, "Slag Golem")
    push(undo_stack, UpdateCombatant(session, replace(golem, hp_marked=golem.hp_max), "down"))
    assert golem.id not in [r.id for r in fop_turns.next_choices(session)]


def test_a_typed_initiative_moves_the_combatant(qtbot, store, undo_stack):
    session = open_sample(store, "ruins_and_raiders")
    roll_initiative(session, undo_stack, "ruins_and_raiders", RR_TOTALS)
    warden = by_name(session, "Crypt Warden")
    push(undo_stack, rr_turns.set_initiative(session, warden.id, 16))
    assert names(session)[0] == "Crypt Warden"
    assert store.combatants(session.encounter_id)[0].system_state.initiative == 16
    undo_stack.undo()
    assert names(session)[-2:] == ["Hedda Stonefist", "Crypt Warden"]
