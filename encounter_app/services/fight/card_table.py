"""A card table's GM actions (Casus Mus, Ruins & Raiders, Forge of Power, a game of the tests):
what every such system shares, each one undo step made from plain data (services/operations.py).

``CardTableOperations`` is the base each system's own operations extend
(``systems/<key>/services/operations.py``): it answers the turn rules below in the system's
terms (the next turn with its per-round refresh, rolled initiative, a turn given out of order)
and adds the system's own actions. The widgets of ``ui/table/`` and of each system ask these
with ids and numbers, and show what they say; they never build an undo command.

Rolling initiative again (interpretation, change it here): a fight past round one, or one whose
round has left something behind, asks first with what a new roll clears (``reroll``); a system
whose text keeps the order for the whole battle refuses past round one instead, with the
text's sentence (``initiative_kept``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

from PySide6.QtCore import QTimer
from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.initiative import Initiant, InitiativeRequest, InitiativeScore
from encounter_app.domain.requests import RollResult
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system import BaseRules
from encounter_app.domain.system_data import SystemData
from encounter_app.services.fight import commands, turns
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.operations import Operations, Say
from encounter_app.services.rolls.roller import Roller
from encounter_app.services.undo import UndoStack

#: Who is still tied after the rules' order, for the GM to order (each group in turn order).
AskTies = Callable[[list[list[InitiativeScore]]], None]
Start = Callable[[list[CombatantRow], SystemData], tuple[list[CombatantRow], SystemData]]


@fields_repr
@dataclass(frozen=True, repr=False)
class Reroll:
    """What pressing Roll initiative now would do to the fight, before anything is rolled.

    ``refused``: the text's reason it may not (said in the status line); ``question``: what a
    new roll clears, to ask first; both empty: roll at once (the first roll, round zero's end,
    or nothing to lose)."""

    refused: str = ""
    question: str = ""


class CardTableOperations(Operations):
    """The GM's actions on a card table; a system's subclass answers the turn rules."""

    def __init__(self, session: EncounterSession, undo_stack: UndoStack, roller: Roller,
                 say: Say, rules: BaseRules) -> None:
        super().__init__(undo_stack, say, closed=session.closed_reason)
        self.session, self.roller, self.rules = session, roller, rules

    # -- the turn rules a system answers ------------------------------------------------------

    def next_turn_step(self) -> QUndoCommand | None:
        """The next turn, with what a new round refreshes; None when nobody can act."""
        return turns.next_turn(self.session)

    def initiative_request(self, initiants: tuple[Initiant, ...]) -> InitiativeRequest:
        """Everyone's initiative roll (a system with ``initiative_key`` answers it)."""
        raise NotImplementedError

    def start_battle(self, rows: list[CombatantRow], state: SystemData
                     ) -> tuple[list[CombatantRow], SystemData]:
        """The battle's first round after the initiative roll, as the system starts one."""
        return rows, state

    def restart_battle(self, rows: list[CombatantRow], state: SystemData
                       ) -> tuple[list[CombatantRow], SystemData]:
        """The round started again after initiative is rolled anew (``reroll_clears`` says
        what it clears); the first round's start unless the system says otherwise."""
        return self.start_battle(rows, state)

    def set_initiative_step(self, combatant_id: int, value: int) -> QUndoCommand:
        return turns.set_initiative(self.session, combatant_id, value)

    def give_turn_step(self, combatant_id: int) -> QUndoCommand:
        return turns.give_turn(self.session, combatant_id)

    def rolls_initiative(self, row: CombatantRow) -> bool:
        """Whether ``row`` rolls its initiative (else it is fixed by its bonus)."""
        return True

    def initiative_kept(self) -> str:
        """The text's sentence when its initiative stays for the whole battle (a new roll
        past round one is refused with it); "" when the text allows rolling again."""
        return ""

    def reroll_clears(self) -> list[str]:
        """What a new initiative roll clears of the fight as it stands, one phrase each."""
        return []

    # -- reading the fight --------------------------------------------------------------------

    def row(self, combatant_id: int | None) -> CombatantRow | None:
        index = self.session.combatants.index_of(combatant_id)
        return None if index < 0 else self.session.combatants[index]

    def standing(self, at_least: int = 1) -> list[CombatantRow]:
        """Who is still in the fight; empty, and said, when fewer than ``at_least``."""
        rows = [r for r in self.session.combatants if not r.defeated]
        if len(rows) < at_least:
            self.say("Not enough combatants still standing: add one first.", error=True)
            return []
        return rows

    def rolled_before(self) -> bool:
        """Whether this battle's initiative was rolled (or typed) already."""
        return any(turns.effective_initiative(r) is not None for r in self.session.combatants)

    # -- marks and rows -----------------------------------------------------------------------

    def damage(self, combatant_id: int, amount: int) -> bool:
        """Mark ``amount`` of the system's health track (HP, Wounds), never past its top."""
        return self._mark(combatant_id, amount, "Damage")

    def heal(self, combatant_id: int, amount: int) -> bool:
        """Clear ``amount`` of the marked health track, never below none."""
        return self._mark(combatant_id, -amount, "Heal")

    def _mark(self, combatant_id: int, change: int, verb: str) -> bool:
        def build() -> QUndoCommand | None:
            row = turns.row_of(self.session, combatant_id)
            if change == 0:
                return None
            marked = min(max(row.hp_marked + change, 0), row.hp_max)
            if marked == row.hp_marked:
                return None
            return commands.UpdateCombatant(self.session, replace(row, hp_marked=marked),
                                            f"{verb} {row.name} {abs(change)}")

        row = self.row(combatant_id)
        word = self.rules.health_word
        nothing = "" if row is None else (
            f"{row.name} has nothing marked to heal." if change < 0 else
            f"{row.name} has all {row.hp_max} {word} marked already.")
        if not self.run(build, nothing=nothing):
            return False
        now = turns.row_of(self.session, combatant_id)
        self.say(f"{now.name}: {now.hp_marked} of {now.hp_max} {word} marked"
                 + (" (defeated)." if now.defeated else "."))
        return True

    def add(self, row: CombatantRow) -> bool:
        return self.run(lambda: commands.AddCombatant(self.session, row),
                        done=f"{row.name} joins the fight.")

    def edit(self, row: CombatantRow) -> bool:
        """``row``, edited (its id is the combatant's), replaces what the fight had."""
        def build() -> QUndoCommand | None:
            old = turns.row_of(self.session, stored_id(row))
            return None if old == row else commands.UpdateCombatant(
                self.session, row, f"Edit {old.name}")

        return self.run(build, nothing="Nothing changed.")

    def run_said(self, build: Callable[[], QUndoCommand | None], *, nothing: str = "") -> bool:
        """``run``, and say what was done in the command's own words ("Hedda Stonefist holds
        to the next round."), as the undo history names it."""
        made: list[QUndoCommand] = []

        def kept() -> QUndoCommand | None:
            command = build()
            made.extend([command] if command is not None else [])
            return command

        if not self.run(kept, nothing=nothing):
            return False
        self.say(f"{made[0].text()}.")
        return True

    def record_roll(self, build: Callable[[], tuple[RollRow, QUndoCommand]]) -> bool:
        """A roll a dialog finished, logged with what it changed (``build``: its log row and
        its one command): said and shown as any roll. A rule that refuses it is said."""
        try:
            row, command = build()
        except Refused as why:
            self.say(str(why), error=True)
            return False
        return self.roller.push(row, command)

    # -- turns --------------------------------------------------------------------------------

    def next_turn(self) -> bool:
        nothing = "" if self.session.combatants else "Nobody can act: add a combatant first."
        return self.run(self.next_turn_step, nothing=nothing)

    def give_turn(self, combatant_id: int) -> bool:
        """Give the turn to someone out of order (a waiting R&R character acting now...)."""
        return self.run_said(lambda: self.give_turn_step(combatant_id))

    def set_initiative(self, combatant_id: int, value: int) -> bool:
        """A player rolled initiative at the table: the order follows the value typed."""
        return self.run_said(lambda: self.set_initiative_step(combatant_id, value))

    def settle_tie(self, ordered_ids: list[int]) -> bool:
        """Combatants tied on initiative, in the order the GM chose."""
        if any(self.row(i) is None for i in ordered_ids):
            self.say("Someone of that tie has left the fight: the order stays as rolled.",
                     error=True)
            return False
        return self.run_said(partial(turns.settle_tie, self.session, ordered_ids))

    def reroll(self) -> Reroll:
        """What Roll initiative would do now: refused, asked first, or rolled at once."""
        if not self.rolled_before():
            return Reroll()
        round_ = self.session.round
        if round_ > 1 and (kept := self.initiative_kept()):
            return Reroll(refused=kept)
        clears = self.reroll_clears()
        if not clears and round_ <= 1:
            return Reroll()
        lines = "".join(f"\n• {phrase}" for phrase in clears)
        said = (f"A new roll orders everyone again and clears:{lines}" if clears else
                "A new roll orders everyone again.")
        return Reroll(question=f"Round {round_}: initiative was rolled for this battle. "
                               f"{said}\n\nUndo takes it back.")

    def roll_initiative(self, ask_ties: AskTies) -> bool:
        """Everyone's initiative in one request; the answer orders the list and starts the
        round (started again, when rolled before), one undo step. The GM orders any tie
        left (``ask_ties``), once the roll is in the log. True when the roll was asked."""
        rows = self.standing()
        if not rows:
            return False
        start: Start = self.restart_battle if self.rolled_before() else self.start_battle
        key = self.rules.initiative_key
        request = self.initiative_request(tuple(
            Initiant(stored_id(r), r.name, turns.stat(r, key), rolls=self.rolls_initiative(r))
            for r in rows))

        def record(answer: RollResult[tuple[InitiativeScore, ...]], log: RollRow
                   ) -> QUndoCommand:
            command = turns.apply_initiative(self.session, request, answer.result, log, start)
            if ties := request.ties(answer.result):
                # Asked once the roll is in the log and the order shows it.
                QTimer.singleShot(0, lambda: ask_ties(ties))
            return command

        self.roller.roll(request, "The initiative roll", record=record)
        return True

