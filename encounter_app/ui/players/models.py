"""Qt models of what the players may see: the spotlight order without hidden combatants, and
the countdowns the GM has shown. They read services/player_view.py, never the session's rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from encounter_app.services import player_view
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.rowlist import RowList
from encounter_app.ui.fight.models import KIND_LABEL, RowRole

AnyIndex = QModelIndex | QPersistentModelIndex


class _Shown(Protocol):
    """A line of what the players see (player_view.PlayerEntry, PlayerCountdown)."""

    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...


ShownT = TypeVar("ShownT", bound=_Shown)
class _SnapshotModel(QAbstractListModel, Generic[ShownT]):
    """A list recomputed from the session whenever a list it depends on changes.

    A filtered list is a few dozen rows at most: comparing the new snapshot with the old one
    and resetting only when the rows themselves came or went is simpler than mapping every
    insertion through the filter, and a view with no selection loses nothing by a reset.
    """

    # The sources' rows are not read here, only their change signals: any RowList will do.
    def __init__(self, compute: Callable[[], list[ShownT]], sources: list[RowList[Any]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._compute = compute
        self._rows = compute()
        for rows in sources:
            for signal in (rows.inserted, rows.removed, rows.moved, rows.changed):
                signal.connect(self.refresh)

    def refresh(self, *_args: Any) -> None:
        new = self._compute()
        if [r.id for r in new] != [r.id for r in self._rows]:
            self.beginResetModel()
            self._rows = new
            self.endResetModel()
            return
        old, self._rows = self._rows, new
        for i, (before, after) in enumerate(zip(old, new, strict=True)):
            if before != after:
                self.dataChanged.emit(self.index(i), self.index(i))

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        value = self._rows[index.row()]
        if role == RowRole:
            return value
        if role == Qt.ItemDataRole.DisplayRole:
            return value.name
        if role in (Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.ToolTipRole):
            return self.spoken(value)
        return None

    def spoken(self, value: ShownT) -> str:
        raise NotImplementedError


class PlayerOrderModel(_SnapshotModel[player_view.PlayerEntry]):
    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(lambda: player_view.player_order(session.combatants, session.active_id),
                         [session.combatants], parent)
        session.turn_changed.connect(self.refresh)

    def spoken(self, value: player_view.PlayerEntry) -> str:
        words = [f"{KIND_LABEL.get(value.kind, value.kind)} {value.name}"]
        if value.active:
            words.append("in the spotlight")
        if value.defeated:
            words.append("defeated")
        return ", ".join(words)


class PlayerCountdownModel(_SnapshotModel[player_view.PlayerCountdown]):
    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(lambda: player_view.player_countdowns(session.countdowns),
                         [session.countdowns], parent)

    def spoken(self, value: player_view.PlayerCountdown) -> str:
        state = "TRIGGERED" if value.triggered else f"{value.value} of {value.start} left"
        return f"{value.name}: {state}"
