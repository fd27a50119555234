"""Killed between any two SQL statements of a path that writes, the database holds all of it or
none of it.

The GM actions that write many rows: a player's outcome (Fear and its ledger line, countdowns
ticked, the roll and a trigger logged) and its Undo, End GM turn and Next turn (spotlight counts
reset, the spotlight moved), the builder's Start encounter (six adversaries and a place), each
pushed through the window's UndoStack as one step; the imports, which write in one transaction
of their own (the sample adversaries over the library and its Undo, the SRD's 129, a campaign
file, an encounter file), as the command line runs them (``encounter-app import`` of an
encounter, into the demo's database and into a new one, where it makes a campaign first) and as
the window does (a campaign file, one undo step written by its first redo); opening another
encounter of the campaign or of another campaign (its status, the long-term countdowns that
come along, the encounter that reopens), and showing another campaign in the campaign view; and
the first start of each of the four systems (its sample fight and library, remembered as open).

A zygote (tests/helpers/statement_killer.py) forks one child per kill point. The child opens a
copy of a prepared database (or of a new, empty one, for a first start and an import into a
new database), sets the action up, and performs it with a trace callback on the store's
connection that SIGKILLs the process as statement n starts. First each action runs whole,
unkilled, to learn its S statements and the database before and after it. Then for every n in
1..S+1 (S+1: killed right after the action returned, before the store closed) the test reopens
the folder as the program does (``Store.open``) and compares every row of every table with the
database before and after (timestamps aside: they are the clock's), and runs SQLite's integrity
and foreign-key checks. Killed up to and at the COMMIT, it must hold none of the action; killed
after, all of it. Every statement counts, reads too, so the kill points include right after
BEGIN, before every write, before COMMIT and after it. Beside the kills, each action's
statements are read: every write of it lies between one BEGIN and its one COMMIT.

Most actions are killed at every one of their statements. The longest are sampled, as their
statements differ mostly in which row they insert: the SRD import (131 statements) at each of
the first 30, then every 5th, and each of the last 5 (COMMIT among them) and right after it
returns; the first starts (52 to 72 statements), the command line's imports and the window's
campaign import (41 to 48) at each of the first 12, every 3rd, and the last 5 and after. That
is about 530 kill points in all (a child is forked from the zygote, not started): some 15 s on
an idle machine, 80 s on a loaded one. ``make test-kills`` (KILL_EVERY_STATEMENT=1) kills every
path at every statement: about 760 points. The SRD import is skipped when its file is not beside the
repository (tests/helpers/srd.py).

What this proves is crash safety of the process (the kernel keeps what was written), as in
test_crash.py. A power cut is another matter: with synchronous=NORMAL in WAL mode, SQLite may
lose the last transactions to a power cut, but never corrupts the file.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from encounter_app.store import DB_NAME, Store
from tests.helpers import statement_killer
from tests.helpers.systems import KEYS, SYSTEMS

# Each pushed through the UndoStack as one step (the undo of the outcome: undone through it).
COMPOUNDS = ("outcome", "undo_outcome", "end_gm_turn", "next_turn", "start_encounter",
             "start_new_encounter")
# Each its own transaction (store/exchange.py), as the window and the command line run them;
# the undo of an import through the UndoStack.
IMPORTS = ("import_samples", "undo_import_samples", "recreate_campaign", "recreate_encounter")
# The command line's imports (an encounter into a new database: a campaign made first), and
# the window's campaign import, one undo step: longer, so sampled.
LONG_IMPORTS = ("cli_import_encounter", "cli_import_new_database", "window_campaign_import")
# What opening another encounter or campaign writes (the window is rebuilt after it).
OPENINGS = ("open_encounter", "open_other_campaign", "view_other_campaign")

# How the long paths' kill points are sampled: every one of the first HEAD, every STRIDE-th
# after, every one of the last TAIL (see the module's docstring). None: every statement.
Sample = tuple[int, int, int] | None
SRD, LONG = (30, 5, 5), (12, 3, 5)
EVERY_STATEMENT = os.environ.get("KILL_EVERY_STATEMENT") == "1"  # make test-kills

Dump = dict[str, list[tuple[Any, ...]]]


class Zygote:
    def __init__(self, files: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2]))
        self.process = subprocess.Popen(
            [sys.executable, statement_killer.__file__, str(files)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, bufsize=1, env=env)

    def run(self, action: str, n: int, data: Path) -> tuple[int, list[str] | None]:
        """The child's wait status, and the statements it ran when it says them (n = 0)."""
        self.process.stdin.write(f"{action} {n} {data}\n")
        self.process.stdin.flush()
        statements = None
        while True:
            line = self.process.stdout.readline()
            assert line, f"the zygote stopped answering (exit {self.process.poll()})"
            word, _, rest = line.rstrip("\n").partition(" ")
            if word == "exit":
                return int(rest), statements
            assert word == "statements", line
            statements = json.loads(rest)

    def close(self) -> None:
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        finally:
            self.process.kill()


