"""Check a database file before use, back it up, and migrate it with Alembic.

A file that is not SQLite, is not ours, or comes from a newer version of the program is never
written to: the check reads it through a read-only sqlite3 connection and raises StoreError. A
damaged database of ours raises DatabaseDamaged, so that the store can keep it aside
(backups.py).

The sqlmodel classes of ``tables.py`` are the schema. A new (empty) database is made from them
(``SQLModel.metadata.create_all``) and stamped at the newest revision, in one transaction; a
test holds what that makes to what the migrations build. Alembic migrates a file at an older
revision, after a backup. Alembic is imported only for those two, a first start or the first
start after an update: an up-to-date file is recognised by reading the revision ids out of the
migration scripts (:func:`scripts_head`), which costs far less than importing Alembic.
"""

from __future__ import annotations

import logging
import re
import sqlite3
import typing
from pathlib import Path
from typing import TYPE_CHECKING

from encounter_app.store import backups, connection, row_checks
from encounter_app.store.errors import (
    DamagedRow,
    DatabaseDamaged,
    DiskFull,
    StoreError,
    is_damage,
)

if TYPE_CHECKING:
    from alembic.config import Config

    from encounter_app.domain.system import Catalog, SystemRules

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).with_name("migrations")
OUR_TABLES = {"campaign", "encounter", "combatant", "countdown", "roll_record"}
_REVISION = re.compile(r"^(down_revision|revision)\s*(?::[^=]*)?=\s*(.+?)\s*$", re.MULTILINE)


def alembic_config(migrations: Path | None = None) -> Config:
    """Alembic's configuration for the scripts in ``migrations`` (None: MIGRATIONS, ours)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations or MIGRATIONS))
    return config


def head_revision(migrations: Path | None = None) -> str | None:
    """The newest revision, as Alembic reads the scripts (None when there are none)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config(migrations)).get_current_head()


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    return {rev.revision for rev in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


def scripts_head(migrations: Path | None = None) -> str | None:
    """The newest revision, read from the scripts' ``revision``/``down_revision`` lines.

    None when that is not one plain answer (two heads, a line written in another way); the
    caller then asks Alembic. A test checks that this agrees with :func:`head_revision`.
    """
    revisions: set[str] = set()
    parents: set[str] = set()
    for script in ((migrations or MIGRATIONS) / "versions").glob("*.py"):
        found = dict(_REVISION.findall(script.read_text(encoding="utf-8")))
        revision, parent = found.get("revision", ""), found.get("down_revision", "")
        if not re.fullmatch(r"""(['"])[\w.-]+\1""", revision):
            return None
        revisions.add(revision[1:-1])
        if re.fullmatch(r"""(['"])[\w.-]+\1""", parent):
            parents.add(parent[1:-1])
        elif parent != "None":
            return None
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


SQLITE_HEADER = b"SQLite format 3\x00"


def _is_disk_problem(exc: sqlite3.DatabaseError) -> bool:
    """An error of the disk, not of the file: full, or it could not write the -shm beside it."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_FULL", "SQLITE_IOERR", "SQLITE_CANTOPEN"))


# Checked after the window is drawn (Store.verify), not before: the roll log is nearly all of
# a big campaign's file, and checking it took a third of the time such a campaign took to open.
LARGE_TABLES = row_checks.LARGE_TABLES


def _integrity(reader: sqlite3.Connection, tables: set[str]) -> list[str]:
    """SQLite's full check (every page, every index entry against its row: quick_check misses
    a damaged index) of each of ``tables`` and its indexes; ["ok"] when all are sound.

    Only the program's own table names are checked, so a name is never text from the file.
    """
    from sqlmodel import SQLModel

    from encounter_app.store import tables as classes  # noqa: F401  (registers the tables)

    problems = []
    for name in sorted(tables & SQLModel.metadata.tables.keys()):
        found = _report(reader, f"PRAGMA integrity_check({name})")
        problems += [line for line in found if line != "ok"]
    return problems or ["ok"]


def integrity_problems(reader: sqlite3.Connection) -> list[str]:
    """What SQLite's full integrity check of the whole file finds ([] when it is sound): up to
    a few hundred milliseconds on a grown campaign. ``reader``: a read-only connection."""
    return [line for line in _report(reader, "PRAGMA integrity_check(20)") if line != "ok"]


def _report(reader: sqlite3.Connection, statement: str) -> list[str]:
    """The one column of ``statement``'s rows, as text. Read as bytes and decoded leniently: an
    integrity check's line quotes what a damaged page holds (a value of an index entry), and a
    file's names are the file's, neither of which need be UTF-8; decoding them strictly would
    raise where the check should only report. (An error of SQLite whose message is not UTF-8
    still raises UnicodeDecodeError: the callers take it for damage.)"""
    before = reader.text_factory
    reader.text_factory = bytes
    try:
        return [line.decode("utf-8", "replace") if isinstance(line, bytes) else str(line)
                for (line,) in reader.execute(statement)]
    finally:
        reader.text_factory = before


def read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write to ``path`` (the checks must never change a file)."""
    return sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False)


