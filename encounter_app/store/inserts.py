"""Inserting campaigns, PCs, combatants, countdowns and Fear ledger lines inside a caller's
transaction, so an action that adds many (an encounter copied as a template, a campaign or an
encounter imported from a file) is still one transaction."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime

from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.rows import (
    CampaignRow,
    CombatantRow,
    CountdownRow,
    FearEventRow,
    StatBlock,
)
from encounter_app.store.sql import _changed, _inserted_id, _timestamp, _utc


def insert_campaign(c: sqlite3.Connection, row: CampaignRow,
                    created_at: str | None = None) -> CampaignRow:
    """Insert inside the caller's transaction (see Store.insert_campaign)."""
    cursor = c.execute(
        "INSERT INTO campaign (id, name, system, party_size, fear, created_at, archived,"
        " note, session_number) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (row.id, row.name, row.system, row.party_size, row.fear,
         created_at or _timestamp(), row.archived, row.note, row.session_number))
    return replace(row, id=_inserted_id(cursor))


def insert_pc(c: sqlite3.Connection, campaign_id: int, row: PcRow, position: int) -> PcRow:
    """Insert at ``position`` of the roster inside the caller's transaction (see
    Store.insert_pc)."""
    c.execute("UPDATE pc SET position = position + 1 WHERE campaign_id = ? AND position >= ?",
              (campaign_id, position))
    cursor = c.execute(
        "INSERT INTO pc (id, campaign_id, position, name, stats, hp_marked,"
        " stress_marked, armor_marked, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (row.id, campaign_id, position, row.name, json.dumps(row.stats), row.hp_marked,
         row.stress_marked, row.armor_marked, row.note))
    return replace(row, id=_inserted_id(cursor))


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
    return replace(row, id=_inserted_id(cursor), conditions=tuple(row.conditions))


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
    return replace(row, id=_inserted_id(cursor))


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


def record_fear(c: sqlite3.Connection, campaign_id: int, row: FearEventRow) -> FearEventRow:
    created_at = row.created_at or datetime.now(UTC)
    _changed(c.execute("UPDATE campaign SET fear = ? WHERE id = ?",
                       (row.value, campaign_id)), "campaign", campaign_id)
    cursor = c.execute(
        "INSERT INTO fear_event (id, campaign_id, encounter_id, created_at, change, value,"
        " reason, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (row.id, campaign_id, row.encounter_id, _timestamp(created_at), row.change,
         row.value, row.reason, row.note))
    return replace(row, id=_inserted_id(cursor), created_at=_utc(created_at))
