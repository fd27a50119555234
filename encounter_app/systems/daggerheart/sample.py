"""Daggerheart's first-start content: the sample library and the demo fight a newcomer sees."""

from __future__ import annotations

import json
from pathlib import Path

from encounter_app.domain import CountdownRow, EnvironmentBlock, StatBlock
from encounter_app.domain.adversaries import combatant_from
from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.samples import SampleFight
from encounter_app.resources import resource
from encounter_app.rules.daggerheart import starting_fear
from encounter_app.systems.daggerheart.state import DaggerheartSheet

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


def demo_fight() -> SampleFight:
    """The sample library, a campaign with three PCs, and a fight at the Drowned Chapel: each PC
    followed by an adversary, then the last adversary; two countdowns."""
    samples = load_sample_adversaries()
    places = load_sample_environments()
    by_name = {s.name: s for s in samples}
    order: list[CombatantRow | PcRow] = []
    for pc, adversary in zip(DEMO_PARTY, DEMO_ADVERSARIES[:-1], strict=True):
        name, *numbers = pc
        evasion, major, severe, hp, stress, hope, armor = (int(n) for n in numbers)
        stats = DaggerheartSheet(evasion=evasion, major=major, severe=severe, hp=hp,
                                 stress=stress, hope=hope, armor=armor)
        order += [PcRow(name=str(name), stats=stats), combatant_from(by_name[adversary])]
    order.append(combatant_from(by_name[DEMO_ADVERSARIES[-1]]))
    return SampleFight(
        campaign="Demo: The Drowned Chapel", encounter="Ambush at the chapel steps",
        order=tuple(order), fear=starting_fear(len(DEMO_PARTY)),
        countdowns=tuple(CountdownRow(name=name, start=start, value=start)
                         for name, start in DEMO_COUNTDOWNS),
        environment=next(p for p in places if p.name == DEMO_ENVIRONMENT),
        templates=tuple(samples), environments=tuple(places))
