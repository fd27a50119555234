"""Undo commands for the turn order and the per-round and per-session resources of the systems.

Casus Mus: Action Points refresh every round, Luck Points every game session. Ruins & Raiders:
two actions a round, initiative rolled once per battle, round zero, wait and hold. Forge of
Power: popcorn initiative, where whoever ends a turn picks who is next.

Each function returns one command (often a Compound) for the undo stack, or raises
``TurnError`` with a sentence for the GM. Combatant numbers live in ``CombatantRow.system_stats``
(the keys of rules/systems.py), what changes in play in ``system_state``:

* ``ap``, ``lp``: Action and Luck Points left (Casus Mus).
* ``actions``: actions left this round; ``initiative``; ``waiting``; ``holding`` (holds into the
  next round); ``hold_bonus`` (+10 this round from holding); ``surprised`` and ``acts_first``
  (round zero); ``sacrificed`` (bonuses of actions given up) and ``charged`` (spaces charged),
  for the round (R&R, ``ruins_round.py``).
* ``initiative``, ``acted`` (this round) (Forge of Power).

The encounter's ``system_state``: ``round_zero`` (R&R); ``attacked``, the ids the creature whose
turn it is has attacked (Forge of Power, for Interrupt).

Interpretations the texts leave open (change them here):

* HOLD_LASTS_ONE_ROUND: the +10 of holding counts for the round the action was held into;
  the round after, the holder is back at its rolled initiative.
* R&R combatants whose initiative is not rolled yet keep their place, after those rolled.
* WAITING_GAME_GOES_FIRST: "the waiting game" — whoever is still waiting when the round ends
  (nobody else has actions left) gets "the initiative bonus over characters who acted": they
  go first next round, among themselves by initiative (``waited_out`` for that round).
  A waiting character that acts (uses an action, or is given the turn) stops waiting.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.rows import stored_id
from encounter_app.domain.systems.requests import InitiativeScore, initiative_order
from encounter_app.rules import casus_mus, ruins_and_raiders
from encounter_app.rules import forge_of_power as fop
from encounter_app.services.fight import commands
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession

HOLD_LASTS_ONE_ROUND = True
WAITING_GAME_GOES_FIRST = True


class TurnError(Refused):
    """An action the rules do not allow now; the message says why."""


class SetSystemState(QUndoCommand):
    """The encounter's system turn state, whole before and after."""

    def __init__(self, session: EncounterSession, new: dict[str, Any], text: str) -> None:
        super().__init__(text)
        self._session, self._old, self._new = session, dict(session.system_state), dict(new)

    def redo(self) -> None:
        self._session.set_system_state(self._new)

    def undo(self) -> None:
        self._session.set_system_state(self._old)


def _row(session: EncounterSession, combatant_id: int) -> CombatantRow:
    try:
        row: CombatantRow = session.combatants.by_id(combatant_id)
    except KeyError:
        raise TurnError("That combatant is no longer in the fight.") from None
    return row


def with_state(row: CombatantRow, **changes: Any) -> CombatantRow:
    return replace(row, system_state={**row.system_state, **changes})


def stat(row: CombatantRow, key: str, default: int = 0) -> int:
    return int(row.system_stats.get(key, default))


def change_state(session: EncounterSession, combatant_id: int, text: str,
                 **changes: Any) -> commands.UpdateCombatant:
    return commands.UpdateCombatant(session, with_state(_row(session, combatant_id), **changes),
                                    text)


def _updates(session: EncounterSession, new_rows: Iterable[CombatantRow]) -> list[QUndoCommand]:
    """One UpdateCombatant per row that really changed."""
    parts: list[QUndoCommand] = []
    for new in new_rows:
        if new != _row(session, stored_id(new)):
            parts.append(commands.UpdateCombatant(session, new, f"Update {new.name}"))
    return parts


# -- Casus Mus ----------------------------------------------------------------------------

def ap_max(row: CombatantRow) -> int:
    return casus_mus.action_points(bool(stat(row, "hero")))


def lp_max(row: CombatantRow) -> int:
    return casus_mus.luck_points(stat(row, "pow", 1))


def ap_left(row: CombatantRow) -> int:
    return int(row.system_state.get("ap", ap_max(row)))


def lp_left(row: CombatantRow) -> int:
    return int(row.system_state.get("lp", lp_max(row)))


