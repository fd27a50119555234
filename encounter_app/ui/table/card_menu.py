"""A card table's card menu (a right click, or the Menu key on the selected card) and the F1
window's sentence of the keys a selected card answers to.

The menu holds the window's own actions (they act on the selected card, which the menu's card
is), so each shows its key and does what that key does: the system's first, then damage,
healing, editing and the GM's note. Its attack and giving it the turn are the card's alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from encounter_app.domain import CombatantRow


def card_keys(attack_words: str, own: Sequence[str] = ()) -> str:
    """What the keys do on a selected card (``Fight.card_keys``): only keys that work. ``own``:
    the system's other keys for a selected card, in words ("F calls the coin for it")."""
    keys = [f"A or Enter {attack_words}"] if attack_words else []
    keys += [*own, "D deals it damage", "Shift+D heals it", "Shift+N opens its GM note",
             "the Menu key (or Shift+F10) opens its menu"]
    return ("On a selected card or row of the order (the one chosen last; Ctrl+2 goes to the "
            "cards): " + ", ".join(keys[:-1]) + f" and {keys[-1]}.")


def card_menu(row: CombatantRow, parent: QWidget, *,
              attack: tuple[str, Callable[[int], None]],
              own: Sequence[QAction], generic: Sequence[QAction],
              give_turn: Callable[[], None]) -> QMenu:
    """The menu of ``row``'s card: its attack (``attack``: the item's text, "" for none, and
    what does it), the system's ``own`` actions, giving it the turn, then the ``generic``
    ones."""
    menu = QMenu(row.name, parent)
    menu.setObjectName("cardMenu")
    menu.setAccessibleName(f"{row.name}: actions")
    text, attack_with = attack
    if text:
        # The keys are the window's (A, and Enter: ui/shell/chosen.py): shown, not bound here.
        made = menu.addAction(f"{text}\tA, Enter")
        made.setObjectName("cardAttackAction")
        made.triggered.connect(lambda _checked=False, i=row.id: attack_with(i))
    menu.addActions(list(own))
    menu.addSeparator()
    turn = menu.addAction("Give it the tur&n")
    turn.setObjectName("giveTurnAction")
    turn.triggered.connect(give_turn)
    menu.addSeparator()
    menu.addActions(list(generic))
    return menu
