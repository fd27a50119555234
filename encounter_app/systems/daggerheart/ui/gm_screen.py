"""The GM screen: the Difficulty benchmarks and the Fear-by-scene guide as searchable tables."""

from __future__ import annotations

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from encounter_app.rules.daggerheart_reference import DIFFICULTY_BENCHMARKS, SCENE_GUIDES
from encounter_app.ui.table.reference import TupleTableModel

AnyIndex = QModelIndex | QPersistentModelIndex


class TableFilter(QSortFilterProxyModel):
    """Rows that contain every word typed (in any column, any case) and match a column choice."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._column: int | None = None
        self._value: str | None = None
        self.setSortRole(Qt.ItemDataRole.EditRole)

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._words = text.lower().split()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_column_value(self, column: int | None, value: str | None) -> None:
        self.beginFilterChange()
        self._column, self._value = column, value
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        model = self.sourceModel()
        cells = [str(model.index(source_row, c, source_parent).data())
                 for c in range(model.columnCount())]
        if (self._column is not None and self._value is not None
                and cells[self._column] != self._value):
            return False
        text = " ".join(cells).lower()
        return all(word in text for word in self._words)


class SearchableTable(QWidget):
    """A search line and an optional column filter over a read-only table."""

    def __init__(self, model: TupleTableModel, *, name: str, placeholder: str,
                 filter_column: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.proxy = TableFilter(self)
        self.proxy.setSourceModel(model)
        self.search = QLineEdit(placeholderText=placeholder, clearButtonEnabled=True)
        self.search.setAccessibleName(f"Search {name}")
        self.search.textChanged.connect(self._filter)
        self.view = QTableView()
        self.view.setAccessibleName(name)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the text's own order first
        self.view.setWordWrap(True)
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.verticalHeader().hide()
        header = self.view.horizontalHeader()
        last = model.columnCount() - 1
        for column in range(last):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(last, QHeaderView.ResizeMode.Stretch)
        # Rows grow with their wrapped text, and again whenever the width changes.
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

        row = QHBoxLayout()
        row.addWidget(self.search, 1)
        self.column_filter: QComboBox | None = None
        self._filter_column = filter_column
        if filter_column is not None:
            self.column_filter = QComboBox()
            self.column_filter.setAccessibleName(f"Filter {name}")
            self.column_filter.addItem("All", None)
            seen: list[str] = []
            for r in range(model.rowCount()):
                value = model.index(r, filter_column).data()
                if value not in seen:
                    seen.append(value)
                    self.column_filter.addItem(value, value)
            self.column_filter.currentIndexChanged.connect(self._filter)
            row.addWidget(self.column_filter)
        self.count = QLabel()
        row.addWidget(self.count)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.view, 1)
        self._filter()

    def _filter(self, *_args: object) -> None:
        self.proxy.set_search(self.search.text())
        if self.column_filter is not None:
            self.proxy.set_column_value(self._filter_column, self.column_filter.currentData())
        total = self.proxy.sourceModel().rowCount()
        self.count.setText(f"{self.proxy.rowCount()} of {total}")


BENCHMARK_COLUMNS = (("Difficulty", "difficulty"), ("Trait", "trait"), ("Task", "task"),
                     ("Example", "example"))
SCENE_COLUMNS = (("Intensity", "intensity"), ("Least Fear", "least"), ("Most Fear", "most"),
                 ("Scenes like", "examples"))


class GmScreen(QTabWidget):
    """Reference panels a GM keeps open: what Difficulty to set, how much Fear to spend."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gmScreen")
        self.setAccessibleName("GM screen")
        self.benchmarks = SearchableTable(
            TupleTableModel(DIFFICULTY_BENCHMARKS, BENCHMARK_COLUMNS, self),
            name="Difficulty benchmarks", placeholder="Search: leap, lock, 15, trick…",
            filter_column=1)
        self.scenes = SearchableTable(
            TupleTableModel(SCENE_GUIDES, SCENE_COLUMNS, self),
            name="Fear by scene", placeholder="Search: battle, travel, villain…")
        self.addTab(self.benchmarks, "Difficulty benchmarks")
        self.addTab(self.scenes, "Fear by scene")
