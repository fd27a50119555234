"""TemplateChoiceModel: library templates as a checkable list, for choosing what to export."""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from encounter_app.domain.rows import TemplateRow, stored_id

Index = QModelIndex | QPersistentModelIndex


class TemplateChoiceModel(QAbstractListModel):
    def __init__(self, templates: list[TemplateRow], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows = list(templates)
        self._checked: set[int] = set()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008  (Qt's signature)
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        stats = row.stats
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{stats.name} — tier {stats.tier} {stats.type} · {row.source}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{stats.name}: tier {stats.tier} {stats.type}, from {row.source}"
        if role == Qt.ItemDataRole.CheckStateRole:
            return (Qt.CheckState.Checked if row.id in self._checked
                    else Qt.CheckState.Unchecked).value
        if role == Qt.ItemDataRole.UserRole:
            return row.id
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemNeverHasChildren)

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or not index.isValid():
            return False
        checked = Qt.CheckState(value) == Qt.CheckState.Checked
        self._set(index.row(), checked)
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        return True

    def _set(self, row: int, checked: bool) -> None:
        template_id = stored_id(self._rows[row])
        if checked:
            self._checked.add(template_id)
        else:
            self._checked.discard(template_id)

    def set_checked(self, rows: list[int], checked: bool) -> None:
        """Check or uncheck many rows with one change signal (a filter may show hundreds)."""
        for row in rows:
            self._set(row, checked)
        if rows:
            self.dataChanged.emit(self.index(min(rows)), self.index(max(rows)),
                                  [Qt.ItemDataRole.CheckStateRole])

    def checked_ids(self) -> list[int]:
        """The checked templates' ids, in list order."""
        return [row.id for row in self._rows if row.id in self._checked]
