"""Forge of Power: a roll and the damage it deals recorded as one undo step.

The log line (naming what each combatant took), every damaged card's HP marked (never past
its Hit Points), and, for an attack, the weapon damage remembered on the attacker
(its state's ``weapon_damage``) so its next attack starts with it.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import RollRow
from encounter_app.services.fight import commands, turns
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.forge_of_power.damage import Damage, with_damage
from encounter_app.systems.forge_of_power.state import state_of


def damage_parts(session: EncounterSession, damage: Damage) -> list[QUndoCommand]:
    """One UpdateCombatant per combatant that takes damage, HP marked up to its maximum."""
    if damage.missing:
        raise turns.TurnError("Roll the damage (or type the total rolled at the table) "
                              "before recording.")
    parts: list[QUndoCommand] = []
    for taken in damage.dealt:
        if taken.combatant_id is None:
            continue
        try:
            row = session.combatants.by_id(taken.combatant_id)
        except KeyError:
            raise turns.TurnError(f"{taken.name} is no longer in the fight.") from None
        marked = min(row.hp_marked + taken.amount, row.hp_max)
        parts.append(commands.UpdateCombatant(session, replace(row, hp_marked=marked),
                                              f"{row.name} takes {taken.amount} damage"))
    return parts


def remember_weapon(session: EncounterSession, attacker_id: int | None, expression: str
                    ) -> QUndoCommand | None:
    """The attacker's weapon damage kept for its next attack; None when nothing changes."""
    expression = expression.strip()
    if attacker_id is None or not expression:
        return None
    try:
        row = session.combatants.by_id(attacker_id)
    except KeyError:
        return None
    state = state_of(row)
    if state.weapon_damage == expression:
        return None
    return turns.set_state(session, row, replace(state, weapon_damage=expression),
                           f"{row.name}: weapon damage {expression}")


def record_with_damage(session: EncounterSession, row: RollRow, damage: Damage | None,
                       extra: list[QUndoCommand] | None = None) -> tuple[RollRow, Compound]:
    """The roll logged with its damage, the cards marked, and ``extra`` (the attacked marks,
    the weapon remembered): one Compound. Raises TurnError when it cannot be recorded."""
    if damage is not None:
        row = with_damage(row, damage)
        parts = damage_parts(session, damage)
    else:
        parts = []
    return row, Compound(f"Roll: {row.summary}",
                         [commands.RecordRoll(session, row), *parts, *(extra or [])])