def check_file(path: Path, systems: Catalog[SystemRules] | None = None) -> bool:
    """Raise StoreError if ``path`` exists and is not an Encounter Manager database we can use.

    DatabaseDamaged (a StoreError) means the file is an SQLite database, ours as far as can be
    read, that SQLite reports as damaged or that holds a row the program could not have
    written (``row_checks.py``, which reads each campaign's values through its system in
    ``systems``): the caller may keep it aside and start afresh. Every other StoreError means
    "not ours to touch": the file must stay exactly as it is.

    Returns False when the file is of an older schema: its rows are checked after it is
    migrated (:func:`check_migrated`); True when they were checked, or there are none.
    """
    if not path.exists() or path.stat().st_size == 0:
        return True
    with path.open("rb") as file:
        header = file.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        raise StoreError(
            f"{path} is not an Encounter Manager database (it is not an SQLite file at all). "
            "It was left exactly as it is."
        )
    try:
        reader = read_only(path)
        try:
            tables, revisions = _stamp(reader)
            # Every database this program writes has its Alembic version table from the
            # first transaction on (migrations are transactional): without it, or without any
            # of our tables, it is someone else's.
            if tables and ("alembic_version" not in tables or not tables & OUR_TABLES):
                raise StoreError(
                    f"{path} is an SQLite database of another program (tables: "
                    f"{', '.join(sorted(tables)[:5])}). It was left exactly as it is."
                )
            head = scripts_head()  # read once: it reads every migration script
            _refuse_newer(path, revisions, head)
            problems = _integrity(reader, tables - LARGE_TABLES)
            current = revisions == [head]
            if problems == ["ok"] and current:
                found = row_checks.check_rows(reader, tables, systems)
                if found:
                    raise DamagedRow(path, "; ".join(found[:3]))
        finally:
            reader.close()
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        _refuse_unreadable(path, exc)
    if problems != ["ok"]:
        raise DatabaseDamaged(path, "; ".join(problems[:3]))
    return current or not revisions


def check_migrated(path: Path, systems: Catalog[SystemRules] | None = None) -> None:
    """The row checks of :func:`check_file`, on a file just brought up to date (whose rows
    could not be checked against the tables before). DamagedRow when a row fails."""
    try:
        reader = read_only(path)
        try:
            tables, _revisions = _stamp(reader)
            found = row_checks.check_rows(reader, tables, systems)
        finally:
            reader.close()
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        _refuse_unreadable(path, exc)
    if found:
        raise DamagedRow(path, "; ".join(found[:3]))


def _refuse_unreadable(path: Path, exc: sqlite3.DatabaseError | UnicodeDecodeError
                       ) -> typing.NoReturn:
    """The StoreError for an error SQLite gave while the file was checked."""
    if isinstance(exc, UnicodeDecodeError):
        # sqlite3 decodes SQLite's message strictly, and the message of a damaged schema quotes
        # the damaged bytes ("malformed database schema (…)"): damage, said in what words it has.
        said = exc.object.decode("utf-8", "replace") if isinstance(exc.object, bytes) else exc
        raise DatabaseDamaged(path, str(said)) from exc
    if is_damage(exc):
        raise DatabaseDamaged(path, str(exc)) from exc
    if _is_disk_problem(exc):
        raise DiskFull(
            f"SQLite could not read {path} ({exc}): the disk holding it is full or "
            "failing. Free some space, then start again. The file was left as it is."
        ) from exc
    raise StoreError(
        f"{path} is not an Encounter Manager database (SQLite says: {exc}). "
        "It was left exactly as it is."
    ) from exc


