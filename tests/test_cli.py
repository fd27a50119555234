"""The command line as a GM or a packager runs it: a fresh process each time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


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
