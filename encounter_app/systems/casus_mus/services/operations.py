"""Casus Mus' GM actions, each one undo step: Action and Luck Points spent or given back, a new
session's Luck Points, a clash and a skill roll recorded, and the table's Combat Maneuvers.

The clash and skill dialogs walk their steps in a ``ClashFlow`` or ``SkillCheck``
(``clash.py``) and hand it here to be recorded: the points, the damage and the log line.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import RollRow
from encounter_app.services.fight.card_table import CardTableOperations
from encounter_app.services.fight.compound import Compound
from encounter_app.systems.casus_mus.services import maneuvers, turns
from encounter_app.systems.casus_mus.services.clash import ClashFlow, SkillCheck
from encounter_app.systems.casus_mus.services.maneuvers import Maneuver

if TYPE_CHECKING:
    from encounter_app.services.phone_inbox import PhoneInbox

AP, LP = "ap", "lp"


class CasusMusOperations(CardTableOperations):
    #: The players' rolls from their phones (the window's), for a clash a phone's d100 answered.
    inbox: PhoneInbox | None = None

    def next_turn_step(self) -> QUndoCommand | None:
        return turns.next_turn(self.session)

    def spend(self, combatant_id: int, resource: str, cost: int = 1) -> bool:
        """Spend ``cost`` Action (``AP``) or Luck Points (``LP``); a negative cost gives them
        back. Refused, saying why, past none or past the most the combatant has."""
        return self.run_said(partial(turns.spend, self.session, combatant_id, resource, cost))

    def refresh_luck_points(self) -> bool:
        """A new game session: everyone's Luck Points back to what POW gives."""
        return self.run(partial(turns.refresh_luck_points, self.session),
                        nothing="Everyone already has all their Luck Points.",
                        done="Luck Points refreshed for the new session.")

    def record_clash(self, flow: ClashFlow, phone_rolls: Sequence[int] = ()) -> bool:
        """The clash as the dialog walked it: its AP and LP spent, the damage on the one
        struck, the hitter's weapon remembered and the log line; ``phone_rolls``, the clash
        rolls players sent from their phones that its steps used, answered in the same step."""
        def build() -> tuple[RollRow, QUndoCommand]:
            command = flow.command(self.session)  # refused before the log row is asked
            if phone_rolls and self.inbox is not None:
                note = f"For the clash: {flow.verdict()}"
                answers = [self.inbox.used_command(roll_id, 0, note) for roll_id in phone_rolls]
                command = Compound(command.text(), [command, *filter(None, answers)])
            return flow.log_row(), command

        return self.record_roll(build)

    def record_skill_roll(self, check: SkillCheck) -> bool:
        """A skill roll with its Luck Point, if one was spent, and its log line."""
        def build() -> tuple[RollRow, QUndoCommand]:
            command = check.command(self.session)
            return check.log_row(), command

        return self.record_roll(build)

    # -- the table's own Combat Maneuvers (kept for every clash, outside the undo history) ----

    def maneuvers(self) -> tuple[Maneuver, ...]:
        return maneuvers.maneuvers(self.session.store)

    def usual_maneuvers(self) -> int:
        """How many of ``maneuvers()`` are the usual ones (the rest are the table's own)."""
        return len(maneuvers.MANEUVERS)

    def add_maneuver(self, name: str, text: str = "") -> Maneuver:
        """Keep a new maneuver for every clash to come; ManeuverError (or OSError, a disk
        that refused it) says why not."""
        return maneuvers.add_maneuver(self.session.store, name, text)

    def remove_maneuver(self, name: str) -> None:
        maneuvers.remove_maneuver(self.session.store, name)
