"""Bytes flipped at random in a real database's file, as a failing disk leaves it: a start
never ends in a traceback or a signal, and whatever damage SQLite's own integrity check
reports, the start reports too (exit 4), or refuses a file that is no database any more
(exit 3), leaving it as it is (issue 29).

Each damage is seeded (BYTE_DAMAGES of them, from seed 0): a few in ``make test``, 150 in
``make test-damage``, which also writes what each start answered to BYTE_DAMAGE_SUMMARY.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from encounter_app import exit_codes
from encounter_app.store import DB_NAME
from tests.helpers.databases import played_database

pytestmark = pytest.mark.damage

DAMAGES = int(os.environ.get("BYTE_DAMAGES", "4"))
ANSWERS: list[dict[str, object]] = []  # each start's, for the summary


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """A played Daggerheart database with a roll log of a few dozen pages, as bytes."""
    database = played_database(tmp_path_factory.mktemp("real"), "daggerheart", rolls=600)
    yield database.read_bytes()
    summary = os.environ.get("BYTE_DAMAGE_SUMMARY")
    if summary and ANSWERS:
        Path(summary).parent.mkdir(parents=True, exist_ok=True)
        Path(summary).write_text(json.dumps(summarize(ANSWERS), indent=2) + "\n")


def summarize(answers: list[dict[str, object]]) -> dict[str, object]:
    reported = [a for a in answers if a["sqlite"] != "ok"]
    return {
        "damages": len(answers),
        "exit_statuses": dict(Counter(str(a["exit"]) for a in answers)),
        "tracebacks": sum(1 for a in answers if a["traceback"]),
        "signals": sum(1 for a in answers if int(str(a["exit"])) < 0),
        "sqlite_reports_damage": len(reported),
        "of_those_reported_by_the_start": sum(1 for a in reported if a["exit"] in (
            exit_codes.DAMAGED, exit_codes.REFUSED)),
        "sqlite_finds_nothing_and_the_start_refuses_a_row": sum(
            1 for a in answers if a["sqlite"] == "ok" and a["exit"] == exit_codes.DAMAGED),
    }


def flip(raw: bytes, seed: int) -> bytes:
    """1 to 16 bytes of one page, flipped: the page and the bytes chosen by ``seed``."""
    chance = random.Random(seed)
    damaged = bytearray(raw)
    page_size = int.from_bytes(raw[16:18], "big")
    page = chance.randrange(len(raw) // page_size)
    for _ in range(chance.randint(1, 16)):
        at = page * page_size + chance.randrange(page_size)
        damaged[at] ^= chance.randint(1, 255)
    return bytes(damaged)


def sqlite_says(database: Path) -> str:
    """What SQLite's integrity check of the whole file says ("ok"), or the error that stops it."""
    try:
        connection = sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)
        # A line may quote what a damaged page holds, which need not be UTF-8.
        connection.text_factory = lambda raw: raw.decode("utf-8", "replace")
        try:
            found = [line for (line,) in connection.execute("PRAGMA integrity_check")]
        finally:
            connection.close()
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # its message quotes the damage
        return f"error: {exc}"
    return "ok" if found == ["ok"] else "; ".join(found[:3])


@pytest.mark.parametrize("seed", range(DAMAGES))
def test_bytes_flipped_in_the_file_are_reported_never_a_crash(real: bytes, tmp_path: Path,
                                                              seed: int) -> None:
    data = tmp_path / "data"
    data.mkdir()
    checked = tmp_path / "checked.db"  # SQLite's own check reads a copy: nothing is changed
    checked.write_bytes(flip(real, seed))
    (data / DB_NAME).write_bytes(checked.read_bytes())
    sqlite = sqlite_says(checked)

    result = subprocess.run([sys.executable, "-m", "encounter_app", "--data-dir", str(data),
                             "--smoke-test"], capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    ANSWERS.append({"seed": seed, "sqlite": sqlite, "exit": result.returncode,
                    "traceback": "Traceback" in result.stderr})

    assert result.returncode >= 0, f"a signal ({result.returncode}): {result.stderr}"
    assert "Traceback" not in result.stderr, result.stderr
    if sqlite == "ok":
        assert result.returncode in (exit_codes.OK, exit_codes.DAMAGED), result.stderr
    elif "not a database" in sqlite:  # the header itself: refused, left as it is
        assert result.returncode in (exit_codes.REFUSED, exit_codes.DAMAGED), result.stderr
    else:
        assert result.returncode == exit_codes.DAMAGED, (sqlite, result.stderr)
