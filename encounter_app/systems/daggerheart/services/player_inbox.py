"""The players' action rolls waiting for the GM: the inbox behind the *Players' rolls* tab.

A roll comes from the players' page (a phone on the local network, services/players_page.py) as
a plain ``PlayerRollSubmission``: two dice the player rolled at the table, or a request to roll
them, which the rules service does on its thread. It waits here until the GM sets the
Difficulty and accepts it (recorded exactly as keys 1–5 record an outcome: Fear, countdowns,
the log line, one undo step) or sets it aside; either way the phone hears the answer through
``tell``. The widget (ui/rolls/player_queue.py) shows what waits and hands the GM's choice here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.rules.daggerheart import Outcome, action_roll
from encounter_app.rules.dice import DiceRoll
from encounter_app.services.fight.table import PlayerDice
from encounter_app.services.operations import Say
from encounter_app.services.rolls.router import RollRouter

if TYPE_CHECKING:  # a phone's roll; its module loads with the first one (receive)
    from encounter_app.domain.player_rolls import PlayerRollSubmission

TITLE = "Players' rolls"
DUALITY_DICE = "1d12+1d12"  # the Hope Die, then the Fear Die
SET_ASIDE = "The GM set your roll aside."

#: Records a player's outcome as keys 1–5 do; True when it was kept (one undo step).
Record = Callable[[Outcome, PlayerDice], bool]


@fields_repr
@dataclass(frozen=True, repr=False)
class Waiting:
    """A player's roll in the inbox, its dice known."""

    submission: PlayerRollSubmission
    hope: int
    fear: int
    rolled_for_them: bool

    def dice(self, difficulty: int) -> PlayerDice:
        return PlayerDice(self.submission.name, self.hope, self.fear,
                          self.submission.modifier, difficulty, self.rolled_for_them)

    def outcome(self, difficulty: int) -> Outcome:
        dice = self.dice(difficulty)
        return action_roll(dice.hope, dice.fear, dice.modifier, dice.difficulty)

    def text(self) -> str:
        how = "rolled for them" if self.rolled_for_them else "rolled at the table"
        modifier = self.submission.modifier
        return (f"{self.submission.name} — Hope {self.hope}, Fear {self.fear}, "
                f"{'+' if modifier >= 0 else '−'}{abs(modifier)} ({how})")


class PlayerRollInbox(QObject):
    """The rolls waiting, in the order they came; ``added`` and ``removed`` say what changed
    (the new roll; the row it had)."""

    added = Signal(object)  # Waiting
    removed = Signal(int)  # its row

    def __init__(self, router: RollRouter, record: Record, say: Say,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._router, self._record, self._say = router, record, say
        #: Sends a short answer back to the page a roll came from (the players' page sets it).
        self.tell: Callable[[str, str], None] | None = None
        self._waiting: list[Waiting] = []

    @property
    def waiting(self) -> tuple[Waiting, ...]:
        return tuple(self._waiting)

    def receive(self, submission: PlayerRollSubmission) -> None:
        """A roll from the players' page (on the GUI thread): into the inbox, its dice rolled
        on the rules thread first when the player asked for that; a broken one is refused and
        the phone hears why."""
        # Loaded with the first roll from a phone: what a start needs none of.
        from encounter_app.domain.player_rolls import submission_problem

        problem = submission_problem(submission.name, submission.modifier, submission.hope,
                                     submission.fear)
        if problem:  # the server checks too; a roll that slips through is refused here
            self._answer(submission, f"Not taken: {problem}")
            return
        if submission.rolled_at_table:
            assert submission.hope is not None and submission.fear is not None
            self._add(Waiting(submission, submission.hope, submission.fear, False))
            return

        def rolled(answer: RollResult[DiceRoll]) -> None:
            hope, fear = answer.result.dice[:2]
            self._add(Waiting(submission, hope, fear, True))

        self._router.submit(DiceRequest(DUALITY_DICE, f"{submission.name}'s Duality Dice"),
                            rolled, "A player's Duality Dice")

    def _add(self, waiting: Waiting) -> None:
        self._waiting.append(waiting)
        self.added.emit(waiting)
        self._say(f"{waiting.submission.name} sent a roll: it waits in {TITLE}.")

    def accept(self, waiting: Waiting, difficulty: int) -> bool:
        """Record ``waiting`` against ``difficulty`` as its outcome's key would (one undo
        step); the phone hears the outcome. False, and it stays, when it was not kept."""
        if waiting not in self._waiting:
            return False
        outcome = waiting.outcome(difficulty)
        if not self._record(outcome, waiting.dice(difficulty)):
            return False
        self._remove(waiting)
        self._answer(waiting.submission, f"Recorded: {outcome.value}")
        return True

    def set_aside(self, waiting: Waiting) -> None:
        """Off the inbox without recording it; the phone hears so."""
        if waiting in self._waiting:
            self._remove(waiting)
            self._answer(waiting.submission, SET_ASIDE)

    def record_typed(self, dice: PlayerDice) -> bool:
        """A player's two dice typed by the GM (no phone): recorded as their outcome is."""
        return self._record(action_roll(dice.hope, dice.fear, dice.modifier, dice.difficulty),
                            dice)

    def _remove(self, waiting: Waiting) -> None:
        row = self._waiting.index(waiting)
        del self._waiting[row]
        self.removed.emit(row)

    def _answer(self, submission: PlayerRollSubmission, text: str) -> None:
        if submission.page and self.tell is not None:
            self.tell(submission.page, text)
