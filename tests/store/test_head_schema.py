"""A new database is made from the generated head schema script, exactly as Alembic makes it."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from encounter_app.store import DB_NAME, Store, StoreError, head_schema, migrate


def schema_of(path: Path) -> tuple[set[tuple], list[str]]:
    connection = sqlite3.connect(path)
    try:
        objects = set(connection.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"))
        revision = [row[0] for row in
                    connection.execute("SELECT version_num FROM alembic_version")]
        return objects, revision
    finally:
        connection.close()


def test_the_script_is_what_the_migrations_build_today() -> None:
    assert head_schema.HEAD_SCHEMA.read_text(encoding="utf-8") == \
        head_schema.render_from_migrations(), "the migrations changed: run `make schema`"


def test_a_new_database_has_exactly_the_migrated_schema(tmp_path: Path) -> None:
    Store.open(tmp_path / "fresh").close()
    migrated = tmp_path / "migrated.db"
    migrate.run_migrations(migrated)
    fresh_objects, fresh_revision = schema_of(tmp_path / "fresh" / DB_NAME)
    assert fresh_revision == [migrate.head_revision()]
    assert (fresh_objects, fresh_revision) == schema_of(migrated)
    assert {name for kind, name, *_ in fresh_objects if kind == "table"} >= migrate.OUR_TABLES


def test_a_first_start_imports_neither_alembic_nor_sqlalchemy(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from encounter_app.store import Store\n"
        f"store = Store.open({str(tmp_path)!r})\n"
        "store.create_campaign('New', party_size=3)\n"
        "store.close()\n"
        "print(sorted(m for m in ('alembic', 'sqlalchemy', 'sqlmodel') if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("script", ["-- revision: 0001\nCREATE TABLE stale (id INTEGER);\n",
                                    None])
def test_a_script_for_another_revision_or_none_falls_back_to_alembic(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str | None) -> None:
    stand_in = tmp_path / "head_schema.sql"
    if script is not None:
        stand_in.write_text(script, encoding="utf-8")
    monkeypatch.setattr(head_schema, "HEAD_SCHEMA", stand_in)
    Store.open(tmp_path / "data").close()
    objects, revision = schema_of(tmp_path / "data" / DB_NAME)
    assert revision == [migrate.head_revision()]
    assert "stale" not in {name for _, name, *_ in objects}


def test_a_broken_script_leaves_an_empty_file_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "head_schema.sql"
    broken.write_text(f"-- revision: {migrate.scripts_head()}\n"
                      "CREATE TABLE campaign (id INTEGER);\nCREATE TABLE oops (;\n")
    monkeypatch.setattr(head_schema, "HEAD_SCHEMA", broken)
    with pytest.raises(StoreError, match=r"Could not bring .* up to date"):
        Store.open(tmp_path / "data")
    connection = sqlite3.connect(tmp_path / "data" / DB_NAME)
    try:
        assert connection.execute("SELECT name FROM sqlite_master").fetchall() == []
    finally:
        connection.close()
