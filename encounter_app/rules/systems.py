"""The four rule systems a campaign can use, and what each needs to know about a character.

One place says, per system, its name, how turns are ordered, whether the GM has a Fear pool, and
the stats a player character carries (the party roster's fields, and what the rolls read). The
campaign stores the system's ``key``; everything else looks the system up here.

Sources: ``NOTES.md`` and the rules texts in ``shared/rules/``. Field choices the texts leave
open are this module's (each says so in its ``help``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any


class TurnOrder(Enum):
    SPOTLIGHT = "spotlight"  # Daggerheart: no initiative; the GM moves the spotlight
    ROLLED = "rolled"  # Ruins & Raiders: a Perception roll, high to low, kept for the battle
    CLASH = "clash"  # Casus Mus: initiative order, Action Points spent on clashes
    POPCORN = "popcorn"  # Forge of Power: whoever acted picks who is next


@dataclass(frozen=True)
class StatField:
    """One number (or yes/no) on a character sheet."""

    key: str
    label: str
    default: int = 0
    minimum: int = 0
    maximum: int = 99
    flag: bool = False  # a yes/no (0 or 1), shown as a check box
    help: str = ""
    #: A field added after characters were saved without it: missing, it reads as ``default``.
    optional: bool = False

    def check(self, value: Any) -> str:
        """Why ``value`` is not allowed here, or "" when it is."""
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{self.label} must be a whole number."
        if self.flag and value not in (0, 1):
            return f"{self.label} is yes (1) or no (0)."
        if not self.minimum <= value <= self.maximum:
            return f"{self.label} must be from {self.minimum} to {self.maximum}."
        return ""


@dataclass(frozen=True)
class System:
    """A rule system: its name, how turns go round, its resources and a PC's fields."""

    key: str
    name: str
    turn_order: TurnOrder
    has_fear: bool
    pc_fields: tuple[StatField, ...]
    #: The field that is the character's health track (marked on the card as damage taken).
    health_key: str = "hp"
    #: The field added to an initiative roll ("" when the system rolls none).
    initiative_key: str = ""

    def field(self, key: str) -> StatField:
        return next(f for f in self.pc_fields if f.key == key)

    def defaults(self) -> dict[str, int]:
        return {f.key: f.default for f in self.pc_fields}

    def problems(self, stats: Mapping[str, Any]) -> dict[str, str]:
        """Every field of ``stats`` that is missing or out of range, with the reason."""
        found: dict[str, str] = {}
        for f in self.pc_fields:
            if f.key not in stats:
                if not f.optional:
                    found[f.key] = f"{f.label} is missing."
            elif problem := f.check(stats[f.key]):
                found[f.key] = problem
        for key in stats:
            if key not in {f.key for f in self.pc_fields}:
                found[key] = f"{self.name} characters have no stat called {key!r}."
        return found


DAGGERHEART = System(
    "daggerheart", "Daggerheart", TurnOrder.SPOTLIGHT, True, (
        StatField("evasion", "Evasion", 10, 0, 30, help="Adversary attacks hit at or above it."),
        StatField("major", "Major threshold", 7, 1, 99),
        StatField("severe", "Severe threshold", 14, 1, 99),
        StatField("hp", "Hit Points", 6, 1, 12),
        StatField("stress", "Stress", 6, 1, 12),
        StatField("hope", "Hope", 2, 0, 6, help="Hope the character has now (at most 6)."),
        StatField("armor", "Armor slots", 3, 0, 12),
    ))

CASUS_MUS = System(
    "casus_mus", "Casus Mus", TurnOrder.CLASH, False, (
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
    ))

RUINS_AND_RAIDERS = System(
    "ruins_and_raiders", "Ruins & Raiders", TurnOrder.ROLLED, False, (
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
    ), health_key="wounds", initiative_key="perception")

FORGE_OF_POWER = System(
    "forge_of_power", "Forge of Power", TurnOrder.POPCORN, False, (
        StatField("defense", "Defense", 12, 1, 40, help="The DC of attacks against them."),
        StatField("strength", "Strength", 2, -5, 10),
        StatField("agility", "Agility", 2, -5, 10),
        StatField("intellect", "Intellect", 1, -5, 10),
        StatField("willpower", "Willpower", 1, -5, 10),
        StatField("initiative", "Initiative bonus", 2, -5, 15),
        StatField("hp", "Hit Points", 20, 1, 200),
    ), initiative_key="initiative")

SYSTEMS: dict[str, System] = {s.key: s for s in
                              (DAGGERHEART, CASUS_MUS, RUINS_AND_RAIDERS, FORGE_OF_POWER)}


def system(key: str) -> System:
    """The system stored under ``key``; a KeyError names the known ones."""
    try:
        return SYSTEMS[key]
    except KeyError:
        raise KeyError(f"Unknown rule system {key!r}; known: {', '.join(SYSTEMS)}") from None
