"""A combatant's system numbers and turn state, and the encounter's, survive a restart: typed
as their system's classes, read from what any version of the program stored, and a value that
does not decode named as damage is."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace

import pytest

from encounter_app.domain.system_data import EMPTY
from encounter_app.rules.ruins_and_raiders import Sacrifice
from encounter_app.store import DB_NAME, Store
from encounter_app.store.errors import RowUnreadable
from encounter_app.systems.casus_mus.state import CasusMusState
from encounter_app.systems.daggerheart.state import DaggerheartState
from encounter_app.systems.forge_of_power.state import ForgeEncounter, ForgeState
from encounter_app.systems.ruins_and_raiders.state import RuinsEncounter, RuinsState
from tests.helpers.systems import SYSTEMS, create_sample


def test_system_numbers_and_state_are_kept(tmp_path):
    store = Store.open(tmp_path, SYSTEMS)
    encounter = create_sample(store, "ruins_and_raiders")
    hedda = store.combatants(encounter.id)[0]
    assert hedda.system_stats.warrior == 4 and hedda.hp_max == 14  # Wounds is the track
    state = RuinsState(initiative=13, holding=True, sacrificed=(Sacrifice.AIM,))
    store.update_combatant(replace(hedda, system_state=state))
    store.set_system_state(encounter.id, RuinsEncounter(round_zero=True))
    store.close()

    store = Store.open(tmp_path, SYSTEMS)
    try:
        again = store.combatants(encounter.id)[0]
        assert again.system_state == state
        assert again.system_stats == hedda.system_stats
        assert store.latest_encounter().system_state == RuinsEncounter(round_zero=True)
        assert store.campaign(encounter.campaign_id).system == "ruins_and_raiders"
    finally:
        store.close()


# What the program wrote before the values were typed (a dict per row, every key it set):
# each system's shape, as a database of that version holds it.
OLDER = {
    "casus_mus": ({"ap": 1, "lp": 2, "weapon_damage": "1d6"}, {},
                  CasusMusState(ap=1, lp=2, weapon_damage="1d6"), EMPTY),
    "ruins_and_raiders": (
        {"initiative": 9, "hold_bonus": 10, "actions": 2, "holding": False, "waiting": False,
         "surprised": False, "waited_out": True, "sacrificed": ["AIM", "DEFEND"], "charged": 3},
        {"round_zero": True},
        RuinsState(initiative=9, hold_bonus=10, waited_out=True,
                   sacrificed=(Sacrifice.AIM, Sacrifice.DEFEND), charged=3),
        RuinsEncounter(round_zero=True)),
    "forge_of_power": ({"initiative": 14, "hold_bonus": 0, "acted": True,
                        "weapon_damage": "1d8"}, {"attacked": [2, 3]},
                       ForgeState(initiative=14, acted=True, weapon_damage="1d8"),
                       ForgeEncounter(attacked=(2, 3))),
    "daggerheart": ({"major": 8, "severe": 17, "armor": 4, "armor_marked": 1, "hope": 3,
                     "vulnerable_from_stress": True, "spotlight_tokens_used": 2}, {},
                    DaggerheartState(major=8, severe=17, armor=4, armor_marked=1, hope=3,
                                     vulnerable_from_stress=True, spotlight_tokens_used=2),
                    EMPTY),
}


@pytest.mark.parametrize("key", list(OLDER))
def test_what_an_older_version_stored_reads_as_the_systems_typed_values(tmp_path, key):
    state, fight, typed_state, typed_fight = OLDER[key]
    store = Store.open(tmp_path, SYSTEMS)
    encounter = create_sample(store, key)
    sheet = store.combatants(encounter.id)[0].system_stats
    store.close()
    connection = sqlite3.connect(tmp_path / DB_NAME)
    with connection:
        connection.execute("UPDATE combatant SET system_state = ? WHERE position = 0",
                           (json.dumps(state),))
        connection.execute("UPDATE encounter SET system_state = ?", (json.dumps(fight),))
    connection.close()

    store = Store.open(tmp_path, SYSTEMS)
    try:
        first = store.combatants(encounter.id)[0]
        assert (first.system_stats, first.system_state) == (sheet, typed_state)
        assert store.encounter(encounter.id).system_state == typed_fight
    finally:
        store.close()


def change(database, statement: str, *values: object) -> None:
    connection = sqlite3.connect(database)
    with connection:
        connection.execute(statement, values)
    connection.close()


@pytest.mark.parametrize(("column", "value", "said"), [
    ("system_state", {"ap": "many"}, "combatant row 1, system_state ap: expected a whole number "
                                     "or null, found 'many'"),
    ("system_state", {"luck": 2}, "combatant row 1, system_state luck: is not a field of this "
                                  "kind"),
    ("system_stats", {"pow": True}, "combatant row 1, system_stats pow: expected a whole number,"
                                    " found True"),
    ("system_stats", [1, 2], "combatant row 1, system_stats: expected an object {…}, found "
                             "[1, 2]"),
])
def test_a_stored_value_that_does_not_decode_names_its_table_row_and_field(
        tmp_path, column, value, said):
    store = Store.open(tmp_path, SYSTEMS)
    create_sample(store, "casus_mus")
    store.close()
    change(tmp_path / DB_NAME, f"UPDATE combatant SET {column} = ? WHERE id = 1",
           json.dumps(value))

    store = Store.open(tmp_path, SYSTEMS)  # the checks at opening read it through its system
    try:
        assert store.kept_aside is not None
        assert store.damage == said
    finally:
        store.close()


def test_a_value_changed_behind_the_open_stores_back_is_named_as_it_is_read(tmp_path):
    store = Store.open(tmp_path, SYSTEMS)
    try:
        encounter = create_sample(store, "casus_mus")
        change(tmp_path / DB_NAME, "UPDATE combatant SET system_state = ? WHERE id = 1",
               json.dumps({"ap": "many"}))
        with pytest.raises(RowUnreadable) as unreadable:
            store.combatants(encounter.id)
        assert ("combatant row 1, system_state ap: expected a whole number or null, found "
                "'many'") in str(unreadable.value)
    finally:
        store.close()


def test_a_roster_pcs_sheet_that_does_not_decode_names_it(tmp_path):
    store = Store.open(tmp_path, SYSTEMS)
    create_sample(store, "forge_of_power")
    store.close()
    change(tmp_path / DB_NAME, "UPDATE pc SET stats = ? WHERE id = 2",
           json.dumps({"defense": "high"}))

    store = Store.open(tmp_path, SYSTEMS)
    try:
        assert store.damage == "pc row 2, stats defense: expected a whole number, found 'high'"
    finally:
        store.close()
