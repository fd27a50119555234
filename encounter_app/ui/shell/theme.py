"""Colours and sizes shared by the painted widgets, chosen to read in light and dark palettes.

Colour is never the only signal: every state painted here also has a word or a shape.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

HP = QColor("#c0392b")  # marked HP: red
STRESS = QColor("#7d5ba6")  # marked Stress: violet
FEAR = QColor("#5b2a86")  # a Fear token
ARMOR = QColor("#5d6d7e")  # a marked Armor Slot: slate
HOPE = QColor("#2e86c1")  # a PC's Hope: blue
TRIGGERED = QColor("#d35400")  # a countdown at 0
ACTIVE = QColor("#f1c40f")  # the combatant in the spotlight
HIT = QColor("#27ae60")
MISS = QColor("#7f8c8d")
KIND = {"pc": QColor("#2980b9"), "adversary": QColor("#c0392b"), "npc": QColor("#16a085")}

PIP = 14  # side of a pip, in pixels
PIP_GAP = 4


def is_dark(widget: QWidget) -> bool:
    return is_dark_palette(widget.palette())


def is_dark_palette(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def error_colour(palette: QPalette) -> QColor:
    """Red for what is wrong, readable on the window in either theme (HP red is too dark on a
    dark window)."""
    return QColor("#ff8a7a") if is_dark_palette(palette) else HP


def error_style(widget: QWidget, *, bold: bool = False) -> str:
    """A style sheet for a line that says what is wrong."""
    weight = " font-weight: bold;" if bold else ""
    return f"color: {error_colour(widget.palette()).name()};{weight}"


def card_background(widget: QWidget) -> QColor:
    """A stat block's paper: a warm off-white in light mode, a raised grey in dark mode."""
    return QColor("#34302b") if is_dark(widget) else QColor("#fbf7ef")


def rule_colour(widget: QWidget) -> QColor:
    return rule_colour_for(widget.palette())


def rule_colour_for(palette: QPalette) -> QColor:
    return QColor("#c9a66b") if is_dark_palette(palette) else QColor("#8c6d46")


def fear_colours(palette: QPalette) -> tuple[QColor, QColor]:
    """Fill and rim of a Fear pip: the dark purple vanishes on a dark window, so lighten it."""
    if is_dark_palette(palette):
        return FEAR.lighter(160), FEAR.lighter(200)
    return FEAR, FEAR


def active_fill(palette: QPalette) -> QColor:
    """A wash of the spotlight yellow behind the active row, light enough for any text."""
    fill = QColor(ACTIVE)
    fill.setAlpha(70 if is_dark_palette(palette) else 90)
    return fill


def dark_palette() -> QPalette:
    """A dark palette for Fusion when the desktop asks for dark but its theme gives none."""
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#2b2b2b", QPalette.ColorRole.WindowText: "#e8e6e3",
        QPalette.ColorRole.Base: "#1f1f1f", QPalette.ColorRole.AlternateBase: "#292929",
        QPalette.ColorRole.ToolTipBase: "#3a3a3a", QPalette.ColorRole.ToolTipText: "#f0f0f0",
        QPalette.ColorRole.PlaceholderText: "#9a9a9a", QPalette.ColorRole.Text: "#e8e6e3",
        QPalette.ColorRole.Button: "#353535", QPalette.ColorRole.ButtonText: "#e8e6e3",
        QPalette.ColorRole.BrightText: "#ff6b6b", QPalette.ColorRole.Light: "#4a4a4a",
        QPalette.ColorRole.Midlight: "#3d3d3d", QPalette.ColorRole.Mid: "#5a5a5a",
        QPalette.ColorRole.Dark: "#1a1a1a", QPalette.ColorRole.Shadow: "#000000",
        QPalette.ColorRole.Highlight: "#3d6fb0", QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#7fb2f0", QPalette.ColorRole.LinkVisited: "#b59cf0",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette
