"""The spotlight order: a reorderable list, the round, and the buttons that move the spotlight."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QAction, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListView,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from encounter_app.ui.fight.models import KIND_LABEL, ActiveRole, InitiativeModel, RowRole
from encounter_app.ui.shell.theme import ACTIVE, KIND
from encounter_app.ui.widgets.listviews import own_viewport
from encounter_app.ui.widgets.pips import fill_rect

if TYPE_CHECKING:
    from encounter_app.domain import CombatantRow
    from encounter_app.ui.table.profile import Profile

RowInfo = Callable[["CombatantRow"], str]  # the note at the right of a row

ROW_HEIGHT = 44
NAME_ROOM = 72  # px of a name a note leaves it, at the least


@dataclass(frozen=True)
class RowTexts:
    """Where a row's three texts are drawn, each rect as wide as its (elided) text."""

    badge: QRect
    badge_text: str  # "PC ●○○ · EVASION 12 · HIDDEN", elided to its room
    name: QRect
    name_text: str
    info: QRect  # the note at the right: "HP 0/6 marked", or a system's two lines
    info_text: str


def row_layout(rect: QRect, badge_fm: QFontMetrics, name_fm: QFontMetrics, badge: str,
               name: str, info: str) -> RowTexts:
    """A row's badge line, name line and note, so that no two overlap at any width.

    A one-line note sits on the name's line, leaving the badge line whole (a tracked, hidden
    PC's "PC ●○○ · EVASION 12 · HIDDEN" needs it); a two-line note spans both. A line that
    shares its height with the note gives way to it, elided; the note itself is elided only
    when it would leave the name less than ``NAME_ROOM``.
    """
    left, right = rect.left() + 12, rect.right() - 8
    room = max(0, right - left + 1)
    badge_line = QRect(left, rect.top() + 6, room, 14)
    name_line = QRect(left, rect.top() + 20, room, 20)
    # the note never takes the whole row: the name keeps at least a few letters
    note_room = room - min(room // 2, NAME_ROOM)
    lines = [badge_fm.elidedText(line, Qt.TextElideMode.ElideRight, note_room)
             for line in info.split("\n")] if info else []
    info_w = max((badge_fm.horizontalAdvance(line) for line in lines), default=0)
    info_h = len(lines) * badge_fm.height()
    centre = name_line.center().y() if len(lines) <= 1 else rect.center().y()
    info_rect = QRect(right + 1 - info_w, centre - info_h // 2, info_w, info_h)

    def beside(line: QRect, fm: QFontMetrics, text: str) -> tuple[QRect, str]:
        height = fm.height()
        top = line.center().y() - height // 2
        width = room
        if info_w and top < info_rect.bottom() + 1 and info_rect.top() < top + height:
            width = info_rect.left() - 12 - left
        shown = fm.elidedText(text, Qt.TextElideMode.ElideRight, max(0, width))
        return QRect(left, top, fm.horizontalAdvance(shown), height), shown

    badge_rect, badge_text = beside(badge_line, badge_fm, badge)
    name_rect, name_text = beside(name_line, name_fm, name)
    return RowTexts(badge_rect, badge_text, name_rect, name_text, info_rect, "\n".join(lines))


class InitiativeDelegate(QStyledItemDelegate):
    """A row: a kind stripe and badge, the name, and what the GM needs at a glance."""

    def __init__(self, parent: QWidget | None = None, row_info: RowInfo | None = None) -> None:
        super().__init__(parent)
        self._row_info = row_info or _row_info  # a system's own note (ui/systems/profiles)
        # Daggerheart's PCs tracked (View › Track PCs): a PC's row says its HP, as a card's
        # does, and its Evasion moves up beside "PC".
        self.pcs_tracked = False
        # The Spotlight Tracker (an optional rule): a PC's tokens, "●●○", beside "PC"; "" off.
        self.tokens: RowInfo | None = None

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        return QSize(200, ROW_HEIGHT)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        row = index.data(RowRole)
        active = bool(index.data(ActiveRole))
        painter.save()
        widget = option.widget
        style = widget.style() if widget else None
        if style:
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter,
                                widget)
        rect = option.rect.adjusted(0, 1, 0, -1)
        palette = option.palette
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        text_colour = palette.color(QPalette.ColorRole.HighlightedText if selected
                                    else QPalette.ColorRole.Text)
        if active:
            fill_rect(painter, rect, ACTIVE.lighter(170) if not selected else ACTIVE.darker(130))
            painter.setPen(QPen(ACTIVE.darker(120), 2))
            painter.drawRect(rect.adjusted(1, 1, -1, -1))
            if not selected:
                text_colour = palette.color(QPalette.ColorRole.Text)
                if palette.color(QPalette.ColorRole.Window).lightness() < 128:
                    text_colour = text_colour.darker(400)  # dark theme: dark text on yellow
        fill_rect(painter, QRect(rect.left(), rect.top(), 5, rect.height()), KIND[row.kind])

        badge_font, name_font = self.fonts(option.font, row, active)
        texts = self.row_texts(rect, option.font, row, active)
        painter.setFont(badge_font)
        painter.setPen(KIND[row.kind] if not (active or selected) else text_colour)
        painter.drawText(texts.badge, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         texts.badge_text)
        painter.setPen(text_colour)
        painter.drawText(texts.info, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         texts.info_text)
        painter.setFont(name_font)
        painter.drawText(texts.name, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         texts.name_text)
        painter.restore()

    @staticmethod
    def fonts(font: QFont, row: CombatantRow, active: bool) -> tuple[QFont, QFont]:
        """The badge line's and the name's fonts, from the view's."""
        badge_font = QFont(font)
        badge_font.setPointSizeF(font.pointSizeF() * 0.8)
        badge_font.setBold(True)
        name_font = QFont(font)
        name_font.setBold(active)
        name_font.setStrikeOut(row.defeated)
        return badge_font, name_font

    def row_texts(self, rect: QRect, font: QFont, row: CombatantRow, active: bool) -> RowTexts:
        """What a row says and where, in ``rect`` (the row less its 1 px top and bottom)."""
        badge_font, name_font = self.fonts(font, row, active)
        marker = "▶ " if active else ""
        hidden = " · HIDDEN" if row.hidden else ""  # from the players (the tooltip says so)
        tracked = self.pcs_tracked and row.kind == "pc" and row.hp_max > 0
        evasion = f" · EVASION {row.evasion}" if tracked and row.evasion is not None else ""
        info = (f"HP {row.hp_marked}/{row.hp_max} marked" if tracked
                else self._row_info(row))
        return row_layout(rect, QFontMetrics(badge_font), QFontMetrics(name_font),
                          marker + self.badge_text(row, evasion + hidden), row.name, info)

    def badge_text(self, row: CombatantRow, rest: str = "") -> str:
        """The line above the name: its kind, then a PC's spotlight tokens ("PC ●●○")."""
        tokens = self.tokens(row) if self.tokens is not None else ""
        return KIND_LABEL[row.kind].upper() + (f" {tokens}" if tokens else "") + rest


def _row_info(row: CombatantRow) -> str:
    if row.defeated:
        return "DEFEATED"
    if row.kind == "pc" and row.evasion is not None:
        return f"Evasion {row.evasion}"
    if row.hp_max:
        return f"HP {row.hp_marked}/{row.hp_max} marked"  # as the card and the dialogs say
    return ""


class InitiativeView(QListView):
    """The spotlight order; drag a row to reorder it."""

    def __init__(self, parent: QWidget | None = None, row_info: RowInfo | None = None) -> None:
        super().__init__(parent)
        own_viewport(self)
        self.setObjectName("initiativeView")
        self.setAccessibleName("Initiative order")
        self.setItemDelegate(InitiativeDelegate(self, row_info))
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setDragDropOverwriteMode(False)
        self.setDropIndicatorShown(True)
        self.setUniformItemSizes(True)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)


