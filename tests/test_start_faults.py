"""Every way a start can fail on the data folder gets its own message and exit status, and none
of them is called "already running" or changes anything (exit_codes.py, shown by --help)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from encounter_app import exit_codes
from encounter_app.exchange.native import write_adversaries
from encounter_app.store import Store
from tests.helpers.databases import change_behind
from tests.helpers.disks import fill_disk
from tests.helpers.rows import BANDIT
from tests.helpers.systems import SYSTEMS, create_demo


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "encounter_app", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def test_a_lock_file_that_cannot_be_written_is_not_another_copy(tmp_path):
    (tmp_path / "encounter.lock").mkdir()  # something in the way of the lock file
    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert result.returncode == exit_codes.LOCK_UNWRITABLE, result.stderr
    assert "could not write its lock file" in result.stderr
    assert "already running" not in result.stderr
    assert not (tmp_path / "encounter.db").exists()


def test_a_full_disk_at_start_says_so(small_disk):
    data = small_disk / "data"
    assert run("--data-dir", str(data), "--smoke-test").returncode == 0  # a fight is there
    before = (data / "encounter.db").read_bytes()
    filler = fill_disk(small_disk)
    try:
        result = run("--data-dir", str(data), "--smoke-test")
    finally:
        filler.unlink()
    assert result.returncode == exit_codes.DISK_FULL, result.stderr
    assert "is full" in result.stderr and "Free some space" in result.stderr
    assert "already running" not in result.stderr
    assert "not an Encounter Manager database" not in result.stderr
    assert (data / "encounter.db").read_bytes() == before
    assert run("--data-dir", str(data), "--smoke-test").returncode == 0  # space freed: it starts


def test_help_lists_every_exit_status():
    result = run("--help")
    for code in exit_codes.MEANINGS:
        assert f"  {code}  " in result.stdout


def test_a_data_folder_that_is_a_file_says_so(tmp_path):
    folder = tmp_path / "data"
    folder.write_text("my notes")
    result = run("--data-dir", str(folder), "--smoke-test")
    assert result.returncode == exit_codes.NOT_A_FOLDER, result.stderr
    assert "is a file, not a folder" in result.stderr
    assert folder.read_text() == "my notes"


def test_a_database_that_is_a_folder_says_so(tmp_path):
    (tmp_path / "encounter.db").mkdir()
    (tmp_path / "encounter.db" / "keep.txt").write_text("mine")
    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert result.returncode == exit_codes.DATABASE_NOT_A_FILE, result.stderr
    assert "is a folder, not a database" in result.stderr
    assert "Traceback" not in result.stderr
    assert (tmp_path / "encounter.db" / "keep.txt").read_text() == "mine"


def a_fight(data: Path) -> Path:
    store = Store.open(data, SYSTEMS)
    create_demo(store, seed=1)
    store.close()
    return data / "encounter.db"




def assert_set_aside(result: subprocess.CompletedProcess, data: Path, why: str) -> None:
    """Started (never a signal), said the database was damaged and why, and kept it aside."""
    assert result.returncode == exit_codes.DAMAGED, result.stderr
    assert "damaged" in result.stderr and why in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and "QThread" not in result.stderr
    assert list(data.glob("encounter-corrupt-*.db")), "the damaged file is kept beside"


def test_a_stat_block_that_is_not_json_sets_the_database_aside(tmp_path):
    database = a_fight(tmp_path)
    change_behind(database, "UPDATE combatant SET stat_block = '{\"name\": \"Bandit' WHERE id = 4")
    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert_set_aside(result, tmp_path, "combatant row 4, stat_block: expected JSON")


def test_json_of_the_wrong_shape_sets_the_database_aside(tmp_path):
    # Valid JSON, but not a stat block: the checks read it as the stat block's class does.
    database = a_fight(tmp_path)
    change_behind(database, "UPDATE combatant SET stat_block = '[1, 2, 3]' WHERE id = 4")
    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert_set_aside(result, tmp_path,
                     "combatant row 4, stat_block: expected an object {…}, found [1, 2, 3]")


def test_a_damaged_index_is_found_at_start(tmp_path):
    # quick_check passes this file; integrity_check does not.
    database = a_fight(tmp_path)
    change_behind(database, "PRAGMA writable_schema=ON",
                  "UPDATE sqlite_master SET sql = replace(sql, '(name)', '(type)')"
                  " WHERE name = 'ix_adversary_template_name'")
    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert_set_aside(result, tmp_path, "missing from index ix_adversary_template_name")


def test_an_import_onto_a_full_disk_says_so_and_imports_nothing(small_disk, tmp_path):
    data = small_disk / "data"
    assert run("--data-dir", str(data), "--smoke-test").returncode == 0
    store = Store.open(data, SYSTEMS)
    before = len(store.templates())
    store.close()
    # Enough adversaries that the import must grow the database well beyond its pages.
    blocks = [replace(BANDIT, name=f"Bandit {n}", description="x" * 900)
              for n in range(300)]
    source = tmp_path / "bandits.json"
    source.write_text(write_adversaries(blocks))
    filler = fill_disk(small_disk, leave=96 * 1024)  # room for the lock and SQLite's -shm
    try:
        result = run("import", str(source), "--data-dir", str(data))
    finally:
        filler.unlink()
    assert result.returncode == exit_codes.DISK_FULL, (result.stdout, result.stderr)
    assert "is full" in result.stderr and "Nothing was imported" in result.stderr
    assert "Traceback" not in result.stderr
    store = Store.open(data, SYSTEMS)
    assert len(store.templates()) == before
    store.close()


def test_damage_where_a_start_does_not_read_is_found_before_a_quiet_start_says_0(tmp_path):
    # The roll log is checked after the window is drawn: a smoke test, which ends before
    # that, checks the whole file itself, names the damage and leaves the file as it is.
    database = a_fight(tmp_path)
    change_behind(database, "INSERT INTO roll_record (encounter_id, created_at, kind, actor, "
                  "summary, detail, public) VALUES "
                  "(1, '2026-01-01 00:00:00', 'dice', '', '2d6', '', 7)")
    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert result.returncode == exit_codes.DAMAGED, result.stderr
    assert "roll_record row 1, public: expected 0 or 1, found 7" in result.stderr
    assert "left as it is" in result.stderr and "Traceback" not in result.stderr
    assert not list(tmp_path.glob("encounter-corrupt-*.db"))
    store = Store.open(tmp_path, SYSTEMS)  # the same file, the roll in it read as damaged
    try:
        (roll,) = store.rolls(1)
        assert roll.damaged and "public: expected 0 or 1, found 7" in roll.detail
    finally:
        store.close()
