"""Casus Mus, the system object: a d100 roll-under game of clashes, Action and Luck Points.

What the core asks of the system it gets here; the rest of the package is imported only when a
campaign of Casus Mus is opened (its window part, ``ui/``) or a roll of it is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from encounter_app.domain.system import BaseRules, TurnOrder
from encounter_app.resources import resource
from encounter_app.systems.casus_mus.sheet import FIELDS
from encounter_app.systems.casus_mus.state import CasusMusState, CasusMusStats

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


class CasusMus(BaseRules):
    key = "casus_mus"
    name = "Casus Mus"
    turn_order = TurnOrder.CLASH
    pc_fields = FIELDS
    stats_type = CasusMusStats
    combatant_state_type = CasusMusState

    def roll_words(self, row: RollRow, sight: Sight) -> str:
        from encounter_app.systems.casus_mus.words import player_words

        return player_words(row, sight)

    def read_roll(self, row: RollRow) -> LoggedRoll | None:
        from encounter_app.systems.casus_mus.requests import read_roll

        return read_roll(row)

    def sample(self) -> SampleFight:
        from encounter_app.domain.samples import read_sample

        return read_sample(resource("samples/casus_mus.json"), self)

    def phone_forms(self, row: CombatantRow) -> tuple[PhoneForm, ...]:
        """A d100 skill roll against one of the PC's own skills (phone.py)."""
        from encounter_app.systems.casus_mus.phone import forms

        return forms(row)

    def phone_sheet(self, row: CombatantRow) -> tuple[tuple[str, str], ...]:
        from encounter_app.systems.casus_mus.phone import sheet

        return sheet(row)

    def phone_result(self, row: CombatantRow | None, roll: PhoneRoll,
                     gm_value: int) -> PhoneResult:
        """Nothing is asked of the GM; a PC no longer in the fight cannot be graded."""
        from encounter_app.systems.casus_mus.phone import result

        return result(row, roll)

    def phone_record(self, session: EncounterSession, roll: PhoneRoll,
                     gm_value: int) -> PhoneStep:
        """As the skill roll dialog records it (services/phone.py)."""
        from encounter_app.systems.casus_mus.services.phone import record

        return record(session, roll)

    def new_game_session(self, session: EncounterSession) -> QUndoCommand | None:
        """A new game session gives the open fight's combatants their Luck Points back."""
        from encounter_app.systems.casus_mus.services.turns import refresh_luck_points

        return refresh_luck_points(session)

    def fight(self, context: FightContext) -> Fight:
        from encounter_app.systems.casus_mus.ui.table import CasusMusTable

        return CasusMusTable(context, self)
