"""The countdowns panel: a painted list of countdowns and the buttons that tick, reset,
add and remove them. Every change is one of the fight's operations (one undo step each); the panel
keeps no countdown state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CountdownRow
from encounter_app.domain.rows import stored_id
from encounter_app.services.fight.operations import FightOperations
from encounter_app.ui.fight.models import CountdownModel, RowRole, TraitsRole
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets import pips
from encounter_app.ui.widgets.listviews import PaintedListView, item_width

if TYPE_CHECKING:  # the dialog module loads when the GM first adds a countdown
    from encounter_app.ui.fight.countdown_dialog import CountdownDialog, CountdownSetup

__all__ = ["CountdownDelegate", "CountdownPanel"]

AnyIndex = QModelIndex | QPersistentModelIndex
TRIGGERED_WORD = "⚠ TRIGGERED"


def loop_word(row: CountdownRow) -> str:
    """The badge of a looping countdown that has fired: ``"↻ looped ×2"``."""
    return f"↻ looped ×{row.loops}" if row.loops else ""


def smaller(font: QFont, factor: float = 0.85) -> QFont:
    """``font`` scaled down; works whether the font was sized in points or in pixels."""
    small = QFont(font)
    if font.pointSizeF() > 0:
        small.setPointSizeF(max(6.0, font.pointSizeF() * factor))
    else:
        small.setPixelSize(max(8, round(font.pixelSize() * factor)))
    return small


class CountdownDelegate(QStyledItemDelegate):
    """A countdown in two lines, so five fit the sidebar of a 1280x720 laptop: the name with
    "3 left" on the right, then the pip track with what kind it is beside it (small, elided
    when the track leaves little room; the tooltip says all of it).

    A triggered countdown gets an orange band, a tint and the words "⚠ TRIGGERED": colour is
    never the only sign. A loop that has fired and started again says "↻ looped ×2".
    """

    MARGIN = 4
    BAND = 5  # the left band of a triggered countdown
    LINE_GAP = 3
    TRAITS_GAP = 8  # between the track and the traits beside it
    MIN_TRAITS = 60  # narrower than this, the traits are left to the tooltip

    def _fonts(self, option: QStyleOptionViewItem) -> tuple[QFont, QFont, QFont]:
        bold = QFont(option.font)
        bold.setBold(True)
        return bold, QFont(option.font), smaller(option.font)

    def _per_line(self, row: CountdownRow, width: int) -> int:
        """Pips per line of the track: as many as the card's width holds."""
        room = width - 2 * self.MARGIN - self.BAND
        per_line = max(1, (room + theme.PIP_GAP) // (theme.PIP + theme.PIP_GAP))
        return min(per_line, max(1, row.start))

    def _track_height(self, row: CountdownRow, per_line: int, small: QFont) -> int:
        lines = -(-max(1, row.start) // per_line)
        return max(lines * (theme.PIP + theme.PIP_GAP) - theme.PIP_GAP,
                   QFontMetrics(small).height())

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        row = index.data(RowRole)
        if row is None or row.damaged:  # a damaged one is one line of words
            return super().sizeHint(option, index)
        bold, _regular, small = self._fonts(option)
        per_line = self._per_line(row, item_width(option))
        height = (2 * self.MARGIN + QFontMetrics(bold).height() + self.LINE_GAP
                  + self._track_height(row, per_line, small))
        return QSize(120, height)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        row: CountdownRow | None = index.data(RowRole)
        if row is None or row.damaged:  # its words say so (CountdownModel); no pips
            super().paint(painter, option, index)
            return
        # Whatever happens in between, the painter is given back as it came: a painter left
        # saved by an exception in paint() is what crashed Qt (issue 29).
        painter.save()
        try:
            self._paint(painter, option, index, row)
        finally:
            painter.restore()

    def _paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex,
               row: CountdownRow) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""  # the style draws the selection panel; the text is painted below
        style = opt.widget.style() if opt.widget else None
        if style is not None:
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, opt, painter,
                                opt.widget)
        rect = QRect(option.rect)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        if row.triggered:
            if not selected:  # a tint over the selection colour would only muddy it
                tint = QColor(theme.TRIGGERED)
                tint.setAlpha(60)
                pips.fill_rect(painter, rect, tint)
            pips.fill_rect(painter, QRect(rect.left(), rect.top(), self.BAND, rect.height()),
                           theme.TRIGGERED)
        group = (QPalette.ColorGroup.Normal if option.state & QStyle.StateFlag.State_Enabled
                 else QPalette.ColorGroup.Disabled)
        text_colour = option.palette.color(
            group, QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        bold, regular, small = self._fonts(option)
        inner = rect.adjusted(self.MARGIN + self.BAND, self.MARGIN, -self.MARGIN, -self.MARGIN)

        # Line 1: the name; on the right "3 left", the TRIGGERED badge or the loop badge.
        bold_fm = QFontMetrics(bold)
        line1 = QRect(inner.left(), inner.top(), inner.width(), bold_fm.height())
        right = inner.right()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if row.triggered:
            badge_width = bold_fm.horizontalAdvance(TRIGGERED_WORD) + 10
            badge = QRect(right - badge_width + 1, line1.top(), badge_width, line1.height())
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.TRIGGERED)
            painter.drawRoundedRect(badge, 3, 3)
            painter.setFont(bold)
            painter.setPen(Qt.GlobalColor.white)  # 5.4:1 on #d35400
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, TRIGGERED_WORD)
            right = badge.left() - 6
        else:
            left = f"{row.value} left"
            width = QFontMetrics(regular).horizontalAdvance(left)
            painter.setFont(regular)
            painter.setPen(text_colour)
            painter.drawText(QRect(right - width + 1, line1.top(), width, line1.height()),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, left)
            right -= width + 8
            if row.loops:  # fired and started again: outlined, so it never reads as TRIGGERED
                word = loop_word(row)
                badge_width = bold_fm.horizontalAdvance(word) + 10
                badge = QRect(right - badge_width + 1, line1.top(), badge_width,
                              line1.height())
                painter.setPen(theme.TRIGGERED if not selected else text_colour)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(badge.adjusted(0, 0, -1, -1), 3, 3)
                painter.setFont(bold)
                painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, word)
                right = badge.left() - 6
        name_room = max(0, right - inner.left() + 1)
        painter.setFont(bold)
        painter.setPen(text_colour)
        painter.drawText(QRect(line1.left(), line1.top(), name_room, line1.height()),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         bold_fm.elidedText(row.name, Qt.TextElideMode.ElideRight, name_room))

        # Line 2: the pip track, ticked off as the countdown advances, as at the table (a
        # fresh countdown is all empty boxes, a triggered one all crossed); beside it, small,
        # kind, loop, what ticks it, its pair, its dice.
        per_line = self._per_line(row, rect.width())
        origin = QPoint(inner.left(), line1.bottom() + 1 + self.LINE_GAP)
        colour = theme.rule_colour(opt.widget) if opt.widget else text_colour
        # On the selection colour the warm brown rim of an empty pip would vanish.
        outline = text_colour if selected else colour
        rects = pips.pip_rects(origin, row.start, per_row=per_line)
        pips.paint_pips(painter, rects, row.start - row.value, colour, outline)
        last_line = [r for r in rects if r.top() == rects[-1].top()] if rects else []
        traits_left = (last_line[-1].right() if last_line else inner.left()) + self.TRAITS_GAP
        traits_room = inner.right() - traits_left + 1
        if traits_room >= self.MIN_TRAITS:
            top = last_line[0].top() if last_line else origin.y()
            small_fm = QFontMetrics(small)
            painter.setFont(small)
            painter.setPen(text_colour)
            painter.drawText(QRect(traits_left, top, traits_room, max(theme.PIP,
                                                                      small_fm.height())),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             small_fm.elidedText(index.data(TraitsRole),
                                                 Qt.TextElideMode.ElideRight, traits_room))

        # A thin rule between cards.
        painter.setPen(option.palette.color(QPalette.ColorRole.Mid))
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())


