"""The player display: a second window for a projector or a second monitor.

It renders a PlayerFeed's view (what domain/player_view.py lets the players see) and reads
nothing else: the spotlight order without hidden combatants, with their conditions; Fear as
pips (Daggerheart); the countdowns the GM has shown; the newest roll made public, in the
players' words. Everything is painted large, scaled to the window.

When the GM asks for it (Players › Show the join code on the player display) and only while
the players' page is shared, the page's QR code and address stand above the countdowns, big
enough to scan from across the room (``set_join``).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain.player_view import PlayerCountdown, PlayerEntry, PlayerView
from encounter_app.rules.daggerheart import FearPool
from encounter_app.services.player_view import PlayerFeed
from encounter_app.ui.fight.countdowns import smaller
from encounter_app.ui.fight.models import KIND_LABEL, RowRole
from encounter_app.ui.players.models import PlayerCountdownModel, PlayerOrderModel
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets import pips
from encounter_app.ui.widgets.listviews import PaintedListView

AnyIndex = QModelIndex | QPersistentModelIndex
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def breakable(url: str, every: int = 8) -> str:
    """``url`` with a zero-width space after each "/" and every ``every`` characters of a
    longer part: a label wraps it at any width, and it reads the same."""
    parts = []
    for part in url.split("/"):
        parts.append("\u200b".join(part[i:i + every] for i in range(0, len(part), every)))
    return "/\u200b".join(parts)


def _pip_size(font: QFont) -> int:
    return max(theme.PIP, round(QFontMetrics(font).height() * 0.9))


def _text_colour(option: QStyleOptionViewItem) -> object:
    return option.palette.color(QPalette.ColorRole.Text)


class _RowDelegate(QStyledItemDelegate):
    """Shared size and frame of the display's painted rows."""

    PAD = 10
    lines: int  # of text in a row: each delegate says

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        return QSize(200, self.lines * QFontMetrics(option.font).height() + 2 * self.PAD)

    def _begin(self, painter: QPainter, option: QStyleOptionViewItem) -> QRect:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(option.palette.color(QPalette.ColorRole.Mid))
        painter.drawLine(option.rect.bottomLeft(), option.rect.bottomRight())
        return option.rect.adjusted(self.PAD, self.PAD, -self.PAD, -self.PAD)


class OrderDelegate(_RowDelegate):
    """One name per row, its conditions after it; the one in the spotlight framed and
    labelled, the defeated struck."""

    lines = 1

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        entry: PlayerEntry | None = index.data(RowRole)
        if entry is None:
            return
        inner = self._begin(painter, option)
        font = QFont(option.font)
        colour = _text_colour(option)
        if entry.active:
            pips.fill_rect(painter, option.rect.adjusted(0, 1, 0, -1),
                           theme.active_fill(option.palette))
            pips.fill_rect(painter, QRect(option.rect.left(), option.rect.top(), 8,
                                          option.rect.height()), theme.ACTIVE)
            font.setBold(True)
        word = "SPOTLIGHT" if entry.active else ("defeated" if entry.defeated else
                                                 KIND_LABEL.get(entry.kind, entry.kind))
        small = smaller(font, 0.7)
        painter.setFont(small)
        painter.setPen(colour)
        word_width = QFontMetrics(small).horizontalAdvance(word) + 4
        painter.drawText(QRect(inner.right() - word_width, inner.top(), word_width,
                               inner.height()), RIGHT, word)
        font.setStrikeOut(entry.defeated)
        painter.setFont(font)
        name = ("▶ " if entry.active else "") + entry.name
        if entry.tokens:  # the Spotlight Tracker: what each PC has left
            name += f"  {entry.tokens}"
        room = inner.width() - word_width - 12
        metrics = QFontMetrics(font)
        name = metrics.elidedText(name, Qt.TextElideMode.ElideRight, room)
        painter.drawText(QRect(inner.left() + 6, inner.top(), room, inner.height()), LEFT, name)
        gap = QFontMetrics(small).horizontalAdvance("  ")
        left = inner.left() + 6 + metrics.horizontalAdvance(name) + gap
        rest = inner.left() + 6 + room - left
        if entry.conditions and rest > gap:
            small.setItalic(True)
            painter.setFont(small)
            painter.drawText(QRect(left, inner.top(), rest, inner.height()), LEFT,
                             QFontMetrics(small).elidedText(" · ".join(entry.conditions),
                                                            Qt.TextElideMode.ElideRight, rest))
        painter.restore()


