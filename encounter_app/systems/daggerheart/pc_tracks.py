"""A Daggerheart PC tracked in the fight: HP, Stress, Armor Slots, thresholds and Hope, and what
an adversary's hit does to them.

HP and Stress are the combatant's own tracks, as an adversary's. The rest is its typed state
(``state.DaggerheartState``): ``major`` and ``severe`` (the damage thresholds), ``armor``
(Armor Slots) and ``armor_marked``, and ``hope`` (at most six). A PC who joined from the roster
brings them (``Daggerheart.combatant_for_pc``) and its marks go back to the roster
(``Daggerheart.roster_marks``); a PC without thresholds is not tracked until the GM sets them
(the roster's editor).

A hit marks HP by the PC's thresholds (``rules.daggerheart.hp_marked``); marking an Armor Slot
reduces it by one threshold: Severe to Major, Major to Minor, Minor to none. A player's own
action roll gives their PC a Hope on a result with Hope and clears a Stress on a critical
(``after_roll``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.system import RollerMarks
from encounter_app.rules.daggerheart import Outcome, hp_marked, with_hope
from encounter_app.systems.daggerheart.conditions import stress_changed
from encounter_app.systems.daggerheart.state import (
    DaggerheartSheet,
    DaggerheartState,
    state_of,
    with_state,
)

HOPE_MAX = 6
SEVERITY = {0: "no damage", 1: "Minor", 2: "Major", 3: "Severe", 4: "Massive"}


@fields_repr
@dataclass(frozen=True, repr=False)
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


def tracked(row: CombatantRow) -> bool:
    """Whether the row tracks a PC's thresholds, Armor and Hope (it came from the roster)."""
    return state_of(row).major is not None


def tracks(row: CombatantRow) -> PcTracks:
    """The PC's tracks as its row holds them, each within its track."""
    state = state_of(row)
    armor = max(0, state.armor)
    return PcTracks(major=state.major, severe=state.severe, armor=armor,
                    armor_marked=min(armor, max(0, state.armor_marked)),
                    hope=min(HOPE_MAX, max(0, state.hope)))


def pc_state(stats: DaggerheartSheet, armor_marked: int = 0) -> DaggerheartState:
    """A roster PC's numbers as its fight's row keeps them (Daggerheart's PC fields)."""
    return DaggerheartState(major=stats.major, severe=stats.severe, armor=stats.armor,
                            armor_marked=min(max(0, armor_marked), stats.armor),
                            hope=stats.hope)


def with_marks(row: CombatantRow, *, hp: int | None = None, stress: int | None = None,
               armor: int | None = None, hope: int | None = None) -> CombatantRow:
    """``row`` with these tracks set, each kept within its track."""
    now = tracks(row)
    state = state_of(row)
    if armor is not None:
        state = replace(state, armor_marked=min(max(0, armor), now.armor))
    if hope is not None:
        state = replace(state, hope=min(max(0, hope), HOPE_MAX))
    return replace(
        with_state(row, state),
        hp_marked=row.hp_marked if hp is None else min(max(0, hp), row.hp_max),
        stress_marked=row.stress_marked if stress is None else min(max(0, stress),
                                                                   row.stress_max))


def rolled_by(rows: Sequence[CombatantRow], roller: str) -> CombatantRow | None:
    """The tracked PC called ``roller`` (spaces and case aside), whose player made a roll;
    None when no tracked PC has that name."""
    wanted = roller.strip().casefold()
    return next((row for row in rows if row.kind == "pc" and tracked(row)
                 and row.name.strip().casefold() == wanted), None)


def after_roll(rows: Sequence[CombatantRow], roller: str, outcome: Outcome) -> RollerMarks:
    """What a player's action roll does to their own tracked PC (SRD 1.0, rules/NOTES.md):
    a result with Hope gains a Hope ("Success with Hope: ... gain a Hope", "Failure with Hope:
    ... but you gain a Hope"; a Critical Success counts as with Hope), never above
    ``HOPE_MAX``; a Critical Success clears a Stress too, and with it the Vulnerable the full
    Stress gave (``conditions.stress_changed``). A roll with Fear, or a name that is no
    tracked PC of ``rows``, changes nothing."""
    pc = rolled_by(rows, roller)
    critical = outcome is Outcome.CRITICAL_SUCCESS
    if pc is None or not (with_hope(outcome) or critical):
        return RollerMarks()
    row, said = pc, []
    hope = tracks(pc).hope
    if hope >= HOPE_MAX:
        said.append(f"{pc.name}'s Hope stays at {HOPE_MAX}, the most a PC holds")
    else:
        row = with_marks(row, hope=hope + 1)
        said.append(f"{pc.name} gains a Hope ({hope}→{hope + 1})")
    if critical:
        stress = row.stress_marked
        if stress:
            row, vulnerable = stress_changed(row, with_marks(row, stress=stress - 1))
            said.append(f"{pc.name} clears a Stress ({stress}→{stress - 1})")
            if vulnerable:
                said.append(f"{pc.name} is no longer Vulnerable")
        else:
            said.append(f"{pc.name} has no Stress to clear")
    return RollerMarks((row,) if row != pc else (), tuple(said))


@fields_repr
@dataclass(frozen=True, repr=False)
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
