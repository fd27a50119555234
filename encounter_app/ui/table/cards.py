"""Combatant cards for the systems other than Daggerheart: numbers, health and what is left.

Every combatant gets a card (a clash or an attack needs the defender's numbers as much as the
attacker's). The view shows the spotlight order's own model; the delegate paints each row.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QFont,
    QPainter,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from encounter_app.ui.fight.models import KIND_LABEL, ActiveRole, RowRole
from encounter_app.ui.shell import theme
from encounter_app.ui.table.profile import Profile, health
from encounter_app.ui.widgets.listviews import own_viewport
from encounter_app.ui.widgets.pips import fill_rect

CARD = QSize(300, 166)
MIN_CARD_WIDTH = 280
PAD = 10
AnyIndex = QModelIndex | QPersistentModelIndex


class SystemCardDelegate(QStyledItemDelegate):
    def __init__(self, profile: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._profile = profile

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        view = self.parent()
        width = getattr(view, "card_width", CARD.width())
        return QSize(width, CARD.height())

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        row = index.data(RowRole)
        if row is None:
            return
        active = bool(index.data(ActiveRole))
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        widget = option.widget
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = option.rect.adjusted(4, 4, -4, -4)
        painter.setBrush(theme.card_background(widget))
        border = theme.ACTIVE.darker(110) if active else (
            option.palette.highlight().color() if selected else theme.rule_colour(widget))
        painter.setPen(QPen(border, 3 if active or selected else 1))
        painter.drawRoundedRect(rect, 6, 6)
        fill_rect(painter, QRect(rect.left() + 1, rect.top() + 1, 6, rect.height() - 2),
                  theme.KIND[row.kind])
        text = QColor("#f0e8da") if theme.is_dark(widget) else QColor("#2b2118")
        inner = rect.adjusted(PAD + 6, PAD - 2, -PAD, -PAD)

        small = QFont(option.font)
        small.setPointSizeF(option.font.pointSizeF() * 0.85)
        bold = QFont(option.font)
        bold.setBold(True)
        bold.setPointSizeF(option.font.pointSizeF() * 1.1)
        bold.setStrikeOut(row.defeated)
        line = painter.fontMetrics().height() + 2

        painter.setFont(small)
        painter.setPen(theme.KIND[row.kind])
        marker = "▶ IN THE SPOTLIGHT · " if active else ""
        painter.drawText(QRect(inner.left(), inner.top(), inner.width(), line),
                         Qt.AlignmentFlag.AlignLeft, marker + KIND_LABEL[row.kind].upper())
        painter.setPen(theme.HP if row.hp_marked else text)
        painter.drawText(QRect(inner.left(), inner.top(), inner.width(), line),
                         Qt.AlignmentFlag.AlignRight,
                         health(row, self._profile.health_left))
        top = inner.top() + line
        painter.setFont(bold)
        painter.setPen(text)
        name = painter.fontMetrics().elidedText(row.name, Qt.TextElideMode.ElideRight,
                                                inner.width())
        painter.drawText(QRect(inner.left(), top, inner.width(), line + 4),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
        top += line + 6
        painter.setFont(option.font)
        metrics = painter.fontMetrics()
        for text_line in self._profile.card_lines(row):
            shown = metrics.elidedText(text_line, Qt.TextElideMode.ElideRight, inner.width())
            painter.drawText(QRect(inner.left(), top, inner.width(), line),
                             Qt.AlignmentFlag.AlignLeft, shown)
            top += line
        painter.setPen(QPen(theme.rule_colour(widget), 1))
        painter.drawLine(inner.left(), inner.bottom() - line - 2, inner.right(),
                         inner.bottom() - line - 2)
        painter.setPen(text)
        bold.setStrikeOut(False)
        bold.setPointSizeF(option.font.pointSizeF())
        painter.setFont(bold)
        status = metrics.elidedText(self._profile.card_status(row),
                                    Qt.TextElideMode.ElideRight, inner.width())
        painter.drawText(QRect(inner.left(), inner.bottom() - line, inner.width(), line),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, status)
        painter.restore()


class SystemCardsView(QListView):
    """Cards in rows that wrap with the window; selecting one picks whom the buttons act on.

    A right click on a card asks for its menu (``menu_requested``, with where to show it).
    The keys of the chosen card (A, Enter, D, the Menu key...) are the window's: they act on
    the combatant chosen last in the order or among the cards (ui/shell/chosen.py).
    """

    menu_requested = Signal(int, QPoint)  # combatant id, where (global)

    def __init__(self, profile: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        own_viewport(self)
        self.setObjectName("combatantCards")
        self.setAccessibleName("Combatant cards")
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setMovement(QListView.Movement.Static)
        self.setUniformItemSizes(True)
        self.card_width = CARD.width()
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setItemDelegate(SystemCardDelegate(profile, self))

    def resizeEvent(self, event: QResizeEvent) -> None:
        # Cards share the width out evenly: no strip of empty paper on the right.
        # Qt lays out a wrapping list as if the scroll bar were there (qlistview.cpp,
        # prepareItemsLayout): leave its width out, or the last card of each row wraps.
        extent = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        width = self.viewport().width() - extent - 2
        columns = max(1, width // MIN_CARD_WIDTH)
        card_width = max(MIN_CARD_WIDTH, width // columns)
        if card_width != self.card_width:
            self.card_width = card_width
            self.scheduleDelayedItemsLayout()
        super().resizeEvent(event)

    def selected_id(self) -> int | None:
        rows = self.selectionModel().selectedIndexes() if self.selectionModel() else []
        return rows[0].data(RowRole).id if rows else None

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """A right click on a card, or the Menu key on the selected one: its menu."""
        if event.reason() == QContextMenuEvent.Reason.Keyboard:
            index = self.currentIndex()
            if not self.selectionModel().isSelected(index):
                index = QModelIndex()
            at = self.viewport().mapToGlobal(self.visualRect(index).topLeft()
                                             + QPoint(PAD, PAD))
        else:
            index = self.indexAt(event.pos())
            at = event.globalPos()
        row = index.data(RowRole) if index.isValid() else None
        if row is None or row.id is None:
            event.ignore()
            return
        self.setCurrentIndex(index)  # the card the menu acts on is the selected one
        self.menu_requested.emit(row.id, at)
        event.accept()
