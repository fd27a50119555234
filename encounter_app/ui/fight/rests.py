"""Short and long rests, for every rule system: the actions the window's menu and the campaign
view share. Daggerheart's rest rolls the GM's Fear through the rules thread; the others only
advance long-term countdowns (``FightOperations.rest`` does both, as one undo step).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction

from encounter_app.rules.daggerheart import RestKind
from encounter_app.services.fight.operations import FightOperations, Rested


class RestActions(QObject):
    """The two rest actions; each rest is one undo step, announced by ``rested``."""

    rested = Signal(object, str)  # the step kept (a Kept), what happened as rich text
    said = Signal(str)  # the same in one plain line, for a status bar

    def __init__(self, operations: FightOperations, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._operations = operations
        self._fear = fear = operations.session.system.has_fear
        # Daggerheart's short and long rest; the other games have one rest, which moves the
        # campaign's long-term countdowns (their texts know no short and long rest).
        self.short_rest_action = QAction(
            "S&hort rest (GM gains 1d4 Fear)" if fear else "&Rest", self)
        self.long_rest_action = QAction("&Long rest (GM gains 1d4 + PCs Fear)", self)
        self.long_rest_action.setVisible(fear)
        self.actions = ([self.short_rest_action, self.long_rest_action] if fear
                        else [self.short_rest_action])
        self.short_rest_action.setObjectName("shortRestAction")
        self.long_rest_action.setObjectName("longRestAction")
        self.short_rest_action.triggered.connect(lambda: self.rest(RestKind.SHORT))
        self.long_rest_action.triggered.connect(lambda: self.rest(RestKind.LONG))
        for action in (self.short_rest_action, self.long_rest_action):
            action.setToolTip(action.text().replace("&", "") + "; long-term countdowns advance")

    def rest(self, kind: RestKind) -> None:
        """Rest: its Fear is rolled on the rules thread, and the answer does the rest."""
        self._operations.rest(kind, self._rested)

    def _rested(self, rested: Rested) -> None:
        from html import escape  # here: html's entities cost every start 16 M instructions

        what = " · ".join(rested.lines)
        self.rested.emit(rested.kept, f"<b>{rested.name}</b><br>{escape(what)}")
        self.said.emit(f"{rested.name}: {what}")
