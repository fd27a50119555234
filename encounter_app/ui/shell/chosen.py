"""The current combatant: the one the GM selected last, in the spotlight order or among the cards.

Both views set it (a row chosen in the order, a card chosen among the cards) and both follow it
(``MainWindow`` selects its row and its card). Every key that acts on "the selected" (A, Enter,
D, Shift+N, H, the Menu key and each system's own card keys) reads it here, so a key pressed
with the keyboard in the order acts on the same combatant as one pressed on the cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QKeyEvent
from PySide6.QtWidgets import QAbstractItemView

from encounter_app.domain import CombatantRow
from encounter_app.services.fight.session import EncounterSession

#: The keys that make the chosen one attack, besides the window's A.
ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)

#: Said when a key that acts on the selected one finds nobody selected.
NOBODY = ("Select a combatant first: click its row in the spotlight order (Ctrl+1) or its "
          "card.")


class Chosen(QObject):
    """Who the keys act on; ``id`` is None when nobody is chosen, or the one chosen has left
    the fight."""

    changed = Signal()

    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._id: int | None = None

    @property
    def id(self) -> int | None:
        row = self.row()
        return None if row is None else row.id

    def row(self) -> CombatantRow | None:
        """The chosen combatant as it is now; None when there is none."""
        rows = self._session.combatants
        at = -1 if self._id is None else rows.index_of(self._id)
        return rows[at] if at >= 0 else None

    def choose(self, combatant_id: int | None) -> None:
        if combatant_id != self._id:
            self._id = combatant_id
            self.changed.emit()


class ChosenKeys(QObject):
    """Enter and the Menu key (or Shift+F10) in the views that choose (the order, the cards)
    act on the chosen combatant: ``attack()``, ``menu(view)``. The other keys of the chosen one
    (A, D, Shift+N, H, a system's own) are the window's actions, which read ``Chosen`` too."""

    def __init__(self, attack: Callable[[], None], menu: Callable[[QAbstractItemView], None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._attack, self._menu = attack, menu

    def watch(self, views: Iterable[QAbstractItemView]) -> None:
        for view in views:
            view.installEventFilter(self)  # the view's own events, not its viewport's

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not isinstance(watched, QAbstractItemView):
            return False
        kind = event.type()
        if kind == QEvent.Type.ContextMenu and isinstance(event, QContextMenuEvent) \
                and event.reason() == QContextMenuEvent.Reason.Keyboard:
            self._menu(watched)
            return True
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            if modifiers == Qt.KeyboardModifier.NoModifier and event.key() in ENTER:
                self._attack()
                return True
            menu_key = (modifiers, event.key()) in (
                (Qt.KeyboardModifier.NoModifier, Qt.Key.Key_Menu),
                (Qt.KeyboardModifier.ShiftModifier, Qt.Key.Key_F10))
            if menu_key:
                self._menu(watched)
                return True
        return False
