"""A card table: the window part a system builds its ``Fight`` from when every combatant is a
card of the system's numbers (Casus Mus, Ruins & Raiders, Forge of Power, a game of the tests).

``SystemTable`` is what such systems share: cards of every combatant, damage and healing,
adding and editing with the system's numbers, the GM's note, the next turn, rolled initiative,
a card's menu and its keys, the GM screen's tables. A subclass per system adds its rolls, its
resources panel and its turn controls. Every GM action goes through the system's operations
(``services/fight/card_table.py`` and ``systems/<key>/services/operations.py``), called with
ids and numbers: the widgets here ask, and show what those say. Each is a ``Fight``
(ui/shell/fight.py): the shell places its ``centre`` and ``sidebar``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system import BaseRules
from encounter_app.services.fight.card_table import CardTableOperations
from encounter_app.ui.fight.models import RowRole
from encounter_app.ui.shell.fight import FightContext
from encounter_app.ui.table import initiative
from encounter_app.ui.table.asks import ask_number
from encounter_app.ui.table.card_menu import card_keys, card_menu
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
    #: What A or Enter does with a selected card, for F1 ("starts a clash with it
    #: attacking"); "" when the system's cards have no attack of their own.
    attack_words = ""
    attack_item = ""  # the card menu's item for it ("&Clash with it attacking…")
    #: Other keys of the system's own that act on a selected card ("F calls the coin for it").
    own_card_keys: tuple[str, ...] = ()
    operations: CardTableOperations

    def __init__(self, context: FightContext, rules: BaseRules, profile: Profile,
                 operations: CardTableOperations | None = None) -> None:
        super().__init__(context.window)
        self.window, self.profile, self.session = context.window, profile, context.session
        # A system with no turn rules of its own plays with the shared ones.
        self.rules, self.operations = rules, operations or CardTableOperations(
            context.session, context.undo_stack, context.roller, context.say, rules)
        self.roller, self.say = context.roller, context.say
        self.roll_router = context.roller.router  # the dialogs' rolls that are steps of one
        self._edit_note = context.edit_note
        self._rests = context.rests
        self._rests.said.connect(self.say)  # Daggerheart's outcomes say its rests
        self.chosen = context.chosen  # who the keys act on: the row or card chosen last
        self.cards = SystemCardsView(profile)
        self.cards.setModel(context.initiative_model)
        self.cards.doubleClicked.connect(
            lambda index: self.activate(index.data(RowRole).id))
        self.cards.menu_requested.connect(self.show_card_menu)
        self.card_keys = card_keys(self.attack_words, self.own_card_keys)
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
        # Their cards have no compact form and no View choices to remember (ui/shell/fight.py).
        self.view_toggles: dict[str, QAction] = {}
        self.compact_ids: frozenset[int] = frozenset()
        self.actions: list[QAction] = []  # the Encounter menu's, with their shortcuts
        self.roll_actions: list[QAction] = []  # the Roll menu's
        self.card_actions: list[QAction] = []  # a card's menu: the system's own, first
        # A (and Enter, the shell's) on the chosen one: its system's attack.
        self.attack_action = (self.action("&Attack with the selected…", "A", self.attack_chosen,
                                          roll=True) if self.attack_words else None)
        if self.attack_action is not None:
            self.attack_action.setToolTip(f"The selected card {self.attack_words} (A, Enter)")
        self.build()
        self.bar.addStretch()
        self.bar.addWidget(button("Damage…", "damageButton",
                                  "Mark damage on the selected card (D)", self.ask_damage))
        self.bar.addWidget(button("Heal…", "healButton", "Heal the selected card (Shift+D)",
                                  self.ask_heal))
        self.bar.addWidget(button("Edit…", "editStatsButton",
                                  "Change the selected combatant's numbers (Ctrl+E)",
                                  self.edit))
        self.damage_action = self.action("&Damage the selected…", "D", self.ask_damage)
        self.heal_action = self.action("&Heal the selected…", "Shift+D", self.ask_heal)
        self.edit_action = self.action("&Edit the selected combatant…", "Ctrl+E", self.edit)
        self.note_action = self.action("G&M note on the selected…", "Shift+N",
                                       self.note)
        self.initiative_action = (self.action("Set &initiative of the selected…", "Ctrl+T",
                                              self.ask_initiative)
                                  if rules.initiative_key else None)

    def build(self) -> None:
        """Subclasses add their buttons to ``bar``, widgets to ``panel_layout``, and the
        actions a card's menu offers first to ``card_actions``."""

    # -- the shell's menus (ui/shell/fight.py) ------------------------------------------------

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

    def screen_tables(self) -> Sequence[ScreenTable]:
        """The GM screen's tables (F2); a subclass answers."""
        return ()

    # -- a card's own: its attack (A, Enter) and its menu (the Menu key, a right click) -------

    def attack_with(self, combatant_id: int) -> None:
        """The system's attack with this combatant attacking (``attack_words`` says what)."""

    def attack_chosen(self) -> None:
        """A or Enter: the chosen card (else whoever is in the spotlight) attacks; said when
        nobody can."""
        row = self.target()
        if row is None or self.operations.refused():  # refused: a finished encounter, said
            return
        if not self.attack_words:
            self.say(f"{self.rules.name} has no attack of its own on a card.", error=True)
        elif row.defeated:
            self.say(f"{row.name} is down: it cannot attack.", error=True)
        else:
            self.attack_with(stored_id(row))

    def show_card_menu(self, combatant_id: int, at: QPoint) -> None:
        self.open_menu(combatant_id, at)

    def open_menu(self, combatant_id: int, at: QPoint, extra: Sequence[QAction] = ()) -> bool:
        """The card's menu at ``at``, ``extra`` at its end (every combatant has a card)."""
        row = self.row(combatant_id)
        if row is None:
            return False
        generic = [self.damage_action, self.heal_action, self.edit_action,
                   *([self.initiative_action] if self.initiative_action else []),
                   self.note_action]
        attack = self.attack_item if self.attack_words else ""
        menu = card_menu(row, self.cards, attack=(attack, self.attack_with),
                         own=self.card_actions, generic=generic,
                         give_turn=lambda: self.activate(combatant_id))
        if extra:
            menu.addSeparator()
            menu.addActions(list(extra))
        menu.exec(at)
        menu.deleteLater()
        return True

    # -- the selection and the spotlight ------------------------------------------------------

    def set_card_compact(self, combatant_id: int, compact: bool) -> None:
        """Nothing: these cards have no compact form (the Fight protocol asks every system)."""

    def card_for(self, source: QModelIndex) -> QModelIndex:
        return source  # the cards show the order's own model

    def row_for(self, card: QModelIndex) -> QModelIndex:
        return card

    def acting_id(self, card: QModelIndex) -> int | None:
        row = card.data(RowRole)
        return row.id if isinstance(row, CombatantRow) else None

    def reveal(self, source: QModelIndex) -> None:
        """The spotlight moved to ``source``: its card is shown and chosen, so the buttons act
        on the one whose turn it is, not on a card chosen for the turn before."""
        self.cards.selectionModel().setCurrentIndex(
            source, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self.cards.scrollTo(source)

    # -- helpers for subclasses ---------------------------------------------------------------

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

    def row(self, combatant_id: int | None) -> CombatantRow | None:
        return self.operations.row(combatant_id)

    def chosen_id(self) -> int | None:
        """The combatant chosen last (its card or its row in the order), else whoever is in
        the spotlight (None: nobody)."""
        chosen = self.chosen.id
        return chosen if chosen is not None else self.session.active_id

    def target(self) -> CombatantRow | None:
        """The chosen card, else whoever is in the spotlight; says so when there is none."""
        chosen = self.row(self.chosen_id())
        if chosen is None:
            self.say("Select a card or a row of the order first (or give someone the "
                     "spotlight).", error=True)
        return chosen

    def standing(self, at_least: int = 1) -> list[CombatantRow]:
        """Who is still in the fight; empty, and said, when fewer than ``at_least``."""
        return self.operations.standing(at_least)

    # -- what every system does ---------------------------------------------------------------

    def next_turn(self) -> None:
        self.operations.next_turn()

    def _ask_amount(self, title: str, verb: str, mark: Callable[[int, int], bool]) -> None:
        row = self.target()
        if row is None or self.operations.refused():  # refused: a finished encounter, said
            return
        amount = ask_number(self.window, title,
                            f"{self.profile.health_word} to {verb} on {row.name}:", title, 1,
                            1, 999)
        if amount is not None:
            mark(stored_id(row), amount)

    def ask_damage(self) -> None:
        self._ask_amount("Damage", "mark", self.operations.damage)

    def ask_heal(self) -> None:
        self._ask_amount("Heal", "clear", self.operations.heal)

    def add_combatant(self) -> None:
        dialog = StatsDialog(self.rules, self.window)
        if dialog.exec() == StatsDialog.DialogCode.Accepted:
            self.operations.add(dialog.combatant())

    def edit(self) -> None:
        row = self.target()
        if row is None:
            return
        dialog = StatsDialog(self.rules, self.window, existing=row)
        if dialog.exec() == StatsDialog.DialogCode.Accepted:
            self.operations.edit(dialog.combatant())

    def note(self) -> None:
        """The GM's note on the selected card (or whoever is in the spotlight)."""
        row = self.target()
        if row is not None:
            self._edit_note(stored_id(row))

    def roll_initiative(self) -> None:
        """Everyone's initiative in one roll: asked first when it would clear what the fight
        has, refused where the text keeps the order for the battle."""
        initiative.roll(self.window, self.operations)

    def ask_ties(self, ties: initiative.Ties) -> None:
        initiative.ask_ties(self.window, self.operations, ties)

    def ask_initiative(self) -> None:
        """A player rolled initiative at the table: type it in, the order follows."""
        row = self.target()
        if row is not None:
            initiative.ask_value(self.window, self.operations, row)

    def activate(self, combatant_id: int) -> None:
        """Give the turn to someone out of order (a waiting R&R character acting now...)."""
        self.operations.give_turn(combatant_id)
