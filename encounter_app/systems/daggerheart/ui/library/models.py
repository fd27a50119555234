"""Qt models over the library: a table of templates or environments, and the filter the library
dock and the builder share (words in any text of the stat block, a tier, a type).

The table is a thin adapter over the Shelf's RowList, like models.py: no copy of the rows. The
filter keeps each entry's search text, lower-cased, until the entry changes, so typing in a
library of several hundred stat blocks filters without rebuilding strings on every key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Generic, NamedTuple, TypeVar, cast

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from encounter_app.domain import EnvironmentRow, TemplateRow
from encounter_app.rules.stat_blocks import base_type
from encounter_app.services.rowlist import RowList
from encounter_app.systems.daggerheart.services.library.shelves import EntryT, LibraryEntry
from encounter_app.ui.fight.models import RowRole

AnyIndex = QModelIndex | QPersistentModelIndex
SortRole = Qt.ItemDataRole.UserRole + 4  # numbers sort as numbers, names without case
SOURCE_LABEL = {"sample": "Sample", "own": "Yours", "srd": "SRD", "import": "Imported"}


_RowT = TypeVar("_RowT")
SortKey = str | int  # one column's keys are all text or all numbers


class Column(NamedTuple, Generic[_RowT]):
    title: str
    text: Callable[[_RowT], str]
    sort: Callable[[_RowT], SortKey]  # compared only within its column
    numeric: bool = False
    sample: str = ""  # the widest text it usually holds, for its starting width


def _source(row: LibraryEntry) -> str:
    return SOURCE_LABEL.get(row.source, row.source.capitalize())


def _signed(value: int) -> str:
    return f"{value:+d}"


TEMPLATE_COLUMNS: tuple[Column[TemplateRow], ...] = (
    Column("Name", lambda r: r.stats.name, lambda r: r.stats.name.casefold()),
    Column("Tier", lambda r: str(r.stats.tier), lambda r: r.stats.tier, True),
    Column("Type", lambda r: r.stats.type, lambda r: r.stats.type.casefold(),
           sample="Horde (10/HP)"),
    Column("Diff.", lambda r: str(r.stats.difficulty), lambda r: r.stats.difficulty, True),
    Column("HP", lambda r: str(r.stats.hp), lambda r: r.stats.hp, True),
    Column("Attack", lambda r: f"{_signed(r.stats.attack_modifier)} {r.stats.damage}",
           lambda r: r.stats.attack_modifier, sample="+3 2d10+4 phy"),
    Column("Source", _source, _source, sample="Imported"),
)
ENVIRONMENT_COLUMNS: tuple[Column[EnvironmentRow], ...] = (
    Column("Name", lambda r: r.stats.name, lambda r: r.stats.name.casefold()),
    Column("Tier", lambda r: str(r.stats.tier), lambda r: r.stats.tier, True),
    Column("Type", lambda r: r.stats.type, lambda r: r.stats.type.casefold(),
           sample="Exploration"),
    Column("Diff.", lambda r: str(r.stats.difficulty), lambda r: r.stats.difficulty, True),
    Column("Source", _source, _source, sample="Imported"),
)


def search_text(row: LibraryEntry) -> str:
    """Every text of a stat block a GM may search by, lower-cased, in one string."""
    stats = row.stats
    parts = [stats.name, stats.type, stats.description, getattr(stats, "motives", ""),
             getattr(stats, "impulses", ""), getattr(stats, "potential_adversaries", ""),
             getattr(stats, "attack_name", ""), getattr(stats, "damage", "")]
    parts += [f"{e.name} {e.bonus:+d}" for e in getattr(stats, "experiences", ())]
    parts += [f"{f.name} {f.kind} {f.text}" for f in stats.features]
    return "\n".join(parts).casefold()


class LibraryTableModel(QAbstractTableModel, Generic[EntryT]):
    """Templates or environments as a sortable table; one row per library entry."""

    def __init__(self, rows: RowList[EntryT], columns: Sequence[Column[EntryT]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows, self._columns = rows, tuple(columns)
        rows.inserting.connect(lambda first, last: self.beginInsertRows(QModelIndex(), first,
                                                                        last))
        rows.inserted.connect(lambda _first, _last: self.endInsertRows())
        rows.removing.connect(lambda r: self.beginRemoveRows(QModelIndex(), r, r))
        rows.removed.connect(lambda _r: self.endRemoveRows())
        rows.changed.connect(self._row_changed)
        rows.resetting.connect(self.beginResetModel)
        rows.was_reset.connect(self.endResetModel)

    def _row_changed(self, row: int) -> None:
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self._columns) - 1))

    def row_at(self, row: int) -> EntryT:
        return self._rows[row]

    def sort_key(self, column: int) -> Callable[[EntryT], SortKey]:
        return self._columns[column].sort

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, column = self._rows[index.row()], self._columns[index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return column.text(row)
        if role == SortRole:
            return column.sort(row)
        if role == RowRole:
            return row
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.stats.description or None
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._columns[section].title
        return None


class LibraryFilter(QSortFilterProxyModel, Generic[EntryT]):
    """Entries containing every word typed, of one tier and one type (None: any)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._tier: int | None = None
        self._type: str | None = None
        self._texts: dict[int | None, tuple[EntryT, str]] = {}  # id -> (row it came from, text)
        self.setSortRole(SortRole)
        self.setDynamicSortFilter(True)

    @contextmanager
    def _changing_filter(self) -> Iterator[None]:
        self.beginFilterChange()
        yield
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_search(self, text: str) -> None:
        with self._changing_filter():
            self._words = text.casefold().split()

    def set_tier(self, tier: int | None) -> None:
        with self._changing_filter():
            self._tier = tier

    def set_type(self, type_: str | None) -> None:
        """A base type ("Horde" matches "Horde (3/HP)"); None for every type."""
        with self._changing_filter():
            self._type = type_

    def _table(self) -> LibraryTableModel[EntryT]:
        # Its source is always the LibraryTableModel it filters (FilteredTable sets it). The
        # type as a string: subscripting the class at run time, per comparison, costs.
        return cast("LibraryTableModel[EntryT]", self.sourceModel())

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        row = self._table().row_at(source_row)
        stats = row.stats
        if self._tier is not None and stats.tier != self._tier:
            return False
        if self._type is not None and base_type(stats.type) != self._type:
            return False
        if not self._words:
            return True
        cached = self._texts.get(row.id)
        if cached is None or cached[0] is not row:  # new or edited since
            cached = self._texts[row.id] = (row, search_text(row))
        text = cached[1]
        return all(word in text for word in self._words)

    def lessThan(self, left: AnyIndex, right: AnyIndex) -> bool:
        # The column's sort key straight from the rows: going through data() costs a role
        # dispatch per comparison, a tenth of a second to re-sort a thousand entries.
        model = self._table()
        key = model.sort_key(left.column())
        mine, theirs = key(model.row_at(left.row())), key(model.row_at(right.row()))
        if isinstance(mine, str) or isinstance(theirs, str):  # a column of text
            return str(mine) < str(theirs)
        return mine < theirs

    def row_at(self, proxy_row: int) -> EntryT:
        return self._table().row_at(self.mapToSource(self.index(proxy_row, 0)).row())
