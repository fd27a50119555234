"""A drop-down of combatants, by name, that gives back their ids."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QComboBox

from encounter_app.domain import CombatantRow


def combatant_combo(rows: Iterable[CombatantRow], chosen: int | None, name: str) -> QComboBox:
    """One entry a combatant (data: its id), ``chosen`` selected when it is there."""
    combo = QComboBox(objectName=name)
    for row in rows:
        combo.addItem(row.name, row.id)
    if chosen is not None and combo.findData(chosen) >= 0:
        combo.setCurrentIndex(combo.findData(chosen))
    return combo
