"""Daggerheart's character sheet: the numbers a PC (or any combatant) of it carries."""

from __future__ import annotations

from encounter_app.domain.system import StatField

FIELDS = (
    StatField("evasion", "Evasion", 10, 0, 30, help="Adversary attacks hit at or above it."),
    StatField("major", "Major threshold", 7, 1, 99),
    StatField("severe", "Severe threshold", 14, 1, 99),
    StatField("hp", "Hit Points", 6, 1, 12),
    StatField("stress", "Stress", 6, 1, 12),
    StatField("hope", "Hope", 2, 0, 6, help="Hope the character has now (at most 6)."),
    StatField("armor", "Armor slots", 3, 0, 12),
)
LABELS = {f.key: f.label for f in FIELDS}