def spend(session: EncounterSession, combatant_id: int, resource: str, cost: int = 1
          ) -> commands.UpdateCombatant:
    """Spend (or, with a negative cost, give back) Action or Luck Points."""
    row = _row(session, combatant_id)
    left, top, word = ((ap_left(row), ap_max(row), "Action Point") if resource == "ap"
                       else (lp_left(row), lp_max(row), "Luck Point"))
    if cost > 0 and left < cost:
        raise TurnError(f"{row.name} has no {word}s left.")
    if cost < 0 and left - cost > top:
        raise TurnError(f"{row.name} already has every {word} ({top}).")
    verb = "spends" if cost > 0 else "gets back"
    return change_state(session, combatant_id, f"{row.name} {verb} {abs(cost)} {word}",
                        **{resource: left - cost})


def refresh_luck_points(session: EncounterSession) -> QUndoCommand | None:
    """A new game session: every combatant's Luck Points back to what POW gives.

    None when nobody has any to get back. This is the hook a "New game session" calls.
    """
    parts = _updates(session, (with_state(r, lp=lp_max(r)) for r in session.combatants
                               if lp_left(r) != lp_max(r)))
    return Compound("New session: refresh Luck Points", parts) if parts else None


def _casus_mus_round(rows: list[CombatantRow]) -> list[CombatantRow]:
    return [with_state(r, ap=ap_max(r)) for r in rows]


# -- Ruins & Raiders ----------------------------------------------------------------------

def actions_left(row: CombatantRow) -> int:
    return int(row.system_state.get("actions", ruins_and_raiders.ACTIONS_PER_ROUND))


def use_action(session: EncounterSession, combatant_id: int) -> commands.UpdateCombatant:
    row = _row(session, combatant_id)
    left = actions_left(row)
    if left <= 0:
        why = ""
        if session.system_state.get("round_zero"):
            why = (" (surprised in round zero)" if row.system_state.get("surprised")
                   else " (in round zero only those who act first act)")
        raise TurnError(f"{row.name} has no actions left this round{why}.")
    return change_state(session, combatant_id, f"{row.name} uses an action", actions=left - 1,
                        waiting=False)


def give_up_action(session: EncounterSession, combatant_id: int,
                   sacrifice: ruins_and_raiders.Sacrifice) -> commands.UpdateCombatant:
    """Give up one of the two actions for a bonus (NOTES.md: Aim, Defend, Haymaker, Resist,
    Look); the bonus is kept in ``sacrificed`` and shown on the card until the round ends."""
    row = _row(session, combatant_id)
    left = actions_left(row)
    if left <= 0:
        raise TurnError(f"{row.name} has no action left this round to give up.")
    kept = [*row.system_state.get("sacrificed", []), sacrifice.name]
    text = (f"{row.name} gives up an action: {sacrifice.name.title()} "
            f"(+{sacrifice.bonus} {sacrifice.applies_to})")
    return change_state(session, combatant_id, text, actions=left - 1,
                        waiting=False, sacrificed=kept)


def set_waiting(session: EncounterSession, combatant_id: int, *, hold: bool = False
                ) -> commands.UpdateCombatant:
    """Wait (act later this round, even inside another's action), or hold into the next round."""
    row = _row(session, combatant_id)
    if hold:
        return change_state(session, combatant_id, f"{row.name} holds to the next round",
                            holding=True, waiting=False)
    waiting = not row.system_state.get("waiting", False)
    text = f"{row.name} waits" if waiting else f"{row.name} stops waiting"
    return change_state(session, combatant_id, text, waiting=waiting, holding=False)


def give_turn(session: EncounterSession, combatant_id: int) -> QUndoCommand:
    """The turn goes to ``combatant_id`` out of order (a waiting character acting now)."""
    row = _row(session, combatant_id)
    text = f"Spotlight {row.name}"
    turn = commands.SetTurn(session, row.id, session.round, text)
    if not row.system_state.get("waiting"):
        return turn
    return Compound(text, [change_state(session, combatant_id, text, waiting=False), turn])


def effective_initiative(row: CombatantRow) -> int | None:
    base = row.system_state.get("initiative")
    return None if base is None else int(base) + int(row.system_state.get("hold_bonus", 0))


