"""A GM's exports come back, in every system: random play of every kind of action the system
has (through the services the window calls), then *Export this encounter* and *Export this
campaign*, then *Import* of both: the same fight (the order with every card's numbers, state,
marks, notes and hidden; round and turn; countdowns; the fight's turn state; Fear) and the
same party.

ROUND_TRIP_EXAMPLES=200 runs more examples than ``make test`` does (helpers/round_trip.py).
"""

from __future__ import annotations

import random
from contextlib import suppress
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.domain import RollRow
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.initiative import Initiant
from encounter_app.domain.optional_rules import RuleOptions
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.rules import casus_mus
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.rules.daggerheart import Outcome, RestKind, rest_fear
from encounter_app.services.fight import commands, table
from encounter_app.services.fight.compound import Compound
from encounter_app.services.rolls.rules_service import compute
from encounter_app.systems.casus_mus.services import turns as cm_turns
from encounter_app.systems.casus_mus.services.clash import ClashFlow, Damage, Side, SkillCheck
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.services import adversaries as dh
from encounter_app.systems.forge_of_power import damage as fd
from encounter_app.systems.forge_of_power.requests import FopAttackRequest, FopTarget
from encounter_app.systems.forge_of_power.services import damage as fop_damage
from encounter_app.systems.forge_of_power.services import turns as fop_turns
from encounter_app.systems.ruins_and_raiders.requests import TraitCheckRequest
from encounter_app.systems.ruins_and_raiders.services import round as rr_round
from encounter_app.systems.ruins_and_raiders.services import turns as rr_turns
from tests.helpers.round_trip import (
    COMMON,
    ROUND_TRIP,
    Act,
    Play,
    assert_comes_back,
    playing,
)
from tests.helpers.systems import apply_initiative, initiative_request


def refusable(act: Act) -> Act:
    """An action the rules may refuse now (no points left, a Fear the pool has not): then the
    GM is told why and nothing happens, as in the window."""
    def run(play: Play) -> None:
        with suppress(Refused):
            act(play)
    return run


def rng(play: Play) -> random.Random:
    return random.Random(play.data.draw(st.integers(0, 2**32), label="seed"))


def roll_initiative(play: Play) -> None:
    session = play.session
    rows = [r for r in session.combatants if not r.defeated]
    if not rows:
        return
    request = initiative_request(session.system.key, tuple(
        Initiant(r.id, r.name, play.data.draw(st.integers(-2, 5), label="bonus"),
                 rolls=r.kind == "pc") for r in rows))
    scores = compute(request, rng(play))
    play.do(apply_initiative(session, request, scores, describe(RollResult(1, request, scores))))


# -- Daggerheart -------------------------------------------------------------------------------

def dh_adversary(play: Play) -> None:
    """Damage, Stress, a condition, a Slow token or the spotlight, on an adversary's card."""
    cards = [r for r in play.session.combatants if r.kind == "adversary"]
    if not cards:
        return
    who = play.data.draw(st.sampled_from(cards)).id
    how = play.data.draw(st.sampled_from(["damage", "stress", "clear", "condition", "slow",
                                          "spotlight"]), label="on the card")
    session = play.session
    if how == "damage":
        action = dh.damage(session, who, play.data.draw(st.integers(1, 25), label="damage"))
    elif how == "stress":
        action = dh.mark_stress(session, who)
    elif how == "clear":
        action = dh.clear_stress(session, who)
    elif how == "condition":
        action = dh.add_condition(session, who, play.data.draw(
            st.sampled_from(["Vulnerable", "Restrained", "Hidden", "On fire"])))
    elif how == "slow":
        action = dh.slow_token(session, who, 1)
    else:
        action = dh.spotlight(session, who, fear_reason=play.data.draw(
            st.sampled_from([None, "interrupt"])))
    play.do(action.command)


def dh_turn(play: Play) -> None:
    """Next in the order (a PC spends a spotlight token with the tracker on), or the GM's
    turn ends."""
    session = play.session
    if play.data.draw(st.booleans(), label="end the GM turn"):
        play.do(dh.end_gm_turn(session).command)
    else:
        active, round_ = dh.next_turn(session)
        if active is not None:
            play.do(dh.pass_turn(session, active, round_))


def dh_pc(play: Play) -> None:
    """A tracked PC hit by its thresholds (maybe with an Armor Slot), or its Hope changed."""
    pcs = [r for r in play.session.combatants if pc_tracks.tracked(r)]
    if not pcs:
        return
    pc = play.data.draw(st.sampled_from(pcs))
    if play.data.draw(st.booleans(), label="hope"):
        new = pc_tracks.with_marks(pc, hope=play.data.draw(st.integers(0, 6), label="hope"))
        play.do(commands.UpdateCombatant(play.session, new, f"Hope of {pc.name}"))
        return
    hit = pc_tracks.hit_on(pc, play.data.draw(st.integers(1, 30), label="damage"))
    if hit is not None:
        after = pc_tracks.marked_by(pc, hit, play.data.draw(st.booleans(), label="armor"))
        play.do(table.mark_pc_hits(play.session, [after], "Attack"))


