"""The roll log is checked after the window is drawn, not before (docs/performance.md, growth):
damage found there is told to the GM, stops automatic backups, and loses nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from encounter_app.app import launch
from encounter_app.domain import RollRow
from encounter_app.run import _migration_notice
from encounter_app.store import DB_NAME, Store, backups
from encounter_app.store.errors import RowUnreadable
from encounter_app.ui.shell.backup_dialogs import RestoreDialog
from tests.helpers.databases import dump, roll_log_at_0006
from tests.helpers.files import damage_pages
from tests.helpers.modal import cancel_next_modal
from tests.helpers.systems import SYSTEMS, create_demo

INDEX = "ix_roll_record_encounter_id"


def a_fight_with_rolls(data: Path, rolls: int = 40) -> int:
    store = Store.open(data, SYSTEMS)
    try:
        encounter = create_demo(store, seed=1)
        with store.unit():
            for n in range(rolls):
                store.insert_roll(encounter.id, RollRow(kind="dice", summary=f"roll {n}",
                                                        payload={"n": n}))
        return encounter.id
    finally:
        store.close()


def damage_roll_index(database: Path) -> None:
    """The roll log's index no longer matches its table: pages read fine, rows do not."""
    connection = sqlite3.connect(database)
    try:
        connection.execute("PRAGMA writable_schema=ON")
        connection.execute("UPDATE sqlite_master SET sql = replace(sql, '(encounter_id)',"
                           f" '(kind)') WHERE name = '{INDEX}'")
        connection.commit()
    finally:
        connection.close()


def gm_data(database: Path) -> dict:
    """Every table but the program's own memory (which encounter was open last)."""
    return {table: rows for table, rows in dump(database).items() if table != "app_state"}


def automatic_backups(path: Path) -> list[Path]:
    return [b.path for b in backups.listing(path) if b.kind == backups.AUTO]


def test_a_sound_file_is_checked_whole_then_backed_up(qtbot, tmp_path) -> None:
    a_fight_with_rolls(tmp_path)
    launched = launch(tmp_path, seed=3)
    qtbot.addWidget(launched.window)
    try:
        autobackup = launched.window.autobackup
        assert autobackup is not None
        with qtbot.waitSignals([autobackup.checked, autobackup.backed_up], timeout=10_000,
                               order="strict"):
            pass
        assert len(automatic_backups(launched.store.path)) == 1
        assert launched.window.damage_box is None
    finally:
        launched.shutdown()


def test_damage_in_the_roll_log_opens_the_fight_then_says_so(qtbot, tmp_path) -> None:
    encounter_id = a_fight_with_rolls(tmp_path)
    database = tmp_path / DB_NAME
    damage_roll_index(database)
    before = gm_data(database)

    launched = launch(tmp_path, seed=3)
    qtbot.addWidget(launched.window)
    try:
        window = launched.window
        assert launched.session.encounter.id == encounter_id  # the fight opened, as it was
        assert launched.store.kept_aside is None
        with qtbot.waitSignal(window.autobackup.damaged, timeout=10_000) as found:
            pass
        assert INDEX in found.args[0] and str(database) in found.args[0]
        assert "Automatic backups are stopped" in found.args[0]
        box = window.damage_box
        assert box is not None and box.isVisible() and not box.isModal()
        assert INDEX in box.informativeText() and INDEX in window.status_label.text()
        # No copy of the damaged file pushes a good backup out of the rotation, ever.
        assert window.autobackup.back_up_if_changed() is None
        assert automatic_backups(database) == []
        # Its button opens File › Restore… (a modal dialog: looked at, then cancelled).
        seen: list = []
        cancel_next_modal(seen.append)
        next(b for b in box.buttons() if "Restore" in b.text()).click()
        assert [type(d) for d in seen] == [RestoreDialog]
    finally:
        launched.shutdown()
    assert gm_data(database) == before  # nothing of the GM's was touched


def test_the_check_after_start_finds_what_opening_leaves_to_it(tmp_path) -> None:
    a_fight_with_rolls(tmp_path)
    damage_roll_index(tmp_path / DB_NAME)
    store = Store.open(tmp_path, SYSTEMS)  # opening checks every table but the roll log
    try:
        assert store.kept_aside is None
        problems = store.verify()
        assert problems and any(INDEX in line for line in problems)
    finally:
        store.close()
    assert store.verify() is None  # a closed store checks nothing


def test_a_damaged_roll_log_page_is_an_unreadable_row(tmp_path) -> None:
    encounter_id = a_fight_with_rolls(tmp_path, rolls=400)
    database = tmp_path / DB_NAME
    connection = sqlite3.connect(database)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = [page for (page,) in connection.execute(
            "SELECT pageno FROM dbstat WHERE name = 'roll_record' AND pagetype = 'leaf'"
            " ORDER BY pageno")]
    finally:
        connection.close()
    if not pages:
        pytest.skip("this SQLite has no dbstat table to find the roll log's pages")
    damage_pages(database, pages[-1] - 1, pages[-1] - 1)  # dbstat counts pages from 1
    store = Store.open(tmp_path, SYSTEMS)
    try:
        with pytest.raises(RowUnreadable, match="SQLite says"):
            store.rolls(encounter_id)
    finally:
        store.close()


def test_the_window_says_a_migration_is_coming_while_it_runs(qtbot, tmp_path) -> None:
    data = tmp_path / "data"
    roll_log_at_0006(data, 200)
    notice = _migration_notice(data / DB_NAME)
    assert notice is not None
    qtbot.addWidget(notice)
    assert notice.isVisible() and str(data / "backups") in notice.text()
    notice.close()
    Store.open(data, SYSTEMS).close()
    assert _migration_notice(data / DB_NAME) is None  # up to date: nothing to say
