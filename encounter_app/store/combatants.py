"""The store's combatants: the spotlight order of an encounter, read, written and reordered.

A mixin of :class:`~encounter_app.store.store.Store` (it uses the store's ``_transaction`` and
``_reading`` sessions), kept apart so each of the store's files keeps one job. A combatant's
sheet and state are its campaign's system's typed classes: written with the system's
``write``, read back with its ``read`` (``system_data.py``); what a write hands back is what a
read would give.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import replace
from typing import Any, cast

from sqlalchemy import RowMapping, String, bindparam, case, exists, type_coerce
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select, update

from encounter_app.domain.rows import CombatantKind, CombatantRow, StatBlock
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.domain.system_data import Part, SystemData
from encounter_app.store.errors import RowMissing
from encounter_app.store.inserts import _stat_block, insert_combatant
from encounter_app.store.sql import _get, _json
from encounter_app.store.system_data import campaign_system, decode, encounter_system
from encounter_app.store.tables import Combatant, Encounter, Pc

# combatants() reads these columns, and the stat block, sheet and state as the text the file
# holds: copies of one library entry have the same text, parsed once (see combatants). Any:
# sqlmodel's select() types four columns at most, so the rows of this one are untyped
# whatever the columns say; each is read by name, as a RowMapping (_combatant_row).
_COMBATANT_FIELDS = ("id", "kind", "name", "evasion", "hp_max", "hp_marked", "stress_max",
                     "stress_marked", "conditions", "hidden", "slow_tokens", "spotlights",
                     "pc_id", "notes")
_AS_TEXT = ("stat_block", "system_stats", "system_state")
_COMBATANT_COLUMNS: tuple[Any, ...] = (
    *(col(getattr(Combatant, name)) for name in _COMBATANT_FIELDS),
    *(type_coerce(getattr(Combatant, name), String).label(name) for name in _AS_TEXT),
)

# A move in the order, as one statement built once (a drag is the hottest write there is): the
# rows from ``low`` to ``high`` take one step towards where the moving one was, and the one at
# ``source`` goes to ``destination``; nothing changes when no combatant is at ``source``. No
# objects of the session need updating: one-row reads of the store always read the file again
# (sql._get), and combatants() reads columns.
_other = aliased(Combatant)
_position = col(Combatant.position)
_MOVE = (
    update(Combatant)
    .where(col(Combatant.encounter_id) == bindparam("encounter"),
           _position.between(bindparam("low"), bindparam("high")),
           exists().where(col(_other.encounter_id) == bindparam("encounter"),
                          col(_other.position) == bindparam("source")))
    .values(position=case((_position == bindparam("source"), bindparam("destination")),
                          else_=_position + bindparam("step")))
    .execution_options(synchronize_session=False)
)


class CombatantQueries:
    """Reading and writing an encounter's combatants (mixed into Store)."""

    # What Store defines (declared, not imported: store.py imports this module).
    systems: Catalog[SystemRules]
    _transaction: Callable[[], AbstractContextManager[Session]]
    _reading: Callable[[], AbstractContextManager[Session]]

    def combatants(self, encounter_id: int) -> list[CombatantRow]:
        # Combatants copied from one library entry have the same stat block text, and fresh
        # ones the same sheet and state: each text is parsed once and the frozen value shared
        # (a 1000-combatant fight has a handful of each).
        decoded: dict[tuple[str, str | None], object] = {}
        with self._reading() as session:
            rows = session.exec(select(*_COMBATANT_COLUMNS)
                                .where(Combatant.encounter_id == encounter_id)
                                .order_by(col(Combatant.position))).all()
            if not rows:  # nobody yet (or no such encounter): no system to ask
                return []
            system = encounter_system(session, self.systems, encounter_id)
            return [_combatant_row(row._mapping, system, decoded) for row in rows]

    def insert_combatant(self, encounter_id: int, row: CombatantRow, position: int | None = None
                         ) -> CombatantRow:
        """Insert at ``position`` (the end when None). A row with an id keeps it (redo, undo)."""
        with self._transaction() as session:
            system = encounter_system(session, self.systems, encounter_id)
            return insert_combatant(session, system, encounter_id, row, position)

    def remove_combatant(self, combatant_id: int) -> None:
        with self._transaction() as session:
            combatant = _get(session, Combatant, combatant_id)
            encounter_id, position = combatant.encounter_id, combatant.position
            session.delete(combatant)
            session.flush()
            session.exec(update(Combatant)
                         .where(col(Combatant.encounter_id) == encounter_id,
                                col(Combatant.position) > position)
                         .values(position=col(Combatant.position) - 1))
            encounter = _get(session, Encounter, encounter_id)
            if encounter.active_combatant_id == combatant_id:
                encounter.active_combatant_id = None

    def move_combatant(self, encounter_id: int, source: int, destination: int) -> None:
        """Move the combatant at row ``source`` so that it ends up at row ``destination``.

        One UPDATE however long the list (_MOVE: a drag in a 1000-combatant fight renumbers up
        to 1000 rows); KeyError when there is no combatant at ``source``.
        """
        if source == destination:
            return
        low, high = sorted((source, destination))
        with self._transaction() as session:
            moved = session.exec(_MOVE, params={
                "encounter": encounter_id, "low": low, "high": high, "source": source,
                "destination": destination, "step": -1 if source < destination else 1})
            if moved.rowcount == 0:
                raise RowMissing(f"no combatant at row {source} of encounter {encounter_id}")

    def update_combatant(self, row: CombatantRow) -> CombatantRow:
        """Write everything about a combatant except its place in the order; returns the row as
        the store now holds it. A roster PC's combatant writes its marks (HP, Stress, and what
        else its system keeps on the roster: ``SystemRules.roster_marks``) back to the roster
        in the same transaction."""
        with self._transaction() as session:
            combatant = _get(session, Combatant, row.id)
            system = encounter_system(session, self.systems, combatant.encounter_id)
            row = replace(row, system_stats=system.typed(Part.COMBATANT_STATS, row.system_stats),
                          system_state=system.typed(Part.COMBATANT_STATE, row.system_state))
            combatant.kind, combatant.name, combatant.evasion = row.kind, row.name, row.evasion
            combatant.hp_max, combatant.hp_marked = row.hp_max, row.hp_marked
            combatant.stress_max, combatant.stress_marked = row.stress_max, row.stress_marked
            combatant.conditions, combatant.hidden = list(row.conditions), row.hidden
            combatant.slow_tokens, combatant.spotlights = row.slow_tokens, row.spotlights
            combatant.stat_block = _stat_block(row.stats)
            combatant.pc_id, combatant.notes = row.pc_id, row.notes
            combatant.system_stats = system.write(Part.COMBATANT_STATS, row.system_stats)
            combatant.system_state = system.write(Part.COMBATANT_STATE, row.system_state)
            if row.pc_id is not None:
                pc = session.get(Pc, row.pc_id, populate_existing=True)
                if pc is not None:
                    _marks_to_roster(pc, row, campaign_system(session, self.systems,
                                                              pc.campaign_id))
            return row