def dh_fear(play: Play) -> None:
    """A player's outcome (Fear, countdowns), a miss, a rest, or the GM setting Fear."""
    session, data = play.session, play.data
    how = data.draw(st.sampled_from(["outcome", "miss", "rest", "fear"]), label="table")
    if how == "outcome":
        play.do(table.record_outcome(session, data.draw(st.sampled_from(list(Outcome)))).command)
    elif how == "miss":
        play.do(table.pc_missed(session).command)
    elif how == "rest":
        kind = data.draw(st.sampled_from(list(RestKind)))
        play.do(table.rest(session, kind, rest_fear(kind, 3, rng(play)), "3 PCs").command)
    else:
        play.do(commands.SetFear(session, data.draw(st.integers(0, 12), label="fear"), None))


DAGGERHEART = [*COMMON, *map(refusable, (dh_adversary, dh_turn, dh_pc, dh_fear))]


# -- Casus Mus ---------------------------------------------------------------------------------

def cm_clash(play: Play) -> None:
    """A clash to the end: the points spent, a Luck Point maybe, the damage less armour."""
    session, data = play.session, play.data
    if len(session.combatants) < 2:
        return
    one, other = data.draw(st.lists(st.sampled_from(list(session.combatants)), min_size=2,
                                    max_size=2, unique_by=lambda r: r.id), label="clash")
    flow = ClashFlow(*(Side(r.id, r.name, 55, "Combat", cm_turns.ap_left(r),
                            cm_turns.lp_left(r)) for r in (one, other)))
    dice = rng(play)
    if flow.why_not_attack():
        return
    flow.attack(casus_mus.roll_skill(55, dice))
    if not flow.why_not_flip(flow.attacker) and data.draw(st.booleans(), label="flip"):
        flow.own_luck(flow.attacker, casus_mus.LuckOption.FLIP)
    if not flow.why_not_react() and data.draw(st.booleans(), label="react"):
        flow.react(casus_mus.roll_skill(45, dice))
    else:
        flow.decline()
    if flow.hitter() is not None:
        expression = data.draw(st.sampled_from(["1d6", "1d8+1", "2d4"]), label="weapon")
        flow.set_damage(Damage(expression, data.draw(st.integers(0, 9)), "typed",
                               data.draw(st.integers(0, 3))))
    play.do(flow.command(session))


def cm_points(play: Play) -> None:
    """An Action or Luck Point spent or given back, a skill roll with Luck, a new session."""
    session, data = play.session, play.data
    row = play.someone()
    how = data.draw(st.sampled_from(["spend", "skill", "session"]), label="points")
    if row is None or how == "session":
        play.do(cm_turns.refresh_luck_points(session))
    elif how == "spend":
        play.do(cm_turns.spend(session, row.id, data.draw(st.sampled_from(["ap", "lp"])),
                               data.draw(st.sampled_from([1, -1]), label="cost")))
    else:
        check = SkillCheck(Side(row.id, row.name, 40, "Willpower", cm_turns.ap_left(row),
                                cm_turns.lp_left(row)))
        check.roll(casus_mus.roll_skill(40, rng(play)))
        if not check.why_not_luck(casus_mus.LuckOption.FLIP):
            check.luck(casus_mus.LuckOption.FLIP)
        play.do(check.command(session))


def cm_turn(play: Play) -> None:
    play.do(cm_turns.next_turn(play.session))


CASUS_MUS = [*COMMON, *map(refusable, (cm_clash, cm_points, cm_turn))]


# -- Ruins & Raiders ---------------------------------------------------------------------------

def rr_actions(play: Play) -> None:
    """An action used, given up for a bonus, a wait or a hold, the turn given out of order."""
    session, data = play.session, play.data
    row = play.someone(standing=True)
    if row is None:
        return
    how = data.draw(st.sampled_from(["use", "give up", "wait", "hold", "turn", "initiative"]),
                    label="action")
    if how == "use":
        play.do(rr_turns.use_action(session, row.id))
    elif how == "give up":
        play.do(rr_turns.give_up_action(session, row.id,
                                        data.draw(st.sampled_from(list(rr.Sacrifice)))))
    elif how in ("wait", "hold"):
        play.do(rr_turns.set_waiting(session, row.id, hold=how == "hold"))
    elif how == "turn":
        play.do(rr_turns.give_turn(session, row.id))
    else:
        play.do(rr_turns.set_initiative(session, row.id, data.draw(st.integers(-2, 20))))


