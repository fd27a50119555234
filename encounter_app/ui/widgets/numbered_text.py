"""NumberedTextEdit: a plain-text editor with its line numbers in a margin, so a problem "line 5"
is found at a glance, and lines it is told to mark (a problem, a warning) shown with a sign in
the margin and a tint across the line: a sign and a colour, never the colour alone.

Lines count from 1, one a ``QTextDocument`` block (a line of the text, however many rows a long
one wraps over: its number is by its first row).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget

from encounter_app.ui.shell import theme

PROBLEM_SIGN = "✖"  # a line that could not be read
WARNING_SIGN = "!"  # a line read, but unusual


class _Margin(QWidget):
    def __init__(self, editor: NumberedTextEdit) -> None:
        super().__init__(editor)
        self._editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self._editor.margin_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._editor.paint_margin(self, event)


class NumberedTextEdit(QPlainTextEdit):
    """Line numbers in the left margin; ``mark`` puts a problem's or a warning's sign by a line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self._margin = _Margin(self)
        self._problems: set[int] = set()
        self._warnings: set[int] = set()
        self.blockCountChanged.connect(self._fit_margin)
        self.updateRequest.connect(self._scrolled)
        self._fit_margin()

    # -- the margin -------------------------------------------------------------------------

    def margin_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        metrics = self.fontMetrics()
        return 10 + metrics.horizontalAdvance("9") * max(digits, 2) \
            + metrics.horizontalAdvance(PROBLEM_SIGN) + 4

    def _fit_margin(self, *_args: object) -> None:
        self.setViewportMargins(self.margin_width(), 0, 0, 0)

    def _scrolled(self, rect: QRect, dy: int) -> None:
        if dy:
            self._margin.scroll(0, dy)
        else:
            self._margin.update(0, rect.y(), self._margin.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        inside = self.contentsRect()
        self._margin.setGeometry(QRect(inside.left(), inside.top(), self.margin_width(),
                                       inside.height()))

    def paint_margin(self, margin: QWidget, event: QPaintEvent) -> None:
        painter = QPainter(margin)
        palette = self.palette()
        painter.fillRect(event.rect(), palette.color(palette.ColorRole.AlternateBase))
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        height = self.fontMetrics().height()
        sign_width = self.fontMetrics().horizontalAdvance(PROBLEM_SIGN) + 4
        error = theme.error_colour(palette)
        while block.isValid() and top <= event.rect().bottom():
            bottom = top + round(self.blockBoundingRect(block).height())
            if block.isVisible() and bottom >= event.rect().top():
                line = block.blockNumber() + 1
                painter.setPen(palette.color(palette.ColorRole.PlaceholderText))
                painter.drawText(0, top, margin.width() - sign_width - 2, height,
                                 Qt.AlignmentFlag.AlignRight, str(line))
                sign = (PROBLEM_SIGN if line in self._problems
                        else WARNING_SIGN if line in self._warnings else "")
                if sign:
                    painter.setPen(error if sign == PROBLEM_SIGN else theme.TRIGGERED)
                    painter.drawText(margin.width() - sign_width, top, sign_width, height,
                                     Qt.AlignmentFlag.AlignCenter, sign)
            block = block.next()
            top = bottom
        painter.end()

    # -- marked lines ---------------------------------------------------------------------------

    def mark(self, problems: set[int], warnings: set[int]) -> None:
        """Tint these lines (counted from 1) and put their sign in the margin."""
        self._problems, self._warnings = set(problems), set(warnings) - set(problems)
        selections = []
        error = QColor(theme.error_colour(self.palette()))
        error.setAlpha(48)
        warning = QColor(theme.TRIGGERED)
        warning.setAlpha(40)
        document = self.document()
        for lines, colour in ((self._problems, error), (self._warnings, warning)):
            for line in sorted(lines):
                block = document.findBlockByNumber(line - 1)
                if not block.isValid():
                    continue
                selection = QTextEdit.ExtraSelection()
                selection.format.setBackground(colour)
                selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
                cursor = QTextCursor(block)
                cursor.clearSelection()
                selection.cursor = cursor
                selections.append(selection)
        self.setExtraSelections(selections)
        self._margin.update()

    def marked(self) -> tuple[set[int], set[int]]:
        """The lines marked as problems and as warnings."""
        return set(self._problems), set(self._warnings)

    def select_line(self, line: int) -> None:
        """Select line ``line`` (from 1) whole and scroll it into view."""
        block = self.document().findBlockByNumber(max(line, 1) - 1)
        if not block.isValid():
            return
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock,
                            QTextCursor.MoveMode.KeepAnchor)
        self.setTextCursor(cursor)
        self.centerCursor()

    def selected_line(self) -> int:
        """The line the cursor is on, from 1."""
        return self.textCursor().blockNumber() + 1
