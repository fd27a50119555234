"""A system's typed numbers: EMPTY read as a system's defaults, another system's refused, JSON
only at the edges, and the core's generic rules reading them without naming a system. A small
game that lives only here proves a new system's values go through the store and a file with
no change to either."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from encounter_app.domain import CombatantRow
from encounter_app.domain.json_data import DataError
from encounter_app.domain.system import BaseRules, Catalog, Listed, StatsError
from encounter_app.domain.system_data import (
    EMPTY,
    Part,
    RolledInitiative,
    SystemData,
    data_json,
    sheet_fields,
    stat,
    typed,
    value_of,
)
from encounter_app.exchange.encounter_file import write_encounter
from encounter_app.exchange.reader import read_bytes
from encounter_app.services.fight.turns import effective_initiative
from encounter_app.store import Store
from encounter_app.store.exchange import encounter_file, recreate_encounter
from encounter_app.systems.casus_mus.state import CasusMusState
from encounter_app.systems.ruins_and_raiders.state import RuinsState
from tests.helpers.systems import SYSTEMS


@dataclass(frozen=True)
class CoinStats(SystemData):
    nerve: int = stat("Nerve", 3, 1, 6, help="Coins a round.")
    lucky: int = stat("Lucky", 0, 0, 1, flag=True)
    hp: int = stat("Hit Points", 5, 1, 20)


@dataclass(frozen=True)
class CoinState(RolledInitiative):
    coins: tuple[int, ...] = ()  # heads 1, tails 0, as tossed this round
    called: str = ""


@dataclass(frozen=True)
class CoinFight(SystemData):
    pot: int = 0


class CoinToss(BaseRules):
    """A game of the tests: a sheet, a state that rolls initiative, a fight with a pot."""

    key = "coin_toss"
    name = "Coin Toss"
    pc_fields = sheet_fields(CoinStats)
    stats_type = CoinStats
    combatant_state_type = CoinState
    encounter_state_type = CoinFight


COIN_TOSS = CoinToss()
CATALOG = Catalog([Listed("coin_toss", "Coin Toss", lambda: COIN_TOSS)])


def test_empty_is_read_as_the_systems_defaults_and_another_systems_value_is_refused():
    assert typed(CoinState, EMPTY) == CoinState()
    state = CoinState(initiative=4, coins=(1, 0))
    assert typed(CoinState, state) is state
    with pytest.raises(TypeError, match="a CasusMusState where a CoinState belongs"):
        typed(CoinState, CasusMusState(ap=1))
    # A system that keeps none of a part keeps none: EMPTY stays, anything else is refused.
    assert typed(SystemData, EMPTY) is EMPTY
    with pytest.raises(TypeError):
        typed(SystemData, state)


def test_the_sheet_is_the_typed_class_and_its_numbers_are_checked_when_made():
    assert [(f.key, f.label, f.minimum, f.maximum, f.flag) for f in COIN_TOSS.pc_fields] == [
        ("nerve", "Nerve", 1, 6, False), ("lucky", "Lucky", 0, 1, True),
        ("hp", "Hit Points", 1, 20, False)]
    assert COIN_TOSS.stats_from({"nerve": 5, "lucky": 1, "hp": 9}) == CoinStats(5, 1, 9)
    with pytest.raises(StatsError) as refused:
        COIN_TOSS.stats_from({"nerve": 9, "lucky": 1})
    assert refused.value.problems == {"nerve": "Nerve must be from 1 to 6.",
                                      "hp": "Hit Points is missing."}
    assert COIN_TOSS.sheet_values(EMPTY) == {"nerve": 3, "lucky": 0, "hp": 5}
    assert value_of(CoinStats(nerve=2), "nerve") == 2
    assert value_of(EMPTY, "nerve", 7) == 7


def test_a_sheet_is_written_whole_and_a_state_without_its_defaults():
    assert data_json(CoinStats(), whole=True) == {"nerve": 3, "lucky": 0, "hp": 5}
    assert data_json(CoinState(), whole=False) == {}
    assert COIN_TOSS.write(Part.COMBATANT_STATE, CoinState(coins=(1,), hold_bonus=2)) == {
        "hold_bonus": 2, "coins": [1]}
    assert COIN_TOSS.read(Part.COMBATANT_STATE, {"coins": [1], "hold_bonus": 2}) == CoinState(
        coins=(1,), hold_bonus=2)
    assert COIN_TOSS.read(Part.COMBATANT_STATE, None) == CoinState()
    with pytest.raises(DataError, match="system_state coins 2: expected a whole number, "
                                        "found 'heads'"):
        COIN_TOSS.read(Part.COMBATANT_STATE, {"coins": [1, "heads"]}, "system_state")


def test_the_generic_order_reads_a_rolled_initiative_of_any_system():
    coin = CombatantRow(kind="pc", name="Tosser", system_state=CoinState(initiative=7,
                                                                         hold_bonus=3))
    raider = CombatantRow(kind="pc", name="Hedda", system_state=RuinsState(initiative=9))
    assert [effective_initiative(r) for r in (coin, raider)] == [10, 9]
    assert effective_initiative(CombatantRow(kind="pc", name="Pip",
                                             system_state=CasusMusState())) is None
    assert CoinState(initiative=7, hold_bonus=3).rolled(4) == CoinState(initiative=4)
    assert CoinState(hold_bonus=3).with_initiative(4).order_initiative == 7


def test_a_new_systems_values_go_through_the_store_and_a_file_unchanged(tmp_path):
    store = Store.open(tmp_path, CATALOG)
    try:
        campaign = store.create_campaign("Heads", system="coin_toss")
        encounter = store.create_encounter(campaign.id, "Bridge toll")
        row = COIN_TOSS.new_combatant("pc", "Tosser", {"nerve": 4, "lucky": 1, "hp": 6})
        stored = store.insert_combatant(encounter.id, row)
        played = replace(stored, system_state=CoinState(initiative=5, coins=(1, 1, 0),
                                                        called="heads"))
        store.update_combatant(played)
        store.set_system_state(encounter.id, CoinFight(pot=12))
        assert store.combatants(encounter.id) == [played]

        text = write_encounter(encounter_file(store, encounter.id))
        back = recreate_encounter(store, campaign.id,
                                  read_bytes(CATALOG, text.encode(), "toll.json").encounter)
        assert [replace(r, id=None) for r in store.combatants(back.id)] == [
            replace(played, id=None)]
        assert store.encounter(back.id).system_state == CoinFight(pot=12)
    finally:
        store.close()


def test_every_programs_systems_sheet_says_its_typed_class():
    for key in SYSTEMS:
        rules = SYSTEMS.get(key)
        assert rules.pc_fields == sheet_fields(rules.data_type(Part.STATS))
        assert rules.defaults() == rules.data_type(Part.STATS)()
