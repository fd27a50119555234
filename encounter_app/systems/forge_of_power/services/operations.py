"""Forge of Power's GM actions, each one undo step: the popcorn turn passed or interrupted,
initiative rolled (again, after asking: the text rolls it when a fight breaks out, and after
that whoever ends a turn picks the next), and a die roll or attack recorded with its damage.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.initiative import Initiant
from encounter_app.domain.system_data import SystemData
from encounter_app.services.fight.card_table import CardTableOperations
from encounter_app.systems.forge_of_power.damage import Damage
from encounter_app.systems.forge_of_power.requests import (
    FopAttackRequest,
    ForgeInitiative,
    LevelCheckRequest,
)
from encounter_app.systems.forge_of_power.services import damage as fop_damage
from encounter_app.systems.forge_of_power.services import turns


class ForgeOperations(CardTableOperations):
    # -- the turn rules -----------------------------------------------------------------------

    def initiative_request(self, initiants: tuple[Initiant, ...]) -> ForgeInitiative:
        return ForgeInitiative(initiants)

    def start_battle(self, rows: list[CombatantRow], state: SystemData
                     ) -> tuple[list[CombatantRow], SystemData]:
        return turns.start_battle(rows, state)

    def reroll_clears(self) -> list[str]:
        """Who has acted, who may still Interrupt, and whose turn it is as picked."""
        phrases: list[str] = []
        done = [r.name for r in self.session.combatants if turns.acted(r) and not r.defeated]
        if done:
            phrases.append(f"who has acted this round ({', '.join(done)}): "
                           "everyone may act again")
        if able := [r.name for r in turns.interrupters(self.session)]:
            phrases.append(f"the Interrupt of {', '.join(able)} (attacked this turn)")
        active = self.row(self.session.active_id)
        if active is not None and (done or self.session.round > 1):
            phrases.append(f"{active.name}'s turn, as picked: the highest roll goes first "
                           "instead")
        return phrases

    # -- the popcorn turn ---------------------------------------------------------------------

    def pass_turn(self, next_id: int | None) -> bool:
        """End the turn of the creature acting; ``next_id`` (not acted this round, or anyone
        when the round ends) goes next."""
        if next_id is None:
            self.say("Nobody can take the next turn: add a combatant first.", error=True)
            return False
        return self.run_said(lambda: turns.end_popcorn_turn(self.session, next_id))

    def interrupt(self, interrupter_id: int | None) -> bool:
        """A creature attacked this turn, and yet to act this round, takes the next turn."""
        if interrupter_id is None:
            self.say("Nobody was attacked this turn who has yet to act.", error=True)
            return False
        return self.run_said(lambda: turns.end_popcorn_turn(self.session, interrupter_id,
                                                       interrupt=True))

    # -- rolls --------------------------------------------------------------------------------

    def record(self, request: LevelCheckRequest | FopAttackRequest, row: RollRow,
               damage: Damage | None = None, weapon: str = "") -> bool:
        """The roll, the damage it deals (each card's HP), whom an attack marked for
        Interrupt and the attacker's weapon damage (``weapon``, kept for its next attack):
        one step."""
        def build() -> tuple[RollRow, QUndoCommand]:
            extra: list[QUndoCommand] = []
            if isinstance(request, FopAttackRequest):
                marked = turns.attacked_targets(self.session, request.combatant_id,
                                                [t.combatant_id for t in request.targets])
                remembered = fop_damage.remember_weapon(self.session, request.combatant_id,
                                                        weapon)
                extra += [part for part in (marked, remembered) if part is not None]
            return fop_damage.record_with_damage(self.session, row, damage, extra)

        return self.record_roll(build)
