"""The Store: one SQLite file through sqlmodel; every GM action one committed transaction.

Opening checks the file before anything writes to it (not a database, a newer schema), backs
it up, and creates it from the sqlmodel classes of ``tables.py`` or migrates it with Alembic. A
damaged database is kept aside and a new one started. Methods take and return frozen rows
(``rows.py``), built from the sqlmodel objects and rows by field name, inside the transaction:
nothing the caller holds is an ORM object. A rule system's typed values (sheets, states) are
written and read through the campaign's system, found in the catalog the store was opened with
(``system_data.py``); the store imports no system.

Every read and write goes through a sqlmodel ``Session`` on one SQLAlchemy engine, whose single
connection (StaticPool) every caller shares under a lock. A session lives as long as one unit
(:meth:`Store.unit`); one-row writes go through sqlmodel objects, a write of many rows (the
positions below a moved combatant) is one UPDATE built from the table classes.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Engine, LargeBinary
from sqlalchemy import cast as sql_cast
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, col, func, select, update

from encounter_app.domain.json_data import shown
from encounter_app.domain.rows import (
    CampaignRow,
    CountdownRow,
    EncounterRow,
    FearEventRow,
    RollRow,
    TemplateRow,
    damaged_roll,
)
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.domain.system_data import Part, SystemData
from encounter_app.store import backups, connection, migrate, packing, row_checks
from encounter_app.store.campaigns import CampaignStore, campaign_row
from encounter_app.store.combatants import CombatantQueries
from encounter_app.store.connection import Checkpointer
from encounter_app.store.errors import (
    DatabaseDamaged,
    DatabaseNotAFile,
    DiskFull,
    FolderNotWritable,
    NotAFolder,
    RowMissing,
    RowUnreadable,
    StoreError,
    is_damage,
    write_failed,
)
from encounter_app.store.events import EventQueries
from encounter_app.store.inserts import insert_countdown, record_fear
from encounter_app.store.library import LibraryQueries, insert_entry, template_row
from encounter_app.store.phone import PhoneQueries
from encounter_app.store.player_view import PlayerViewQueries
from encounter_app.store.sql import _get, _id, _utc
from encounter_app.store.system_data import (
    ValueUnreadable,
    campaign_system,
    decode,
    encounter_system,
)
from encounter_app.store.tables import (
    AdversaryTemplate,
    Campaign,
    Countdown,
    Encounter,
    FearEvent,
    RollRecord,
)

DB_NAME = "encounter.db"

# fear_ledger() reads columns, not objects: a grown campaign's whole ledger (1,200 lines) is
# read at every opening, and objects cost three times as much (docs/performance.md). Any:
# sqlmodel's select() types four columns at most; FearEventRow's fields type the values.
_FEAR_COLUMNS: tuple[Any, ...] = tuple(col(getattr(FearEvent, name)) for name in (
    "id", "encounter_id", "created_at", "change", "value", "reason", "note"))

# rolls() reads these raw, as their bytes (one text that is not UTF-8 would fail the whole page
# as it is fetched, whatever the column: an INTEGER one holds text as well), each checked as its
# line is made (_roll_row).
_ROLL_COLUMNS: tuple[Any, ...] = (
    col(RollRecord.id),
    *(sql_cast(getattr(RollRecord, name), LargeBinary)
      for name in ("kind", "actor", "summary", "detail", "created_at", "payload", "public")),
)


class Store(CampaignStore, CombatantQueries, LibraryQueries, PlayerViewQueries, PhoneQueries,
            EventQueries):
    """The encounter database in ``data_dir``. Build it with :meth:`open`."""

    def __init__(self, engine: Engine, path: Path, systems: Catalog[SystemRules],
                 kept_aside: Path | None = None) -> None:
        self._engine = engine
        #: The rule systems whose typed values the store reads and writes (system_data.py).
        self.systems = systems
        # One connection for every caller: the lock keeps two threads' transactions apart.
        self._lock = threading.RLock()
        self._session: Session | None = None  # the open unit's (unit() nests)
        #: Counts the outermost units begun: one GM action's parts share a number (events.py).
        self.unit_serial = 0
        self.path = path
        # Where a damaged database found at opening was moved (this store is a new one).
        self.kept_aside = kept_aside
        self.damage = ""  # what was found wrong with the database kept aside
        self._checkpointer = Checkpointer(path)
        # verify()'s own connections while they run (the check after start's, a quiet start's),
        # for close() to interrupt
        self._verifying: set[sqlite3.Connection] = set()
        self._verify_lock = threading.Lock()
        self._closed = False

    @classmethod
    def open(cls, data_dir: Path, systems: Catalog[SystemRules]) -> Store:
        """Open (creating if needed) ``data_dir/encounter.db`` and migrate it to this version;
        ``systems`` read and write the typed values of each campaign's rule system.

        Raises StoreError, leaving the file as it was, when it cannot be used. A damaged
        database is renamed (see ``kept_aside``) and a new, empty one is opened in its place.
        """
        path = (prepare_folder(Path(data_dir)) / DB_NAME).resolve()
        kept_aside, damage, checked = None, "", True
        try:
            checked = migrate.check_file(path, systems)
        except DatabaseDamaged as exc:
            kept_aside, damage = backups.keep_aside(path), exc.detail
        _up_to_date(path)
        if not checked:  # an older file, brought up to date: now its rows can be checked
            try:
                migrate.check_migrated(path, systems)
            except DatabaseDamaged as exc:
                kept_aside, damage = backups.keep_aside(path), exc.detail
                _up_to_date(path)  # a new, empty one in its place
        store = cls(connection.engine(path, store=True), path, systems, kept_aside)
        store.damage = damage
        return store

    def set_aside(self, damage: str) -> Store:
        """This database cannot be read after all (a row the checks at opening let through):
        close it, keep it aside as damaged, and open a new, empty one in its place, whose
        ``kept_aside`` says where the old one went. Nothing is deleted."""
        self.close()
        kept_aside = backups.keep_aside(self.path)
        fresh = Store.open(self.path.parent, self.systems)
        fresh.kept_aside, fresh.damage = kept_aside, damage
        return fresh

    def verify(self) -> list[str] | None:
        """SQLite's full integrity check of the whole file: what it finds, [] when the file is
        sound, None when ``close`` cut it short.

        Opening checks every table but the roll log (``migrate.LARGE_TABLES``); this checks
        everything, and then the roll log's rows as opening checks the others' (a value the
        program never writes: ``row_checks.roll_log_problems``), on a read-only connection of
        its own, so any thread may run it while the store goes on reading and writing.
        """
        with self._verify_lock:
            if self._closed:
                return None
            reader = migrate.read_only(self.path)
            self._verifying.add(reader)
        try:
            return (migrate.integrity_problems(reader)
                    or row_checks.roll_log_problems(reader))
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            if self._closed:  # interrupted by close()
                return None
            if isinstance(exc, UnicodeDecodeError) or is_damage(exc):
                # so damaged that the check itself stopped (its message quoting damaged bytes,
                # which sqlite3 cannot decode): a finding too
                return [f"the check stopped part way ({exc})"]
            raise
        finally:
            with self._verify_lock:
                self._verifying.discard(reader)
                reader.close()

    def close(self) -> None:
        """Close the file; the last connection to go copies the log back into it."""
        with self._verify_lock:
            self._closed = True
            for reader in self._verifying:
                reader.interrupt()
        self._checkpointer.stop()
        with self._lock:
            self._engine.dispose()

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
        if backups.is_part_of(backup, self.path):  # under any name
            raise StoreError(f"{backup} is the database in use, not a backup of it.")
        checked = migrate.check_file(backup, self.systems)
        safety = self.backup(backups.BEFORE_RESTORE)
        self._copy_from(backup)
        try:
            migrate.upgrade(self.path)
            if not checked:  # an older backup: its rows, now that it is up to date
                migrate.check_migrated(self.path, self.systems)
        except Exception as exc:
            self._copy_from(safety)
            if isinstance(exc, StoreError):
                raise
            raise StoreError(f"Could not bring {backup} up to date ({exc}).") from exc
        return safety

    def put_back(self, safety: Path) -> None:
        """Undo a restore with the copy it returned, taking no copy of its own (the content
        being replaced is the backup, which is still where it was)."""
        self._copy_from(safety)
        migrate.upgrade(self.path)

    def _copy_from(self, source: Path) -> None:
        # Through this store's own connection, SQLite's backup API rewrites the database in
        # one step, consistent with its WAL; the connection then reads the new content.
        reader = sqlite3.connect(f"{source.as_uri()}?mode=ro", uri=True)
        try:
            with self._lock:
                own = self._engine.raw_connection()  # the one connection (StaticPool)
                try:
                    reader.backup(cast(sqlite3.Connection, own.driver_connection))
                finally:
                    own.close()
        finally:
            reader.close()
        self._checkpointer.poke()

    def latest_usable_backup(self) -> backups.Backup | None:
        """The newest backup that would pass the checks at start-up (what to offer first)."""
        for backup in backups.listing(self.path):
            try:
                migrate.check_file(backup.path, self.systems)
            except StoreError:
                continue
            return backup
        return None

    # -- transactions -----------------------------------------------------------------------

    @contextmanager
    def unit(self) -> Iterator[None]:
        """One GM action: everything written inside is one transaction, committed once.

        Units nest: an inner one (a part of a compound command, a store method) joins the
        outermost, whose Session alone BEGINs and COMMITs, or rolls all of it back when
        anything inside raises. A write the disk refuses (full, I/O error, read-only) is raised
        as WriteFailed, with the database as it was before the unit began. Other errors of
        SQLite come out as the driver's own (sqlite3.IntegrityError...), as they always have.

        A KeyError for a missing row is raised before anything is written: a caller may catch
        it and go on with the unit. An error of the database itself ends the unit's
        transaction there and then (the Session rolls back when its flush fails): the unit
        fails as a whole even if a part's caller catches it, and nothing of it is kept.
        """
        with self._transaction():
            yield

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """The Session of a unit, for a compound write of the store's own modules (the
        imports of ``exchange.py``): the open unit's, joined, else a unit of its own.

        Only the store package writes through a Session (tests/store/test_transactions.py):
        everything else calls the store's methods inside :meth:`unit`.
        """
        with self._transaction() as session:
            yield session

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """The unit's Session: a new unit when none is open, else the open one (joined)."""
        with self._lock, self._translated():
            session = self._session
            if session is not None:  # inside a unit already: its outermost level commits
                yield session
                session.flush()  # this part's errors surface here, not at the commit
                return
            session = self._session = Session(self._engine, expire_on_commit=False)
            self.unit_serial += 1
            try:
                with session.begin():  # COMMIT at the end, ROLLBACK on any exception
                    yield session
            finally:
                self._session = None
                session.close()
        self._checkpointer.poke()

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        """A Session to read with: the open unit's (it sees what the unit wrote), else one of
        its own whose read transaction ends when the rows are built.

        Building a row from what is stored can fail only if the stored data is not what the
        program wrote: that is RowUnreadable (a RowMissing stays what it is).
        """
        with self._lock:
            try:
                with self._translated():
                    try:
                        if self._session is not None:
                            yield self._session
                            return
                        with Session(self._engine, expire_on_commit=False) as session:
                            yield session
                    except RowMissing:
                        raise
                    except ValueUnreadable as exc:  # names its table, row and field
                        raise RowUnreadable(self.path, str(exc)) from exc
                    except (ValueError, TypeError, KeyError, AttributeError) as exc:
                        raise RowUnreadable(self.path, f"a row cannot be read: {exc!r}") from exc
            except sqlite3.DatabaseError as exc:
                # A damaged page in a table opening does not check whole (the roll log)
                if is_damage(exc):
                    raise RowUnreadable(self.path, f"SQLite says: {exc}") from exc
                raise

    @contextmanager
    def _translated(self) -> Iterator[None]:
        """SQLAlchemy wraps the driver's errors: give the caller WriteFailed for a write the
        disk refused and the driver's own error for the rest."""
        try:
            yield
        except DBAPIError as exc:
            original = _sqlite_error(exc)
            if not isinstance(original, sqlite3.Error):
                raise
            failed = write_failed(self.path, original)
            raise (original if failed is None else failed) from exc

    # -- campaigns --------------------------------------------------------------------------

    def create_campaign(self, name: str, *, system: str, party_size: int = 0,
                        fear: int = 0) -> CampaignRow:
        with self._transaction() as session:
            campaign = Campaign(name=name, system=system, party_size=party_size, fear=fear,
                                created_at=datetime.now(UTC))
            session.add(campaign)
            session.flush()
            return campaign_row(campaign)

    def campaign(self, campaign_id: int) -> CampaignRow:
        with self._reading() as session:
            return campaign_row(_get(session, Campaign, campaign_id))

    def set_fear(self, campaign_id: int, value: int) -> None:
        with self._transaction() as session:
            _get(session, Campaign, campaign_id).fear = value

    def record_fear(self, campaign_id: int, row: FearEventRow) -> FearEventRow:
        """Set the campaign's Fear to ``row.value`` and add the ledger line, in one transaction.

        A row with an id keeps it (redo).
        """
        with self._transaction() as session:
            return record_fear(session, campaign_id, row)

    def unrecord_fear(self, campaign_id: int, event_id: int, value: int) -> None:
        """Take a ledger line back out and put the pool back to ``value`` (undo)."""
        with self._transaction() as session:
            _get(session, Campaign, campaign_id).fear = value
            session.delete(_get(session, FearEvent, event_id))

    def fear_ledger(self, campaign_id: int) -> list[FearEventRow]:
        """Every gain and spend of the campaign, newest first."""
        with self._reading() as session:
            rows = session.exec(select(*_FEAR_COLUMNS)
                                .where(FearEvent.campaign_id == campaign_id)
                                .order_by(col(FearEvent.id).desc())).all()
            return [FearEventRow(id=id_, encounter_id=encounter_id, created_at=_utc(created_at),
                                 change=change, value=value, reason=reason, note=note)
                    for id_, encounter_id, created_at, change, value, reason, note in rows]

    def set_scene_intensity(self, encounter_id: int, intensity: str) -> None:
        with self._transaction() as session:
            _get(session, Encounter, encounter_id).scene_intensity = intensity

    # -- encounters -------------------------------------------------------------------------

    def create_encounter(self, campaign_id: int, name: str, *, seed: int | None = None,
                         status: str = "draft") -> EncounterRow:
        with self._transaction() as session:
            position = session.exec(select(func.count()).select_from(Encounter)
                                    .where(Encounter.campaign_id == campaign_id)).one()
            encounter = Encounter(campaign_id=campaign_id, name=name, seed=seed,
                                  created_at=datetime.now(UTC), status=status,
                                  position=position)
            session.add(encounter)
            session.flush()
            return self._encounter_row(session, encounter)

    def encounter(self, encounter_id: int) -> EncounterRow:
        with self._reading() as session:
            return self._encounter_row(session, _get(session, Encounter, encounter_id))

    def latest_encounter(self) -> EncounterRow | None:
        with self._reading() as session:
            latest = session.exec(select(Encounter).order_by(col(Encounter.id).desc())).first()
            return None if latest is None else self._encounter_row(session, latest)

    def set_system_state(self, encounter_id: int, state: SystemData) -> SystemData:
        """The encounter's turn state in its campaign's system, written whole; returns it as
        the store now holds it (EMPTY as the system's defaults)."""
        with self._transaction() as session:
            system = encounter_system(session, self.systems, encounter_id)
            state = system.typed(Part.ENCOUNTER_STATE, state)
            _get(session, Encounter, encounter_id).system_state = system.write(
                Part.ENCOUNTER_STATE, state)
            return state

    def _encounter_row(self, session: Session, encounter: Encounter) -> EncounterRow:
        system = campaign_system(session, self.systems, encounter.campaign_id)
        return EncounterRow(id=_id(encounter), campaign_id=encounter.campaign_id,
                            name=encounter.name, round=encounter.round,
                            active_combatant_id=encounter.active_combatant_id,
                            scene_intensity=encounter.scene_intensity, seed=encounter.seed,
                            system_state=decode(system, Part.ENCOUNTER_STATE,
                                                encounter.system_state, "encounter",
                                                encounter.id))

    def set_turn(self, encounter_id: int, active_combatant_id: int | None, round_: int) -> None:
        with self._transaction() as session:
            encounter = _get(session, Encounter, encounter_id)
            encounter.active_combatant_id, encounter.round = active_combatant_id, round_

    # -- countdowns -------------------------------------------------------------------------

    def countdowns(self, encounter_id: int) -> list[CountdownRow]:
        with self._reading() as session:
            return [_countdown_row(countdown) for countdown in session.exec(
                select(Countdown).where(Countdown.encounter_id == encounter_id)
                .order_by(col(Countdown.position)))]

    def insert_countdown(self, encounter_id: int, row: CountdownRow, position: int | None = None
                         ) -> CountdownRow:
        with self._transaction() as session:
            return insert_countdown(session, encounter_id, row, position)

    def remove_countdown(self, countdown_id: int) -> None:
        with self._transaction() as session:
            countdown = _get(session, Countdown, countdown_id)
            session.delete(countdown)
            session.flush()
            session.exec(update(Countdown)
                         .where(col(Countdown.encounter_id) == countdown.encounter_id,
                                col(Countdown.position) > countdown.position)
                         .values(position=col(Countdown.position) - 1))

    def update_countdown(self, row: CountdownRow) -> None:
        """Write a countdown's state (value, start, name, kind) as the row has it."""
        with self._transaction() as session:
            countdown = _get(session, Countdown, row.id)
            countdown.name, countdown.start, countdown.value = row.name, row.start, row.value
            countdown.kind, countdown.loop, countdown.long_term = row.kind, row.loop, row.long_term
            countdown.trigger, countdown.dice, countdown.link = row.trigger, row.dice, row.link
            countdown.loops, countdown.visible = row.loops, row.visible

    # -- roll log ---------------------------------------------------------------------------

    def rolls(self, encounter_id: int, limit: int | None = None, *,
              before_id: int | None = None) -> list[RollRow]:
        """The encounter's roll log, newest first: the ``limit`` newest older than ``before_id``.

        The window reads the log a page at a time (RollLogModel.fetchMore), so opening a fight
        with thousands of rolls reads only the rolls it shows.
        """
        query = select(*_ROLL_COLUMNS).where(RollRecord.encounter_id == encounter_id)
        if before_id is not None:
            query = query.where(col(RollRecord.id) < before_id)
        query = query.order_by(col(RollRecord.id).desc()).limit(limit)
        with self._reading() as session:
            return [_roll_row(values) for values in session.exec(query)]

    def insert_roll(self, encounter_id: int, row: RollRow) -> RollRow:
        created_at = _utc(row.created_at or datetime.now(UTC))
        with self._transaction() as session:
            record = RollRecord(id=row.id, encounter_id=encounter_id, created_at=created_at,
                                kind=row.kind, actor=row.actor, summary=row.summary,
                                detail=row.detail, payload=dict(row.payload), public=row.public)
            session.add(record)
            session.flush()
            return replace(row, id=_id(record), created_at=created_at, payload=dict(row.payload))

    def delete_roll(self, roll_id: int) -> None:
        with self._transaction() as session:
            session.delete(_get(session, RollRecord, roll_id))

    # -- adversary library ------------------------------------------------------------------

    def templates(self) -> list[TemplateRow]:
        with self._reading() as session:
            return [template_row(template) for template in session.exec(
                select(AdversaryTemplate)
                .order_by(col(AdversaryTemplate.tier), col(AdversaryTemplate.name)))]

    def insert_templates(self, rows: list[TemplateRow]) -> list[TemplateRow]:
        """Add stat blocks to the library, all or none."""
        with self._transaction() as session:
            return [replace(row, id=insert_entry(session, AdversaryTemplate, row))
                    for row in rows]


