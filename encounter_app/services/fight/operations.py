"""The GM's actions on the open fight that every rule system shares, one method each: a widget
hands plain data (ids, numbers, names, a frozen row), the operation decides, builds the undo
command, pushes it as one undo step (one transaction) and says what happened.

Combatants (add, remove, move, the GM's note, hidden from the players), countdowns (add, with a
rolled start; tick, reset, remove, shown to the players), the roll log shown to the players,
Fear, the scene's intensity, a player's outcome and a PC's miss, and the rests. What a system
does beyond these is its own (``systems/<key>/services/``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, CountdownRow, RollRow
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.requests import DiceRequest, RestRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.rules.daggerheart import FearPool, Outcome, RestKind
from encounter_app.rules.dice import DiceRoll
from encounter_app.services.campaigns.commands import UpdateEncounter, note_command
from encounter_app.services.fight import commands, table
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.operations import Kept, Operations, Say
from encounter_app.services.rolls.router import RollRouter
from encounter_app.services.undo import UndoStack

R = TypeVar("R")
GONE = "That {what} is no longer in this encounter."


@fields_repr
@dataclass(frozen=True, repr=False)
class Recorded:
    """A player's outcome (or a PC's miss) kept: its log line, what it did in words, and the
    step, to tell when it is undone."""

    summary: str
    happened: tuple[str, ...]
    kept: Kept


@fields_repr
@dataclass(frozen=True, repr=False)
class Rested:
    """A rest kept: its name in the system's words, what it did, and the step."""

    name: str
    lines: tuple[str, ...]
    kept: Kept


