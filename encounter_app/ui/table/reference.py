"""A GM screen of the rules texts' tables to look up, for a system on the card table: each
system lists its tables (``ScreenTable``), whose every cell comes from its rules module, so the
screen and the rolls can never disagree."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTabWidget, QWidget

AnyIndex = QModelIndex | QPersistentModelIndex


class Row(NamedTuple):
    a: str
    b: str = ""
    c: str = ""
    d: str = ""
    e: str = ""


class ScreenTable(NamedTuple):
    """One tab of the screen: its title, its rows, the column headers."""

    title: str
    rows: Callable[[], list[Row]]
    headers: tuple[str, ...]


class TupleTableModel(QAbstractTableModel):
    """A read-only table of named tuples; ``columns`` maps header to field name."""

    def __init__(self, rows: Sequence[NamedTuple], columns: Sequence[tuple[str, str]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows = list(rows)
        self._columns = list(columns)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        value = getattr(self._rows[index.row()], self._columns[index.column()][1])
        if role == Qt.ItemDataRole.DisplayRole:
            return str(value)
        if role == Qt.ItemDataRole.EditRole:  # sorts numbers as numbers
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, int):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._columns[section][0]
        return None



class SystemReference(QTabWidget):
    def __init__(self, tables: Sequence[ScreenTable], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("systemReference")
        self.setAccessibleName("GM screen")
        for title, rows, headers in tables:
            view = QTableView()
            view.setObjectName(f"reference{title.replace(' ', '')}")
            view.setModel(TupleTableModel(rows(), [(h, f) for h, f in zip(
                headers, Row._fields, strict=False)], view))
            view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            view.verticalHeader().hide()
            view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            view.setWordWrap(True)
            # Rows follow the wrapped text at the width the dock really has.
            view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            self.addTab(view, title)