@pytest.fixture(scope="module")
def zygote(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Zygote]:
    zygote = Zygote(tmp_path_factory.mktemp("zygote"))
    yield zygote
    zygote.close()


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The database every kill point starts from (statement_killer.prepare), closed."""
    data = tmp_path_factory.mktemp("prepared")
    statement_killer.prepare(data)
    assert sorted(p.name for p in data.iterdir() if p.is_file()) == [DB_NAME]
    return data / DB_NAME


@pytest.fixture(scope="module")
def empty(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new database as a first start has it before it writes anything: the schema that
    Store.open makes in an empty folder (in one transaction of its own:
    tests/store/test_new_database.py), and no row."""
    data = tmp_path_factory.mktemp("empty")
    Store.open(data, SYSTEMS).close()
    return data / DB_NAME


def dump(path: Path) -> Dump:
    """Every row of every table, in id order; DATETIME columns (the clock's) left out."""
    connection = sqlite3.connect(path)
    try:
        tables = [name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        found: Dump = {}
        for table in tables:
            keep = [f'"{name}"' for _, name, kind, *_ in
                    connection.execute(f'PRAGMA table_info("{table}")')
                    if kind.upper() not in ("DATETIME", "TIMESTAMP")]
            found[table] = connection.execute(
                f'SELECT {", ".join(keep)} FROM "{table}" ORDER BY 1').fetchall()
        return found
    finally:
        connection.close()


def damage(path: Path) -> list[str]:
    """What SQLite's full integrity check and the foreign-key check report; [] when sound."""
    connection = sqlite3.connect(path)
    try:
        problems = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        problems = [] if problems == ["ok"] else problems
        problems += [f"dangling reference {row}" for row in
                     connection.execute("PRAGMA foreign_key_check")]
        return problems
    finally:
        connection.close()


def reopened(data: Path) -> tuple[Dump, list[str]]:
    """Open the folder as the program does (checks, recovery of the log, migrations), close
    it, then read what it holds."""
    store = Store.open(data, SYSTEMS)
    try:
        assert store.kept_aside is None, "the database was reported damaged"
    finally:
        store.close()
    return dump(data / DB_NAME), damage(data / DB_NAME)


def is_commit(statement: str) -> bool:
    return statement.split()[0].upper() in ("COMMIT", "END")


def kill_points(count: int, sample: Sample) -> list[int]:
    """1..count+1 (count+1: after the action returned), or the sample of a long path."""
    if sample is None or EVERY_STATEMENT:
        return list(range(1, count + 2))
    head, stride, tail = sample
    return sorted({*range(1, head + 1), *range(head + 1, count + 2, stride),
                   *range(count + 1 - tail, count + 2)})


def differences(found: Dump, expected: Dump) -> str:
    return ", ".join(t for t in sorted(found.keys() | expected.keys())
                     if found.get(t) != expected.get(t))


def kill_everywhere(zygote: Zygote, start: Path, tmp_path: Path, action: str,
                    sample: Sample = None) -> None:
    """Kill ``action`` at each of its statements (or a sample), each time on a copy of the
    database ``start``."""
    started = time.monotonic()

    def copy(name: str) -> Path:
        folder = tmp_path / name
        folder.mkdir()
        shutil.copyfile(start, folder / DB_NAME)
        return folder

    def clean(n: int) -> tuple[Dump, list[str] | None]:
        folder = copy(f"clean{n}")
        status, statements = zygote.run(action, n, folder)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, (
            f"{action} failed without being killed (its traceback is in the captured stderr)")
        state, problems = reopened(folder)
        assert problems == []
        return state, statements

    before, _ = clean(-1)
    after, statements = clean(0)
    assert statements, f"{action} ran no statement"
    assert after != before, f"{action} changed nothing"
    commits = [i for i, statement in enumerate(statements, 1) if is_commit(statement)]
    assert commits, f"{action} never committed: {statements}"
    last_commit = commits[-1]
    points = kill_points(len(statements), sample)
    # Right after BEGIN, at (before) the COMMIT, and after the action: always among them.
    assert {1, 2, last_commit, last_commit + 1, len(statements) + 1} <= set(points)

    wrong = []
    for n in points:
        folder = copy(f"kill{n}")
        status, _ = zygote.run(action, n, folder)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
            f"{action}: the child was not killed at statement {n} (status {status})")
        found, problems = reopened(folder)
        at = statements[n - 1] if n <= len(statements) else "after the action returned"
        expected, want = (before, "none") if n <= last_commit else (after, "all")
        if problems:
            wrong.append(f"killed at statement {n} ({at}): {problems}")
        elif found != expected:
            got = ("none" if found == before else "all" if found == after else
                   f"half (differs from before in {differences(found, before)}, from after "
                   f"in {differences(found, after)})")
            wrong.append(f"killed at statement {n} ({at}): want {want} of it, found {got}")
        else:
            shutil.rmtree(folder)
    assert not wrong, f"{action}, killed at {len(points)} points:\n" + "\n".join(wrong)

    # What the proof rests on: every write of the action is in its one transaction. Two
    # commits would have shown as a half action above. (Reads may come before it, each in a
    # read transaction of its own, as may reading the result back after the COMMIT.)
    words = [s.split()[0].upper() for s in statements]
    writes = [i for i, word in enumerate(words, 1) if word in ("INSERT", "UPDATE", "DELETE")]
    begin = max(i for i, word in enumerate(words, 1) if word == "BEGIN" and i < min(writes))
    assert len(commits) == 1, statements
    inside = set(words[begin:last_commit - 1])  # strictly between that BEGIN and the COMMIT
    assert not inside & {"BEGIN", "ROLLBACK", "END"} and max(writes) < last_commit, statements
    print(f"{action}: killed at {len(points)} of {len(statements) + 1} points "
          f"in {time.monotonic() - started:.1f} s")


