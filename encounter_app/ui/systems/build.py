"""The one place that picks a system's window parts from the campaign's rule system.

A system's module (its table, cards and dialogs) is imported when a campaign of that system is
opened: a Daggerheart start, the usual one, pays for none of the three.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from encounter_app.ui.systems.profiles import Profile
    from encounter_app.ui.systems.table import SystemTable

#: The window parts of each system: module in ui/systems, SystemTable class.
TABLES: dict[str, tuple[str, str]] = {
    "casus_mus": ("casus_mus", "CasusMusTable"),
    "ruins_and_raiders": ("ruins_and_raiders", "RuinsAndRaidersTable"),
    "forge_of_power": ("forge_of_power", "ForgeOfPowerTable"),
}

__all__ = ["build_table", "profile_for"]


def profile_for(system_key: str) -> Profile | None:
    """The profile of a campaign's system; None for Daggerheart, which the window is built for."""
    if system_key == "daggerheart":
        return None
    from encounter_app.ui.systems import profiles

    return profiles.profile_for(system_key)


def table_class(key: str) -> type[SystemTable]:
    module, name = TABLES[key]
    return getattr(import_module(f"encounter_app.ui.systems.{module}"), name)


def build_table(profile: Profile, window, session, undo_stack, roll_router, initiative_model,
                say) -> SystemTable:
    return table_class(profile.key)(window, profile, session, undo_stack, roll_router,
                                    initiative_model, say)