def _ruins_round(rows: list[CombatantRow]) -> list[CombatantRow]:
    new = []
    for r in rows:
        holding = bool(r.system_state.get("holding", False))
        bonus = ruins_and_raiders.HOLD_INITIATIVE_BONUS if holding else (
            0 if HOLD_LASTS_ONE_ROUND else int(r.system_state.get("hold_bonus", 0)))
        waited_out = WAITING_GAME_GOES_FIRST and bool(r.system_state.get("waiting", False))
        new.append(with_state(r, actions=ruins_and_raiders.ACTIONS_PER_ROUND, holding=False,
                              waiting=False, surprised=False, hold_bonus=bonus,
                              waited_out=waited_out, sacrificed=[], charged=0))
    return new


def _order_moves(session: EncounterSession, order: list[int]) -> list[QUndoCommand]:
    """MoveCombatant commands that put the combatants in ``order`` (ids), one after another."""
    current = [r.id for r in session.combatants]
    moves: list[QUndoCommand] = []
    for destination, combatant_id in enumerate(order):
        source = current.index(combatant_id)
        if source != destination:
            moves.append(commands.MoveCombatant(session, source, destination))
            current.insert(destination, current.pop(source))
    return moves


def _by_initiative(rows: list[CombatantRow]) -> list[int]:
    """Ids high initiative first (the waiting game's waiters before all); equal ones and
    unrolled ones keep their place."""
    rolled = [(r, initiative) for r in rows
              if (initiative := effective_initiative(r)) is not None]
    rolled.sort(key=lambda pair: (not pair[0].system_state.get("waited_out", False), -pair[1]))
    return ([stored_id(r) for r, _initiative in rolled]
            + [stored_id(r) for r in rows if effective_initiative(r) is None])


def start_round_zero(session: EncounterSession, ambusher_ids: Iterable[int], *,
                     surprise: bool = True) -> Compound:
    """Round zero: whoever acts first (one, or a group in an ambush) acts; the others wait
    for round 1. ``surprise``: the text's "if" the opponents were taken completely by
    surprise: they are surprised (no actions at all, not even defensive ones; an attack on
    them is against a flat 4), else they only wait."""
    ambushers = set(ambusher_ids)
    if not ambushers:
        raise TurnError("Pick who springs the ambush: they act in round zero.")
    new_rows = [with_state(r, actions=ruins_and_raiders.ACTIONS_PER_ROUND if r.id in ambushers
                           else 0, surprised=surprise and r.id not in ambushers,
                           acts_first=r.id in ambushers, waiting=False, holding=False)
                for r in session.combatants]
    first = next(r.id for r in session.combatants if r.id in ambushers)
    return Compound("Round zero: ambush", [
        *_updates(session, new_rows),
        SetSystemState(session, {**session.system_state, "round_zero": True}, "Round zero"),
        commands.SetTurn(session, first, 0, "Round zero"),
    ])


# -- Forge of Power -----------------------------------------------------------------------

def acted(row: CombatantRow) -> bool:
    return bool(row.system_state.get("acted", False))


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
    attacked = set(session.system_state.get("attacked", ()))
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
    chosen = _row(session, next_id)
    allowed = interrupters(session) if interrupt else next_choices(session)
    if chosen.id not in {r.id for r in allowed}:
        if interrupt:
            raise TurnError(f"{chosen.name} can interrupt only after being attacked this turn, "
                            "and only before acting this round.")
        raise TurnError(f"{chosen.name} has already acted this round.")
    rows = list(session.combatants)
    if session.active_id is not None:
        rows = [with_state(r, acted=True) if r.id == session.active_id else r for r in rows]
    round_ = session.round
    over = last_of_round(session)
    if over:  # the last actor picks who starts the next round
        rows = [with_state(r, acted=False) for r in rows]
        round_ += 1
    text = (f"{chosen.name} interrupts" if interrupt
            else f"Round {round_}: {chosen.name} starts" if over
            else f"{chosen.name} goes next")
    state = {k: v for k, v in session.system_state.items() if k != "attacked"}
    return Compound(text, [*_updates(session, rows),
                           SetSystemState(session, state, text),
                           commands.SetTurn(session, chosen.id, round_, text)])


def attacked_targets(session: EncounterSession, attacker_id: int | None,
                     target_ids: Iterable[int | None]) -> QUndoCommand | None:
    """Remember whom the creature whose turn it is attacked, so they may Interrupt."""
    if attacker_id is None or attacker_id != session.active_id:
        return None
    known = list(session.system_state.get("attacked", ()))
    new = known + [t for t in target_ids if t is not None and t not in known]
    if new == known:
        return None
    return SetSystemState(session, {**session.system_state, "attacked": new}, "Attacked")


# -- rolled initiative (R&R and Forge of Power) -------------------------------------------

