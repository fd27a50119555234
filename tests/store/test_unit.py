"""Store.unit: one GM action, one transaction, however many store calls it makes.

The outermost unit BEGINs and COMMITs once; units and store methods inside join it. Anything
raised inside rolls back every write of the unit, and a write the disk refuses is WriteFailed,
naming the folder. The statements are counted on the store's own sqlite3 connection.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest
from sqlalchemy.exc import InvalidRequestError

from encounter_app.domain import CombatantRow, CountdownRow, RollRow
from encounter_app.store import Store, WriteFailed
from tests.helpers.systems import SYSTEMS
from tests.helpers.trace import raw_connection
from tests.helpers.trace import statements as traced


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store.open(tmp_path / "data", SYSTEMS)
    yield opened
    opened.close()


@pytest.fixture
def fight(store: Store) -> tuple[int, int]:
    campaign = store.create_campaign("Witherwild", system="daggerheart", fear=2)
    return campaign.id, store.create_encounter(campaign.id, "Ambush").id


def said(statements: list[str], word: str) -> int:
    return sum(1 for s in statements if s.strip().upper() == word)


def test_a_unit_of_many_calls_commits_once(store: Store, fight: tuple[int, int]) -> None:
    campaign_id, encounter_id = fight
    with traced(store) as statements, store.unit():
        store.set_fear(campaign_id, 5)
        with store.unit():  # a part of a compound command
            added = store.insert_combatant(encounter_id, CombatantRow(kind="pc", name="A"))
            store.insert_roll(encounter_id, RollRow(kind="dice", summary="2d6 = 7"))
        assert [c.name for c in store.combatants(encounter_id)] == ["A"]  # reads see it
        store.set_turn(encounter_id, added.id, 2)
    assert (said(statements, "BEGIN"), said(statements, "COMMIT")) == (1, 1)
    assert said(statements, "ROLLBACK") == 0
    assert store.campaign(campaign_id).fear == 5
    assert store.encounter(encounter_id).active_combatant_id == added.id


def test_each_call_outside_a_unit_is_its_own_transaction(store: Store,
                                                         fight: tuple[int, int]) -> None:
    campaign_id, encounter_id = fight
    with traced(store) as statements:
        store.set_fear(campaign_id, 3)
        store.insert_countdown(encounter_id, CountdownRow("Tide", 4, 4))
    assert (said(statements, "BEGIN"), said(statements, "COMMIT")) == (2, 2)


def test_a_failing_inner_part_rolls_back_the_earlier_parts(store: Store,
                                                           fight: tuple[int, int]) -> None:
    campaign_id, encounter_id = fight
    with traced(store) as statements, pytest.raises(KeyError), store.unit():
        store.set_fear(campaign_id, 6)
        store.insert_combatant(encounter_id, CombatantRow(kind="pc", name="A"))
        with store.unit():
            store.insert_roll(encounter_id, RollRow(kind="dice", summary="1d20 = 4"))
            store.update_countdown(CountdownRow("Gone", 3, 3, id=4242))  # no such countdown
    assert said(statements, "COMMIT") == 0
    assert store.campaign(campaign_id).fear == 2
    assert store.combatants(encounter_id) == []
    assert store.rolls(encounter_id) == []


def test_a_refused_write_inside_rolls_back_the_unit_with_the_drivers_error(
        store: Store, fight: tuple[int, int]) -> None:
    campaign_id, encounter_id = fight
    with pytest.raises(sqlite3.IntegrityError), store.unit():
        store.set_fear(campaign_id, 7)
        store.insert_roll(424242, RollRow(kind="dice", summary="Orphan"))  # no encounter
    assert store.campaign(campaign_id).fear == 2
    store.insert_combatant(encounter_id, CombatantRow(kind="pc", name="B"))  # usable after
    assert [c.name for c in store.combatants(encounter_id)] == ["B"]


def test_a_missing_row_caught_inside_lets_the_unit_go_on(store: Store,
                                                         fight: tuple[int, int]) -> None:
    campaign_id, _ = fight
    with store.unit():
        store.set_fear(campaign_id, 5)
        with suppress(KeyError):
            store.update_countdown(CountdownRow("Gone", 3, 3, id=4242))
        store.set_fear(campaign_id, 6)
    assert store.campaign(campaign_id).fear == 6


def test_a_database_error_caught_inside_still_fails_the_whole_unit(
        store: Store, fight: tuple[int, int]) -> None:
    campaign_id, _ = fight
    with pytest.raises(InvalidRequestError, match="rolled back"), store.unit():
        store.set_fear(campaign_id, 5)
        with suppress(sqlite3.IntegrityError):
            store.insert_roll(424242, RollRow(kind="dice", summary="Orphan"))
        store.set_fear(campaign_id, 6)
    assert store.campaign(campaign_id).fear == 2


def test_an_error_of_the_caller_rolls_back_the_unit(store: Store,
                                                    fight: tuple[int, int]) -> None:
    campaign_id, _ = fight
    with pytest.raises(RuntimeError, match="changed my mind"), store.unit():
        store.set_fear(campaign_id, 9)
        raise RuntimeError("changed my mind")
    assert store.campaign(campaign_id).fear == 2


def test_another_thread_waits_for_the_unit_and_stays_out_of_it(
        store: Store, fight: tuple[int, int]) -> None:
    campaign_id, _ = fight
    started, finished = threading.Event(), threading.Event()

    def other() -> None:
        started.set()
        store.set_fear(campaign_id, 1)  # blocks until the unit is over
        finished.set()

    thread = threading.Thread(target=other)
    with pytest.raises(RuntimeError), store.unit():
        store.set_fear(campaign_id, 8)
        thread.start()
        assert started.wait(5)
        assert not finished.wait(0.2), "the other thread wrote inside this unit"
        raise RuntimeError("undo it all")
    thread.join(5)
    assert finished.is_set()
    assert store.campaign(campaign_id).fear == 1  # its own transaction, after the rollback


def test_a_full_disk_is_write_failed_naming_the_folder_and_changes_nothing(
        store: Store, fight: tuple[int, int]) -> None:
    campaign_id, encounter_id = fight
    own = raw_connection(store)
    # SQLite answers SQLITE_FULL ("database or disk is full") once the file would grow.
    pages = own.execute("PRAGMA page_count").fetchone()[0]
    own.execute(f"PRAGMA max_page_count = {pages}")
    try:
        with pytest.raises(WriteFailed) as caught, store.unit():
            store.set_fear(campaign_id, 4)
            for n in range(100):
                store.insert_roll(encounter_id, RollRow(kind="dice", summary=f"{n}" * 4000))
    finally:
        own.execute("PRAGMA max_page_count = 1073741823")
    assert caught.value.reason == "SQLITE_FULL"
    assert str(store.path.parent) in str(caught.value)
    assert "Nothing was changed" in str(caught.value)
    assert store.campaign(campaign_id).fear == 2
    assert store.rolls(encounter_id) == []
    store.set_fear(campaign_id, 4)  # with room again, the same write goes through
    assert store.campaign(campaign_id).fear == 4
