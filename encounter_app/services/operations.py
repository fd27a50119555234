"""The one way in for a GM action, as Anki's ``CollectionOp`` is: a widget calls one operation
with plain data; the operation checks it, builds the undo command, pushes it as one undo step
(one transaction: services/undo.py) and says what to show.

Operations are grouped by what they act on (``services/fight/operations.py`` for the fight
every system shares; each system's own in ``systems/<key>/services/``). A widget never builds
an undo command or touches the store itself: it asks one of these and shows the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from encounter_app.domain.adversaries import Refused
from encounter_app.services.undo import UndoStack


class Say(Protocol):
    """Where an operation's answer goes: ``say("Rolled.")``, ``say("No Fear.", error=True)``."""

    def __call__(self, text: str, *, error: bool = False) -> None: ...


class Operations:
    """The base every group of operations shares: ``run`` one action as one undo step."""

    def __init__(self, undo_stack: UndoStack, say: Say) -> None:
        self.undo_stack, self.say = undo_stack, say

    def run(self, build: Callable[[], QUndoCommand | None], *, nothing: str = "",
            done: str = "") -> bool:
        """Build the action's command and push it as one undo step; True when it was kept.

        A rule that forbids it now (``Refused``, with the sentence why) is said as an error
        and changes nothing; so is a write the store refused (the stack says why). ``build``
        returning None means there was nothing to do, said as ``nothing`` when given; ``done``
        is said when the step was kept.
        """
        try:
            command = build()
        except Refused as refused:
            self.say(str(refused), error=True)
            return False
        if command is None:
            if nothing:
                self.say(nothing)
            return False
        if not self.undo_stack.do(command):
            return False  # the stack said why (a full disk...), and nothing changed
        if done:
            self.say(done)
        return True
