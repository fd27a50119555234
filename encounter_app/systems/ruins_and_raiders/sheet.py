"""Ruins & Raiders's character sheet: the numbers a PC (or any combatant) of it carries."""

from __future__ import annotations

from encounter_app.domain.system import StatField

FIELDS = (
    StatField("perception", "Perception", 1, -5, 10, help="Initiative is a Perception roll."),
    StatField("athlete", "Athlete", 1, -5, 10),
    StatField("warrior", "Warrior", 1, -5, 10),
    StatField("brawn", "Brawn", 1, -5, 10),
    StatField("fortitude", "Fortitude", 1, -5, 10),
    StatField("defiance", "Defiance", 1, -5, 10),
    StatField("armour", "Armour", 0, 0, 10),
    StatField("armour_penalty", "Armour penalty", 0, 0, 10),
    StatField("weapon_power", "Weapon power", 2, 0, 20),
    StatField("weapon_defence", "Weapon defence", 0, 0, 10),
    StatField("wounds", "Wounds", 10, 1, 99, help="How many wounds the character can take."),
)
LABELS = {f.key: f.label for f in FIELDS}
