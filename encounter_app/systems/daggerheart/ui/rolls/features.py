"""An adversary's actions from the window, each in one click: its standard attack (key A, the
card's Attack button) or any of its features (the card's Use buttons and menu).

An attack opens the attack dialog, on the feature chosen; a feature that asks a Reaction Roll,
or only deals damage, opens its own dialog. Either hands plain data to one of Daggerheart's
operations (``attack``, ``use_feature``), which checks the cost, rolls on the rules thread and,
with PCs tracked, asks here what to mark on them (the hit dialog) before it logs the cost, the
roll and the marks as one undo step. A refusal is said in the window; nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from encounter_app.domain.adversaries import Refused, attack_damage, attack_targets
from encounter_app.services.operations import Say
from encounter_app.systems.daggerheart.services.features import use_of
from encounter_app.systems.daggerheart.services.odds_cache import OddsCache
from encounter_app.systems.daggerheart.services.operations import Ask, DaggerheartOperations


class FeatureUses(QObject):
    """Opens the dialog of an adversary's attack or feature and hands its answer on."""

    def __init__(self, window: QWidget, operations: DaggerheartOperations, say: Say, *,
                 odds: OddsCache | None = None, offer: Ask | None = None,
                 tracked: Callable[[], bool] = lambda: False) -> None:
        super().__init__(window)
        self._window, self._operations, self._say = window, operations, say
        self._session = operations.session
        self._odds = odds  # the attack dialog shows each target's chance to hit
        self._offer, self._tracked = offer, tracked

    def _ask(self) -> Ask | None:
        """The hit dialog (``CardActions.offer_hits``) when PCs are tracked (View › Track
        PCs), else nothing to mark."""
        return self._offer if self._tracked() else None

    def use(self, combatant_id: int, feature: str | None = None) -> None:
        """Use the adversary's standard attack (None) or its feature called ``feature``."""
        try:
            row = self._session.combatants.by_id(combatant_id)
            use = use_of(row, feature)
        except KeyError:
            self._say("That combatant is no longer in this encounter.", error=True)
            return
        except Refused as refused:
            self._say(str(refused), error=True)
            return
        if row.defeated:
            self._say(f"{row.name} is defeated: its actions are out of the fight.", error=True)
            return
        if use.kind == "attack":
            self.attack(combatant_id, feature)
            return
        from encounter_app.systems.daggerheart.ui.rolls.feature_dialog import (
            FeatureDialog,  # see ui/__init__.py
        )

        pcs = [c for c in self._session.combatants if c.kind == "pc" and c.id is not None]
        if not pcs:
            self._say(f"There is no PC in the order for {use.name} to reach.", error=True)
            return
        dialog = FeatureDialog(row, use, pcs, self._session.fear, self._window)
        if dialog.exec() == FeatureDialog.DialogCode.Accepted:
            self._operations.use_feature(combatant_id, use.name, dialog.results(),
                                         difficulty=dialog.chosen_difficulty(),
                                         ask=self._ask())
        dialog.deleteLater()

    def attack(self, combatant_id: int, feature: str | None = None) -> None:
        """The attack dialog on ``feature`` (None: the standard attack), then the attack."""
        try:
            attacker = self._session.combatants.by_id(combatant_id)
        except KeyError:
            self._say("That combatant is no longer in this encounter.", error=True)
            return
        if attacker.stats is None:  # an encounter file may bring one without ("stats": null)
            self._say(f"{attacker.name} has no stat block to attack with.", error=True)
            return
        pcs = attack_targets(self._session.combatants)
        if not pcs:
            self._say("There is no PC with an Evasion to attack.", error=True)
            return
        from encounter_app.systems.daggerheart.ui.rolls.dialogs import (
            AttackDialog,  # see ui/__init__.py
        )

        dialog = AttackDialog(attacker, pcs, self._session.fear,
                              damage=attack_damage(attacker)[0],  # a Horde past half HP
                              parent=self._window, odds=self._odds, feature=feature)
        if dialog.exec() == AttackDialog.DialogCode.Accepted:
            self._operations.attack(combatant_id, dialog.feature(), dialog.target_ids(),
                                    advantage=dialog.advantage.isChecked(),
                                    disadvantage=dialog.disadvantage.isChecked(),
                                    experience=dialog.experience_name(), ask=self._ask())
        dialog.deleteLater()
