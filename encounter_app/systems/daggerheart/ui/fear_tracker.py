"""The GM's Fear: a row of twelve round pips with − and + buttons.

The widget keeps no Fear of its own: it draws ``session.fear`` and every change is the fight's
``set_fear`` operation (one undo step), so the store, the undo history and the screen agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMenu, QToolButton, QVBoxLayout, QWidget

from encounter_app.domain.fear import GAIN_REASONS, REST_REASONS, SPEND_REASONS
from encounter_app.rules.daggerheart import FearPool
from encounter_app.services.fight.operations import FightOperations
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets import pips

if TYPE_CHECKING:
    from encounter_app.ui.fight.rests import RestActions

FEAR_CAP = FearPool.cap


class FearPips(QWidget):
    """The painted track. It only reports which pip was clicked; the tracker decides."""

    pip_clicked = Signal(int)

    def __init__(self, count: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fearPips")
        self._count = count
        self._filled = 0
        # Clicking a pip focuses the tracker (Qt walks up to the first ClickFocus parent),
        # so the keys work right after a click.
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("Click a pip to set Fear; click the last filled pip to clear it")

    def set_filled(self, filled: int) -> None:
        if filled != self._filled:
            self._filled = filled
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(pips.track_width(self._count) + 2, theme.PIP + 4)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def pip_rects(self) -> list[QRect]:
        """Where each pip is drawn, in this widget's coordinates (left to right)."""
        x = max(1, (self.width() - pips.track_width(self._count)) // 2)
        y = max(0, (self.height() - theme.PIP) // 2)
        return pips.pip_rects(QPoint(x, y), self._count)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        fill, outline = theme.fear_colours(self.palette())
        pips.paint_pips(painter, self.pip_rects(), self._filled, fill, outline, round_=True)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        index = pips.clicked_pip(self.pip_rects(), event.position().toPoint())
        if index >= 0:
            self.pip_clicked.emit(index)
        event.accept()


class FearTracker(QWidget):
    """Fear 0..12: pips, − and + buttons, Up/Plus and Down/Minus keys."""

    def __init__(self, operations: FightOperations, parent: QWidget | None = None, *,
                 rests: RestActions | None = None) -> None:
        super().__init__(parent)
        self._operations = operations
        self._session = session = operations.session
        self.setObjectName("fearTracker")
        self.setAccessibleName("Fear tracker")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        title = QLabel("Fear")
        title.setObjectName("fearTitle")
        font = title.font()
        font.setBold(True)
        title.setFont(font)
        self.value_label = QLabel()
        self.value_label.setObjectName("fearValue")
        self.value_label.setFont(font)
        self.value_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

        self.pips = FearPips(FEAR_CAP)
        self.pips.pip_clicked.connect(self._pip_clicked)
        self.minus_button = self._button("−", "fearMinusButton", "Spend a Fear")
        self.minus_button.clicked.connect(self.spend)
        self.minus_button.setMenu(self._reason_menu(SPEND_REASONS, -1))
        self.plus_button = self._button("+", "fearPlusButton", "Gain a Fear")
        self.plus_button.clicked.connect(self.gain)
        # A rest's Fear is rolled (1d4, or 1d4 + the PCs): the + menu offers the rests
        # themselves, never a plain +1 that the ledger would call a rest.
        gains = {k: v for k, v in GAIN_REASONS.items() if k not in REST_REASONS}
        gain_menu = self._reason_menu(gains, +1)
        if rests is not None:
            gain_menu.addSeparator()
            gain_menu.addActions([rests.short_rest_action, rests.long_rest_action])
        self.plus_button.setMenu(gain_menu)

        header = QHBoxLayout()
        header.addWidget(title)
        header.addStretch(1)
        header.addWidget(self.value_label)
        track = QHBoxLayout()
        track.setSpacing(6)
        track.addWidget(self.minus_button)
        track.addWidget(self.pips, 1)
        track.addWidget(self.plus_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        layout.addLayout(header)
        layout.addLayout(track)

        session.fear_changed.connect(self._show)
        self._show(session.fear)

    def _button(self, text: str, name: str, accessible: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setObjectName(name)
        button.setAccessibleName(accessible)
        # The button itself gains or spends one at once; its arrow says why (the ledger's reason).
        button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        button.setFixedSize(40, 28)
        font = button.font()
        font.setBold(True)
        button.setFont(font)
        return button

    def _reason_menu(self, reasons: dict[str, str], step: int) -> QMenu:
        menu = QMenu(self)
        for key, label in reasons.items():
            action = menu.addAction(label)
            action.setObjectName(f"fear_{key}")
            action.triggered.connect(
                lambda _checked=False, k=key: self.set_fear(self._session.fear + step, k))
        return menu

    # -- actions ----------------------------------------------------------------------------

    def set_fear(self, value: int, reason: str | None = None) -> None:
        """Fear to ``value`` (clamped to 0..12); nothing when it would not change."""
        self._operations.set_fear(value, reason)

    def gain(self) -> None:
        self.set_fear(self._session.fear + 1)

    def spend(self) -> None:
        self.set_fear(self._session.fear - 1)

    def _pip_clicked(self, index: int) -> None:
        self.set_fear(pips.toggled_count(self._session.fear, index))

    # -- display ----------------------------------------------------------------------------

    def _show(self, fear: int) -> None:
        self.pips.set_filled(fear)
        self.value_label.setText(f"{fear} / {FEAR_CAP}")
        self.setAccessibleDescription(f"{fear} of {FEAR_CAP} Fear")
        at_cap, empty = fear >= FEAR_CAP, fear <= 0
        self.plus_button.setEnabled(not at_cap)
        self.plus_button.setToolTip(
            f"Fear is at its cap of {FEAR_CAP}" if at_cap else "Gain a Fear (+ or Up)")
        self.minus_button.setEnabled(not empty)
        self.minus_button.setToolTip("No Fear to spend" if empty else "Spend a Fear (− or Down)")

    # -- keyboard and focus -----------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.gain()
        elif key in (Qt.Key.Key_Down, Qt.Key.Key_Minus):
            self.spend()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def paintEvent(self, event: QPaintEvent) -> None:
        # A plain QWidget shows no focus; the keys only work with focus, so draw a ring.
        if self.hasFocus():
            painter = QPainter(self)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            colour = QColor(self.palette().color(QPalette.ColorRole.Highlight))
            painter.setPen(QPen(colour, 1.5))
            painter.drawRoundedRect(self.rect().adjusted(1, 1, -1, -1), 4, 4)
            painter.end()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()
