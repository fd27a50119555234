"""DragToMove: a list model whose rows the GM drags to reorder, through the undo stack.

napari's habit: the drop does not shuffle rows here; it asks for a move command, and the rows
move when the domain list says they did. Used by the spotlight order and the encounter list.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QMimeData, QModelIndex, QPersistentModelIndex, Qt

AnyIndex = QModelIndex | QPersistentModelIndex

# The checker sees the list model the mixin goes in front of (for super().flags and rowCount);
# at run time it stays a plain mixin, so the models' bases and MRO are what they were.
if TYPE_CHECKING:
    from PySide6.QtCore import QAbstractListModel as _ListModel
else:
    _ListModel = object


class DragToMove(_ListModel):
    """Mix in before a QAbstractListModel; set ``mime_type`` and define ``push_move``."""

    mime_type = ""

    def push_move(self, source: int, destination: int) -> None:
        """Move row ``source`` to row ``destination``: one undo step, through the operations."""
        raise NotImplementedError

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid():
            return flags | Qt.ItemFlag.ItemIsDragEnabled
        return flags | Qt.ItemFlag.ItemIsDropEnabled

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [self.mime_type]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        data = QMimeData()
        rows = sorted({i.row() for i in indexes if i.isValid()})
        data.setData(self.mime_type, QByteArray(json.dumps(rows).encode()))
        return data

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                        parent: AnyIndex) -> bool:
        return action == Qt.DropAction.MoveAction and data.hasFormat(self.mime_type)

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                     parent: AnyIndex) -> bool:
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        rows = json.loads(bytes(data.data(self.mime_type).data()).decode())
        if len(rows) != 1:
            return False  # the view allows single selection only
        # "row" is where the drop lands between rows; -1 means onto a row or past the end.
        target = row if row >= 0 else (parent.row() if parent.isValid() else self.rowCount())
        self.moveRows(QModelIndex(), rows[0], 1, QModelIndex(), target)
        # False tells the view not to remove the source row itself after a MoveAction: the
        # model has already moved it.
        return False

    def moveRows(self, source_parent: AnyIndex, source_row: int, count: int,
                 destination_parent: AnyIndex, destination_child: int) -> bool:
        """Move one row through the undo stack. ``destination_child`` counts before the move."""
        if source_parent.isValid() or destination_parent.isValid() or count != 1:
            return False
        if not 0 <= source_row < self.rowCount():
            return False
        target = max(0, min(destination_child, self.rowCount()))
        destination = target - 1 if target > source_row else target
        if destination != source_row:
            self.push_move(source_row, destination)
        return True
