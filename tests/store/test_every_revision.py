"""A database written by any earlier version of the program opens in this one, data intact.

For every revision in the migration scripts (found by walking them, so a new migration is
covered the day it is added), the test builds a database at that revision, fills every table
the revision has with representative rows (tests/helpers/databases.py), opens the folder as the
program does (backup, then Alembic to head) and checks that every value is still there and that
the store reads it.

A migration that changes values on purpose (renames a column, converts units) says so in
CHANGED_BY: revision -> function(table, row) returning the row as it must look afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from encounter_app.store import DB_NAME, Store, backups, migrate, packing
from tests.helpers.databases import (
    REPRESENTATIVE,
    ROWS_PER_TABLE,
    build_at,
    newer_program,
    revision_of,
    revisions,
)
from tests.helpers.rows import BANDIT
from tests.helpers.systems import SYSTEMS


def _payload_packed(table: str, row: dict[str, Any]) -> dict[str, Any]:
    """0007 stores the roll log's payloads packed: the same value, in fewer bytes."""
    if table != "roll_record" or row.get("payload") is None:
        return row
    return {**row, "payload": packing.pack(row["payload"])}


CHANGED_BY: dict[str, Callable[[str, dict[str, Any]], dict[str, Any]]] = {
    "0007": _payload_packed,
}


def _key(table: sa.Table) -> str:
    return next(iter(table.primary_key.columns)).name


def read_back(path: Path) -> dict[str, dict[Any, dict[str, Any]]]:
    """Every table's rows by primary key, with the types the file declares now."""
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        metadata = sa.MetaData()
        metadata.reflect(engine)
        with engine.connect() as connection:
            return {table.name: {row._asdict()[_key(table)]: row._asdict()
                                 for row in connection.execute(table.select())}
                    for table in metadata.sorted_tables if table.primary_key.columns}
    finally:
        engine.dispose()


def check_migration_from(revision: str, data: Path) -> None:
    data.mkdir()
    path = data / DB_NAME
    written = build_at(path, revision)
    assert written, "the revision should have tables to fill"

    store = Store.open(data, SYSTEMS)  # the program's own start-up: checks, backup, migrations
    try:
        # ... and the store reads what an older program wrote.
        encounter = store.encounter(1)
        assert encounter.active_combatant_id == 1
        assert store.campaign(encounter.campaign_id).system == "daggerheart"
        assert [c.stats for c in store.combatants(1)] == [BANDIT] * ROWS_PER_TABLE
        assert len(store.countdowns(1)) == ROWS_PER_TABLE
        assert store.rolls(1)[0].payload == REPRESENTATIVE[("roll_record", "payload")]
        assert all(t.stats.damage == "1d8+1 phy" for t in store.templates())
        if "environment" in written:
            assert [e.stats.features[0].countdown for e in store.environments()] == [4, 4]
            assert store.encounter_environment(1).name == "Flooded Crypt"
        # Campaign layer (0004): an encounter from before is the one being run.
        entries = store.encounter_entries(encounter.campaign_id)
        assert entries and all(e.status in ("active", "draft", "done") for e in entries)
        assert store.encounter_to_open() is not None
        if "pc" in written:
            assert store.pcs(1)[0].stat("evasion") == 10
        else:
            assert {e.status for e in entries} == {"active"}
    finally:
        store.close()

    assert revision_of(path) == [migrate.head_revision()]
    now = read_back(path)
    for table, rows in written.items():
        for row in rows:
            for later in revisions()[revisions().index(revision) + 1:]:
                if later in CHANGED_BY:
                    row = CHANGED_BY[later](table, row)
            key = row["key" if table == "app_state" else "id"]
            stored = now[table][key]
            kept = {k: v for k, v in row.items() if k in stored}
            assert {k: stored[k] for k in kept} == kept, f"{table} row {key}"
    if revision != migrate.head_revision():
        # The file as the older program left it is kept, in case the migration was wrong.
        assert [b.kind for b in backups.listing(path)] == [f"before-{migrate.head_revision()}"]


@pytest.mark.parametrize("revision", revisions())
def test_a_database_from_every_revision_migrates_to_head_with_its_data(revision: str,
                                                                        tmp_path: Path) -> None:
    check_migration_from(revision, tmp_path / "data")


def test_a_new_migration_is_picked_up_and_checked(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """With one more revision in the scripts (a table rebuild), every earlier one migrates."""
    today = revisions()
    newer_program(tmp_path, monkeypatch, fail=False)
    assert revisions()[:-1] == today and revisions()[-1] == migrate.head_revision()
    for revision in revisions():
        check_migration_from(revision, tmp_path / f"data-{revision}")
