"""Inserting combatants and countdowns inside a caller's transaction, so an action that adds
many (a whole encounter copied as a template) is still one transaction."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace

from encounter_app.store.rows import CombatantRow, CountdownRow, StatBlock


def insert_combatant(c: sqlite3.Connection, encounter_id: int, row: CombatantRow,
                     position: int | None = None) -> CombatantRow:
    """Insert inside the caller's transaction (see Store.insert_combatant)."""
    position = _make_room(c, "combatant", encounter_id, position)
    cursor = c.execute(
        "INSERT INTO combatant (id, encounter_id, position, kind, name, evasion, hp_max,"
        " hp_marked, stress_max, stress_marked, conditions, hidden, slow_tokens,"
        " spotlights, stat_block, pc_id, notes, system_stats, system_state)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (row.id, encounter_id, position, row.kind, row.name, row.evasion, row.hp_max,
         row.hp_marked, row.stress_max, row.stress_marked,
         json.dumps(list(row.conditions)), row.hidden, row.slow_tokens, row.spotlights,
         _stat_block(row.stats), row.pc_id, row.notes, json.dumps(row.system_stats),
         json.dumps(row.system_state)))
    return replace(row, id=cursor.lastrowid, conditions=tuple(row.conditions))


def insert_countdown(c: sqlite3.Connection, encounter_id: int, row: CountdownRow,
                     position: int | None = None) -> CountdownRow:
    """Insert inside the caller's transaction (see Store.insert_countdown)."""
    position = _make_room(c, "countdown", encounter_id, position)
    cursor = c.execute(
        "INSERT INTO countdown (id, encounter_id, position, name, start, value, kind,"
        " loop, long_term, trigger, dice, link, loops, visible)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (row.id, encounter_id, position, row.name, row.start, row.value, row.kind,
         row.loop, row.long_term, row.trigger, row.dice, row.link, row.loops, row.visible))
    return replace(row, id=cursor.lastrowid)


def _make_room(c: sqlite3.Connection, table: str, encounter_id: int, position: int | None
               ) -> int:
    """Clamp ``position`` to the list (None: the end) and shift the rows from there down one."""
    count = c.execute(f"SELECT count(*) FROM {table} WHERE encounter_id = ?",
                      (encounter_id,)).fetchone()[0]
    position = count if position is None else max(0, min(position, count))
    c.execute(f"UPDATE {table} SET position = position + 1"
              " WHERE encounter_id = ? AND position >= ?", (encounter_id, position))
    return position


def _stat_block(stats: StatBlock | None) -> str | None:
    return None if stats is None else json.dumps(stats.to_json())
