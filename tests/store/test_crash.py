"""Killed at any moment, the store keeps every action it reported as done, and nothing half done.

A writer process (tests/helpers/crash_worker.py) performs GM actions and prints each one once
committed; the test SIGKILLs it at random moments (right after start-up, mid-transaction,
between actions), reopens the folder as the program does, and checks that the database holds
exactly the first n or n+1 actions, where n were printed (the one after may have committed just
before the kill), and that SQLite's full integrity check passes. Then it starts the next writer
on the same folder, so later kills land in a database recovered from an earlier one.

What this proves is crash safety of the process (the kernel keeps what was written). A power
cut is another matter: with synchronous=NORMAL in WAL mode, SQLite may lose the last
transactions to a power cut, but never corrupts the file.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from encounter_app.store import DB_NAME, Store
from tests.helpers import crash_worker
from tests.helpers.systems import SYSTEMS

KILLS = 30
SEED = 20260523


def integrity(path: Path) -> list[str]:
    """SQLite's full check, plus the store's own invariant: positions are 0, 1, 2, ..."""
    connection = sqlite3.connect(path)
    try:
        problems = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        for table in ("combatant", "countdown"):
            positions = [row[0] for row in connection.execute(
                f"SELECT position FROM {table} ORDER BY position")]
            if positions != list(range(len(positions))):
                problems.append(f"{table} positions {positions}: a move was half done")
        return problems
    finally:
        connection.close()


class Zygote:
    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2]))
        self.process = subprocess.Popen(
            [sys.executable, crash_worker.__file__], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, bufsize=1, env=env)

    def line(self) -> str:
        line = self.process.stdout.readline()
        assert line, f"the writer stopped answering (exit {self.process.poll()})"
        return line.strip()

    def done(self) -> str:
        """The next "done" line of a writer that must still be running."""
        line = self.line()
        assert not line.startswith("exit"), "the writer died before it was killed (see stderr)"
        return line

    def start(self, data: Path, first: int) -> int:
        self.process.stdin.write(f"{data} {first}\n")
        self.process.stdin.flush()
        word, pid = self.line().split()
        assert word == "pid"
        return int(pid)

    def close(self) -> None:
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        finally:
            self.process.kill()  # a test that failed half way may leave a child running


def test_a_writer_killed_at_random_moments_keeps_every_action_it_printed(tmp_path: Path
                                                                         ) -> None:
    data = tmp_path / "data"
    crash_worker.prepare(data)
    rng = random.Random(SEED)
    zygote = Zygote()
    committed = 0  # actions the database is known to hold
    mid_action = 0
    try:
        for kill in range(KILLS):
            pid = zygote.start(data, committed)
            wait_for = rng.choice([0, 1, 2, *range(3, 16, 2)])
            printed = []
            while len(printed) < wait_for:
                printed.append(zygote.done())
            if rng.random() < 0.5:
                time.sleep(rng.uniform(0, 0.003))  # land anywhere in the next transaction
            os.kill(pid, signal.SIGKILL)
            while not (line := zygote.line()).startswith("exit"):
                printed.append(line)
            assert os.WIFSIGNALED(int(line.split()[1])), f"kill {kill}: writer was not killed"
            assert printed == [f"done {i}" for i in range(committed, committed + len(printed))]
            n = committed + len(printed)

            store = Store.open(data, SYSTEMS)  # the program's own path: checks, then migrations
            try:
                assert store.kept_aside is None, f"kill {kill}: database reported damaged"
                found = crash_worker.read_fight(store)
            finally:
                store.close()
            assert integrity(data / DB_NAME) == ["ok"], f"kill {kill}"
            if found == crash_worker.fight_after(n):
                committed = n
            else:
                # Killed between the commit of action n and its "done" line.
                assert found == crash_worker.fight_after(n + 1), (
                    f"kill {kill} after {n} printed actions: the database holds neither "
                    f"{n} nor {n + 1} of them")
                committed = n + 1
                mid_action += 1
    finally:
        zygote.close()
    # The writers got somewhere: many actions in, over many restarts.
    assert committed > KILLS * 4
    print(f"{KILLS} kills, {committed} actions committed, {mid_action} caught between "
          "commit and print")
