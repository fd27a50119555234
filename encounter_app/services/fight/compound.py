"""Compound: several undo commands that the GM made with one click, undone as one step.

Why not Qt's own child commands (``QUndoCommand(text, parent)``)? PySide6 does not hand a
child's ownership to its parent: a child that Python lets go of is deleted under its parent
(a crash on the next undo), and a child that Python keeps in its parent's attributes is deleted
twice when the stack drops the parent (a crash on ``clear()``). Here the parts are ordinary
Python-owned commands that never meet Qt's parent/child bookkeeping.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QUndoCommand


class Compound(QUndoCommand):
    """Redo the parts in order, undo them in reverse order."""

    def __init__(self, text: str, parts: Iterable[QUndoCommand] = ()) -> None:
        super().__init__(text)
        self.parts: list[QUndoCommand] = list(parts)

    def add(self, part: QUndoCommand) -> QUndoCommand:
        self.parts.append(part)
        return part

    def redo(self) -> None:
        for part in self.parts:
            part.redo()

    def undo(self) -> None:
        for part in reversed(self.parts):
            part.undo()
