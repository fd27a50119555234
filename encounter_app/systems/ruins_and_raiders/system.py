"""Ruins & Raiders, the system object: 2d6 + trait checks, initiative rolled once a battle,
two actions a round.

What the core asks of the system it gets here; the rest of the package is imported only when a
campaign of Ruins & Raiders is opened (its window part, ``ui/``) or a roll of it is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from encounter_app.domain.system import BaseRules, TurnOrder
from encounter_app.resources import resource
from encounter_app.systems.ruins_and_raiders.sheet import FIELDS
from encounter_app.systems.ruins_and_raiders.state import RuinsEncounter, RuinsState, RuinsStats

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


class RuinsAndRaiders(BaseRules):
    key = "ruins_and_raiders"
    name = "Ruins & Raiders"
    turn_order = TurnOrder.ROLLED
    health_word = "Wounds"
    health_key = "wounds"
    initiative_key = "perception"
    pc_fields = FIELDS
    stats_type = RuinsStats
    combatant_state_type = RuinsState
    encounter_state_type = RuinsEncounter

    def roll_words(self, row: RollRow, sight: Sight) -> str:
        from encounter_app.systems.ruins_and_raiders.words import player_words

        return player_words(row, sight)

    def read_roll(self, row: RollRow) -> LoggedRoll | None:
        from encounter_app.systems.ruins_and_raiders.requests import read_roll

        return read_roll(row)

    def sample(self) -> SampleFight:
        from encounter_app.domain.samples import read_sample

        return read_sample(resource("samples/ruins_and_raiders.json"), self)

    def phone_forms(self, row: CombatantRow) -> tuple[PhoneForm, ...]:
        """A trait check, 2d6 + one of the PC's traits (phone.py)."""
        from encounter_app.systems.ruins_and_raiders.phone import forms

        return forms(row)

    def phone_sheet(self, row: CombatantRow) -> tuple[tuple[str, str], ...]:
        from encounter_app.systems.ruins_and_raiders.phone import sheet

        return sheet(row)

    def phone_result(self, row: CombatantRow | None, roll: PhoneRoll,
                     gm_value: int) -> PhoneResult:
        """``gm_value``: the challenge level; a PC no longer in the fight cannot be graded."""
        from encounter_app.systems.ruins_and_raiders.phone import result

        return result(row, roll, gm_value)

    def phone_record(self, session: EncounterSession, roll: PhoneRoll,
                     gm_value: int) -> PhoneStep:
        """As the trait check records it, with the action it uses (services/phone.py)."""
        from encounter_app.systems.ruins_and_raiders.services.phone import record

        return record(session, roll, gm_value)

    def new_game_session(self, session: EncounterSession) -> QUndoCommand | None:
        return None  # nothing of the fight is per game session

    def fight(self, context: FightContext) -> Fight:
        from encounter_app.systems.ruins_and_raiders.ui.table import RuinsAndRaidersTable

        return RuinsAndRaidersTable(context, self)
