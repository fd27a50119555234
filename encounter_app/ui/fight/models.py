"""Qt models over the session's row lists: initiative, adversary cards, countdowns, roll log.

Each model is a thin adapter (napari's ``_base_item_model``): it reads the session's RowList and
turns its before/after signals into Qt's begin/end calls. It keeps no copy of game state.
Drag and drop does not shuffle rows here: it asks the fight's operations to move the combatant
(one undo step), and the rows move when the session says they did.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from typing import Generic, overload

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QAbstractProxyModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    SignalInstance,
)

from encounter_app.domain import CombatantRow, CountdownRow, FearEventRow, RollRow
from encounter_app.domain.countdown_steps import traits as countdown_traits
from encounter_app.domain.fear import reason_label
from encounter_app.domain.system_data import EMPTY, has_field
from encounter_app.services.fight.operations import FightOperations
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.rowlist import RowList, RowT
from encounter_app.ui.widgets.drag_rows import DragToMove

RowRole = Qt.ItemDataRole.UserRole + 1  # the frozen row itself (CombatantRow, CountdownRow...)
ActiveRole = Qt.ItemDataRole.UserRole + 2  # bool: this combatant has the spotlight
IdRole = Qt.ItemDataRole.UserRole + 3
TraitsRole = Qt.ItemDataRole.UserRole + 5  # str: what kind of countdown, what ticks it
# bool: the players received this roll (public, and with words for them: RollLogModel.shown)
ShownRole = Qt.ItemDataRole.UserRole + 6

AnyIndex = QModelIndex | QPersistentModelIndex
COMBATANT_MIME = "application/x-encounter-combatant-rows"
# What a countdown whose numbers cannot be read says instead of them (CountdownRow.damaged).
DAMAGED_WORDS = "⚠ damaged: its numbers cannot be read"
KIND_LABEL = {"pc": "PC", "adversary": "Adversary", "npc": "NPC"}


class RowListModel(QAbstractListModel, Generic[RowT]):
    """A list model that mirrors one RowList of ``RowT`` rows."""

    def __init__(self, rows: RowList[RowT], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows = rows
        rows.inserting.connect(lambda first, last: self.beginInsertRows(QModelIndex(), first,
                                                                        last))
        rows.inserted.connect(lambda _first, _last: self.endInsertRows())
        rows.removing.connect(lambda r: self.beginRemoveRows(QModelIndex(), r, r))
        rows.removed.connect(lambda _r: self.endRemoveRows())
        rows.moving.connect(self._begin_move)
        rows.moved.connect(lambda _s, _d: self.endMoveRows())
        rows.changed.connect(self._row_changed)
        rows.resetting.connect(self.beginResetModel)
        rows.was_reset.connect(self.endResetModel)

    def _begin_move(self, source: int, destination: int) -> None:
        # Qt counts the destination before the move: moving down by one is "before row + 2".
        qt_destination = destination + 1 if destination > source else destination
        ok = self.beginMoveRows(QModelIndex(), source, source, QModelIndex(), qt_destination)
        assert ok, f"invalid move {source} -> {destination}"

    def _row_changed(self, row: int) -> None:
        index = self.index(row)
        self.dataChanged.emit(index, index)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        return self.data_at(index.row(), role)

    def data_at(self, row: int, role: int) -> object:
        """data() for a row number, without making a QModelIndex (proxies call this)."""
        if not 0 <= row < len(self._rows):
            return None
        value = self._rows[row]
        if role == RowRole:
            return value
        if role == IdRole:
            return value.id
        return self.row_data(value, role)

    def row_data(self, value: RowT, role: int) -> object:
        """data() of one row for roles other than RowRole and IdRole."""
        return None


class InitiativeModel(DragToMove, RowListModel[CombatantRow]):
    """The spotlight order. Rows are dragged to reorder; the active one is marked."""

    mime_type = COMBATANT_MIME

    def __init__(self, operations: FightOperations, parent: QObject | None = None) -> None:
        session = operations.session
        super().__init__(session.combatants, parent)
        self._session, self._operations = session, operations
        # The id, not the row: the active combatant may have been dragged since.
        self._active_id = session.active_id
        session.turn_changed.connect(self._turn_changed)

    def _turn_changed(self) -> None:
        rows = self._session.combatants
        old, new = rows.index_of(self._active_id), rows.index_of(self._session.active_id)
        self._active_id = self._session.active_id
        for row in {old, new} - {-1}:
            self.dataChanged.emit(self.index(row), self.index(row), [ActiveRole])

    def row_data(self, value: CombatantRow, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            return value.name
        if role == ActiveRole:
            return value.id == self._session.active_id
        if role == Qt.ItemDataRole.ToolTipRole:  # the GM's window only: notes are GM-only
            note = f"\nNote: {value.notes}" if value.notes else ""
            return combatant_summary(value) + note
        if role == Qt.ItemDataRole.AccessibleTextRole:
            active = ", has the spotlight" if value.id == self._session.active_id else ""
            return f"{KIND_LABEL[value.kind]} {value.name}{active}; {combatant_summary(value)}"
        return None

    def push_move(self, source: int, destination: int) -> None:
        self._operations.move_combatant(source, destination)


class AdversaryCardsModel(QAbstractProxyModel):
    """The adversaries of the initiative order (and its PCs, when tracked), in that order: one
    card each.

    Not a QSortFilterProxyModel: that one turns every move of a source row into a layout
    change and asks its filter about every row again, a thousand Python calls for one drag in
    a big fight (docs/performance.md). This proxy keeps the source row of each card and shifts
    those numbers itself on each insertion, removal and move; it asks the source for a row's
    kind only when that row is new.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[int] = []  # the source row of each card, ascending
        self._moved: list[int] | None = None  # the source rows after the move under way
        self._moving = False  # beginMoveRows was called for it
        self._kinds: tuple[str, ...] = ("adversary",)  # + "pc" while the GM tracks PCs

    def show_pcs(self, shown: bool) -> None:
        """PCs get cards of their own too (HP, Stress, Armor, Hope), in the order's order."""
        kinds = ("adversary", "pc") if shown else ("adversary",)
        if kinds != self._kinds:
            self.beginResetModel()
            self._kinds = kinds
            self._source_reset()

    # -- following the source ----------------------------------------------------------------

    def setSourceModel(self, model: QAbstractItemModel) -> None:
        old = self.sourceModel()
        if old is not None:
            for signal, slot in self._handlers(old):
                signal.disconnect(slot)
        self.beginResetModel()
        super().setSourceModel(model)
        if model is not None:
            for signal, slot in self._handlers(model):
                signal.connect(slot)
        self._rows = self._adversary_rows()
        self.endResetModel()

    def _handlers(self, model: QAbstractItemModel
                  ) -> list[tuple[SignalInstance, Callable[..., object]]]:
        return [
            (model.rowsInserted, self._source_inserted),
            (model.rowsAboutToBeRemoved, self._source_removing),
            (model.rowsRemoved, self._source_removed),
            (model.rowsAboutToBeMoved, self._source_moving),
            (model.rowsMoved, self._source_moved),
            (model.dataChanged, self._source_changed),
            (model.modelAboutToBeReset, self.beginResetModel),
            (model.modelReset, self._source_reset),
            (model.layoutAboutToBeChanged, self.beginResetModel),
            (model.layoutChanged, self._source_reset),
        ]

    def _source_row(self, source_row: int) -> CombatantRow | None:
        """The combatant of a source row (None: not a combatant's row)."""
        source = self.sourceModel()
        if isinstance(source, RowListModel):
            value = source.data_at(source_row, RowRole)
        else:
            value = source.index(source_row, 0).data(RowRole)
        return value if isinstance(value, CombatantRow) else None

    def _is_adversary(self, source_row: int) -> bool:
        value = self._source_row(source_row)
        return value is not None and value.kind in self._kinds

    def _adversary_rows(self) -> list[int]:
        model = self.sourceModel()
        if model is None:
            return []
        return [r for r in range(model.rowCount()) if self._is_adversary(r)]

    def _source_reset(self) -> None:
        self._rows = self._adversary_rows()
        self.endResetModel()

    def card_rows(self) -> list[CombatantRow]:
        """The row of every card, in order: straight from the source's list."""
        return [row for r in self._rows if (row := self._source_row(r)) is not None]

    def _source_inserted(self, parent: AnyIndex, first: int, last: int) -> None:
        if parent.isValid():
            return
        count = last - first + 1
        self._rows = [r + count if r >= first else r for r in self._rows]
        for source_row in range(first, last + 1):
            if self._is_adversary(source_row):
                row = bisect_left(self._rows, source_row)
                self.beginInsertRows(QModelIndex(), row, row)
                self._rows.insert(row, source_row)
                self.endInsertRows()

    def _source_removing(self, parent: AnyIndex, first: int, last: int) -> None:
        top, bottom = self._span(parent, first, last)
        if top <= bottom:
            self.beginRemoveRows(QModelIndex(), top, bottom)
            del self._rows[top:bottom + 1]
            self.endRemoveRows()

    def _source_removed(self, parent: AnyIndex, first: int, last: int) -> None:
        if not parent.isValid():
            count = last - first + 1
            self._rows = [r - count if r > last else r for r in self._rows]

    def _source_moving(self, parent: AnyIndex, start: int, end: int,
                       destination_parent: AnyIndex, destination: int) -> None:
        if parent.isValid() or destination_parent.isValid() or start != end:
            self.beginResetModel()  # the source moves one row at a time; anything else resets
            return
        # Where the row lands once it is out of the list (Qt counts before the move).
        landing = destination - 1 if destination > start else destination
        rows = self._rows
        old = bisect_left(rows, start)
        is_card = old < len(rows) and rows[old] == start
        moved = rows[:old] + rows[old + is_card:]
        # The rows between where it left and where it lands close up behind it.
        if start < landing:
            low, high, step = bisect_right(moved, start), bisect_right(moved, landing), -1
        else:
            low, high, step = bisect_left(moved, landing), bisect_left(moved, start), 1
        moved[low:high] = [r + step for r in moved[low:high]]
        new = bisect_left(moved, landing)
        if is_card:
            moved.insert(new, landing)
        self._moved = moved
        if is_card and new != old:  # a card moves past another card
            self._moving = self.beginMoveRows(QModelIndex(), old, old, QModelIndex(),
                                              new + 1 if new > old else new)

    def _source_moved(self, parent: AnyIndex, start: int, end: int,
                      destination_parent: AnyIndex, destination: int) -> None:
        if self._moved is None:
            self._source_reset()
            return
        # Past a PC only: the cards keep their order, only their source rows change.
        self._rows, self._moved = self._moved, None
        if self._moving:
            self._moving = False
            self.endMoveRows()

    def _source_changed(self, top_left: AnyIndex, bottom_right: AnyIndex,
                        roles: list[int] | None = None) -> None:
        first, last = top_left.row(), bottom_right.row()
        top, bottom = self._span(top_left.parent(), first, last)
        cards = set(self._rows[top:bottom + 1])
        if any(self._is_adversary(r) != (r in cards) for r in range(first, last + 1)):
            self.beginResetModel()  # a row became an adversary or stopped being one
            self._source_reset()
            return
        if top <= bottom:
            self.dataChanged.emit(self.index(top, 0), self.index(bottom, 0), roles or [])

    def _span(self, parent: AnyIndex, first: int, last: int) -> tuple[int, int]:
        """The cards whose source rows are first..last (empty when top > bottom)."""
        if parent.isValid():
            return 0, -1
        return bisect_left(self._rows, first), bisect_right(self._rows, last) - 1

    # -- the proxy -----------------------------------------------------------------------------

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        # Straight to the source's row: QAbstractProxyModel.data would map the index through
        # four calls between C++ and Python, for each role of each card on each layout.
        source = self.sourceModel()
        if not index.isValid() or index.row() >= len(self._rows) or source is None:
            return None
        if isinstance(source, RowListModel):
            return source.data_at(self._rows[index.row()], role)
        return source.data(source.index(self._rows[index.row()], 0), role)

    def mapToSource(self, proxy_index: AnyIndex) -> QModelIndex:
        model = self.sourceModel()
        if model is None or not proxy_index.isValid() or proxy_index.row() >= len(self._rows):
            return QModelIndex()
        return model.index(self._rows[proxy_index.row()], proxy_index.column())

    def mapFromSource(self, source_index: AnyIndex) -> QModelIndex:
        if not source_index.isValid() or source_index.parent().isValid():
            return QModelIndex()
        row = bisect_left(self._rows, source_index.row())
        if row < len(self._rows) and self._rows[row] == source_index.row():
            return self.index(row, source_index.column())
        return QModelIndex()

    def index(self, row: int, column: int = 0,
              parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if parent.isValid() or not 0 <= row < len(self._rows) or column != 0:
            return QModelIndex()
        return self.createIndex(row, column)

    @overload
    def parent(self) -> QObject | None: ...

    @overload
    def parent(self, child: AnyIndex) -> QModelIndex: ...

    def parent(self, child: AnyIndex | None = None) -> QObject | QModelIndex | None:
        if child is None:  # QObject.parent()
            return super().parent()
        return QModelIndex()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 1


class CountdownModel(RowListModel[CountdownRow]):
    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(session.countdowns, parent)

    def row_data(self, value: CountdownRow, role: int) -> object:
        if value.damaged:  # numbers the program never wrote: none of them is shown
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole,
                        Qt.ItemDataRole.ToolTipRole, TraitsRole):
                return f"{value.name}: {DAMAGED_WORDS}"
            return None
        state = "TRIGGERED" if value.triggered else f"{value.value} of {value.start} left"
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{value.name}: {state}"
        if role == TraitsRole:
            return " · ".join(countdown_traits(value, list(self._rows)))
        if role in (Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.ToolTipRole):
            words = countdown_traits(value, list(self._rows))
            if value.loops:
                words.append(f"looped {value.loops} time{'s' if value.loops != 1 else ''}")
            return f"{value.name}: {state}; {', '.join(words)}"
        return None


