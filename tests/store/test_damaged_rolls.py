"""The roll log is checked after the window is drawn, and each roll as it is read: a roll the
program never wrote is a line of the log that says it is damaged, never an exception, never
shown to the players; a page SQLite cannot read ends the log with a line that says so."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from encounter_app.domain import RollRow
from encounter_app.services.fight.session import ROLL_PAGE, EncounterSession
from encounter_app.services.undo import UndoStack
from encounter_app.store import DB_NAME, Store
from tests.helpers.files import damage_pages
from tests.helpers.operations import Said, fight_operations
from tests.helpers.systems import SYSTEMS, create_demo


def change(database: Path, statement: str) -> None:
    connection = sqlite3.connect(database)
    try:
        connection.execute(statement)
        connection.commit()
    finally:
        connection.close()


@pytest.fixture
def store(tmp_path: Path):
    """A demo fight with one roll, open: what is changed after opening is read as it is."""
    store = Store.open(tmp_path, SYSTEMS)
    encounter = create_demo(store, seed=1)
    store.insert_roll(encounter.id, RollRow(kind="dice", summary="2d6: 7"))
    yield store
    store.close()


@pytest.mark.parametrize(("statement", "why"), [
    ("UPDATE roll_record SET summary = CAST(x'ff41' AS TEXT)", "summary: the text is not valid"),
    ("UPDATE roll_record SET payload = x'01ffff'", "the packed payload cannot be read"),
    ("UPDATE roll_record SET payload = 5", "unknown payload format"),
    ("UPDATE roll_record SET payload = '[1, 2]'", "payload: expected an object, found [1, 2]"),
    ("UPDATE roll_record SET created_at = 'soon'", "Invalid isoformat string: 'soon'"),
    ("UPDATE roll_record SET created_at = 5", "Invalid isoformat string: '5'"),
    ("UPDATE roll_record SET public = 'yes'", "public: expected 0 or 1, found 'yes'"),
])
def test_a_roll_that_cannot_be_read_is_a_damaged_line_of_the_log(
        store: Store, statement: str, why: str) -> None:
    change(store.path, statement)
    (roll,) = store.rolls(1)
    assert roll.damaged and roll.id == 1 and not roll.public and roll.payload == {}
    assert why in roll.detail and "roll_record row 1" in roll.detail


def test_a_damaged_roll_is_shown_as_damaged_and_never_to_the_players(qtbot, store: Store
                                                                   ) -> None:
    change(store.path, "UPDATE roll_record SET summary = CAST(x'ff41' AS TEXT)")
    session = EncounterSession(store, 1, SYSTEMS)
    said = Said()
    operations = fight_operations(session, UndoStack(store), said=said)
    (roll,) = session.rolls
    assert roll.damaged and "damaged" in roll.summary
    assert not operations.toggle_roll_public(1)
    assert said == [("That roll is damaged: it cannot be shown to the players.", True)]
    assert not store.rolls(1)[0].public


def test_a_page_of_the_log_sqlite_cannot_read_ends_the_log_with_a_line(qtbot, tmp_path: Path
                                                                        ) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    encounter = create_demo(store, seed=1)
    with store.unit():
        for n in range(400):
            store.insert_roll(encounter.id, RollRow(kind="dice", summary=f"roll {n}"))
    store.close()
    database = tmp_path / DB_NAME
    connection = sqlite3.connect(database)
    try:
        pages = [page for (page,) in connection.execute(
            "SELECT pageno FROM dbstat WHERE name = 'roll_record' AND pagetype = 'leaf'"
            " ORDER BY pageno")]
    finally:
        connection.close()
    if not pages:
        pytest.skip("this SQLite has no dbstat table to find the roll log's pages")
    damage_pages(database, pages[0] - 1, pages[0] - 1)  # the oldest rolls' page (from 1)
    store = Store.open(tmp_path, SYSTEMS)
    try:
        session = EncounterSession(store, encounter.id, SYSTEMS)  # the newest page reads
        assert len(session.rolls) == ROLL_PAGE
        while session.more_rolls:
            session.fetch_more_rolls()
        last = session.rolls[len(session.rolls) - 1]
        assert last.damaged and "The older rolls cannot be read" in last.detail
        assert all(not roll.damaged for roll in list(session.rolls)[:-1])
    finally:
        store.close()
