"""The three refusals a GM met (issue 28), each exactly: after *Roll initiative* in Ruins &
Raiders, after a clash in Casus Mus and after an Attack in Forge of Power, *Export this
encounter* (and *this campaign*) then *Import* of that same file refused it. Both files come
back now as the same fight (helpers/round_trip.py says what "the same" is)."""

from __future__ import annotations

import json
import random

from encounter_app.domain import RollRow
from encounter_app.domain.initiative import Initiant
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.exchange.reader import read_bytes
from encounter_app.rules import casus_mus
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.rules.forge_of_power import Level
from encounter_app.services.rolls.rules_service import compute
from encounter_app.systems.casus_mus.services.clash import ClashFlow, Damage, Side
from encounter_app.systems.forge_of_power import damage as fd
from encounter_app.systems.forge_of_power.requests import FopAttackRequest, FopTarget
from encounter_app.systems.forge_of_power.services import damage as fop_damage
from encounter_app.systems.forge_of_power.services import turns as fop_turns
from encounter_app.systems.ruins_and_raiders.services import turns as rr_turns
from encounter_app.systems.ruins_and_raiders.state import RuinsState
from tests.helpers.round_trip import Act, Play, assert_comes_back, playing
from tests.helpers.systems import SYSTEMS, apply_initiative, initiative_request


def exported_after(tmp_path, key: str, act: Act) -> None:
    """``act`` on ``key``'s sample, then both exports come back as the same fight."""
    with playing(tmp_path, key, None) as play:  # type: ignore[arg-type]  # act draws nothing
        act(play)
        assert_comes_back(play)


def test_ruins_and_raiders_after_rolling_initiative_comes_back(qapp, tmp_path):
    """Was: "system_state sacrificed: expected a whole number, true, false or null, found []"."""
    def roll_and_give_up(play: Play) -> None:
        session = play.session
        request = initiative_request("ruins_and_raiders", tuple(
            Initiant(r.id, r.name, 1, rolls=r.kind == "pc") for r in session.combatants))
        scores = compute(request, random.Random(4))
        play.do(apply_initiative(session, request, scores,
                                 describe(RollResult(1, request, scores))))
        first = session.combatants[0]
        play.do(rr_turns.give_up_action(session, first.id, rr.Sacrifice.DEFEND))
        assert session.combatants[0].system_state.sacrificed == (rr.Sacrifice.DEFEND,)

    exported_after(tmp_path, "ruins_and_raiders", roll_and_give_up)


def test_casus_mus_after_a_clash_comes_back(qapp, tmp_path):
    """Was: "weapon_damage … found '1d6'"."""
    def clash(play: Play) -> None:
        session = play.session
        one, other = session.combatants[0], session.combatants[1]
        flow = ClashFlow(Side(one.id, one.name, 55, "Combat", 2, 1),
                         Side(other.id, other.name, 45, "Evade", 2, 1))
        flow.attack(casus_mus.SkillRoll(10, 55, casus_mus.Grade.SUCCESS))
        flow.decline()
        flow.set_damage(Damage("1d6", 4, "1d6 (4) = 4", 0))
        play.do(flow.command(session))
        assert session.combatants[0].system_state.weapon_damage == "1d6"

    exported_after(tmp_path, "casus_mus", clash)


def test_forge_of_power_after_an_attack_comes_back(qapp, tmp_path):
    """Was: "… found '1d8'"."""
    def attack(play: Play) -> None:
        session = play.session
        kestrel = next(r for r in session.combatants if r.id == session.active_id)
        hound = next(r for r in session.combatants if r.id != kestrel.id)
        request = FopAttackRequest(kestrel.name, 2, (FopTarget(hound.name, 14, hound.id),),
                                   combatant_id=kestrel.id)
        damage = fd.attack_damage(request, (Level.SUCCESS,), fd.typed_roll(5),
                                  "Strength", 2)
        extra = [fop_turns.attacked_targets(session, kestrel.id, [hound.id]),
                 fop_damage.remember_weapon(session, kestrel.id, "1d8")]
        play.do(fop_damage.record_with_damage(
            session, RollRow(kind="fop_attack", summary="Strike"), damage,
            [c for c in extra if c is not None])[1])
        assert session.system_state.attacked == (hound.id,)
        assert session.combatants.by_id(kestrel.id).system_state.weapon_damage == "1d8"

    exported_after(tmp_path, "forge_of_power", attack)


def test_a_file_written_before_the_values_were_typed_reads_as_them():
    """The exporter used to write each row's whole dict: those files read, and the one value
    it wrote that was refused ([] for no bonus given up) reads as none."""
    rows = [{"kind": "pc", "name": "Hedda", "hp_max": 14,
             "system_stats": {"perception": 1, "athlete": 2, "warrior": 4, "brawn": 3,
                              "fortitude": 2, "defiance": 1, "armour": 2, "armour_penalty": 1,
                              "weapon_power": 3, "weapon_defence": 1, "wounds": 14},
             "system_state": {"initiative": 11, "hold_bonus": 0, "actions": 2, "holding": False,
                              "waiting": False, "surprised": False, "waited_out": False,
                              "sacrificed": [], "charged": 0}}]
    text = json.dumps({"format": "encounter-manager", "version": 1, "kind": "encounter",
                       "encounter": {"name": "Crypt", "system": "ruins_and_raiders",
                                     "round": 1, "combatants": rows, "countdowns": []}})
    [hedda] = read_bytes(SYSTEMS, text.encode(), "crypt.json").encounter.combatants
    assert hedda.system_state == RuinsState(initiative=11)
    assert hedda.system_stats.warrior == 4
