"""The Store: one SQLite file, every user action one committed transaction.

Opening checks the file before anything writes to it (not a database, a newer schema), backs
it up, and migrates it with Alembic. A damaged database is kept aside and a new one started.
Methods take and return frozen rows (``rows.py``).

The queries are plain SQL through the standard library's sqlite3, on one connection. The
sqlmodel classes in ``tables.py`` still declare the schema (Alembic's migrations are checked
against them), but SQLAlchemy's import alone takes about as long as a bare Qt window needs to
appear, and its ORM objects cost more than the rows they become: see docs/performance.md.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from encounter_app.domain.rows import (
    CampaignRow,
    CombatantRow,
    CountdownRow,
    EncounterRow,
    FearEventRow,
    RollRow,
    StatBlock,
    TemplateRow,
)
from encounter_app.store import backups, migrate
from encounter_app.store.campaigns import _CAMPAIGN, CampaignStore, campaign_row
from encounter_app.store.connection import Checkpointer, connect
from encounter_app.store.errors import (
    DatabaseDamaged,
    FolderNotWritable,
    StoreError,
    write_failed,
)
from encounter_app.store.inserts import (
    _stat_block,
    insert_combatant,
    insert_countdown,
    record_fear,
)
from encounter_app.store.library import TEMPLATE_STATS, LibraryQueries, insert_entry, template_row
from encounter_app.store.player_view import PlayerViewQueries
from encounter_app.store.sql import DbRow, _changed, _inserted_id, _json, _timestamp, _utc

DB_NAME = "encounter.db"

_ENCOUNTER = ("id, campaign_id, name, round, active_combatant_id, scene_intensity, seed,"
              " system_state")
_COMBATANT = ("id, kind, name, evasion, hp_max, hp_marked, stress_max, stress_marked, "
              "conditions, hidden, slow_tokens, spotlights, stat_block, pc_id, notes, "
              "system_stats, system_state")
_COUNTDOWN = ("id, name, start, value, kind, loop, long_term, trigger, dice, link, loops, "
              "visible")
_FEAR_EVENT = "id, encounter_id, created_at, change, value, reason, note"
_ROLL = "id, kind, actor, summary, detail, created_at, payload, public"


class Store(CampaignStore, LibraryQueries, PlayerViewQueries):
    """The encounter database in ``data_dir``. Build it with :meth:`open`."""

    def __init__(self, connection: sqlite3.Connection, path: Path,
                 kept_aside: Path | None = None) -> None:
        self._connection = connection
        # One connection for every caller: the lock keeps two threads' transactions apart.
        self._lock = threading.RLock()
        self._depth = 0  # how many units are open (unit() nests)
        self.path = path
        # Where a damaged database found at opening was moved (this store is a new one).
        self.kept_aside = kept_aside
        connection.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer's job
        self._checkpointer = Checkpointer(path)

    @classmethod
    def open(cls, data_dir: Path) -> Store:
        """Open (creating if needed) ``data_dir/encounter.db`` and migrate it to this version.

        Raises StoreError, leaving the file as it was, when it cannot be used. A damaged
        database is renamed (see ``kept_aside``) and a new, empty one is opened in its place.
        """
        path = (prepare_folder(Path(data_dir)) / DB_NAME).resolve()
        kept_aside = None
        try:
            migrate.check_file(path)
        except DatabaseDamaged:
            kept_aside = backups.keep_aside(path)
        try:
            migrate.upgrade(path)
        except Exception as exc:
            raise StoreError(
                f"Could not bring {path} up to date ({exc}). Nothing was changed; a copy "
                f"made before the attempt is in {path.parent / 'backups'}."
            ) from exc
        return cls(connect(path), path, kept_aside)

    def close(self) -> None:
        """Close the file; the last connection to go copies the log back into it."""
        self._checkpointer.stop()
        with self._lock:
            self._connection.close()

    def backup(self, kind: str = backups.AUTO) -> Path:
        """A consistent copy in ``backups/`` (see backups.py); automatic ones are rotated."""
        with self._lock:  # no transaction of ours half written into the copy
            target = backups.take(self.path, kind)
        if kind == backups.AUTO:
            backups.rotate(self.path)
        return target

    def restore(self, backup: Path) -> Path:
        """Put ``backup``'s content in place of this database's; returns the copy of what it
        replaced (in ``backups/``, never rotated away). This store then reads the backup's data.

        The backup passes the same checks as a database at start-up first (not damaged, ours,
        not newer) and is migrated like one. When anything fails, StoreError is raised and the
        database holds what it held before.
        """
        backup = Path(backup).resolve()
        if backup == self.path:
            raise StoreError(f"{backup} is the database in use, not a backup of it.")
        migrate.check_file(backup)
        safety = self.backup(backups.BEFORE_RESTORE)
        self._copy_from(backup)
        try:
            migrate.upgrade(self.path)
        except Exception as exc:
            self._copy_from(safety)
            raise StoreError(f"Could not bring {backup} up to date ({exc}).") from exc
        return safety

    def _copy_from(self, source: Path) -> None:
        # Through this store's own connection, SQLite's backup API rewrites the database in
        # one step, consistent with its WAL; the connection then reads the new content.
        reader = sqlite3.connect(f"{source.as_uri()}?mode=ro", uri=True)
        try:
            with self._lock:
                reader.backup(self._connection)
        finally:
            reader.close()
        self._checkpointer.poke()

    def latest_usable_backup(self) -> backups.Backup | None:
        """The newest backup that would pass the checks at start-up (what to offer first)."""
        for backup in backups.listing(self.path):
            try:
                migrate.check_file(backup.path)
            except StoreError:
                continue
            return backup
        return None

    @contextmanager
    def unit(self) -> Iterator[None]:
        """One GM action: everything written inside is one transaction, committed once.

        Units nest: an inner one (a part of a compound command, a store method) joins the
        outermost, which alone commits, or rolls all of it back when anything inside raises.
        A write the disk refuses (full, I/O error, read-only) is raised as WriteFailed, with
        the database as it was before the unit began.
        """
        with self._transaction():
            yield

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            connection = self._connection
            if self._depth:  # inside a unit already: its outermost level commits
                self._depth += 1
                try:
                    yield connection
                finally:
                    self._depth -= 1
                return
            self._depth = 1
            try:
                connection.execute("BEGIN")
                try:
                    yield connection
                    connection.execute("COMMIT")
                except BaseException:
                    if connection.in_transaction:
                        connection.execute("ROLLBACK")
                    raise
            except sqlite3.OperationalError as exc:
                failed = write_failed(self.path, exc)
                if failed is None:
                    raise
                raise failed from exc
            finally:
                self._depth = 0
        self._checkpointer.poke()

    def _one(self, table: str, columns: str, key: int | None) -> DbRow:
        with self._lock:
            row: DbRow | None = self._connection.execute(
                f"SELECT {columns} FROM {table} WHERE id = ?", (key,)).fetchone()
        if row is None:
            raise KeyError(f"no {table} with id {key}")
        return row

    def _all(self, query: str, *args: Any) -> list[DbRow]:
        with self._lock:
            return self._connection.execute(query, args).fetchall()

    # -- campaigns --------------------------------------------------------------------------

    def create_campaign(self, name: str, *, system: str = "daggerheart", party_size: int = 0,
                        fear: int = 0) -> CampaignRow:
        with self._transaction() as c:
            cursor = c.execute(
                "INSERT INTO campaign (name, system, party_size, fear, created_at)"
                " VALUES (?, ?, ?, ?, ?)", (name, system, party_size, fear, _timestamp()))
            return CampaignRow(_inserted_id(cursor), name, system, party_size, fear)

    def campaign(self, campaign_id: int) -> CampaignRow:
        return campaign_row(self._one("campaign", _CAMPAIGN, campaign_id))

    def set_fear(self, campaign_id: int, value: int) -> None:
        with self._transaction() as c:
            _changed(c.execute("UPDATE campaign SET fear = ? WHERE id = ?",
                               (value, campaign_id)), "campaign", campaign_id)

    def record_fear(self, campaign_id: int, row: FearEventRow) -> FearEventRow:
        """Set the campaign's Fear to ``row.value`` and add the ledger line, in one transaction.

        A row with an id keeps it (redo).
        """
        with self._transaction() as c:
            return record_fear(c, campaign_id, row)

    def unrecord_fear(self, campaign_id: int, event_id: int, value: int) -> None:
        """Take a ledger line back out and put the pool back to ``value`` (undo)."""
        with self._transaction() as c:
            _changed(c.execute("UPDATE campaign SET fear = ? WHERE id = ?",
                               (value, campaign_id)), "campaign", campaign_id)
            _changed(c.execute("DELETE FROM fear_event WHERE id = ?", (event_id,)),
                     "fear_event", event_id)

    def fear_ledger(self, campaign_id: int) -> list[FearEventRow]:
        """Every gain and spend of the campaign, newest first."""
        rows = self._all(f"SELECT {_FEAR_EVENT} FROM fear_event WHERE campaign_id = ?"
                         " ORDER BY id DESC", campaign_id)
        return [_fear_row(row) for row in rows]

    def set_scene_intensity(self, encounter_id: int, intensity: str) -> None:
        with self._transaction() as c:
            _changed(c.execute("UPDATE encounter SET scene_intensity = ? WHERE id = ?",
                               (intensity, encounter_id)), "encounter", encounter_id)

    # -- encounters -------------------------------------------------------------------------

    def create_encounter(self, campaign_id: int, name: str, *, seed: int | None = None,
                         status: str = "draft") -> EncounterRow:
        with self._transaction() as c:
            cursor = c.execute(
                "INSERT INTO encounter (campaign_id, name, round, scene_intensity, seed,"
                " created_at, status, position) VALUES (?, ?, 1, 'standard', ?, ?, ?,"
                " (SELECT count(*) FROM encounter WHERE campaign_id = ?))",
                (campaign_id, name, seed, _timestamp(), status, campaign_id))
            return EncounterRow(_inserted_id(cursor), campaign_id, name, 1, None, "standard", seed)

    def encounter(self, encounter_id: int) -> EncounterRow:
        return _encounter_row(self._one("encounter", _ENCOUNTER, encounter_id))

    def latest_encounter(self) -> EncounterRow | None:
        rows = self._all(f"SELECT {_ENCOUNTER} FROM encounter ORDER BY id DESC LIMIT 1")
        return _encounter_row(rows[0]) if rows else None

    def set_system_state(self, encounter_id: int, state: dict[str, Any]) -> None:
        """The encounter's turn state of a system other than Daggerheart, written whole."""
        with self._transaction() as c:
            _changed(c.execute("UPDATE encounter SET system_state = ? WHERE id = ?",
                               (json.dumps(state), encounter_id)), "encounter", encounter_id)

    def set_turn(self, encounter_id: int, active_combatant_id: int | None, round_: int) -> None:
        with self._transaction() as c:
            _changed(c.execute(
                "UPDATE encounter SET active_combatant_id = ?, round = ? WHERE id = ?",
                (active_combatant_id, round_, encounter_id)), "encounter", encounter_id)

    # -- combatants -------------------------------------------------------------------------

    def combatants(self, encounter_id: int) -> list[CombatantRow]:
        rows = self._all(f"SELECT {_COMBATANT} FROM combatant WHERE encounter_id = ?"
                         " ORDER BY position", encounter_id)
        # Combatants copied from one library entry have the same stat block text: parse it
        # once and share the frozen StatBlock (a 1000-combatant fight has a handful of them).
        blocks: dict[str, StatBlock] = {}
        return [_combatant_row(row, blocks) for row in rows]

    def insert_combatant(self, encounter_id: int, row: CombatantRow, position: int | None = None
                         ) -> CombatantRow:
        """Insert at ``position`` (the end when None). A row with an id keeps it (redo, undo)."""
        with self._transaction() as c:
            return insert_combatant(c, encounter_id, row, position)

    def remove_combatant(self, combatant_id: int) -> None:
        with self._transaction() as c:
            encounter_id, position = self._one("combatant", "encounter_id, position",
                                               combatant_id)
            c.execute("DELETE FROM combatant WHERE id = ?", (combatant_id,))
            c.execute("UPDATE combatant SET position = position - 1"
                      " WHERE encounter_id = ? AND position > ?", (encounter_id, position))
            c.execute("UPDATE encounter SET active_combatant_id = NULL"
                      " WHERE id = ? AND active_combatant_id = ?", (encounter_id, combatant_id))

    def move_combatant(self, encounter_id: int, source: int, destination: int) -> None:
        """Move the combatant at row ``source`` so that it ends up at row ``destination``."""
        if source == destination:
            return
        with self._transaction() as c:
            moving = c.execute("SELECT id FROM combatant WHERE encounter_id = ? AND position = ?",
                               (encounter_id, source)).fetchone()
            if moving is None:
                raise KeyError(f"no combatant at row {source} of encounter {encounter_id}")
            if source < destination:
                c.execute("UPDATE combatant SET position = position - 1 WHERE encounter_id = ?"
                          " AND position > ? AND position <= ?",
                          (encounter_id, source, destination))
            else:
                c.execute("UPDATE combatant SET position = position + 1 WHERE encounter_id = ?"
                          " AND position >= ? AND position < ?",
                          (encounter_id, destination, source))
            c.execute("UPDATE combatant SET position = ? WHERE id = ?", (destination, moving[0]))

    def update_combatant(self, row: CombatantRow) -> None:
        """Write everything about a combatant except its place in the order. A roster PC's
        combatant writes its marks back to the roster in the same transaction."""
        with self._transaction() as c:
            _changed(c.execute(
                "UPDATE combatant SET kind = ?, name = ?, evasion = ?, hp_max = ?, hp_marked = ?,"
                " stress_max = ?, stress_marked = ?, conditions = ?, hidden = ?,"
                " slow_tokens = ?, spotlights = ?, stat_block = ?, pc_id = ?, notes = ?,"
                " system_stats = ?, system_state = ? WHERE id = ?",
                (row.kind, row.name, row.evasion, row.hp_max, row.hp_marked, row.stress_max,
                 row.stress_marked, json.dumps(list(row.conditions)), row.hidden,
                 row.slow_tokens, row.spotlights, _stat_block(row.stats), row.pc_id, row.notes,
                 json.dumps(row.system_stats), json.dumps(row.system_state), row.id)),
                "combatant", row.id)
            if row.pc_id is not None:
                c.execute("UPDATE pc SET hp_marked = ?, stress_marked = ? WHERE id = ?",
                          (row.hp_marked, row.stress_marked, row.pc_id))

    # -- countdowns -------------------------------------------------------------------------

    def countdowns(self, encounter_id: int) -> list[CountdownRow]:
        rows = self._all(f"SELECT {_COUNTDOWN} FROM countdown WHERE encounter_id = ?"
                         " ORDER BY position", encounter_id)
        return [_countdown_row(row) for row in rows]

    def insert_countdown(self, encounter_id: int, row: CountdownRow, position: int | None = None
                         ) -> CountdownRow:
        with self._transaction() as c:
            return insert_countdown(c, encounter_id, row, position)

    def remove_countdown(self, countdown_id: int) -> None:
        with self._transaction() as c:
            encounter_id, position = self._one("countdown", "encounter_id, position",
                                               countdown_id)
            c.execute("DELETE FROM countdown WHERE id = ?", (countdown_id,))
            c.execute("UPDATE countdown SET position = position - 1"
                      " WHERE encounter_id = ? AND position > ?", (encounter_id, position))

    def update_countdown(self, row: CountdownRow) -> None:
        """Write a countdown's state (value, start, name, kind) as the row has it."""
        with self._transaction() as c:
            _changed(c.execute(
                "UPDATE countdown SET name = ?, start = ?, value = ?, kind = ?, loop = ?,"
                " long_term = ?, trigger = ?, dice = ?, link = ?, loops = ?, visible = ?"
                " WHERE id = ?",
                (row.name, row.start, row.value, row.kind, row.loop, row.long_term, row.trigger,
                 row.dice, row.link, row.loops, row.visible, row.id)),
                "countdown", row.id)

    # -- roll log ---------------------------------------------------------------------------

    def rolls(self, encounter_id: int, limit: int | None = None, *,
              before_id: int | None = None) -> list[RollRow]:
        """The encounter's roll log, newest first: the ``limit`` newest older than ``before_id``.

        The window reads the log a page at a time (RollLogModel.fetchMore), so opening a fight
        with thousands of rolls reads only the rolls it shows.
        """
        older = "" if before_id is None else " AND id < ?"
        args = (encounter_id,) if before_id is None else (encounter_id, before_id)
        rows = self._all(f"SELECT {_ROLL} FROM roll_record WHERE encounter_id = ?{older}"
                         " ORDER BY id DESC LIMIT ?", *args, -1 if limit is None else limit)
        return [_roll_row(row) for row in rows]

    def insert_roll(self, encounter_id: int, row: RollRow) -> RollRow:
        created_at = row.created_at or datetime.now(UTC)
        with self._transaction() as c:
            cursor = c.execute(
                "INSERT INTO roll_record (id, encounter_id, created_at, kind, actor, summary,"
                " detail, payload, public) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, encounter_id, _timestamp(created_at), row.kind, row.actor, row.summary,
                 row.detail, json.dumps(row.payload), row.public))
            return replace(row, id=_inserted_id(cursor), created_at=_utc(created_at),
                           payload=dict(row.payload))

    def delete_roll(self, roll_id: int) -> None:
        with self._transaction() as c:
            _changed(c.execute("DELETE FROM roll_record WHERE id = ?", (roll_id,)),
                     "roll_record", roll_id)

    # -- adversary library ------------------------------------------------------------------

    def templates(self) -> list[TemplateRow]:
        rows = self._all(f"SELECT id, source, {', '.join(TEMPLATE_STATS)}"
                         " FROM adversary_template ORDER BY tier, name")
        return [template_row(row) for row in rows]

    def insert_templates(self, rows: list[TemplateRow]) -> list[TemplateRow]:
        """Add stat blocks to the library, all or none."""
        with self._transaction() as c:
            return [replace(row, id=insert_entry(c, "adversary_template", TEMPLATE_STATS, row))
                    for row in rows]


