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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from encounter_app.services.fight.system import SystemServices
from encounter_app.services.undo import UndoStack

if TYPE_CHECKING:
    from PySide6.QtCore import QModelIndex
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QAbstractItemView, QMenu, QToolBar, QWidget

    from encounter_app.domain.player_rolls import PlayerRollSubmission
    from encounter_app.services.fight.session import EncounterSession
    from encounter_app.services.rolls.roller import Roller
    from encounter_app.store import Store
    from encounter_app.ui.exchange.actions import ExchangeActions
    from encounter_app.ui.fight.models import InitiativeModel
    from encounter_app.ui.fight.rests import RestActions
    from encounter_app.ui.shell.main_window import MainWindow
    from encounter_app.ui.table.profile import Profile


class PlayerRolls(Protocol):
    """Where players' rolls from their phones wait for the GM, and who answers the phone."""

    tell: Callable[[str, str], None] | None  # (page, text): an answer to one phone

    def receive(self, submission: PlayerRollSubmission) -> None: ...


class Say(Protocol):
    """The window's status line: ``say("Rolled.")``, or ``say("No Fear.", error=True)``."""

    def __call__(self, text: str, *, error: bool = False) -> None: ...


@dataclass(frozen=True)
class FightContext:
    """The shell's shared pieces a system's fight is built from."""

    window: MainWindow
    store: Store
    session: EncounterSession
    undo_stack: UndoStack
    roller: Roller
    initiative_model: InitiativeModel
    rests: RestActions
    exchange: ExchangeActions
    say: Say
    edit_note: Callable[[int], None]  # the GM's note on a combatant, by id


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
    def keyboard_chain(self) -> Sequence[QWidget]:
        """What follows the cards when the GM presses Tab."""

    @property
    def toolbar_actions(self) -> Mapping[QAction, tuple[str, str]]:
        """This system's toolbar buttons: action -> (short label, icon name)."""

    @property
    def player_rolls(self) -> PlayerRolls | None:
        """Where players' rolls from the page wait; None in a game whose rolls are all
        made at the table."""

    @property
    def tick_before(self) -> QAction | None:
        """Where the shell's "Tick the countdown" goes in the Encounter menu (before it), or
        None for the end."""

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


class SystemWindow(SystemServices, Protocol):
    """The whole of a rule system's object, as the window and the registry see it."""

    def fight(self, context: FightContext) -> Fight:
        """This system's part of the window, for the fight the context holds."""
