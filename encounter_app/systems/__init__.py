"""The registry: every rule system the program knows, each listed once.

``default_systems()`` is what ``app.launch`` uses unless it is handed a catalog of its own (a
test's, with a game of its own). Each entry knows its key and name without importing its
package; the package (``systems/<key>/``, whose ``SYSTEM`` is the one object the core reaches
it through) is imported the first time a campaign of it is opened or read.

Adding a system: one rules module in ``rules/``, one package here, one line below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from encounter_app.domain.system import Catalog, Listed

if TYPE_CHECKING:  # the registry is read before Qt is: the package imports nothing of it
    from encounter_app.ui.shell.fight import SystemWindow


def _daggerheart() -> SystemWindow:
    from encounter_app.systems.daggerheart import SYSTEM

    return SYSTEM


def _casus_mus() -> SystemWindow:
    from encounter_app.systems.casus_mus import SYSTEM

    return SYSTEM


def _ruins_and_raiders() -> SystemWindow:
    from encounter_app.systems.ruins_and_raiders import SYSTEM

    return SYSTEM


def _forge_of_power() -> SystemWindow:
    from encounter_app.systems.forge_of_power import SYSTEM

    return SYSTEM


#: The four, in the order a GM is offered them: the first is the program's default.
LISTED: tuple[Listed[SystemWindow], ...] = (
    Listed("daggerheart", "Daggerheart", _daggerheart),
    Listed("casus_mus", "Casus Mus", _casus_mus),
    Listed("ruins_and_raiders", "Ruins & Raiders", _ruins_and_raiders),
    Listed("forge_of_power", "Forge of Power", _forge_of_power),
)


def default_systems() -> Catalog[SystemWindow]:
    """A fresh catalog of the four systems (nothing of them imported yet)."""
    return Catalog(LISTED)
