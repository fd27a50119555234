"""Coin Toss, the system object: what the core asks of it, as of any of the program's four."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.logged import LoggedRoll
from encounter_app.domain.player_rolls import (
    PhoneChoice,
    PhoneDie,
    PhoneForm,
    PhoneResult,
    PhoneRoll,
)
from encounter_app.domain.rows import CombatantRow, RollRow
from encounter_app.domain.samples import SampleFight
from encounter_app.domain.system import BaseRules, TurnOrder
from encounter_app.domain.system_data import SystemData, sheet_fields, stat

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoCommand

    from encounter_app.domain.player_view import Sight
    from encounter_app.services.fight.session import EncounterSession
    from encounter_app.services.fight.system import PhoneStep
    from encounter_app.ui.shell.fight import Fight, FightContext

PARTY = (("Ada Penny", 3, 4), ("Bram Groat", 4, 2))
FOES = (("Two-Faced Tom", 3, 3), ("The Tosser", 2, 5))
#: A phone's one roll: the coin, thrown at the table as a d2 (1 is heads) or flipped for them.
CALL = PhoneForm(
    "call", "Call the coin", "A coin: a d2, 1 is heads", (PhoneDie("coin", "Coin", 2),),
    choices=(PhoneChoice("call", "Your call", (("heads", "Heads"), ("tails", "Tails"))),))


@dataclass(frozen=True)
class CoinStats(SystemData):
    """Its sheet, typed: the store and the files read and write it through the system."""

    hp: int = stat("Hit Points", 3, 1, 9)
    nerve: int = stat("Nerve", 3, 1, 5, help="How long it holds its nerve.")


class CoinToss(BaseRules):
    key = "coin_toss"
    name = "Coin Toss"
    turn_order = TurnOrder.SPOTLIGHT
    pc_fields = sheet_fields(CoinStats)
    stats_type = CoinStats

    def roll_words(self, row: RollRow, sight: Sight) -> str:
        from tests.coin_toss.rules import player_words

        return player_words(row, sight)

    def read_roll(self, row: RollRow) -> LoggedRoll | None:
        from tests.coin_toss.rules import read_roll

        return read_roll(row)

    def sample(self) -> SampleFight:
        order: list[CombatantRow | PcRow] = []
        for (pc, hp, nerve), (foe, foe_hp, foe_nerve) in zip(PARTY, FOES, strict=True):
            order.append(PcRow(name=pc, stats=CoinStats(hp=hp, nerve=nerve)))
            order.append(self.new_combatant("adversary", foe, {"hp": foe_hp,
                                                               "nerve": foe_nerve}))
        return SampleFight(campaign="Demo: Heads or Tails", encounter="At the toll bridge",
                           order=tuple(order))

    def phone_forms(self, row: CombatantRow) -> tuple[PhoneForm, ...]:
        return (CALL,)

    def phone_result(self, row: CombatantRow | None, roll: PhoneRoll,
                     gm_value: int) -> PhoneResult:
        face = "heads" if roll.die("coin") == 1 else "tails"
        call = roll.submission.choice("call", "heads")
        return PhoneResult(1, f"{face}: {'right' if face == call else 'wrong'}", f"coin {face}")

    def phone_record(self, session: EncounterSession, roll: PhoneRoll,
                     gm_value: int) -> PhoneStep:
        """The call, logged as the GM's own is, with the Hit Point a wrong one costs."""
        from encounter_app.domain.requests import RollResult
        from encounter_app.domain.roll_text import describe
        from encounter_app.services.fight.system import PhoneStep
        from tests.coin_toss.rules import CoinCall, Flip
        from tests.coin_toss.table import flip_command

        sub = roll.submission
        call = "tails" if sub.choice("call") == "tails" else "heads"
        face = "heads" if roll.die("coin") == 1 else "tails"
        request = CoinCall(sub.character, call, sub.combatant_id)
        answer = RollResult(0, request, Flip(face, face == call))
        command = flip_command(session, answer, describe(answer), sub.combatant_id)
        return PhoneStep(command, self.phone_result(None, roll, gm_value))

    def new_game_session(self, session: EncounterSession) -> QUndoCommand | None:
        return None

    def fight(self, context: FightContext) -> Fight:
        from tests.coin_toss.table import CoinTable

        return CoinTable(context, self)
