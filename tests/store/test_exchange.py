"""Imports into the store: all or nothing, duplicates as the GM chose, undone exactly."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from encounter_app.domain.rows import TemplateRow
from encounter_app.exchange.encounter_file import write_encounter
from encounter_app.exchange.problems import ImportRefused
from encounter_app.exchange.reader import read_bytes, read_path
from encounter_app.store.errors import RowMissing
from encounter_app.store.exchange import (
    apply_import,
    encounter_file,
    find_duplicates,
    plan_import,
    recreate_encounter,
    revert_import,
)
from encounter_app.systems.casus_mus.state import CasusMusState, CasusMusStats
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from tests.helpers.databases import dump
from tests.helpers.systems import SYSTEMS, create_demo


def library(store):
    return sorted((t.stats.name, t.stats.tier, t.source, t.stats.difficulty)
                  for t in store.templates())


def test_the_129_srd_adversaries_import_in_one_transaction(store, srd_file):
    parsed = read_path(SYSTEMS, srd_file)
    plan = apply_import(store, plan_import(store, parsed.adversaries, parsed.template_source))
    assert len(plan.inserted) == 129 and all(row.id for row in plan.inserted)
    templates = store.templates()
    assert len(templates) == 129 and {t.source for t in templates} == {"srd"}
    burrower = next(t for t in templates if t.stats.name == "Acid Burrower")
    assert burrower.stats == next(s for s in parsed.adversaries if s.name == "Acid Burrower")


def test_a_failure_half_way_imports_nothing(store, srd_file):
    parsed = read_path(SYSTEMS, srd_file)
    plan = plan_import(store, parsed.adversaries, "srd")

    def crash(done, _total):
        if done == 100:
            raise RuntimeError("power cut")

    with pytest.raises(RuntimeError):
        apply_import(store, plan, crash)
    assert store.templates() == []


def sample_store(store):
    samples = load_sample_adversaries()
    store.insert_templates([TemplateRow(None, s, "sample") for s in samples])
    return samples


def test_duplicates_are_found_by_name_and_tier_ignoring_case(store):
    samples = sample_store(store)
    sentry = samples[0]
    shouting = replace(sentry, name=sentry.name.upper(), difficulty=20)
    other_tier = replace(sentry, tier=3)
    new = replace(sentry, name="Brand New")
    found = find_duplicates(store, [shouting, other_tier, new, replace(new, hp=9)])
    assert [(d.position, d.existing.stats.name if d.existing else None, d.earlier)
            for d in found] == [(0, sentry.name, None), (3, None, 2)]


@pytest.mark.parametrize(("choice", "difficulty", "count"), [
    ("skip", 13, 1), ("replace", 20, 1), ("keep", 20, 2)])
def test_each_choice_for_a_library_duplicate_and_undo(store, choice, difficulty, count):
    samples = sample_store(store)
    before = library(store)
    sentry = samples[0]
    changed = replace(sentry, name="ashen sentry", difficulty=20)
    plan = apply_import(store, plan_import(store, [changed], "mine.json", {0: choice}))
    sentries = [t for t in store.templates() if t.stats.name.lower() == "ashen sentry"]
    assert len(sentries) == count
    assert max(t.stats.difficulty for t in sentries) == difficulty
    revert_import(store, plan)
    assert library(store) == before  # undo: what was replaced is back, what was added gone
    again = apply_import(store, plan)  # redo keeps the ids
    assert [r.id for r in again.inserted] == [r.id for r in plan.inserted]


def test_duplicates_within_the_file(store):
    first = load_sample_adversaries()[0]
    second = replace(first, difficulty=19)
    for choice, kept in (("skip", [13]), ("replace", [19]), ("keep", [13, 19])):
        plan = plan_import(store, [first, second], "f", {1: choice})
        assert sorted(r.stats.difficulty for r in plan.inserted) == kept
        assert len(plan.skipped) == 2 - len(kept)


def test_replace_twice_in_one_file_replaces_the_library_template_once(store):
    sentry = sample_store(store)[0]
    old = next(t for t in store.templates() if t.stats.name == sentry.name)
    plan = plan_import(store, [replace(sentry, hp=7), replace(sentry, hp=8)], "f",
                       default="replace")
    assert [(new.id, new.stats.hp) for new, _old in plan.replaced] == [(old.id, 8)]
    assert plan.inserted == () and [s.hp for s in plan.skipped] == [7]


def test_an_encounter_round_trips_through_a_file(store):
    encounter = create_demo(store, seed=4)
    campaign = store.campaign(encounter.campaign_id)
    rows = store.combatants(encounter.id)
    store.update_combatant(replace(rows[1], hp_marked=2, conditions=("Vulnerable",)))
    store.set_turn(encounter.id, rows[2].id, 3)
    exported = encounter_file(store, encounter.id)
    text = write_encounter(exported)
    store.set_fear(campaign.id, 0)

    parsed = read_bytes(SYSTEMS, text.encode("utf-8"), "fight.json")
    created = recreate_encounter(store, campaign.id, parsed.encounter, "with fight.json")
    assert created.id != encounter.id
    assert encounter_file(store, created.id) == exported
    new_rows = store.combatants(created.id)
    assert [(r.name, r.hp_marked, r.conditions) for r in new_rows] == [
        (r.name, r.hp_marked, r.conditions) for r in store.combatants(encounter.id)]
    assert (created.round, created.active_combatant_id) == (3, new_rows[2].id)
    assert [c.name for c in store.countdowns(created.id)] == [
        c.name for c in store.countdowns(encounter.id)]
    assert store.campaign(campaign.id).fear == campaign.fear
    line = store.fear_ledger(campaign.id)[0]
    assert (line.change, line.reason, line.note) == (campaign.fear, "imported",
                                                     "with fight.json")


def test_a_failing_encounter_import_leaves_nothing(store):
    encounter = create_demo(store, seed=4)
    exported = encounter_file(store, encounter.id)
    count = len(dump(store.path)["encounter"])
    with pytest.raises(RowMissing, match="no campaign with id 999"):  # whose system it is
        recreate_encounter(store, 999, exported)
    rows = dump(store.path)
    assert len(rows["encounter"]) == count
    assert len(rows["combatant"]) == len(exported.combatants)


def test_notes_a_systems_numbers_and_what_players_see_travel_with_an_encounter():
    from encounter_app.domain import CombatantRow, CountdownRow
    from encounter_app.exchange.encounter_file import EncounterFile

    fight = EncounterFile(
        name="Rat warren", system="casus_mus", round=2,
        combatants=(CombatantRow(kind="adversary", name="Rat-man", hp_max=9, hidden=True,
                                 notes="Flees at half HP",
                                 system_stats=CasusMusStats(combat=45),
                                 system_state=CasusMusState(ap=1, lp=0)),),
        countdowns=(CountdownRow("Tunnel collapse", 4, 3, visible=True),))
    parsed = read_bytes(SYSTEMS, write_encounter(fight).encode("utf-8"), "warren.json")
    assert parsed.encounter == fight


def test_a_systems_numbers_that_are_not_an_object_are_named():
    text = ('{"format": "encounter-manager", "version": 1, "kind": "encounter", "encounter": '
            '{"name": "x", "round": 1, "combatants": [{"kind": "pc", "name": "Whisker", '
            '"system_stats": [1, 2]}], "countdowns": []}}')
    with pytest.raises(ImportRefused) as refused:
        read_bytes(SYSTEMS, text.encode("utf-8"), "bad.json")
    [problem] = refused.value.problems
    assert "system_stats" in str(problem) and "Whisker" in str(problem)


def test_the_fights_environment_travels_with_it_and_a_bad_one_is_named(store):
    encounter = create_demo(store, seed=4)
    exported = encounter_file(store, encounter.id)
    assert exported.environment is not None and exported.environment.name == "Drowned Chapel"
    created = recreate_encounter(store, encounter.campaign_id,
                                 read_bytes(SYSTEMS, write_encounter(exported).encode("utf-8"),
                                            "fight.json").encounter)
    assert store.encounter_environment(created.id) == exported.environment

    data = json.loads(write_encounter(exported))
    data["encounter"]["environment"]["tier"] = 9
    with pytest.raises(ImportRefused) as refused:
        read_bytes(SYSTEMS, json.dumps(data).encode("utf-8"), "fight.json")
    assert [p.field for p in refused.value.problems] == ["encounter environment tier"]
