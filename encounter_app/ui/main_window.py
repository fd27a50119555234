"""The main window: spotlight order on the left, adversary cards in the middle, the sidebar.

The window turns what the GM does into undo commands and roll requests; it holds no game state.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTabWidget,
    QToolButton,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from encounter_app.rules import dice
from encounter_app.services import adversary_actions, commands
from encounter_app.services.roll_router import RollRouter
from encounter_app.services.roll_text import describe
from encounter_app.services.rules_service import DiceRequest, RollResult, RulesService
from encounter_app.services.session import EncounterSession
from encounter_app.store import Store
from encounter_app.ui import backup_dialogs
from encounter_app.ui.card_menu import CardActions, GmTurnBar
from encounter_app.ui.cards import AdversaryCardsView
from encounter_app.ui.countdowns import CountdownPanel
from encounter_app.ui.exchange_actions import ExchangeActions
from encounter_app.ui.fear_tracker import FearTracker
from encounter_app.ui.initiative import InitiativePanel
from encounter_app.ui.listviews import PaintedListView
from encounter_app.ui.models import (
    AdversaryCardsModel,
    CountdownModel,
    FearLedgerModel,
    InitiativeModel,
    RollLogModel,
)
from encounter_app.ui.outcomes import OutcomeRecorder
from encounter_app.ui.problem import ProblemLabel
from encounter_app.ui.roll_actions import RollActions
from encounter_app.ui.roll_log import RollLogView
from encounter_app.ui.scene import SceneIntensityPanel


class DiceRoller(QWidget):
    """A line to type any dice expression; it says what is wrong before anything is rolled."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit(placeholderText="Roll dice, e.g. 2d6+3 or 1d20+5",
                              objectName="diceEdit")
        self.edit.setAccessibleName("Dice expression")
        self.button = QPushButton("Roll", objectName="diceRollButton")
        self.button.setAccessibleName("Roll the dice expression")
        self.error = ProblemLabel("diceError")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(self.button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.error)
        self.edit.textChanged.connect(self.validate)
        self.validate()

    def validate(self) -> bool:
        text = self.edit.text().strip()
        message = ""
        if text:
            try:
                dice.max_dice(text)
            except dice.DiceError as exc:
                message = str(exc)
        self.error.say(message)
        self.button.setEnabled(bool(text) and not message)
        return bool(text) and not message


class StackButton(QToolButton):
    """A short "Undo"/"Redo" button whose tooltip names the command it would undo or redo."""

    def __init__(self, label: str, name: str) -> None:
        super().__init__(objectName=name, text=label)
        self._word = label.split()[-1]
        self.setAccessibleName(self._word)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.setEnabled(False)
        self.describe("")

    def describe(self, command: str) -> None:
        self.setToolTip(f"{self._word} {command}" if command
                        else f"Nothing to {self._word.lower()}")


