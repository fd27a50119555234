"""Migration 0007 on a grown log: every payload packed and read back the same, the disk given
back afterwards; and which files will be migrated (the window says so while it runs)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from encounter_app.store import DB_NAME, Store, migrate
from tests.helpers.databases import roll_log_at_0006
from tests.helpers.systems import SYSTEMS

ROLLS = 3000


def test_every_payload_comes_back_and_the_freed_pages_are_given_back(tmp_path: Path) -> None:
    data = tmp_path / "data"
    payloads = roll_log_at_0006(data, ROLLS)
    path = data / DB_NAME
    assert migrate.will_migrate(path)

    store = Store.open(data, SYSTEMS)
    try:
        read = [r.payload for r in store.rolls(1, limit=ROLLS + 10)]
    finally:
        store.close()
    assert payloads == [p for p in reversed(read) if "request" in p and "label" in p["request"]]
    assert not migrate.will_migrate(path)

    connection = sqlite3.connect(path)
    try:
        (pages,) = connection.execute("PRAGMA page_count").fetchone()
        (free,) = connection.execute("PRAGMA freelist_count").fetchone()
        stored = {type(v) for (v,) in connection.execute("SELECT payload FROM roll_record")}
    finally:
        connection.close()
    assert free * 4 <= pages, (free, pages)  # the rebuild's copy is not left in the file
    assert stored == {bytes}


def test_only_an_older_file_of_ours_is_announced(tmp_path: Path) -> None:
    assert not migrate.will_migrate(tmp_path / "none.db")
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not a database at all" * 100)
    assert not migrate.will_migrate(garbage)
    Store.open(tmp_path, SYSTEMS).close()
    assert not migrate.will_migrate(tmp_path / DB_NAME)  # up to date
    connection = sqlite3.connect(tmp_path / DB_NAME)
    with connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999_future'")
    connection.close()
    assert not migrate.will_migrate(tmp_path / DB_NAME)  # newer: refused, not migrated

