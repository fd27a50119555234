"""Qt models of what the players may see: the spotlight order without hidden combatants, and
the countdowns the GM has shown. They read a PlayerFeed's view (services/player_view.py), never
the session's rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from encounter_app.domain.player_view import PlayerCountdown, PlayerEntry, PlayerView
from encounter_app.services.player_view import PlayerFeed
from encounter_app.ui.fight.models import KIND_LABEL, RowRole

AnyIndex = QModelIndex | QPersistentModelIndex


class _Shown(Protocol):
    """A line of what the players see (PlayerEntry, PlayerCountdown)."""

    @property
    def name(self) -> str: ...


ShownT = TypeVar("ShownT", bound=_Shown)


class _ViewListModel(QAbstractListModel, Generic[ShownT]):
    """One list of the players' view, replaced whenever the feed publishes a new view.

    A list is a few dozen rows at most, in a view with no selection: when the number of rows
    is the same, the rows that differ are announced changed; otherwise the model resets.
    """

    def __init__(self, feed: PlayerFeed, part: Callable[[PlayerView], Sequence[ShownT]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._part = part
        self._rows: list[ShownT] = list(part(feed.view))
        feed.changed.connect(self.show_view)

    def show_view(self, view: PlayerView) -> None:
        new = list(self._part(view))
        if len(new) != len(self._rows):
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

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
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


class PlayerOrderModel(_ViewListModel[PlayerEntry]):
    def __init__(self, feed: PlayerFeed, parent: QObject | None = None) -> None:
        super().__init__(feed, lambda view: view.order, parent)

    def spoken(self, value: PlayerEntry) -> str:
        words = [f"{KIND_LABEL.get(value.kind, value.kind)} {value.name}"]
        if value.active:
            words.append("in the spotlight")
        if value.defeated:
            words.append("defeated")
        words += value.conditions
        if value.tokens:
            words.append(f"{value.tokens.count('●')} of {len(value.tokens)} spotlight tokens "
                         "left")
        return ", ".join(words)


class PlayerCountdownModel(_ViewListModel[PlayerCountdown]):
    def __init__(self, feed: PlayerFeed, parent: QObject | None = None) -> None:
        super().__init__(feed, lambda view: view.countdowns, parent)

    def spoken(self, value: PlayerCountdown) -> str:
        state = "TRIGGERED" if value.triggered else f"{value.value} of {value.start} left"
        return f"{value.name}: {state}"
