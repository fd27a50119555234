"""A die a player rolled at the table, typed in; empty ("rolled for me") lets the program roll.

Players roll their own dice; the GM types what they show, and the step takes that value
instead of asking the rules thread. Nothing random happens here, so no roll is bypassed.
"""

from __future__ import annotations

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QSpinBox


class D100Box(QSpinBox):
    """A d100 as the dice show it: "00" is 100 (the tens and units dice both at 0), never 0,
    which means "rolled for me" and would let the program roll instead."""

    def valueFromText(self, text: str) -> int:
        return 100 if text.strip() == "00" else super().valueFromText(text)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        if text.strip() == "00":
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)


def typed_die(sides: int, name: str, what: str) -> QSpinBox:
    """0 ("rolled for me") to ``sides``; a d100 reads "00" as 100."""
    box = D100Box(objectName=name) if sides == 100 else QSpinBox(objectName=name)
    box.setRange(0, sides)
    box.setSpecialValueText("rolled for me")
    box.setMinimumWidth(140)
    box.setAccessibleName(what)
    box.setToolTip(f"{what}; leave at 'rolled for me' to let the program roll")
    return box
