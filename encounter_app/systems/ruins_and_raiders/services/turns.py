"""Ruins & Raiders' turns: two actions a round, initiative rolled once per battle, round zero,
wait and hold.

A combatant's state (``state.RuinsState``): ``actions`` (left this round); ``initiative``;
``waiting``; ``holding`` (holds into the next round); ``hold_bonus`` (+10 this round from
holding); ``surprised`` and ``acts_first`` (round zero); ``sacrificed`` (bonuses of actions
given up) and ``charged`` (spaces charged), for the round (``round.py``). The encounter's
(``state.RuinsEncounter``): ``round_zero``.

Interpretations the texts leave open (change them here):

* HOLD_LASTS_ONE_ROUND: the +10 of holding counts for the round the action was held into;
  the round after, the holder is back at its rolled initiative.
* WAITING_GAME_GOES_FIRST: "the waiting game" — whoever is still waiting when the round ends
  (nobody else has actions left) gets "the initiative bonus over characters who acted": they
  go first next round, among themselves by initiative (``waited_out`` for that round).
  A waiting character that acts (uses an action, or is given the turn) stops waiting.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow
from encounter_app.domain.system_data import SystemData
from encounter_app.rules import ruins_and_raiders
from encounter_app.services.fight import commands, turns
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.turns import (
    SetSystemState,
    TurnError,
    row_of,
    set_state,
    updates,
)
from encounter_app.systems.ruins_and_raiders.state import (
    encounter_state,
    state_of,
    with_state,
)

HOLD_LASTS_ONE_ROUND = True
WAITING_GAME_GOES_FIRST = True


def actions_left(row: CombatantRow) -> int:
    return state_of(row).actions


def use_action(session: EncounterSession, combatant_id: int) -> commands.UpdateCombatant:
    row = row_of(session, combatant_id)
    left = actions_left(row)
    if left <= 0:
        why = ""
        if in_round_zero(session):
            why = (" (surprised in round zero)" if state_of(row).surprised
                   else " (in round zero only those who act first act)")
        raise TurnError(f"{row.name} has no actions left this round{why}.")
    return set_state(session, row, replace(state_of(row), actions=left - 1, waiting=False),
                     f"{row.name} uses an action")


def give_up_action(session: EncounterSession, combatant_id: int,
                   sacrifice: ruins_and_raiders.Sacrifice) -> commands.UpdateCombatant:
    """Give up one of the two actions for a bonus (NOTES.md: Aim, Defend, Haymaker, Resist,
    Look); the bonus is kept in ``sacrificed`` and shown on the card until the round ends."""
    row = row_of(session, combatant_id)
    left = actions_left(row)
    if left <= 0:
        raise TurnError(f"{row.name} has no action left this round to give up.")
    state = state_of(row)
    text = (f"{row.name} gives up an action: {sacrifice.name.title()} "
            f"(+{sacrifice.bonus} {sacrifice.applies_to})")
    return set_state(session, row, replace(state, actions=left - 1, waiting=False,
                                           sacrificed=(*state.sacrificed, sacrifice)), text)


def set_waiting(session: EncounterSession, combatant_id: int, *, hold: bool = False
                ) -> commands.UpdateCombatant:
    """Wait (act later this round, even inside another's action), or hold into the next round."""
    row = row_of(session, combatant_id)
    state = state_of(row)
    if hold:
        return set_state(session, row, replace(state, holding=True, waiting=False),
                         f"{row.name} holds to the next round")
    waiting = not state.waiting
    text = f"{row.name} waits" if waiting else f"{row.name} stops waiting"
    return set_state(session, row, replace(state, waiting=waiting, holding=False), text)



def give_turn(session: EncounterSession, combatant_id: int) -> QUndoCommand:
    """The turn goes to ``combatant_id`` out of order: a waiting character acting now stops
    waiting."""
    row = row_of(session, combatant_id)
    turn = turns.give_turn(session, combatant_id)
    if not state_of(row).waiting:
        return turn
    return Compound(turn.text(), [set_state(session, row, replace(state_of(row), waiting=False),
                                            turn.text()), turn])


def waited_out(row: CombatantRow) -> bool:
    """The waiting game: who waited the round out goes first in the next."""
    return state_of(row).waited_out


def waiting(row: CombatantRow) -> bool:
    return state_of(row).waiting


def holding(row: CombatantRow) -> bool:
    """Holds its action into the next round (+10 initiative then)."""
    return state_of(row).holding


def hold_bonus(row: CombatantRow) -> int:
    """The initiative a held action gives this round (0: none)."""
    return state_of(row).hold_bonus


def in_round_zero(session: EncounterSession) -> bool:
    return encounter_state(session.system_state).round_zero


def new_round(rows: list[CombatantRow]) -> list[CombatantRow]:
    new = []
    for r in rows:
        state = state_of(r)
        bonus = ruins_and_raiders.HOLD_INITIATIVE_BONUS if state.holding else (
            0 if HOLD_LASTS_ONE_ROUND else state.hold_bonus)
        waited_out = WAITING_GAME_GOES_FIRST and state.waiting
        new.append(with_state(r, replace(
            state, actions=ruins_and_raiders.ACTIONS_PER_ROUND, holding=False, waiting=False,
            surprised=False, hold_bonus=bonus, waited_out=waited_out, sacrificed=(),
            charged=0)))
    return new


def start_battle(rows: list[CombatantRow], state: SystemData
                 ) -> tuple[list[CombatantRow], SystemData]:
    """After the initiative roll: round 1 (after round zero, if any) with fresh actions."""
    return new_round(rows), replace(encounter_state(state), round_zero=False)


def restart_battle(rows: list[CombatantRow], state: SystemData
                   ) -> tuple[list[CombatantRow], SystemData]:
    """Initiative rolled again (a correction in round 1): the round starts afresh, with
    nothing carried from the round it replaces (no hold's +10, nobody waited out)."""
    rows, state = start_battle(rows, state)
    return [with_state(r, replace(state_of(r), hold_bonus=0, waited_out=False))
            for r in rows], state


def start_round_zero(session: EncounterSession, ambusher_ids: Iterable[int], *,
                     surprise: bool = True) -> Compound:
    """Round zero: whoever acts first (one, or a group in an ambush) acts; the others wait
    for round 1. ``surprise``: the text's "if" the opponents were taken completely by
    surprise: they are surprised (no actions at all, not even defensive ones; an attack on
    them is against a flat 4), else they only wait."""
    ambushers = set(ambusher_ids)
    if not ambushers:
        raise TurnError("Pick who springs the ambush: they act in round zero.")
    new_rows = [with_state(r, replace(
        state_of(r), actions=ruins_and_raiders.ACTIONS_PER_ROUND if r.id in ambushers else 0,
        surprised=surprise and r.id not in ambushers, acts_first=r.id in ambushers,
        waiting=False, holding=False)) for r in session.combatants]
    first = next(r.id for r in session.combatants if r.id in ambushers)
    return Compound("Round zero: ambush", [
        *updates(session, new_rows),
        SetSystemState(session, replace(encounter_state(session.system_state), round_zero=True),
                       "Round zero"),
        commands.SetTurn(session, first, 0, "Round zero"),
    ])


def _next_ambusher(session: EncounterSession) -> QUndoCommand:
    """Round zero: the next one after the active combatant who is not surprised."""
    rows = list(session.combatants)
    current = session.combatants.index_of(session.active_id)
    later = [r for r in rows[current + 1:]
             if not r.defeated and state_of(r).acts_first and not state_of(r).surprised]
    if not later:
        raise TurnError("Round zero is over: roll initiative to start round 1.")
    return commands.SetTurn(session, later[0].id, session.round, "Round zero: next ambusher")


def next_turn(session: EncounterSession) -> QUndoCommand | None:
    """Next in the order; round zero passes only among the ambushers and ends with the
    initiative roll. A new round gives everyone two actions, and a held action moves up for
    that round only."""
    if in_round_zero(session):
        return _next_ambusher(session)
    return turns.next_turn(session, new_round,
                           reorder=waited_out if WAITING_GAME_GOES_FIRST else None)


def set_initiative(session: EncounterSession, combatant_id: int, value: int) -> Compound:
    return turns.set_initiative(session, combatant_id, value, waited_out)
