"""The main window's shell, the same for every rule system: menus, toolbar, status line, undo,
the spotlight order on the left, the countdowns, dice line and roll log in the sidebar, and the
docks. The campaign's system brings the rest (``ui/shell/fight.py``): Daggerheart's adversary
cards, Fear and library, or another system's cards and resources.

The window hands what the GM does to the fight's operations (services/fight/operations.py) and
its rolls to the roller; it builds no undo command and holds no game state.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QLabel,
    QMenu,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.requests import DiceRequest, RollRequest
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system import Catalog
from encounter_app.services.campaigns.operations import NewSessionHooks
from encounter_app.services.exchange_operations import ExchangeOperations
from encounter_app.services.fight.operations import FightOperations
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.phone_inbox import PhoneInbox
from encounter_app.services.rolls.roller import Roller
from encounter_app.services.rolls.rules_service import RulesService
from encounter_app.services.undo import UndoStack
from encounter_app.store import Store
from encounter_app.ui.exchange.actions import ExchangeActions
from encounter_app.ui.fight.countdowns import CountdownPanel
from encounter_app.ui.fight.initiative import InitiativePanel
from encounter_app.ui.fight.models import CountdownModel, InitiativeModel, RollLogModel, RowRole
from encounter_app.ui.fight.rests import RestActions
from encounter_app.ui.fight.roll_log import RollLogView
from encounter_app.ui.players.inbox_place import InboxPlace
from encounter_app.ui.shell.chosen import NOBODY, Chosen, ChosenKeys
from encounter_app.ui.shell.fight import Fight, FightContext, ShellWindow, SystemWindow
from encounter_app.ui.shell.window_parts import DiceRoller, FinishedBanner, StackButton, ask_finish
from encounter_app.ui.widgets.typing import TypingKeeper

R = TypeVar("R")

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtCore import QSettings, SignalInstance
    from PySide6.QtWidgets import QDialog, QMessageBox

    from encounter_app.services.autobackup import AutoBackup
    from encounter_app.services.players_page import PlayersPage
    from encounter_app.services.recap import Recaps
    from encounter_app.ui.campaigns.recap_dialog import RecapDialog, RecapFiles
    from encounter_app.ui.players.share import ShareControls
    from encounter_app.ui.players.table_controls import TableControls

class MainWindow(ShellWindow):
    """The shell, built: every part of the window, put together for the open fight."""

    def __init__(self, store: Store, session: EncounterSession,
                 systems: Catalog[SystemWindow], rules_service: RulesService,
                 undo_stack: UndoStack, parent: QWidget | None = None, *,
                 session_hooks: NewSessionHooks | None = None,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.store = store
        self.session = session
        self.systems = systems  # every system the program knows (the campaign view's choice)
        self.system = systems.get(session.campaign.system)
        self.undo_stack = undo_stack
        # Every roll the window asks for goes through here, and comes back as a logged line.
        self.roller = Roller(rules_service, session, undo_stack, self)
        self.roll_router = self.roller.router  # for rolls that finish a bigger action
        # The one way in for what the GM does to the fight: one undo step each.
        self.operations = FightOperations(session, undo_stack, self.show_message,
                                          self.roll_router)
        # The players' rolls from their phones, kept in the store until the GM answers them.
        self.phone_inbox = PhoneInbox(session, self.system, self.operations, self.roll_router,
                                      self)
        # The recaps of the campaign's encounters and game sessions (``recaps``, made when first
        # asked for: it loads its templates and the players' view); the players' page asks it
        # too (app.py hands it over, as it does the inbox).
        self._recaps: Recaps | None = None
        self.settings = settings  # the program's remembered preferences (the recap's folder)
        self.recap_files: RecapFiles | None = None  # made when a recap is first shown
        self.recap_dialog: RecapDialog | None = None  # the one open, if any
        # Per-session refreshes other systems register (campaigns.operations.NewSessionHooks).
        self.session_hooks = session_hooks or NewSessionHooks()
        self.campaign_manager: QDialog | None = None  # made when first opened
        self.table_controls: TableControls | None = None  # app.py adds the players' controls
        self.players_page: PlayersPage | None = None  # app.py adds it: the page on phones
        self.players_share: ShareControls | None = None  # app.py adds it: its action, dialog
        self.autobackup: AutoBackup | None = None  # app.py adds it (and its check at start)
        self.damage_box: QMessageBox | None = None  # what the check at start found, if any
        self.update_title()

        self.initiative_model = InitiativeModel(self.operations, self)
        self.countdown_model = CountdownModel(session, self)
        self.roll_log_model = RollLogModel(session, self)
        self.rests = RestActions(self.operations, self)
        self.exchange = ExchangeActions(
            ExchangeOperations(store, session, undo_stack, self.show_message), self)
        # Who the keys act on: the combatant selected last, in the order or among the cards.
        self.chosen = Chosen(session, self)
        # The campaign's rule system brings its part of the window, here and nowhere else.
        self.fight: Fight = self.system.fight(FightContext(
            self, store, session, undo_stack, self.roller, self.initiative_model, self.rests,
            self.exchange, self.show_message, self.edit_note, self.operations, self.chosen))
        self.initiative = InitiativePanel(self.initiative_model,
                                          profile=self.fight.profile)
        self.countdowns = CountdownPanel(self.operations, self.countdown_model)
        self.dice_roller = DiceRoller()
        self.roll_log = RollLogView(self.roll_log_model, self.system)
        self._build_layout()
        self._build_actions()
        self._connect()
        self._last_active = session.active_id  # the spotlight as the window opens
        self._turn_changed()
        # A key typed into a field of the window stays there (not a one-key shortcut), and
        # Escape hands the keyboard back to the spotlight order.
        self.typing = TypingKeeper(self.hand_back_keys, self)
        self.typing.follow_focus(self)
        self.resize(1400, 860)

    def hand_back_keys(self) -> None:
        """The keyboard goes back to the fight: the spotlight order, where 1-5, N, A work."""
        self.initiative.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # -- building ---------------------------------------------------------------------------

    def _build_layout(self) -> None:
        sidebar = QWidget(objectName="sidebar")
        side = QVBoxLayout(sidebar)
        side.setContentsMargins(6, 6, 6, 6)
        for widget in self.fight.sidebar:
            side.addWidget(widget)
        log_box = QWidget()
        log_layout = QVBoxLayout(log_box)
        log_layout.setContentsMargins(0, 0, 0, 0)
        log_layout.addWidget(self.dice_roller)
        self.log_tabs = QTabWidget(objectName="logTabs")
        self.log_tabs.addTab(self.roll_log, "Roll log")
        for widget, title in self.fight.log_tabs:
            self.log_tabs.addTab(widget, title)
        # The players' rolls from their phones, in every system.
        self.inbox_place = InboxPlace(self.log_tabs, self.phone_inbox, self.session, self)
        log_layout.addWidget(self.log_tabs, 1)
        self.side_splitter = QSplitter(Qt.Orientation.Vertical, objectName="sideSplitter")
        self.side_splitter.addWidget(self.countdowns)
        self.side_splitter.addWidget(log_box)
        # At 1280x720 five countdowns show and the log keeps its last few rolls.
        self.side_splitter.setStretchFactor(0, 3)
        self.side_splitter.setStretchFactor(1, 2)
        side.addWidget(self.side_splitter, 1)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, objectName="mainSplitter")
        self.splitter.addWidget(self.initiative)
        self.splitter.addWidget(self.fight.centre)
        self.splitter.addWidget(sidebar)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([250, 800, 340])
        self.splitter.setChildrenCollapsible(False)
        # A finished encounter says so above everything, with the way back.
        self.finished_banner = FinishedBanner()
        self.finished_banner.reopen_button.clicked.connect(self.operations.reopen_encounter)
        self.finished_banner.recap_button.clicked.connect(lambda: self.show_recap())
        central = QWidget(objectName="centralArea")
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.finished_banner)
        column.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

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
        self.finish_action = QAction("Finish en&counter…", self,
                                     objectName="finishEncounterAction")
        self.finish_action.setToolTip("Mark the encounter done, with a summary of how it went: "
                                      "it takes no more turns, rolls or marks until reopened")
        self.finish_action.triggered.connect(self.finish_encounter)
        self.reopen_action = QAction("Reo&pen encounter", self,
                                     objectName="reopenEncounterAction")
        self.reopen_action.setToolTip("Take a finished encounter up again where it ended")
        self.reopen_action.triggered.connect(self.operations.reopen_encounter)
        # No underlined letter: every letter of it already has an entry in some system's menu.
        self.recap_action = QAction("Session recap…", self, objectName="sessionRecapAction")
        self.recap_action.setToolTip("What happened in this encounter or the whole game "
                                     "session, the GM's or the players' version: to read, save "
                                     "or print")
        self.recap_action.triggered.connect(lambda: self.show_recap())
        self.quit_action = QAction("&Quit", self,
                                   shortcut=QKeySequence(QKeySequence.StandardKey.Quit))
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
        self.add_keyed(menu.addMenu("&Campaign"), [self.manage_campaigns_action])
        edit_menu = menu.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        # Kept: the table controls (players/table_controls.py) add to them.
        self.encounter_menu = encounter_menu = menu.addMenu("E&ncounter")
        self.add_keyed(encounter_menu, [self.next_action, self.add_action])
        self.fight.fill_encounter_menu(encounter_menu)
        roll_menu = menu.addMenu("&Roll")
        self.fight.fill_roll_menu(roll_menu)
        roll_menu.addSeparator()
        roll_menu.addAction(self.inbox_place.type_action)

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
        # Qt's own button for the actions a narrow window cannot show: a screen reader says
        # what it is (it is there whenever the window is narrower than the toolbar).
        if (more := toolbar.findChild(QToolButton, "qt_toolbar_ext_button")) is not None:
            more.setAccessibleName("More toolbar actions")
            more.setToolTip("More toolbar actions")
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
        self.fight.fill_view(encounter_menu, view_menu, toolbar)
        encounter_menu.addSeparator()
        encounter_menu.addAction(self.finish_action)
        encounter_menu.addAction(self.reopen_action)
        encounter_menu.addAction(self.recap_action)
        toolbar.addAction(self.manage_campaigns_action)

    # The docks start hidden: what they hold is made the first time they are shown, not before
    # the window's first paint (docs/performance.md). The GM screen's tables size every row to
    # its text, a fifth of the start-up for a panel that opens on F2.

    def _build_history(self, visible: bool) -> None:
        if visible and self.history_dock.widget() is None:
            from PySide6.QtWidgets import QUndoView  # a hidden dock's: ui/__init__.py

            self.history_dock.setWidget(QUndoView(self.undo_stack))

    def _build_gm_screen(self, visible: bool) -> None:
        if visible and self.gm_screen_dock.widget() is None:
            self.gm_screen_dock.setWidget(self.fight.gm_screen())

    def edit_note(self, combatant_id: int) -> None:
        from encounter_app.ui.fight.combatant_note import edit_note  # see ui/__init__.py

        edit_note(self, self.operations, combatant_id)

    def _stack_button(self, name: str, label: str, slot: Callable[[], None],
                      can_changed: SignalInstance, text_changed: SignalInstance
                      ) -> StackButton:
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
        self.dice_roller.button.clicked.connect(self.roll_dice)
        self.dice_roller.edit.returnPressed.connect(self.roll_dice)
        self.session.turn_changed.connect(self._turn_changed)
        # One selection: a row chosen in the order, or a card, is the chosen combatant, and
        # both views show it chosen (ui/shell/chosen.py).
        self._choosing = False
        self._chosen_in: QAbstractItemView | None = None  # where the GM is choosing, if anywhere
        self.initiative.view.selectionModel().selectionChanged.connect(self._order_chose)
        self.fight.cards.selectionModel().selectionChanged.connect(self._card_chose)
        self.chosen.changed.connect(self._follow_chosen)
        # A row dragged to another place: its card moved too, and stays in view.
        self.initiative_model.rowsMoved.connect(self._order_moved)
        # Enter and the Menu key act on the chosen one, with the keyboard in the order or on
        # the cards (A, D and the rest are the window's actions, which read it too).
        self.chosen_keys = ChosenKeys(self.fight.attack_chosen, self.chosen_menu, self)
        self.chosen_keys.watch([self.initiative.view, self.fight.cards])
        # What the status line said of the last step is old once the next one begins.
        self.undo_stack.began.connect(self.clear_message)
        self.session.entry_changed.connect(self._entry_changed)
        self._show_finished()  # the title already says it
        self.exchange.encounter_imported.connect(self.open_encounter_requested)
        self.roller.recorded.connect(self._recorded)
        self.roller.failed.connect(lambda message: self.show_message(message, error=True))

    # -- one selection, in the order and on the cards ---------------------------------------

    def _order_chose(self, *_args: object) -> None:
        """The GM chose a row of the order (or none): it is the chosen combatant."""
        if self._choosing:
            return
        rows = self.initiative.view.selectionModel().selectedRows()
        row = rows[0].data(RowRole) if rows else None
        self._chosen_in = self.initiative.view
        try:
            self.chosen.choose(row.id if isinstance(row, CombatantRow) else None)
        finally:
            self._chosen_in = None

    def _card_chose(self, *_args: object) -> None:
        """The GM chose a card (or none): who it acts on is the chosen combatant (a group
        card's first Minion standing)."""
        if self._choosing:
            return
        cards = self.fight.cards.selectionModel().selectedIndexes()
        self._chosen_in = self.fight.cards
        try:
            self.chosen.choose(self.fight.acting_id(cards[0]) if cards else None)
        finally:
            self._chosen_in = None

    def _follow_chosen(self) -> None:
        """Both views show the chosen combatant: its row, and its card (none for a PC without
        a card), so no button or key acts on a combatant the GM does not see chosen. The view
        the GM chose in is left as it is: nothing moves under the pointer."""
        view, cards, origin = self.initiative.view, self.fight.cards, self._chosen_in
        at = self.session.combatants.index_of(self.chosen.id)
        self._choosing = True
        try:
            if at < 0:
                for other in (view, cards):
                    if other is not origin:
                        other.selectionModel().clearSelection()
                return
            source = self.initiative_model.index(at)
            if origin is not view:
                _select(view, source)
            card = self.fight.card_for(source)  # a Minion's card may show on its group's card
            if origin is not cards:
                if card.isValid():
                    _select(cards, card)
                else:
                    cards.selectionModel().clear()
        finally:
            self._choosing = False

    def _order_moved(self, *_args: object) -> None:
        if self.chosen.id is not None:
            self._follow_chosen()

    def chosen_menu(self, view: QAbstractItemView) -> None:
        """The Menu key (or Shift+F10) in the order or on the cards: the chosen combatant's
        card menu, with the order's own entries (Hide from the players...) at its end; a
        combatant without a card gets those alone."""
        row = self.chosen.row()
        if row is None:
            self.show_message(NOBODY, error=True)
            return
        rect = view.visualRect(view.currentIndex())
        at = view.viewport().mapToGlobal(rect.topLeft() + QPoint(8, 8) if rect.isValid()
                                         else QPoint(8, 8))
        order = self.initiative
        extra = [a for a in order.view.actions() if a is not order.note_action]
        if not self.fight.open_menu(stored_id(row), at, extra):
            menu = QMenu(row.name, self)
            menu.setObjectName("orderMenu")
            menu.addActions(order.view.actions())
            menu.exec(at)
            menu.deleteLater()

    # -- the encounter finished, and reopened ------------------------------------------------

    def finish_encounter(self) -> bool:
        """Encounter › Finish encounter…: asked first (Cancel is the default); one undo step."""
        if self.operations.refused():  # finished already: said
            return False
        name = self.store.encounter(self.session.encounter_id).name
        return (ask_finish(self, name, self.session.system.has_fear)
                and self.operations.finish_encounter())

    def _entry_changed(self, *_args: object) -> None:
        self._show_finished()
        self.update_title()

    def _show_finished(self) -> None:
        """A finished encounter's banner, and Finish or Reopen, whichever it can take."""
        finished = self.session.finished
        self.finished_banner.setVisible(finished)
        self.finish_action.setEnabled(not finished)
        self.reopen_action.setEnabled(finished)

    # -- what the GM does: the shell asks, the fight answers in its system's rules ----------

    def add_combatant(self) -> None:
        self.fight.add_combatant()

    def remove_combatant(self, row: int) -> None:
        self.operations.remove_combatant(stored_id(self.session.combatants[row]))

    def activate_row(self, row: int) -> None:
        self.fight.activate(stored_id(self.session.combatants[row]))

    def next_turn(self) -> None:
        self.fight.next_turn()

    def roll_dice(self) -> None:
        if self.dice_roller.validate():
            self.submit(DiceRequest(self.dice_roller.edit.text().strip()))
            self.dice_roller.edit.selectAll()  # Enter rolls it again; typing replaces it

    def submit(self, request: RollRequest[R]) -> int:
        """Roll a plain request; its answer goes into the log as one undoable line."""
        return self.roller.roll(request)

    def back_up(self) -> None:
        from encounter_app.ui.shell import backup_dialogs  # dialogs load when first asked for

        target = backup_dialogs.back_up(self, self.store)
        if target is not None:
            self.show_message(f"Backed up to {target}")

    def report_damage(self, text: str) -> None:
        """The check of the whole file after start found damage: say so where it cannot be
        missed (the status bar keeps it after the box is closed)."""
        from encounter_app.ui.shell import backup_dialogs

        self.show_message(text, error=True, lasting=True)
        self.damage_box = backup_dialogs.damage_found(self, text, restore=self.choose_restore)

    def choose_restore(self) -> None:
        from encounter_app.ui.shell import backup_dialogs

        chosen = backup_dialogs.ask_restore(self, self.store)
        if chosen is not None:
            self.restore_requested.emit(chosen)

    def manage_campaigns(self) -> QDialog:
        """Show the campaign view (made the first time: it is not needed to start)."""
        from encounter_app.ui.campaigns import dialog  # see ui/__init__.py

        return dialog.show_for(self)

    @property
    def recaps(self) -> Recaps:
        """The window's one ``Recaps``: every recap it, the campaign view and the players'
        page show is made by it."""
        if self._recaps is None:
            from encounter_app.services.recap import Recaps  # not at start: see above

            self._recaps = Recaps(self.store, self.systems)
        return self._recaps

    def show_recap(self, encounter_id: int | None = None, parent: QWidget | None = None
                   ) -> RecapDialog:
        """Encounter › Session recap… (the open encounter), or a finished one's from the
        campaign view: the recap dialog, one at a time, over ``parent`` (the window)."""
        from encounter_app.ui.campaigns.recap_dialog import (  # see ui/__init__.py
            RecapDialog,
            RecapFiles,
            RecapOf,
        )

        if self.recap_files is None:
            self.recap_files = RecapFiles(self.settings)
        if self.recap_dialog is not None:
            with contextlib.suppress(RuntimeError):  # it went with the campaign view's
                self.recap_dialog.close()
                self.recap_dialog.deleteLater()
        if encounter_id is None:
            encounter_id = self.session.encounter_id
        entry = self.store.encounter(encounter_id)
        campaign = self.store.campaign(entry.campaign_id)
        of = RecapOf(encounter_id, entry.name, entry.campaign_id, campaign.session_number)
        dialog = self.recap_dialog = RecapDialog(self.recaps, self.recap_files, of,
                                                 parent or self)
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog

    def detach(self) -> None:
        """Stop taking answers from the rules service: this window is being replaced."""
        self.roller.detach()

    def _recorded(self, row: RollRow) -> None:
        self.show_message(row.summary)
        self.roll_log.scrollToTop()

    def _turn_changed(self) -> None:
        self.initiative.set_round(self.session.round)
        active = self.session.active_id
        if active != self._last_active:
            # The spotlight passed (N, a card's Spotlight): the GM's next key is for the one
            # who has it now, until another row or card is chosen.
            self._last_active = active
            if active is not None:
                self.chosen.choose(active)
        row = self.session.combatants.index_of(active)
        if row >= 0:
            source = self.initiative_model.index(row)
            self.initiative.view.scrollTo(source)
            self.fight.reveal(source)


def _select(view: QAbstractItemView, index: QModelIndex) -> None:
    """``index`` the view's current and only selected item, in view."""
    if view.currentIndex() != index or not view.selectionModel().isSelected(index):
        view.selectionModel().setCurrentIndex(index,
                                              QItemSelectionModel.SelectionFlag.ClearAndSelect)
    view.scrollTo(index)
