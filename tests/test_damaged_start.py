"""Issue 29's seven rows, each written by hand into a copy of a demo database (the program
never writes them): each start refuses the file with exit 4, names the row, and ends as a
program should, without a traceback or a signal; the file is kept aside, never lost."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from encounter_app import exit_codes
from encounter_app.store import DB_NAME, Store
from tests.helpers.systems import SYSTEMS, create_demo

SEVEN = [
    ("UPDATE campaign SET system = 'chess'",
     "campaign row 1, system: no rule system called 'chess'"),
    ("UPDATE countdown SET value = 'many' WHERE id = 1",
     "countdown row 1, value: expected a whole number, found 'many'"),
    ("UPDATE combatant SET kind = 'dragon' WHERE id = 4",
     "combatant row 4, kind: expected one of 'pc', 'adversary', 'npc', found 'dragon'"),
    ("UPDATE countdown SET kind = 'weird' WHERE id = 2",
     "countdown row 2, kind: expected one of 'standard', 'progress', 'consequence', found "
     "'weird'"),
    ("UPDATE campaign SET fear = 99", "campaign row 1, fear: 99 is out of range: 0 to 12"),
    ("UPDATE adversary_template SET tier = 'two' WHERE id = 3",
     "adversary_template row 3, tier: expected a whole number, found 'two'"),
    ("UPDATE combatant SET name = CAST(x'ff41' AS TEXT) WHERE id = 2",
     "combatant row 2, name: the text is not valid UTF-8"),
]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The first start's demo database, as bytes to copy."""
    folder = tmp_path_factory.mktemp("demo")
    store = Store.open(folder, SYSTEMS)
    create_demo(store, seed=1)
    store.close()
    return (folder / DB_NAME).read_bytes()


def start(data: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "encounter_app", "--data-dir", str(data), *args],
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))


@pytest.mark.parametrize(("statement", "said"), SEVEN, ids=[s.split(" SET ")[1] for s, _ in SEVEN])
@pytest.mark.parametrize("how", ["--screenshot", "--smoke-test"])
def test_a_row_the_program_never_writes_stops_the_start_with_its_name(
        demo: bytes, tmp_path: Path, statement: str, said: str, how: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(demo)
    connection = sqlite3.connect(data / DB_NAME)
    with connection:
        connection.execute(statement)
    connection.close()
    damaged = (data / DB_NAME).read_bytes()

    args = [how, str(tmp_path / "shot.png")] if how == "--screenshot" else [how]
    result = start(data, *args)

    assert result.returncode == exit_codes.DAMAGED, (result.returncode, result.stderr)
    assert said in result.stderr
    assert "Traceback" not in result.stderr and "QThread" not in result.stderr
    (kept,) = data.glob("encounter-corrupt-*.db")
    assert kept.read_bytes() == damaged  # set aside as it was, for a recovery tool