def _marks_to_roster(pc: Pc, row: CombatantRow, system: SystemRules) -> None:
    """Write what the system keeps on the roster of ``row``'s fight to its PC ``pc``."""
    from encounter_app.store.campaigns import pc_row

    before = pc_row(pc, system)
    after = system.roster_marks(before, row)
    pc.hp_marked, pc.stress_marked = after.hp_marked, after.stress_marked
    pc.armor_marked = after.armor_marked
    if after.stats != before.stats:
        pc.stats = system.write(Part.STATS, after.stats)


def _combatant_row(row: RowMapping, system: SystemRules,
                   decoded: dict[tuple[str, str | None], object]) -> CombatantRow:
    """A combatant from its columns by name (``row``: a result row's mapping, of the columns
    of _COMBATANT_COLUMNS; looking names up there is quicker than the row's attributes).
    ``decoded``: the values read so far, by column and text."""
    text = row["stat_block"]
    stats = None
    if text is not None and text != "null":  # SQLAlchemy once wrote a missing block as 'null'
        stats = decoded.get(("stat_block", text))
        if stats is None:
            data = _json(text, None)
            if not isinstance(data, dict):
                raise TypeError(f"a stat block is a JSON object, not {type(data).__name__}")
            stats = decoded["stat_block", text] = StatBlock.from_json(data)
    return CombatantRow(
        id=row["id"], kind=cast(CombatantKind, row["kind"]), name=row["name"],
        evasion=row["evasion"], hp_max=row["hp_max"], hp_marked=row["hp_marked"],
        stress_max=row["stress_max"], stress_marked=row["stress_marked"],
        conditions=tuple(row["conditions"] or ()), hidden=row["hidden"],
        stats=cast(StatBlock | None, stats),
        slow_tokens=row["slow_tokens"], spotlights=row["spotlights"], pc_id=row["pc_id"],
        notes=row["notes"],
        system_stats=_system_value(row, Part.COMBATANT_STATS, system, decoded),
        system_state=_system_value(row, Part.COMBATANT_STATE, system, decoded),
    )


def _system_value(row: RowMapping, part: Part, system: SystemRules,
                  decoded: dict[tuple[str, str | None], object]) -> SystemData:
    text: str | None = row[part.key]
    found = decoded.get((part.key, text))
    if found is None:
        found = decoded[part.key, text] = decode(system, part, _json(text, None), "combatant",
                                                 row["id"])
    assert isinstance(found, SystemData)
    return found
