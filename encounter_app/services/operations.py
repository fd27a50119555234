"""The one way in for a GM action, as Anki's ``CollectionOp`` is: a widget calls one operation
with plain data; the operation checks it, builds the undo command, pushes it as one undo step
(one transaction: services/undo.py) and says what to show.

Operations are grouped by what they act on (``services/fight/operations.py`` for the fight
every system shares, ``services/campaigns/actions.py`` for the campaign view; each system's own
in ``systems/<key>/services/``). A widget never builds an undo command or touches the store
itself: it asks one of these and shows the answer (tests/test_one_way_in.py keeps it so).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from encounter_app.domain.adversaries import Refused
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.services.undo import UndoStack


class Say(Protocol):
    """Where an operation's answer goes: ``say("Rolled.")``, ``say("No Fear.", error=True)``."""

    def __call__(self, text: str, *, error: bool = False) -> None: ...


@fields_repr
@dataclass(repr=False)
class Action:
    """A command ready to push and what to tell the GM once it is done ("" says nothing)."""

    command: QUndoCommand
    message: str


@fields_repr
@dataclass(frozen=True, repr=False)
class Kept:
    """A step that was kept: where it went on the stack, to ask later whether it is still done
    (an Undo takes it back; see ``Operations.still_done``)."""

    index: int  # the stack's index right after it
    command: object  # the step's command, compared by identity only


def always_open() -> str:
    return ""


class Operations:
    """The base every group of operations shares: ``run`` one action as one undo step.

    ``closed`` says why no action of the group can be taken now ("" when one can): the fight's
    operations are given ``EncounterSession.closed_reason``, so a finished encounter refuses
    every one of them here, in the one place they all pass through."""

    def __init__(self, undo_stack: UndoStack, say: Say, *,
                 closed: Callable[[], str] = always_open) -> None:
        self.undo_stack, self.say = undo_stack, say
        self.closed = closed

    def refused(self) -> bool:
        """Whether no action can be taken now (a finished encounter), said when so: a widget
        may ask before it opens a dialog whose answer would be refused."""
        why = self.closed()
        if why:
            self.say(why, error=True)
        return bool(why)

    def run(self, build: Callable[[], QUndoCommand | None], *, nothing: str = "",
            done: str = "", even_closed: bool = False) -> bool:
        """Build the action's command and push it as one undo step; True when it was kept.

        A rule that forbids it now (``Refused``, with the sentence why) is said as an error
        and changes nothing; so is a write the store refused (the stack says why). ``build``
        returning None means there was nothing to do, said as ``nothing`` when given; ``done``
        is said when the step was kept.
        """
        return self.keep(build, nothing=nothing, done=done,
                         even_closed=even_closed) is not None

    def keep(self, build: Callable[[], QUndoCommand | None], *, nothing: str = "",
             done: str = "", even_closed: bool = False) -> Kept | None:
        """``run``, answering which step it became (None: nothing was kept). ``even_closed``:
        the action is the one that opens what is closed (reopening a finished encounter)."""
        if not even_closed and self.refused():
            return None
        try:
            command = build()
        except Refused as refused:
            self.say(str(refused), error=True)
            return None
        if command is None:
            if nothing:
                self.say(nothing)
            return None
        if not self.undo_stack.do(command):
            return None  # the stack said why (a full disk...), and nothing changed
        if done:
            self.say(done)
        return Kept(self.undo_stack.index(), command)

    def act(self, make: Callable[[], Action | None], *, nothing: str = "") -> bool:
        """Run an action that says its own message once done (an adversary's damage...)."""
        said: list[str] = []

        def build() -> QUndoCommand | None:
            action = make()
            if action is None:
                return None
            said.append(action.message)
            return action.command

        if not self.run(build, nothing=nothing):
            return False
        if said and said[0]:  # a plain turn passed says nothing: the order shows it
            self.say(said[0])
        return True

    def still_done(self, kept: Kept) -> bool:
        """Whether ``kept`` is still done: not undone since (a redo brings it back)."""
        stack = self.undo_stack
        return stack.index() >= kept.index and stack.command_at(kept.index - 1) is kept.command

    def on_stack(self, kept: Kept) -> bool:
        """Whether ``kept`` is still on the stack, done or undone (a redo can bring it back);
        False once a later step has replaced it."""
        stack = self.undo_stack
        return stack.count() >= kept.index and stack.command_at(kept.index - 1) is kept.command
