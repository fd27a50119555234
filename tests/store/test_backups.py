"""Backups, restore, and what happens to a damaged database: nothing the GM wrote is lost.

A backup is a readable copy with the same rows; only automatic backups are rotated; a restore
keeps a copy of what it replaced; a damaged database is renamed aside, never deleted.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.store import DB_NAME, Store, StoreError, backups, migrate
from encounter_app.store.errors import RowUnreadable
from tests.helpers.databases import (
    build_at,
    dump,
    make_database,
    newer_program,
    revision_of,
    revisions,
)
from tests.helpers.files import damage_pages, set_age
from tests.helpers.systems import SYSTEMS


def kept_aside_files(data: Path) -> list[Path]:
    return sorted(data.glob("encounter-corrupt-*.db"))


# -- taking backups -----------------------------------------------------------------------


def test_backup_is_a_readable_copy_with_the_same_rows(tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = Store.open(data, SYSTEMS)
    campaign = store.create_campaign("Witherwild", system="daggerheart", fear=6)
    encounter = store.create_encounter(campaign.id, "Ambush")
    store.insert_combatant(encounter.id, CombatantRow(kind="pc", name="Marlowe", evasion=11))
    store.insert_roll(encounter.id, RollRow(kind="attack", summary="hit", payload={"x": 1}))
    try:
        # The store is still open: recent commits may sit in the WAL, not the main file.
        target = store.backup(backups.MANUAL)
        assert target.parent == data / "backups"
        assert target.name.startswith("encounter-") and target.name.endswith("-manual.db")
        assert dump(target) == dump(store.path)
        # One self-contained file: a GM can copy it away without a -wal beside it.
        assert not target.with_name(target.name + "-wal").exists()
        before = (store.combatants(encounter.id), store.rolls(encounter.id))
    finally:
        store.close()

    restored = tmp_path / "restored"
    restored.mkdir()
    (restored / DB_NAME).write_bytes(target.read_bytes())
    store = Store.open(restored, SYSTEMS)
    try:
        assert store.campaign(campaign.id).fear == 6
        assert (store.combatants(encounter.id), store.rolls(encounter.id)) == before
        assert store.rolls(encounter.id)[0].payload == {"x": 1}
    finally:
        store.close()


def test_two_backups_in_the_same_second_do_not_overwrite_each_other(tmp_path: Path) -> None:
    path = make_database(tmp_path)
    taken = [backups.take(path, backups.MANUAL) for _ in range(3)]
    assert len(set(taken)) == 3
    assert all(p.is_file() for p in taken)
    assert {b.kind for b in backups.listing(path)} == {backups.MANUAL}


def test_only_automatic_backups_are_rotated_and_the_newest_are_kept(tmp_path: Path) -> None:
    path = make_database(tmp_path)
    kept = [backups.take(path, kind) for kind in (backups.MANUAL, "before-0001",
                                                   backups.BEFORE_RESTORE)]
    autos = [backups.take(path, backups.AUTO) for _ in range(backups.KEEP_AUTO + 3)]
    for age, auto in enumerate(reversed(autos)):  # autos[0] is the oldest
        set_age(auto, age * 60)
    for other in kept:
        set_age(other, 3600)  # older than every automatic one: age does not matter to them

    store = Store.open(tmp_path, SYSTEMS)
    try:
        newest = store.backup()  # an automatic backup rotates the old ones out
    finally:
        store.close()

    left = {b.path for b in backups.listing(path)}
    assert set(kept) <= left
    assert newest in left
    assert left - set(kept) == {newest, *autos[-(backups.KEEP_AUTO - 1):]}


def test_the_listing_is_newest_first_and_says_what_each_backup_is(tmp_path: Path) -> None:
    path = make_database(tmp_path)
    before = backups.take(path, "before-0002")
    manual = backups.take(path, backups.MANUAL)
    auto = backups.take(path, backups.AUTO)
    set_age(before, 120)
    set_age(manual, 60)
    (backups.folder(path) / "notes.txt").write_text("not a backup")
    listing = backups.listing(path)
    assert [b.path for b in listing] == [auto, manual, before]
    assert "automatic" in listing[0].label
    assert "made by you" in listing[1].label
    assert "before updating to schema 0002" in listing[2].label


# -- restoring ----------------------------------------------------------------------------


@pytest.fixture
def fight(tmp_path: Path):
    """A store with a fight in it, a backup of it, and then more written after the backup."""
    store = Store.open(tmp_path / "data", SYSTEMS)
    campaign = store.create_campaign("Witherwild", system="daggerheart", fear=2)
    encounter = store.create_encounter(campaign.id, "Ambush")
    store.insert_combatant(encounter.id, CombatantRow(kind="pc", name="Marlowe", evasion=11))
    backup = store.backup()
    store.set_fear(campaign.id, 9)
    store.insert_roll(encounter.id, RollRow(kind="dice", summary="after the backup"))
    yield store, backup, encounter.id
    store.close()


def test_restore_puts_the_backup_back_and_keeps_what_it_replaced(fight) -> None:
    store, backup, encounter_id = fight
    later = dump(store.path)
    safety = store.restore(backup)
    # The open store now reads the backup's data.
    assert store.campaign(1).fear == 2
    assert store.rolls(encounter_id) == []
    assert [c.name for c in store.combatants(encounter_id)] == ["Marlowe"]
    # What the restore replaced is itself a backup, never rotated away.
    assert dump(safety) == later
    assert backups.listing(store.path)[0].kind == backups.BEFORE_RESTORE
    store.set_fear(1, 4)  # and the restored database is written as before
    assert store.campaign(1).fear == 4
    store.close()
    reopened = Store.open(store.path.parent, SYSTEMS)  # ... and so it stays
    try:
        assert reopened.campaign(1).fear == 4
        assert reopened.rolls(encounter_id) == []
    finally:
        reopened.close()


@pytest.mark.parametrize("problem", ["text", "newer", "damaged", "in use",
                                     "in use, linked"])
def test_restore_refuses_a_file_that_would_not_open_and_changes_nothing(
        fight, tmp_path: Path, problem: str) -> None:
    store, backup, _ = fight
    if problem == "text":
        backup = tmp_path / "notes.db"
        backup.write_text("not a database at all")
    elif problem == "newer":
        connection = sqlite3.connect(backup)
        with connection:
            connection.execute("UPDATE alembic_version SET version_num = '9999_future'")
        connection.close()
    elif problem == "damaged":
        damage_pages(backup, 1, 1)
    elif problem == "in use":
        backup = store.path
    else:  # the database in use under another name: a hard link
        backup = tmp_path / "copy.db"
        os.link(store.path, backup)
    before = dump(store.path)
    listing = backups.listing(store.path)
    with pytest.raises(StoreError) as caught:
        store.restore(backup)
    assert str(backup.resolve()) in str(caught.value)
    if problem.startswith("in use"):  # by what the file is, not how its path is spelled
        assert "is the database in use" in str(caught.value)
    # Refused before anything was written: the store is still open and unchanged.
    assert store.campaign(1).fear == 9
    assert dump(store.path) == before
    assert backups.listing(store.path) == listing


def test_a_restore_that_fails_to_migrate_puts_the_database_back(
        fight, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store, backup, _ = fight
    before = dump(store.path)
    newer_program(tmp_path, monkeypatch, fail=True)  # the migration of the restored file fails
    with pytest.raises(StoreError, match="failed half way"):
        store.restore(backup)
    assert dump(store.path) == before
    assert store.campaign(1).fear == 9  # and the store in use goes on working


def test_the_backup_offered_first_is_the_newest_that_would_open(fight) -> None:
    store, older, _ = fight
    newer = store.backup()
    set_age(older, 60)
    assert store.latest_usable_backup().path == newer
    damage_pages(newer, 1, 1)
    assert store.latest_usable_backup().path == older
    damage_pages(older, 1, 1)
    assert store.latest_usable_backup() is None


# -- a damaged database is kept aside -----------------------------------------------------


def test_a_database_with_a_damaged_table_page_is_kept_aside_and_a_new_one_started(
        tmp_path: Path) -> None:
    path = make_database(tmp_path)
    damage_pages(path, 1, 1)  # page 2 holds alembic_version (created first)
    damaged = path.read_bytes()

    store = Store.open(tmp_path, SYSTEMS)
    try:
        [aside] = kept_aside_files(tmp_path)
        assert store.kept_aside == aside
        assert aside.read_bytes() == damaged
        assert store.latest_encounter() is None  # a new, empty database
        store.create_campaign("A fresh start", system="daggerheart")
    finally:
        store.close()
    # Opened again: the new database is fine, nothing more is moved.
    Store.open(tmp_path, SYSTEMS).close()
    assert kept_aside_files(tmp_path) == [aside]


def _spilled(data: Path, fill) -> tuple[Path, int]:
    """A closed database whose rows (written by ``fill(store, encounter_id)``) fill pages past
    every page of the rest of the database: the database file and the last of those pages
    (1-based, as a 0-based first page to damage). Not simply the last root page: the schema
    (sqlite_schema) has outgrown its first page, and its second lies past the roots."""
    store = Store.open(data, SYSTEMS)
    encounter = store.create_encounter(store.create_campaign("c", system="daggerheart").id, "e")
    with store.unit():
        fill(store, encounter.id)
    store.close()
    path = data / DB_NAME
    connection = sqlite3.connect(path)
    filled = ("roll_record", "ix_roll_record_encounter_id", "combatant",
              "ix_combatant_encounter_id", "ix_combatant_pc_id")
    last_root = connection.execute(
        f"SELECT max(pageno) FROM dbstat WHERE name NOT IN ({', '.join('?' * len(filled))})",
        filled).fetchone()[0]
    connection.close()
    assert path.stat().st_size // 4096 > last_root + 1, "the rows should spill past the roots"
    return path, last_root


def test_a_database_with_damaged_data_pages_is_kept_aside(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path, last_root = _spilled(data, lambda store, encounter_id: [
        store.insert_combatant(encounter_id, CombatantRow(kind="pc", name=f"{i} " + "x" * 200))
        for i in range(60)])
    damage_pages(path, last_root)  # every page after the last root page
    damaged = path.read_bytes()

    store = Store.open(data, SYSTEMS)
    try:
        assert store.kept_aside is not None
        assert store.kept_aside.read_bytes() == damaged
        assert "corrupt" in store.kept_aside.name
    finally:
        store.close()


def test_damaged_roll_log_pages_are_left_to_the_check_after_start(tmp_path: Path) -> None:
    """Opening does not read the whole roll log (a grown campaign's file is nearly all of it):
    Store.verify finds the damage, and reading a damaged page is an unreadable row."""
    data = tmp_path / "data"
    path, last_root = _spilled(data, lambda store, encounter_id: [
        store.insert_roll(encounter_id, RollRow(kind="attack", summary=f"{i} " + "x" * 200))
        for i in range(60)])
    damage_pages(path, last_root)
    damaged = path.read_bytes()

    store = Store.open(data, SYSTEMS)
    try:
        assert store.kept_aside is None
        assert store.verify()  # SQLite's findings
        with pytest.raises(RowUnreadable):
            store.rolls(1)
    finally:
        store.close()
    assert path.read_bytes() == damaged  # left as it was, for the GM to restore over


def test_a_second_damaged_database_never_overwrites_the_first(tmp_path: Path) -> None:
    asides = []
    for seed in (1, 2):
        path = make_database(tmp_path)
        damage_pages(path, 1, 1, seed=seed)
        store = Store.open(tmp_path, SYSTEMS)
        asides.append((store.kept_aside, store.kept_aside.read_bytes()))
        store.close()
        path.unlink()  # make_database writes a new one in its place
    assert asides[0][0] != asides[1][0]
    for aside, content in asides:
        assert aside.read_bytes() == content


def test_the_wal_of_a_damaged_database_moves_with_it(tmp_path: Path) -> None:
    path = make_database(tmp_path)
    damage_pages(path, 1, 1)
    wal = path.with_name(DB_NAME + "-wal")
    wal.write_bytes(b"last transactions, for a recovery tool")
    store = Store.open(tmp_path, SYSTEMS)
    store.close()
    moved = store.kept_aside.with_name(store.kept_aside.name + "-wal")
    assert moved.read_bytes() == b"last transactions, for a recovery tool"


def test_a_backup_from_an_older_version_is_migrated_as_it_is_restored(fight, tmp_path: Path
                                                                       ) -> None:
    store, _, _ = fight
    old = tmp_path / "old.db"
    build_at(old, revisions()[0])  # written by the first version of the program
    store.restore(old)
    assert revision_of(store.path) == [migrate.head_revision()]
    assert store.campaign(1).system == "daggerheart"  # the old file's row, read by today's code
    assert [c.name for c in store.combatants(1)] == ["combatant.name 0", "combatant.name 1"]
    store.set_fear(1, 5)  # and written to
    assert store.campaign(1).fear == 5
