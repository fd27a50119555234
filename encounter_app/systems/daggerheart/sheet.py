"""Daggerheart's character sheet: the numbers a PC (or any combatant) of it carries.

The fields are those of its typed sheet (``state.DaggerheartSheet``): labels, ranges and help
for the generic editors, which read and write its values by these keys.
"""

from __future__ import annotations

from encounter_app.domain.system_data import sheet_fields
from encounter_app.systems.daggerheart.state import DaggerheartSheet

FIELDS = sheet_fields(DaggerheartSheet)
LABELS = {f.key: f.label for f in FIELDS}
