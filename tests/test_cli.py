"""The command line as a GM or a packager runs it: a fresh process each time."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from encounter_app.store import Store
from tests.helpers import unprivileged
from tests.helpers.systems import SYSTEMS, create_demo


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "encounter_app", *args], capture_output=True,
                          text=True, env=env, timeout=120, cwd=cwd)


def test_smoke_test_builds_the_window_and_rolls_through_the_worker(tmp_path):
    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert result.returncode == 0, result.stderr
    assert "smoke test ok" in result.stdout
    assert "7 combatants" in result.stdout
    assert (tmp_path / "encounter.db").exists()
    assert "Warning" not in result.stderr and "QFont" not in result.stderr, result.stderr


def test_a_file_that_is_not_a_database_is_refused_and_kept(tmp_path):
    (tmp_path / "encounter.db").write_bytes(b"my session notes, not a database")
    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert result.returncode == 3
    assert "is not an Encounter Manager database" in result.stderr
    assert (tmp_path / "encounter.db").read_bytes() == b"my session notes, not a database"


def test_screenshot_writes_a_png(tmp_path):
    target = tmp_path / "shot.png"
    result = run("--data-dir", str(tmp_path / "data"), "--screenshot", str(target))
    assert result.returncode == 0, result.stderr
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_help_needs_no_display():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    result = subprocess.run([sys.executable, "-m", "encounter_app", "--help"],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0
    assert "--data-dir" in result.stdout and "--smoke-test" in result.stdout


def test_demo_never_touches_a_folder_with_data_in_it(tmp_path):
    (tmp_path / "keep.txt").write_text("campaign")
    result = run("--data-dir", str(tmp_path), "--demo", "--smoke-test")
    assert result.returncode == 2
    assert "needs an empty folder" in result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_demo_without_a_folder_leaves_the_users_data_alone(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=str(tmp_path),
               TMPDIR=str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    result = subprocess.run([sys.executable, "-m", "encounter_app", "--demo", "--smoke-test"],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "EncounterManager").exists()
    assert list((tmp_path / "tmp").glob("encounter-demo-*/encounter.db"))


# -- start-up faults: each has its own exit status and message, and never destroys data ------


def test_help_explains_every_exit_status():
    result = run("--help")
    for code in range(7):
        assert f"\n  {code}  " in result.stdout


def a_fight_with_a_backup(data: Path) -> Path:
    """A closed database with the demo fight, and one automatic backup of it."""
    store = Store.open(data, SYSTEMS)
    create_demo(store)
    backup = store.backup()
    store.close()
    return backup


def test_a_database_from_a_newer_version_is_refused_byte_for_byte(tmp_path):
    a_fight_with_a_backup(tmp_path)
    path = tmp_path / "encounter.db"
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999_future'")
    connection.close()
    before = path.read_bytes()
    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert result.returncode == 3
    assert "newer version" in result.stderr and "Traceback" not in result.stderr
    assert path.read_bytes() == before


def test_a_damaged_database_is_kept_aside_and_the_newest_backup_named(tmp_path):
    backup = a_fight_with_a_backup(tmp_path)
    path = tmp_path / "encounter.db"
    raw = bytearray(path.read_bytes())
    raw[4096:8192] = bytes(range(256)) * 16  # page 2: a table's root
    path.write_bytes(bytes(raw))

    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert result.returncode == 4, result.stderr
    [aside] = tmp_path.glob("encounter-corrupt-*.db")
    assert aside.read_bytes() == bytes(raw)  # kept exactly as it was found
    assert str(aside) in result.stderr and str(backup) in result.stderr
    assert "Traceback" not in result.stderr
    # A new database was started in its place, and the program runs on it.
    assert run("--data-dir", str(tmp_path), "--smoke-test").returncode == 0


def test_a_read_only_data_folder_is_named_with_what_to_do(tmp_path):
    data = tmp_path / "campaign"
    assert run("--data-dir", str(data), "--smoke-test").returncode == 0
    data.chmod(0o555)
    try:
        result = unprivileged.run([sys.executable, "-m", "encounter_app", "--data-dir",
                                   str(data), "--smoke-test"])
    finally:
        data.chmod(0o755)
    assert result.returncode == 6, result.stderr
    assert str(data) in result.stderr and "read-only" in result.stderr
    assert "--data-dir" in result.stderr and "Traceback" not in result.stderr


HOLD_THE_LOCK = """
import os, signal, sys
from PySide6.QtCore import QLockFile
lock = QLockFile(sys.argv[1]); lock.setStaleLockTime(0)
assert lock.tryLock(0)
print("locked", flush=True)
if sys.argv[2] == "crash":
    os.kill(os.getpid(), signal.SIGKILL)
sys.stdin.read()  # hold it until the test closes our stdin
"""


def test_a_second_copy_on_the_same_folder_says_so_and_leaves(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_LOCK,
                               str(tmp_path / "encounter.lock"), "hold"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        result = run("--data-dir", str(tmp_path), "--smoke-test")
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    assert result.returncode == 5
    assert "already running" in result.stderr and str(tmp_path) in result.stderr
    assert f"process {holder.pid}" in result.stderr
    assert not (tmp_path / "encounter.db").exists()  # it touched nothing


def test_a_lock_left_by_a_crashed_copy_does_not_block(tmp_path):
    crashed = subprocess.run([sys.executable, "-c", HOLD_THE_LOCK,
                              str(tmp_path / "encounter.lock"), "crash"],
                             capture_output=True, text=True, timeout=60)
    assert crashed.returncode == -signal.SIGKILL
    assert (tmp_path / "encounter.lock").exists()
    result = run("--data-dir", str(tmp_path), "--smoke-test")
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "encounter.lock").exists()  # released on the way out