class RollLogModel(RowListModel[RollRow]):
    """Every roll of the encounter, newest first, read from the store a page at a time.

    A long campaign's log has thousands of rolls and the sidebar shows a dozen: the view asks
    for the next page (fetchMore) when it is scrolled to the bottom or not yet full.
    """

    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(session.rolls, parent)
        self._session = session
        # Whether each public roll reached the players, read when first asked; read again
        # when who and what they can see changes (a combatant hidden, a countdown shown).
        self._shown: dict[RollRow, bool] = {}
        self._seen = self._sight()
        for rows in (session.combatants, session.countdowns):
            for signal in (rows.inserted, rows.removed, rows.changed, rows.was_reset):
                signal.connect(self._sight_changed)

    def _sight(self) -> tuple[object, ...]:
        """What the players' words of a roll depend on, beside the roll itself."""
        session = self._session
        return (tuple((c.id, c.name, c.hidden) for c in session.combatants),
                tuple((c.id, c.name, c.visible) for c in session.countdowns))

    def _sight_changed(self, *_args: object) -> None:
        seen = self._sight()
        if seen == self._seen:
            return
        self._seen = seen
        if self._shown:  # a public roll was read: read again, painted again
            self._shown.clear()
            if self.rowCount():
                self.dataChanged.emit(self.index(0), self.index(self.rowCount() - 1),
                                      [ShownRole, Qt.ItemDataRole.ToolTipRole])

    def shown(self, row: RollRow) -> bool:
        """The players received ``row``: the GM made it public and it has words for them
        (not a GM-only countdown's trigger, not a hidden attacker's roll)."""
        if not row.public or row.damaged:
            return False
        known = self._shown.get(row)
        if known is None:
            from encounter_app.services.player_view import words_for_players  # when public

            if len(self._shown) >= 4096:
                self._shown.clear()
            known = self._shown[row] = bool(words_for_players(self._session, row))
        return known

    def canFetchMore(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self._session.more_rolls

    def fetchMore(self, parent: AnyIndex = QModelIndex()) -> None:  # noqa: B008
        if not parent.isValid():
            self._session.fetch_more_rolls()

    def row_data(self, value: RollRow, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            return value.summary
        if role == ShownRole:
            return self.shown(value)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            shown = ("Shown to players. " if self.shown(value) else
                     "Made public, but the players see nothing of it: it concerns only what "
                     "is hidden from them. " if value.public else "")
            return f"{shown}{value.summary}\n{value.detail}"
        return None


class FearLedgerModel(RowListModel[FearEventRow]):
    """Every Fear gained and spent in the campaign, newest first, with its reason."""

    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(session.fear_ledger, parent)
        self._session = session

    def row_data(self, value: FearEventRow, role: int) -> object:
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            verb = "Gained" if value.change > 0 else "Spent"
            note = f" — {value.note}" if value.note else ""
            scene = "" if value.encounter_id == self._session.encounter_id else ", earlier"
            if not value.change:  # a New scene, or a rest at the cap: no Fear moved
                return f"{reason_label(value.reason)} (Fear {value.value}{scene}){note}"
            return (f"{verb} {abs(value.change)} (Fear {value.value}{scene}): "
                    f"{reason_label(value.reason)}{note}")
        if role == Qt.ItemDataRole.ToolTipRole and value.created_at is not None:
            return value.created_at.astimezone().strftime("%Y-%m-%d %H:%M")
        return None


def combatant_summary(value: CombatantRow) -> str:
    parts = []
    if value.evasion is not None:
        parts.append(f"Evasion {value.evasion}")
    if value.stats is not None:
        parts.append(f"Difficulty {value.stats.difficulty}")
    if value.system_stats != EMPTY and value.hp_max:
        # The card tables count what is left, as their cards do (ui/table/profile.py).
        word = "Wounds left" if has_field(value.system_stats, "wounds") else "HP"
        parts.append(f"{word} {value.hp_max - value.hp_marked}/{value.hp_max}")
    elif value.hp_max:
        parts.append(f"HP {value.hp_marked}/{value.hp_max} marked")
    if value.stress_max:
        parts.append(f"Stress {value.stress_marked}/{value.stress_max}")
    if value.defeated:
        parts.append("defeated")
    parts += value.conditions  # read out too, not only painted as chips
    if value.hidden:
        parts.append("hidden from players")
    return ", ".join(parts)