@pytest.mark.parametrize("action", COMPOUNDS)
def test_a_gm_action_killed_at_any_statement_is_all_there_or_not_at_all(
        zygote: Zygote, prepared: Path, tmp_path: Path, action: str) -> None:
    kill_everywhere(zygote, prepared, tmp_path, action)


@pytest.mark.parametrize("action", IMPORTS)
def test_an_import_killed_at_any_statement_is_all_there_or_not_at_all(
        zygote: Zygote, prepared: Path, tmp_path: Path, action: str) -> None:
    kill_everywhere(zygote, prepared, tmp_path, action)


@pytest.mark.parametrize("action", LONG_IMPORTS)
def test_an_import_of_the_command_line_or_the_window_killed_anywhere_is_all_or_nothing(
        zygote: Zygote, prepared: Path, empty: Path, tmp_path: Path, action: str) -> None:
    kill_everywhere(zygote, empty if action == "cli_import_new_database" else prepared,
                    tmp_path, action, LONG)


def test_the_srd_import_killed_anywhere_is_all_there_or_not_at_all(
        zygote: Zygote, prepared: Path, tmp_path: Path, srd_file: Path) -> None:
    kill_everywhere(zygote, prepared, tmp_path, "import_srd", SRD)


@pytest.mark.parametrize("action", OPENINGS)
def test_opening_another_encounter_or_campaign_killed_anywhere_is_all_or_nothing(
        zygote: Zygote, prepared: Path, tmp_path: Path, action: str) -> None:
    kill_everywhere(zygote, prepared, tmp_path, action)


@pytest.mark.parametrize("key", KEYS)
def test_a_first_start_killed_anywhere_leaves_an_empty_database_or_the_whole_demo(
        zygote: Zygote, empty: Path, tmp_path: Path, key: str) -> None:
    kill_everywhere(zygote, empty, tmp_path, f"first_start_{key}", LONG)
