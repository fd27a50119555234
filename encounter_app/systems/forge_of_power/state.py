"""Forge of Power's typed numbers: a character's sheet, its popcorn turn and remembered weapon,
and whom the creature whose turn it is has attacked (for Interrupt).

The store and the files turn these to JSON and back through the system object
(``domain/system_data.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.system_data import RolledInitiative, SystemData, stat, typed


@fields_repr
@dataclass(frozen=True, repr=False)
class ForgeStats(SystemData):
    """The sheet (``sheet.py`` describes it to the editors from these fields)."""

    defense: int = stat("Defense", 12, 1, 40, help="The DC of attacks against them.")
    strength: int = stat("Strength", 2, -5, 10)
    agility: int = stat("Agility", 2, -5, 10)
    intellect: int = stat("Intellect", 1, -5, 10)
    willpower: int = stat("Willpower", 1, -5, 10)
    initiative: int = stat("Initiative bonus", 2, -5, 15)
    hp: int = stat("Hit Points", 20, 1, 200)


@fields_repr
@dataclass(frozen=True, repr=False)
class ForgeState(RolledInitiative):
    """A combatant's initiative, whether it has acted this round, and the weapon damage it last
    attacked with ("" for none yet), which its next attack starts with."""

    acted: bool = False
    weapon_damage: str = ""


@fields_repr
@dataclass(frozen=True, repr=False)
class ForgeEncounter(SystemData):
    """The ids the creature whose turn it is has attacked this turn."""

    attacked: tuple[int, ...] = ()


def stats_of(row: CombatantRow) -> ForgeStats:
    return typed(ForgeStats, row.system_stats)


def state_of(row: CombatantRow) -> ForgeState:
    return typed(ForgeState, row.system_state)


def with_state(row: CombatantRow, state: ForgeState) -> CombatantRow:
    return replace(row, system_state=state)


def encounter_state(value: SystemData) -> ForgeEncounter:
    return typed(ForgeEncounter, value)
