"""Coin Toss at the table: the card table every such system shares, and a key to call."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.requests import RollResult
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system import BaseRules
from encounter_app.services.fight import commands
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.ui.shell.fight import FightContext
from encounter_app.ui.table.profile import Profile, numbers
from encounter_app.ui.table.table import SystemTable, button
from tests.coin_toss.rules import CoinCall, Flip


def profile(rules: BaseRules) -> Profile:
    return Profile("Spotlight order", "HP",
                   lambda row: [numbers(rules, row, ("nerve",))],
                   lambda row: "heads or tails?",
                   lambda row: "DEFEATED" if row.defeated else "")


class CoinTable(SystemTable):
    own_card_keys = ("F calls the coin for it",)

    def __init__(self, context: FightContext, rules: BaseRules) -> None:
        super().__init__(context, rules, profile(rules))

    def build(self) -> None:
        self.bar.addWidget(button("Call heads", "callButton", "Call the coin (F)", self.call))
        self.call_action = self.action("Call the &coin", "F", self.call, roll=True)

    def call(self) -> None:
        row = self.target()
        if row is None:
            return
        caller = stored_id(row)

        def record(answer: RollResult[Flip], log: RollRow) -> QUndoCommand:
            return flip_command(self.session, answer, log, caller)

        self.roller.roll(CoinCall(row.name, "heads", caller), "The coin", record=record)


def flip_command(session: EncounterSession, answer: RollResult[Flip], log: RollRow,
                 caller: int | None) -> QUndoCommand:
    """The call and, when wrong, the Hit Point it costs: one undo step (the GM's F, or a
    call from a phone)."""
    parts: list[QUndoCommand] = [commands.RecordRoll(session, log)]
    loser = next((row for row in session.combatants if row.id == caller), None)
    if not answer.result.won and loser is not None:
        parts.append(commands.UpdateCombatant(
            session, _marked(loser), f"{loser.name} loses a Hit Point"))
    return Compound(f"Roll: {log.summary}", parts)


def _marked(row: CombatantRow) -> CombatantRow:
    from dataclasses import replace

    return replace(row, hp_marked=min(row.hp_marked + 1, row.hp_max))
