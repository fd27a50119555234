"""Casus Mus' turns: Action Points back every round, Luck Points every game session.

A combatant's state (``state.CasusMusState``): ``ap`` and ``lp``, the Action and Luck Points it
has left.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow
from encounter_app.rules import casus_mus
from encounter_app.services.fight import commands, turns
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.turns import TurnError, row_of, set_state, updates
from encounter_app.systems.casus_mus.state import state_of, stats_of, with_state


def ap_max(row: CombatantRow) -> int:
    return casus_mus.action_points(bool(stats_of(row).hero))


def lp_max(row: CombatantRow) -> int:
    return casus_mus.luck_points(stats_of(row).pow)


def ap_left(row: CombatantRow) -> int:
    ap = state_of(row).ap
    return ap_max(row) if ap is None else ap


def lp_left(row: CombatantRow) -> int:
    lp = state_of(row).lp
    return lp_max(row) if lp is None else lp


def with_points(row: CombatantRow, *, ap: int | None = None, lp: int | None = None
                ) -> CombatantRow:
    """``row`` with these Action or Luck Points left (None: as they are)."""
    state = state_of(row)
    return with_state(row, replace(state, ap=state.ap if ap is None else ap,
                                   lp=state.lp if lp is None else lp))


def spend(session: EncounterSession, combatant_id: int, resource: str, cost: int = 1
          ) -> commands.UpdateCombatant:
    """Spend (or, with a negative cost, give back) Action or Luck Points."""
    row = row_of(session, combatant_id)
    left, top, word = ((ap_left(row), ap_max(row), "Action Point") if resource == "ap"
                       else (lp_left(row), lp_max(row), "Luck Point"))
    if cost > 0 and left < cost:
        raise TurnError(f"{row.name} has no {word}s left.")
    if cost < 0 and left - cost > top:
        raise TurnError(f"{row.name} already has every {word} ({top}).")
    verb = "spends" if cost > 0 else "gets back"
    new = (with_points(row, ap=left - cost) if resource == "ap"
           else with_points(row, lp=left - cost))
    return set_state(session, row, new.system_state, f"{row.name} {verb} {abs(cost)} {word}")


def refresh_luck_points(session: EncounterSession) -> QUndoCommand | None:
    """A new game session: every combatant's Luck Points back to what POW gives.

    None when nobody has any to get back. This is the hook a "New game session" calls.
    """
    parts = updates(session, (with_points(r, lp=lp_max(r)) for r in session.combatants
                               if lp_left(r) != lp_max(r)))
    return Compound("New session: refresh Luck Points", parts) if parts else None



def new_round(rows: list[CombatantRow]) -> list[CombatantRow]:
    """Everyone's Action Points back."""
    return [with_points(r, ap=ap_max(r)) for r in rows]


def next_turn(session: EncounterSession) -> QUndoCommand | None:
    return turns.next_turn(session, new_round)
