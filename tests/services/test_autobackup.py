"""Automatic backups: every few minutes, only when something changed, rotated, never fatal."""

from __future__ import annotations

from encounter_app.services.autobackup import AutoBackup
from encounter_app.services.fight import commands
from encounter_app.store import backups
from tests.helpers.databases import dump


def autos(store) -> list:
    return [b.path for b in backups.listing(store.path) if b.kind == backups.AUTO]


def test_nothing_changed_means_no_backup(store, demo_session, undo_stack) -> None:
    auto = AutoBackup(store, undo_stack, interval_ms=60_000)
    assert auto.back_up_if_changed() is None
    assert autos(store) == []


def test_a_change_is_backed_up_once(store, demo_session, undo_stack) -> None:
    auto = AutoBackup(store, undo_stack, interval_ms=60_000)
    undo_stack.push(commands.SetFear(demo_session, 7))
    target = auto.back_up_if_changed()
    assert autos(store) == [target]
    assert dump(target) == dump(store.path)  # the Fear of 7 is in it
    assert auto.back_up_if_changed() is None  # nothing new since
    undo_stack.undo()  # an undo is a change too
    assert auto.back_up_if_changed() is not None


def test_the_timer_takes_the_backup(qtbot, store, demo_session, undo_stack) -> None:
    auto = AutoBackup(store, undo_stack, interval_ms=20)
    undo_stack.push(commands.SetFear(demo_session, 5))
    with qtbot.waitSignal(auto.backed_up, timeout=5000) as blocker:
        pass
    assert autos(store) == [blocker.args[0]]


def test_only_the_newest_automatic_backups_are_kept(store, demo_session, undo_stack) -> None:
    auto = AutoBackup(store, undo_stack, interval_ms=60_000)
    for fear in range(backups.KEEP_AUTO + 3):
        undo_stack.push(commands.SetFear(demo_session, fear % 12 + 1))
        auto.back_up_if_changed()
    assert len(autos(store)) == backups.KEEP_AUTO


def test_a_failed_backup_is_reported_and_retried(store, demo_session, undo_stack) -> None:
    auto = AutoBackup(store, undo_stack, interval_ms=60_000)
    reports = []
    auto.failed.connect(reports.append)
    backups.folder(store.path).write_text("a file where the backups folder should be")
    undo_stack.push(commands.SetFear(demo_session, 9))
    assert auto.back_up_if_changed() is None
    assert len(reports) == 1 and str(store.path) in reports[0]
    backups.folder(store.path).unlink()
    assert auto.back_up_if_changed() is not None  # the change is still waiting for a backup
