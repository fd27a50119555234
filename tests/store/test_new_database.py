"""A new database is made from the sqlmodel classes, exactly as the migrations would build it.

``tables.py`` is the one statement of the schema: a first start creates the tables from it
(``SQLModel.metadata.create_all``) and stamps the newest revision in the same transaction, and
the migrations are generated from it. The test below fails when the two ways of reaching the
newest schema disagree, which is what a migration forgotten after a change to the classes (or a
class changed without one) looks like.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlmodel import SQLModel

from encounter_app.store import DB_NAME, Store, StoreError, migrate
from tests.helpers.databases import NEXT_REVISION, TODAYS_HEAD, newer_program, revision_of
from tests.helpers.systems import SYSTEMS


def shape(path: Path) -> dict[str, dict[str, Any]]:
    """Every table of a file as SQLite describes it: columns (name, type, NOT NULL, default,
    primary key, in order), indexes (name, unique, origin, partial, their columns) and foreign
    keys (columns, table, actions), read with PRAGMAs."""
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        tables = [row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        found = {}
        for table in sorted(tables):
            indexes = {
                name: (unique, origin, partial,
                       [row[2] for row in connection.execute(f"PRAGMA index_info('{name}')")])
                for _, name, unique, origin, partial in connection.execute(
                    f"PRAGMA index_list('{table}')")}
            keys: dict[int, list[tuple[Any, ...]]] = {}
            for key, seq, target, source, to, on_update, on_delete, match in connection.execute(
                    f"PRAGMA foreign_key_list('{table}')"):
                keys.setdefault(key, []).append((seq, target, source, to, on_update, on_delete,
                                                 match))
            found[table] = {
                "columns": connection.execute(f"PRAGMA table_info('{table}')").fetchall(),
                "indexes": indexes,
                # SQLite numbers a table's foreign keys in reverse order of declaration: a
                # rebuilt table and a created one list them differently. The set is the schema.
                "foreign keys": sorted(tuple(sorted(parts)) for parts in keys.values()),
            }
        return found
    finally:
        connection.close()


def metadata_differences(path: Path) -> list[Any]:
    """What Alembic's autogenerate would change in ``path`` to match the classes.

    Server defaults are compared by ``shape`` instead: Alembic's SQLite comparison reports an
    empty-string default ('') as changed even against a file made from the classes themselves.
    """
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            return list(compare_metadata(context, SQLModel.metadata))
    finally:
        engine.dispose()


def test_the_classes_and_the_migrations_build_the_same_schema(tmp_path: Path) -> None:
    migrated = tmp_path / "migrated.db"
    migrate.run_migrations(migrated)  # every migration, 0001 to the head
    Store.open(tmp_path / "new", SYSTEMS).close()  # a first start: made from tables.py
    created = tmp_path / "new" / DB_NAME

    assert metadata_differences(migrated) == []
    assert metadata_differences(created) == []
    assert shape(created) == shape(migrated)
    assert set(shape(created)) >= migrate.OUR_TABLES | {"alembic_version"}
    assert revision_of(created) == revision_of(migrated) == [migrate.head_revision()]


def test_the_comparison_notices_a_default_the_classes_lost(tmp_path: Path) -> None:
    """The check above can fail: a server default missing from a class is a difference (the
    classes lacked the defaults the migrations gave added columns, until they said them)."""
    migrated = tmp_path / "migrated.db"
    migrate.run_migrations(migrated)
    stripped = sa.MetaData()
    for table in SQLModel.metadata.sorted_tables:
        table.to_metadata(stripped)
    stripped.tables["campaign"].c["note"].server_default = None
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'stripped.db'}")
    stripped.create_all(engine)
    engine.dispose()
    before, after = shape(migrated), shape(tmp_path / "stripped.db")
    assert before["campaign"]["columns"] != after["campaign"]["columns"]
    assert {t: s for t, s in before.items() if t not in ("campaign", "alembic_version")} == \
        {t: s for t, s in after.items() if t != "campaign"}


def test_a_new_database_is_created_in_one_transaction(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """When stamping fails after the tables were made (two heads in the scripts: which one?),
    the file is left empty and Store.open says so."""
    scripts = newer_program(tmp_path, monkeypatch, fail=False)
    (scripts / "versions" / "9002_branch.py").write_text(
        NEXT_REVISION.format(down=TODAYS_HEAD, fail=False).replace('"9001_next"', '"9002"'))
    with pytest.raises(StoreError, match=r"Could not bring .* up to date"):
        Store.open(tmp_path / "data", SYSTEMS)
    connection = sqlite3.connect(tmp_path / "data" / DB_NAME)
    try:
        assert connection.execute("SELECT name FROM sqlite_master").fetchall() == []
    finally:
        connection.close()


def test_a_database_made_by_the_program_and_closed_has_its_rows(tmp_path: Path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    store.create_campaign("New", system="daggerheart", party_size=3)
    store.close()
    store = Store.open(tmp_path, SYSTEMS)
    try:
        assert [c.name for c in store.campaigns()] == ["New"]
    finally:
        store.close()