class InitiativePanel(QWidget):
    """The left column. Asks the window to act; changes nothing itself."""

    add_requested = Signal()
    remove_requested = Signal(int)  # row
    activate_requested = Signal(int)  # row
    next_requested = Signal()
    move_requested = Signal(int, int)  # row, destination row
    note_requested = Signal(int)  # combatant id: the GM's note on it

    def __init__(self, model: InitiativeModel, parent: QWidget | None = None, *,
                 profile: Profile | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("initiativePanel")
        self._model = model
        self.round_label = QLabel(objectName="roundLabel")
        round_font = self.round_label.font()
        round_font.setPointSizeF(round_font.pointSizeF() * 1.3)
        round_font.setBold(True)
        self.round_label.setFont(round_font)
        self.view = InitiativeView(self, profile.row_info if profile else None)
        self.view.setModel(model)

        self.next_button = QPushButton("Next ▶", objectName="nextTurnButton")
        self.next_button.setAccessibleName("Next turn")
        self.next_button.setToolTip("Pass the spotlight to the next combatant (N)")
        self.add_button = QPushButton("Add…", objectName="addCombatantButton")
        self.add_button.setAccessibleName("Add combatant")
        self.remove_button = QPushButton("Remove", objectName="removeCombatantButton")
        self.remove_button.setAccessibleName("Remove combatant")
        self.activate_button = QPushButton("Spotlight", objectName="activateButton")
        self.activate_button.setAccessibleName("Give the spotlight to the selected combatant")
        self.activate_button.setToolTip("Give the spotlight to the selected combatant")
        self.up_button = QPushButton("▲", objectName="moveUpButton")
        self.up_button.setAccessibleName("Move up")
        self.up_button.setToolTip("Move up in the order (Ctrl+Up)")
        self.down_button = QPushButton("▼", objectName="moveDownButton")
        self.down_button.setAccessibleName("Move down")
        self.down_button.setToolTip("Move down in the order (Ctrl+Down)")
        for button in (self.up_button, self.down_button):
            button.setFixedWidth(36)

        header = QHBoxLayout()
        title = QLabel(f"<b>{profile.order_title if profile else 'Spotlight order'}</b>")
        header.addWidget(title)
        header.addStretch()
        header.addWidget(self.round_label)
        row1 = QHBoxLayout()
        row1.addWidget(self.add_button)
        row1.addWidget(self.remove_button)
        row1.addWidget(self.up_button)
        row1.addWidget(self.down_button)
        row2 = QHBoxLayout()
        row2.addWidget(self.activate_button)
        row2.addWidget(self.next_button, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(header)
        layout.addWidget(self.view, 1)
        layout.addLayout(row1)
        layout.addLayout(row2)

        # The right click's menu is the view's actions (the players' controls add theirs):
        # a menu of its own would be replaced by them, and the note unreachable.
        self.note_action = QAction("&Note (GM only)…", self.view, objectName="noteAction")
        self.note_action.triggered.connect(
            lambda: self._with_row(lambda r: self.note_requested.emit(
                self.view.model().index(r, 0).data(RowRole).id)))
        self.view.addAction(self.note_action)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.add_button.clicked.connect(self.add_requested)
        self.next_button.clicked.connect(self.next_requested)
        self.remove_button.clicked.connect(lambda: self._with_row(self.remove_requested.emit))
        self.activate_button.clicked.connect(lambda: self._with_row(self.activate_requested.emit))
        self.up_button.clicked.connect(lambda: self._with_row(lambda r: self._move(r, -1)))
        self.down_button.clicked.connect(lambda: self._with_row(lambda r: self._move(r, +1)))
        self.view.doubleClicked.connect(lambda index: self.activate_requested.emit(index.row()))
        self.view.selectionModel().selectionChanged.connect(self._update_buttons)
        model.rowsInserted.connect(self._update_buttons)
        model.rowsRemoved.connect(self._update_buttons)
        model.rowsMoved.connect(self._update_buttons)
        self._update_buttons()

    def selected_row(self) -> int:
        rows = self.view.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def set_round(self, round_: int) -> None:
        self.round_label.setText(f"Round {round_}")
        self.round_label.setAccessibleName(f"Round {round_}")

    def _with_row(self, action: Callable[[int], object]) -> None:
        row = self.selected_row()
        if row >= 0:
            action(row)

    def _move(self, row: int, step: int) -> None:
        destination = row + step
        if 0 <= destination < self._model.rowCount():
            self.move_requested.emit(row, destination)
            self.view.setCurrentIndex(self._model.index(destination))

    def _update_buttons(self, *_args: object) -> None:
        row = self.selected_row()
        count = self._model.rowCount()
        self.remove_button.setEnabled(row >= 0)
        self.activate_button.setEnabled(row >= 0)
        self.up_button.setEnabled(row > 0)
        self.down_button.setEnabled(0 <= row < count - 1)
        self.next_button.setEnabled(count > 0)
