"""Turn order in a system whose turns are not Daggerheart's spotlight: the undo commands every
such system builds from (its rounds, its rolled initiative, a tie settled, a turn given out of
order) and the helpers its own turn rules are written with (``systems/<key>/services``).

Each function returns one command (often a Compound) for the undo stack, or raises
``TurnError`` with a sentence for the GM. A combatant's numbers and what changes in play are
its system's typed classes (``CombatantRow.system_stats``, ``system_state``); this module reads
only what a rolled order shares (``RolledInitiative``: the roll and its bonus), a sheet's
number by its field's key, and the encounter's ``system_state`` whole.

An interpretation the texts leave open (change it here): combatants whose initiative is not
rolled yet keep their place, after those rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.initiative import InitiativeRequest, InitiativeScore
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system_data import Part, RolledInitiative, SystemData, value_of
from encounter_app.services.fight import commands
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession

#: A new round's refresh of each combatant's per-round resources (Action Points...).
NewRound = Callable[[list[CombatantRow]], list[CombatantRow]]
#: Who goes before the rest whatever the initiative (Ruins & Raiders' waiting game).
GoesFirst = Callable[[CombatantRow], bool]


def _no_refresh(rows: list[CombatantRow]) -> list[CombatantRow]:
    return rows


def _nobody(_row: CombatantRow) -> bool:
    return False


class TurnError(Refused):
    """An action the rules do not allow now; the message says why."""


class SetSystemState(QUndoCommand):
    """The encounter's system turn state, whole before and after."""

    def __init__(self, session: EncounterSession, new: SystemData, text: str) -> None:
        super().__init__(text)
        self._session, self._old, self._new = session, session.system_state, new

    def redo(self) -> None:
        self._session.set_system_state(self._new)

    def undo(self) -> None:
        self._session.set_system_state(self._old)


def row_of(session: EncounterSession, combatant_id: int) -> CombatantRow:
    try:
        row: CombatantRow = session.combatants.by_id(combatant_id)
    except KeyError:
        raise TurnError("That combatant is no longer in the fight.") from None
    return row


def stat(row: CombatantRow, key: str, default: int = 0) -> int:
    """A number of the row's sheet by its field's key (``StatField.key``)."""
    return value_of(row.system_stats, key, default)


def set_state(session: EncounterSession, row: CombatantRow, state: SystemData, text: str
              ) -> commands.UpdateCombatant:
    """The undo step that gives ``row`` its new state."""
    return commands.UpdateCombatant(session, replace(row, system_state=state), text)


def updates(session: EncounterSession, new_rows: Iterable[CombatantRow]) -> list[QUndoCommand]:
    """One UpdateCombatant per row that really changed."""
    parts: list[QUndoCommand] = []
    for new in new_rows:
        if new != row_of(session, stored_id(new)):
            parts.append(commands.UpdateCombatant(session, new, f"Update {new.name}"))
    return parts


def give_turn(session: EncounterSession, combatant_id: int) -> QUndoCommand:
    """The turn goes to ``combatant_id`` out of order."""
    row = row_of(session, combatant_id)
    return commands.SetTurn(session, row.id, session.round, f"Spotlight {row.name}")


def effective_initiative(row: CombatantRow) -> int | None:
    """What the order sorts ``row`` by (its roll and this round's bonus); None when not rolled,
    or in a system that rolls none."""
    state = row.system_state
    return state.order_initiative if isinstance(state, RolledInitiative) else None


def initiative_state(session: EncounterSession, row: CombatantRow) -> RolledInitiative:
    """``row``'s state in the fight's system, which must keep a rolled initiative."""
    state = session.system.typed(Part.COMBATANT_STATE, row.system_state)
    if not isinstance(state, RolledInitiative):
        raise TurnError(f"{session.system.name} rolls no initiative.")
    return state


