"""The Store as a GM meets it: what was written is there after a restart, in the same order.

Every test opens a real SQLite file in ``tmp_path``; rows are frozen dataclasses, so whole
lists are compared at once.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.domain import CombatantRow, CountdownRow, RollRow, TemplateRow
from encounter_app.store import DB_NAME, Store
from encounter_app.store.connection import connect
from encounter_app.store.errors import RowMissing
from encounter_app.systems.daggerheart.state import DaggerheartState
from tests.helpers.rows import BANDIT, SHAMAN
from tests.helpers.systems import SYSTEMS
from tests.helpers.trace import raw_connection

DB_SETTINGS = settings(max_examples=50, deadline=None,
                       suppress_health_check=[HealthCheck.too_slow])


def pc(name: str, evasion: int = 10) -> CombatantRow:
    return CombatantRow(kind="pc", name=name, evasion=evasion, hp_max=6, stress_max=6)


def names(rows: list[CombatantRow] | list[CountdownRow]) -> list[str]:
    return [r.name for r in rows]


@pytest.fixture
def store(tmp_path: Path):
    opened = Store.open(tmp_path / "data", SYSTEMS)
    yield opened
    opened.close()


@pytest.fixture
def encounter_id(store: Store) -> int:
    campaign = store.create_campaign("Witherwild", system="daggerheart", party_size=4, fear=2)
    return store.create_encounter(campaign.id, "Ambush at the ford").id


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory: pytest.TempPathFactory):
    """One store for the hypothesis tests; every example works in a fresh encounter."""
    opened = Store.open(tmp_path_factory.mktemp("hypothesis-store"), SYSTEMS)
    opened.create_campaign("Property tests", system="daggerheart")
    yield opened
    opened.close()


def fresh_encounter(store: Store) -> int:
    return store.create_encounter(1, "example").id


# -- round trip -----------------------------------------------------------------------------


def snapshot(store: Store, campaign_id: int, encounter_id: int) -> dict[str, object]:
    rolls = store.rolls(encounter_id)
    return {
        "campaign": store.campaign(campaign_id),
        "encounter": store.encounter(encounter_id),
        "latest": store.latest_encounter(),
        "combatants": store.combatants(encounter_id),
        "countdowns": store.countdowns(encounter_id),
        "rolls": rolls,
        # RollRow.payload is compare=False: compare it on its own.
        "payloads": [r.payload for r in rolls],
        "templates": store.templates(),
    }


def test_everything_written_is_there_after_closing_and_reopening(tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = Store.open(data, SYSTEMS)
    campaign = store.create_campaign("Witherwild", system="daggerheart", party_size=4, fear=5)
    encounter = store.create_encounter(campaign.id, "Ambush at the ford", seed=1234)

    marlowe = CombatantRow(kind="pc", name="Marlowe", evasion=11, hp_max=6, hp_marked=1,
                           stress_max=6, stress_marked=2, conditions=("Vulnerable",))
    bandit = CombatantRow(kind="adversary", name="Bandit 1", hp_max=5, stress_max=3,
                          conditions=("Restrained", "Hidden"), stats=BANDIT)
    spy = CombatantRow(kind="npc", name="The informant", hidden=True)
    stored = [store.insert_combatant(encounter.id, row) for row in (marlowe, bandit, spy)]
    # What insert returns is the row as given, now with an id, and as the store holds it: a
    # row made without its system's state has the system's fresh one.
    fresh = DaggerheartState()
    assert [replace(row, id=None) for row in stored] == [
        replace(row, system_state=fresh) for row in (marlowe, bandit, spy)]
    assert len({row.id for row in stored}) == 3

    store.set_fear(campaign.id, 7)
    store.set_turn(encounter.id, stored[1].id, 3)
    store.update_combatant(replace(stored[1], hp_marked=2, stress_marked=1))

    ritual = store.insert_countdown(
        encounter.id, CountdownRow("Ritual", start=6, value=4, kind="consequence",
                                   loop="increasing", long_term=True))
    store.insert_countdown(encounter.id, CountdownRow("Reinforcements", start=3, value=3))
    store.update_countdown(replace(ritual, value=3))

    payload = {"d20s": [17, 4], "natural": 17, "hits": [True, False],
               "damage": {"text": "1d8+1 (6) + 1 = 7", "total": 7}, "target": None}
    store.insert_roll(encounter.id, RollRow(kind="attack", summary="Bandit 1 hits Marlowe",
                                            detail="d20 17 + 1 = 18", actor="Bandit 1",
                                            payload=payload))
    store.insert_roll(encounter.id, RollRow(kind="fear", summary="GM spends a Fear"))
    store.insert_templates([TemplateRow(None, BANDIT, source="core"), TemplateRow(None, SHAMAN)])

    before = snapshot(store, campaign.id, encounter.id)
    # The writes really are in the snapshot, not defaults.
    assert before["campaign"].fear == 7
    assert before["encounter"].active_combatant_id == stored[1].id
    assert before["encounter"].round == 3
    assert before["encounter"].seed == 1234
    assert before["combatants"][1] == replace(stored[1], hp_marked=2, stress_marked=1)
    assert before["combatants"][1].stats == BANDIT
    assert before["countdowns"][0] == replace(ritual, value=3)
    assert before["payloads"] == [{}, payload]
    assert [t.stats for t in before["templates"]] == [BANDIT, SHAMAN]
    assert before["latest"] == before["encounter"]
    store.close()

    reopened = Store.open(data, SYSTEMS)
    try:
        assert snapshot(reopened, campaign.id, encounter.id) == before
    finally:
        reopened.close()


def test_a_killed_program_loses_nothing_it_showed_as_done(tmp_path: Path) -> None:
    """Every action is committed at once: a process that dies without close() lost nothing."""
    data = tmp_path / "data"
    script = textwrap.dedent(f"""
        import os
        from pathlib import Path
        from encounter_app.domain import CombatantRow
        from encounter_app.store import Store
        from encounter_app.systems import default_systems
        store = Store.open(Path({str(data)!r}), default_systems())
        campaign = store.create_campaign("c", system="daggerheart", fear=4)
        encounter = store.create_encounter(campaign.id, "e")
        store.insert_combatant(encounter.id, CombatantRow(kind="pc", name="Survivor"))
        store.set_fear(campaign.id, 9)
        os._exit(0)  # no close(), no dispose(): the process just dies
    """)
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)

    store = Store.open(data, SYSTEMS)
    try:
        encounter = store.latest_encounter()
        assert encounter is not None
        assert store.campaign(encounter.campaign_id).fear == 9
        assert names(store.combatants(encounter.id)) == ["Survivor"]
    finally:
        store.close()


# -- initiative order -----------------------------------------------------------------------


def test_insert_at_positions(store: Store, encounter_id: int) -> None:
    store.insert_combatant(encounter_id, pc("A"))
    store.insert_combatant(encounter_id, pc("B"))
    store.insert_combatant(encounter_id, pc("C"), position=0)
    store.insert_combatant(encounter_id, pc("D"), position=2)
    store.insert_combatant(encounter_id, pc("E"), position=99)  # past the end: at the end
    assert names(store.combatants(encounter_id)) == ["C", "A", "D", "B", "E"]


def test_move_combatant_up_and_down(store: Store, encounter_id: int) -> None:
    for name in "ABCDE":
        store.insert_combatant(encounter_id, pc(name))
    store.move_combatant(encounter_id, 1, 3)  # down
    assert names(store.combatants(encounter_id)) == ["A", "C", "D", "B", "E"]
    store.move_combatant(encounter_id, 4, 0)  # up
    assert names(store.combatants(encounter_id)) == ["E", "A", "C", "D", "B"]
    store.move_combatant(encounter_id, 2, 2)  # nowhere
    assert names(store.combatants(encounter_id)) == ["E", "A", "C", "D", "B"]


def test_order_of_one_encounter_does_not_touch_another(store: Store, encounter_id: int) -> None:
    other = store.create_encounter(store.encounter(encounter_id).campaign_id, "Other").id
    for name in "ABC":
        store.insert_combatant(encounter_id, pc(name))
        store.insert_combatant(other, pc(name.lower()))
    store.move_combatant(encounter_id, 0, 2)
    store.remove_combatant(store.combatants(encounter_id)[0].id)
    store.insert_combatant(encounter_id, pc("Z"), position=0)
    assert names(store.combatants(encounter_id)) == ["Z", "C", "A"]
    assert names(store.combatants(other)) == ["a", "b", "c"]


def positions(store: Store, table: str, encounter_id: int) -> list[int]:
    connection = sqlite3.connect(store.path)
    try:
        result = connection.execute(
            f"SELECT position FROM {table} WHERE encounter_id = ? ORDER BY position",
            (encounter_id,))
        return [row[0] for row in result]
    finally:
        connection.close()


@st.composite
def list_and_moves(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    size = draw(st.integers(min_value=1, max_value=8))
    index = st.integers(min_value=0, max_value=size - 1)
    return size, draw(st.lists(st.tuples(index, index), max_size=12))


@DB_SETTINGS
@given(case=list_and_moves())
def test_moves_match_moves_on_a_list(shared_store: Store,
                                     case: tuple[int, list[tuple[int, int]]]) -> None:
    size, moves = case
    encounter_id = fresh_encounter(shared_store)
    expected = [f"c{i}" for i in range(size)]
    for name in expected:
        shared_store.insert_combatant(encounter_id, pc(name))
    for source, destination in moves:
        shared_store.move_combatant(encounter_id, source, destination)
        expected.insert(destination, expected.pop(source))
    assert names(shared_store.combatants(encounter_id)) == expected


@DB_SETTINGS
@given(data=st.data())
def test_insert_move_remove_and_undo_match_a_list(shared_store: Store, data: st.DataObject
                                                  ) -> None:
    """Any mix of actions and undos (last action first, as an undo stack does) matches a list.

    Undo of a removal re-inserts the removed row, id and all, at its old index.
    """
    store = shared_store
    encounter_id = fresh_encounter(store)
    expected: list[CombatantRow] = []
    undo: list[tuple[str, int, int, CombatantRow | None]] = []
    for step in range(data.draw(st.integers(min_value=1, max_value=15), label="steps")):
        actions = ["insert"] + (["move", "remove"] if expected else []) + (
            ["undo"] if undo else [])
        action = data.draw(st.sampled_from(actions), label="action")
        last = len(expected) - 1
        if action == "insert":
            position = data.draw(st.integers(min_value=0, max_value=len(expected)))
            row = store.insert_combatant(encounter_id, pc(f"n{step}", evasion=step), position)
            expected.insert(position, row)
            undo.append(("remove", position, 0, None))
        elif action == "move":
            source = data.draw(st.integers(min_value=0, max_value=last))
            destination = data.draw(st.integers(min_value=0, max_value=last))
            store.move_combatant(encounter_id, source, destination)
            expected.insert(destination, expected.pop(source))
            undo.append(("move", destination, source, None))
        elif action == "remove":
            index = data.draw(st.integers(min_value=0, max_value=last))
            store.remove_combatant(expected[index].id)
            undo.append(("insert", index, 0, expected.pop(index)))
        else:
            inverse, index, destination, row = undo.pop()
            if inverse == "remove":
                store.remove_combatant(expected.pop(index).id)
            elif inverse == "move":
                store.move_combatant(encounter_id, index, destination)
                expected.insert(destination, expected.pop(index))
            else:
                assert row is not None
                assert store.insert_combatant(encounter_id, row, index) == row
                expected.insert(index, row)
        assert store.combatants(encounter_id) == expected
        assert positions(store, "combatant", encounter_id) == list(range(len(expected)))


def test_remove_shifts_the_rows_below_up(store: Store, encounter_id: int) -> None:
    rows = [store.insert_combatant(encounter_id, pc(name)) for name in "ABCDE"]
    store.remove_combatant(rows[1].id)
    assert names(store.combatants(encounter_id)) == ["A", "C", "D", "E"]
    assert positions(store, "combatant", encounter_id) == [0, 1, 2, 3]
    # No gap left behind: the last row is at index 3 and moves like it.
    store.move_combatant(encounter_id, 3, 0)
    assert names(store.combatants(encounter_id)) == ["E", "A", "C", "D"]
    store.insert_combatant(encounter_id, pc("F"), position=2)
    assert names(store.combatants(encounter_id)) == ["E", "A", "F", "C", "D"]


def test_reinserting_a_removed_row_restores_the_list_exactly(store: Store, encounter_id: int
                                                             ) -> None:
    store.insert_combatant(encounter_id, pc("Marlowe", evasion=11))
    store.insert_combatant(encounter_id, CombatantRow(kind="adversary", name="Bandit",
                                                      hp_max=5, hp_marked=3, stress_max=3,
                                                      conditions=("Vulnerable",),
                                                      stats=BANDIT))
    store.insert_combatant(encounter_id, CombatantRow(kind="npc", name="Spy", hidden=True))
    before = store.combatants(encounter_id)

    store.remove_combatant(before[1].id)
    assert store.combatants(encounter_id) == [before[0], before[2]]
    restored = store.insert_combatant(encounter_id, before[1], position=1)

    assert restored == before[1]  # same id, marks, conditions, stat block
    assert store.combatants(encounter_id) == before
    assert positions(store, "combatant", encounter_id) == [0, 1, 2]


def test_removing_the_active_combatant_clears_the_turn(store: Store, encounter_id: int) -> None:
    _, b, c = (store.insert_combatant(encounter_id, pc(name)) for name in "ABC")
    store.set_turn(encounter_id, b.id, 2)

    store.remove_combatant(c.id)  # someone else: the turn stays
    assert store.encounter(encounter_id).active_combatant_id == b.id

    store.remove_combatant(b.id)
    encounter = store.encounter(encounter_id)
    assert encounter.active_combatant_id is None
    assert encounter.round == 2


def test_removing_a_combatant_of_another_encounter_keeps_this_turn(store: Store,
                                                                  encounter_id: int) -> None:
    other = store.create_encounter(store.encounter(encounter_id).campaign_id, "Other").id
    mine = store.insert_combatant(encounter_id, pc("Mine"))
    theirs = store.insert_combatant(other, pc("Theirs"))
    store.set_turn(encounter_id, mine.id, 1)
    store.remove_combatant(theirs.id)
    assert store.encounter(encounter_id).active_combatant_id == mine.id


def test_marks_are_written_to_the_right_combatant(store: Store, encounter_id: int) -> None:
    a, b = (store.insert_combatant(encounter_id, pc(name)) for name in "AB")
    store.update_combatant(replace(b, hp_marked=4, stress_marked=2))
    assert store.combatants(encounter_id) == [a, replace(b, hp_marked=4, stress_marked=2)]


# -- countdowns -----------------------------------------------------------------------------


def test_countdowns_insert_update_remove_and_restore(store: Store, encounter_id: int) -> None:
    ritual = store.insert_countdown(encounter_id, CountdownRow("Ritual", start=6, value=6))
    store.insert_countdown(encounter_id, CountdownRow("Collapse", start=4, value=4), position=0)
    store.insert_countdown(encounter_id, CountdownRow("Guards", start=3, value=2,
                                                      kind="progress", loop="loop"), position=1)
    store.insert_countdown(encounter_id, CountdownRow("Storm", start=2, value=2), position=99)
    assert names(store.countdowns(encounter_id)) == ["Collapse", "Guards", "Ritual", "Storm"]

    ticked = replace(ritual, value=5, name="Dark ritual", kind="consequence",
                     loop="decreasing", long_term=True)
    store.update_countdown(ticked)
    before = store.countdowns(encounter_id)
    assert before[2] == ticked

    store.remove_countdown(before[0].id)
    assert store.countdowns(encounter_id) == before[1:]
    assert positions(store, "countdown", encounter_id) == [0, 1, 2]

    assert store.insert_countdown(encounter_id, before[0], position=0) == before[0]
    assert store.countdowns(encounter_id) == before


def test_countdown_update_touches_only_that_countdown(store: Store, encounter_id: int) -> None:
    a = store.insert_countdown(encounter_id, CountdownRow("A", start=4, value=4))
    b = store.insert_countdown(encounter_id, CountdownRow("B", start=4, value=4))
    store.update_countdown(replace(b, value=0))
    after = store.countdowns(encounter_id)
    assert after == [a, replace(b, value=0)]
    assert after[1].triggered and not after[0].triggered


@DB_SETTINGS
@given(data=st.data())
def test_countdown_remove_then_reinsert_restores_any_list(shared_store: Store,
                                                          data: st.DataObject) -> None:
    encounter_id = fresh_encounter(shared_store)
    size = data.draw(st.integers(min_value=1, max_value=6))
    for i in range(size):
        shared_store.insert_countdown(encounter_id, CountdownRow(f"cd{i}", start=i + 1,
                                                                 value=i))
    before = shared_store.countdowns(encounter_id)
    index = data.draw(st.integers(min_value=0, max_value=size - 1))
    shared_store.remove_countdown(before[index].id)
    assert shared_store.countdowns(encounter_id) == before[:index] + before[index + 1:]
    shared_store.insert_countdown(encounter_id, before[index], index)
    assert shared_store.countdowns(encounter_id) == before


# -- roll log -------------------------------------------------------------------------------


def test_rolls_newest_first_with_a_limit(store: Store, encounter_id: int) -> None:
    other = store.create_encounter(store.encounter(encounter_id).campaign_id, "Other").id
    for i in range(5):
        store.insert_roll(encounter_id, RollRow(kind="attack", summary=f"roll {i}",
                                                payload={"i": i}))
        store.insert_roll(other, RollRow(kind="attack", summary=f"other {i}"))

    log = store.rolls(encounter_id)
    assert [r.summary for r in log] == [f"roll {i}" for i in (4, 3, 2, 1, 0)]
    assert [r.payload for r in log] == [{"i": i} for i in (4, 3, 2, 1, 0)]
    assert store.rolls(encounter_id, limit=2) == log[:2]
    assert store.rolls(encounter_id, limit=0) == []
    assert all(r.created_at is not None for r in log)


def test_delete_roll_and_reinsert_with_its_id_restores_the_log(store: Store, encounter_id: int
                                                               ) -> None:
    for i in range(4):
        store.insert_roll(encounter_id, RollRow(kind="check", summary=f"roll {i}",
                                                payload={"total": i}))
    before = store.rolls(encounter_id)

    store.delete_roll(before[1].id)
    assert store.rolls(encounter_id) == [before[0], *before[2:]]

    # Undo: the row comes back with its own id, time and payload, in its old place.
    assert store.insert_roll(encounter_id, before[1]) == before[1]
    after = store.rolls(encounter_id)
    assert after == before
    assert [r.payload for r in after] == [r.payload for r in before]
    assert [r.created_at for r in after] == [r.created_at for r in before]


def test_insert_roll_with_an_explicit_id_and_time_keeps_them(store: Store, encounter_id: int
                                                            ) -> None:
    when = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    row = RollRow(kind="damage", summary="7 damage", id=1000, created_at=when,
                  payload={"dice": [3, 4]})
    assert store.insert_roll(encounter_id, row) == row
    [stored] = store.rolls(encounter_id)
    assert stored.id == 1000
    assert stored.created_at == when
    assert stored.payload == {"dice": [3, 4]}


def test_delete_roll_removes_only_that_roll(store: Store, encounter_id: int) -> None:
    first = store.insert_roll(encounter_id, RollRow(kind="a", summary="first"))
    second = store.insert_roll(encounter_id, RollRow(kind="a", summary="second"))
    store.delete_roll(second.id)
    assert store.rolls(encounter_id) == [first]
    with pytest.raises(KeyError):
        store.delete_roll(second.id)


# -- connection settings and the schema's constraints ---------------------------------------


def test_every_connection_has_foreign_keys_on_and_wal(store: Store, tmp_path: Path) -> None:
    # The store's own connection, and any other made the same way (Alembic's use connect too).
    other = connect(tmp_path / "other.db")
    try:
        for connection in (raw_connection(store), other):
            assert connection.execute("PRAGMA foreign_keys").fetchone() == (1,)
            assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        other.close()


def test_the_file_itself_is_in_wal_mode(store: Store) -> None:
    # WAL is persistent: a plain connection without any pragma sees it too.
    connection = sqlite3.connect(store.path)
    try:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        connection.close()
    assert store.path == store.path.parent / DB_NAME


def test_deleting_an_encounter_deletes_what_belongs_to_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = Store.open(data, SYSTEMS)
    campaign = store.create_campaign("c", system="daggerheart")
    doomed = store.create_encounter(campaign.id, "doomed").id
    kept = store.create_encounter(campaign.id, "kept").id
    for encounter_id in (doomed, kept):
        store.insert_combatant(encounter_id, pc("A"))
        store.insert_combatant(encounter_id, CombatantRow(kind="adversary", name="B",
                                                          stats=BANDIT))
        store.insert_countdown(encounter_id, CountdownRow("cd", start=3, value=3))
        store.insert_roll(encounter_id, RollRow(kind="attack", summary="hit"))
    kept_before = (store.combatants(kept), store.countdowns(kept), store.rolls(kept))
    store.close()

    connection = sqlite3.connect(data / DB_NAME)
    try:
        connection.execute("PRAGMA foreign_keys=ON")
        with connection:
            connection.execute("DELETE FROM encounter WHERE id = ?", (doomed,))
        for table in ("combatant", "countdown", "roll_record"):
            count = connection.execute(
                f"SELECT count(*) FROM {table} WHERE encounter_id = ?", (doomed,)).fetchone()
            assert count == (0,), table
    finally:
        connection.close()

    store = Store.open(data, SYSTEMS)
    try:
        assert store.combatants(doomed) == []
        assert store.countdowns(doomed) == []
        assert store.rolls(doomed) == []
        assert (store.combatants(kept), store.countdowns(kept), store.rolls(kept)) == kept_before
    finally:
        store.close()


def test_deleting_a_campaign_deletes_its_encounters(tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = Store.open(data, SYSTEMS)
    campaign = store.create_campaign("c", system="daggerheart")
    encounter_id = store.create_encounter(campaign.id, "e").id
    store.insert_combatant(encounter_id, pc("A"))
    store.close()

    connection = sqlite3.connect(data / DB_NAME)
    try:
        connection.execute("PRAGMA foreign_keys=ON")
        with connection:
            connection.execute("DELETE FROM campaign WHERE id = ?", (campaign.id,))
        assert connection.execute("SELECT count(*) FROM encounter").fetchone() == (0,)
        assert connection.execute("SELECT count(*) FROM combatant").fetchone() == (0,)
    finally:
        connection.close()


def test_a_combatant_cannot_point_at_a_missing_encounter(store: Store) -> None:
    # Its system is the encounter's campaign's: no encounter, nothing is written.
    with pytest.raises(RowMissing, match="no encounter with id 424242"):
        store.insert_combatant(424242, pc("Orphan"))
    with pytest.raises(sqlite3.IntegrityError):
        store.insert_roll(424242, RollRow(kind="x", summary="orphan"))


def test_rolls_before_an_id_read_the_log_a_page_at_a_time(store: Store, encounter_id: int
                                                           ) -> None:
    other = store.create_encounter(store.encounter(encounter_id).campaign_id, "Other").id
    for i in range(7):
        store.insert_roll(encounter_id, RollRow(kind="dice", summary=f"roll {i}"))
        store.insert_roll(other, RollRow(kind="dice", summary=f"other {i}"))
    log = store.rolls(encounter_id)
    pages, before = [], None
    while page := store.rolls(encounter_id, 3, before_id=before):
        pages.append(page)
        before = page[-1].id
    assert [len(p) for p in pages] == [3, 3, 1]
    assert [r for p in pages for r in p] == log


# -- the write-ahead log is copied back off the caller's thread -----------------------------


def checkpointed_rolls(path: Path) -> int:
    """Rolls in the database file itself, not counting what still waits in the log."""
    connection = sqlite3.connect(f"{path.as_uri()}?immutable=1", uri=True)
    try:
        return connection.execute("SELECT count(*) FROM roll_record").fetchone()[0]
    finally:
        connection.close()


def test_commits_do_not_checkpoint_but_the_checkpointer_thread_does(store: Store,
                                                                    encounter_id: int) -> None:
    import threading
    import time

    assert raw_connection(store).execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    for i in range(20):
        store.insert_roll(encounter_id, RollRow(kind="dice", summary=f"roll {i}"))
    deadline = time.monotonic() + 5
    while checkpointed_rolls(store.path) < 20 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert checkpointed_rolls(store.path) == 20
    assert any(t.name == "sqlite-checkpoint" for t in threading.enumerate())


def test_closing_stops_the_checkpointer_and_leaves_everything_in_the_file(tmp_path: Path
                                                                          ) -> None:
    import threading

    before = {t for t in threading.enumerate() if t.name == "sqlite-checkpoint"}
    store = Store.open(tmp_path, SYSTEMS)
    encounter = store.create_encounter(store.create_campaign("c", system="daggerheart").id, "e")
    store.insert_roll(encounter.id, RollRow(kind="dice", summary="last"))
    store.close()
    assert {t for t in threading.enumerate() if t.name == "sqlite-checkpoint"} <= before
    assert checkpointed_rolls(store.path) == 1


def test_a_roll_made_public_stays_public_and_an_unknown_one_is_refused(store):
    from encounter_app.domain import CountdownRow, RollRow

    campaign = store.create_campaign("c", system="daggerheart")
    encounter = store.create_encounter(campaign.id, "e")
    roll = store.insert_roll(encounter.id, RollRow(kind="dice", summary="1d20 = 3"))
    assert store.rolls(encounter.id)[0].public is False
    store.set_roll_public(roll.id, True)
    assert store.rolls(encounter.id)[0].public is True
    with pytest.raises(KeyError):
        store.set_roll_public(roll.id + 99, True)
    countdown = store.insert_countdown(encounter.id, CountdownRow("Doom", 4, 4, visible=True))
    assert store.countdowns(encounter.id)[0].visible is True
    store.update_countdown(replace(countdown, visible=False))
    assert store.countdowns(encounter.id)[0].visible is False
