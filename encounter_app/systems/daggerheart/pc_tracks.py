"""A Daggerheart PC tracked in the fight: HP, Stress, Armor Slots, thresholds and Hope, and what
an adversary's hit does to them.

HP and Stress are the combatant's own tracks, as an adversary's. The rest sits in the row's
``system_state`` (flat numbers, as every system's state): ``major`` and ``severe`` (the damage
thresholds), ``armor`` (Armor Slots) and ``armor_marked``, and ``hope`` (at most six). A PC who
joined from the roster brings them (``campaign_rows.combatant_for_pc``) and its marks go back to
the roster; a PC added by hand has none until the GM sets them (the roster's editor).

A hit marks HP by the PC's thresholds (``rules.daggerheart.hp_marked``); marking an Armor Slot
reduces it by one threshold: Severe to Major, Major to Minor, Minor to none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from encounter_app.domain.rows import CombatantRow, RollRow
from encounter_app.rules.daggerheart import hp_marked
from encounter_app.systems.daggerheart.requests import AttackLine, read_roll

HOPE_MAX = 6
SEVERITY = {0: "no damage", 1: "Minor", 2: "Major", 3: "Severe", 4: "Massive"}


@dataclass(frozen=True)
class PcTracks:
    """What a tracked PC's card and row show beside HP and Stress."""

    major: int | None
    severe: int | None
    armor: int
    armor_marked: int
    hope: int

    @property
    def has_thresholds(self) -> bool:
        return self.major is not None and self.severe is not None

    @property
    def armor_free(self) -> int:
        return max(0, self.armor - self.armor_marked)

    def thresholds_text(self) -> str:
        """ "Minor 1–6 · Major 7–13 · Severe 14+", or that they are not set."""
        if self.major is None or self.severe is None:
            return "Thresholds not set (the campaign's party)"
        return (f"Minor 1–{self.major - 1} · Major {self.major}–{self.severe - 1} · "
                f"Severe {self.severe}+")


def _number(state: Mapping[str, Any], key: str) -> int | None:
    value = state.get(key)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def tracks(row: CombatantRow) -> PcTracks:
    """The PC's tracks as its row holds them; missing ones are empty (or unset thresholds)."""
    state = row.system_state
    armor = max(0, _number(state, "armor") or 0)
    return PcTracks(major=_number(state, "major"), severe=_number(state, "severe"), armor=armor,
                    armor_marked=min(armor, max(0, _number(state, "armor_marked") or 0)),
                    hope=min(HOPE_MAX, max(0, _number(state, "hope") or 0)))


def pc_state(stats: Mapping[str, Any], armor_marked: int = 0) -> dict[str, int]:
    """A roster PC's numbers as its fight's row keeps them (Daggerheart's PC fields)."""
    state = {key: int(stats[key]) for key in ("major", "severe", "armor", "hope")
             if isinstance(stats.get(key), int)}
    if "armor" in state:
        state["armor_marked"] = min(max(0, armor_marked), state["armor"])
    return state


def with_marks(row: CombatantRow, *, hp: int | None = None, stress: int | None = None,
               armor: int | None = None, hope: int | None = None) -> CombatantRow:
    """``row`` with these tracks set, each kept within its track."""
    now = tracks(row)
    state = dict(row.system_state)
    if armor is not None:
        state["armor_marked"] = min(max(0, armor), now.armor)
    if hope is not None:
        state["hope"] = min(max(0, hope), HOPE_MAX)
    return replace(
        row, system_state=state,
        hp_marked=row.hp_marked if hp is None else min(max(0, hp), row.hp_max),
        stress_marked=row.stress_marked if stress is None else min(max(0, stress),
                                                                   row.stress_max))


@dataclass(frozen=True)
class Hit:
    """An adversary's damage to one tracked PC, and what marking it does."""

    combatant_id: int
    name: str
    damage: int
    marks: int  # HP the hit marks by the PC's thresholds
    armored: int  # HP it marks when an Armor Slot is marked too
    armor_free: int  # the PC's unmarked Armor Slots

    @property
    def armor_helps(self) -> bool:
        return self.armor_free > 0 and self.marks > 0

    def words(self, armor: bool = False) -> str:
        """ "9 damage: Major, marks 2 HP" (with an Armor Slot: "Minor, marks 1 HP")."""
        marks = self.armored if armor else self.marks
        return (f"{self.damage} damage: {SEVERITY[marks]}, marks {marks} HP"
                + (" and an Armor Slot" if armor else ""))


def hit_on(row: CombatantRow, damage: int, *, massive: bool = False) -> Hit | None:
    """What ``damage`` does to the PC ``row`` by its thresholds; None when it has none set."""
    now = tracks(row)
    if now.major is None or now.severe is None or row.id is None:
        return None
    marks = hp_marked(damage, now.major, now.severe, massive=massive)
    return Hit(row.id, row.name, damage, marks, max(0, marks - 1), now.armor_free)


def marked_by(row: CombatantRow, hit: Hit, armor: bool) -> CombatantRow:
    """``row`` after the hit is marked (with an Armor Slot if ``armor`` and one is free)."""
    armor = armor and hit.armor_helps
    now = tracks(row)
    return with_marks(row, hp=row.hp_marked + (hit.armored if armor else hit.marks),
                      armor=now.armor_marked + 1 if armor else None)


def hits_in(roll: RollRow) -> list[tuple[int, int]]:
    """An adversary attack's hits from its log row: (combatant id, damage) of each PC hit."""
    line = read_roll(roll)
    if not isinstance(line, AttackLine) or line.result.damage_total is None:
        return []
    return [(target.combatant_id, line.result.damage_total) for target, hit in line.targets()
            if hit and target.combatant_id is not None]
