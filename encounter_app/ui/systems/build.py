"""The one place that picks a campaign's part of the window (its ``Fight``) by its rule system.

A system's module (its table, cards and dialogs) is imported when a campaign of that system is
opened: a Daggerheart start, the usual one, pays for none of the three.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from encounter_app.ui.shell.fight import Fight, FightContext
    from encounter_app.ui.systems.table import SystemTable

#: The window parts of each system other than Daggerheart: module in ui/systems, its class.
TABLES: dict[str, tuple[str, str]] = {
    "casus_mus": ("casus_mus", "CasusMusTable"),
    "ruins_and_raiders": ("ruins_and_raiders", "RuinsAndRaidersTable"),
    "forge_of_power": ("forge_of_power", "ForgeOfPowerTable"),
}

__all__ = ["build_fight"]


def table_class(key: str) -> type[SystemTable]:
    module, name = TABLES[key]
    table: type[SystemTable] = getattr(import_module(f"encounter_app.ui.systems.{module}"),
                                       name)
    return table


def build_fight(system_key: str, context: FightContext) -> Fight:
    """Daggerheart's fight, or the table of the campaign's other system."""
    if system_key == "daggerheart":
        from encounter_app.ui.fight.daggerheart import DaggerheartFight

        return DaggerheartFight(context)
    from encounter_app.ui.systems.profiles import profile_for

    return table_class(system_key)(context, profile_for(system_key))
