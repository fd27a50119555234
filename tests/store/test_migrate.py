"""Opening a data folder: new, current, older, or not ours at all.

A file the program cannot use must come through Store.open byte for byte as it was, with a
StoreError whose message names it. Schema changes go through Alembic, after a backup.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlmodel import SQLModel

from encounter_app.domain.system_data import EMPTY
from encounter_app.store import DB_NAME, Store, StoreError, migrate
from encounter_app.systems.daggerheart.state import DaggerheartState
from tests.helpers.databases import (
    NEXT_REVISION,
    TODAYS_HEAD,
    dump,
    first_version_database,
    make_database,
    newer_migrations,
    newer_program,
    revision_of,
)
from tests.helpers.systems import SYSTEMS


def assert_refused(data: Path, file: Path, *words: str) -> str:
    """Store.open(data, ...) raises StoreError naming ``file`` and leaves it byte for byte."""
    before = file.read_bytes()
    with pytest.raises(StoreError) as caught:
        Store.open(data, SYSTEMS)
    message = str(caught.value)
    assert str(file) in message
    for word in words:
        assert word in message.lower()
    assert file.read_bytes() == before
    return message


# -- files that are not ours ----------------------------------------------------------------


def test_a_text_file_named_encounter_db_is_refused_and_kept(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_text("Session notes: the bandits took the bridge.\n" * 20)
    assert_refused(tmp_path, tmp_path / DB_NAME, "not an encounter manager database")
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_NAME]


def test_another_programs_database_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, title TEXT)")
        connection.execute("INSERT INTO recipes (title) VALUES ('Stew')")
    connection.close()
    assert_refused(tmp_path, path, "another program")
    assert dump(path) == {"recipes": [(1, "Stew")]}
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_NAME]


def test_a_database_from_a_newer_version_is_refused_and_kept(tmp_path: Path) -> None:
    path = make_database(tmp_path)
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999_future'")
    connection.close()
    rows = dump(path)
    assert_refused(tmp_path, path, "newer")
    assert dump(path) == rows
    assert not (tmp_path / "backups").exists()


def test_a_data_folder_that_is_a_file_is_refused_and_kept(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "campaigns"
    not_a_folder.write_bytes(b"my campaign notes\x00\x01")
    assert_refused(not_a_folder, not_a_folder, "is a file, not a folder")


def test_a_folder_inside_a_file_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "campaigns"
    blocker.write_text("notes")
    with pytest.raises(StoreError, match="Cannot create the data folder"):
        Store.open(blocker / "encounters", SYSTEMS)
    assert blocker.read_text() == "notes"


def test_another_programs_database_with_a_table_named_like_ours_is_kept(tmp_path: Path
                                                                          ) -> None:
    path = tmp_path / DB_NAME
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("CREATE TABLE encounter (id INTEGER PRIMARY KEY, monster TEXT)")
        connection.execute("INSERT INTO encounter (monster) VALUES ('goblin')")
    connection.close()
    assert_refused(tmp_path, path, "another program")
    assert dump(path) == {"encounter": [(1, "goblin")]}


# -- opening and migrating ------------------------------------------------------------------


def test_a_new_folder_gets_a_database_at_head_and_no_backup(tmp_path: Path) -> None:
    data = tmp_path / "new" / "nested"
    store = Store.open(data, SYSTEMS)
    store.close()
    assert (data / DB_NAME).is_file()
    assert revision_of(data / DB_NAME) == [migrate.head_revision()]
    assert not (data / "backups").exists()


def test_an_empty_file_is_treated_as_a_new_database(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"")
    store = Store.open(tmp_path, SYSTEMS)
    try:
        assert store.latest_encounter() is None
    finally:
        store.close()
    assert revision_of(tmp_path / DB_NAME) == [migrate.head_revision()]


def test_opening_a_database_at_head_keeps_it_and_makes_no_backup(tmp_path: Path) -> None:
    path = make_database(tmp_path)
    rows = dump(path)
    store = Store.open(tmp_path, SYSTEMS)
    store.close()
    assert dump(path) == rows
    assert not (tmp_path / "backups").exists()


def test_an_older_database_is_backed_up_then_migrated(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    path = make_database(data)
    rows = dump(path)
    newer_program(tmp_path, monkeypatch, fail=False)
    assert migrate.head_revision() == "9001_next"

    store = Store.open(data, SYSTEMS)
    store.close()

    assert revision_of(path) == ["9001_next"]
    assert "marker" in dump(path)
    [backup] = (data / "backups").iterdir()
    assert dump(backup) == rows  # the data as it was, at the old revision
    assert revision_of(backup) == [TODAYS_HEAD]

    # Opened again at the new head: no second backup.
    Store.open(data, SYSTEMS).close()
    assert len(list((data / "backups").iterdir())) == 1


def test_a_failed_migration_leaves_the_database_openable(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    data = tmp_path / "data"
    path = make_database(data)
    rows = dump(path)
    newer_program(tmp_path, monkeypatch, fail=True)
    with pytest.raises(Exception, match="failed half way"):
        Store.open(data, SYSTEMS)
    [backup] = (data / "backups").iterdir()
    assert dump(backup) == rows

    newer_program(tmp_path, monkeypatch, fail=False)  # the next release fixes the migration
    Store.open(data, SYSTEMS).close()
    assert revision_of(path) == ["9001_next"]


def test_a_relative_data_folder_can_be_opened_twice(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    store = Store.open(Path("mydata"), SYSTEMS)
    store.create_campaign("Witherwild", system="daggerheart", fear=4)
    store.close()
    store = Store.open(Path("mydata"), SYSTEMS)
    try:
        assert store.campaign(1).fear == 4
    finally:
        store.close()


# -- the migrations match tables.py (alembic check) -----------------------------------------


def schema_differences(path: Path) -> list:
    Store.open(path.parent, SYSTEMS).close()  # creates or migrates the file as the program does
    engine = sqlalchemy.create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(
                connection, opts={"compare_type": True, "render_as_batch": True})
            return compare_metadata(context, SQLModel.metadata)
    finally:
        engine.dispose()


def test_migrations_build_exactly_the_tables_the_code_declares(tmp_path: Path) -> None:
    assert schema_differences(tmp_path / DB_NAME) == []


def test_the_schema_check_notices_drift(tmp_path: Path) -> None:
    """The check above can fail: a column the code does not declare is reported."""
    path = make_database(tmp_path)
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("ALTER TABLE campaign ADD COLUMN stray INTEGER")
        connection.execute("DROP INDEX ix_combatant_encounter_id")
    connection.close()
    differences = schema_differences(path)
    kinds = {diff[0] if isinstance(diff, tuple) else diff[0][0] for diff in differences}
    assert "remove_column" in kinds
    assert "add_index" in kinds


def test_a_0001_database_gains_the_table_rules_columns_with_their_defaults(tmp_path: Path
                                                                            ) -> None:
    """Rows written before 0002 (no Slow tokens, no countdown trigger) read as the defaults."""
    data = tmp_path / "data"
    path = first_version_database(data)

    store = Store.open(data, SYSTEMS)
    try:
        [aria] = store.combatants(1)
        assert (aria.name, aria.hp_marked, aria.slow_tokens, aria.spotlights) == ("Aria", 2, 0, 0)
        # 0005: no system numbers or turn state yet: the system's fresh ones
        assert (aria.system_stats, aria.system_state) == (EMPTY, DaggerheartState())
        assert store.encounter(1).system_state == EMPTY
        [tide] = store.countdowns(1)
        assert (tide.value, tide.trigger, tide.dice, tide.link, tide.loops) == (
            3, "action", None, None, 0)
        assert store.campaign(1).fear == 5 and store.fear_ledger(1) == []
    finally:
        store.close()
    assert revision_of(path) == [migrate.head_revision()]


# -- an up-to-date file opens without Alembic ----------------------------------------------


def test_the_scripts_head_agrees_with_alembic(tmp_path: Path) -> None:
    assert migrate.scripts_head() == migrate.head_revision() == TODAYS_HEAD
    scripts = newer_migrations(tmp_path, fail=False)
    assert migrate.scripts_head(scripts) == migrate.head_revision(scripts) == "9001_next"


def test_a_second_head_is_left_to_alembic(tmp_path: Path) -> None:
    scripts = newer_migrations(tmp_path, fail=False)
    (scripts / "versions" / "9002_branch.py").write_text(
        NEXT_REVISION.format(down=TODAYS_HEAD, fail=False).replace('"9001_next"', '"9002"'))
    assert migrate.scripts_head(scripts) is None


def test_opening_an_up_to_date_file_does_not_import_alembic(tmp_path: Path) -> None:
    # sqlmodel and SQLAlchemy are the store; Alembic is for a first start and an older file.
    make_database(tmp_path)
    script = (
        "import sys\n"
        "from encounter_app.store import Store\n"
        "from encounter_app.systems import default_systems\n"
        f"store = Store.open({str(tmp_path)!r}, default_systems())\n"
        "assert store.campaign(1).name == 'Witherwild'\n"
        "store.close()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'),"
        " 'sqlmodel' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[] True"