def apply_initiative(session: EncounterSession, system_key: str,
                     scores: Iterable[InitiativeScore], log: RollRow) -> Compound:
    """Record everyone's initiative, put them in order, and start the battle's first round.

    Ruins & Raiders after round zero goes on to round 1 with fresh actions.
    """
    scores = list(scores)
    totals = {s.combatant_id: s.total for s in scores}
    rows = [with_state(r, initiative=totals[r.id], hold_bonus=0) if r.id in totals else r
            for r in session.combatants]
    round_ = max(session.round, 1)
    state = dict(session.system_state)
    if system_key == "ruins_and_raiders":
        rows = _ruins_round(rows)
        state.pop("round_zero", None)
    else:
        rows = [with_state(r, acted=False) for r in rows]
        state.pop("attacked", None)
    present = {r.id for r in rows}
    order_ids = ([s.combatant_id for s in initiative_order(system_key, scores)
                  if s.combatant_id in present]
                 + [stored_id(r) for r in rows if r.id not in totals])
    first = next((i for i in order_ids if not _row(session, i).defeated), None)
    text = "Roll initiative"
    return Compound(text, [
        commands.RecordRoll(session, log),
        *_updates(session, rows),
        *_order_moves(session, order_ids),
        SetSystemState(session, state, text),
        commands.SetTurn(session, first, round_, text),
    ])


def settle_tie(session: EncounterSession, ordered_ids: list[int]) -> Compound:
    """Combatants tied on initiative put in the order the GM chose, in the places they hold;
    the spotlight on the first of them moves to the new first."""
    rows = list(session.combatants)
    places = sorted(i for i, r in enumerate(rows) if r.id in ordered_ids)
    order = [stored_id(r) for r in rows]
    for place, combatant_id in zip(places, ordered_ids, strict=True):
        order[place] = combatant_id
    names = ", then ".join(_row(session, i).name for i in ordered_ids)
    text = f"Initiative tie: {names}"
    parts = _order_moves(session, order)
    if session.active_id == rows[places[0]].id and ordered_ids[0] != session.active_id:
        parts.append(commands.SetTurn(session, ordered_ids[0], session.round, text))
    return Compound(text, parts)


def set_initiative(session: EncounterSession, combatant_id: int, value: int) -> Compound:
    """The GM types an initiative (a player rolled it at the table); the order follows it."""
    row = _row(session, combatant_id)
    text = f"{row.name}: initiative {value}"
    new = with_state(row, initiative=value)
    rows = [new if r.id == row.id else r for r in session.combatants]
    return Compound(text, [commands.UpdateCombatant(session, new, text),
                           *_order_moves(session, _by_initiative(rows))])


# -- Next past the last combatant --------------------------------------------------------

def _next_ambusher(session: EncounterSession) -> QUndoCommand:
    """Round zero: the next one after the active combatant who is not surprised."""
    rows = list(session.combatants)
    current = session.combatants.index_of(session.active_id)
    later = [r for r in rows[current + 1:]
             if not r.defeated and r.system_state.get("acts_first", True)
             and not r.system_state.get("surprised")]
    if not later:
        raise TurnError("Round zero is over: roll initiative to start round 1.")
    return commands.SetTurn(session, later[0].id, session.round, "Round zero: next ambusher")


def next_turn(session: EncounterSession, system_key: str) -> QUndoCommand | None:
    """Next in the order; a new round refreshes the system's per-round resources.

    None when nobody can act. Round zero of Ruins & Raiders passes only among the ambushers
    and ends with the initiative roll. Forge of Power has no fixed order: use end_popcorn_turn.
    """
    if system_key == "ruins_and_raiders" and session.system_state.get("round_zero"):
        return _next_ambusher(session)
    active, round_ = session.next_turn()
    if active is None:
        return None
    if round_ == session.round:
        return commands.SetTurn(session, active, round_)
    rows = list(session.combatants)
    if system_key == "casus_mus":
        rows = _casus_mus_round(rows)
    elif system_key == "ruins_and_raiders":
        rows = _ruins_round(rows)
    text = f"Round {round_}"
    parts: list[QUndoCommand] = _updates(session, rows)
    if system_key == "ruins_and_raiders":  # a held action moves up for this round only
        order = _by_initiative(rows)
        parts += _order_moves(session, order)
        standing = {r.id for r in rows if not r.defeated}
        active = next(i for i in order if i in standing)
    parts.append(commands.SetTurn(session, active, round_, text))
    return Compound(text, parts)
