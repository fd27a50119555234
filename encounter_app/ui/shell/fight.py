"""What a rule system brings to the shared window: its ``Fight``, built from a ``FightContext``.

The shell (``main_window.py``) is the same for every system: menus, toolbar, status line, undo,
the spotlight order, the countdowns, the dice line and the roll log, the docks (and, added by
``ui/players/table_controls.py``, the player display's controls). A system's ``Fight`` fills
the centre and the top of the sidebar, adds its actions to the menus, and says what the shell's
generic asks (add, spotlight, next) mean in its rules. The campaign's system object makes it
(``SystemWindow.fight``): Daggerheart's is ``systems/daggerheart/ui/fight.py``; the card-table
systems' are ``ui/table/table.py``'s subclasses, in their packages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system import Catalog
from encounter_app.services.fight.system import SystemServices
from encounter_app.services.operations import Say
from encounter_app.services.undo import UndoStack
from encounter_app.ui.shell import theme

#: How long a message in the status line stays, in milliseconds (an error a little longer).
MESSAGE_MS = 15_000
ERROR_MS = 30_000

if TYPE_CHECKING:
    from PySide6.QtCore import QModelIndex, QPoint, QSettings
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import (
        QAbstractItemView,
        QDialog,
        QDockWidget,
        QMenu,
        QSplitter,
        QTabWidget,
        QToolBar,
        QWidget,
    )

    from encounter_app.services.campaigns.operations import NewSessionHooks
    from encounter_app.services.fight.operations import FightOperations
    from encounter_app.services.fight.session import EncounterSession
    from encounter_app.services.phone_inbox import PhoneInbox
    from encounter_app.services.players_page import PlayersPage
    from encounter_app.services.rolls.roller import Roller
    from encounter_app.services.rolls.router import RollRouter
    from encounter_app.store import Store
    from encounter_app.ui.exchange.actions import ExchangeActions
    from encounter_app.ui.fight.countdowns import CountdownPanel
    from encounter_app.ui.fight.initiative import InitiativePanel
    from encounter_app.ui.fight.models import InitiativeModel
    from encounter_app.ui.fight.rests import RestActions
    from encounter_app.ui.fight.roll_log import RollLogView
    from encounter_app.ui.shell.chosen import Chosen
    from encounter_app.ui.shell.window_parts import DiceRoller, StackButton
    from encounter_app.ui.table.profile import Profile


@fields_repr
@dataclass(frozen=True, repr=False)
class FightContext:
    """The shell's shared pieces a system's fight is built from."""

    window: ShellWindow
    store: Store
    session: EncounterSession
    undo_stack: UndoStack
    roller: Roller
    initiative_model: InitiativeModel
    rests: RestActions
    exchange: ExchangeActions
    say: Say
    edit_note: Callable[[int], None]  # the GM's note on a combatant, by id
    operations: FightOperations  # the one way in for a GM action on the shared fight
    chosen: Chosen  # the combatant selected last, in the order or among the cards


class Fight(Protocol):
    """A rule system's part of the window."""

    # Read-only: the shell only reads them, and a system may narrow them (a SystemTable's
    # profile is never None).
    @property
    def profile(self) -> Profile | None:
        """How the order and cards name a system's numbers; None for Daggerheart's own."""

    @property
    def cards(self) -> QAbstractItemView:
        """The combatants' cards, one per row of the order."""

    @property
    def cards_name(self) -> str:
        """What the GM calls the cards ("adversary cards"), for Go to and screen readers."""

    @property
    def centre(self) -> QWidget:
        """The middle of the window: the cards and what acts on them."""

    @property
    def sidebar(self) -> Sequence[QWidget]:
        """Above the countdowns: Fear, the scene, a system's resources."""

    @property
    def log_tabs(self) -> Sequence[tuple[QWidget, str]]:
        """Tabs beside the roll log (the Fear ledger), with their titles."""

    @property
    def card_keys(self) -> str:
        """What the keys do on a selected card, for the F1 window: only keys that work in this
        system ("On a selected card: A attacks…"), or "" when its cards take no keys."""

    @property
    def keyboard_chain(self) -> Sequence[QWidget]:
        """What follows the cards when the GM presses Tab."""

    @property
    def toolbar_actions(self) -> Mapping[QAction, tuple[str, str]]:
        """This system's toolbar buttons: action -> (short label, icon name)."""

    @property
    def tick_before(self) -> QAction | None:
        """Where the shell's "Tick the countdown" goes in the Encounter menu (before it), or
        None for the end."""

    @property
    def view_toggles(self) -> Mapping[str, QAction]:
        """This system's View choices the window remembers, by their settings key
        ("cards/compact": Compact cards...); empty when it has none."""

    @property
    def compact_ids(self) -> frozenset[int]:
        """The combatants whose cards the GM made compact one by one (remembered per
        encounter); empty in a system whose cards have no compact form."""

    def set_card_compact(self, combatant_id: int, compact: bool) -> None:
        """One card compact (or whole again); nothing in a system without compact cards."""

    def fill_encounter_menu(self, menu: QMenu) -> None: ...

    def fill_roll_menu(self, menu: QMenu) -> None: ...

    def fill_view(self, encounter_menu: QMenu, view_menu: QMenu, toolbar: QToolBar) -> None: ...

    def add_combatant(self) -> None: ...

    def activate(self, combatant_id: int) -> None: ...

    def next_turn(self) -> None: ...

    def gm_screen(self) -> QWidget: ...

    def card_for(self, source: QModelIndex) -> QModelIndex:
        """The card that shows ``source``, a row of the spotlight order (invalid: none)."""
        ...

    def row_for(self, card: QModelIndex) -> QModelIndex:
        """The row of the spotlight order that ``card`` shows."""
        ...

    def reveal(self, source: QModelIndex) -> None:
        """Scroll the cards to the card of ``source``, a row of the spotlight order."""
        ...

    def acting_id(self, card: QModelIndex) -> int | None:
        """Who choosing ``card`` chooses: its combatant (a group card's first one standing)."""
        ...

    def attack_chosen(self) -> None:
        """A or Enter: the chosen combatant attacks (the system's attack: a clash, a trait
        check...), or the status line says why it cannot."""
        ...

    def open_menu(self, combatant_id: int, at: QPoint, extra: Sequence[QAction] = ()) -> bool:
        """The menu of ``combatant_id``'s card at ``at`` (global), ``extra`` at its end; False
        when it has none (a PC without a card)."""
        ...


