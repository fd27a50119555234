"""GuideLine: one line of guidance under a stat-block field, which never moves the form.

Its height is one line and its width is whatever the form gives it: a longer text is elided
(the whole of it stays in the tooltip and ``words``), so a number typed never reflows the
dialog. Not a problem: a GM may save an unusual adversary on purpose, so it is drawn in the
window's muted text, bold where a number is off the usual range, never in colour alone.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class GuideLine(QLabel):
    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.words = ""
        font = self.font()
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.92))
        self.setFont(font)
        self.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.setTextFormat(Qt.TextFormat.PlainText)
        # Expanding from no width at all: the text's length must not widen the form (see
        # sizeHint); Fixed: one line, always there.
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(self.fontMetrics().height() + 2)

    def sizeHint(self) -> QSize:
        return QSize(0, self.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.height())

    def say(self, words: str, *, notable: bool = False, description: str = "") -> None:
        """Show ``words`` (bold when ``notable``); ``description`` is the whole sentence for a
        screen reader and the tooltip (``words`` when empty)."""
        self.words = words
        font = self.font()
        font.setBold(notable)
        self.setFont(font)
        self.setToolTip(description or words)
        self.setAccessibleDescription(description or words)
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        self.setText(self.fontMetrics().elidedText(self.words, Qt.TextElideMode.ElideRight,
                                                   max(0, self.width() - 2)))
