"""What the GM's window gains for running the table: the player display and what it shows,
keys for every frequent action (listed in Help › Keyboard shortcuts), icons, the theme, the tab
order, and a window that comes back as it was left.

Built by app.py after the main window; it only adds menus, actions and connections to it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QMenu,
    QToolButton,
    QWidget,
)

from encounter_app.domain.rows import stored_id
from encounter_app.ui.fight.models import RowRole
from encounter_app.ui.players.screen import PlayerScreen
from encounter_app.ui.shell.appearance import Appearance
from encounter_app.ui.shell.chosen import NOBODY
from encounter_app.ui.shell.fight import ShellWindow
from encounter_app.ui.shell.icon import action_icon
from encounter_app.ui.shell.settings import WindowMemory

if TYPE_CHECKING:
    from encounter_app.services.players_page import PlayersPage
    from encounter_app.ui.shell.shortcuts import ShortcutsDialog
from encounter_app.ui.widgets.action_text import plain


def go_to(view: QAbstractItemView) -> None:
    """Focus a list and select a row in it, so the next key (T, V, D...) has something to
    act on: the row it had, else the first."""
    view.setFocus(Qt.FocusReason.ShortcutFocusReason)
    model = view.model()
    if model is None or model.rowCount() == 0 or view.selectionModel().hasSelection():
        return
    current = view.currentIndex()
    view.setCurrentIndex(current if current.isValid() else model.index(0, 0))


class TableControls(QObject):
    def __init__(self, window: ShellWindow, settings: QSettings,
                 appearance: Appearance) -> None:
        super().__init__(window)
        self._window, self._session = window, window.session
        self._operations, self._appearance = window.operations, appearance
        # The system's fight brings its cards, its toolbar buttons and its part of the Tab
        # chain (ui/shell/fight.py).
        self._fight = window.fight
        self.cards = window.fight.cards
        self.player_screen = PlayerScreen(window, window.session, settings)

        self.show_roll_action = self._action(
            "Show or hide the &roll on the player display", "P", self.toggle_roll_public,
            "showRollAction", "The selected roll in the log (or the newest) goes on the "
            "player display, or comes off it")
        self.show_countdown_action = self._action(
            "Show or hide the &countdown on the player display", "V", self.toggle_countdown_visible,
            "showCountdownAction", "The selected countdown goes on the player display, or "
            "comes off it")
        self.hide_action = self._action(
            "&Hide or show the combatant on the player display", "H", self.toggle_hidden,
            "hideCombatantAction",
            "The selected combatant (in the spotlight order, or its card) leaves the player "
            "display, or comes back")
        self.tick_action = self._action("&Tick the countdown", "T", self.tick_countdown,
                                        "tickCountdownAction",
                                        "Take one off the selected countdown")
        # The players' page's QR code on the player display, to scan from the projector: off
        # by default, offered only while the page is shared (``follow_page``).
        self.join_action = QAction("Show the &join code on the player display", window,
                                   objectName="showJoinCodeAction", checkable=True,
                                   enabled=False)
        self.join_action.setToolTip("The players' page's QR code and address, big on the "
                                    "player display, so the table scans it from there (while "
                                    "the page is shared)")
        self.join_action.toggled.connect(self._join_toggled)
        self._page: PlayersPage | None = None
        self.shortcuts_action = self._action("&Keyboard shortcuts", "F1", self.show_shortcuts,
                                             "shortcutsAction", "Every key, and what it does")
        self.focus_actions = [
            self._action(f"Go to the {label}", f"Ctrl+{n}", lambda _c=False, v=view: go_to(v),
                         f"focus{n}Action", f"Move the keyboard to the {label}")
            for n, (label, view) in enumerate(self._regions(), 1)
        ]
        self._build_menus()
        self._build_context_menus()
        self._build_toolbar()
        self._set_tab_order()
        # The sidebar's tabs: the widget and its bar both reach a screen reader.
        tabs = [window.log_tabs.tabText(i) for i in range(window.log_tabs.count())]
        window.log_tabs.setAccessibleName(_listed(tabs, "and"))  # "Roll log and Fear ledger"
        window.log_tabs.tabBar().setAccessibleName(_listed(tabs, "or"))
        appearance.changed.connect(self._set_icons)
        self._set_icons()
        # The system's view choices (Daggerheart's compact cards, PCs tracked, Minions
        # grouped), and the cards made compact one by one (per encounter).
        self.memory = WindowMemory(window, settings, [window.splitter, window.side_splitter],
                                   dict(window.fight.view_toggles))
        self._settings = settings
        self._compact_key = f"cards/compact_ids/{window.session.encounter_id}"
        kept = settings.value(self._compact_key, "")
        for text in str(kept or "").split(","):
            if text.strip().isdigit():
                window.fight.set_card_compact(int(text), True)
        window.closing.connect(self._window_closing)

    def _action(self, text: str, keys: str, slot: Callable[..., object], name: str,
                tip: str) -> QAction:
        action: QAction = QAction(text, self._window, objectName=name,
                                  shortcut=QKeySequence(keys))
        action.setToolTip(f"{tip} ({keys})")
        action.triggered.connect(slot)
        self._window.addAction(action)  # the key works with the menus closed
        return action

    def _regions(self) -> list[tuple[str, QAbstractItemView]]:
        w = self._window
        return [("spotlight order", w.initiative.view),
                (self._fight.cards_name, self.cards),
                ("countdowns", w.countdowns.list), ("roll log", w.roll_log)]

    # -- menus and toolbar ------------------------------------------------------------------

    def _build_menus(self) -> None:
        bar = self._window.menuBar()
        view = self._window.view_menu
        players = QMenu("&Players", self._window)
        players.setObjectName("playersMenu")
        self.players_menu = players  # the players' page adds to it (players/share.py)
        players.addAction(self.player_screen.action)
        players.addMenu(self.player_screen.screen_menu)
        players.addAction(self.join_action)
        players.addSeparator()
        players.addAction(self.show_roll_action)
        players.addAction(self.show_countdown_action)
        players.addAction(self.hide_action)
        bar.insertMenu(view.menuAction(), players)
        encounter = self._window.encounter_menu
        if self._fight.tick_before is not None:
            encounter.insertAction(self._fight.tick_before, self.tick_action)
        else:  # with the fight's own actions, before the last group (finishing, the recap)
            groups = [action for action in encounter.actions() if action.isSeparator()]
            if groups:
                encounter.insertAction(groups[-1], self.tick_action)
            else:
                encounter.addAction(self.tick_action)
        view.addSeparator()
        go = view.addMenu("&Go to")
        for action in self.focus_actions:
            go.addAction(action)
        self._appearance.fill(view.addMenu("&Theme"))
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.shortcuts_action)

    def _build_context_menus(self) -> None:
        """Right-click (or the Menu key) on a roll, a countdown or a combatant offers what the
        keys do; a right-click selects the row first, so they act on that one."""
        w = self._window
        for view, actions in ((w.roll_log, [self.show_roll_action]),
                              (w.countdowns.list, [self.tick_action,
                                                   self.show_countdown_action]),
                              (w.initiative.view, [self.hide_action])):
            view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
            view.addActions(actions)

    def _build_toolbar(self) -> None:
        w = self._window
        toolbar = w.toolbar
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for button in (w.undo_button, w.redo_button):
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setText(button.text().split()[-1])  # the icon replaces the arrow
        toolbar.addSeparator()
        names = {w.next_action: "Next turn"}
        names |= {action: short for action, (short, _icon) in self._fight.toolbar_actions.items()}
        for action in names:
            toolbar.addAction(action)
        toolbar.addSeparator()
        toolbar.addAction(self.player_screen.action)
        names[self.player_screen.action] = "Player display"
        for action, short in names.items():
            action.setIconText(short)  # the menu's long wording is too wide for a toolbar
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{plain(action.text())} ({keys})")
            widget = toolbar.widgetForAction(action)
            if isinstance(widget, QToolButton):
                widget.setAccessibleName(plain(action.text()))

    def _set_icons(self) -> None:
        w, palette = self._window, QApplication.palette(self._window)  # not yet propagated
        icons = {w.next_action: "next-turn", self.player_screen.action: "player-display",
                 self.show_roll_action: "show-players", self.show_countdown_action:
                 "show-players", self.shortcuts_action: "keyboard",
                 w.gm_screen_dock.toggleViewAction(): "gm-screen"}
        icons |= {action: icon for action, (_short, icon) in self._fight.toolbar_actions.items()}
        for action, name in icons.items():
            action.setIcon(action_icon(name, palette))
        w.undo_button.setIcon(action_icon("undo", palette))
        w.redo_button.setIcon(action_icon("redo", palette))

    def _set_tab_order(self) -> None:
        """Left to right as the window reads: spotlight order, cards, outcomes, sidebar."""
        w = self._window
        chain = [w.initiative.view, self.cards, *self._fight.keyboard_chain,
                 w.countdowns.list, w.dice_roller.edit, w.roll_log]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    # -- what the keys do -------------------------------------------------------------------

    def toggle_roll_public(self) -> None:
        rows = self._window.roll_log.selectionModel().selectedRows()
        session = self._session
        row = rows[0].data(RowRole) if rows else None
        if row is None and len(session.rolls):
            row = session.rolls[0]
        if row is None:
            self._window.show_message("No roll to show the players yet.")
            return
        self._operations.toggle_roll_public(stored_id(row))

    def toggle_countdown_visible(self) -> None:
        position = self._window.countdowns.selected_row()
        if position < 0:
            self._window.show_message(
                "Select a countdown first (Ctrl+3 moves the keyboard to the countdowns).")
            return
        self._operations.toggle_countdown_visible(stored_id(self._session.countdowns[position]))

    def toggle_hidden(self) -> None:
        """H: the combatant chosen last, in the order or among the cards (ui/shell/chosen.py)."""
        row = self._window.chosen.row()
        if row is None:
            self._window.show_message(NOBODY, error=True)
            return
        self._operations.toggle_hidden(stored_id(row))

    def tick_countdown(self) -> None:
        if self._window.countdowns.selected_row() < 0:
            self._window.show_message(
                "Select a countdown first (Ctrl+3 moves the keyboard to the countdowns).")
            return
        self._window.countdowns.tick()

    def show_shortcuts(self) -> ShortcutsDialog:
        from encounter_app.ui.shell.shortcuts import ShortcutsDialog  # see ui/__init__.py

        dialog = ShortcutsDialog(self._window, card_keys=self._window.fight.card_keys)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    # -- the join code on the player display -------------------------------------------------

    def follow_page(self, page: PlayersPage) -> None:
        """The window's players' page: its code is offered (and shown when asked for) only
        while it is shared."""
        self._page = page
        page.sharing_changed.connect(self._show_join)
        self._show_join()

    def _join_toggled(self, on: bool) -> None:
        if on and not self.player_screen.action.isChecked():
            self.player_screen.action.setChecked(True)  # asked for on the display: open it
        self._show_join()

    def _show_join(self, *_args: object) -> None:
        page = self._page
        sharing = page is not None and page.sharing
        self.join_action.setEnabled(sharing)
        shown = page is not None and sharing and self.join_action.isChecked()
        self.player_screen.set_join(page.url if page is not None and shown else "")

    def take_over(self, old: TableControls) -> None:
        """This window replaces ``old`` (a restored backup): the players keep their display."""
        if old.player_screen.action.isChecked():
            self.player_screen.action.setChecked(True)
        if old.join_action.isChecked():
            self.join_action.setChecked(True)

    def _window_closing(self) -> None:
        ids = self._window.fight.compact_ids
        if ids:  # cards made compact one by one (Daggerheart's)
            self._settings.setValue(self._compact_key, ",".join(map(str, sorted(ids))))
        else:
            self._settings.remove(self._compact_key)
        if self.player_screen.display is not None:  # the players' window goes with the GM's
            self.player_screen.display.close()


def _listed(words: list[str], joint: str) -> str:
    """ "A", "A and B", "A, B and C"."""
    return f"{', '.join(words[:-1])} {joint} {words[-1]}" if len(words) > 1 else "".join(words)
