"""Forge of Power, the system object: d20 checks in levels of success, popcorn initiative.

What the core asks of the system it gets here; the rest of the package is imported only when a
campaign of Forge of Power is opened (its window part, ``ui/``) or a roll of it is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from encounter_app.domain.system import BaseRules, TurnOrder
from encounter_app.resources import resource
from encounter_app.systems.forge_of_power.sheet import FIELDS
from encounter_app.systems.forge_of_power.state import ForgeEncounter, ForgeState, ForgeStats

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoCommand

    from encounter_app.domain.logged import LoggedRoll
    from encounter_app.domain.player_rolls import PhoneForm, PhoneResult, PhoneRoll
    from encounter_app.domain.player_view import Sight
    from encounter_app.domain.rows import CombatantRow, RollRow
    from encounter_app.domain.samples import SampleFight
    from encounter_app.services.fight.session import EncounterSession
    from encounter_app.services.fight.system import PhoneStep
    from encounter_app.ui.shell.fight import Fight, FightContext


class ForgeOfPower(BaseRules):
    key = "forge_of_power"
    name = "Forge of Power"
    turn_order = TurnOrder.POPCORN
    initiative_key = "initiative"
    pc_fields = FIELDS
    stats_type = ForgeStats
    combatant_state_type = ForgeState
    encounter_state_type = ForgeEncounter

    def roll_words(self, row: RollRow, sight: Sight) -> str:
        from encounter_app.systems.forge_of_power.words import player_words

        return player_words(row, sight)

    def read_roll(self, row: RollRow) -> LoggedRoll | None:
        from encounter_app.systems.forge_of_power.requests import read_roll

        return read_roll(row)

    def sample(self) -> SampleFight:
        from encounter_app.domain.samples import read_sample

        return read_sample(resource("samples/forge_of_power.json"), self)

    def phone_forms(self, row: CombatantRow) -> tuple[PhoneForm, ...]:
        """A die roll, d20 + bonus, with advantage or disadvantage (phone.py)."""
        from encounter_app.systems.forge_of_power.phone import forms

        return forms(row)

    def phone_result(self, row: CombatantRow | None, roll: PhoneRoll,
                     gm_value: int) -> PhoneResult:
        """``gm_value``: the DC; a PC no longer in the fight cannot be graded."""
        from encounter_app.systems.forge_of_power.phone import result

        return result(row, roll, gm_value)

    def phone_record(self, session: EncounterSession, roll: PhoneRoll,
                     gm_value: int) -> PhoneStep:
        """As the die roll dialog records a check (services/phone.py)."""
        from encounter_app.systems.forge_of_power.services.phone import record

        return record(session, roll, gm_value)

    def new_game_session(self, session: EncounterSession) -> QUndoCommand | None:
        return None  # nothing of the fight is per game session

    def fight(self, context: FightContext) -> Fight:
        from encounter_app.systems.forge_of_power.ui.table import ForgeOfPowerTable

        return ForgeOfPowerTable(context, self)
