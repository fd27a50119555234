"""The one place that picks a system's window parts from the campaign's rule system."""

from __future__ import annotations

from encounter_app.ui.systems.casus_mus import CasusMusTable
from encounter_app.ui.systems.forge_of_power import ForgeOfPowerTable
from encounter_app.ui.systems.profiles import Profile, profile_for
from encounter_app.ui.systems.ruins_and_raiders import RuinsAndRaidersTable
from encounter_app.ui.systems.table import SystemTable

TABLES: dict[str, type[SystemTable]] = {
    "casus_mus": CasusMusTable,
    "ruins_and_raiders": RuinsAndRaidersTable,
    "forge_of_power": ForgeOfPowerTable,
}

__all__ = ["build_table", "profile_for"]


def build_table(profile: Profile, window, session, undo_stack, roll_router, initiative_model,
                say) -> SystemTable:
    return TABLES[profile.key](window, profile, session, undo_stack, roll_router,
                               initiative_model, say)
