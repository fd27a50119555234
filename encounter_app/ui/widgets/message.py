"""MessageLine: words a dialog says (a problem, a hint, a preset's description) in a room that is
there from the start, so nothing under or beside it moves when they come, change or go.

It is always as tall as its lines and word-wraps within the width the layout gives it (its
text never widens the dialog). Words that need more room than that are cut with "…" where
they are drawn; the whole text stays the label's ``text()``, its tooltip and what a screen
reader reads. With nothing to say it is empty, not hidden: a QFormLayout gives a hidden
widget's row away even when its size policy says to keep the room.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6 import QtGui
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent, QTextLayout
from PySide6.QtWidgets import QLabel, QLayout, QSizePolicy, QVBoxLayout, QWidget


class MessageLine(QLabel):
    def __init__(self, name: str = "", *, lines: int = 1, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if name:
            self.setObjectName(name)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._lines = lines
        self._texts: tuple[str, ...] = ()  # what reserve() made room for
        self._placed = False  # laid out at least once: its width is the layout's
        self._fit()

    # -- the room -------------------------------------------------------------------------------

    def set_lines(self, lines: int) -> None:
        """Room for ``lines`` lines of the label's font."""
        self._lines = lines
        self._fit()

    def reserve(self, texts: Iterable[str], width: int = 0) -> None:
        """Room for the longest of ``texts`` (all it will ever say, such as every preset's
        description), as they wrap at the label's width; with a ``width``, the label is never
        narrower than that, so its room is known before it is shown. Only the GM resizing the
        window changes the room, never a text said."""
        self._texts = tuple(texts)
        self.setMinimumWidth(width)
        self._fit()

    def _fit(self) -> None:
        lines = self.fontMetrics().lineSpacing() * self._lines
        # Its width once laid out; before that, the least it can have (none: lines alone).
        width = max(self.minimumWidth(), self.width() if self._placed else 0)
        wrapped = [self._height_for(text, width) for text in self._texts] if width else []
        margins = self.contentsMargins()
        height = max([lines, *wrapped]) + margins.top() + margins.bottom() + 2
        if height != self.minimumHeight() or height != self.maximumHeight():
            self.setFixedHeight(height)

    def _height_for(self, text: str, width: int) -> int:
        """How tall ``text`` is, wrapped as this label wraps it, at ``width``."""
        probe = QLabel()
        probe.setFont(self.font())
        probe.setTextFormat(self.textFormat())
        probe.setWordWrap(True)
        probe.setText(text)
        return probe.heightForWidth(width)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()  # lines of another font

    # Its text says nothing of its size: the room is its lines, the width the layout's.
    def hasHeightForWidth(self) -> bool:
        return False

    def sizeHint(self) -> QSize:
        return QSize(self.minimumWidth(), self.height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    # -- what it says ---------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Show ``text`` (nothing at all when it is empty: the room stays)."""
        self.setText(text)

    def setText(self, text: str, /) -> None:
        super().setText(text)
        self._tip()

    def clear(self) -> None:
        super().clear()
        self._tip()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._placed = True
        if self._texts and event.size().width() != event.oldSize().width():
            self._fit()  # the texts reserved wrap otherwise at the new width
        self._tip()

    def _tip(self) -> None:
        # The whole of a text cut short is a tooltip away.
        text = self.text()
        if self._rich():
            cut = self._height_for(text, self.contentsRect().width()) > self.contentsRect().height()
        else:
            cut = self._cut() is not None
        self.setToolTip(text if cut else "")

    def _rich(self) -> bool:
        return self.textFormat() == Qt.TextFormat.RichText or (
            self.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(self.text()))

    def _cut(self) -> str | None:
        """The text as it fits the room, the last line ending in "…"; None when all of it
        fits (or it is rich text, which is clipped at the room's edge)."""
        text = self.text()
        rect = self.contentsRect()
        if not text or self._rich() or rect.width() <= 0:
            return None
        lines: list[str] = []
        for paragraph in text.split("\n"):
            layout = QTextLayout(paragraph, self.font())
            layout.beginLayout()
            while (line := layout.createLine()).isValid():
                line.setLineWidth(rect.width())
                start = line.textStart()
                lines.append(paragraph[start:start + line.textLength()].rstrip())
            layout.endLayout()
            if not paragraph:
                lines.append("")
        metrics = self.fontMetrics()
        room = max(1, rect.height() // metrics.lineSpacing())
        if len(lines) <= room:
            return None
        rest = " ".join(" ".join(lines[room - 1:]).split())
        return "\n".join([*lines[:room - 1], metrics.elidedText(
            rest, Qt.TextElideMode.ElideRight, rect.width())])

    def paintEvent(self, event: QPaintEvent) -> None:
        cut = self._cut()
        if cut is None:
            super().paintEvent(event)
            return
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()),
                                  self.palette(), self.isEnabled(), cut, self.foregroundRole())


def with_message(field: QWidget | QLayout, message: QWidget) -> QVBoxLayout:
    """``field`` with ``message`` right under it, as one cell of a form: the message costs its
    own height, not a row's spacing too (a form of many fields stays on a laptop's screen)."""
    cell = QVBoxLayout()
    cell.setSpacing(0)
    if isinstance(field, QLayout):
        cell.addLayout(field)
    elif field.sizePolicy().expandingDirections() & Qt.Orientation.Horizontal:
        cell.addWidget(field)
    else:  # a number box keeps its width, as a form keeps it
        cell.addWidget(field, 0, Qt.AlignmentFlag.AlignLeft)
    cell.addWidget(message)
    return cell
