"""RowList: an ordered list of frozen rows that announces each change before and after it.

The napari ``EventedList`` pattern: the domain list emits ``inserting``/``inserted`` (and so on)
and a thin Qt model turns them into ``beginInsertRows``/``endInsertRows``. The Qt model keeps
no copy: between the two signals it still sees the old list, as Qt requires.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

from PySide6.QtCore import QObject, Signal

from encounter_app.domain.rows import HasId

#: What a RowList holds: frozen rows with an id (domain/rows.py).
RowT = TypeVar("RowT", bound=HasId)


class RowList(QObject, Generic[RowT]):
    inserting = Signal(int, int)  # first and last row of the new rows
    inserted = Signal(int, int)
    removing = Signal(int)
    removed = Signal(int)
    moving = Signal(int, int)  # source row, destination row after the move
    moved = Signal(int, int)
    changed = Signal(int)
    resetting = Signal()  # every row is about to be replaced (a library re-read after an import)
    was_reset = Signal()

    def __init__(self, rows: Iterable[RowT] = (), parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[RowT] = list(rows)
        self._index: dict[int | None, int] | None = None

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, row: int) -> RowT:
        return self._rows[row]

    def __iter__(self) -> Iterator[RowT]:
        return iter(self._rows)

    def index_of(self, row_id: int | None) -> int:
        """Row number of the row whose ``id`` is ``row_id``; -1 when absent."""
        if self._index is None:  # rebuilt lazily: a move of one row renumbers many
            self._index = {r.id: i for i, r in enumerate(self._rows)}
        return self._index.get(row_id, -1)

    def by_id(self, row_id: int | None) -> RowT:
        """The row whose ``id`` is ``row_id``; KeyError when absent (``self[index_of(...)]``
        would quietly give the last row)."""
        row = self.index_of(row_id)
        if row < 0:
            raise KeyError(f"no row with id {row_id}")
        return self._rows[row]

    def insert(self, row: int, value: RowT) -> None:
        self.inserting.emit(row, row)
        self._rows.insert(row, value)
        self._index = None
        self.inserted.emit(row, row)

    def extend(self, values: Iterable[RowT]) -> None:
        """Append rows at the end, announced as one insertion."""
        values = list(values)
        if not values:
            return
        first, last = len(self._rows), len(self._rows) + len(values) - 1
        self.inserting.emit(first, last)
        self._rows.extend(values)
        self._index = None
        self.inserted.emit(first, last)

    def pop(self, row: int) -> RowT:
        self.removing.emit(row)
        value = self._rows.pop(row)
        self._index = None
        self.removed.emit(row)
        return value

    def move(self, source: int, destination: int) -> None:
        if source == destination:
            return
        self.moving.emit(source, destination)
        self._rows.insert(destination, self._rows.pop(source))
        self._index = None
        self.moved.emit(source, destination)

    def replace(self, row: int, value: RowT) -> None:
        self._rows[row] = value
        self._index = None
        self.changed.emit(row)

    def reset(self, values: Iterable[RowT]) -> None:
        """Replace every row at once: one announcement instead of one per row."""
        self.resetting.emit()
        self._rows = list(values)
        self._index = None
        self.was_reset.emit()

    def sync(self, values: Iterable[RowT]) -> None:
        """Take ``values`` as the rows (the store's, read again after a rollback), announcing
        only what differs: an unchanged list keeps its views' selection and scroll."""
        values = list(values)
        if values == self._rows:
            return
        if len(values) == len(self._rows) and [getattr(v, "id", None) for v in values] == [
                getattr(v, "id", None) for v in self._rows]:
            for row, value in enumerate(values):
                if value != self._rows[row]:
                    self.replace(row, value)
            return
        self.reset(values)
