"""Forge of Power damage: what a level of success deals (domain) and the one undo step that
logs it and marks the cards (services)."""

from __future__ import annotations

import pytest

from encounter_app.domain import RollRow
from encounter_app.rules.forge_of_power import Level, level_for
from encounter_app.services.fight import turns
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.forge_of_power import damage as fd
from encounter_app.systems.forge_of_power.requests import (
    FopAttackRequest,
    FopTarget,
    LevelCheckRequest,
)
from encounter_app.systems.forge_of_power.services import damage as fop_damage
from tests.helpers.systems import SYSTEMS, create_sample

HOUND, GOLEM = FopTarget("Clockwork Hound", 14, 4), FopTarget("Slag Golem", 17, 7)


def strike(label: str = "Strike") -> FopAttackRequest:
    return FopAttackRequest("Kestrel Ashby", 2, (HOUND, GOLEM), label, combatant_id=1)


def test_levels_of_the_rules_text():
    assert level_for(25, 15, 15) == Level.CRITICAL_SUCCESS  # DC + 10
    assert level_for(15, 15, 13) == Level.SUCCESS  # DC + 0
    assert level_for(5, 15, 3) == Level.FAILURE  # DC - 10
    assert level_for(4, 15, 2) == Level.CRITICAL_FAILURE  # DC - 11


def test_a_strike_deals_weapon_plus_attribute_and_doubles_only_the_weapon():
    damage = fd.attack_damage(strike(), (Level.CRITICAL_SUCCESS, Level.SUCCESS),
                              fd.typed_roll(5), "Strength", 2)
    assert [t.amount for t in damage.taken] == [12, 7]
    assert damage.taken[0].words == "Critical Success, 2 × weapon 5 + Strength 2 = 12 damage"
    assert not damage.missing and not damage.note


def test_a_miss_takes_nothing_and_a_negative_attribute_is_subtracted():
    damage = fd.attack_damage(strike(), (Level.SUCCESS, Level.FAILURE), fd.typed_roll(3),
                              "Intellect", -1)
    assert [t.amount for t in damage.taken] == [2, 0]
    assert damage.taken[0].words == "Success, weapon 3 - Intellect 1 = 2 damage"
    assert damage.dealt == (damage.taken[0],)


def test_a_hit_waits_for_damage_only_when_the_gm_gave_some():
    levels = (Level.SUCCESS, Level.FAILURE)
    assert fd.attack_damage(strike(), levels, None, "Strength", 2, wanted=True).missing
    alone = fd.attack_damage(strike(), levels, None, "Strength", 2, wanted=False)
    assert not alone.missing and alone.dealt == ()
    missed = fd.attack_damage(strike(), (Level.FAILURE, Level.FAILURE), None, "Strength", 2)
    assert not missed.missing


def test_another_power_deals_the_damage_as_rolled_and_says_so():
    damage = fd.attack_damage(strike("Flame Lash"), (Level.CRITICAL_SUCCESS, Level.SUCCESS),
                              fd.typed_roll(7), "Strength", 2)
    assert [t.amount for t in damage.taken] == [7, 7]
    assert "Flame Lash is not a Strike" in damage.note


@pytest.mark.parametrize(("level", "taken"), [
    (Level.CRITICAL_SUCCESS, 0), (Level.SUCCESS, 6), (Level.FAILURE, 13),
    (Level.CRITICAL_FAILURE, 26)])
def test_a_save_takes_none_half_full_or_double(level, taken):
    request = LevelCheckRequest("Lio Venn", 0, 15, "Save", combatant_id=3)
    damage = fd.save_damage(request, level, fd.typed_roll(13))
    assert [t.amount for t in damage.taken] == [taken]
    assert fd.save_damage(request, level, None).missing == (level != Level.CRITICAL_SUCCESS)


