"""Forge of Power at the table: popcorn initiative, Interrupt, and rolls graded in levels."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel

from encounter_app.domain.system import BaseRules
from encounter_app.systems.forge_of_power.services import turns
from encounter_app.systems.forge_of_power.services.operations import ForgeOperations
from encounter_app.systems.forge_of_power.ui.profile import profile
from encounter_app.systems.forge_of_power.ui.roll_dialog import FopRollDialog
from encounter_app.ui.shell.fight import FightContext
from encounter_app.ui.table.reference import ScreenTable
from encounter_app.ui.table.table import SystemTable, button


class ForgeOfPowerTable(SystemTable):
    attack_words = "makes its attack"
    attack_item = "&Attack with it…"
    operations: ForgeOperations

    def __init__(self, context: FightContext, rules: BaseRules) -> None:
        super().__init__(context, rules, profile(rules), ForgeOperations(
            context.session, context.undo_stack, context.roller, context.say, rules))

    def screen_tables(self) -> Sequence[ScreenTable]:
        from encounter_app.systems.forge_of_power.ui.screen import TABLES

        return TABLES

    def build(self) -> None:
        self.bar.addWidget(button("Die roll…", "fopCheckButton",
                                  "d20 + bonus against a DC, in levels of success (R)",
                                  self.die_roll))
        self.bar.addWidget(button("Attack…", "fopAttackButton",
                                  "The one in the spotlight attacks, the selected card its "
                                  "target: one attack roll against each target's Defense (A "
                                  "makes the selected card attack)", self.spotlight_attack))
        self.card_actions.append(
            self.action("Die &roll…", "R", self.die_roll, roll=True))
        self.action("Roll &initiative", "I", self.roll_initiative, roll=True)
        self.action("Interr&upt", "Shift+I", self.interrupt)  # Ctrl+I imports a file

        self.status = QLabel(objectName="popcornStatus")
        self.status.setWordWrap(True)
        self.next_choice = QComboBox(objectName="nextChoice")
        self.next_choice.setAccessibleName("Who goes next")
        self.interrupter = QComboBox(objectName="interruptChoice")
        self.interrupter.setAccessibleName("Who interrupts")
        self.pass_button = button("Pass the turn ▶", "passTurnButton",
                                  "End this turn; the one chosen goes next (N)", self.next_turn)
        self.interrupt_button = button("Interrupt", "interruptButton",
                                       "A creature attacked this turn takes the next turn "
                                       "instead", self.interrupt)
        grid = QGridLayout()
        grid.addWidget(QLabel("Next:"), 0, 0)
        grid.addWidget(self.next_choice, 0, 1)
        grid.addWidget(self.pass_button, 0, 2)
        grid.addWidget(QLabel("Attacked:"), 1, 0)
        grid.addWidget(self.interrupter, 1, 1)
        grid.addWidget(self.interrupt_button, 1, 2)
        grid.setColumnStretch(1, 1)
        self.panel_layout.addWidget(self.status)
        self.panel_layout.addLayout(grid)
        self.panel_layout.addWidget(button("Roll initiative", "rollInitiativeButton",
                                           "Everyone rolls d20 + initiative; highest first (I)",
                                           self.roll_initiative))
        self.hint("<small>At the end of a turn the one acting picks who is next among those "
                  "who have not acted; a creature it attacked may Interrupt instead. The last "
                  "one of a round picks who starts the next, themself included.</small>")
        self.session.turn_changed.connect(self.show_choices)
        self.session.combatants.changed.connect(self.show_choices)
        self.session.combatants.inserted.connect(self.show_choices)
        self.session.combatants.removed.connect(self.show_choices)
        self.show_choices()

    def show_choices(self, *_args: object) -> None:
        active = self.row(self.session.active_id)
        choices = turns.next_choices(self.session)
        over = turns.last_of_round(self.session)
        who = active.name if active else "Nobody"
        self.status.setText(
            f"<b>Round {self.session.round}</b> · {who} is acting. "
            + ("Last turn of the round: pick who starts the next."
               if over and active else "Pick who goes next."))
        for combo, rows in ((self.next_choice, choices),
                            (self.interrupter, turns.interrupters(self.session))):
            keep = combo.currentData()
            combo.clear()
            for row in rows:
                combo.addItem(row.name, row.id)
            if combo.findData(keep) >= 0:
                combo.setCurrentIndex(combo.findData(keep))
        self.pass_button.setEnabled(self.next_choice.count() > 0)
        self.interrupt_button.setEnabled(self.interrupter.count() > 0)
        if not self.interrupter.count():
            self.interrupter.addItem("nobody can interrupt")
            self.interrupter.setEnabled(False)
        else:
            self.interrupter.setEnabled(True)

    def next_turn(self) -> None:
        self.operations.pass_turn(self.next_choice.currentData())

    def interrupt(self) -> None:
        self.operations.interrupt(self.interrupter.currentData())

    def attack_with(self, combatant_id: int) -> None:
        """The selected card attacks (A or Enter on it); the dialog picks its target."""
        rows = self.standing(2)
        if rows:
            FopRollDialog(rows, combatant_id, self.roll_router, self.operations.record,
                          self.window, attack=True).exec()

    def spotlight_attack(self) -> None:
        """The Attack… button: whoever is in the spotlight attacks; the card the GM chose is
        its target (with nobody standing in the spotlight, the chosen card attacks)."""
        rows = self.standing(2)
        if not rows:
            return
        actor, target = self.session.active_id, self.chosen.id
        if actor not in {r.id for r in rows}:
            actor, target = target, None
        FopRollDialog(rows, actor, self.roll_router, self.operations.record, self.window,
                      attack=True, target=target).exec()

    def die_roll(self) -> None:
        """A die roll (a save...) of the chosen card, else of whoever is in the spotlight."""
        rows = self.standing(1)
        if rows:
            FopRollDialog(rows, self.chosen_id(), self.roll_router, self.operations.record,
                          self.window, attack=False).exec()
