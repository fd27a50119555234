"""The first-start content: the sample library and a demo fight a newcomer sees at once."""

from __future__ import annotations

import json
from pathlib import Path

from encounter_app.domain import (
    CountdownRow,
    EncounterRow,
    EnvironmentBlock,
    EnvironmentRow,
    StatBlock,
)
from encounter_app.domain.adversaries import combatant_from
from encounter_app.domain.campaign_rows import PcRow, combatant_for_pc
from encounter_app.domain.rows import TemplateRow, stored_id
from encounter_app.domain.systems.combatants import system_combatant
from encounter_app.resources import resource
from encounter_app.rules.daggerheart import starting_fear
from encounter_app.rules.systems import SYSTEMS
from encounter_app.store import Store

DEMO_PARTY = (
    # name, Evasion, Major, Severe, HP slots, Stress slots, Hope, Armor slots
    ("Aria Vell (Seraph)", 9, 8, 17, 7, 6, 2, 4),
    ("Brannoc (Guardian)", 8, 9, 19, 7, 6, 2, 5),
    ("Wren Tallow (Rogue)", 12, 6, 13, 6, 6, 2, 3),
)
DEMO_ADVERSARIES = ("Chapel Warden", "Ashen Sentry", "Hollow Archer", "Bramble Stalker")
DEMO_COUNTDOWNS = (("The bell tower collapses", 6), ("Reinforcements arrive", 4))
DEMO_ENVIRONMENT = "Drowned Chapel"


def load_sample_adversaries(path: Path | None = None) -> list[StatBlock]:
    data = json.loads((path or resource("sample_adversaries.json")).read_text(encoding="utf-8"))
    return [StatBlock.from_json(entry) for entry in data["adversaries"]]


def load_sample_environments(path: Path | None = None) -> list[EnvironmentBlock]:
    data = json.loads((path or resource("sample_environments.json")).read_text(encoding="utf-8"))
    return [EnvironmentBlock.from_json(entry) for entry in data["environments"]]


def create_demo(store: Store, *, seed: int | None = None) -> EncounterRow:
    """Fill an empty store: the sample library, a campaign with three PCs, and a fight."""
    samples = load_sample_adversaries()
    store.insert_templates([TemplateRow(id=None, stats=s, source="sample") for s in samples])
    places = load_sample_environments()
    for place in places:
        store.insert_environment(EnvironmentRow(id=None, stats=place, source="sample"))
    by_name = {s.name: s for s in samples}
    campaign = store.create_campaign("Demo: The Drowned Chapel", party_size=len(DEMO_PARTY),
                                     fear=starting_fear(len(DEMO_PARTY)))
    encounter = store.create_encounter(stored_id(campaign), "Ambush at the chapel steps", seed=seed,
                                       status="active")
    for position, (pc, adversary) in enumerate(zip(DEMO_PARTY, DEMO_ADVERSARIES[:-1],
                                                   strict=True)):
        name, *numbers = pc
        stats = dict(zip(("evasion", "major", "severe", "hp", "stress", "hope", "armor"),
                         numbers, strict=True))
        member = store.insert_pc(stored_id(campaign), PcRow(name=name, stats=stats), position)
        store.insert_combatant(encounter.id, combatant_for_pc(member))
        store.insert_combatant(encounter.id, combatant_from(by_name[adversary]))
    store.insert_combatant(encounter.id, combatant_from(by_name[DEMO_ADVERSARIES[-1]]))
    for name, start in DEMO_COUNTDOWNS:
        store.insert_countdown(encounter.id, CountdownRow(name=name, start=start, value=start))
    store.set_encounter_environment(
        encounter.id, next(p for p in places if p.name == DEMO_ENVIRONMENT))
    return _spotlight_first(store, encounter.id)


#: The systems with a sample fight in resources/samples/: every one but Daggerheart's demo.
SAMPLE_SYSTEMS = tuple(key for key in SYSTEMS if key != "daggerheart")


def _spotlight_first(store: Store, encounter_id: int) -> EncounterRow:
    """The fight opens with the spotlight on the first in the order, in round 1."""
    first = store.combatants(encounter_id)[0]
    store.set_turn(encounter_id, first.id, 1)
    return store.encounter(encounter_id)


def create_sample(store: Store, system_key: str, *, seed: int | None = None) -> EncounterRow:
    """A campaign of ``system_key`` with its sample fight (resources/samples/<key>.json).

    Daggerheart's is the demo fight with the sample library (``create_demo``).
    """
    if system_key == "daggerheart":
        return create_demo(store, seed=seed)
    if system_key not in SAMPLE_SYSTEMS:
        raise KeyError(f"No sample encounter for {system_key!r}; there are: daggerheart, "
                       + ", ".join(SAMPLE_SYSTEMS))
    data = json.loads(resource(f"samples/{system_key}.json").read_text(encoding="utf-8"))
    people = data["combatants"]
    pcs = sum(1 for c in people if c["kind"] == "pc")
    campaign = store.create_campaign(data["campaign"], system=system_key, party_size=pcs)
    encounter = store.create_encounter(stored_id(campaign), data["encounter"], seed=seed,
                                       status="active")
    party = 0
    for entry in people:
        row = system_combatant(system_key, entry["kind"], entry["name"], entry["stats"])
        if entry["kind"] == "pc":  # the party is on the roster, and its fighters link to it
            member = store.insert_pc(stored_id(campaign),
                                     PcRow(name=row.name, stats=row.system_stats), party)
            party += 1
            row = combatant_for_pc(member, system_key)
        store.insert_combatant(encounter.id, row)
    return _spotlight_first(store, encounter.id)