def _up_to_date(path: Path) -> None:
    """Create or migrate the database at ``path`` (migrate.upgrade); StoreError, or
    WriteFailed for the disk's refusal, with the file as it was."""
    try:
        migrate.upgrade(path)
    except Exception as exc:
        failed = write_failed(path, _sqlite_error(exc))
        if failed is not None:  # the disk, not the file: nothing was changed either
            raise failed from exc
        raise StoreError(
            f"Could not bring {path} up to date ({exc}). Nothing was changed; a copy "
            f"made before the attempt is in {path.parent / 'backups'}."
        ) from exc


def _sqlite_error(exc: BaseException) -> Exception:
    """The sqlite3 error behind ``exc`` (SQLAlchemy's wraps it as ``orig``), else ``exc``."""
    for error in (exc, getattr(exc, "orig", None), exc.__cause__):
        if isinstance(error, sqlite3.Error):
            return error
    return exc if isinstance(exc, Exception) else Exception(str(exc))


def prepare_folder(data_dir: Path) -> Path:
    """Create the data folder if needed and make sure the program can write in it.

    Root ignores file modes, so the test is a real write, not ``os.access`` on the folder.
    """
    if data_dir.exists() and not data_dir.is_dir():
        raise NotAFolder(
            f"The data folder {data_dir} is a file, not a folder: Encounter Manager keeps its "
            "database and backups in a folder there.\n\nMove that file away, or start "
            "Encounter Manager with --data-dir and another folder. Nothing was changed.")
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if isinstance(exc, FileExistsError) or data_dir.parent.is_file():
            raise NotAFolder(
                f"Cannot create the data folder {data_dir}: a file is in the way "
                f"({exc.strerror}). Move it away, or start Encounter Manager with --data-dir "
                "and another folder. Nothing was changed.") from exc
        raise StoreError(f"Cannot create the data folder {data_dir}: {exc.strerror}.") from exc
    advice = ("\n\nMake it writable (for example: chmod u+w), or start Encounter Manager "
              "with --data-dir and a folder you can write to. Nothing was changed.")
    try:
        probe, name = tempfile.mkstemp(prefix=".write-test-", dir=data_dir)
        os.close(probe)
        os.unlink(name)
    except OSError as exc:
        if exc.errno == errno.ENOSPC:
            raise DiskFull(
                f"The disk holding the data folder {data_dir} is full: free some space, then "
                "start again. Nothing was changed.") from exc
        raise FolderNotWritable(
            f"The data folder {data_dir} is read-only ({exc.strerror}): Encounter Manager "
            f"keeps its database and backups there.{advice}") from exc
    database = data_dir / DB_NAME
    if database.exists() and not database.is_file():
        raise DatabaseNotAFile(
            f"{database} is a folder, not a database: Encounter Manager keeps its fights in a "
            "file of that name.\n\nMove that folder away (or rename it), or start Encounter "
            "Manager with --data-dir and another folder. Nothing was changed.")
    if database.exists() and not os.access(database, os.W_OK):
        raise FolderNotWritable(f"The database {database} is read-only.{advice}")
    return data_dir


