"""The first-start content: the sample library and a demo fight a newcomer sees at once."""

from __future__ import annotations

import json
from pathlib import Path

from encounter_app.resources import resource
from encounter_app.rules.daggerheart import starting_fear
from encounter_app.services.systems.combatants import system_combatant
from encounter_app.store import CombatantRow, CountdownRow, EncounterRow, StatBlock, Store
from encounter_app.store.rows import TemplateRow

DEMO_PARTY = (
    # name, Evasion, HP slots, Stress slots
    ("Aria Vell (Seraph)", 9, 7, 6),
    ("Brannoc (Guardian)", 8, 7, 6),
    ("Wren Tallow (Rogue)", 12, 6, 6),
)
DEMO_ADVERSARIES = ("Chapel Warden", "Ashen Sentry", "Hollow Archer", "Bramble Stalker")
DEMO_COUNTDOWNS = (("The bell tower collapses", 6), ("Reinforcements arrive", 4))


def load_sample_adversaries(path: Path | None = None) -> list[StatBlock]:
    data = json.loads((path or resource("sample_adversaries.json")).read_text(encoding="utf-8"))
    return [StatBlock.from_json(entry) for entry in data["adversaries"]]


def combatant_from(stats: StatBlock, name: str | None = None) -> CombatantRow:
    """An adversary joining a fight: its own copy of the stat block, nothing marked."""
    return CombatantRow(kind="adversary", name=name or stats.name, hp_max=stats.hp,
                        stress_max=stats.stress, stats=stats)


def create_demo(store: Store, *, seed: int | None = None) -> EncounterRow:
    """Fill an empty store: the sample library, a campaign with three PCs, and a fight."""
    samples = load_sample_adversaries()
    store.insert_templates([TemplateRow(id=None, stats=s, source="sample") for s in samples])
    by_name = {s.name: s for s in samples}
    campaign = store.create_campaign("Demo: The Drowned Chapel", party_size=len(DEMO_PARTY),
                                     fear=starting_fear(len(DEMO_PARTY)))
    encounter = store.create_encounter(campaign.id, "Ambush at the chapel steps", seed=seed)
    for pc, adversary in zip(DEMO_PARTY, DEMO_ADVERSARIES[:-1], strict=True):
        name, evasion, hp, stress = pc
        store.insert_combatant(encounter.id, CombatantRow(
            kind="pc", name=name, evasion=evasion, hp_max=hp, stress_max=stress))
        store.insert_combatant(encounter.id, combatant_from(by_name[adversary]))
    store.insert_combatant(encounter.id, combatant_from(by_name[DEMO_ADVERSARIES[-1]]))
    for name, start in DEMO_COUNTDOWNS:
        store.insert_countdown(encounter.id, CountdownRow(name=name, start=start, value=start))
    # The fight opens with the spotlight on the first PC, as Daggerheart's do.
    first = store.combatants(encounter.id)[0]
    store.set_turn(encounter.id, first.id, 1)
    return store.encounter(encounter.id)


SAMPLE_SYSTEMS = ("casus_mus", "ruins_and_raiders", "forge_of_power")


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
    encounter = store.create_encounter(campaign.id, data["encounter"], seed=seed)
    for entry in people:
        store.insert_combatant(encounter.id, system_combatant(
            system_key, entry["kind"], entry["name"], entry["stats"]))
    first = store.combatants(encounter.id)[0]
    store.set_turn(encounter.id, first.id, 1)
    return store.encounter(encounter.id)
