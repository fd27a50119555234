"""A character or foe of Casus Mus, Ruins & Raiders or Forge of Power joining an encounter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from encounter_app.domain import CombatantRow
from encounter_app.domain.rows import CombatantKind
from encounter_app.rules.systems import system


class StatsError(ValueError):
    """Stats that do not fit the system: ``problems`` maps each field to its reason."""

    def __init__(self, problems: dict[str, str]) -> None:
        super().__init__(" ".join(problems.values()))
        self.problems = problems


def system_combatant(system_key: str, kind: CombatantKind, name: str,
                     stats: Mapping[str, Any]) -> CombatantRow:
    """The row for the spotlight order: the stats as given, the health track full.

    Raises StatsError naming every field that is missing or out of range. A party roster PC
    goes in with its roster stats (exactly rules/systems.py pc_fields of the system).
    """
    rules = system(system_key)
    if problems := rules.problems(stats):
        raise StatsError(problems)
    if not name.strip():
        raise StatsError({"name": "A combatant needs a name."})
    return CombatantRow(kind=kind, name=name.strip(), hp_max=int(stats[rules.health_key]),
                        system_stats=dict(stats))
