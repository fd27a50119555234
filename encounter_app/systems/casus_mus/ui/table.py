"""Casus Mus at the table: clashes, Action Points per round, Luck Points per session."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QGridLayout, QLabel

from encounter_app.domain.rows import stored_id
from encounter_app.domain.system import BaseRules
from encounter_app.systems.casus_mus.services import turns
from encounter_app.systems.casus_mus.services.operations import AP, LP, CasusMusOperations
from encounter_app.systems.casus_mus.ui.clash_dialog import ClashDialog
from encounter_app.systems.casus_mus.ui.profile import profile
from encounter_app.systems.casus_mus.ui.skill_dialog import SkillRollDialog
from encounter_app.ui.shell.fight import FightContext
from encounter_app.ui.table.reference import ScreenTable
from encounter_app.ui.table.table import SystemTable, button


class CasusMusTable(SystemTable):
    attack_words = "starts a clash with it attacking"
    attack_item = "&Clash with it attacking…"
    operations: CasusMusOperations

    def __init__(self, context: FightContext, rules: BaseRules) -> None:
        super().__init__(context, rules, profile(rules), CasusMusOperations(
            context.session, context.undo_stack, context.roller, context.say, rules))
        self.operations.inbox = context.window.phone_inbox

    def screen_tables(self) -> Sequence[ScreenTable]:
        from encounter_app.systems.casus_mus.ui.screen import TABLES

        return TABLES

    def build(self) -> None:
        self.bar.addWidget(button("Clash…", "clashButton",
                                  "Attack and reaction, step by step (C)", self.clash))
        self.bar.addWidget(button("Skill roll…", "skillRollButton",
                                  "Roll d100 against one of the selected card's skills, "
                                  "with a Luck Point on a failure (K)",
                                  self.skill_roll))
        self.action("&Clash…", "C", self.clash, roll=True)
        skill = self.action("&Skill roll…", "K", self.skill_roll, roll=True)
        self.action("New session: refresh &Luck Points", "", self.new_session)
        self.card_actions.append(skill)
        for text, resource, cost in (("Spend an &Action Point", AP, 1),
                                     ("Give an Action Point &back", AP, -1),
                                     ("Spend a &Luck Point", LP, 1),
                                     ("Give a Luck Point bac&k", LP, -1)):
            made = QAction(text, self)
            made.triggered.connect(partial(self.change, resource, cost))
            self.card_actions.append(made)

        self.who = QLabel(objectName="resourceTarget")
        self.who.setWordWrap(True)
        self.panel_layout.addWidget(self.who)
        grid = QGridLayout()
        grid.addWidget(button("− AP", "spendApButton", "Spend an Action Point",
                              lambda: self.change(AP, 1)), 0, 0)
        grid.addWidget(button("+ AP", "gainApButton", "Give an Action Point back",
                              lambda: self.change(AP, -1)), 0, 1)
        grid.addWidget(button("− LP", "spendLpButton", "Spend a Luck Point",
                              lambda: self.change(LP, 1)), 1, 0)
        grid.addWidget(button("+ LP", "gainLpButton", "Give a Luck Point back",
                              lambda: self.change(LP, -1)), 1, 1)
        self.panel_layout.addLayout(grid)
        self.new_session_button = button(
            "New session: refresh Luck Points", "refreshLuckButton",
            "A new game session: everyone's Luck Points back to what POW gives",
            self.new_session)
        self.panel_layout.addWidget(self.new_session_button)
        self.hint("<small>Action Points: 2 a round (3 with the Hero advantage), back at the "
                  "start of each round. Luck Points: from POW (up to 6: 1, 7–12: 2, 13–18: 3, "
                  "+1 per 6 more), back each game session.</small>")
        self.session.combatants.changed.connect(self.show_target)
        self.session.turn_changed.connect(self.show_target)
        self.chosen.changed.connect(self.show_target)
        self.show_target()

    def show_target(self, *_args: object) -> None:
        row = self.row(self.chosen_id())
        if row is None:
            self.who.setText("Select a card to spend its points.")
            return
        self.who.setText(f"<b>{row.name}</b><br>Action Points {turns.ap_left(row)} of "
                         f"{turns.ap_max(row)} · Luck Points {turns.lp_left(row)} of "
                         f"{turns.lp_max(row)}")

    def change(self, resource: str, cost: int) -> None:
        row = self.target()
        if row is not None:
            self.operations.spend(stored_id(row), resource, cost)

    def new_session(self) -> None:
        self.operations.refresh_luck_points()

    def attack_with(self, combatant_id: int) -> None:
        self._clash(combatant_id)

    def clash(self) -> None:
        """A clash with the selected card (or whoever is in the spotlight) attacking."""
        self._clash(self.chosen_id())

    def _clash(self, attacker: int | None) -> None:
        if not self.standing(2):
            return
        dialog = ClashDialog(self.session, self.roll_router, self.operations, self.window,
                             attacker=attacker, inbox=self.operations.inbox)
        dialog.exec()

    def skill_roll(self) -> None:
        rows = self.standing(1)
        if not rows:
            return
        dialog = SkillRollDialog(rows, self.chosen_id(), self.roll_router,
                                 self.operations.record_skill_roll, self.window)
        dialog.exec()
