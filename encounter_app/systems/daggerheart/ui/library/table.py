"""A library shelf as a table with its search line, tier and type filters and a count: shared by
the library dock and the encounter builder's picker."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from encounter_app.systems.daggerheart.services.library.shelves import EntryT, Shelf
from encounter_app.systems.daggerheart.ui.library.models import (
    Column,
    LibraryFilter,
    LibraryTableModel,
)


def filter_combo(name: str, everything: str, items: Sequence[tuple[str, object]]) -> QComboBox:
    combo = QComboBox(objectName=name)
    combo.setAccessibleName(name)
    combo.addItem(everything, None)
    for label, data in items:
        combo.addItem(label, data)
    return combo


class TypingTable(QTableView):
    """A table that keeps typed letters for itself (jump to the entry that starts with them):
    the window's one-key shortcuts (N next turn, A attack, + Fear...) wait for the window."""

    def event(self, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
                and event.text().isprintable() and event.text().strip()):
            event.accept()  # a key press follows, to this table
            return True
        return super().event(event)


class FilteredTable(QWidget, Generic[EntryT]):
    def __init__(self, shelf: Shelf[EntryT], columns: Sequence[Column[EntryT]],
                 types: Sequence[str], name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        noun, self._plural = shelf.noun, shelf.plural
        self.model = LibraryTableModel(shelf.rows, columns, self)
        self.proxy: LibraryFilter[EntryT] = LibraryFilter(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit(objectName=f"{name}Search", clearButtonEnabled=True,
                                placeholderText="Search names, features, motives…")
        self.search.setAccessibleName(f"Search the {noun} library")
        self.tier = filter_combo(f"{name}TierFilter", "All tiers",
                                 [(f"Tier {t}", t) for t in range(1, 5)])
        self.type = filter_combo(f"{name}TypeFilter", "All types", [(t, t) for t in types])
        self.count = QLabel(objectName=f"{name}Count")
        filters = QHBoxLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        filters.addWidget(self.tier)
        filters.addWidget(self.type)
        filters.addStretch(1)
        filters.addWidget(self.count)

        self.view = TypingTable(objectName=f"{name}Table")
        self.view.setAccessibleName(f"{noun.capitalize()} library")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setWordWrap(False)
        self.view.verticalHeader().hide()
        # Fixed row heights: sizing rows to their contents would measure every row of a big
        # library on each filter change.
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        metrics = self.fontMetrics()
        for number, column in enumerate(columns[1:], start=1):
            # The header's text, its sort arrow and padding, or the column's usual content.
            header.resizeSection(number, max(metrics.horizontalAdvance(column.title) + 30,
                                             metrics.horizontalAdvance(column.sample) + 14))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addWidget(self.view, 1)

        self.search.textChanged.connect(self.proxy.set_search)
        self.tier.currentIndexChanged.connect(lambda: self.proxy.set_tier(self.tier.currentData()))
        self.type.currentIndexChanged.connect(lambda: self.proxy.set_type(self.type.currentData()))
        for signal in (self.proxy.rowsInserted, self.proxy.rowsRemoved, self.proxy.modelReset,
                       self.proxy.layoutChanged):
            signal.connect(self._count)
        # The library's own rows too: an entry saved, deleted or imported that the search or a
        # filter hides changes the total, and the proxy says nothing of it.
        for signal in (self.model.rowsInserted, self.model.rowsRemoved, self.model.modelReset):
            signal.connect(self._count)
        self._count()

    def _count(self, *_args: object) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        self.count.setText(f"{total} {self._plural}" if shown == total
                           else f"{shown} of {total}")
        self.count.setToolTip(f"{shown} shown of {total} in the library")

    def selected(self) -> list[EntryT]:
        """The selected entries, in the order the table shows them."""
        rows = sorted({i.row() for i in self.view.selectionModel().selectedRows()})
        return [self.proxy.row_at(r) for r in rows]
