"""Check a database file before use, back it up, and migrate it with Alembic.

A file that is not SQLite, is not ours, or comes from a newer version of the program is never
written to: the check reads it through a read-only connection and raises StoreError.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).with_name("migrations")
OUR_TABLES = {"campaign", "encounter", "combatant", "countdown", "roll_record"}


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


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
    known = {rev.revision for rev in ScriptDirectory.from_config(alembic_config()).walk_revisions()}
    for revision in revisions:
        if revision not in known:
            raise _store_error(
                f"{path} was written by a newer version of Encounter Manager (schema "
                f"{revision}). Update the program to open it; the file was left as it is."
            )


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


def upgrade(engine: Engine, path: Path) -> None:
    """Bring the database to the newest schema, backing it up first if it holds data."""
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    head = head_revision()
    if current == head:
        return
    if current is not None:
        backup(path, f"before-{head}")
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
