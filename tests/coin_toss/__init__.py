"""Coin Toss: a fifth rule system that lives only in the tests, to prove the seam.

It registers itself in a catalog of its own (``catalog()``: the program's four and this one)
and runs through the real window: its order and cards, its roll on the rules thread, undo,
the players' display, export and import, with not one line of the core changed for it.

The game: every combatant has Hit Points and Nerve. On its turn it calls a coin; the coin is
flipped on the rules thread; a wrong call costs a Hit Point.
"""

from encounter_app.domain.system import Catalog, Listed
from encounter_app.systems import LISTED
from encounter_app.ui.shell.fight import SystemWindow
from tests.coin_toss.system import CoinToss

SYSTEM = CoinToss()


def _load() -> SystemWindow:
    return SYSTEM


def catalog() -> Catalog[SystemWindow]:
    """The program's four systems, and Coin Toss after them."""
    return Catalog((*LISTED, Listed(CoinToss.key, CoinToss.name, _load)))