def test_the_log_line_names_what_each_took():
    row = RollRow(kind="fop_attack", summary="Kestrel Ashby Strike 15: ...", detail="d20 (13)")
    damage = fd.attack_damage(strike(), (Level.SUCCESS, Level.FAILURE),
                              fd.DamageRoll(6, "1d8 (6) = 6"), "Strength", 2)
    logged = fd.with_damage(row, damage)
    assert logged.summary.endswith(" — Clockwork Hound takes 8")
    assert logged.detail.splitlines() == [
        "d20 (13)", "Damage 1d8 (6) = 6",
        "Clockwork Hound: Success, weapon 6 + Strength 2 = 8 damage",
        "Slag Golem: Failure, no damage"]


def test_a_malformed_expression_says_what_is_wrong():
    assert fd.check_expression("2d6+1") is None and fd.check_expression("12") is None
    assert fd.check_expression("1d", "The weapon damage").startswith(
        "The weapon damage “1d” is not a dice expression: expected the number of sides")


# -- the undo step -----------------------------------------------------------------------------

def open_sample(store) -> EncounterSession:
    return EncounterSession(store, create_sample(store, "forge_of_power", seed=1).id, SYSTEMS)


def by_name(session, name):
    return next(r for r in session.combatants if r.name == name)


def test_the_roll_the_damage_and_the_weapon_are_one_step(qtbot, store, undo_stack):
    session = open_sample(store)
    kestrel, hound = by_name(session, "Kestrel Ashby"), by_name(session, "Clockwork Hound")
    request = FopAttackRequest(kestrel.name, 2, (FopTarget(hound.name, 14, hound.id),),
                               combatant_id=kestrel.id)
    damage = fd.attack_damage(request, (Level.CRITICAL_SUCCESS,), fd.typed_roll(8),
                              "Strength", 2)
    remembered = fop_damage.remember_weapon(session, kestrel.id, " 1d8 ")
    row, command = fop_damage.record_with_damage(
        session, RollRow(kind="fop_attack", summary="Strike"), damage, [remembered])
    undo_stack.push(command)
    assert by_name(session, hound.name).hp_marked == hound.hp_max  # 18 on 16 HP: all of them
    assert by_name(session, kestrel.name).system_state.weapon_damage == "1d8"
    assert session.rolls[0].summary == "Strike — Clockwork Hound takes 18" == row.summary
    assert store.combatants(session.encounter_id)[3].hp_marked == hound.hp_max
    undo_stack.undo()
    assert by_name(session, hound.name).hp_marked == 0 and not session.rolls
    assert by_name(session, kestrel.name).system_state.weapon_damage == ""
    assert fop_damage.remember_weapon(session, kestrel.id, "") is None


def test_damage_still_to_roll_or_on_one_who_left_is_refused(qtbot, store):
    session = open_sample(store)
    request = LevelCheckRequest("Lio Venn", 0, 15, "Save", combatant_id=3)
    row = RollRow(kind="fop_check", summary="Save")
    with pytest.raises(turns.TurnError, match="Roll the damage"):
        fop_damage.record_with_damage(session, row, fd.save_damage(request, Level.FAILURE,
                                                                     None))
    gone = LevelCheckRequest("Nobody", 0, 15, "Save", combatant_id=999)
    with pytest.raises(turns.TurnError, match="Nobody is no longer in the fight"):
        fop_damage.record_with_damage(session, row, fd.save_damage(gone, Level.FAILURE,
                                                                     fd.typed_roll(4)))


def test_a_critical_success_on_a_save_needs_no_damage_rolled():
    request = LevelCheckRequest("Lio Venn", 10, 15, "Save", combatant_id=3)
    damage = fd.save_damage(request, Level.CRITICAL_SUCCESS, None)
    assert not damage.missing and damage.dealt == ()
    row = fd.with_damage(RollRow(kind="fop_check", summary="Lio Venn: Save 25 vs DC 15"), damage)
    assert row.summary.endswith("— no damage taken")
    assert "Lio Venn: Critical Success on the save: no damage, whatever it is" in row.detail
