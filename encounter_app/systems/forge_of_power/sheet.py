"""Forge of Power's character sheet: the numbers a PC (or any combatant) of it carries."""

from __future__ import annotations

from encounter_app.domain.system import StatField

FIELDS = (
    StatField("defense", "Defense", 12, 1, 40, help="The DC of attacks against them."),
    StatField("strength", "Strength", 2, -5, 10),
    StatField("agility", "Agility", 2, -5, 10),
    StatField("intellect", "Intellect", 1, -5, 10),
    StatField("willpower", "Willpower", 1, -5, 10),
    StatField("initiative", "Initiative bonus", 2, -5, 15),
    StatField("hp", "Hit Points", 20, 1, 200),
)
LABELS = {f.key: f.label for f in FIELDS}
