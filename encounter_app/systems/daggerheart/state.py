"""Daggerheart's typed numbers: a PC's sheet on the roster, and what a combatant tracks in the
fight beside its own columns (Evasion, HP, Stress, the stat block).

A combatant keeps no sheet of its own (``SystemData``) and the encounter no turn state. The
store and the files turn these to JSON and back through the system object
(``domain/system_data.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.system_data import SpotlightTokens, SystemData, stat, typed


@fields_repr
@dataclass(frozen=True, repr=False)
class DaggerheartSheet(SystemData):
    """A PC's sheet (``sheet.py`` describes it to the editors from these fields)."""

    evasion: int = stat("Evasion", 10, 0, 30, help="Adversary attacks hit at or above it.")
    major: int = stat("Major threshold", 7, 1, 99)
    severe: int = stat("Severe threshold", 14, 1, 99)
    hp: int = stat("Hit Points", 6, 1, 12)
    stress: int = stat("Stress", 6, 1, 12)
    hope: int = stat("Hope", 2, 0, 6, help="Hope the character has now (at most 6).")
    armor: int = stat("Armor slots", 3, 0, 12)


@fields_repr
@dataclass(frozen=True, repr=False)
class DaggerheartState(SpotlightTokens):
    """A combatant in the fight: a tracked PC's thresholds (None: not set, as for a PC added by
    hand, and every adversary), Armor Slots and marked ones, and Hope (``pc_tracks.py``);
    whether its Vulnerable is the one its full Stress gave (``conditions.py``); and the
    Spotlight Tracker's tokens used this scene."""

    major: int | None = None
    severe: int | None = None
    armor: int = 0
    armor_marked: int = 0
    hope: int = 0
    vulnerable_from_stress: bool = False


def state_of(row: CombatantRow) -> DaggerheartState:
    return typed(DaggerheartState, row.system_state)


def with_state(row: CombatantRow, state: DaggerheartState) -> CombatantRow:
    return replace(row, system_state=state)


def sheet_of(stats: SystemData) -> DaggerheartSheet:
    return typed(DaggerheartSheet, stats)
