"""The sidebar's environment panel: the fight's environment as a compact stat block.

One line (name, tier and type, Difficulty) while folded, so it costs the sidebar little on a
laptop screen; unfolded, the impulses, potential adversaries and features, scrolling past a
few lines. Hidden while the encounter has no environment.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.systems.daggerheart.services.library.shelves import EncounterEnvironment

# The stat block's text (stat_block_html, and html's escape) loads when there is one to show:
# html's entities alone cost every start 16 M instructions (docs/performance.md, issue 28).

BODY_HEIGHT = 220  # the unfolded stat block scrolls past this


class _Title(QLabel):
    """The environment's name line, which folds and unfolds the stat block when clicked."""

    clicked = Signal()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        self.clicked.emit()


class EnvironmentPanel(QFrame):
    detach_requested = Signal()
    countdown_requested = Signal(object)  # the Feature whose countdown the GM starts

    def __init__(self, holder: EncounterEnvironment, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("environmentPanel")
        self.setAccessibleName("Environment")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._holder = holder
        self.toggle = QToolButton(objectName="environmentToggle", checkable=True,
                                  autoRaise=True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAccessibleName("Show the environment's stat block")
        self.title = _Title(objectName="environmentTitle", wordWrap=True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.clicked.connect(self.toggle.toggle)  # a bigger target than the arrow
        self.detach = QToolButton(text="✕", autoRaise=True, objectName="environmentDetach")
        self.detach.setToolTip("Detach the environment from this encounter")
        self.detach.setAccessibleName("Detach the environment")
        self.body = QLabel(objectName="environmentBody", wordWrap=True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.setContentsMargins(4, 0, 4, 4)
        self.body.linkActivated.connect(self._link)
        self.body_scroll = QScrollArea()
        self.body_scroll.setWidget(self.body)
        self.body_scroll.setWidgetResizable(True)
        self.body_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.body_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body_scroll.setMaximumHeight(BODY_HEIGHT)
        self.body_scroll.hide()

        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignTop)
        header.addWidget(self.title, 1)
        header.addWidget(self.detach, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        layout.addLayout(header)
        layout.addWidget(self.body_scroll)

        self.toggle.toggled.connect(self._fold)
        self.detach.clicked.connect(self.detach_requested)
        holder.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        block = self._holder.block
        if block is None:
            self.hide()
            return
        # Shown only once in the sidebar: a widget without a parent shown becomes a window of
        # its own, which flashed on the screen at start-up. Not hidden, it shows with the sidebar.
        if self.parentWidget() is not None:
            self.show()
        from html import escape

        self.title.setText(f"<b>{escape(block.name)}</b> · Tier {block.tier} "
                           f"{escape(block.type)} · Difficulty {block.difficulty}")
        self.setToolTip(block.description)
        self._fill_body()

    def _fill_body(self) -> None:
        """The stat block's text, set only while it can be seen: a folded panel's would be
        laid out as rich text for nothing, at every start and every change."""
        block = self._holder.block
        if block is not None and self.toggle.isChecked():
            from encounter_app.systems.daggerheart.ui.library.stat_block_html import (
                environment_html,
            )

            self.body.setText(environment_html(block, heading=False, links=True))

    def _fold(self, open_: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if open_ else Qt.ArrowType.RightArrow)
        self.toggle.setAccessibleName("Hide the environment's stat block" if open_
                                      else "Show the environment's stat block")
        self._fill_body()
        self.body_scroll.setVisible(open_)

    def _link(self, link: str) -> None:
        from encounter_app.systems.daggerheart.ui.library.stat_block_html import COUNTDOWN_LINK

        block = self._holder.block
        if block is not None and link.startswith(COUNTDOWN_LINK):
            self.countdown_requested.emit(block.features[int(link[len(COUNTDOWN_LINK):])])
