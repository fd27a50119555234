"""UndoStack: every step the GM takes, its undo and its redo, is one transaction of the store.

A GM action is often several commands (a player's outcome gains Fear, ticks countdowns, logs
the roll: a ``Compound``). Pushed here, the command is wrapped in a ``Step`` whose redo and undo
each run inside one ``Store.unit()``: everything they write commits once, or none of it does.

A step that fails (the disk is full, the folder became read-only, a row is gone) changes
nothing: the store rolls the unit back, ``rolled_back`` asks the in-memory views of the data to
read it again (whatever the failed step had already changed on screen goes back), and
``refused`` carries the message for the window. A failed push leaves no undo step behind; a
failed undo or redo leaves the stack where it was. A step the GM stops part way (``Stopped``,
a Cancel) is rolled back the same way, unsaid, and raised to whoever pushed it.

Qt's own Undo and Redo actions and the history view call the steps' ``undo``/``redo``
directly (C++ slots Python cannot intercept), so the stack is put back from ``indexChanged``:
each step knows whether its change is in the database (``applied``), and the index goes back
to the number of steps that are.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from encounter_app.domain.adversaries import Refused
from encounter_app.store import Store, StoreError

log = logging.getLogger(__name__)


class Stopped(Exception):
    """The GM stopped a step part way (Cancel on a long import's progress). The stack rolls
    the step back, says nothing, pushes nothing, and raises this to whoever pushed it."""


class Step(QUndoCommand):
    """One GM action on the stack: ``command``'s redo and undo, each one store unit. It is
    pushed done (``UndoStack.do`` ran the first redo), so Qt's own first redo does nothing."""

    def __init__(self, stack: UndoStack, command: QUndoCommand) -> None:
        super().__init__(command.text())
        self.command = command
        self.applied = True  # is the command's change in the database now?
        self._stack = stack

    def redo(self) -> None:
        if self.applied or self._stack.halted:
            return
        if self._stack.run(self.command.redo, self.text(), "redo"):
            self.applied = True

    def undo(self) -> None:
        if not self.applied or self._stack.halted:
            return
        if self._stack.run(self.command.undo, self.text(), "undo"):
            self.applied = False


class UndoStack(QUndoStack):
    """The window's undo stack over ``store``; see the module's docstring."""

    refused = Signal(str)  # what failed and what to do, for the window
    rolled_back = Signal()  # a failed step was rolled back: read the data again
    began = Signal()  # a step is done, undone or redone: what was said of the last one is old

    def __init__(self, store: Store, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self.halted = False  # a step failed: the rest of this undo/redo run does nothing
        self.indexChanged.connect(self._put_back)

    def push(self, cmd: QUndoCommand) -> None:
        self.do(cmd)

    def do(self, command: QUndoCommand) -> bool:
        """Do ``command`` and push it as one step; False (said through ``refused``) when it
        failed and changed nothing: then nothing is pushed either, and the steps the GM had
        undone can still be redone (Qt's push would drop them before it looked)."""
        if not self.run(command.redo, command.text(), ""):
            return False
        super().push(Step(self, command))
        return True

    def command_at(self, index: int) -> QUndoCommand | None:
        """The command the GM pushed that is step ``index`` of the stack."""
        step = self.command(index)
        return step.command if isinstance(step, Step) else step

    def run(self, change: Callable[[], object], text: str, doing: str) -> bool:
        """Run ``change`` (a command's redo or undo) in one store unit; False if it failed."""
        self.began.emit()
        try:
            with self._store.unit():
                change()
        except Stopped:
            self.rolled_back.emit()  # what the step had shown goes back, unsaid
            raise
        except (StoreError, Refused) as exc:
            self._failed(text, doing, str(exc))
            return False
        except Exception as exc:  # a program error: say it, keep the data as it was
            log.exception("%s failed", text)
            self._failed(text, doing, f"{exc.__class__.__name__}: {exc}. Nothing was changed.")
            return False
        return True

    def _failed(self, text: str, doing: str, reason: str) -> None:
        if doing:
            self.halted = True  # a run of undos or redos stops at the one that failed
        self.rolled_back.emit()
        what = f"Could not {doing} “{text}”" if doing else f"“{text}” was not done"
        self.refused.emit(f"{what}: {reason}")

    def _put_back(self, _index: int) -> None:
        """After a failed undo or redo, move the index to where the database is."""
        if not self.halted:
            return
        self.halted = False
        applied = 0
        while applied < self.count():
            step = self.command(applied)
            if isinstance(step, Step) and not step.applied:
                break
            applied += 1
        if applied != self.index():
            self.setIndex(applied)  # every step it passes is already as it should be
