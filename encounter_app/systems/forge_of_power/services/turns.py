"""Forge of Power's turns: popcorn initiative, where whoever ends a turn picks who is next,
and Interrupt.

A combatant's state (``state.ForgeState``): ``initiative``, ``acted`` (this round). The
encounter's (``state.ForgeEncounter``): ``attacked``, the ids the creature whose turn it is has
attacked (for Interrupt).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow
from encounter_app.domain.system_data import SystemData
from encounter_app.rules import forge_of_power as fop
from encounter_app.services.fight import commands
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.turns import (
    SetSystemState,
    TurnError,
    row_of,
    updates,
)
from encounter_app.systems.forge_of_power.state import encounter_state, state_of, with_state


def acted(row: CombatantRow) -> bool:
    return state_of(row).acted


def with_acted(row: CombatantRow, acted: bool) -> CombatantRow:
    return with_state(row, replace(state_of(row), acted=acted))


def _able(session: EncounterSession) -> list[CombatantRow]:
    return [r for r in session.combatants if not r.defeated]


def next_choices(session: EncounterSession) -> list[CombatantRow]:
    """Who the creature ending its turn may pick: those who have not acted this round.

    When the one ending its turn is the last, the round is over and it picks anyone, itself
    included, to start the next.
    """
    able = _able(session)
    done = [r.id for r in able if acted(r)] + [session.active_id]
    picked = set(fop.next_turn_choices([r.id for r in able], done))
    return [r for r in able if r.id in picked]


def interrupters(session: EncounterSession) -> list[CombatantRow]:
    """Creatures the one whose turn it is attacked and that have not acted this round."""
    attacked = set(encounter_state(session.system_state).attacked)
    return [r for r in _able(session)
            if fop.can_interrupt(r.id in attacked, acted(r) or r.id == session.active_id)]


def last_of_round(session: EncounterSession) -> bool:
    """Whether everyone standing but the one acting has acted: the round ends with this turn,
    and the one acting picks who starts the next."""
    return all(acted(r) or r.id == session.active_id
               for r in session.combatants if not r.defeated)


def end_popcorn_turn(session: EncounterSession, next_id: int, *, interrupt: bool = False
                     ) -> Compound:
    """End the turn of the creature acting and give the next one to ``next_id``."""
    chosen = row_of(session, next_id)
    allowed = interrupters(session) if interrupt else next_choices(session)
    if chosen.id not in {r.id for r in allowed}:
        if interrupt:
            raise TurnError(f"{chosen.name} can interrupt only after being attacked this turn, "
                            "and only before acting this round.")
        raise TurnError(f"{chosen.name} has already acted this round.")
    rows = list(session.combatants)
    if session.active_id is not None:
        rows = [with_acted(r, True) if r.id == session.active_id else r for r in rows]
    round_ = session.round
    over = last_of_round(session)
    if over:  # the last actor picks who starts the next round
        rows = [with_acted(r, False) for r in rows]
        round_ += 1
    text = (f"{chosen.name} interrupts" if interrupt
            else f"Round {round_}: {chosen.name} starts" if over
            else f"{chosen.name} goes next")
    state = replace(encounter_state(session.system_state), attacked=())
    return Compound(text, [*updates(session, rows),
                           SetSystemState(session, state, text),
                           commands.SetTurn(session, chosen.id, round_, text)])


def attacked_targets(session: EncounterSession, attacker_id: int | None,
                     target_ids: Iterable[int | None]) -> QUndoCommand | None:
    """Remember whom the creature whose turn it is attacked, so they may Interrupt."""
    if attacker_id is None or attacker_id != session.active_id:
        return None
    state = encounter_state(session.system_state)
    known = state.attacked
    new = known + tuple(dict.fromkeys(t for t in target_ids if t is not None and t not in known))
    if new == known:
        return None
    return SetSystemState(session, replace(state, attacked=new), "Attacked")



def start_battle(rows: list[CombatantRow], state: SystemData
                 ) -> tuple[list[CombatantRow], SystemData]:
    """After the initiative roll: nobody has acted, nobody has been attacked."""
    return ([with_acted(r, False) for r in rows],
            replace(encounter_state(state), attacked=()))
