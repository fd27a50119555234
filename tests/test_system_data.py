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
class BoneStats(SystemData):
    """Knucklebones, a game of these tests (tests/coin_toss is the window's): values only its
    types name, an initiative the core orders by, and a pot the fight keeps."""

    nerve: int = stat("Nerve", 3, 1, 6, help="Bones a round.")
    lucky: int = stat("Lucky", 0, 0, 1, flag=True)
    hp: int = stat("Hit Points", 5, 1, 20)


@dataclass(frozen=True)
class BoneState(RolledInitiative):
    bones: tuple[int, ...] = ()  # the bones thrown this round
    called: str = ""  # what it called before the throw


@dataclass(frozen=True)
class BoneFight(SystemData):
    pot: int = 0


class Knucklebones(BaseRules):
    key = "knucklebones"
    name = "Knucklebones"
    pc_fields = sheet_fields(BoneStats)
    stats_type = BoneStats
    combatant_state_type = BoneState
    encounter_state_type = BoneFight


KNUCKLEBONES = Knucklebones()
CATALOG = Catalog([Listed("knucklebones", "Knucklebones", lambda: KNUCKLEBONES)])


def test_empty_is_read_as_the_systems_defaults_and_another_systems_value_is_refused():
    assert typed(BoneState, EMPTY) == BoneState()
    state = BoneState(initiative=4, bones=(1, 0))
    assert typed(BoneState, state) is state
    with pytest.raises(TypeError, match="a CasusMusState where a BoneState belongs"):
        typed(BoneState, CasusMusState(ap=1))
    # A system that keeps none of a part keeps none: EMPTY stays, anything else is refused.
    assert typed(SystemData, EMPTY) is EMPTY
    with pytest.raises(TypeError):
        typed(SystemData, state)


def test_the_sheet_is_the_typed_class_and_its_numbers_are_checked_when_made():
    assert [(f.key, f.label, f.minimum, f.maximum, f.flag) for f in KNUCKLEBONES.pc_fields] == [
        ("nerve", "Nerve", 1, 6, False), ("lucky", "Lucky", 0, 1, True),
        ("hp", "Hit Points", 1, 20, False)]
    assert KNUCKLEBONES.stats_from({"nerve": 5, "lucky": 1, "hp": 9}) == BoneStats(5, 1, 9)
    with pytest.raises(StatsError) as refused:
        KNUCKLEBONES.stats_from({"nerve": 9, "lucky": 1})
    assert refused.value.problems == {"nerve": "Nerve must be from 1 to 6.",
                                      "hp": "Hit Points is missing."}
    assert KNUCKLEBONES.sheet_values(EMPTY) == {"nerve": 3, "lucky": 0, "hp": 5}
    assert value_of(BoneStats(nerve=2), "nerve") == 2
    assert value_of(EMPTY, "nerve", 7) == 7


def test_a_sheet_is_written_whole_and_a_state_without_its_defaults():
    assert data_json(BoneStats(), whole=True) == {"nerve": 3, "lucky": 0, "hp": 5}
    assert data_json(BoneState(), whole=False) == {}
    assert KNUCKLEBONES.write(Part.COMBATANT_STATE, BoneState(bones=(1,), hold_bonus=2)) == {
        "hold_bonus": 2, "bones": [1]}
    assert KNUCKLEBONES.read(Part.COMBATANT_STATE, {"bones": [1], "hold_bonus": 2}) == BoneState(
        bones=(1,), hold_bonus=2)
    assert KNUCKLEBONES.read(Part.COMBATANT_STATE, None) == BoneState()
    with pytest.raises(DataError, match="system_state bones 2: expected a whole number, "
                                        "found 'six'"):
        KNUCKLEBONES.read(Part.COMBATANT_STATE, {"bones": [1, "six"]}, "system_state")


def test_the_generic_order_reads_a_rolled_initiative_of_any_system():
    coin = CombatantRow(kind="pc", name="Tosser", system_state=BoneState(initiative=7,
                                                                         hold_bonus=3))
    raider = CombatantRow(kind="pc", name="Hedda", system_state=RuinsState(initiative=9))
    assert [effective_initiative(r) for r in (coin, raider)] == [10, 9]
    assert effective_initiative(CombatantRow(kind="pc", name="Pip",
                                             system_state=CasusMusState())) is None
    assert BoneState(initiative=7, hold_bonus=3).rolled(4) == BoneState(initiative=4)
    assert BoneState(hold_bonus=3).with_initiative(4).order_initiative == 7


def test_a_new_systems_values_go_through_the_store_and_a_file_unchanged(tmp_path):
    store = Store.open(tmp_path, CATALOG)
    try:
        campaign = store.create_campaign("Bones", system="knucklebones")
        encounter = store.create_encounter(campaign.id, "Tavern floor")
        row = KNUCKLEBONES.new_combatant("pc", "Tosser", {"nerve": 4, "lucky": 1, "hp": 6})
        stored = store.insert_combatant(encounter.id, row)
        played = replace(stored, system_state=BoneState(initiative=5, bones=(1, 1, 0),
                                                        called="six"))
        store.update_combatant(played)
        store.set_system_state(encounter.id, BoneFight(pot=12))
        assert store.combatants(encounter.id) == [played]

        text = write_encounter(encounter_file(store, encounter.id))
        back = recreate_encounter(store, campaign.id,
                                  read_bytes(CATALOG, text.encode(), "floor.json").encounter)
        assert [replace(r, id=None) for r in store.combatants(back.id)] == [
            replace(played, id=None)]
        assert store.encounter(back.id).system_state == BoneFight(pot=12)
    finally:
        store.close()


def test_every_programs_systems_sheet_says_its_typed_class():
    for key in SYSTEMS:
        rules = SYSTEMS.get(key)
        assert rules.pc_fields == sheet_fields(rules.data_type(Part.STATS))
        assert rules.defaults() == rules.data_type(Part.STATS)()