def rr_check(play: Play) -> None:
    """A trait check: an attack with a charge and given-up bonuses used, its wounds marked."""
    session, data = play.session, play.data
    if len(session.combatants) < 2:
        return
    actor, target = data.draw(st.lists(st.sampled_from(list(session.combatants)), min_size=2,
                                       max_size=2, unique_by=lambda r: r.id), label="check")
    request = TraitCheckRequest(actor.name, 2, 9, "Warrior", combatant_id=actor.id,
                                wound_base=data.draw(st.integers(-2, 8)), target=target.name,
                                target_id=target.id)
    result = compute(request, rng(play))
    wounds = request.wounds(result)
    used = {actor.id: rr_round.sacrifices(actor)[:1]}
    uses = data.draw(st.booleans(), label="uses an action") and rr_turns.actions_left(actor) > 0
    play.do(Compound("Roll", [
        commands.RecordRoll(session, describe(RollResult(1, request, result))),
        *rr_round.check_recorded(session, actor.id, uses_action=uses,
                                 charge=data.draw(st.integers(0, 6), label="charge"),
                                 used=used, wounds=None if wounds is None
                                 else (target.id, wounds))]))


def rr_round_zero(play: Play) -> None:
    ids = [r.id for r in play.session.combatants]
    chosen = play.data.draw(st.lists(st.sampled_from(ids), min_size=1, max_size=2))
    play.do(rr_turns.start_round_zero(play.session, chosen,
                                      surprise=play.data.draw(st.booleans(), label="surprise")))


def rr_turn(play: Play) -> None:
    play.do(rr_turns.next_turn(play.session))


RUINS_AND_RAIDERS = [*COMMON, *map(refusable, (rr_actions, rr_check, rr_round_zero, rr_turn,
                                               roll_initiative))]


# -- Forge of Power ----------------------------------------------------------------------------

def fop_attack(play: Play) -> None:
    """A Strike by the creature whose turn it is: its targets remembered for Interrupt, the
    damage marked, its weapon remembered, one step."""
    session, data = play.session, play.data
    attacker = next((r for r in session.combatants if r.id == session.active_id), None)
    others = [r for r in session.combatants if r.id != session.active_id and not r.defeated]
    if attacker is None or not others:
        return
    targets = data.draw(st.lists(st.sampled_from(others), min_size=1, max_size=2,
                                 unique_by=lambda r: r.id), label="targets")
    request = FopAttackRequest(attacker.name, 2, tuple(
        FopTarget(t.name, t.system_stats.defense, t.id) for t in targets),
        combatant_id=attacker.id)
    outcome = compute(request, rng(play))
    weapon = data.draw(st.sampled_from(["1d8", "2d6+1", "1d10"]), label="weapon")
    damage = fd.attack_damage(request, outcome.levels, fd.typed_roll(data.draw(
        st.integers(1, 12), label="rolled")), "Strength", 2)
    extra = [c for c in (fop_turns.attacked_targets(session, attacker.id, [t.id for t in targets]),
                         fop_damage.remember_weapon(session, attacker.id, weapon))
             if c is not None]
    _row, command = fop_damage.record_with_damage(
        session, RollRow(kind="fop_attack", summary=f"{attacker.name} Strike"), damage, extra)
    play.do(command)


def fop_turn(play: Play) -> None:
    """The creature acting ends its turn and picks the next, or one it attacked interrupts."""
    session, data = play.session, play.data
    interrupt = data.draw(st.booleans(), label="interrupt")
    rows = fop_turns.interrupters(session) if interrupt else fop_turns.next_choices(session)
    if rows:
        play.do(fop_turns.end_popcorn_turn(session, data.draw(st.sampled_from(rows)).id,
                                           interrupt=interrupt))


FORGE_OF_POWER = [*COMMON, *map(refusable, (fop_attack, fop_turn, roll_initiative))]


# -- the properties ----------------------------------------------------------------------------

def play_then_export(tmp_path_factory, key: str, actions: list[Act], data) -> None:
    with playing(tmp_path_factory.mktemp(key), key, data) as play:
        if key == "daggerheart" and data.draw(st.booleans(), label="spotlight tracker"):
            options = RuleOptions(spotlight_tracker=True, spotlight_tokens=2)
            play.store.update_campaign(replace(play.session.campaign, options=options))
            play.session.set_options(options)
        for act in data.draw(st.lists(st.sampled_from(actions), min_size=1, max_size=12),
                             label="actions"):
            act(play)
        assert_comes_back(play)


@pytest.mark.parametrize(("key", "actions"), [
    ("daggerheart", DAGGERHEART), ("casus_mus", CASUS_MUS),
    ("ruins_and_raiders", RUINS_AND_RAIDERS), ("forge_of_power", FORGE_OF_POWER)])
@ROUND_TRIP
@given(data=st.data())
def test_a_played_fight_exported_and_imported_is_the_same_fight(
        qapp, tmp_path_factory, key, actions, data):
    play_then_export(tmp_path_factory, key, actions, data)

