"""A whole campaign to a file and back (issue 10: everything is in the export format): party,
notes, every encounter with its status and summary, PCs still linked to the roster."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from encounter_app import exit_codes
from encounter_app.__main__ import main
from encounter_app.domain.campaign_rows import EncounterEntry
from encounter_app.exchange.campaign_file import write_campaign
from encounter_app.exchange.problems import ImportRefused
from encounter_app.exchange.reader import read_bytes
from encounter_app.store.exchange import campaign_file, recreate_campaign
from tests.helpers.systems import SYSTEMS, create_demo, create_sample


def prepared(store):
    """The demo campaign with notes, a finished fight and a draft prepared after it."""
    fight = create_demo(store, seed=2)
    campaign = store.campaign(fight.campaign_id)
    store.update_campaign(replace(campaign, note="The chapel bell is cursed.", session_number=3))
    [entry] = store.encounter_entries(campaign.id)
    store.update_encounter_entry(replace(entry, status="done", note="They fled north.",
                                         summary=store.summarize(entry.id)))
    store.insert_encounter(campaign.id, EncounterEntry("Bridge toll", note="Rope: 3 HP"), 1)
    aria = next(c for c in store.combatants(fight.id) if c.kind == "pc")
    store.update_combatant(replace(aria, hp_marked=2, notes="Owes the warden a favour"))
    return campaign.id


def test_a_campaign_comes_back_whole_as_a_new_campaign(store):
    campaign_id = prepared(store)
    exported = campaign_file(store, campaign_id)
    parsed = read_bytes(SYSTEMS, write_campaign(exported).encode("utf-8"), "chapel.json")
    assert parsed.kind == "campaign" and parsed.campaign == exported

    created = recreate_campaign(store, parsed.campaign)
    assert created.id != campaign_id
    assert campaign_file(store, created.id) == exported
    entries = store.encounter_entries(created.id)
    assert [(e.name, e.status, e.note) for e in entries] == [
        ("Ambush at the chapel steps", "done", "They fled north."), ("Bridge toll", "draft",
                                                                     "Rope: 3 HP")]
    assert entries[0].summary == store.encounter_entries(campaign_id)[0].summary


def test_imported_pcs_are_linked_to_the_new_roster(store):
    campaign_id = prepared(store)
    created = recreate_campaign(store, campaign_file(store, campaign_id))
    party = {pc.id: pc.name for pc in store.pcs(created.id)}
    [first, *_] = store.encounter_entries(created.id)
    pcs = [c for c in store.combatants(first.id) if c.kind == "pc"]
    assert pcs and {party[c.pc_id] for c in pcs} == {c.name for c in pcs}
    assert set(party) & {pc.id for pc in store.pcs(campaign_id)} == set()


def test_another_systems_campaign_keeps_its_numbers(store):
    fight = create_sample(store, "casus_mus", seed=1)
    exported = campaign_file(store, fight.campaign_id)
    created = recreate_campaign(store, read_bytes(SYSTEMS,
        write_campaign(exported).encode("utf-8"), "rats.json").campaign)
    assert store.campaign(created.id).system == "casus_mus"
    [entry] = store.encounter_entries(created.id)
    assert [c.system_stats for c in store.combatants(entry.id)] == [
        c.system_stats for c in store.combatants(fight.id)]
    assert [pc.stats for pc in store.pcs(created.id)] == [
        pc.stats for pc in store.pcs(fight.campaign_id)]


def test_every_bad_party_member_and_encounter_is_named_and_nothing_is_made(store, tmp_path):
    campaign_id = prepared(store)
    data = json.loads(write_campaign(campaign_file(store, campaign_id)))
    body = data["campaign"]
    del body["party"][0]["stats"]["evasion"]
    body["party"][1]["stats"]["hp"] = 99
    body["encounters"][0]["status"] = "finished"
    body["encounters"][1]["party_members"] = [7]
    with pytest.raises(ImportRefused) as refused:
        read_bytes(SYSTEMS, json.dumps(data).encode("utf-8"), "chapel.json")
    said = [str(p) for p in refused.value.problems]
    assert said[:2] == ["PC 1 (Aria Vell (Seraph)), stats evasion: Evasion is missing.",
                        "PC 2 (Brannoc (Guardian)), stats hp: Hit Points must be from 1 to 12."]
    assert any(s.startswith("encounter 1 (Ambush at the chapel steps), status") for s in said)
    assert any("party_members" in s for s in said)
    # Imported as a GM imports it (encounter-app import): refused whole, nothing made.
    bad = tmp_path / "chapel.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    before = store.campaigns()
    assert main(["import", str(bad), "--data-dir", str(tmp_path)]) == exit_codes.IMPORT_REFUSED
    assert store.campaigns() == before
