"""A system's sample fight as plain data: what a first start (or ``--demo KEY``) writes.

Each system says what its sample is (``SystemRules.sample``); ``demo.py`` writes it to the
store in one transaction. A PC in the order is a roster member: the party is written first,
and each joins the fight where the order has it, linked to the roster.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import (
    CombatantKind,
    CombatantRow,
    CountdownRow,
    EnvironmentBlock,
    StatBlock,
)
from encounter_app.domain.system_data import SystemData


class Joins(Protocol):
    """What reading a sample asks of its system: a combatant, or a typed sheet, made from the
    sheet's numbers."""

    def new_combatant(self, kind: CombatantKind, name: str,
                      stats: Mapping[str, int]) -> CombatantRow: ...

    def stats_from(self, numbers: Mapping[str, object]) -> SystemData: ...


@fields_repr
@dataclass(frozen=True, repr=False)
class SampleFight:
    """A campaign with its party, and its first encounter ready to be run."""

    campaign: str
    encounter: str
    order: tuple[CombatantRow | PcRow, ...]  # a PcRow is a roster member joining there
    fear: int = 0
    countdowns: tuple[CountdownRow, ...] = ()
    environment: EnvironmentBlock | None = None
    #: What the sample brings to the library (Daggerheart's stat blocks and places).
    templates: tuple[StatBlock, ...] = ()
    environments: tuple[EnvironmentBlock, ...] = ()

    @property
    def party(self) -> tuple[PcRow, ...]:
        return tuple(entry for entry in self.order if isinstance(entry, PcRow))


def read_sample(path: Path, system: Joins) -> SampleFight:
    """A sample fight file of ours (resources/samples/<key>.json): the campaign's and the
    encounter's names, and the combatants with the system's stats."""
    data = json.loads(path.read_text(encoding="utf-8"))
    order: list[CombatantRow | PcRow] = []
    for entry in data["combatants"]:
        row = system.new_combatant(entry["kind"], entry["name"], entry["stats"])
        order.append(PcRow(name=row.name, stats=system.stats_from(entry["stats"]))
                     if row.kind == "pc" else row)
    return SampleFight(campaign=data["campaign"], encounter=data["encounter"],
                       order=tuple(order))
