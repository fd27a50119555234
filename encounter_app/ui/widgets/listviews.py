"""A list view for painted rows of varying height that says what to do when it is empty."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QListView,
    QStyleOptionViewItem,
    QWidget,
)


def own_viewport(view: QAbstractScrollArea) -> None:
    """Give ``view`` a viewport made here, before anything else is set on it.

    Qt's own viewport is of a class PySide does not know: the first ``viewport()`` call wraps
    it by trying every QWidget class there is, which sets up some seventy of them (dialogs,
    wizards, calendars...) that the program may never use: 34 M instructions at the first
    paint. A viewport made in Python is already wrapped. It is set up as Qt sets up its own:
    the name styles look for, and the list's Base colour behind the rows.
    """
    viewport = QWidget(objectName="qt_scrollarea_viewport")
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    view.setViewport(viewport)


class PaintedListView(QListView):
    """Single selection, no editing, smooth scrolling, rows re-laid out when the width changes."""

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        own_viewport(self)
        self.placeholder = placeholder
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Adjust + word wrap: QListView lays the items out again when its width changes, so
        # row heights follow the width (QListView::resizeEvent only does it with both set).
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setWordWrap(True)
        self.setUniformItemSizes(False)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        model = self.model()
        if model is None or model.rowCount(self.rootIndex()) > 0 or not self.placeholder:
            return
        painter = QPainter(self.viewport())
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        painter.drawText(self.viewport().rect().adjusted(12, 12, -12, -12),
                         Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                         self.placeholder)
        painter.end()


def item_width(option: QStyleOptionViewItem) -> int:
    """The width a delegate lays its item out for. QListView asks for a size before it gives
    the item a rect, so a list's items are laid out for its viewport."""
    view = option.widget
    if isinstance(view, QListView):
        return view.viewport().width() - 2 * view.spacing()
    return option.rect.width()
