"""Casus Mus's character sheet: the numbers a PC (or any combatant) of it carries."""

from __future__ import annotations

from encounter_app.domain.system import StatField

FIELDS = (
    StatField("combat", "Combat skill %", 50, 1, 200),
    StatField("evade", "Evade %", 40, 1, 200),
    StatField("willpower", "Willpower %", 40, 1, 200),
    StatField("endurance", "Endurance %", 40, 1, 200),
    StatField("pow", "POW", 11, 1, 30, help="Luck Points per session come from POW."),
    StatField("hero", "Hero advantage", 0, 0, 1, flag=True,
              help="3 Action Points a round instead of 2."),
    StatField("hp", "Hit Points", 12, 1, 99),
    StatField("armour", "Armour", 0, 0, 20, optional=True,
              help="Armour, shield or magic: taken off the damage of every hit."),
)
LABELS = {f.key: f.label for f in FIELDS}
