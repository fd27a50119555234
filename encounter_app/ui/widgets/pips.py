"""Pip tracks: a row of boxes, filled up to a count. Used for HP, Stress, Fear and countdowns."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from encounter_app.ui.shell.theme import PIP, PIP_GAP


def fill_rect(painter: QPainter, rect: QRect | QRectF, colour: QColor) -> None:
    """What ``painter.fillRect(rect, colour)`` paints. PySide tries ``fillRect``'s overloads in
    turn, and the one taking a ``QGradient.Preset`` sets up ``QGradient`` and its 180 presets
    the first time (12 M instructions of every start); ``drawRect`` without a pen has no such
    overload."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRect(rect)
    painter.restore()


def pip_rects(origin: QPoint, count: int, size: int = PIP, gap: int = PIP_GAP,
              per_row: int = 0) -> list[QRect]:
    """Where each pip of a track sits, left to right (wrapping after ``per_row`` when set)."""
    rects = []
    for i in range(count):
        col, row = (i % per_row, i // per_row) if per_row else (i, 0)
        rects.append(QRect(origin.x() + col * (size + gap), origin.y() + row * (size + gap),
                           size, size))
    return rects


def track_width(count: int, size: int = PIP, gap: int = PIP_GAP) -> int:
    return 0 if count <= 0 else count * size + (count - 1) * gap


def paint_pips(painter: QPainter, rects: list[QRect], filled: int, colour: QColor,
               outline: QColor, *, round_: bool = False) -> None:
    """Filled pips are solid with a cross (readable without colour); empty ones are outlines."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for i, rect in enumerate(rects):
        box = QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(QPen(outline, 1.2))
        painter.setBrush(colour if i < filled else Qt.BrushStyle.NoBrush)
        if round_:
            painter.drawEllipse(box)
        else:
            painter.drawRoundedRect(box, 2.5, 2.5)
        if i < filled and not round_:
            painter.setPen(QPen(QColor("white"), 1.6))
            inset = box.adjusted(3.5, 3.5, -3.5, -3.5)
            painter.drawLine(inset.topLeft(), inset.bottomRight())
            painter.drawLine(inset.topRight(), inset.bottomLeft())
    painter.restore()


def clicked_pip(rects: list[QRect], point: QPoint) -> int:
    """Index of the pip under ``point`` (with a little slack around it), or -1."""
    for i, rect in enumerate(rects):
        if rect.adjusted(-2, -2, 2, 2).contains(point):
            return i
    return -1


def toggled_count(filled: int, clicked: int) -> int:
    """Clicking pip i marks up to it; clicking the last marked pip clears it."""
    return clicked if clicked + 1 == filled else clicked + 1
