"""Ruins & Raiders' GM actions, each one undo step: an action used or given up for a bonus,
wait and hold, round zero, a trait check recorded with what it leaves for the round, and the
initiative rolled once for the battle.

The text keeps the order for the battle ("The order will remain for the battle unless someone
chooses to Haste.", ruins-and-raiders-conflict.txt): past round one a new roll is refused with
that sentence, and one initiative is typed instead (Set initiative, a Haste or a newcomer). In
round one a new roll (a correction) asks first when the round has left something it clears.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace
from functools import partial

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.initiative import Initiant
from encounter_app.domain.requests import RollResult
from encounter_app.domain.system_data import SystemData
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.services.fight import commands
from encounter_app.services.fight.card_table import CardTableOperations
from encounter_app.services.fight.compound import Compound
from encounter_app.systems.ruins_and_raiders.requests import RuinsInitiative, TraitCheckRequest
from encounter_app.systems.ruins_and_raiders.services import round as ruins_round
from encounter_app.systems.ruins_and_raiders.services import turns

#: The text's sentence that keeps the order for the whole battle.
ORDER_STAYS = "The order will remain for the battle unless someone chooses to Haste."


class RuinsOperations(CardTableOperations):
    # -- the turn rules -----------------------------------------------------------------------

    def next_turn_step(self) -> QUndoCommand | None:
        return turns.next_turn(self.session)

    def initiative_request(self, initiants: tuple[Initiant, ...]) -> RuinsInitiative:
        return RuinsInitiative(initiants)

    def start_battle(self, rows: list[CombatantRow], state: SystemData
                     ) -> tuple[list[CombatantRow], SystemData]:
        return turns.start_battle(rows, state)

    def restart_battle(self, rows: list[CombatantRow], state: SystemData
                       ) -> tuple[list[CombatantRow], SystemData]:
        return turns.restart_battle(rows, state)

    def set_initiative_step(self, combatant_id: int, value: int) -> QUndoCommand:
        return turns.set_initiative(self.session, combatant_id, value)

    def give_turn_step(self, combatant_id: int) -> QUndoCommand:
        return turns.give_turn(self.session, combatant_id)

    def rolls_initiative(self, row: CombatantRow) -> bool:
        """The Adversary adds 7 to each enemy's Perception rather than roll."""
        return row.kind != "adversary"

    def rolled_before(self) -> bool:
        """Round zero comes before the battle's roll: rolling then starts round 1."""
        return not turns.in_round_zero(self.session) and super().rolled_before()

    def initiative_kept(self) -> str:
        return (f"Ruins & Raiders: “{ORDER_STAYS}” To change one place (a Haste, a newcomer), "
                "set that combatant's initiative (Ctrl+T).")

    def reroll_clears(self) -> list[str]:
        """What starting the round again clears, read from each card."""
        phrases: list[str] = []
        for row in self.session.combatants:
            phrases += _round_left(row)
        active = self.row(self.session.active_id)
        if active is not None:
            phrases.append(f"whose turn it is ({active.name}'s): the highest initiative "
                           "goes first")
        return phrases

    # -- actions ------------------------------------------------------------------------------

    def use_action(self, combatant_id: int) -> bool:
        return self.run_said(partial(turns.use_action, self.session, combatant_id))

    def give_up_action(self, combatant_id: int, sacrifice: rr.Sacrifice) -> bool:
        """Give up an action for Aim, Defend, Haymaker, Resist or Look (also in answer to an
        attack: the text's Abort)."""
        return self.run_said(partial(turns.give_up_action, self.session, combatant_id, sacrifice))

    def wait(self, combatant_id: int) -> bool:
        """Wait (act later this round, even inside another's action); again: stop waiting."""
        return self.run_said(partial(turns.set_waiting, self.session, combatant_id))

    def hold(self, combatant_id: int) -> bool:
        """Hold the action into the next round: +10 initiative then."""
        return self.run_said(partial(turns.set_waiting, self.session, combatant_id, hold=True))

    def round_zero(self, ambusher_ids: Collection[int], *, surprise: bool) -> bool:
        """Whoever acts first acts in round zero; the others wait for round 1, surprised
        (no actions at all) only if ``surprise``."""
        return self.run_said(partial(turns.start_round_zero, self.session, ambusher_ids,
                                surprise=surprise))

    def trait_check(self, request: TraitCheckRequest, *, actor_id: int,
                    typed: rr.TraitCheck | None = None, uses_action: bool = False,
                    charge: int = 0,
                    used: Mapping[int, Iterable[rr.Sacrifice]] | None = None) -> bool:
        """A trait check, rolled on the rules thread or as the dice a player rolled
        (``typed``), logged with a hit's Wounds on the target, the action spent, the charge
        remembered and the given-up bonuses used: one undo step. Refused, saying why, when it
        needs an action the actor does not have."""
        acting = self.row(actor_id)
        if uses_action and (acting is None or turns.actions_left(acting) <= 0):
            return self.use_action(actor_id)  # refused, and said why (no actions left...)
        spent = {k: list(v) for k, v in (used or {}).items()}

        def record(answer: RollResult[rr.TraitCheck], row: RollRow) -> QUndoCommand:
            if typed is not None:
                row = replace(row, detail=f"{row.detail} (rolled at the table)")
            # The dice may answer after a combatant has left the fight: it is skipped.
            result = answer.result
            wounds = None
            if (request.target_id is not None and request.wound_base is not None
                    and result.success):
                wounds = (request.target_id, max(result.mox + request.wound_base, 0))
            return Compound(f"Roll: {row.summary}", [
                commands.RecordRoll(self.session, row),
                *ruins_round.check_recorded(self.session, actor_id, uses_action=uses_action,
                                            charge=charge, used=spent, wounds=wounds)])

        if typed is not None:
            return self.roller.record(RollResult(0, request, typed), record) is not None
        self.roller.roll(request, "The trait check", record=record)
        return True


def _round_left(row: CombatantRow) -> list[str]:
    """What this round has left on ``row`` that starting the round again takes away."""
    name, phrases = row.name, []
    left = turns.actions_left(row)
    if left < rr.ACTIONS_PER_ROUND and not row.defeated:
        used = rr.ACTIONS_PER_ROUND - left
        phrases.append(f"{name}'s {used} action{'s' * (used > 1)} used (given back)")
    if bonus := turns.hold_bonus(row):
        phrases.append(f"{name}'s +{bonus} initiative for a held action")
    if turns.holding(row):
        phrases.append(f"{name}'s action held to the next round (+10 then)")
    if turns.waited_out(row):
        phrases.append(f"{name} going first for waiting the last round out")
    if turns.waiting(row):
        phrases.append(f"{name} waiting")
    for sacrifice in ruins_round.sacrifices(row):
        phrases.append(f"{name}'s {sacrifice.name.title()} +{sacrifice.bonus} "
                       f"({sacrifice.applies_to})")
    if spaces := ruins_round.charged(row):
        phrases.append(f"{name}'s charge ({spaces} spaces)")
    return phrases
