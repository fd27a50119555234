"""Casus Mus' typed numbers: a character's sheet, and the Action and Luck Points it has left.

The encounter keeps no turn state of its own (``SystemData``). The store and the files turn
these to JSON and back through the system object (``domain/system_data.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.system_data import SystemData, stat, typed


@fields_repr
@dataclass(frozen=True, repr=False)
class CasusMusStats(SystemData):
    """The sheet (``sheet.py`` describes it to the editors from these fields)."""

    combat: int = stat("Combat skill %", 50, 1, 200)
    evade: int = stat("Evade %", 40, 1, 200)
    willpower: int = stat("Willpower %", 40, 1, 200)
    endurance: int = stat("Endurance %", 40, 1, 200)
    pow: int = stat("POW", 11, 1, 30, help="Luck Points per session come from POW.")
    hero: int = stat("Hero advantage", 0, 0, 1, flag=True,
                     help="3 Action Points a round instead of 2.")
    hp: int = stat("Hit Points", 12, 1, 99)
    armour: int = stat("Armour", 0, 0, 20, optional=True,
                       help="Armour, shield or magic: taken off the damage of every hit.")


@fields_repr
@dataclass(frozen=True, repr=False)
class CasusMusState(SystemData):
    """What changes in play. ``ap`` and ``lp``: the Action and Luck Points left, None while
    the combatant has all of them; ``weapon_damage``: what it last hit with ("" for none yet:
    the clash offers ``clash.DEFAULT_DAMAGE``)."""

    ap: int | None = None
    lp: int | None = None
    weapon_damage: str = ""


def stats_of(row: CombatantRow) -> CasusMusStats:
    return typed(CasusMusStats, row.system_stats)


def state_of(row: CombatantRow) -> CasusMusState:
    return typed(CasusMusState, row.system_state)


def with_state(row: CombatantRow, state: CasusMusState) -> CombatantRow:
    return replace(row, system_state=state)
