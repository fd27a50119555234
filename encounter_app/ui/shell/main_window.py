"""The main window: spotlight order on the left, adversary cards in the middle, the sidebar.

The window turns what the GM does into undo commands and roll requests; it holds no game state.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.services.campaigns.operations import NewSessionHooks
from encounter_app.services.fight import adversary_operations as adversary_actions
from encounter_app.services.fight import commands
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.rolls.odds_cache import OddsCache
from encounter_app.services.rolls.router import RollRouter
from encounter_app.services.rolls.rules_service import RulesService
from encounter_app.store import Store
from encounter_app.ui.exchange.actions import ExchangeActions
from encounter_app.ui.fight.card_menu import CardActions, GmTurnBar
from encounter_app.ui.fight.cards import AdversaryCardsView
from encounter_app.ui.fight.countdowns import CountdownPanel
from encounter_app.ui.fight.fear_tracker import FearTracker
from encounter_app.ui.fight.initiative import InitiativePanel
from encounter_app.ui.fight.models import (
    AdversaryCardsModel,
    CountdownModel,
    FearLedgerModel,
    InitiativeModel,
    RollLogModel,
)
from encounter_app.ui.fight.rests import RestActions
from encounter_app.ui.fight.rolls.actions import RollActions
from encounter_app.ui.fight.rolls.log import RollLogView
from encounter_app.ui.fight.rolls.odds import OddsPreview
from encounter_app.ui.fight.rolls.outcomes import OutcomeRecorder
from encounter_app.ui.fight.scene import SceneIntensityPanel
from encounter_app.ui.library.actions import LibraryActions
from encounter_app.ui.shell import theme
from encounter_app.ui.shell.window_parts import DiceRoller, StackButton
from encounter_app.ui.systems.build import build_table, profile_for
from encounter_app.ui.widgets.listviews import PaintedListView

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog

class MainWindow(QMainWindow):
    restore_requested = Signal(object)  # Path of the backup the GM chose; app.py restores it
    # An encounter to open (chosen in the campaign view, or just imported) and what to tell
    # the GM (empty: app.py says); app.py rebuilds the window on it.
    open_encounter_requested = Signal(int, str)
    # The window closes: its layout is remembered, the players' window goes with it. (A
    # signal, not event filters: those put every event the window gets through Python.)
    closing = Signal()

    def __init__(self, store: Store, session: EncounterSession, rules_service: RulesService,
                 undo_stack: QUndoStack, parent: QWidget | None = None, *,
                 session_hooks: NewSessionHooks | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.store = store
        self.session = session
        self.rules_service = rules_service
        self.undo_stack = undo_stack
        # Every roll the window asks for comes back through here to whoever asked.
        self.roll_router = RollRouter(rules_service, self)
        # Per-session refreshes other systems register (campaign_actions.NewSessionHooks).
        self.session_hooks = session_hooks or NewSessionHooks()
        self.campaign_manager: QDialog | None = None  # made when first opened
        self.update_title()

        self.initiative_model = InitiativeModel(session, undo_stack, self)
        self.cards_model = AdversaryCardsModel(self)
        self.cards_model.setSourceModel(self.initiative_model)
        self.countdown_model = CountdownModel(session, self)
        self.roll_log_model = RollLogModel(session, self)
        self.fear_ledger_model = FearLedgerModel(session, self)

        # The campaign's rule system picks the window's parts, here and nowhere else:
        # Daggerheart's own below, or a system table (ui/systems) for the others.
        self.profile = profile_for(session.campaign.system)
        self.system_table = None if self.profile is None else build_table(
            self.profile, self, session, undo_stack, self.roll_router, self.initiative_model,
            self.show_message)
        self.rests = RestActions(session, undo_stack, self.roll_router, self)
        self.exchange = ExchangeActions(store, session, undo_stack, self.show_message, self)
        self.initiative = InitiativePanel(self.initiative_model, profile=self.profile)
        self.countdowns = CountdownPanel(session, self.countdown_model, undo_stack,
                                         self.roll_router)
        self.dice_roller = DiceRoller()
        self.roll_log = RollLogView(self.roll_log_model)
        if self.system_table is None:
            self._build_daggerheart()
        self._build_layout()
        self._build_actions()
        self._connect()
        self._turn_changed()
        self.resize(1400, 860)

    def _build_daggerheart(self) -> None:
        session, undo_stack = self.session, self.undo_stack
        self.cards = AdversaryCardsView()
        self.cards.setModel(self.cards_model)
        self.card_actions = CardActions(session, undo_stack, self.show_message, self,
                                        export=lambda stats: self.exchange.export_stat_blocks(
                                            [stats]), note=self.edit_note)
        self.gm_turn_bar = GmTurnBar(self.cards, self.card_actions)
        self.fear_tracker = FearTracker(session, undo_stack)
        self.scene = SceneIntensityPanel(session, undo_stack)
        self.odds_cache = OddsCache(self.roll_router, self)
        self.rolls = RollActions(self, session, undo_stack, self.submit, self.show_message,
                                 odds=self.odds_cache)
        self.outcomes = OutcomeRecorder(session, undo_stack, self.rests)
        self.odds_preview = OddsPreview(session, self.odds_cache)
        # The library holds Daggerheart stat blocks and environments, and builds to its budget.
        self.library = LibraryActions(self, self.store, session, undo_stack, self.show_message)
        self.fear_ledger = PaintedListView("No Fear gained or spent yet.")
        self.fear_ledger.setObjectName("fearLedger")
        self.fear_ledger.setAccessibleName("Fear ledger")
        self.fear_ledger.setModel(self.fear_ledger_model)
        # Entries wrap over two lines in a narrow sidebar: shade every other one so each
        # gain or spend reads as one line of the ledger.
        self.fear_ledger.setAlternatingRowColors(True)
        self.fear_ledger.setSpacing(1)

    # -- building ---------------------------------------------------------------------------

    def _build_layout(self) -> None:
        sidebar = QWidget(objectName="sidebar")
        side = QVBoxLayout(sidebar)
        side.setContentsMargins(6, 6, 6, 6)
        if self.system_table is None:
            side.addWidget(self.fear_tracker)
            side.addWidget(self.scene)
            side.addWidget(self.library.environment_panel)
        else:
            side.addWidget(self.system_table.panel)
        log_box = QWidget()
        log_layout = QVBoxLayout(log_box)
        log_layout.setContentsMargins(0, 0, 0, 0)
        log_layout.addWidget(self.dice_roller)
        self.log_tabs = QTabWidget(objectName="logTabs")
        self.log_tabs.addTab(self.roll_log, "Roll log")
        if self.system_table is None:
            self.log_tabs.addTab(self.fear_ledger, "Fear ledger")
        log_layout.addWidget(self.log_tabs, 1)
        self.side_splitter = QSplitter(Qt.Orientation.Vertical, objectName="sideSplitter")
        self.side_splitter.addWidget(self.countdowns)
        self.side_splitter.addWidget(log_box)
        self.side_splitter.setStretchFactor(0, 2)
        self.side_splitter.setStretchFactor(1, 3)
        side.addWidget(self.side_splitter, 1)

        if self.system_table is None:
            centre = QWidget()
            centre_layout = QVBoxLayout(centre)
            centre_layout.setContentsMargins(0, 6, 0, 0)
            centre_layout.addWidget(QLabel("<b>Adversaries</b> — click pips to mark HP and "
                                           "Stress"))
            centre_layout.addWidget(self.gm_turn_bar)
            centre_layout.addWidget(self.cards, 1)
            centre_layout.addWidget(self.odds_preview)
            centre_layout.addWidget(self.outcomes)
        else:
            centre = self.system_table.centre

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
        if self.system_table is None:
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
        self.manage_campaigns_action = QAction("&Manage campaigns…", self,
                                               shortcut=QKeySequence("Ctrl+Shift+O"))
        self.manage_campaigns_action.setIconText("Campaigns")
        self.manage_campaigns_action.setToolTip("Campaigns, encounters, the party, notes and "
                                                "rests (Ctrl+Shift+O)")
        self.manage_campaigns_action.triggered.connect(self.manage_campaigns)
        self._add_keyed(menu.addMenu("&Campaign"), [self.manage_campaigns_action])
        edit_menu = menu.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        # Kept: the table controls (table_view.py) add to them.
        self.encounter_menu = encounter_menu = menu.addMenu("E&ncounter")
        if self.system_table is not None:
            self._add_keyed(encounter_menu,
                            [self.next_action, self.add_action, *self.system_table.actions])
            encounter_menu.addSeparator()
            encounter_menu.addActions([self.rests.short_rest_action, self.rests.long_rest_action])
            self.rests.said.connect(self.show_message)
            self._add_keyed(menu.addMenu("&Roll"), self.system_table.roll_actions)
        else:
            self._daggerheart_actions(menu, encounter_menu)

        self.history_dock = QDockWidget("History", self, objectName="historyDock")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.history_dock.hide()
        self.history_dock.visibilityChanged.connect(self._build_history)
        self.gm_screen_dock = QDockWidget("GM screen", self, objectName="gmScreenDock")
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.gm_screen_dock)
        self.gm_screen_dock.hide()
        self.gm_screen_dock.visibilityChanged.connect(self._build_gm_screen)
        self.view_menu = view_menu = menu.addMenu("&View")
        view_menu.addAction(self.history_dock.toggleViewAction())
        gm_screen_action = self.gm_screen_dock.toggleViewAction()
        gm_screen_action.setShortcut(QKeySequence("F2"))
        view_menu.addAction(gm_screen_action)

        self.toolbar = toolbar = self.addToolBar("Main")
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
        if self.system_table is None:
            self.library.fill(encounter_menu, view_menu, toolbar)
        toolbar.addAction(self.manage_campaigns_action)

    def _add_keyed(self, menu, actions) -> None:
        """Into ``menu``, and onto the window: their keys work with the menu closed."""
        for action in actions:
            menu.addAction(action)
            self.addAction(action)

    def _daggerheart_actions(self, menu, encounter_menu) -> None:
        self._add_keyed(encounter_menu, [self.next_action, self.add_action, self.fear_up_action,
                                         self.fear_down_action, self.card_actions.end_turn_action])
        encounter_menu.addSeparator()
        self._add_keyed(encounter_menu, self.outcomes.menu_actions())
        self.rolls.fill(menu.addMenu("&Roll"))

    # The docks start hidden: what they hold is made the first time they are shown, not before
    # the window's first paint (docs/performance.md). The GM screen's tables size every row to
    # its text, a fifth of the start-up for a panel that opens on F2.

    def _build_history(self, visible: bool) -> None:
        if visible and self.history_dock.widget() is None:
            from PySide6.QtWidgets import QUndoView  # a hidden dock's: ui/__init__.py

            self.history_dock.setWidget(QUndoView(self.undo_stack))

    def _build_gm_screen(self, visible: bool) -> None:
        if visible and self.gm_screen_dock.widget() is None:
            if self.system_table is not None:
                from encounter_app.ui.systems.reference import SystemReference

                self.gm_screen_dock.setWidget(SystemReference(self.profile.key))
                return
            from encounter_app.ui.fight.gm_screen import GmScreen

            self.gm_screen_dock.setWidget(GmScreen())

    def edit_note(self, combatant_id: int) -> None:
        from encounter_app.ui.fight.combatant_note import edit_note  # see ui/__init__.py

        edit_note(self, self.session, self.undo_stack, combatant_id)

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
        self.initiative.move_requested.connect(self.initiative_model.push_move)
        self.initiative.note_requested.connect(self.edit_note)
        if self.system_table is None:
            self.cards.marks_requested.connect(self.set_marks)
            self.cards.attack_requested.connect(self.rolls.attack)
            self.cards.menu_requested.connect(self.card_actions.show_menu)
            self.cards.condition_clear_requested.connect(self.card_actions.remove_condition)
            self.cards.damage_requested.connect(self.card_actions.damage)
            # What an import adds or its undo takes away shows in the library at once.
            self.exchange.library_changed.connect(self.library.reload)
        self.dice_roller.button.clicked.connect(self.roll_dice)
        self.dice_roller.edit.returnPressed.connect(self.roll_dice)
        self.session.turn_changed.connect(self._turn_changed)
        self.exchange.encounter_imported.connect(self.open_encounter_requested)
        self.roll_router.failed.connect(lambda message: self.show_message(message, error=True))

    # -- what the GM does -------------------------------------------------------------------

    def add_combatant(self) -> None:
        if self.system_table is not None:
            self.system_table.add_combatant()
            return
        from encounter_app.ui.fight.add_combatant import AddCombatantDialog  # see ui/__init__.py

        dialog = AddCombatantDialog(self.store.templates(), self)
        if dialog.exec() == AddCombatantDialog.DialogCode.Accepted:
            self.join(dialog.combatant())

    def join(self, row: CombatantRow) -> None:
        """Add ``row`` at the end of the order; a second Sentry joins as "Sentry 2", so every
        card and row is told apart (as the library and the builder name them)."""
        from encounter_app.services.library.builder import fight_names

        if row.kind == "adversary":
            [name] = fight_names(row.name, 1, (c.name for c in self.session.combatants))
            row = replace(row, name=name)
        self.undo_stack.push(commands.AddCombatant(self.session, row))

    def remove_combatant(self, row: int) -> None:
        self.undo_stack.push(commands.RemoveCombatant(self.session, row))

    def activate_row(self, row: int) -> None:
        target = self.session.combatants[row]
        if self.system_table is not None:
            self.system_table.activate(target.id)
            return
        if target.kind == "adversary":  # Relentless and Slow apply
            self.card_actions.spotlight(target.id)
            return
        self.undo_stack.push(adversary_actions.pass_turn(
            self.session, target.id, self.session.round, f"Spotlight {target.name}"))

    def next_turn(self) -> None:
        if self.system_table is not None:
            self.system_table.next_turn()
            return
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
        from encounter_app.ui.shell import backup_dialogs  # dialogs load when first asked for

        target = backup_dialogs.back_up(self, self.store)
        if target is not None:
            self.show_message(f"Backed up to {target}")

    def choose_restore(self) -> None:
        from encounter_app.ui.shell import backup_dialogs

        chosen = backup_dialogs.ask_restore(self, self.store)
        if chosen is not None:
            self.restore_requested.emit(chosen)

    def manage_campaigns(self) -> QDialog:
        """Show the campaign view (made the first time: it is not needed to start)."""
        from encounter_app.ui.campaigns import dialog as campaign_dialog  # see ui/__init__.py

        return campaign_dialog.show_for(self)

    def update_title(self) -> None:
        # From the store: the campaign view may have renamed either since the session began.
        campaign = self.store.campaign(self.session.campaign.id)
        encounter = self.store.encounter(self.session.encounter_id)
        self.setWindowTitle(f"{encounter.name} — {campaign.name} — Encounter Manager")

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        if event.isAccepted():
            self.closing.emit()

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
        self.status_label.setStyleSheet(theme.error_style(self, bold=True) if error else "")
        self.status_label.setAccessibleDescription(text)

    def _turn_changed(self) -> None:
        self.initiative.set_round(self.session.round)
        row = self.session.combatants.index_of(self.session.active_id)
        if row >= 0:
            self.initiative.view.scrollTo(self.initiative_model.index(row))
            source = self.initiative_model.index(row)
            if self.system_table is not None:
                self.system_table.cards.scrollTo(source)
                return
            card = self.cards_model.mapFromSource(source)
            if card.isValid():
                self.cards.scrollTo(card)
