"""Ruins & Raiders at the table: rolled initiative, round zero, wait and hold, two actions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtGui import QUndoCommand
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

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.initiative import Initiant
from encounter_app.domain.requests import RollResult
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system import BaseRules
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.services.fight import commands
from encounter_app.services.fight.compound import Compound
from encounter_app.systems.ruins_and_raiders.requests import RuinsInitiative, TraitCheckRequest
from encounter_app.systems.ruins_and_raiders.services import round as ruins_round
from encounter_app.systems.ruins_and_raiders.services import turns
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
    def __init__(self, context: FightContext, rules: BaseRules) -> None:
        super().__init__(context, rules, profile(rules))

    def screen_tables(self) -> Sequence[ScreenTable]:
        from encounter_app.systems.ruins_and_raiders.ui.screen import TABLES

        return TABLES

    def next_turn_step(self) -> QUndoCommand | None:
        return turns.next_turn(self.session)

    def initiative_request(self, initiants: tuple[Initiant, ...]) -> RuinsInitiative:
        return RuinsInitiative(initiants)

    def start_battle(self, rows: list[CombatantRow], state: dict[str, Any]
                     ) -> tuple[list[CombatantRow], dict[str, Any]]:
        return turns.start_battle(rows, state)

    def set_initiative_step(self, combatant_id: int, value: int) -> QUndoCommand:
        return turns.set_initiative(self.session, combatant_id, value)

    def give_turn_step(self, combatant_id: int) -> QUndoCommand:
        return turns.give_turn(self.session, combatant_id)

    def build(self) -> None:
        self.bar.addWidget(button("Trait check…", "traitCheckButton",
                                  "2d6 + trait against a challenge level (C)", self.check))
        self.bar.addWidget(button("Use action", "useActionButton",
                                  "The selected card uses one of its two actions (U)",
                                  self.use_action))
        self.bar.addWidget(button("Wait", "waitButton",
                                  "Wait: act later this round, even inside another's action",
                                  self.wait))
        self.bar.addWidget(button("Hold", "holdButton",
                                  "Hold the action into the next round: +10 initiative then",
                                  self.hold))
        # C and O: T ticks the countdown and H hides a combatant in every system's window.
        self.action("&Trait check…", "C", self.check, roll=True)
        self.action("Roll &initiative", "I", self.roll_initiative, roll=True)
        self.action("&Use an action", "U", self.use_action)
        self.action("&Give up an action for a bonus…", "G", self.give_up)
        self.action("&Wait", "W", self.wait)
        self.action("H&old to the next round", "O", self.hold)
        self.action("Round &zero…", "", self.round_zero)

        self.status = QLabel(objectName="roundStatus")
        self.status.setWordWrap(True)
        self.panel_layout.addWidget(self.status)
        row = QHBoxLayout()
        row.addWidget(button("Round zero…", "roundZeroButton",
                             "Who acts first acts in round zero; the rest wait, or are "
                             "surprised", self.round_zero))
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
        if self.session.system_state.get("round_zero"):
            text = ("<b>Round zero</b>: only the ambushers act. Roll initiative to start "
                    "round 1.")
        elif not any("initiative" in r.system_state for r in self.session.combatants):
            text = "<b>No initiative yet</b>: roll it (or start with round zero for an ambush)."
        else:
            text = f"<b>Round {self.session.round}</b>: high initiative acts first."
        self.status.setText(text)

    def check(self) -> None:
        rows = self.standing()
        if not rows:
            return
        actor = self.cards.selected_id() or self.session.active_id
        dialog = TraitCheckDialog(rows, actor, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        uses = dialog.uses_action.isChecked()
        actor_id = dialog.actor_id()
        acting = self.row(actor_id)
        if uses and (acting is None or turns.actions_left(acting) <= 0):
            # use_action refuses it, and says why (no actions left, or no longer in the fight)
            self.push(lambda: turns.use_action(self.session, actor_id))
            return

        typed = dialog.typed_check()
        # What the check leaves for the round, as the GM saw it when pressing the button.
        charge, used = dialog.charge_spaces(), dialog.used()

        def record(answer: RollResult[rr.TraitCheck], row: RollRow) -> QUndoCommand:
            if typed is not None:
                row = replace(row, detail=f"{row.detail} (rolled at the table)")
            # A hit's Wounds go on the target's card in the same step as the roll, with the
            # action spent, the charge remembered and the given-up bonuses used. The dice may
            # answer after a combatant has left the fight: it is skipped.
            request, result = answer.request, answer.result
            wounds = None
            if (isinstance(request, TraitCheckRequest) and request.target_id is not None
                    and request.wound_base is not None and result.success):
                wounds = (request.target_id, max(result.mox + request.wound_base, 0))
            return Compound(f"Roll: {row.summary}", [
                commands.RecordRoll(self.session, row),
                *ruins_round.check_recorded(self.session, actor_id, uses_action=uses,
                                            charge=charge, used=used, wounds=wounds)])

        if typed is not None:
            self.roller.record(RollResult(0, dialog.request(), typed), record)
        else:
            self.roller.roll(dialog.request(), "The trait check", record=record)

    def use_action(self) -> None:
        row = self.target()
        if row is not None:
            self.push(lambda: turns.use_action(self.session, stored_id(row)))

    def give_up(self) -> None:
        """Give up an action for Aim, Defend, Haymaker, Resist or Look (also in response to
        an attack: the text's Abort)."""
        row = self.target()
        if row is None:
            return
        names = [f"{s.name.title()}: +{s.bonus} {s.applies_to}" for s in rr.Sacrifice]
        chosen, ok = QInputDialog.getItem(self.window, "Give up an action",
                                          f"{row.name} gives up an action for:", names, 0, False)
        if not ok:
            return
        sacrifice = list(rr.Sacrifice)[names.index(chosen)]
        self.push(lambda: turns.give_up_action(self.session, stored_id(row), sacrifice))

    def wait(self) -> None:
        row = self.target()
        if row is not None:
            self.push(lambda: turns.set_waiting(self.session, stored_id(row)))

    def hold(self) -> None:
        row = self.target()
        if row is not None:
            self.push(lambda: turns.set_waiting(self.session, stored_id(row), hold=True))

    def round_zero(self) -> None:
        dialog = AmbushDialog(list(self.session.combatants), self.window)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.push(lambda: turns.start_round_zero(self.session, dialog.ambushers(),
                                                     surprise=dialog.surprise.isChecked()))

    def rolls_initiative(self, row: CombatantRow) -> bool:
        """The Adversary adds 7 to each enemy's Perception rather than roll."""
        return row.kind != "adversary"