class MainWindow(QMainWindow):
    restore_requested = Signal(object)  # Path of the backup the GM chose; app.py restores it
    open_encounter_requested = Signal(int, str)  # an encounter to open, what to tell the GM

    def __init__(self, store: Store, session: EncounterSession, rules_service: RulesService,
                 undo_stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.store = store
        self.session = session
        self.rules_service = rules_service
        self.undo_stack = undo_stack
        # Every roll the window asks for comes back through here to whoever asked.
        self.roll_router = RollRouter(rules_service, self)
        self.setWindowTitle(f"{session.encounter.name} — Encounter Manager")

        self.initiative_model = InitiativeModel(session, undo_stack, self)
        self.cards_model = AdversaryCardsModel(self)
        self.cards_model.setSourceModel(self.initiative_model)
        self.countdown_model = CountdownModel(session, self)
        self.roll_log_model = RollLogModel(session, self)
        self.fear_ledger_model = FearLedgerModel(session, self)

        self.initiative = InitiativePanel(self.initiative_model)
        self.cards = AdversaryCardsView()
        self.cards.setModel(self.cards_model)
        self.exchange = ExchangeActions(store, session, undo_stack, self.show_message, self)
        self.card_actions = CardActions(session, undo_stack, self.show_message, self,
                                        export=lambda stats: self.exchange.export_stat_blocks(
                                            [stats]))
        self.gm_turn_bar = GmTurnBar(self.cards, self.card_actions)
        self.fear_tracker = FearTracker(session, undo_stack)
        self.scene = SceneIntensityPanel(session, undo_stack)
        self.rolls = RollActions(self, session, undo_stack, self.submit, self.show_message)
        self.countdowns = CountdownPanel(session, self.countdown_model, undo_stack,
                                         self.roll_router)
        self.outcomes = OutcomeRecorder(session, undo_stack, self.roll_router)
        self.dice_roller = DiceRoller()
        self.roll_log = RollLogView(self.roll_log_model)
        self.fear_ledger = PaintedListView("No Fear gained or spent yet.")
        self.fear_ledger.setObjectName("fearLedger")
        self.fear_ledger.setAccessibleName("Fear ledger")
        self.fear_ledger.setModel(self.fear_ledger_model)
        # Entries wrap over two lines in a narrow sidebar: shade every other one so each
        # gain or spend reads as one line of the ledger.
        self.fear_ledger.setAlternatingRowColors(True)
        self.fear_ledger.setSpacing(1)

        self._build_layout()
        self._build_actions()
        self._connect()
        self._turn_changed()
        self.resize(1400, 860)

    # -- building ---------------------------------------------------------------------------

    def _build_layout(self) -> None:
        sidebar = QWidget(objectName="sidebar")
        side = QVBoxLayout(sidebar)
        side.setContentsMargins(6, 6, 6, 6)
        side.addWidget(self.fear_tracker)
        side.addWidget(self.scene)
        log_box = QWidget()
        log_layout = QVBoxLayout(log_box)
        log_layout.setContentsMargins(0, 0, 0, 0)
        log_layout.addWidget(self.dice_roller)
        self.log_tabs = QTabWidget(objectName="logTabs")
        self.log_tabs.addTab(self.roll_log, "Roll log")
        self.log_tabs.addTab(self.fear_ledger, "Fear ledger")
        log_layout.addWidget(self.log_tabs, 1)
        side_split = QSplitter(Qt.Orientation.Vertical)
        side_split.addWidget(self.countdowns)
        side_split.addWidget(log_box)
        side_split.setStretchFactor(0, 2)
        side_split.setStretchFactor(1, 3)
        side.addWidget(side_split, 1)

        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(0, 6, 0, 0)
        centre_layout.addWidget(QLabel("<b>Adversaries</b> — click pips to mark HP and Stress"))
        centre_layout.addWidget(self.gm_turn_bar)
        centre_layout.addWidget(self.cards, 1)
        centre_layout.addWidget(self.outcomes)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, objectName="mainSplitter")
        self.splitter.addWidget(self.initiative)
        self.splitter.addWidget(centre)
        self.splitter.addWidget(sidebar)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([250, 800, 340])
        self.splitter.setChildrenCollapsible(False)
        self.setCentralWidget(self.splitter)

        self.status_label = QLabel(objectName="statusMessage")
        self.statusBar().addWidget(self.status_label, 1)

    def _build_actions(self) -> None:
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.next_action = QAction("&Next turn", self, shortcut=QKeySequence("N"))
        self.next_action.triggered.connect(self.next_turn)
        self.add_action = QAction("&Add combatant…", self, shortcut=QKeySequence("Ctrl+N"))
        self.add_action.triggered.connect(self.add_combatant)
        self.fear_up_action = QAction("Gain a &Fear", self, shortcut=QKeySequence("+"))
        self.fear_up_action.triggered.connect(self.fear_tracker.gain)
        self.fear_down_action = QAction("&Spend a Fear", self, shortcut=QKeySequence("-"))
        self.fear_down_action.triggered.connect(self.fear_tracker.spend)
        self.quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.backup_action = QAction("&Back up…", self)
        self.backup_action.triggered.connect(self.back_up)
        self.restore_action = QAction("&Restore…", self)
        self.restore_action.triggered.connect(self.choose_restore)

        menu = self.menuBar()
        file_menu = menu.addMenu("&File")
        for action in self.exchange.actions():
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.backup_action)
        file_menu.addAction(self.restore_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = menu.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        encounter_menu = menu.addMenu("E&ncounter")
        for action in (self.next_action, self.add_action, self.fear_up_action,
                       self.fear_down_action):
            encounter_menu.addAction(action)
            self.addAction(action)  # shortcuts work with the menu closed
        encounter_menu.addAction(self.card_actions.end_turn_action)
        self.addAction(self.card_actions.end_turn_action)
        encounter_menu.addSeparator()
        for action in self.outcomes.menu_actions():
            encounter_menu.addAction(action)
            self.addAction(action)
        self.rolls.fill(menu.addMenu("&Roll"))

        self.history_dock = QDockWidget("History", self, objectName="historyDock")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.history_dock.hide()
        self.history_dock.visibilityChanged.connect(self._build_history)
        self.gm_screen_dock = QDockWidget("GM screen", self, objectName="gmScreenDock")
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.gm_screen_dock)
        self.gm_screen_dock.hide()
        self.gm_screen_dock.visibilityChanged.connect(self._build_gm_screen)
        view_menu = menu.addMenu("&View")
        view_menu.addAction(self.history_dock.toggleViewAction())
        gm_screen_action = self.gm_screen_dock.toggleViewAction()
        gm_screen_action.setShortcut(QKeySequence("F2"))
        view_menu.addAction(gm_screen_action)

        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("mainToolBar")
        toolbar.setMovable(False)
        # The stack's own actions name the command ("Undo Roll: …"), which would make the
        # toolbar as wide as the longest roll; the buttons keep a short label and say the rest
        # in their tooltip.
        self.undo_button = self._stack_button("undoButton", "↶ Undo", self.undo_stack.undo,
                                              self.undo_stack.canUndoChanged,
                                              self.undo_stack.undoTextChanged)
        self.redo_button = self._stack_button("redoButton", "↷ Redo", self.undo_stack.redo,
                                              self.undo_stack.canRedoChanged,
                                              self.undo_stack.redoTextChanged)
        toolbar.addWidget(self.undo_button)
        toolbar.addWidget(self.redo_button)
        toolbar.addSeparator()
        toolbar.addAction(gm_screen_action)

    # The docks start hidden: what they hold is made the first time they are shown, not before
    # the window's first paint (docs/performance.md). The GM screen's tables size every row to
    # its text, a fifth of the start-up for a panel that opens on F2.

    def _build_history(self, visible: bool) -> None:
        if visible and self.history_dock.widget() is None:
            self.history_dock.setWidget(QUndoView(self.undo_stack))

    def _build_gm_screen(self, visible: bool) -> None:
        if visible and self.gm_screen_dock.widget() is None:
            from encounter_app.ui.reference import GmScreen

            self.gm_screen_dock.setWidget(GmScreen())

    def _stack_button(self, name: str, label: str, slot, can_changed, text_changed
                      ) -> QToolButton:
        button = StackButton(label, name)
        button.clicked.connect(slot)
        can_changed.connect(button.setEnabled)
        text_changed.connect(button.describe)
        return button

    def _connect(self) -> None:
        self.initiative.add_requested.connect(self.add_combatant)
        self.initiative.remove_requested.connect(self.remove_combatant)
        self.initiative.activate_requested.connect(self.activate_row)
        self.initiative.next_requested.connect(self.next_turn)
        self.initiative.move_requested.connect(
            lambda source, destination: self.undo_stack.push(
                commands.MoveCombatant(self.session, source, destination)))
        self.cards.marks_requested.connect(self.set_marks)
        self.cards.attack_requested.connect(self.rolls.attack)
        self.cards.menu_requested.connect(self.card_actions.show_menu)
        self.cards.condition_clear_requested.connect(self.card_actions.remove_condition)
        self.cards.damage_requested.connect(self.card_actions.damage)
        self.dice_roller.button.clicked.connect(self.roll_dice)
        self.dice_roller.edit.returnPressed.connect(self.roll_dice)
        self.session.turn_changed.connect(self._turn_changed)
        self.exchange.encounter_imported.connect(self.open_encounter_requested)
        self.roll_router.failed.connect(lambda message: self.show_message(message, error=True))

    # -- what the GM does -------------------------------------------------------------------

    def add_combatant(self) -> None:
        from encounter_app.ui.dialogs import AddCombatantDialog  # see ui/__init__.py

        dialog = AddCombatantDialog(self.store.templates(), self)
        if dialog.exec() == AddCombatantDialog.DialogCode.Accepted:
            row = dialog.combatant()
            self.undo_stack.push(commands.AddCombatant(self.session, row))

    def remove_combatant(self, row: int) -> None:
        self.undo_stack.push(commands.RemoveCombatant(self.session, row))

    def activate_row(self, row: int) -> None:
        target = self.session.combatants[row]
        if target.kind == "adversary":  # Relentless and Slow apply
            self.card_actions.spotlight(target.id)
            return
        self.undo_stack.push(adversary_actions.pass_turn(
            self.session, target.id, self.session.round, f"Spotlight {target.name}"))

    def next_turn(self) -> None:
        active_id, round_ = self.session.next_turn()
        if active_id is None:
            self.show_message("Nobody can take the spotlight: add a combatant first.")
            return
        self.undo_stack.push(adversary_actions.pass_turn(self.session, active_id, round_))

    def set_marks(self, combatant_id: int, hp_marked: int, stress_marked: int) -> None:
        self.undo_stack.push(commands.SetMarks(self.session, combatant_id, hp_marked,
                                               stress_marked))

    def attack(self, combatant_id: int) -> None:
        self.rolls.attack(combatant_id)

    def roll_dice(self) -> None:
        if self.dice_roller.validate():
            self.submit(DiceRequest(self.dice_roller.edit.text().strip()))

    def submit(self, request) -> int:
        """Roll a plain request; its answer goes into the log as one undoable line."""
        return self.roll_router.submit(request, self._record, "The roll failed")

    def back_up(self) -> None:
        target = backup_dialogs.back_up(self, self.store)
        if target is not None:
            self.show_message(f"Backed up to {target}")

    def choose_restore(self) -> None:
        chosen = backup_dialogs.ask_restore(self, self.store)
        if chosen is not None:
            self.restore_requested.emit(chosen)

    def detach(self) -> None:
        """Stop taking answers from the rules service: this window is being replaced."""
        self.roll_router.detach()

    def _record(self, answer: RollResult) -> None:
        row = describe(answer)
        self.undo_stack.push(commands.RecordRoll(self.session, row))
        self.show_message(row.summary)
        self.roll_log.scrollToTop()

    def show_message(self, text: str, *, error: bool = False) -> None:
        self.status_label.setText(text)
        self.status_label.setStyleSheet("color: #c0392b; font-weight: bold;" if error else "")
        self.status_label.setAccessibleDescription(text)

    def _turn_changed(self) -> None:
        self.initiative.set_round(self.session.round)
        row = self.session.combatants.index_of(self.session.active_id)
        if row >= 0:
            self.initiative.view.scrollTo(self.initiative_model.index(row))
            source = self.initiative_model.index(row)
            card = self.cards_model.mapFromSource(source)
            if card.isValid():
                self.cards.scrollTo(card)
