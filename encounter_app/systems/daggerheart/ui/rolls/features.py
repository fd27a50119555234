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
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from encounter_app.domain.adversaries import Refused, attack_damage, attack_targets
from encounter_app.services.operations import Say
from encounter_app.systems.daggerheart.services.features import use_of
from encounter_app.systems.daggerheart.services.odds_cache import OddsCache
from encounter_app.systems.daggerheart.services.operations import Ask, DaggerheartOperations

if TYPE_CHECKING:
    from encounter_app.services.phone_inbox import PhoneInbox
    from encounter_app.systems.daggerheart.ui.rolls.feature_dialog import FeatureDialog


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
        phones = _PhoneReactions(dialog, self._operations.inbox) if use.kind == "reaction" \
            else None
        if dialog.exec() == FeatureDialog.DialogCode.Accepted:
            self._operations.use_feature(combatant_id, use.name, dialog.results(),
                                         difficulty=dialog.chosen_difficulty(),
                                         ask=self._ask(),
                                         phone_rolls=phones.used if phones else None)
        if phones is not None:
            phones.stop()
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


class _PhoneReactions:
    """While a feature's dialog is open, each target's Reaction Roll sent from its phone (the
    oldest waiting) fills its row: the total its dice and trait came to, a success on matching
    dice. ``used`` says which roll answered whom, for the operation to mark them answered."""

    def __init__(self, dialog: FeatureDialog, inbox: PhoneInbox | None) -> None:
        self._dialog, self._inbox = dialog, inbox
        self.used: dict[int, int] = {}  # target's id -> its roll's id
        if inbox is not None:
            self.fill()
            inbox.changed.connect(self.fill)

    def fill(self, *_args: object) -> None:
        inbox = self._inbox
        if inbox is None:
            return
        for target in self._dialog.targets:
            assert target.id is not None  # the dialog lists stored PCs only
            if target.id in self.used and inbox.roll(self.used[target.id]) is not None:
                continue  # filled already, and still waiting
            roll = inbox.oldest(target.name, "reaction")
            result = None if roll is None or roll.id is None else inbox.preview(
                roll.id, self._dialog.difficulty.value())
            if roll is None or roll.id is None or result is None:
                self.used.pop(target.id, None)
                continue
            self.used[target.id] = roll.id
            dice = dict(roll.dice)
            matched = dice.get("hope") is not None and dice.get("hope") == dice.get("fear")
            self._dialog.set_result(target.id, total=result.total,
                                    succeeded=True if matched else None,
                                    phone=f"From {target.name}'s phone: {result.dice}")

    def stop(self) -> None:
        if self._inbox is not None:
            self._inbox.changed.disconnect(self.fill)