def _refuse_newer(path: Path, revisions: list[str], head: str | None) -> None:
    if not revisions or revisions == [head]:
        return  # the usual case: written by this very version
    known = known_revisions()
    for revision in revisions:
        if revision not in known:
            raise StoreError(
                f"{path} was written by a newer version of Encounter Manager (schema "
                f"{revision}). Update the program to open it; the file was left as it is."
            )


def _stamp(reader: sqlite3.Connection) -> tuple[set[str], list[str]]:
    """The file's table names and the revision Alembic stamped in it (none: an empty list).

    Read with sqlite3 before any engine opens the file: the checks must not write to a file
    that is not ours, and an up-to-date file is recognised without importing Alembic.
    """
    tables = set(_report(reader, "SELECT name FROM sqlite_master WHERE type = 'table'"))
    if "alembic_version" not in tables:
        return tables, []
    return tables, _report(reader, "SELECT version_num FROM alembic_version")


def current_revision(path: Path) -> str | None:
    reader = sqlite3.connect(path)
    try:
        _tables, revisions = _stamp(reader)
    finally:
        reader.close()
    return revisions[0] if revisions else None


def upgrade(path: Path) -> None:
    """Bring the database to the newest schema, backing it up first if it holds data."""
    current = current_revision(path)
    if current is not None and current == scripts_head():
        return
    if current is None and create_new(path):
        return
    head = head_revision()
    if current == head:
        return
    if current is not None:
        backups.take(path, f"before-{head}")
    run_migrations(path)
    reclaim(path)


def will_migrate(path: Path) -> bool:
    """Whether opening ``path`` will migrate it: a file of ours at an older revision (which
    may take seconds on a big campaign: the window says so meanwhile). False when in doubt."""
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return False
        reader = read_only(path)
        try:
            _tables, revisions = _stamp(reader)
        finally:
            reader.close()
    except (OSError, sqlite3.Error, UnicodeDecodeError):
        return False  # the checks of Store.open will say what is wrong
    return bool(revisions) and revisions != [scripts_head()] and revisions[0] in _script_ids()


def _script_ids() -> set[str]:
    ids = set()
    for script in (MIGRATIONS / "versions").glob("*.py"):
        found = dict(_REVISION.findall(script.read_text(encoding="utf-8")))
        ids.add(found.get("revision", "").strip("'\""))
    return ids


def reclaim(path: Path) -> None:
    """Give the disk back the pages a migration freed, when they are over a quarter of the
    file: a migration that rebuilds a table copies it, so the file had doubled (0007 left a
    grown campaign's 64 MB file at 125 MB with 28 MB of data in it). VACUUM cannot run inside
    the migrations' transaction, hence after it."""
    vacuum = connection.connect(path)
    try:
        (pages,) = vacuum.execute("PRAGMA page_count").fetchone()
        (free,) = vacuum.execute("PRAGMA freelist_count").fetchone()
        if free * 4 > pages:
            vacuum.execute("VACUUM")
    except sqlite3.Error as exc:  # no room for VACUUM's copy: the file is only larger
        log.warning("could not give back the free pages of %s: %s", path, exc)
    finally:
        vacuum.close()


def create_new(path: Path) -> bool:
    """Make the schema of ``tables.py`` in the empty database ``path`` and stamp it at the
    scripts' head, in one transaction; False, having changed nothing, if the file has tables.
    """
    from alembic.runtime.migration import MigrationContext  # a first start only
    from alembic.script import ScriptDirectory
    from sqlalchemy import inspect
    from sqlmodel import SQLModel

    from encounter_app.store import tables  # noqa: F401  (the tables, on SQLModel.metadata)

    scripts = ScriptDirectory.from_config(alembic_config())
    made = connection.engine(path)
    try:
        with made.begin() as transaction:
            if inspect(transaction).get_table_names():
                return False  # something is there: only the migrations may touch it
            SQLModel.metadata.create_all(transaction, checkfirst=False)  # it is empty
            MigrationContext.configure(transaction).stamp(scripts, "head")
        return True
    finally:
        made.dispose()


def run_migrations(path: Path) -> None:
    """Run Alembic's migrations on ``path`` up to the newest revision."""
    from alembic import command

    made = connection.engine(path)  # transactional DDL: a failed migration changes nothing
    try:
        config = alembic_config()
        with made.begin() as transaction:
            config.attributes["connection"] = transaction
            command.upgrade(config, "head")
    finally:
        made.dispose()
