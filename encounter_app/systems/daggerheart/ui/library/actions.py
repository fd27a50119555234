"""The library, the encounter builder and the environment, wired into the main window: the dock,
the sidebar's environment panel, and the menu actions; what they do is one of the library's
operations (services/library/operations.py), one undo step each.

The window makes one of these and adds its actions and panel; everything else stays here, so
the window keeps to its own job. The library is read from the database the first time it is
wanted (the dock shown, the builder opened), not before the window's first paint.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu, QToolBar, QWidget

from encounter_app.domain import EnvironmentBlock, EnvironmentRow, Feature, TemplateRow
from encounter_app.domain.rows import stored_id
from encounter_app.services.fight.operations import FightOperations
from encounter_app.systems.daggerheart.services.library.operations import LibraryOperations
from encounter_app.systems.daggerheart.services.library.shelves import (
    KEEP,
    Keep,
    Library,
)
from encounter_app.systems.daggerheart.ui.environment_panel import EnvironmentPanel
from encounter_app.systems.daggerheart.ui.library.tier_actions import TierActions

if TYPE_CHECKING:
    from encounter_app.systems.daggerheart.services.library.builder import PlannedAdversary
    from encounter_app.systems.daggerheart.services.operations import DaggerheartOperations
    from encounter_app.systems.daggerheart.ui.library.builder import BuilderDialog
    from encounter_app.systems.daggerheart.ui.library.paste_dialog import PasteDialog
    from encounter_app.ui.exchange.actions import ExchangeActions
    from encounter_app.ui.shell.fight import ShellWindow

DEFAULT_PARTY = 4  # when the fight has no PCs and the campaign says nothing


class LibraryActions(QObject):
    # A planned fight started as a new encounter: its id and what to tell the GM once the
    # window has opened it (the shell rebuilds the window on it, as Campaign › Open does).
    encounter_started = Signal(int, str)

    def __init__(self, window: ShellWindow, fight: FightOperations,
                 exchange: ExchangeActions) -> None:
        super().__init__(window)
        self._window, self._session = window, fight.session
        self._exchange = exchange
        self._builder: BuilderDialog | None = None
        self._paste: PasteDialog | None = None
        self.operations = LibraryOperations(fight, self)
        self.holder = self.operations.holder
        self.environment_panel = EnvironmentPanel(self.holder)
        self.environment_panel.detach_requested.connect(self.detach)
        self.environment_panel.countdown_requested.connect(self.start_countdown)

        self.dock = QDockWidget("Adversary library", window, objectName="libraryDock")
        self.dock.setAccessibleName("Adversary library")
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        # It opens floating: docked beside the fight it would push a 1366-pixel laptop
        # window past the screen's edge (the fight alone needs 1210). The GM can dock it.
        # Hidden first: a dock that is not hidden shows itself as a window when it floats,
        # which flashed an empty library window on every start.
        self.dock.hide()
        self.dock.setFloating(True)
        self.dock.visibilityChanged.connect(self._build_dock)
        self.library_action = self.dock.toggleViewAction()
        self.library_action.setText("Adversary &library")
        self.library_action.setShortcut(QKeySequence("F3"))
        self.library_action.setToolTip("Adversary library (F3): search, write and edit stat "
                                       "blocks and environments")
        # Asked for, the library takes the keys: what the GM types next is a search, not the
        # fight's one-letter keys (A attacks, R rolls…) acting on the selected card.
        self.library_action.triggered.connect(self._focus_search)
        self.builder_action = QAction("&Build encounter…", self,
                                      shortcut=QKeySequence("Ctrl+B"))
        self.builder_action.setToolTip("Encounter builder (Ctrl+B): plan a fight within its "
                                       "battle-point budget and start it")
        self.builder_action.triggered.connect(lambda: self.open_builder())
        # Stat blocks pasted as text, read beside it, added as one undo step.
        self.paste_action = QAction("&Paste stat blocks…", self, objectName="pasteStatBlocksAction")
        self.paste_action.setToolTip("Paste adversary stat blocks as text (the book's layout, "
                                     "the SRD's markdown, a PDF's copy), check what was read "
                                     "and add them to the library")
        self.paste_action.triggered.connect(lambda: self.open_paste())
        self.detach_action = QAction("&Detach environment", self)
        self.detach_action.triggered.connect(self.detach)
        self.tiers = TierActions(window, self.operations)
        self.environment_tier_action = QAction("Move the en&vironment to another tier…", self,
                                               objectName="environmentTierMoveAction")
        self.environment_tier_action.triggered.connect(self.tiers.fight_environment)
        self.holder.changed.connect(self._environment_changed)
        self._environment_changed()
        fight.undo_stack.rolled_back.connect(self._rolled_back)

    def fill(self, encounter_menu: QMenu, view_menu: QMenu, toolbar: QToolBar) -> None:
        encounter_menu.addSeparator()
        for action in (self.builder_action, self.detach_action, self.environment_tier_action):
            encounter_menu.addAction(action)
        self._window.addAction(self.builder_action)  # the shortcut works with the menu closed
        view_menu.addAction(self.library_action)
        toolbar.addAction(self.library_action)
        toolbar.addAction(self.builder_action)
        # Library, before View: the library itself, and the ways stat blocks come into it.
        library_menu = QMenu("&Library", self._window)
        library_menu.setObjectName("libraryMenu")
        library_menu.addAction(self.library_action)
        library_menu.addSeparator()
        library_menu.addAction(self.paste_action)
        library_menu.addAction(self._exchange.import_action)
        self._window.menuBar().insertMenu(view_menu.menuAction(), library_menu)
        self.library_menu = library_menu

    @property
    def library(self) -> Library:
        return self.operations.library

    def reload(self) -> None:
        """Read the library again after entries were added behind its back (an import)."""
        self.operations.reload()

    def _rolled_back(self) -> None:
        """A failed step was rolled back in the store: show the library as it still is."""
        self.holder.reload()
        self.operations.reload()

    def _build_dock(self, visible: bool) -> None:
        if not visible or self.dock.widget() is not None:
            return
        from encounter_app.systems.daggerheart.ui.library.panel import (
            LibraryPanel,  # see ui/__init__.py
        )

        panel = LibraryPanel(self.operations.shelves())
        panel.adversaries.used.connect(self._use)
        panel.environments.used.connect(self._use)
        self.tiers.install_page(panel.adversaries)
        self.tiers.install_page(panel.environments)
        self.dock.setWidget(panel)
        if self.dock.isFloating():  # over the cards' right half, inside the window
            frame = self._window.geometry()
            width, height = min(660, frame.width() // 2), min(720, frame.height() - 40)
            self.dock.setGeometry(frame.right() - width - 20, frame.top() + 40, width, height)

    def _focus_search(self, shown: bool) -> None:
        from encounter_app.systems.daggerheart.ui.library.panel import (
            LibraryPanel,  # built by _build_dock as the dock was shown
        )

        panel = self.dock.widget()
        if not shown or not isinstance(panel, LibraryPanel):
            return
        self.dock.raise_()
        self.dock.activateWindow()
        page = (panel.environments if panel.currentWidget() is panel.environments
                else panel.adversaries)
        page.table.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        page.table.search.selectAll()

    def _use(self, use: str, rows: Sequence[TemplateRow | EnvironmentRow]) -> None:
        """``rows``: TemplateRows for "encounter" and "builder", EnvironmentRows for "attach"."""
        templates = [row for row in rows if isinstance(row, TemplateRow)]
        environments = [row for row in rows if isinstance(row, EnvironmentRow)]
        if use == "encounter":
            self.add_to_encounter(templates)
        elif use == "builder":
            self.open_builder(templates)
        elif use == "attach" and environments:
            self.attach(environments[0])

    def _environment_changed(self) -> None:
        self.detach_action.setEnabled(self.holder.block is not None)
        self.environment_tier_action.setEnabled(self.holder.block is not None)

    # -- what the GM does -----------------------------------------------------------------------

    def add_to_encounter(self, rows: Sequence[TemplateRow]) -> None:
        self.operations.add_to_encounter(rows)

    def attach(self, row: EnvironmentRow | EnvironmentBlock) -> None:
        self.operations.attach(row.stats if isinstance(row, EnvironmentRow) else row)

    def detach(self) -> None:
        self.operations.detach()

    def start_countdown(self, feature: Feature) -> None:
        """An environment feature's countdown, added to the fight's countdowns."""
        self.operations.start_countdown(feature)

    def open_paste(self) -> PasteDialog:
        """Library › Paste stat blocks…: one at a time, brought forward when already open."""
        from encounter_app.systems.daggerheart.ui.library.paste_dialog import (
            SOURCE,
            PasteDialog,  # see ui/__init__.py
        )

        if self._paste is None:
            exchange = self._exchange
            self._paste = PasteDialog(lambda blocks: exchange.add_stat_blocks(blocks, SOURCE),
                                      self._window, settings=self._window.settings)
            self._paste.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            self._paste.finished.connect(self._paste_closed)
        self._paste.show()
        self._paste.raise_()
        self._paste.activateWindow()
        return self._paste

    def _paste_closed(self) -> None:
        self._paste = None

    def party_size(self) -> int:
        pcs = sum(1 for c in self._session.combatants if c.kind == "pc")
        return pcs or self._session.campaign.party_size or DEFAULT_PARTY

    def open_builder(self, rows: Sequence[TemplateRow] = ()) -> BuilderDialog:
        from encounter_app.systems.daggerheart.ui.library.builder import (
            BuilderDialog,  # see ui/__init__.py
        )

        if self._builder is None:  # one builder per window: its plan is kept between opens
            self._builder = BuilderDialog(self.library, self.holder, self.party_size(),
                                          self._window)
            self._builder.start_requested.connect(self.start)
            self.tiers.install_builder(self._builder)
        self._builder.refresh_environments()
        self._builder.add(list(rows))
        if self._builder.isVisible():  # already open behind the window: bring it forward
            self._builder.activateWindow()
        else:
            self._builder.show()
        return self._builder

    def start(self, plan: tuple[PlannedAdversary, ...],
              environment: EnvironmentBlock | Keep | None = KEEP,
              extra_damage: bool = False) -> None:
        """Start a planned fight: in the open encounter while it has no adversaries yet, else
        as a new encounter or added to this fight, as the GM answers."""
        from encounter_app.systems.daggerheart.services.library import builder

        if builder.fight_running(self._session):
            where = self._ask_where(plan)
            if where is None:
                return
            if where == "new":
                self._start_new(plan, environment, extra_damage)
                return
        self.operations.start(plan, environment, extra_damage)

    def _ask_where(self, plan: tuple[PlannedAdversary, ...]) -> str | None:
        """"new", "add" or None (cancelled): a fight is running in the open encounter."""
        from PySide6.QtWidgets import QMessageBox  # a dialog: its class loads when first asked

        session = self._session
        foes = [c for c in session.combatants if c.kind != "pc"]
        standing = sum(not c.defeated for c in foes)
        count = sum(p.count for p in plan)
        box = QMessageBox(QMessageBox.Icon.Question, "Start encounter",
                          f"{session.encounter.name} has a fight in it: round "
                          f"{session.encounter.round}, {standing} of {len(foes)} adversaries "
                          "standing.", QMessageBox.StandardButton.Cancel, self._window)
        box.setObjectName("startWhereBox")
        box.setInformativeText(
            f"Start the {count} planned adversar{'y' if count == 1 else 'ies'} as a new "
            f"encounter, with the party, or add {'it' if count == 1 else 'them'} to this "
            f"fight? {session.encounter.name} is kept in the campaign either way.")
        new = box.addButton("&New encounter", QMessageBox.ButtonRole.AcceptRole)
        add = box.addButton("&Add to this fight", QMessageBox.ButtonRole.ActionRole)
        box.setDefaultButton(new)
        box.exec()
        clicked = box.clickedButton()
        box.deleteLater()
        return "new" if clicked is new else "add" if clicked is add else None

    def _start_new(self, plan: tuple[PlannedAdversary, ...],
                   environment: EnvironmentBlock | Keep | None, extra_damage: bool) -> None:
        old = self._session.encounter.name
        entry = self.operations.start_new(plan, environment, extra_damage)
        if entry is None:  # said: nothing of it was written, the open fight goes on
            return
        count = sum(p.count for p in plan)
        self.encounter_started.emit(stored_id(entry), (
            f"Started {entry.name}: {count} adversar{'y' if count == 1 else 'ies'} and the "
            f"party. {old} is kept in the campaign (Campaign › Manage campaigns… opens it "
            "again); its undo history went with it."))


def edit_card_stats(operations: DaggerheartOperations, combatant_id: int,
                    parent: QWidget) -> bool:
    """Open the stat-block editor on one adversary in the fight; True if it was changed."""
    from encounter_app.systems.daggerheart.services.library.guidance import store_peers
    from encounter_app.systems.daggerheart.ui.library.stat_block_editor import (
        StatBlockEditor,  # see ui/__init__.py
    )

    session = operations.session
    row = session.combatants.by_id(combatant_id)
    if row.stats is None:
        return False
    dialog = StatBlockEditor(row.stats, parent, peers=store_peers(session.store, row.stats))
    dialog.setWindowTitle(f"Edit {row.name}'s stat block (this fight only)")
    changed = (dialog.exec() == dialog.DialogCode.Accepted
               and operations.edit_card_stats(combatant_id, dialog.stats()))
    dialog.deleteLater()
    return changed