def order_moves(session: EncounterSession, order: list[int]) -> list[QUndoCommand]:
    """MoveCombatant commands that put the combatants in ``order`` (ids), one after another."""
    current = [r.id for r in session.combatants]
    moves: list[QUndoCommand] = []
    for destination, combatant_id in enumerate(order):
        source = current.index(combatant_id)
        if source != destination:
            moves.append(commands.MoveCombatant(session, source, destination))
            current.insert(destination, current.pop(source))
    return moves


def by_initiative(rows: list[CombatantRow], first: GoesFirst = _nobody) -> list[int]:
    """Ids high initiative first (those who go ``first`` before all); equal ones and unrolled
    ones keep their place."""
    rolled = [(r, initiative) for r in rows
              if (initiative := effective_initiative(r)) is not None]
    rolled.sort(key=lambda pair: (not first(pair[0]), -pair[1]))
    return ([stored_id(r) for r, _initiative in rolled]
            + [stored_id(r) for r in rows if effective_initiative(r) is None])


# -- rolled initiative ---------------------------------------------------------------------

#: The battle's first round starting after the initiative roll: each row and the encounter's
#: state as the system leaves them (R&R's fresh actions; Forge of Power's nobody acted).
RoundStart = Callable[[list[CombatantRow], SystemData],
                      tuple[list[CombatantRow], SystemData]]


def apply_initiative(session: EncounterSession, request: InitiativeRequest,
                     scores: Iterable[InitiativeScore], log: RollRow,
                     start: RoundStart) -> Compound:
    """Record everyone's initiative, put them in order (``request.order``), and start the
    battle's first round as the system starts one (``start``)."""
    scores = list(scores)
    totals = {s.combatant_id: s.total for s in scores}
    rows = [replace(r, system_state=initiative_state(session, r).rolled(totals[r.id]))
            if r.id in totals else r for r in session.combatants]
    round_ = max(session.round, 1)
    rows, state = start(rows, session.system_state)
    present = {r.id for r in rows}
    order_ids = ([s.combatant_id for s in request.order(scores)
                  if s.combatant_id in present]
                 + [stored_id(r) for r in rows if r.id not in totals])
    first = next((i for i in order_ids if not row_of(session, i).defeated), None)
    text = "Roll initiative"
    return Compound(text, [
        commands.RecordRoll(session, log),
        *updates(session, rows),
        *order_moves(session, order_ids),
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
    names = ", then ".join(row_of(session, i).name for i in ordered_ids)
    text = f"Initiative tie: {names}"
    parts = order_moves(session, order)
    if session.active_id == rows[places[0]].id and ordered_ids[0] != session.active_id:
        parts.append(commands.SetTurn(session, ordered_ids[0], session.round, text))
    return Compound(text, parts)


def set_initiative(session: EncounterSession, combatant_id: int, value: int,
                   first: GoesFirst = _nobody) -> Compound:
    """The GM types an initiative (a player rolled it at the table); the order follows it."""
    row = row_of(session, combatant_id)
    text = f"{row.name}: initiative {value}"
    new = replace(row, system_state=initiative_state(session, row).with_initiative(value))
    rows = [new if r.id == row.id else r for r in session.combatants]
    return Compound(text, [commands.UpdateCombatant(session, new, text),
                           *order_moves(session, by_initiative(rows, first))])


# -- Next past the last combatant --------------------------------------------------------

def next_turn(session: EncounterSession, new_round: NewRound = _no_refresh, *,
              reorder: GoesFirst | None = None) -> QUndoCommand | None:
    """Next in the order; a new round refreshes the per-round resources (``new_round``) and,
    with ``reorder``, sorts the order by initiative again (those it names first).

    None when nobody can act.
    """
    active, round_ = session.next_turn()
    if active is None:
        return None
    if round_ == session.round:
        return commands.SetTurn(session, active, round_)
    rows = new_round(list(session.combatants))
    text = f"Round {round_}"
    parts: list[QUndoCommand] = updates(session, rows)
    if reorder is not None:
        order = by_initiative(rows, reorder)
        parts += order_moves(session, order)
        standing = {r.id for r in rows if not r.defeated}
        active = next(i for i in order if i in standing)
    parts.append(commands.SetTurn(session, active, round_, text))
    return Compound(text, parts)
