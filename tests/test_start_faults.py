"""Every way a start can fail on the data folder gets its own message and exit status, and none
of them is called "already running" or changes anything (exit_codes.py, shown by --help)."""

from __future__ import annotations

import os
import subprocess
import sys

from encounter_app import exit_codes
from tests.helpers.disks import fill_disk


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
