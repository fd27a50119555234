"""A card table: the window part a system builds its ``Fight`` from when every combatant is a
card of the system's numbers (Casus Mus, Ruins & Raiders, Forge of Power, a game of the tests).

``SystemTable`` is what such systems share (cards of every combatant, damage and healing,
adding and editing with the system's numbers, the next turn with its per-round refresh, rolled
initiative, the GM screen's tables); a subclass per system adds its rolls, its resources panel
and its turn controls, and answers the hooks below in its rules. Each is a ``Fight``
(ui/shell/fight.py): the shell places its ``centre`` and ``sidebar``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMenu,
    QPushButton,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.initiative import Initiant, InitiativeRequest, InitiativeScore
from encounter_app.domain.requests import RollResult
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system import BaseRules
from encounter_app.services.fight import commands, turns
from encounter_app.ui.fight.models import RowRole
from encounter_app.ui.shell.fight import FightContext, PlayerRolls
from encounter_app.ui.table.cards import SystemCardsView
from encounter_app.ui.table.profile import Profile
from encounter_app.ui.table.stats_dialog import StatsDialog

if TYPE_CHECKING:
    from encounter_app.ui.table.reference import ScreenTable


def button(text: str, name: str, tip: str, slot: Callable[[], None]) -> QPushButton:
    made: QPushButton = QPushButton(text, objectName=name)
    made.setAccessibleName(text.rstrip("…"))
    made.setToolTip(tip)
    made.clicked.connect(slot)
    return made


class SystemTable(QObject):
    cards_name = "cards"
    card_keys = ""  # what keys a selected card answers to (F1); a system that binds some says

    def __init__(self, context: FightContext, rules: BaseRules, profile: Profile) -> None:
        super().__init__(context.window)
        self.window, self.profile, self.session = context.window, profile, context.session
        self.rules = rules
        self.undo_stack, self.roller, self.say = context.undo_stack, context.roller, context.say
        self.roll_router = context.roller.router  # the dialogs' rolls that are steps of one
        self._rests = context.rests
        self._rests.said.connect(self.say)  # Daggerheart's outcomes say its rests
        initiative_model = context.initiative_model
        self.cards = SystemCardsView(profile)
        self.cards.setModel(initiative_model)
        self.cards.doubleClicked.connect(
            lambda index: self.activate(index.data(RowRole).id))
        self.bar = QHBoxLayout()
        self.bar.setContentsMargins(0, 0, 0, 0)
        self.centre = QWidget(objectName="systemCentre")
        centre = QVBoxLayout(self.centre)
        centre.setContentsMargins(0, 6, 0, 0)
        centre.addWidget(QLabel(f"<b>Combatants</b> — {rules.name}: select a card, "
                                "then act on it (or on whoever is in the spotlight)"))
        centre.addLayout(self.bar)
        centre.addWidget(self.cards, 1)
        # "&" in a title marks a shortcut letter: "Ruins && Raiders" shows one ampersand.
        self.panel = QGroupBox(rules.name.replace("&", "&&"), objectName="systemPanel")
        self.panel.setAccessibleName(f"{rules.name} resources")
        self.panel_layout = QVBoxLayout(self.panel)
        self.sidebar = [self.panel]
        self.log_tabs: list[tuple[QWidget, str]] = []
        self.keyboard_chain: list[QWidget] = []
        self.toolbar_actions: dict[QAction, tuple[str, str]] = {}
        self.tick_before: QAction | None = None
        self.player_rolls: PlayerRolls | None = None  # every roll is made at the table
        self.actions: list[QAction] = []  # the Encounter menu's, with their shortcuts
        self.roll_actions: list[QAction] = []  # the Roll menu's
        self.build()
        self.bar.addStretch()
        self.bar.addWidget(button("Damage…", "damageButton", "Mark damage on the selected card",
                                  self.ask_damage))
        self.bar.addWidget(button("Heal…", "healButton", "Heal the selected card",
                                  self.ask_heal))
        self.bar.addWidget(button("Edit…", "editStatsButton",
                                  "Change the selected combatant's numbers", self.edit))
        self.edit_action = self.action("&Edit the selected combatant…", "Ctrl+E", self.edit)
        if rules.initiative_key:
            self.action("Set &initiative of the selected…", "Ctrl+T", self.ask_initiative)

    def build(self) -> None:
        """Subclasses add their buttons to ``bar`` and widgets to ``panel_layout``."""

    # -- the shell's menus (ui/shell/fight.py) ----------------------------------------------

    def fill_encounter_menu(self, menu: QMenu) -> None:
        self.window.add_keyed(menu, self.actions)
        menu.addSeparator()
        menu.addActions(self._rests.actions)  # one rest: no short and long in these games

    def fill_roll_menu(self, menu: QMenu) -> None:
        self.window.add_keyed(menu, self.roll_actions)

    def fill_view(self, encounter_menu: QMenu, view_menu: QMenu, toolbar: QToolBar) -> None:
        """Nothing of their own: the library and the builder are Daggerheart's."""

    def gm_screen(self) -> QWidget:
        from encounter_app.ui.table.reference import SystemReference  # opened on F2

        return SystemReference(self.screen_tables())

    # -- what the system says in its rules (a subclass answers) ------------------------------

    def screen_tables(self) -> Sequence[ScreenTable]:
        """The GM screen's tables (F2)."""
        return ()

    def next_turn_step(self) -> QUndoCommand | None:
        """The next turn, with what a new round refreshes; None when nobody can act."""
        return turns.next_turn(self.session)

    def initiative_request(self, initiants: tuple[Initiant, ...]) -> InitiativeRequest:
        """Everyone's initiative roll (a system with ``initiative_key`` answers it)."""
        raise NotImplementedError

    def start_battle(self, rows: list[CombatantRow], state: dict[str, Any]
                     ) -> tuple[list[CombatantRow], dict[str, Any]]:
        """The battle's first round after the initiative roll, as the system starts one."""
        return rows, state

    def set_initiative_step(self, combatant_id: int, value: int) -> QUndoCommand:
        return turns.set_initiative(self.session, combatant_id, value)

    def give_turn_step(self, combatant_id: int) -> QUndoCommand:
        return turns.give_turn(self.session, combatant_id)

    def rolls_initiative(self, row: CombatantRow) -> bool:
        """Whether ``row`` rolls its initiative (else it is fixed by its bonus)."""
        return True

    def card_for(self, source: QModelIndex) -> QModelIndex:
        return source  # the cards show the order's own model

    def row_for(self, card: QModelIndex) -> QModelIndex:
        return card

    def reveal(self, source: QModelIndex) -> None:
        """The spotlight moved to ``source``: its card is shown and chosen, so the buttons act
        on the one whose turn it is, not on a card chosen for the turn before."""
        self.cards.selectionModel().setCurrentIndex(
            source, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self.cards.scrollTo(source)

    # -- helpers for subclasses ------------------------------------------------------------

    def action(self, text: str, shortcut: str, slot: Callable[[], None], *,
               roll: bool = False) -> QAction:
        made = QAction(text, self, shortcut=QKeySequence(shortcut) if shortcut else
                       QKeySequence())
        made.triggered.connect(slot)
        (self.roll_actions if roll else self.actions).append(made)
        return made

    def hint(self, text: str) -> QLabel:
        label = QLabel(text)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        self.panel_layout.addWidget(label)
        return label

    def push(self, build: Callable[[], QUndoCommand | None]) -> bool:
        """Push what ``build`` makes; a rule that forbids it is said in the status bar."""
        try:
            command = build()
        except turns.TurnError as exc:
            self.say(str(exc), error=True)
            return False
        return command is not None and self.undo_stack.do(command)

    def row(self, combatant_id: int | None) -> CombatantRow | None:
        index = self.session.combatants.index_of(combatant_id)
        return None if index < 0 else self.session.combatants[index]

    def target(self) -> CombatantRow | None:
        """The selected card, else whoever is in the spotlight; says so when there is none."""
        chosen = self.row(self.cards.selected_id()) or self.row(self.session.active_id)
        if chosen is None:
            self.say("Select a card first (or give someone the spotlight).", error=True)
        return chosen

    # -- what every system does --------------------------------------------------------------

    def next_turn(self) -> None:
        if (not self.push(self.next_turn_step)
                and not self.session.combatants):
            self.say("Nobody can act: add a combatant first.")

    def damage(self, combatant_id: int, amount: int) -> None:
        row = self.row(combatant_id)
        if row is None or amount == 0:
            return
        marked = min(max(row.hp_marked + amount, 0), row.hp_max)
        verb = "Damage" if amount > 0 else "Heal"
        self.undo_stack.push(commands.UpdateCombatant(
            self.session, replace(row, hp_marked=marked), f"{verb} {row.name} {abs(amount)}"))

    def _ask_amount(self, title: str, sign: int) -> None:
        row = self.target()
        if row is None:
            return
        word = self.profile.health_word
        amount, ok = QInputDialog.getInt(self.window, title, f"{word} for {row.name}:", 1, 1,
                                         999)
        if ok:
            self.damage(stored_id(row), sign * amount)

    def ask_damage(self) -> None:
        self._ask_amount("Damage", +1)

    def ask_heal(self) -> None:
        self._ask_amount("Heal", -1)

    def add_combatant(self) -> None:
        dialog = StatsDialog(self.rules, self.window)
        if dialog.exec() == StatsDialog.DialogCode.Accepted:
            self.undo_stack.push(commands.AddCombatant(self.session, dialog.combatant()))

    def edit(self) -> None:
        row = self.target()
        if row is None:
            return
        dialog = StatsDialog(self.rules, self.window, existing=row)
        if dialog.exec() == StatsDialog.DialogCode.Accepted:
            self.undo_stack.push(commands.UpdateCombatant(self.session, dialog.combatant(),
                                                          f"Edit {row.name}"))

    def standing(self, at_least: int = 1) -> list[CombatantRow]:
        """Who is still in the fight; empty, and said, when fewer than ``at_least``."""
        rows = [r for r in self.session.combatants if not r.defeated]
        if len(rows) < at_least:
            self.say("Not enough combatants still standing: add one first.", error=True)
            return []
        return rows

    def roll_initiative(self) -> None:
        """Everyone's initiative in one request; the answer orders the list, one undo step."""
        rows = self.standing()
        if not rows:
            return
        key = self.rules.initiative_key
        request = self.initiative_request(tuple(
            Initiant(stored_id(r), r.name, turns.stat(r, key), rolls=self.rolls_initiative(r))
            for r in rows))

        def record(answer: RollResult[tuple[InitiativeScore, ...]], log: RollRow
                   ) -> QUndoCommand:
            command = turns.apply_initiative(self.session, request, answer.result, log,
                                             self.start_battle)
            if ties := request.ties(answer.result):
                # Asked once the roll is in the log and the order shows it.
                QTimer.singleShot(0, lambda: self.ask_ties(ties))
            return command

        self.roller.roll(request, "The initiative roll", record=record)

    def ask_ties(self, ties: list[list[InitiativeScore]]) -> None:
        """Who is still tied after the rules' order is the GM's to order; each tied group's
        order is one undo step after the roll's."""
        for group in ties:
            left = {s.name: s.combatant_id for s in group}
            order: list[int] = []
            while len(left) > 1:
                names = list(left)
                score = group[0]
                choice, ok = QInputDialog.getItem(
                    self.window, "Initiative tie",
                    f"{' and '.join(names)} are tied at {score.total} (bonus {score.bonus:+d})."
                    f" Who goes {'first' if not order else 'next'}?", names, 0, False)
                if not ok:
                    return  # the order stays as rolled
                order.append(left.pop(choice))
            order += left.values()
            if all(self.row(i) is not None for i in order):
                self.push(partial(turns.settle_tie, self.session, order))

    def ask_initiative(self) -> None:
        """A player rolled initiative at the table: type it in, the order follows."""
        row = self.target()
        if row is None:
            return
        current = turns.effective_initiative(row)
        value, ok = QInputDialog.getInt(self.window, "Set initiative",
                                        f"Initiative of {row.name}:",
                                        10 if current is None else current, -20, 99)
        if ok:
            self.undo_stack.push(self.set_initiative_step(stored_id(row), value))

    def activate(self, combatant_id: int) -> None:
        """Give the turn to someone out of order (a waiting R&R character acting now...)."""
        if self.row(combatant_id) is not None:
            self.undo_stack.push(self.give_turn_step(combatant_id))
