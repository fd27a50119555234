"""The roll log: every roll of the encounter, newest first; the summary in bold, the dice below.

A read-only view over RollLogModel. Rows are painted with word wrap, and their height is
measured for the viewport's width, so a narrow sidebar shows whole entries, never clipped ones.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, QTimer
from PySide6.QtGui import (
    QFont,
    QFontDatabase,
    QFontMetrics,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPalette,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from encounter_app.domain import RollRow
from encounter_app.domain.system import SystemRules
from encounter_app.ui.fight.models import RollLogModel, RowRole, ShownRole
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.listviews import PaintedListView, item_width
from encounter_app.ui.widgets.pips import fill_rect

AnyIndex = QModelIndex | QPersistentModelIndex
WRAP = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop


def entry_text(row: RollRow) -> str:
    """What Ctrl+C copies: the summary, then the breakdown."""
    return f"{row.summary}\n{row.detail}" if row.detail else row.summary


PUBLIC_MARK = "SHOWN TO PLAYERS · "


def summary_text(row: RollRow, shown: bool) -> str:
    """The bold first line; a roll the players received says so in words (``shown``: made
    public and with words for them, ``RollLogModel.shown``; not a GM-only countdown's
    trigger nor a hidden attacker's roll, which the players never get)."""
    return PUBLIC_MARK + row.summary if shown else row.summary


def attack_mark(row: RollRow, system: SystemRules) -> str | None:
    """"HIT" or "MISS" for an attack (a hit on any target counts), None for other rolls."""
    # The result's own hit flags, read back by the system, not words of the summary: an
    # attack named "Hits Twice" would read as a hit.
    logged = system.read_roll(row)
    hit = None if logged is None else logged.hit
    return None if hit is None else "HIT" if hit else "MISS"


class RollLogDelegate(QStyledItemDelegate):
    MARGIN = 6
    MARK = 4  # the HIT/MISS strip of an attack; the summary words say the same
    GAP = 3  # between the summary and the breakdown

    HEIGHT_CACHE = 4096  # entries; a page of the log is a few dozen
    MARK_CACHE = 4096  # rows

    def __init__(self, system: SystemRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._system = system
        self._fonts_for: dict[QFont, tuple[QFont, QFont]] = {}
        # (summary, detail, width, font): the heights of the summary and the detail.
        self._heights_for: dict[tuple[str, str, int, QFont], tuple[int, int]] = {}
        # Each row's mark, read once: a payload is read back in a fraction of a millisecond,
        # and every visible row is painted again on each scroll. (A row is equal to another
        # by its fields, its payload aside: the same id, kind, words and time.)
        self._marks: dict[RollRow, str | None] = {}
        # The first paint of the log goes without the strips, and they are read right after it:
        # reading a roll back loads its system's roll classes, a cost the window's first
        # appearance need not wait for (docs/performance.md, issue 28).
        self._marks_read = self._marks_asked = False

    def _mark(self, row: RollRow) -> str | None:
        if not self._marks_read:
            if not self._marks_asked:
                self._marks_asked = True
                QTimer.singleShot(0, self._read_marks)
            return None
        if row not in self._marks:
            if len(self._marks) >= self.MARK_CACHE:
                self._marks.clear()
            self._marks[row] = attack_mark(row, self._system)
        return self._marks[row]

    def _read_marks(self) -> None:
        self._marks_read = True
        view = self.parent()
        if isinstance(view, QAbstractItemView):
            view.viewport().update()  # painted again, with the strips

    def _fonts(self, option: QStyleOptionViewItem) -> tuple[QFont, QFont]:
        fonts = self._fonts_for.get(option.font)
        if fonts is None:
            bold = QFont(option.font)
            bold.setBold(True)
            detail = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
            if option.font.pointSizeF() > 0:
                detail.setPointSizeF(max(6.0, option.font.pointSizeF() * 0.9))
            else:
                detail.setPixelSize(max(8, round(option.font.pixelSize() * 0.9)))
            fonts = self._fonts_for[QFont(option.font)] = (bold, detail)
        return fonts

    def _text_width(self, option: QStyleOptionViewItem, width: int) -> int:
        return max(40, width - 2 * self.MARGIN - self.MARK - self.MARGIN)

    def _heights(self, row: RollRow, summary: str, option: QStyleOptionViewItem,
                 width: int) -> tuple[int, int]:
        # The view asks every row's size on each layout (and paint asks again): measure once.
        key = (summary, row.detail, width, option.font)
        heights = self._heights_for.get(key)
        if heights is None:
            heights = self._measure(row, summary, option, width)
            if len(self._heights_for) >= self.HEIGHT_CACHE:
                self._heights_for.clear()
            self._heights_for[(summary, row.detail, width, QFont(option.font))] = heights
        return heights

    def _measure(self, row: RollRow, summary_words: str, option: QStyleOptionViewItem,
                 width: int) -> tuple[int, int]:
        bold, detail = self._fonts(option)
        summary = QFontMetrics(bold).boundingRect(QRect(0, 0, width, 100_000), WRAP,
                                                  summary_words).height()
        if not row.detail:
            return summary, 0
        return summary, QFontMetrics(detail).boundingRect(QRect(0, 0, width, 100_000), WRAP,
                                                          row.detail).height()

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        row = index.data(RowRole)
        if row is None:
            return super().sizeHint(option, index)
        width = self._text_width(option, item_width(option))
        summary, detail = self._heights(row, summary_text(row, bool(index.data(ShownRole))),
                                        option, width)
        height = 2 * self.MARGIN + summary + (self.GAP + detail if detail else 0) + 1
        return QSize(120, height)  # the view stretches each item to its own width

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        row: RollRow | None = index.data(RowRole)
        if row is None:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        painter.save()
        if opt.widget is not None:
            opt.widget.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, opt,
                                             painter, opt.widget)
        rect = QRect(option.rect)
        mark = self._mark(row)
        if mark is not None:
            fill_rect(painter, QRect(rect.left() + 2, rect.top() + self.MARGIN, self.MARK,
                                     rect.height() - 2 * self.MARGIN),
                      theme.HIT if mark == "HIT" else theme.MISS)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        text_colour = option.palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        bold, detail = self._fonts(option)
        width = self._text_width(option, rect.width())
        summary = summary_text(row, bool(index.data(ShownRole)))
        summary_height, detail_height = self._heights(row, summary, option, width)
        left = rect.left() + 2 + self.MARK + self.MARGIN
        top = rect.top() + self.MARGIN
        painter.setPen(text_colour)
        painter.setFont(bold)
        painter.drawText(QRect(left, top, width, summary_height), WRAP, summary)
        if row.detail:
            painter.setFont(detail)
            painter.drawText(QRect(left, top + summary_height + self.GAP, width, detail_height),
                             WRAP, row.detail)
        painter.setPen(option.palette.color(QPalette.ColorRole.Mid))
        painter.drawLine(rect.left() + self.MARGIN, rect.bottom(),
                         rect.right() - self.MARGIN, rect.bottom())
        painter.restore()


class RollLogView(PaintedListView):
    """The roll log, newest first (the model's order). Ctrl+C copies the selected entry."""

    def __init__(self, model: RollLogModel, system: SystemRules,
                 parent: QWidget | None = None) -> None:
        super().__init__("No rolls yet.", parent)
        self.setObjectName("rollLog")
        self.setAccessibleName("Roll log")
        self.setItemDelegate(RollLogDelegate(system, self))
        self.setModel(model)

    def selected_text(self) -> str:
        index = self.currentIndex()
        rows = self.selectionModel().selectedRows()
        if rows:
            index = rows[0]
        row = index.data(RowRole) if index.isValid() else None
        return entry_text(row) if row is not None else ""

    def copy_selected(self) -> None:
        text = self.selected_text()
        if text:
            QGuiApplication.clipboard().setText(text)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # QAbstractItemView copies only the DisplayRole (the summary); copy the whole entry.
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_selected()
            event.accept()
            return
        super().keyPressEvent(event)
