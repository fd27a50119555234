"""Check a database file before use, back it up, and migrate it with Alembic.

A file that is not SQLite, is not ours, or comes from a newer version of the program is never
written to: the check reads it through a read-only connection and raises StoreError. A damaged
database of ours raises DatabaseDamaged, so that the store can keep it aside (backups.py).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine

from encounter_app.store import backups
from encounter_app.store.errors import DatabaseDamaged, StoreError

MIGRATIONS = Path(__file__).with_name("migrations")
OUR_TABLES = {"campaign", "encounter", "combatant", "countdown", "roll_record"}


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


SQLITE_HEADER = b"SQLite format 3\x00"


def _is_damage(exc: sqlite3.DatabaseError) -> bool:
    return getattr(exc, "sqlite_errorname", "") == "SQLITE_CORRUPT"


def check_file(path: Path) -> None:
    """Raise StoreError if ``path`` exists and is not an Encounter Manager database we can use.

    DatabaseDamaged (a StoreError) means the file is an SQLite database, ours as far as can be
    read, that SQLite reports as damaged: the caller may keep it aside and start afresh. Every
    other StoreError means "not ours to touch": the file must stay exactly as it is.
    """
    if not path.exists() or path.stat().st_size == 0:
        return
    with path.open("rb") as file:
        header = file.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        raise StoreError(
            f"{path} is not an Encounter Manager database (it is not an SQLite file at all). "
            "It was left exactly as it is."
        )
    try:
        connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            # Every database this program writes has its Alembic version table from the
            # first transaction on (migrations are transactional): without it, or without any
            # of our tables, it is someone else's.
            if tables and ("alembic_version" not in tables or not tables & OUR_TABLES):
                raise StoreError(
                    f"{path} is an SQLite database of another program (tables: "
                    f"{', '.join(sorted(tables)[:5])}). It was left exactly as it is."
                )
            revisions = (
                [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]
                if "alembic_version" in tables else []
            )
            _refuse_newer(path, revisions)
            # Reads every page's structure, not just the schema: garbage in a data page
            # would otherwise surface only on the first read of the roll log.
            problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
        finally:
            connection.close()
    except sqlite3.DatabaseError as exc:
        if _is_damage(exc):
            raise DatabaseDamaged(path, str(exc)) from exc
        raise StoreError(
            f"{path} is not an Encounter Manager database (SQLite says: {exc}). "
            "It was left exactly as it is."
        ) from exc
    if problems != ["ok"]:
        raise DatabaseDamaged(path, "; ".join(problems[:3]))


def _refuse_newer(path: Path, revisions: list[str]) -> None:
    known = {rev.revision for rev in ScriptDirectory.from_config(alembic_config()).walk_revisions()}
    for revision in revisions:
        if revision not in known:
            raise StoreError(
                f"{path} was written by a newer version of Encounter Manager (schema "
                f"{revision}). Update the program to open it; the file was left as it is."
            )


def upgrade(engine: Engine, path: Path) -> None:
    """Bring the database to the newest schema, backing it up first if it holds data."""
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    head = head_revision()
    if current == head:
        return
    if current is not None:
        backups.take(path, f"before-{head}")
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
