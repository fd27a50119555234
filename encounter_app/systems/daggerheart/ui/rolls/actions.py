"""The GM's rolls as actions: attack, reaction or action roll, fate roll, falling and collision.

Each opens its dialog and hands the request to Daggerheart's ``roll`` operation, which sends it
to the rules service (an attack goes through ``features.py``: its feature's cost, its roll and
the PCs' marks are one step). An Experience costs a Fear: the operation spends it with the
roll's log line, one undo step, once the dice are in (a roll that fails spends nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from encounter_app.domain.requests import DiceRequest, RollRequest
from encounter_app.domain.rows import stored_id
from encounter_app.rules import daggerheart
from encounter_app.systems.daggerheart.services.odds_cache import OddsCache
from encounter_app.systems.daggerheart.services.operations import DaggerheartOperations
from encounter_app.systems.daggerheart.ui.rolls.features import FeatureUses

R = TypeVar("R")

if TYPE_CHECKING:
    from collections.abc import Callable

    from encounter_app.services.operations import Say

FALLS = (
    ("Fall from Very Close range", daggerheart.FALL_VERY_CLOSE),
    ("Fall from Close range", daggerheart.FALL_CLOSE),
    ("Fall from Far or Very Far range", daggerheart.FALL_FAR),
    ("Collision at a dangerous speed", daggerheart.COLLISION),
)


class RollActions(QObject):
    def __init__(self, window: QWidget, operations: DaggerheartOperations, say: Say, *,
                 odds: OddsCache | None = None,
                 selected: Callable[[], int | None] | None = None,
                 uses: FeatureUses | None = None) -> None:
        super().__init__(window)
        # An adversary's attack or feature: its dialog, then one step (features.py).
        self.uses = uses or FeatureUses(window, operations, say, odds=odds)
        # The card the GM chose (None: none is): a reaction roll starts on it.
        self._selected = selected or (lambda: None)
        self._window, self._session = window, operations.session
        self._operations, self._say = operations, say
        self.attack_action = QAction("&Attack with the selected adversary…", self,
                                     shortcut=QKeySequence("A"))
        self.attack_action.setStatusTip("The adversary chosen last in the order or among the "
                                        "cards attacks; with none chosen, the one in the "
                                        "spotlight")
        self.attack_action.triggered.connect(self.attack_with_active)
        self.reaction_action = QAction("&Reaction or action roll…", self,
                                       shortcut=QKeySequence("R"))
        self.reaction_action.triggered.connect(self.reaction_roll)
        self.fate_action = QAction("&Fate roll…", self, shortcut=QKeySequence("F"))
        self.fate_action.triggered.connect(self.fate_roll)
        self.fall_actions = []
        for label, expression in FALLS:
            action = QAction(f"{label}: {expression}", self)
            action.triggered.connect(
                lambda _checked=False, e=expression, t=label: self._submit(DiceRequest(e, t)))
            self.fall_actions.append(action)

    @property
    def keyed_actions(self) -> list[QAction]:
        """The Roll menu's entries with a key of their own (A, R, F)."""
        return [self.attack_action, self.reaction_action, self.fate_action]

    def add_falls(self, menu: QMenu) -> None:
        """Falling and collision damage, as a submenu of ``menu``."""
        falls = menu.addMenu("Falling and &collision damage")
        for action in self.fall_actions:
            falls.addAction(action)

    # -- the rolls --------------------------------------------------------------------------

    def attack_with_active(self) -> None:
        """A: the adversary chosen in the order or among the cards attacks; with none chosen,
        the one in the spotlight. Said when it cannot."""
        rows, chosen = self._session.combatants, self._selected()
        attacker = chosen if chosen is not None else self._session.active_id
        at = rows.index_of(attacker) if attacker is not None else -1
        if at < 0:
            self._say("Select an adversary's row or card (or give one the spotlight), then "
                      "press A to attack with it.", error=True)
            return
        row = rows[at]
        if row.kind == "pc":
            self._say(f"{row.name} is a PC: A attacks with an adversary. Select an "
                      "adversary's row or card first." if chosen is not None else
                      "The spotlight is not on an adversary: select one's row or card, then "
                      "press A.", error=True)
            return
        if row.defeated:
            self._say(f"{row.name} is defeated: it does not attack.", error=True)
            return
        self.attack(stored_id(row))

    def attack(self, combatant_id: int) -> None:
        """The attack dialog (its standard attack, or an attack feature) and the attack."""
        if self._operations.refused():  # a finished encounter: said before the dialog
            return
        self.uses.attack(combatant_id)

    def reaction_roll(self) -> None:
        adversaries = [c for c in self._session.combatants if c.kind == "adversary"]
        if not adversaries:
            self._say("There is no adversary in this encounter to roll for.", error=True)
            return
        from encounter_app.systems.daggerheart.ui.rolls.dialogs import (
            ReactionDialog,  # see ui/__init__.py
        )

        # The adversary the GM chose, else the one in the spotlight: a PC's move forces the
        # reaction of the one it targets, who is rarely the one acting.
        chosen = self._selected()
        dialog = ReactionDialog(adversaries, self._session.fear,
                                self._session.active_id if chosen is None else chosen,
                                parent=self._window)
        if dialog.exec() == ReactionDialog.DialogCode.Accepted:
            request = dialog.request()
            spent = request.experience_name if request.bonus > 0 else ""
            self._operations.roll(request, request.actor, spent)

    def fate_roll(self) -> None:
        from encounter_app.systems.daggerheart.ui.rolls.dialogs import (
            FateRollDialog,  # see ui/__init__.py
        )

        dialog = FateRollDialog(self._window)
        if dialog.exec() == FateRollDialog.DialogCode.Accepted:
            self._submit(dialog.request())

    def _submit(self, request: RollRequest[R]) -> bool:
        return self._operations.roll(request)
