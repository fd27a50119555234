"""The store's campaign layer: campaigns, their encounter lists, party rosters, what reopens.

A mixin of :class:`~encounter_app.store.store.Store` (it uses the store's ``_transaction``,
``_one`` and ``_all``), kept apart so the store's file keeps one job per part. Every method that
writes is one committed transaction; a row with an id keeps it, so undo and redo put back the
very rows they took away.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace

from encounter_app.domain.campaign_rows import EncounterEntry, PcRow, Summary
from encounter_app.domain.rows import CampaignRow, CombatantRow, CountdownRow, EncounterRow
from encounter_app.store.inserts import (
    insert_campaign,
    insert_combatant,
    insert_countdown,
    insert_pc,
)
from encounter_app.store.sql import DbRow, _changed, _inserted_id, _json, _timestamp

_CAMPAIGN = "id, name, system, party_size, fear, archived, note, session_number"
_ENTRY = "id, name, status, note, summary, seed"
_PC = "id, name, stats, hp_marked, stress_marked, armor_marked, note"
OPEN_CAMPAIGN, OPEN_ENCOUNTER = "open_campaign", "open_encounter"


def campaign_row(row: DbRow) -> CampaignRow:
    id_, name, system, party_size, fear, archived, note, session_number = row
    return CampaignRow(id_, name, system, party_size, fear, bool(archived), note, session_number)


def _entry(row: DbRow) -> EncounterEntry:
    id_, name, status, note, summary, seed = row
    data = _json(summary, None)
    return EncounterEntry(name=name, id=id_, status=status, note=note, seed=seed,
                          summary=None if data is None else Summary.from_json(data))


def _pc(row: DbRow) -> PcRow:
    id_, name, stats, hp_marked, stress_marked, armor_marked, note = row
    return PcRow(name=name, stats=dict(_json(stats, {})), id=id_, hp_marked=hp_marked,
                 stress_marked=stress_marked, armor_marked=armor_marked, note=note)


class CampaignStore:
    """Campaign, encounter-list, roster and start-up queries (mixed into Store)."""

    # What Store defines (declared, not imported: store.py imports this module).
    _transaction: Callable[[], AbstractContextManager[sqlite3.Connection]]
    _one: Callable[[str, str, int | None], DbRow]
    _all: Callable[..., list[DbRow]]
    latest_encounter: Callable[[], EncounterRow | None]

    # -- campaigns --------------------------------------------------------------------------

    def campaigns(self) -> list[CampaignRow]:
        """Every campaign, archived ones too, by name."""
        return [campaign_row(r) for r in self._all(
            f"SELECT {_CAMPAIGN} FROM campaign ORDER BY name COLLATE NOCASE, id")]

    def insert_campaign(self, row: CampaignRow, created_at: str | None = None) -> CampaignRow:
        """Add a campaign; a redo passes the id and creation time it had (delete_campaign)."""
        with self._transaction() as c:
            return insert_campaign(c, row, created_at)

    def delete_campaign(self, campaign_id: int) -> str:
        """Remove a campaign and everything in it (undo of creating it); returns the time it
        was created, for the redo."""
        created_at: str
        with self._transaction() as c:
            created_at, = self._one("campaign", "created_at", campaign_id)
            c.execute("DELETE FROM campaign WHERE id = ?", (campaign_id,))
            return created_at

    def update_campaign(self, row: CampaignRow) -> None:
        """Write name, archived, note and session number (Fear goes through record_fear)."""
        with self._transaction() as c:
            _changed(c.execute(
                "UPDATE campaign SET name = ?, archived = ?, note = ?, session_number = ?,"
                " party_size = ? WHERE id = ?",
                (row.name, row.archived, row.note, row.session_number, row.party_size, row.id)),
                "campaign", row.id)

    # -- the encounter list -----------------------------------------------------------------

    def encounter_entries(self, campaign_id: int) -> list[EncounterEntry]:
        return [_entry(r) for r in self._all(
            f"SELECT {_ENTRY} FROM encounter WHERE campaign_id = ? ORDER BY position, id",
            campaign_id)]

    def insert_encounter(self, campaign_id: int, entry: EncounterEntry, position: int,
                         combatants: Sequence[CombatantRow] = (),
                         countdowns: Sequence[CountdownRow] = (), created_at: str | None = None
                         ) -> tuple[EncounterEntry, list[CombatantRow], list[CountdownRow]]:
        """Add an encounter at ``position`` of the list with its combatants and countdowns, all
        in one transaction. Rows with ids keep them (redo); countdown links are given as the
        index of the partner in ``countdowns`` the first time, and kept as ids after."""
        with self._transaction() as c:
            c.execute("UPDATE encounter SET position = position + 1"
                      " WHERE campaign_id = ? AND position >= ?", (campaign_id, position))
            cursor = c.execute(
                "INSERT INTO encounter (id, campaign_id, name, round, scene_intensity, seed,"
                " created_at, status, position, note, summary)"
                " VALUES (?, ?, ?, 1, 'standard', ?, ?, ?, ?, ?, ?)",
                (entry.id, campaign_id, entry.name, entry.seed, created_at or _timestamp(),
                 entry.status,
                 position, entry.note,
                 None if entry.summary is None else json.dumps(entry.summary.to_json())))
            encounter_id = _inserted_id(cursor)
            entry = replace(entry, id=encounter_id)
            stored_combatants = [insert_combatant(c, encounter_id, row) for row in combatants]
            stored_countdowns = [insert_countdown(c, encounter_id, row) for row in countdowns]
            # A copied linked pair points at its partner by its place in the list the first
            # time (the ids are new); redo gets the rows back with the real ids.
            for i, row in enumerate(stored_countdowns):
                if row.link is not None and row.id != countdowns[i].id:
                    row = replace(row, link=stored_countdowns[row.link].id)
                    c.execute("UPDATE countdown SET link = ? WHERE id = ?", (row.link, row.id))
                    stored_countdowns[i] = row
        return entry, stored_combatants, stored_countdowns

    def delete_encounter(self, encounter_id: int) -> str:
        """Remove an encounter and all in it; the list closes the gap. Returns the time it was
        created, for the redo."""
        created_at: str
        with self._transaction() as c:
            campaign_id, position, created_at = self._one(
                "encounter", "campaign_id, position, created_at", encounter_id)
            c.execute("DELETE FROM encounter WHERE id = ?", (encounter_id,))
            c.execute("UPDATE encounter SET position = position - 1"
                      " WHERE campaign_id = ? AND position > ?", (campaign_id, position))
            return created_at

    def update_encounter_entry(self, entry: EncounterEntry) -> None:
        with self._transaction() as c:
            _changed(c.execute(
                "UPDATE encounter SET name = ?, status = ?, note = ?, summary = ? WHERE id = ?",
                (entry.name, entry.status, entry.note,
                 None if entry.summary is None else json.dumps(entry.summary.to_json()),
                 entry.id)), "encounter", entry.id)

    def move_encounter(self, campaign_id: int, source: int, destination: int) -> None:
        """Move the encounter at list row ``source`` to row ``destination``."""
        if source == destination:
            return
        with self._transaction() as c:
            ids = [r[0] for r in c.execute(
                "SELECT id FROM encounter WHERE campaign_id = ? ORDER BY position, id",
                (campaign_id,))]
            ids.insert(destination, ids.pop(source))
            c.executemany("UPDATE encounter SET position = ? WHERE id = ?",
                          list(enumerate(ids)))

    def carry_long_term(self, encounter_id: int) -> list[str]:
        """Move the campaign's long-term countdowns from its other encounters to this one, at
        the end of its list; returns their names.

        Long-term countdowns are the campaign's (they tick on rests, between fights): they
        follow the GM to the encounter being run rather than stay behind in the last one.
        """
        with self._transaction() as c:
            campaign_id, = self._one("encounter", "campaign_id", encounter_id)
            moving = c.execute(
                "SELECT countdown.id, countdown.name, countdown.encounter_id FROM countdown"
                " JOIN encounter ON encounter.id = countdown.encounter_id"
                " WHERE encounter.campaign_id = ? AND countdown.long_term"
                " AND countdown.encounter_id != ? ORDER BY encounter.position, countdown.position",
                (campaign_id, encounter_id)).fetchall()
            count, = c.execute("SELECT count(*) FROM countdown WHERE encounter_id = ?",
                               (encounter_id,)).fetchone()
            c.executemany("UPDATE countdown SET encounter_id = ?, position = ? WHERE id = ?",
                          [(encounter_id, count + n, countdown_id)
                           for n, (countdown_id, _name, _source) in enumerate(moving)])
            for source in {row[2] for row in moving}:  # close the gaps they left
                ids = [r[0] for r in c.execute(
                    "SELECT id FROM countdown WHERE encounter_id = ? ORDER BY position",
                    (source,))]
                c.executemany("UPDATE countdown SET position = ? WHERE id = ?",
                              list(enumerate(ids)))
            return [row[1] for row in moving]

    def summarize(self, encounter_id: int) -> Summary:
        """What happened in an encounter, from the store's own records."""
        round_, = self._one("encounter", "round", encounter_id)
        gained, spent = self._all(
            "SELECT coalesce(sum(max(change, 0)), 0), coalesce(sum(max(-change, 0)), 0)"
            " FROM fear_event WHERE encounter_id = ?", encounter_id)[0]
        defeated = tuple(r[0] for r in self._all(
            "SELECT name FROM combatant WHERE encounter_id = ? AND kind = 'adversary'"
            " AND hp_max > 0 AND hp_marked >= hp_max ORDER BY position", encounter_id))
        rolls, = self._all("SELECT count(*) FROM roll_record WHERE encounter_id = ?",
                           encounter_id)[0]
        return Summary(round_, gained, spent, defeated, rolls)

    # -- the party --------------------------------------------------------------------------

    def pcs(self, campaign_id: int) -> list[PcRow]:
        return [_pc(r) for r in self._all(
            f"SELECT {_PC} FROM pc WHERE campaign_id = ? ORDER BY position, id", campaign_id)]

    def pc(self, pc_id: int) -> PcRow:
        return _pc(self._one("pc", _PC, pc_id))

    def insert_pc(self, campaign_id: int, row: PcRow, position: int,
                  combatant_ids: Sequence[int] = ()) -> PcRow:
        """Add a PC at ``position`` of the roster; ``combatant_ids`` are linked to it again
        (the undo of removing it)."""
        with self._transaction() as c:
            stored = insert_pc(c, campaign_id, row, position)
            c.executemany("UPDATE combatant SET pc_id = ? WHERE id = ?",
                          [(stored.id, i) for i in combatant_ids])
            return stored

    def remove_pc(self, pc_id: int) -> list[int]:
        """Take a PC off the roster; its combatants stay in their fights, unlinked. Returns
        their ids, for the undo."""
        with self._transaction() as c:
            campaign_id, position = self._one("pc", "campaign_id, position", pc_id)
            linked = [r[0] for r in c.execute("SELECT id FROM combatant WHERE pc_id = ?",
                                              (pc_id,))]
            c.execute("DELETE FROM pc WHERE id = ?", (pc_id,))
            c.execute("UPDATE pc SET position = position - 1"
                      " WHERE campaign_id = ? AND position > ?", (campaign_id, position))
            return linked

    def update_pc(self, row: PcRow) -> None:
        with self._transaction() as c:
            _changed(c.execute(
                "UPDATE pc SET name = ?, stats = ?, hp_marked = ?, stress_marked = ?,"
                " armor_marked = ?, note = ? WHERE id = ?",
                (row.name, json.dumps(row.stats), row.hp_marked, row.stress_marked,
                 row.armor_marked, row.note, row.id)), "pc", row.id)

    # -- what reopens at start --------------------------------------------------------------

    def remember(self, key: str, value: str) -> None:
        with self._transaction() as c:
            c.execute("INSERT INTO app_state (key, value) VALUES (?, ?)"
                      " ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))

    def recalled(self, key: str) -> str | None:
        rows = self._all("SELECT value FROM app_state WHERE key = ?", key)
        return rows[0][0] if rows else None

    def encounter_to_open(self) -> int | None:
        """The encounter open when the program last ran, else the newest; None when empty."""
        remembered = self.recalled(OPEN_ENCOUNTER) or ""
        if remembered.isdigit() and self._all("SELECT 1 FROM encounter WHERE id = ?",
                                              int(remembered)):
            return int(remembered)
        latest = self.latest_encounter()
        return None if latest is None else latest.id