def _countdown_row(countdown: Countdown) -> CountdownRow:
    return CountdownRow(id=countdown.id, name=countdown.name, start=countdown.start,
                        value=countdown.value, kind=countdown.kind, loop=countdown.loop,
                        long_term=countdown.long_term, trigger=countdown.trigger,
                        dice=countdown.dice, link=countdown.link, loops=countdown.loops,
                        visible=countdown.visible)


def _roll_row(values: Sequence[Any]) -> RollRow:
    """A roll-log line from its raw columns (_ROLL_COLUMNS); a row the program could not have
    written is a damaged line that names its field, never an exception: the roll log is
    checked after the window is drawn (Store.verify), so its rows are checked as they are
    read."""
    roll_id, *raw = values
    try:
        kind, actor, summary, detail, moment = (_utf8(value, name) for value, name in zip(
            raw[:5], ("kind", "actor", "summary", "detail", "created_at"), strict=True))
        payload, public = raw[5:]
        data = {} if payload is None else packing.unpack(payload)
        if not isinstance(data, dict):
            raise ValueError(f"payload: expected an object, found {shown(data)}")
        if public not in (b"0", b"1"):  # the flag as SQLite writes it out
            raise ValueError(f"public: expected 0 or 1, found {_shown_bytes(public)}")
        return RollRow(id=roll_id, kind=kind, actor=actor, summary=summary, detail=detail,
                       created_at=_utc(datetime.fromisoformat(moment)), payload=data,
                       public=public == b"1")
    except (ValueError, TypeError) as exc:  # the payload's and the time's errors too
        return damaged_roll(roll_id, f"roll_record row {roll_id}, {exc}")


def _shown_bytes(value: object) -> str:
    """A value read as its bytes (_ROLL_COLUMNS), quoted as it was stored: a number as one."""
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
    try:
        return shown(int(str(text)))
    except ValueError:
        return shown(text)


def _utf8(value: object, name: str) -> str:
    """A text column read as its bytes (_ROLL_COLUMNS), as text; ValueError naming it."""
    if not isinstance(value, bytes):
        raise ValueError(f"{name}: expected text, found {shown(value)}")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name}: the text is not valid UTF-8") from None
