"""The players' rolls from their phones, waiting for the GM, in every system: the inbox behind
the *Players' rolls* tab.

A roll comes from the players' page (services/players_page.py) as a plain ``PhoneSubmission``
for the character that phone holds. It is checked against that character's form (the system's
``phone_forms``), its dice rolled on the rules thread when the player asked for that, and kept
in the store (store/phone.py), so a restart loses none. It waits until the GM accepts it (the
system's ``phone_record`` and the inbox's own change: one undo step) or sets it aside (one undo
step). Every change says which character's rolls changed (``changed``), for the page to send that
phone its history; a roll not taken is answered at once (``refused``).

A cap on the whole inbox and a limit per character (not per page or socket) keep a flood out.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

from encounter_app.domain.player_rolls import (
    HISTORY,
    PhoneForm,
    PhoneResult,
    PhoneRoll,
    PhoneSubmission,
    RollStatus,
    name_problem,
)
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.domain.rows import CombatantRow
from encounter_app.rules.dice import DiceRoll
from encounter_app.services.fight.compound import Compound
from encounter_app.store import StoreError

if TYPE_CHECKING:
    from encounter_app.services.fight.operations import FightOperations
    from encounter_app.services.fight.session import EncounterSession
    from encounter_app.services.fight.system import SystemServices
    from encounter_app.services.rolls.router import RollRouter

TITLE = "Players' rolls"
INBOX_CAP = 60  # rolls waiting in all
PER_CHARACTER = 3  # rolls one character may have waiting (or being rolled)
SET_ASIDE = "The GM set this roll aside."


class PhoneInbox(QObject):
    """The rolls waiting for the open encounter's GM, oldest first."""

    changed = Signal(str)  # the character whose rolls changed; "" when any may have
    refused = Signal(str, str)  # (page, words): a roll that was not taken, for that page
    # (the roll as recorded, its step on the stack: services.operations.Kept, the GM's value,
    # what happened in words): a system's window may show what the rules say next
    # (Daggerheart's guidance).
    recorded = Signal(object, object, int, object)

    def __init__(self, session: EncounterSession, system: SystemServices,
                 operations: FightOperations, router: RollRouter,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session, self._system = session, system
        self._operations, self._router = operations, router
        self._rolling: dict[str, int] = {}  # rolls on the rules thread, by character
        self._waiting: tuple[PhoneRoll, ...] = ()
        self._read()
        # A step that failed was rolled back: what it had changed here is read again.
        operations.undo_stack.rolled_back.connect(self._reread)

    @property
    def waiting(self) -> tuple[PhoneRoll, ...]:
        return self._waiting

    def roll(self, roll_id: int) -> PhoneRoll | None:
        """The waiting roll with that id; None when it was answered (or never was)."""
        return next((roll for roll in self._waiting if roll.id == roll_id), None)

    def character(self, roll: PhoneRoll | PhoneSubmission) -> CombatantRow | None:
        """The roller's row in the fight now (by its id, else its name), if a PC is there."""
        sub = roll.submission if isinstance(roll, PhoneRoll) else roll
        rows = [row for row in self._session.combatants if row.kind == "pc"]
        return (next((row for row in rows if row.id == sub.combatant_id), None)
                or next((row for row in rows if row.name == sub.character), None))

    def form_of(self, roll: PhoneRoll | PhoneSubmission) -> PhoneForm | None:
        """The form a roll was sent with, as its character's system offers it now."""
        sub = roll.submission if isinstance(roll, PhoneRoll) else roll
        row = self.character(sub)
        forms = self._system.phone_forms(row) if row is not None else ()
        form = next((form for form in forms if form.key == sub.form), None)
        if form is not None and isinstance(roll, PhoneRoll) and form.problem(
                dict(sub.numbers), dict(sub.choices), dict(roll.dice)):
            return None  # kept by another version, its form changed since: not read
        return form

    def history(self, name: str) -> tuple[PhoneRoll, ...]:
        """The newest rolls of the character called ``name`` (at most ``HISTORY``)."""
        return tuple(self._session.store.phone_rolls(self._session.encounter_id,
                                                     character=name, newest=HISTORY))

    # -- a roll comes in -------------------------------------------------------------------------

    def receive(self, submission: PhoneSubmission) -> None:
        """A roll from a phone (on the GUI thread): checked, its dice rolled when the player
        asked for that, and kept; or refused, and the page told why."""
        problem, form = self._problem(submission)
        if problem or form is None:
            self.refused.emit(submission.page, problem)
            return
        row = self.character(submission)
        if row is not None:  # the roller as the fight knows it now
            submission = replace(submission, combatant_id=row.id)
        choices = dict(submission.choices)
        if submission.dice is not None:
            given = dict(submission.dice)
            dice = tuple((die.key, given[die.key]) for die in form.dice_for(choices))
            self._keep(submission, dice, rolled_for_them=False)
            return
        name = submission.character
        self._rolling[name] = self._rolling.get(name, 0) + 1
        keys = [die.key for die in form.dice_for(choices)]

        def rolled(answer: RollResult[DiceRoll]) -> None:
            self._rolling[name] -= 1
            self._keep(submission, tuple(zip(keys, answer.result.dice, strict=True)),
                       rolled_for_them=True)

        def failed(why: str) -> None:
            self._rolling[name] -= 1
            self.refused.emit(submission.page, f"Your dice could not be rolled: {why}")

        self._router.submit(DiceRequest(form.expression(choices), f"{name}'s {form.title}"),
                            rolled, f"{name}'s dice", failed)

    def _problem(self, submission: PhoneSubmission) -> tuple[str, PhoneForm | None]:
        if problem := name_problem(submission.character):
            return problem, None
        if why := self._session.closed_reason():
            return f"Not taken: {why}", None
        row = self.character(submission)
        if row is None:
            return f"{submission.character} is not in this fight now.", None
        form = self.form_of(submission)
        if form is None:
            return "This kind of roll cannot be sent for your character.", None
        if problem := form.problem(dict(submission.numbers), dict(submission.choices),
                                   None if submission.dice is None else dict(submission.dice)):
            return problem, None
        name = submission.character
        held = sum(1 for roll in self._waiting if roll.submission.character == name)
        if held + self._rolling.get(name, 0) >= PER_CHARACTER:
            return (f"{name} already has {PER_CHARACTER} rolls waiting for the GM: wait for "
                    "an answer before you send another."), None
        if len(self._waiting) + sum(self._rolling.values()) >= INBOX_CAP:
            return (f"The GM's inbox is full ({INBOX_CAP} rolls wait): send yours again when "
                    "the GM has answered some."), None
        return "", form

    def _keep(self, submission: PhoneSubmission, dice: tuple[tuple[str, int], ...], *,
              rolled_for_them: bool) -> None:
        roll = PhoneRoll(None, self._session.encounter_id, submission, dice, rolled_for_them)
        try:
            kept = self._session.store.insert_phone_roll(roll)
        except StoreError as error:  # said to both sides
            self.refused.emit(submission.page, "The GM's program could not keep your roll: "
                                               "send it again.")
            self._operations.say(f"A roll from {submission.character}'s phone could not be "
                                 f"kept: {error}", error=True)
            return
        self._waiting = (*self._waiting, kept)  # the newest: no need to read them all again
        self.changed.emit(submission.character)
        self._operations.say(f"{submission.character} sent a roll: it waits in {TITLE}.")

    # -- the GM answers --------------------------------------------------------------------------

    def preview(self, roll_id: int, gm_value: int) -> PhoneResult | None:
        """What accepting the roll against ``gm_value`` would record; None when it is gone."""
        roll = self.roll(roll_id)
        if roll is None or self.form_of(roll) is None:
            return None
        return self._system.phone_result(self.character(roll), roll, gm_value)

    def accept(self, roll_id: int, gm_value: int) -> bool:
        """Record the roll (the system's ``phone_record`` and the roll's new status: one undo
        step); False, said, when it was not kept."""
        roll = self.roll(roll_id)
        if roll is None:
            self._operations.say("That roll was answered already.", error=True)
            return False
        if self.form_of(roll) is None:
            self._operations.say(f"{self._system.name} no longer offers this roll for "
                                 f"{roll.submission.character}: set it aside.", error=True)
            return False
        said: list[str] = []

        def build() -> QUndoCommand:
            step = self._system.phone_record(self._session, roll, gm_value)
            said.extend(step.said)
            recorded = replace(roll, status=RollStatus.RECORDED, result=step.result)
            name = roll.submission.character
            return Compound(f"{name}'s roll from the phone: {step.result.text}",
                            [step.command, SetPhoneRoll(self, roll, recorded)])

        kept = self._operations.keep(build)
        if kept is not None:
            self._operations.say(" ".join(said) or "Recorded.")
            self.recorded.emit(roll, kept, gm_value, tuple(said))
        return kept is not None

    def set_aside(self, roll_id: int) -> bool:
        """Off the inbox unrecorded (one undo step); the phone hears so."""
        roll = self.roll(roll_id)
        if roll is None:
            return False
        return self._operations.run(
            lambda: SetPhoneRoll(self, roll, self._aside(roll),
                                 f"Set aside {roll.submission.character}'s roll"),
            done=f"{roll.submission.character}'s roll was set aside.", even_closed=True)

    def set_aside_all(self) -> int:
        """Every waiting roll set aside, one undo step; how many."""
        rolls = self._waiting
        if not rolls:
            return 0
        kept = self._operations.run(
            lambda: Compound(f"Set aside {len(rolls)} players' rolls",
                             [SetPhoneRoll(self, roll, self._aside(roll)) for roll in rolls]),
            done=f"{len(rolls)} rolls set aside.", even_closed=True)
        return len(rolls) if kept else 0

    def record_typed(self, submission: PhoneSubmission, gm_value: int) -> bool:
        """A roll the GM typed for a player without a phone (its dice given, checked against
        its form): recorded at once, one undo step."""
        form = self.form_of(submission)
        if form is None:
            self._operations.say(f"{submission.character} cannot make that roll here.",
                                 error=True)
            return False
        if problem := form.problem(dict(submission.numbers), dict(submission.choices),
                                   dict(submission.dice or ())):
            self._operations.say(problem, error=True)
            return False
        given = dict(submission.dice or ())
        dice = tuple((die.key, given[die.key]) for die in form.dice_for(dict(submission.choices)))
        row = self.character(submission)
        if row is not None:
            submission = replace(submission, combatant_id=row.id)
        roll = PhoneRoll(None, self._session.encounter_id, submission, dice, False)
        said: list[str] = []

        def build() -> QUndoCommand:
            step = self._system.phone_record(self._session, roll, gm_value)
            said.extend(step.said)
            return step.command

        kept = self._operations.keep(build)
        if kept is not None:
            self._operations.say(" ".join(said) or "Recorded.")
            self.recorded.emit(roll, kept, gm_value, tuple(said))
        return kept is not None

    def oldest(self, name: str, form: str, skip: Collection[int] = ()) -> PhoneRoll | None:
        """The oldest roll of ``form`` waiting from the character called ``name``, but those
        whose ids are in ``skip`` (taken already by the action under way)."""
        return next((roll for roll in self._waiting if roll.submission.character == name
                     and roll.submission.form == form and roll.id not in skip), None)

    def used_command(self, roll_id: int, gm_value: int, note: str) -> QUndoCommand | None:
        """The command that marks a waiting roll recorded as part of a bigger action (an
        adversary's feature its Reaction Roll answered), with what it came to against
        ``gm_value`` and ``note`` ("For the Minor Demon's Hellfire"); None when it is gone.
        Not done: the action pushes it with its own, one undo step."""
        roll = self.roll(roll_id)
        if roll is None:
            return None
        result = self._system.phone_result(self.character(roll), roll, gm_value)
        return SetPhoneRoll(self, roll, replace(roll, status=RollStatus.RECORDED,
                                                result=result, note=note))

    @staticmethod
    def _aside(roll: PhoneRoll) -> PhoneRoll:
        return replace(roll, status=RollStatus.SET_ASIDE, note=SET_ASIDE)

    # -- what the store holds --------------------------------------------------------------------

    def _read(self) -> None:
        self._waiting = tuple(self._session.store.phone_rolls(self._session.encounter_id,
                                                              status=RollStatus.WAITING))

    def _reread(self) -> None:
        self._read()
        self.changed.emit("")

    def write(self, roll: PhoneRoll) -> None:
        """``roll`` as it is now, in the store and here (a command's redo or undo)."""
        self._session.store.update_phone_roll(roll)
        others = [kept for kept in self._waiting if kept.id != roll.id]
        if roll.status is RollStatus.WAITING:  # back in its place: the order they came in
            others.append(roll)
            others.sort(key=lambda kept: kept.id or 0)
        self._waiting = tuple(others)
        self.changed.emit(roll.submission.character)


class SetPhoneRoll(QUndoCommand):
    """What became of a roll from a phone: accepted, set aside, or back to waiting on undo."""

    def __init__(self, inbox: PhoneInbox, old: PhoneRoll, new: PhoneRoll, text: str = "") -> None:
        super().__init__(text or f"{old.submission.character}'s roll: {new.status.value}")
        self._inbox, self._old, self._new = inbox, old, new

    def redo(self) -> None:
        self._inbox.write(self._new)

    def undo(self) -> None:
        self._inbox.write(self._old)
