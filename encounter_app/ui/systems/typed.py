"""A die a player rolled at the table, typed in; empty ("rolled for me") lets the program roll.

Players roll their own dice; the GM types what they show, and the step takes that value
instead of asking the rules thread. Nothing random happens here, so no roll is bypassed.
"""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox


def typed_die(sides: int, name: str, what: str) -> QSpinBox:
    """0 ("rolled for me") to ``sides``."""
    box = QSpinBox(objectName=name)
    box.setRange(0, sides)
    box.setSpecialValueText("rolled for me")
    box.setMinimumWidth(140)
    box.setAccessibleName(what)
    box.setToolTip(f"{what}; leave at 'rolled for me' to let the program roll")
    return box
