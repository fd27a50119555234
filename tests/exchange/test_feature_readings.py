"""A feature's corrected reading goes out with the program's own files and comes back in; a
damaged one refuses the file, naming its entry and field; the SRD's files have none."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from encounter_app.domain import CombatantRow
from encounter_app.domain.feature_readings import NOTHING, reading_json
from encounter_app.domain.rows import Feature, StatBlock, TemplateRow
from encounter_app.exchange import native
from encounter_app.exchange.campaign_file import write_campaign
from encounter_app.exchange.encounter_file import write_encounter
from encounter_app.exchange.problems import ImportRefused
from encounter_app.exchange.reader import read_bytes, read_path
from encounter_app.rules.daggerheart import feature_action
from encounter_app.store import Store
from encounter_app.store.exchange import (
    apply_import,
    campaign_file,
    encounter_file,
    plan_import,
    recreate_campaign,
    recreate_encounter,
)
from tests.helpers.systems import SYSTEMS

SPIT_ACID = ("Make an attack against all targets in front of the Burrower within Close range. "
             "Targets the Burrower succeeds against take 2d6 physical damage and must mark an "
             "Armor Slot.")
READ = feature_action(SPIT_ACID)
assert READ is not None
# The GM's correction: 3d6, and the acid leaves them Vulnerable too.
CORRECTED = replace(READ, damage="3d6 phy", conditions=frozenset({"Vulnerable"}))
BURROWER = StatBlock(
    name="Acid Burrower", tier=1, type="Solo", difficulty=14, major=8, severe=15, hp=8,
    stress=3, attack_modifier=3, attack_name="Claws", attack_range="Very Close",
    damage="1d12+2 phy", features=(
        Feature("Relentless (3)", "Passive", "The Burrower can be spotlighted up to three "
                "times per GM turn."),
        Feature("Spit Acid", "Action", SPIT_ACID, reading=CORRECTED)))


def test_a_library_entrys_correction_is_exported_and_imported(tmp_path) -> None:
    source = Store.open(tmp_path / "a", SYSTEMS)
    try:
        source.insert_templates([TemplateRow(None, BURROWER, "homebrew")])
        written = native.write_adversaries(t.stats for t in source.templates())
    finally:
        source.close()
    assert json.loads(written)["adversaries"][0]["features"][1]["reading"]["damage"] == "3d6 phy"
    assert "reading" not in json.loads(written)["adversaries"][0]["features"][0]
    parsed = read_bytes(SYSTEMS, written.encode("utf-8"), "burrower.json")
    target = Store.open(tmp_path / "b", SYSTEMS)
    try:
        apply_import(target, plan_import(target, parsed.adversaries, parsed.template_source))
        [entry] = target.templates()
    finally:
        target.close()
    assert entry.stats == BURROWER
    assert entry.stats.features[1].action == CORRECTED
    assert entry.stats.features[0].reading is None


def test_an_encounters_and_a_campaigns_corrections_are_exported_and_imported(tmp_path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    try:
        campaign = store.create_campaign("Witherwild", system="daggerheart", party_size=2)
        fight = store.create_encounter(campaign.id, "The burrow")
        store.insert_combatant(fight.id, CombatantRow(kind="adversary", name="Acid Burrower",
                                                      hp_max=8, stress_max=3, stats=BURROWER))
        parsed = read_bytes(SYSTEMS, write_encounter(encounter_file(store, fight.id)).encode(),
                            "burrow.json")
        assert parsed.encounter is not None
        again = recreate_encounter(store, campaign.id, parsed.encounter)
        [back] = store.combatants(again.id)
        assert back.stats == BURROWER and back.stats.features[1].action == CORRECTED
        whole = read_bytes(SYSTEMS, write_campaign(campaign_file(store, campaign.id)).encode(),
                           "witherwild.json")
        assert whole.campaign is not None
        copy = recreate_campaign(store, whole.campaign)
        copies = [store.combatants(e.id) for e in store.encounter_entries(copy.id)]
        assert [[row.stats for row in rows] for rows in copies] == [[BURROWER], [BURROWER]]
    finally:
        store.close()


def document(**reading: object) -> str:
    """Our adversaries file whose Spit Acid's reading is changed by ``reading``."""
    data = json.loads(native.write_adversaries([BURROWER]))
    data["adversaries"][0]["features"][1]["reading"] = {**reading_json(CORRECTED), **reading}
    return json.dumps(data)


@pytest.mark.parametrize(("reading", "field", "message"), [
    ({"range": "Nearby"}, "range", "expected one of Melee, Very Close, Close, Far, Very Far, "
                                   "found 'Nearby'"),
    ({"reaction_roll": "Luck"}, "reaction_roll", "expected one of Agility, Strength, Finesse, "
                                                 "Instinct, Presence, Knowledge, found 'Luck'"),
    ({"conditions": ["Vulnerable", "Hidden"]}, "conditions 2",
     "expected one of Restrained, Vulnerable, found 'Hidden'"),
    ({"conditions": "Vulnerable"}, "conditions",
     "expected a list of names, found 'Vulnerable'"),
    ({"cost_stress": -1}, "cost_stress", "-1 is out of range: 0 to 99"),
    ({"cost_fear": 13}, "cost_fear", "13 is out of range: 0 to 12"),
    ({"target_stress": "2"}, "target_stress", "expected a whole number, found '2'"),
    ({"reaction_difficulty": 0}, "reaction_difficulty", "0 is out of range: 1 to 50"),
    ({"armor_slot": "yes"}, "armor_slot", "expected true or false, found 'yes'"),
    ({"damage": 6}, "damage", "expected text, found 6"),
    ({"damage": "lots of acid"}, "damage", ""),
])
def test_a_damaged_reading_refuses_the_file_naming_its_entry_and_field(
        reading: dict[str, object], field: str, message: str) -> None:
    with pytest.raises(ImportRefused) as refused:
        read_bytes(SYSTEMS, document(**reading).encode("utf-8"), "burrower.json")
    [problem] = refused.value.problems
    assert problem.where == f"entry 1 (Acid Burrower), features 2 (Spit Acid) reading {field}"
    assert message in problem.message


def test_a_reading_that_is_not_an_object_is_named() -> None:
    data = json.loads(document())
    data["adversaries"][0]["features"][1]["reading"] = "attack"
    with pytest.raises(ImportRefused) as refused:
        read_bytes(SYSTEMS, json.dumps(data).encode("utf-8"), "burrower.json")
    assert [str(p) for p in refused.value.problems] == [
        "entry 1 (Acid Burrower), features 2 (Spit Acid) reading: expected a reading {…} or "
        "null, found 'attack'"]


def test_a_reading_left_at_null_or_at_nothing_reads() -> None:
    data = json.loads(document())
    data["adversaries"][0]["features"][1]["reading"] = None
    [stats] = read_bytes(SYSTEMS, json.dumps(data).encode("utf-8"), "b.json").adversaries
    assert stats.features[1].reading is None and stats.features[1].action == READ
    data["adversaries"][0]["features"][1]["reading"] = {}
    [stats] = read_bytes(SYSTEMS, json.dumps(data).encode("utf-8"), "b.json").adversaries
    assert stats.features[1].reading == NOTHING


def test_the_srds_adversaries_have_no_correction(srd_file) -> None:
    parsed = read_path(SYSTEMS, srd_file)
    burrower = next(s for s in parsed.adversaries if s.name == "Acid Burrower")
    spit = next(f for f in burrower.features if f.name == "Spit Acid")
    assert spit.reading is None and spit.action is not None and spit.action.armor_slot