class SystemWindow(SystemServices, Protocol):
    """The whole of a rule system's object, as the window and the registry see it."""

    def fight(self, context: FightContext) -> Fight:
        """This system's part of the window, for the fight the context holds."""


class ShellWindow(QMainWindow):
    """The window as its parts see it: a system's fight, the campaign view, the players'
    controls and the remembered layout read these. ``MainWindow`` (main_window.py) builds
    every one of them before any part is made; nothing below the composition imports it."""

    restore_requested = Signal(object)  # Path of the backup the GM chose; app.py restores it
    # An encounter to open (chosen in the campaign view, or just imported) and what to tell
    # the GM (empty: app.py says); app.py rebuilds the window on it.
    open_encounter_requested = Signal(int, str)
    # The window closes: its layout is remembered, the players' window goes with it. (A
    # signal, not event filters: those put every event the window gets through Python.)
    closing = Signal()

    store: Store
    session: EncounterSession
    systems: Catalog[SystemWindow]  # every system the program knows (the campaign view's)
    undo_stack: UndoStack
    operations: FightOperations  # what the GM does to the fight, one undo step each
    phone_inbox: PhoneInbox  # the players' rolls from their phones, waiting for the GM
    session_hooks: NewSessionHooks  # per-session refreshes (campaigns/operations.py)
    roller: Roller
    roll_router: RollRouter  # for rolls that finish a bigger action
    rests: RestActions
    exchange: ExchangeActions
    fight: Fight
    initiative: InitiativePanel
    countdowns: CountdownPanel
    roll_log: RollLogView
    log_tabs: QTabWidget
    splitter: QSplitter
    side_splitter: QSplitter
    encounter_menu: QMenu
    view_menu: QMenu
    toolbar: QToolBar
    undo_button: StackButton
    redo_button: StackButton
    next_action: QAction
    gm_screen_dock: QDockWidget
    dice_roller: DiceRoller
    status_label: QLabel
    chosen: Chosen  # the combatant the keys act on (ui/shell/chosen.py)
    campaign_manager: QDialog | None  # the campaign view, made when first opened
    players_page: PlayersPage | None  # the page on the players' phones (app.py adds it)
    settings: QSettings | None = None  # app.py gives it: what dialogs remember (sizes, folders)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # What takes a message of the status line away once it has been read.
        self.message_timer = QTimer(self, objectName="statusMessageTimer", singleShot=True)
        self.message_timer.timeout.connect(self.clear_message)
        self.message_lasts = False  # the message shown stays until another replaces it

    def add_keyed(self, menu: QMenu, actions: Iterable[QAction]) -> None:
        """Into ``menu``, and onto the window: their keys work with the menu closed."""
        for action in actions:
            menu.addAction(action)
            self.addAction(action)

    def edit_note(self, combatant_id: int) -> None:
        """The GM's note on a combatant (MainWindow opens its editor)."""
        raise NotImplementedError

    def show_recap(self, encounter_id: int | None = None, parent: QWidget | None = None
                   ) -> QDialog:
        """An encounter's recap, the open one's by default (MainWindow opens the dialog)."""
        raise NotImplementedError

    def show_message(self, text: str, *, error: bool = False, lasting: bool = False) -> None:
        """Say ``text`` in the status line. It reports one action: the next step the GM takes
        (``clear_message``) or the time it lasts (``MESSAGE_MS``, ``ERROR_MS``) takes it away,
        so it never describes an old state. ``lasting``: it stays until another replaces it
        (damage found in the file)."""
        self.status_label.setText(text)
        self.status_label.setToolTip(text)  # the whole of it, where a narrow window cuts it
        self.status_label.setStyleSheet(theme.error_style(self, bold=True) if error else "")
        self.status_label.setAccessibleDescription(text)
        self.message_lasts = lasting
        timer = self.message_timer
        if lasting or not text:
            timer.stop()
        else:
            timer.start(ERROR_MS if error else MESSAGE_MS)

    def clear_message(self) -> None:
        """The status line empty again (a message that lasts stays)."""
        if not self.message_lasts:
            self.show_message("")

    def update_title(self) -> None:
        # From the store: the campaign view may have renamed either since the session began.
        campaign = self.store.campaign(stored_id(self.session.campaign))
        encounter = self.store.encounter(self.session.encounter_id)
        finished = " (finished)" if self.session.finished else ""
        self.setWindowTitle(f"{encounter.name}{finished} — {campaign.name} — Encounter Manager")

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        if event.isAccepted():
            self.closing.emit()