class FightOperations(Operations):
    """The shared fight's operations over ``session``; ``router`` rolls what one of them needs
    rolled first (a rest's Fear, a countdown's start)."""

    def __init__(self, session: EncounterSession, undo_stack: UndoStack, say: Say,
                 router: RollRouter) -> None:
        super().__init__(undo_stack, say, closed=session.closed_reason)
        self.session, self._router = session, router

    # -- reading what a widget names by id ----------------------------------------------------

    def combatant(self, combatant_id: int) -> CombatantRow:
        """The combatant ``combatant_id``; Refused when it has left the fight meanwhile."""
        at = self.session.combatants.index_of(combatant_id)
        if at < 0:
            raise Refused(GONE.format(what="combatant"))
        return self.session.combatants[at]

    def countdown(self, countdown_id: int) -> CountdownRow:
        """The countdown ``countdown_id``; Refused when it has left the fight meanwhile, or its
        numbers cannot be read (it is shown as damaged, and never ticked or reset)."""
        at = self.session.countdowns.index_of(countdown_id)
        if at < 0:
            raise Refused(GONE.format(what="countdown"))
        row = self.session.countdowns[at]
        if row.damaged:
            raise Refused(f"{row.name} is damaged: its numbers cannot be read. File › Restore… "
                          "brings back a backup from before the damage.")
        return row

    # -- combatants -------------------------------------------------------------------------

    def add_combatant(self, row: CombatantRow, position: int | None = None) -> bool:
        """``row`` joins the order (at the end by default)."""
        return self.run(lambda: commands.AddCombatant(self.session, row, position))

    def update_combatant(self, row: CombatantRow, text: str) -> bool:
        """A combatant's new state, whole (a system's edit dialog); nothing when unchanged."""
        def build() -> commands.UpdateCombatant | None:
            if self.combatant(row.id or 0) == row:
                return None
            return commands.UpdateCombatant(self.session, row, text)

        return self.run(build)

    def remove_combatant(self, combatant_id: int) -> bool:
        def build() -> commands.RemoveCombatant:
            self.combatant(combatant_id)
            return commands.RemoveCombatant(self.session,
                                            self.session.combatants.index_of(combatant_id))

        return self.run(build)

    def move_combatant(self, source: int, destination: int) -> bool:
        """The row at ``source`` dragged to ``destination`` (both before the move)."""
        rows = len(self.session.combatants)
        if not (0 <= source < rows and 0 <= destination < rows) or source == destination:
            return False
        return self.run(lambda: commands.MoveCombatant(self.session, source, destination))

    def note(self, combatant_id: int, text: str) -> bool:
        """The GM's note on a combatant (GM-only); nothing when it did not change."""
        def build() -> commands.UpdateCombatant | None:
            self.combatant(combatant_id)
            return note_command(self.session, combatant_id, text)

        return self.run(build)

    def toggle_hidden(self, combatant_id: int) -> bool:
        """Take a combatant off the player display, or put it back; said in the status."""
        from encounter_app.services import player_view  # with the display, not at start

        row = self._found(self.combatant, combatant_id)
        if row is None:
            return False
        return self.run(lambda: player_view.set_hidden(self.session, row, not row.hidden),
                        done=f"{row.name} is {'back on' if row.hidden else 'hidden from'} the "
                             "player display.")

    def _found(self, get: Callable[[int], R], row_id: int) -> R | None:
        """``get(row_id)``, or None with the refusal said (the row left meanwhile)."""
        try:
            return get(row_id)
        except Refused as refused:
            self.say(str(refused), error=True)
            return None

    # -- the roll log and the players -----------------------------------------------------------

    def toggle_roll_public(self, roll_id: int) -> bool:
        """Show a logged roll on the player display, or take it off; what the players read of
        it (not the GM's line) is said."""
        from encounter_app.services import player_view  # with the display, not at start

        at = self.session.rolls.index_of(roll_id)
        if at < 0:
            self.say("That roll is no longer in the log.", error=True)
            return False
        row = self.session.rolls[at]
        if row.damaged:
            self.say("That roll is damaged: it cannot be shown to the players.", error=True)
            return False
        if not self.run(lambda: player_view.SetRollPublic(self.session, row, not row.public)):
            return False
        if row.public:
            self.say("Taken off the player display: " + row.summary)
            return True
        words = player_view.words_for_players(self.session, row)
        self.say(f"On the player display: {words}" if words else
                 "Shown, but the players see nothing of this roll: it concerns only "
                 "combatants or countdowns hidden from them.")
        return True

    def toggle_countdown_visible(self, countdown_id: int) -> bool:
        """Show a countdown to the players, or make it the GM's alone again."""
        from encounter_app.services import player_view  # with the display, not at start

        row = self._found(self.countdown, countdown_id)
        if row is None:
            return False
        return self.run(lambda: player_view.set_countdown_visible(self.session, row,
                                                                  not row.visible),
                        done=f"{row.name} is "
                             f"{'GM only' if row.visible else 'shown to the players'} now.")

    # -- countdowns -------------------------------------------------------------------------

    def add_countdown(self, row: CountdownRow, partner_id: int | None = None,
                      dice: str | None = None,
                      added: Callable[[CountdownRow], object] | None = None) -> None:
        """Add ``row``, linked to countdown ``partner_id`` when given; with ``dice``, its start
        is rolled on the rules thread first and logged in the same undo step. ``added`` gets
        the countdown as stored once the step is kept."""
        if dice is None:
            self._add_countdown(row, partner_id, None, added)
            return
        if self.refused():  # said before the start is rolled
            return
        name = row.name

        def rolled(answer: RollResult[DiceRoll]) -> None:
            start = answer.result.total
            self._add_countdown(replace(row, start=start, value=start), partner_id,
                                describe(answer), added)

        self._router.submit(DiceRequest(dice, label=f"Start of {name}"), rolled,
                            f"Rolling the start of {name}")

    def _add_countdown(self, row: CountdownRow, partner_id: int | None,
                       start_roll: RollRow | None,
                       added: Callable[[CountdownRow], object] | None) -> None:
        if self.run(lambda: table.add_countdown(self.session, row, partner_id, start_roll)) \
                and added is not None:
            added(self.session.countdowns[len(self.session.countdowns) - 1])

    def tick_countdown(self, countdown_id: int) -> bool:
        """Take one off a countdown by hand (a GM move spent on it); a loop starts again, a
        trigger goes into the log. Nothing for a countdown already triggered."""
        def build() -> QUndoCommand | None:
            step = table.tick(self.session, self.countdown(countdown_id))
            return None if step is None else step.command

        return self.run(build)

    def reset_countdown(self, countdown_id: int) -> bool:
        def build() -> commands.UpdateCountdown | None:
            row = self.countdown(countdown_id)
            if row.value == row.start:
                return None
            return commands.UpdateCountdown(self.session, replace(row, value=row.start),
                                            f"Reset {row.name}")

        return self.run(build)

    def remove_countdown(self, countdown_id: int) -> bool:
        def build() -> commands.RemoveCountdown:
            self.countdown(countdown_id)
            return commands.RemoveCountdown(self.session,
                                            self.session.countdowns.index_of(countdown_id))

        return self.run(build)

    # -- Fear and the scene -------------------------------------------------------------------

    def set_fear(self, value: int, reason: str | None = None) -> bool:
        """The pool set to ``value`` (kept within 0..12), the ledger saying why; nothing when
        it would not change."""
        value = max(0, min(FearPool.cap, value))
        return self.run(lambda: None if value == self.session.fear
                        else commands.SetFear(self.session, value, reason))

    def gain_fear(self, reason: str | None = None) -> bool:
        return self.set_fear(self.session.fear + 1, reason)

    def spend_fear(self, reason: str | None = None) -> bool:
        return self.set_fear(self.session.fear - 1, reason)

    def set_scene_intensity(self, intensity: str) -> bool:
        return self.run(lambda: None if intensity == self.session.scene_intensity
                        else commands.SetSceneIntensity(self.session, intensity))

    # -- the table: a player's outcome, a miss, a rest -----------------------------------------

    def record_outcome(self, outcome: Outcome, dice: table.PlayerDice | None = None
                       ) -> Recorded | None:
        """A player rolled ``outcome`` (their ``dice`` when known): the Fear it gains, every
        countdown it moves and its log line, one undo step. None when it was not kept."""
        step = table.record_outcome(self.session, outcome, dice)
        kept = self.keep(lambda: step.command)
        happened = ([dice.words()] if dice else []) + step.happened
        return None if kept is None else Recorded(step.summary, tuple(happened), kept)

    def pc_missed(self) -> Recorded | None:
        """A PC missed an attack: the countdowns that tick on a miss tick, one undo step."""
        step = table.pc_missed(self.session)
        kept = self.keep(lambda: step.command)
        return None if kept is None else Recorded(step.summary, tuple(step.happened), kept)

    def rest(self, kind: RestKind, rested: Callable[[Rested], object] | None = None) -> None:
        """The PCs rest: in a game with Fear its dice are rolled on the rules thread, then the
        Fear gained and the long-term countdowns moved are one undo step; ``rested`` hears what
        happened once it is kept."""
        session = self.session
        party = table.party(session)
        fear = session.system.has_fear
        name = table.rest_name(kind, fear)

        def finish(roll: DiceRoll | None) -> None:
            step = table.rest(session, kind, roll, party.basis)
            if roll is not None and not step.fear_gained:
                # at the cap the rest gains no Fear, yet its scene is over all the same
                step.command.add(commands.start_scene(
                    session, "short_rest" if kind is RestKind.SHORT else "long_rest",
                    f"rolled {roll.expression} = {roll.total}; Fear already at the cap"))
            lines = list(step.happened) or (["Rested."] if roll is None else [])
            if roll is not None and kind is RestKind.LONG:
                lines.append(f"Party: {party.basis}")
            # A rest comes after a fight: a finished encounter takes it (its Fear, the
            # long-term countdowns), as the campaign view's rests do.
            kept = self.keep(lambda: step.command, even_closed=True)
            if kept is not None and rested is not None:
                rested(Rested(name, tuple(lines), kept))

        if not fear:  # only countdowns move
            finish(None)
            return
        self._router.submit(RestRequest(kind, party.size),
                            lambda answer: finish(answer.result),
                            f"Rolling the Fear of a {name.lower()}")

    # -- the encounter: finished, and open again ----------------------------------------------

    def finish_encounter(self) -> bool:
        """Mark the open encounter done, with the summary the store's records give now: it
        takes no fight action until it is reopened. One undo step (its undo reopens it)."""
        session = self.session

        def build() -> UpdateEncounter:
            entry = session.entry()
            if entry.status == "done":
                raise Refused(f"{entry.name} is finished already.")
            done = replace(entry, status="done", summary=session.store.summarize(
                session.encounter_id))
            return UpdateEncounter(session, entry, done, f"Finish {entry.name}")

        return self.run(build, done="Finished. Encounter › Reopen encounter takes it up again.")

    def reopen_encounter(self) -> bool:
        """Take a finished encounter up again: active, its fight actions allowed, its summary
        made again when it is finished next. One undo step."""
        session = self.session

        def build() -> UpdateEncounter:
            entry = session.entry()
            if entry.status != "done":
                raise Refused(f"{entry.name} is not finished: there is nothing to reopen.")
            return UpdateEncounter(session, entry, replace(entry, status="active",
                                                           summary=None),
                                   f"Reopen {entry.name}")

        return self.run(build, even_closed=True,
                        done="Reopened: the fight goes on where it ended.")
