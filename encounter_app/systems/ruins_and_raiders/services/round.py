"""Ruins & Raiders: what a trait check leaves behind for the rest of the round.

A charge and the actions given up for bonuses last until the round ends (``turns.new_round``
clears them). The trait check dialog reads them here, and a recorded check changes them here,
in the same undo step as the roll:

* ``charged``: the spaces the combatant charged this round. The text: "a charging character
  will take the same additional damage from any enemy melee weapon that hits him on that
  round" (``ruins-and-raiders-conflict.txt``), so a melee attack on the charger adds
  ``rules.ruins_and_raiders.momentum_damage(charged)`` to its wounds.
* ``sacrificed``: the ``Sacrifice`` bonuses given up for (``turns.give_up_action``).
  Aim and Haymaker are used by the next attack, Resist by the next Defiance check and Look by
  the next Perception check; Defend (+3 Dodge and Parry) lasts the round (``LASTS_THE_ROUND``).

Interpretations the texts leave open (change them here):

* A later charge in the same round replaces the spaces remembered; an attack without a charge
  keeps them (the charger has still charged this round).
* The same bonus given up twice counts once; a check uses one of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.services.fight import commands
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.ruins_and_raiders.services import turns
from encounter_app.systems.ruins_and_raiders.state import state_of, with_state

#: Given-up actions whose bonus is not used up by one check: it lasts until the round ends.
LASTS_THE_ROUND = frozenset({rr.Sacrifice.DEFEND})


def charged(row: CombatantRow) -> int:
    """Spaces ``row`` charged this round (0: no charge)."""
    return state_of(row).charged


def momentum_taken(row: CombatantRow) -> int:
    """The extra damage an enemy melee hit on ``row`` deals this round: its charge's momentum."""
    return rr.momentum_damage(charged(row))


def sacrifices(row: CombatantRow) -> list[rr.Sacrifice]:
    """The bonuses ``row`` has given up an action for this round, each once, in order given."""
    return list(dict.fromkeys(state_of(row).sacrificed))


def has(row: CombatantRow, sacrifice: rr.Sacrifice) -> bool:
    return sacrifice in sacrifices(row)


def _without(kept: tuple[rr.Sacrifice, ...], used: Iterable[rr.Sacrifice]
             ) -> tuple[rr.Sacrifice, ...]:
    left = list(kept)
    for sacrifice in used:
        if sacrifice not in LASTS_THE_ROUND and sacrifice in left:
            left.remove(sacrifice)
    return tuple(left)


def check_recorded(session: EncounterSession, actor_id: int, *, uses_action: bool = False,
                   charge: int = 0, used: Mapping[int, Iterable[rr.Sacrifice]] | None = None,
                   wounds: tuple[int, int] | None = None) -> list[QUndoCommand]:
    """The changes of a recorded trait check to the combatants, one command per combatant.

    ``uses_action``: the actor spends an action (if it has one left; the caller refuses a check
    that needs one and has none). ``charge``: spaces the actor charged (remembered for the
    round). ``used``: the given-up bonuses each combatant's part of the check used (Defend is
    kept). ``wounds``: (target id, wounds) of a hit.

    One UpdateCombatant per changed row, so the changes to one combatant never overwrite each
    other; a combatant that has left the fight is skipped.
    """
    changes: dict[int, CombatantRow] = {}

    def current(combatant_id: int) -> CombatantRow | None:
        if combatant_id in changes:
            return changes[combatant_id]
        try:
            found: CombatantRow = session.combatants.by_id(combatant_id)
        except KeyError:
            return None
        return found

    texts: dict[int, list[str]] = {}
    actor = current(actor_id)
    if actor is not None:
        if uses_action and turns.actions_left(actor) > 0:
            actor = with_state(actor, replace(state_of(actor),
                                              actions=turns.actions_left(actor) - 1,
                                              waiting=False))
            texts.setdefault(actor_id, []).append("uses an action")
        if charge > 0:
            actor = with_state(actor, replace(state_of(actor), charged=charge))
            texts.setdefault(actor_id, []).append(f"charged {charge} spaces")
        changes[actor_id] = actor
    for combatant_id, spent in (used or {}).items():
        row = current(combatant_id)
        if row is None:
            continue
        spent = list(spent)
        kept = state_of(row).sacrificed
        left = _without(kept, spent)
        if left != kept:
            changes[combatant_id] = with_state(row, replace(state_of(row), sacrificed=left))
            texts.setdefault(combatant_id, []).append(
                "uses " + ", ".join(s.name.title() for s in spent
                                    if s not in LASTS_THE_ROUND))
    if wounds is not None:
        target_id, dealt = wounds
        row = current(target_id)
        if row is not None and dealt > 0:
            changes[target_id] = replace(row, hp_marked=min(row.hp_marked + dealt, row.hp_max))
            texts.setdefault(target_id, []).append(f"takes {dealt} wounds")
    parts: list[QUndoCommand] = []
    for combatant_id, new in changes.items():
        if new != session.combatants.by_id(combatant_id):
            parts.append(commands.UpdateCombatant(
                session, new, f"{new.name} " + ", ".join(texts.get(combatant_id, []))))
    return parts
