"""Qt models of the campaign view: the campaign picker, the encounter list, the party roster.

Thin adapters over CampaignBook's row lists, like ui/fight/models.py over the session: no copy of
state here. Dragging an encounter is the view's ``move_encounter`` operation (one undo step); the
row moves when the book says it did.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QApplication

from encounter_app.domain import CampaignRow
from encounter_app.domain.campaign_rows import STATUS_LABEL, EncounterEntry, PcRow
from encounter_app.domain.system import SystemRules
from encounter_app.domain.system_data import has_field
from encounter_app.services.campaigns.actions import CampaignOperations
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.rowlist import RowList
from encounter_app.ui.fight.models import AnyIndex, RowListModel, RowRole
from encounter_app.ui.widgets.drag_rows import DragToMove

# Stats with a track the PC marks: the roster shows "marked / max".
MARKED = {"hp": "hp_marked", "wounds": "hp_marked", "stress": "stress_marked",
          "armor": "armor_marked"}


class CampaignsModel(RowListModel[CampaignRow]):
    """The campaigns, each with its rule system's name (read without loading the system)."""

    def __init__(self, book: CampaignBook, parent: QObject | None = None) -> None:
        super().__init__(book.campaigns, parent)
        self._system_name = book.systems.name

    def row_data(self, value: CampaignRow, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            archived = " (archived)" if value.archived else ""
            return f"{value.name} — {self._system_name(value.system)}{archived}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{self._system_name(value.system)}, game session {value.session_number}"
        return None


class VisibleCampaigns(QSortFilterProxyModel):
    """Archived campaigns stay out of the picker unless asked for (or the one in view)."""

    def __init__(self, book: CampaignBook, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._book = book
        self._show_archived = False

    def set_show_archived(self, show: bool) -> None:
        self.beginFilterChange()
        self._show_archived = show
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        row = self.sourceModel().index(source_row, 0, source_parent).data(RowRole)
        return row is not None and (self._show_archived or not row.archived
                                    or row.id == self._book.campaign_id)


class EncounterListModel(DragToMove, RowListModel[EncounterEntry]):
    """The viewed campaign's encounters, in the GM's order: name, status, summary if done."""

    mime_type = "application/x-encounter-list-rows"

    def __init__(self, operations: CampaignOperations, open_id: int,
                 parent: QObject | None = None) -> None:
        super().__init__(operations.book.encounters, parent)
        self._operations, self._open_id = operations, open_id

    def row_data(self, value: EncounterEntry, role: int) -> object:
        is_open = value.id == self._open_id
        if role == Qt.ItemDataRole.DisplayRole:
            status = STATUS_LABEL[value.status] + (" · open now" if is_open else "")
            if value.summary is not None:
                status += f" · {value.summary.text(self._operations.book.system.has_fear)}"
            return f"{value.name}\n{status}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return value.note or None
        if role == Qt.ItemDataRole.FontRole and is_open:
            font = QFont(QApplication.font())
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and value.status == "done":
            return QApplication.palette().brush(QPalette.ColorRole.PlaceholderText)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{value.name}, {STATUS_LABEL[value.status]}" + (", open" if is_open else "")
        return None

    def push_move(self, source: int, destination: int) -> None:
        self._operations.move_encounter(source, destination)


class EncounterSearch(QSortFilterProxyModel):
    """The encounter list filtered by the search box: name, status and note."""

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        needle = self.filterRegularExpression().pattern().lower()
        if not needle:
            return True
        row = self.sourceModel().index(source_row, 0, source_parent).data(RowRole)
        text = f"{row.name} {STATUS_LABEL[row.status]} {row.note}".lower()
        return all(word in text for word in needle.split())


class PartyModel(QAbstractTableModel):
    """The roster: one row per PC, one column per stat of the campaign's system."""

    def __init__(self, book: CampaignBook, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._book = book
        self._rows: RowList[PcRow] = book.party
        self._system: SystemRules = book.system
        rows = book.party
        rows.inserting.connect(lambda a, b: self.beginInsertRows(QModelIndex(), a, b))
        rows.inserted.connect(lambda _a, _b: self.endInsertRows())
        rows.removing.connect(lambda r: self.beginRemoveRows(QModelIndex(), r, r))
        rows.removed.connect(lambda _r: self.endRemoveRows())
        rows.resetting.connect(self.beginResetModel)
        rows.was_reset.connect(self.endResetModel)
        rows.changed.connect(lambda r: self.dataChanged.emit(
            self.index(r, 0), self.index(r, self.columnCount() - 1)))
        book.viewed_changed.connect(self._viewed_changed)

    def _viewed_changed(self) -> None:
        if self._book.system is not self._system:
            self.beginResetModel()
            self._system = self._book.system
            self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 1 + len(self._system.pc_fields)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        field = None if section == 0 else self._system.pc_fields[section - 1]
        if role == Qt.ItemDataRole.DisplayRole:
            # Two lines for a long label: eleven Ruins & Raiders stats fit the dialog's width.
            return "Name" if field is None else field.label.replace(" ", "\n", 1)
        if role == Qt.ItemDataRole.ToolTipRole and field is not None:
            return f"{field.label}: {field.help}" if field.help else field.label
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        pc = self._rows[index.row()]
        if role == RowRole:
            return pc
        if role == Qt.ItemDataRole.ToolTipRole:
            return pc.note or None
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() > 0:
            return Qt.AlignmentFlag.AlignCenter
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return None
        if index.column() == 0:
            return pc.name
        return stat_text(pc, self._system.pc_fields[index.column() - 1].key,
                         self._system.pc_fields[index.column() - 1].flag)


def stat_text(pc: PcRow, key: str, flag: bool = False) -> str:
    """A stat as the roster shows it: a yes/no, "marked / max" for a track, else the number."""
    if not has_field(pc.stats, key):
        return "—"
    value = pc.stat(key)
    if flag:
        return "Yes" if value else "No"
    if key in MARKED:
        return f"{getattr(pc, MARKED[key])} / {value}"
    return str(value)
