"""Ruins & Raiders' typed numbers: a character's sheet, what a combatant's round holds, and the
encounter's round zero.

The store and the files turn these to JSON and back through the system object
(``domain/system_data.py``); ``services/turns.py`` and ``services/round.py`` say what each
field does in play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.system_data import RolledInitiative, SystemData, stat, typed
from encounter_app.rules.ruins_and_raiders import ACTIONS_PER_ROUND, Sacrifice


@fields_repr
@dataclass(frozen=True, repr=False)
class RuinsStats(SystemData):
    """The sheet (``sheet.py`` describes it to the editors from these fields)."""

    perception: int = stat("Perception", 1, -5, 10, help="Initiative is a Perception roll.")
    athlete: int = stat("Athlete", 1, -5, 10)
    warrior: int = stat("Warrior", 1, -5, 10)
    brawn: int = stat("Brawn", 1, -5, 10)
    fortitude: int = stat("Fortitude", 1, -5, 10)
    defiance: int = stat("Defiance", 1, -5, 10)
    armour: int = stat("Armour", 0, 0, 10)
    armour_penalty: int = stat("Armour penalty", 0, 0, 10)
    weapon_power: int = stat("Weapon power", 2, 0, 20)
    weapon_defence: int = stat("Weapon defence", 0, 0, 10)
    wounds: int = stat("Wounds", 10, 1, 99, help="How many wounds the character can take.")


@fields_repr
@dataclass(frozen=True, repr=False)
class RuinsState(RolledInitiative):
    """A combatant's battle: its initiative (and a held action's bonus, ``hold_bonus``), the
    actions left this round, waiting or holding, round zero's surprise, and what lasts until
    the round ends (the bonuses of actions given up, the spaces charged)."""

    actions: int = ACTIONS_PER_ROUND
    waiting: bool = False
    holding: bool = False  # holds its action into the next round
    surprised: bool = False
    acts_first: bool = True  # round zero: among those who spring the ambush
    waited_out: bool = False  # the waiting game: goes first this round
    sacrificed: tuple[Sacrifice, ...] = ()
    charged: int = 0


@fields_repr
@dataclass(frozen=True, repr=False)
class RuinsEncounter(SystemData):
    """The fight's turn state: round zero (an ambush) until the initiative roll."""

    round_zero: bool = False


def stats_of(row: CombatantRow) -> RuinsStats:
    return typed(RuinsStats, row.system_stats)


def state_of(row: CombatantRow) -> RuinsState:
    return typed(RuinsState, row.system_state)


def with_state(row: CombatantRow, state: RuinsState) -> CombatantRow:
    return replace(row, system_state=state)


def encounter_state(value: SystemData) -> RuinsEncounter:
    return typed(RuinsEncounter, value)
