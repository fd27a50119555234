"""Ruins & Raiders at the table: rolled initiative, round zero, wait and hold, two actions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system import BaseRules
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.systems.ruins_and_raiders.services import turns
from encounter_app.systems.ruins_and_raiders.services.operations import RuinsOperations
from encounter_app.systems.ruins_and_raiders.ui.profile import profile
from encounter_app.systems.ruins_and_raiders.ui.trait_dialog import TraitCheckDialog
from encounter_app.ui.shell.fight import FightContext
from encounter_app.ui.table.reference import ScreenTable
from encounter_app.ui.table.table import SystemTable, button


class AmbushDialog(QDialog):
    """Who acts first: they act in round zero; the others wait, surprised only if the GM
    says they were taken completely by surprise."""

    def __init__(self, rows: Iterable[CombatantRow], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ambushDialog")
        self.setWindowTitle("Round zero: ambush")
        layout = QVBoxLayout(self)
        text = QLabel("Tick who acts first: they act in round zero, everyone else waits for "
                      "round 1.")
        text.setWordWrap(True)
        layout.addWidget(text)
        # The text's "if": only opponents taken completely by surprise lose even their
        # defence (an attack on them is against a flat 4).
        self.surprise = QCheckBox("The others are taken completely by &surprise: no actions "
                                  "at all, not even defensive ones", objectName="completeSurprise")
        self.boxes: list[QCheckBox] = []
        for row in rows:
            box = QCheckBox(row.name, checked=row.kind == "adversary")
            box.setProperty("combatant_id", row.id)
            self.boxes.append(box)
            layout.addWidget(box)
        layout.addWidget(self.surprise)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def ambushers(self) -> list[int]:
        return [b.property("combatant_id") for b in self.boxes if b.isChecked()]


class RuinsAndRaidersTable(SystemTable):
    attack_words = "makes a trait check of its attack"
    attack_item = "&Attack: a trait check…"
    operations: RuinsOperations

    def __init__(self, context: FightContext, rules: BaseRules) -> None:
        super().__init__(context, rules, profile(rules), RuinsOperations(
            context.session, context.undo_stack, context.roller, context.say, rules))

    def screen_tables(self) -> Sequence[ScreenTable]:
        from encounter_app.systems.ruins_and_raiders.ui.screen import TABLES

        return TABLES

    def build(self) -> None:
        self.bar.addWidget(button("Trait check…", "traitCheckButton",
                                  "2d6 + trait against a challenge level (C)", self.check))
        self.bar.addWidget(button("Use action", "useActionButton",
                                  "The selected card uses one of its two actions (U)",
                                  self.use_action))
        self.bar.addWidget(button("Wait", "waitButton",
                                  "Wait: act later this round, even inside another's "
                                  "action (W)", self.wait))
        self.bar.addWidget(button("Hold", "holdButton",
                                  "Hold the action into the next round: +10 initiative "
                                  "then (O)", self.hold))
        # C and O: T ticks the countdown and H hides a combatant in every system's window.
        self.card_actions += [
            self.action("&Trait check…", "C", self.check, roll=True),
            self.action("&Use an action", "U", self.use_action),
            self.action("&Give up an action for a bonus…", "G", self.give_up),
            self.action("&Wait", "W", self.wait),
            self.action("H&old to the next round", "O", self.hold)]
        self.action("Roll &initiative", "I", self.roll_initiative, roll=True)
        self.action("Round &zero…", "Z", self.round_zero)

        self.status = QLabel(objectName="roundStatus")
        self.status.setWordWrap(True)
        self.panel_layout.addWidget(self.status)
        row = QHBoxLayout()
        row.addWidget(button("Round zero…", "roundZeroButton",
                             "Who acts first acts in round zero; the rest wait, or are "
                             "surprised (Z)", self.round_zero))
        row.addWidget(button("Roll initiative", "rollInitiativeButton",
                             "PCs roll Perception; adversaries take Perception + 7 (I)",
                             self.roll_initiative))
        self.panel_layout.addLayout(row)
        self.hint("<small>Initiative is rolled once for the battle: 2d6 + Perception for PCs, "
                  "Perception + 7 for adversaries. Two actions a round; holding into the next "
                  "round gives +10 initiative for that round.</small>")
        self.session.turn_changed.connect(self.show_status)
        # An initiative typed in (Ctrl+T) before any roll changes a row, not the turn.
        self.session.combatants.changed.connect(lambda _row: self.show_status())
        self.show_status()

    def show_status(self) -> None:
        if turns.in_round_zero(self.session):
            text = ("<b>Round zero</b>: only the ambushers act. Roll initiative to start "
                    "round 1.")
        elif not self.operations.rolled_before():
            text = "<b>No initiative yet</b>: roll it (or start with round zero for an ambush)."
        else:
            text = f"<b>Round {self.session.round}</b>: high initiative acts first."
        self.status.setText(text)

    def attack_with(self, combatant_id: int) -> None:
        self._check(combatant_id, attack=True)

    def check(self) -> None:
        self._check(self.chosen_id(), attack=False)

    def _check(self, actor: int | None, *, attack: bool) -> None:
        rows = self.standing()
        if not rows:
            return
        dialog = TraitCheckDialog(rows, actor, self.window, as_attack=attack)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        # What the check leaves for the round, as the GM saw it when pressing the button.
        self.operations.trait_check(dialog.request(), actor_id=dialog.actor_id(),
                                    typed=dialog.typed_check(),
                                    uses_action=dialog.uses_action.isChecked(),
                                    charge=dialog.charge_spaces(), used=dialog.used())

    def use_action(self) -> None:
        if (row := self.target()) is not None:
            self.operations.use_action(stored_id(row))

    def give_up(self) -> None:
        """Give up an action for Aim, Defend, Haymaker, Resist or Look (also in response to
        an attack: the text's Abort)."""
        row = self.target()
        if row is None:
            return
        names = [f"{s.name.title()}: +{s.bonus} {s.applies_to}" for s in rr.Sacrifice]
        chosen, ok = QInputDialog.getItem(self.window, "Give up an action",
                                          f"{row.name} gives up an action for:", names, 0, False)
        if ok:
            self.operations.give_up_action(stored_id(row),
                                           list(rr.Sacrifice)[names.index(chosen)])

    def wait(self) -> None:
        if (row := self.target()) is not None:
            self.operations.wait(stored_id(row))

    def hold(self) -> None:
        if (row := self.target()) is not None:
            self.operations.hold(stored_id(row))

    def round_zero(self) -> None:
        dialog = AmbushDialog(list(self.session.combatants), self.window)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.operations.round_zero(dialog.ambushers(), surprise=dialog.surprise.isChecked())
