"""Colours and sizes shared by the painted widgets, chosen to read in light and dark palettes.

Colour is never the only signal: every state painted here also has a word or a shape.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

HP = QColor("#c0392b")  # marked HP: red
STRESS = QColor("#7d5ba6")  # marked Stress: violet
FEAR = QColor("#5b2a86")  # a Fear token
TRIGGERED = QColor("#d35400")  # a countdown at 0
ACTIVE = QColor("#f1c40f")  # the combatant in the spotlight
HIT = QColor("#27ae60")
MISS = QColor("#7f8c8d")
KIND = {"pc": QColor("#2980b9"), "adversary": QColor("#c0392b"), "npc": QColor("#16a085")}

PIP = 14  # side of a pip, in pixels
PIP_GAP = 4


def is_dark(widget: QWidget) -> bool:
    return widget.palette().color(QPalette.ColorRole.Window).lightness() < 128


def card_background(widget: QWidget) -> QColor:
    """A stat block's paper: a warm off-white in light mode, a raised grey in dark mode."""
    return QColor("#34302b") if is_dark(widget) else QColor("#fbf7ef")


def rule_colour(widget: QWidget) -> QColor:
    return QColor("#8c6d46") if not is_dark(widget) else QColor("#c9a66b")