class CountdownListView(PaintedListView):
    """The list of countdowns; says how to add one when it is empty."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("No countdowns yet.\nAdd one with “Add…”.", parent)
        self.setObjectName("countdownList")
        self.setAccessibleName("Countdown list")
        self.setItemDelegate(CountdownDelegate(self))


class CountdownPanel(QWidget):
    """Countdowns with Add…, Tick, Reset and Remove. Double-click a countdown to tick it.

    A randomized start is rolled on the rules thread (``FightOperations.add_countdown``); the
    countdown is added with the roll's log line as one undo step when the answer comes back.
    """

    def __init__(self, operations: FightOperations, model: CountdownModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._operations = operations
        self._session = operations.session
        self._model = model
        self.setObjectName("countdownPanel")
        self.setAccessibleName("Countdowns")

        title = QLabel("Countdowns")
        font = title.font()
        font.setBold(True)
        title.setFont(font)
        self.list = CountdownListView()
        self.list.setModel(model)
        title.setBuddy(self.list)
        self.list.doubleClicked.connect(self.tick)

        self.add_button = self._button("Add…", "addCountdownButton", "Add a countdown",
                                       "Add a countdown")
        self.tick_button = self._button("Tick", "tickCountdownButton", "Tick the countdown",
                                        "Take one off the selected countdown (or double-click it)")
        self.reset_button = self._button("Reset", "resetCountdownButton",
                                         "Reset the countdown",
                                         "Put the selected countdown back to its start")
        self.remove_button = self._button("Remove", "removeCountdownButton",
                                          "Remove the countdown", "Remove the selected countdown")
        self.add_button.clicked.connect(self.open_add_dialog)
        self.tick_button.clicked.connect(lambda: self.tick())
        self.reset_button.clicked.connect(lambda: self.reset())
        self.remove_button.clicked.connect(lambda: self.remove())

        # One row: the height goes to the countdowns themselves.
        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        for button in (self.add_button, self.tick_button, self.reset_button,
                       self.remove_button):
            button.setMinimumWidth(0)
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        layout.addWidget(title)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)

        self.list.selectionModel().selectionChanged.connect(self._update_buttons)
        for signal in (model.dataChanged, model.rowsInserted, model.rowsRemoved,
                       model.rowsMoved, model.modelReset):
            signal.connect(self._update_buttons)
        self._update_buttons()

    def _button(self, text: str, name: str, accessible: str, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setAccessibleName(accessible)
        button.setToolTip(tip)
        button.setAutoDefault(False)
        return button

    # -- selection --------------------------------------------------------------------------

    def selected_row(self) -> int:
        """Row number of the selected countdown, or -1."""
        rows = self.list.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def select_row(self, row: int) -> None:
        self.list.setCurrentIndex(self._model.index(row))

    def _countdown(self, index: AnyIndex | None) -> CountdownRow | None:
        row = self.selected_row() if index is None else index.row()
        if not 0 <= row < len(self._session.countdowns):
            return None
        return self._session.countdowns[row]

    def _update_buttons(self) -> None:
        row = self._countdown(None)
        sound = None if row is None or row.damaged else row  # a damaged one is never played
        self.tick_button.setEnabled(sound is not None and not sound.triggered)
        self.reset_button.setEnabled(sound is not None and sound.value != sound.start)
        self.remove_button.setEnabled(row is not None)

    # -- actions ----------------------------------------------------------------------------

    def open_add_dialog(self) -> CountdownDialog:
        """Show the Add dialog (window-modal, no nested event loop); OK adds the countdown."""
        from encounter_app.ui.fight.countdown_dialog import (
            CountdownDialog,  # loaded when first used
        )

        dialog = CountdownDialog(list(self._session.countdowns), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.add_setup(dialog.setup()))
        dialog.open()
        return dialog

    def add_countdown(self, row: CountdownRow, partner_id: int | None = None) -> None:
        """Add ``row`` (linked to ``partner_id``) and select it."""
        self._add(row, partner_id, None)

    def add_setup(self, setup: CountdownSetup) -> None:
        """Add what the dialog described: at once, or once its start has been rolled."""
        self._add(setup.row, setup.partner_id, setup.dice)

    def _add(self, row: CountdownRow, partner_id: int | None, dice: str | None) -> None:
        self._operations.add_countdown(row, partner_id, dice, added=self._added)

    def _added(self, row: CountdownRow) -> None:
        """The new countdown is the selected one."""
        self.select_row(self._session.countdowns.index_of(row.id))

    def tick(self, index: AnyIndex | None = None) -> None:
        """Advance the countdown at ``index`` (the selected one by default) by one; a loop
        starts again, a trigger goes into the log."""
        row = self._countdown(index)
        if row is not None:
            self._operations.tick_countdown(stored_id(row))

    def reset(self, index: AnyIndex | None = None) -> None:
        row = self._countdown(index)
        if row is not None:
            self._operations.reset_countdown(stored_id(row))

    def remove(self, index: AnyIndex | None = None) -> None:
        row = self._countdown(index)
        if row is not None:
            self._operations.remove_countdown(stored_id(row))