class CountdownDelegate(_RowDelegate):
    """Name and "3 left" (or a TRIGGERED badge) over a row of boxes crossed off as it ticks."""

    lines = 2

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), size.height() + _pip_size(option.font) // 2)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        countdown: PlayerCountdown | None = index.data(RowRole)
        if countdown is None:
            return
        inner = self._begin(painter, option)
        colour = _text_colour(option)
        bold = QFont(option.font)
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        line = QRect(inner.left(), inner.top(), inner.width(), metrics.height())
        state = "TRIGGERED" if countdown.triggered else f"{countdown.value} left"
        state_width = metrics.horizontalAdvance(state) + 16
        badge = QRect(line.right() - state_width, line.top(), state_width, line.height())
        painter.setFont(bold)
        if countdown.triggered:  # a filled badge and the word: colour is never the only signal
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.TRIGGERED)
            painter.drawRoundedRect(badge, 4, 4)
            painter.setPen(Qt.GlobalColor.white)
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, state)
        else:
            painter.setPen(colour)
            painter.drawText(badge, RIGHT, state)
        painter.setPen(colour)
        room = line.width() - state_width - 8
        painter.drawText(QRect(line.left(), line.top(), room, line.height()), LEFT,
                         metrics.elidedText(countdown.name, Qt.TextElideMode.ElideRight, room))
        size = _pip_size(option.font)
        gap = max(theme.PIP_GAP, size // 4)
        per_row = max(1, (inner.width() + gap) // (size + gap))
        rects = pips.pip_rects(QPoint(inner.left(), line.bottom() + 8), min(countdown.start,
                                                                             per_row),
                               size, gap)
        rule = theme.rule_colour_for(option.palette)
        pips.paint_pips(painter, rects, countdown.start - countdown.value, rule, rule)
        painter.restore()


class FearTrack(QWidget):
    """Twelve large round pips, filled up to the GM's Fear. Nothing to click."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerFear")
        self.setAccessibleName("Fear")
        self._value = -1
        self.set_value(0)

    def set_value(self, value: int) -> None:
        if value == self._value:
            return
        self._value = value
        self.setAccessibleDescription(f"The GM holds {value} Fear of {FearPool.cap}")
        self.setToolTip(self.accessibleDescription())
        self.update()

    def _geometry(self) -> tuple[int, int]:
        size = _pip_size(self.font()) + 8
        return size, size // 3

    def sizeHint(self) -> QSize:
        size, gap = self._geometry()
        return QSize(pips.track_width(FearPool.cap, size, gap) + 4, size + 4)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        size, gap = self._geometry()
        x = max(2, (self.width() - pips.track_width(FearPool.cap, size, gap)) // 2)
        rects = pips.pip_rects(QPoint(x, (self.height() - size) // 2), FearPool.cap, size, gap)
        fill, outline = theme.fear_colours(self.palette())
        painter = QPainter(self)
        pips.paint_pips(painter, rects, self._value, fill, outline, round_=True)
        painter.end()


class PlayerList(PaintedListView):
    """A list to look at, not to use: no selection, no keyboard focus, no frame."""

    def __init__(self, name: str, accessible: str, placeholder: str) -> None:
        super().__init__(placeholder)
        self.setObjectName(name)
        self.setAccessibleName(accessible)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFrameShape(QListView.Shape.NoFrame)


def _title(text: str) -> QLabel:
    label = QLabel(text)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


class PlayerDisplay(QWidget):
    """The players' window. ``closed`` tells the GM's window it went (its action unticks)."""

    closed = Signal()

    def __init__(self, feed: PlayerFeed, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("playerDisplay")
        self.setAccessibleName("Player display")
        self.setWindowTitle("Player display — Encounter Manager")
        # Shown on the second screen, it must not take the keyboard from the GM's window.
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.feed = feed
        self.order_model = PlayerOrderModel(feed, self)
        self.countdown_model = PlayerCountdownModel(feed, self)

        self.round_label = QLabel(objectName="playerRound")
        self.fear_title = _title("Fear")
        self.fear = FearTrack()
        self.order = PlayerList("playerOrder", "Spotlight order", "Nobody in the spotlight yet")
        self.order.setModel(self.order_model)
        self.order.setItemDelegate(OrderDelegate(self.order))
        self.countdowns = PlayerList("playerCountdowns", "Countdowns", "No countdowns shown")
        self.countdowns.setModel(self.countdown_model)
        self.countdowns.setItemDelegate(CountdownDelegate(self.countdowns))
        self.roll_label = QLabel(objectName="playerRoll")
        self.roll_label.setWordWrap(True)
        self.roll_label.setAccessibleName("Latest roll")
        self.roll_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

        self.roll_title = _title("Latest roll")
        # The players' page's address, to scan from across the room: hidden until asked for,
        # then above the countdowns, the code beside its words.
        self.join_url = ""
        self._join_side = 0  # the QR code's size as drawn
        self.join = QWidget(objectName="playerJoin")
        self.join.setAccessibleName("Join on your phone")
        self.join_qr = QLabel(objectName="playerJoinQr", alignment=Qt.AlignmentFlag.AlignCenter)
        self.join_qr.setAccessibleName("QR code of the players' page")
        self.join_title = _title("Join on your phone")
        self.join_title.setWordWrap(True)
        self.join_address = QLabel(objectName="playerJoinAddress", wordWrap=True)
        self.join_address.setAccessibleName("The players' page address")
        words = QVBoxLayout()
        words.addWidget(self.join_title)
        words.addWidget(self.join_address)
        words.addStretch(1)
        join = QHBoxLayout(self.join)
        join.setContentsMargins(0, 0, 0, 12)
        join.setSpacing(16)
        join.addWidget(self.join_qr, 0, Qt.AlignmentFlag.AlignTop)
        join.addLayout(words, 1)
        self.join.hide()

        fear_box = QHBoxLayout()
        fear_box.setSpacing(16)
        fear_box.addStretch(1)
        fear_box.addWidget(self.fear_title)
        fear_box.addWidget(self.fear)
        right = QVBoxLayout()
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.join)
        right.addWidget(_title("Countdowns"))
        right.addWidget(self.countdowns, 1)
        right.addWidget(self.roll_title)
        right.addWidget(self.roll_label)
        grid = QGridLayout(self)
        grid.setContentsMargins(24, 16, 24, 16)
        grid.setHorizontalSpacing(32)
        grid.addWidget(self.round_label, 0, 0)
        grid.addLayout(fear_box, 0, 1)
        grid.addWidget(_title("Spotlight"), 1, 0)
        grid.addWidget(self.order, 2, 0)
        grid.addLayout(right, 1, 1, 2, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(2, 1)

        feed.changed.connect(self.show_view)
        self.show_view(feed.view)
        self.resize(1024, 640)

    def show_view(self, view: PlayerView) -> None:
        """The parts the models do not paint: the round, Fear and the newest roll."""
        self.round_label.setText(f"Round {view.round}")
        has_fear = view.fear is not None  # only Daggerheart's GM holds Fear
        self.fear_title.setVisible(has_fear)
        self.fear.setVisible(has_fear)
        self.fear.set_value(view.fear or 0)
        text = view.latest_roll
        self.roll_label.setText(text)
        self.roll_label.setAccessibleDescription(text)
        self.roll_label.setVisible(bool(text))
        self.roll_title.setVisible(bool(text))

    def set_join(self, url: str) -> None:
        """The players' page's address as a QR code and as text, above the countdowns; "" takes
        it away."""
        if url == self.join_url:
            return
        self.join_url = url
        self.join.setVisible(bool(url))
        # It may wrap after each "/" and within the long key (zero-width spaces), so it
        # never widens its column.
        self.join_address.setText(breakable(url))
        self.join_address.setAccessibleDescription(url)
        self._join_side = 0
        self._draw_join()

    def _draw_join(self) -> None:
        if not self.join_url:
            self.join_qr.clear()
            return
        # Big: near half the window's height, a quarter of its width.
        side = max(160, min(round(self.height() * 0.45), self.width() // 4))
        if side == self._join_side:
            return
        from encounter_app.ui.players.share_dialog import qr_pixmap  # segno, when shown

        self._join_side = side
        self.join_qr.setPixmap(qr_pixmap(self.join_url, side))
        self.join_qr.setFixedSize(side, side)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._draw_join()
        # Read from across a room: the text grows with the window (a 1080p projector: 38 px).
        font = QFont(self.font())
        font.setPixelSize(max(16, min(64, self.height() // 28)))
        if font != self.font():
            self.setFont(font)
            round_font = QFont(font)
            round_font.setPixelSize(round(font.pixelSize() * 1.4))
            round_font.setBold(True)
            self.round_label.setFont(round_font)
            roll_font = QFont(font)
            roll_font.setPixelSize(round(font.pixelSize() * 1.2))
            self.roll_label.setFont(roll_font)
            address_font = QFont(font)
            address_font.setPixelSize(max(14, round(font.pixelSize() * 0.8)))
            self.join_address.setFont(address_font)
            self.fear.updateGeometry()
            for view in (self.order, self.countdowns):
                view.scheduleDelayedItemsLayout()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_F11:
            self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)
        elif event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        self.closed.emit()
