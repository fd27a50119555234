"""Forge of Power's character sheet: the numbers a PC (or any combatant) of it carries.

The fields are those of its typed sheet (``state.ForgeStats``): labels, ranges and help for the
generic editors, which read and write its values by these keys.
"""

from __future__ import annotations

from encounter_app.domain.system_data import sheet_fields
from encounter_app.systems.forge_of_power.state import ForgeStats

FIELDS = sheet_fields(ForgeStats)
LABELS = {f.key: f.label for f in FIELDS}
