"""Damage to one cell of a played database, anywhere: the program either starts and plays, or
refuses the file with exit 4 (exit 3 where the cell was the schema's version), never anything
else: no traceback, no crash, no other exit status (issue 29).

Hypothesis changes one cell of any table of a database each of the four games has been played
in, to a value of another type or out of range, as a hand or a tool would behind the program's
back. The program then starts on it in this process, as the command line does, with
--screenshot (the window drawn, every part of it painted); when that starts, a GM plays a few
actions every game has (the next turn, a roll through the rules thread, the countdowns ticked,
an outcome with Fear where there is Fear, undo and redo, the window drawn again), and a
--smoke-test ends it (a roll, then the whole file checked). A few examples run in ``make
test``; ``make test-damage`` runs many (DAMAGE_EXAMPLES each game, the ``damage`` marker).
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st

from encounter_app import exit_codes
from encounter_app.app import launch
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.requests import DiceRequest
from encounter_app.domain.rows import stored_id
from encounter_app.rules.daggerheart import Outcome
from encounter_app.run import run
from encounter_app.store import DB_NAME
from tests.helpers.databases import played_database
from tests.helpers.systems import KEYS, next_turn

pytestmark = pytest.mark.damage

EXAMPLES = int(os.environ.get("DAMAGE_EXAMPLES", "3"))

# A value of another type, or out of range, for any column: numbers small, negative and huge,
# reals, text (words the program knows in the wrong place, JSON of other shapes, a date that is
# none), bytes, nothing, and text that is not UTF-8.
VALUES = st.one_of(
    st.integers(-3, 20), st.sampled_from([-1, 13, 99, 100, 1000, 10**6, 2**31, -(2**62)]),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from(["", "many", "dragon", "{}", "[]", "null", "[1, 2, 3]", '{"tier": "two"}',
                     '{"name": 3}', "true", "2026-02-30 10:00:00", "daggerheart", "standard"]),
    st.binary(max_size=8), st.none(),
    st.builds(lambda raw: ("not UTF-8", raw), st.sampled_from([b"\xff", b"A\xc3", b"\xe2\x82"])),
)


def layout(database: Path) -> dict[str, tuple[list[int], list[str]]]:
    """Each table of the file: its rows (rowids) and its columns."""
    connection = sqlite3.connect(database)
    try:
        found = {}
        for (table,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            rows = [rowid for (rowid,) in connection.execute(f'SELECT rowid FROM "{table}"')]
            names = [row[1] for row in connection.execute(f'PRAGMA table_info("{table}")')]
            if rows:
                found[table] = (rows, names)
        return found
    finally:
        connection.close()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A played database of each game, to copy for each example."""
    return {key: played_database(tmp_path_factory.mktemp(key), key) for key in KEYS}


def write(database: Path, table: str, rowid: int, column: str, value: object) -> None:
    """Set the one cell, behind the program's back (foreign keys off, as a tool has them)."""
    connection = sqlite3.connect(database)
    try:
        if isinstance(value, tuple):  # text that is not UTF-8: bytes stored as text
            connection.execute(f'UPDATE "{table}" SET "{column}" = CAST(? AS TEXT) '
                               "WHERE rowid = ?", (value[1], rowid))
        else:
            connection.execute(f'UPDATE "{table}" SET "{column}" = ? WHERE rowid = ?',
                               (value, rowid))
        connection.commit()
    except sqlite3.DatabaseError:  # SQLite itself refuses it (NOT NULL, a row id of text)
        reject()
    finally:
        connection.close()


class Errors(logging.Handler):
    """Every log record with an exception: a traceback the program wrote to its log."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)


@contextlib.contextmanager
def watched() -> Iterator[io.StringIO]:
    """What the program writes on stderr meanwhile (a traceback in a Qt virtual included), and
    every exception it logs, as text."""
    errors, said = Errors(), io.StringIO()
    logging.getLogger().addHandler(errors)
    try:
        with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
            yield said
    finally:
        logging.getLogger().removeHandler(errors)
        said.write("".join(logging.Formatter().format(r) for r in errors.records))


def start(qapp, data: Path, **how: object) -> tuple[int, str]:
    """A quiet start on ``data`` in this process, as ``encounter-app`` makes one: its exit
    status, and what it wrote."""
    with watched() as said:
        code = run(qapp, data, seed=5, **how)  # type: ignore[arg-type]
    return code, said.getvalue()


def play(qapp, data: Path, key: str) -> str:
    """The program started on ``data`` (shown) and a few of a GM's actions every game has; what
    it wrote. A rule's refusal is an answer, not a fault."""
    with watched() as said:
        launched = launch(data, seed=5, show=True)
        try:
            window, session, stack = launched.window, launched.session, launched.undo_stack
            operations = window.operations
            window.grab()
            with contextlib.suppress(Refused):
                command = next_turn(session, key)
                if command is not None:
                    stack.do(command)
            for countdown in list(session.countdowns):
                operations.tick_countdown(stored_id(countdown))
            operations.pc_missed()
            if session.system.has_fear:
                operations.record_outcome(Outcome.FAILURE_WITH_FEAR)
                operations.spend_fear()
            logged = len(session.rolls)
            window.submit(DiceRequest("2d6+1", "a roll"))
            if session.finished:  # the encounter remembered was lost: the newest opened, done
                assert len(session.rolls) == logged, "a finished encounter takes no roll"
            else:
                deadline = time.monotonic() + 10
                while len(session.rolls) == logged and time.monotonic() < deadline:
                    qapp.processEvents()
                assert len(session.rolls) == logged + 1, "the roll came back"
                stack.undo()
                stack.redo()
            window.grab()
        finally:
            launched.shutdown()
    return said.getvalue()


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("DAMAGE_RANDOM"),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_one_damaged_cell_starts_and_plays_or_is_refused(qapp, played, key: str, data) -> None:
    tables = layout(played[key])
    table = data.draw(st.sampled_from(sorted(tables)), label="table")
    rows, names = tables[table]
    rowid = data.draw(st.sampled_from(rows), label="row")
    column = data.draw(st.sampled_from(names), label="column")
    value = data.draw(VALUES, label="value")
    folder = Path(tempfile.mkdtemp(prefix="damaged-"))
    try:
        shutil.copy(played[key], folder / DB_NAME)
        write(folder / DB_NAME, table, rowid, column, value)
        allowed = {exit_codes.OK, exit_codes.DAMAGED}
        if table == "alembic_version":
            allowed.add(exit_codes.REFUSED)

        code, said = start(qapp, folder, screenshot=folder / "shot.png")
        event(f"exit {code}")  # pytest --hypothesis-show-statistics: how many started
        assert code in allowed, said
        assert "Traceback" not in said, said
        if code == exit_codes.OK:  # drawn: now played, then a roll and the whole file checked
            said = play(qapp, folder, key)
            assert "Traceback" not in said, said
            code, said = start(qapp, folder, smoke_test=True)
            assert code in allowed, said
            assert "Traceback" not in said, said
    finally:
        shutil.rmtree(folder, ignore_errors=True)