def prepare_folder(data_dir: Path) -> Path:
    """Create the data folder if needed and make sure the program can write in it.

    Root ignores file modes, so the test is a real write, not ``os.access`` on the folder.
    """
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"Cannot create the data folder {data_dir}: {exc.strerror}.") from exc
    advice = ("\n\nMake it writable (for example: chmod u+w), or start Encounter Manager "
              "with --data-dir and a folder you can write to. Nothing was changed.")
    try:
        probe, name = tempfile.mkstemp(prefix=".write-test-", dir=data_dir)
        os.close(probe)
        os.unlink(name)
    except OSError as exc:
        raise FolderNotWritable(
            f"The data folder {data_dir} is read-only ({exc.strerror}): Encounter Manager "
            f"keeps its database and backups there.{advice}") from exc
    database = data_dir / DB_NAME
    if database.exists() and not os.access(database, os.W_OK):
        raise FolderNotWritable(f"The database {database} is read-only.{advice}")
    return data_dir


def _encounter_row(row: DbRow) -> EncounterRow:
    id_, campaign_id, name, round_, active_combatant_id, scene_intensity, seed, state = row
    return EncounterRow(id_, campaign_id, name, round_, active_combatant_id, scene_intensity,
                        seed, system_state=_json(state, {}))


def _combatant_row(row: DbRow, blocks: dict[str, StatBlock]) -> CombatantRow:
    (id_, kind, name, evasion, hp_max, hp_marked, stress_max, stress_marked, conditions,
     hidden, slow_tokens, spotlights, block, pc_id, notes, system_stats, system_state) = row
    stats = None
    if block is not None and block != "null":  # SQLAlchemy wrote a missing block as 'null'
        stats = blocks.get(block)
        if stats is None:
            stats = blocks[block] = StatBlock.from_json(json.loads(block))
    return CombatantRow(
        id=id_, kind=kind, name=name, evasion=evasion, hp_max=hp_max, hp_marked=hp_marked,
        stress_max=stress_max, stress_marked=stress_marked,
        conditions=tuple(_json(conditions, ())), hidden=bool(hidden), stats=stats,
        slow_tokens=slow_tokens, spotlights=spotlights, pc_id=pc_id, notes=notes,
        system_stats=_json(system_stats, {}), system_state=_json(system_state, {}),
    )


def _countdown_row(row: DbRow) -> CountdownRow:
    id_, name, start, value, kind, loop, long_term, trigger, dice, link, loops, visible = row
    return CountdownRow(id=id_, name=name, start=start, value=value, kind=kind, loop=loop,
                        long_term=bool(long_term), trigger=trigger, dice=dice, link=link,
                        loops=loops, visible=bool(visible))


def _fear_row(row: DbRow) -> FearEventRow:
    id_, encounter_id, created_at, change, value, reason, note = row
    return FearEventRow(id=id_, encounter_id=encounter_id,
                        created_at=_utc(datetime.fromisoformat(created_at)), change=change,
                        value=value, reason=reason, note=note)


def _roll_row(row: DbRow) -> RollRow:
    id_, kind, actor, summary, detail, created_at, payload, public = row
    return RollRow(id=id_, kind=kind, actor=actor, summary=summary, detail=detail,
                   created_at=_utc(datetime.fromisoformat(created_at)),
                   payload=_json(payload, {}), public=bool(public))
