"""The encounter builder's plan as a Qt table: each planned adversary, how many, what it costs.

The plan is a draft, not game state: it lives in this model until "Start encounter" turns it
into one undo command. The count is edited in place (a spin box, 1 to MAX_COUNT).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import QSpinBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from encounter_app.domain import TemplateRow
from encounter_app.rules.battle_points import adversary_cost, cost_why
from encounter_app.systems.daggerheart.services.library.builder import PlannedAdversary

AnyIndex = QModelIndex | QPersistentModelIndex
COLUMNS = ("Adversary", "Type", "Tier", "Count", "Cost")
COUNT_COLUMN = 3
MAX_COUNT = 30


class PlanModel(QAbstractTableModel):
    plan_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._plan: list[PlannedAdversary] = []
        self._party_size = 4
        for signal in (self.rowsInserted, self.rowsRemoved, self.dataChanged, self.modelReset):
            signal.connect(self.plan_changed)

    @property
    def plan(self) -> tuple[PlannedAdversary, ...]:
        return tuple(self._plan)

    def set_party_size(self, size: int) -> None:
        self._party_size = size
        if self._plan:  # a Minion group's cost follows the party's size
            self.dataChanged.emit(self.index(0, 4), self.index(len(self._plan) - 1, 4))

    def add(self, template: TemplateRow, count: int = 1) -> None:
        """Plan ``count`` more of a library adversary (one line per adversary)."""
        self.add_planned(PlannedAdversary(template.id, template.stats, count))

    def _same(self, planned: PlannedAdversary) -> int:
        """The row already planning the same adversary (a weaker or elite copy is another)."""
        for row, there in enumerate(self._plan):
            if (there.template_id, there.stats, there.step) == (
                    planned.template_id, planned.stats, planned.step):
                return row
        return -1

    def add_planned(self, planned: PlannedAdversary) -> None:
        """Plan ``planned.count`` more of it: its line's count grows, or a new line."""
        row = self._same(planned)
        if row >= 0:
            self.set_count(row, self._plan[row].count + planned.count)
            return
        self.beginInsertRows(QModelIndex(), len(self._plan), len(self._plan))
        self._plan.append(replace(planned, count=max(1, min(planned.count, MAX_COUNT))))
        self.endInsertRows()

    def plan_with(self, planned: PlannedAdversary) -> tuple[PlannedAdversary, ...]:
        """The plan as ``add_planned(planned)`` would leave it (for a preview of its cost)."""
        plan = list(self._plan)
        row = self._same(planned)
        if row >= 0:
            count = min(MAX_COUNT, plan[row].count + planned.count)
            plan[row] = replace(plan[row], count=count)
        else:
            plan.append(planned)
        return tuple(plan)

    def set_count(self, row: int, count: int) -> None:
        count = max(1, min(count, MAX_COUNT))
        self._plan[row] = replace(self._plan[row], count=count)
        self.dataChanged.emit(self.index(row, COUNT_COLUMN), self.index(row, 4))

    def remove(self, row: int) -> None:
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._plan[row]
        self.endRemoveRows()

    def clear(self) -> None:
        self.beginResetModel()
        self._plan.clear()
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._plan)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._plan):
            return None
        planned, column = self._plan[index.row()], index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            stats = planned.stats
            values = (stats.name, stats.type, stats.tier, planned.count,
                      adversary_cost(planned.pick(), self._party_size))
            value = values[column]
            return value if role == Qt.ItemDataRole.EditRole else str(value)
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= 2:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column == COUNT_COLUMN:
            return "Double-click to change how many"
        if role == Qt.ItemDataRole.ToolTipRole and column == 4:
            return cost_why(planned.pick())
        return None

    def setData(self, index: AnyIndex, value: object, role: int = Qt.ItemDataRole.EditRole
                ) -> bool:
        if (not index.isValid() or index.column() != COUNT_COLUMN
                or role != Qt.ItemDataRole.EditRole or not isinstance(value, int | float | str)):
            return False
        try:
            count = int(value)
        except ValueError:
            return False
        if not 1 <= count <= MAX_COUNT:
            return False
        self.set_count(index.row(), count)
        return True

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == COUNT_COLUMN:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None


class CountDelegate(QStyledItemDelegate):
    """A spin box from 1 to MAX_COUNT: a count can be neither zero nor absurd."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: AnyIndex) -> QWidget:
        editor = QSpinBox(parent, minimum=1, maximum=MAX_COUNT)
        editor.setAccessibleName("How many")
        return editor
