"""Check a database file before use, back it up, and migrate it with Alembic.

A file that is not SQLite, is not ours, or comes from a newer version of the program is never
written to: the check reads it through a read-only connection and raises StoreError.

Alembic (and with it SQLAlchemy) is imported only when the file is not at the newest revision:
an up-to-date file, every start but the first after an update, is recognised by reading the
revision ids out of the migration scripts, which costs far less than importing Alembic.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from encounter_app.store.connection import configure

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).with_name("migrations")
OUR_TABLES = {"campaign", "encounter", "combatant", "countdown", "roll_record"}
_REVISION = re.compile(r"^(down_revision|revision)\s*(?::[^=]*)?=\s*(.+?)\s*$", re.MULTILINE)


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    """The newest revision, as Alembic reads the scripts."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    return {rev.revision for rev in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


def scripts_head() -> str | None:
    """The newest revision, read from the scripts' ``revision``/``down_revision`` lines.

    None when that is not one plain answer (two heads, a line written in another way); the
    caller then asks Alembic. A test checks that this agrees with :func:`head_revision`.
    """
    revisions: set[str] = set()
    parents: set[str] = set()
    for script in (MIGRATIONS / "versions").glob("*.py"):
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


def _store_error(message: str) -> Exception:
    # Imported late: store.py imports this module.
    from encounter_app.store.store import StoreError

    return StoreError(message)


def check_file(path: Path) -> None:
    """Raise StoreError if ``path`` exists and is not an Encounter Manager database we can use."""
    if not path.exists() or path.stat().st_size == 0:
        return
    try:
        connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            revisions = (
                [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]
                if "alembic_version" in tables else []
            )
            # Reads every page's structure, not just the schema: garbage in a data page
            # would otherwise surface only on the first read of the roll log.
            problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
        finally:
            connection.close()
    except sqlite3.DatabaseError as exc:
        raise _store_error(
            f"{path} is not an Encounter Manager database (SQLite says: {exc}). "
            "It was left exactly as it is."
        ) from exc
    if problems != ["ok"]:
        raise _store_error(
            f"{path} is damaged (SQLite's check says: {'; '.join(problems[:3])}). "
            "It was left exactly as it is; restore it from a backup."
        )
    # Every database this program writes has its Alembic version table from the first
    # transaction on (migrations are transactional), so tables without it are someone else's.
    if tables and ("alembic_version" not in tables or not tables & OUR_TABLES):
        raise _store_error(
            f"{path} is an SQLite database of another program (tables: "
            f"{', '.join(sorted(tables)[:5])}). It was left exactly as it is."
        )
    if revisions and revisions == [scripts_head()]:
        return  # the usual case: written by this very version
    known = known_revisions() if revisions else set()
    for revision in revisions:
        if revision not in known:
            raise _store_error(
                f"{path} was written by a newer version of Encounter Manager (schema "
                f"{revision}). Update the program to open it; the file was left as it is."
            )


def current_revision(path: Path) -> str | None:
    connection = sqlite3.connect(path)
    try:
        tables = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "alembic_version" not in tables:
            return None
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        return None if row is None else row[0]
    finally:
        connection.close()


def backup(path: Path, reason: str) -> Path:
    """Copy the database with SQLite's online backup API into ``backups/`` beside it."""
    folder = path.parent / "backups"
    folder.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    target = folder / f"{path.stem}-{stamp}-{reason}.db"
    source = sqlite3.connect(path)
    try:
        destination = sqlite3.connect(target)
        try:
            source.backup(destination)
        finally:
            destination.close()
    finally:
        source.close()
    return target


def upgrade(path: Path) -> None:
    """Bring the database to the newest schema, backing it up first if it holds data."""
    current = current_revision(path)
    if current is not None and current == scripts_head():
        return
    head = head_revision()
    if current == head:
        return
    if current is not None:
        backup(path, f"before-{head}")
    from alembic import command
    from sqlalchemy import create_engine, event

    engine = create_engine(f"sqlite:///{path}")
    event.listen(engine, "connect", lambda dbapi_connection, _record: configure(dbapi_connection))
    # The driver no longer opens transactions (configure), so SQLAlchemy must say BEGIN itself.
    event.listen(engine, "begin", lambda connection: connection.exec_driver_sql("BEGIN"))
    try:
        config = alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    finally:
        engine.dispose()
