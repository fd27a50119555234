"""A full disk during the fight: the action is refused, the window says so, nothing changes and
no undo step is left behind; once space is freed the same key works.

The data folder is a small tmpfs of its own, filled to the last byte. Mounting needs root (or
CAP_SYS_ADMIN): elsewhere the test is skipped and says why.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from encounter_app.app import launch
from encounter_app.store import DB_NAME
from tests.helpers.disks import fill_disk


@contextlib.contextmanager
def full(disk: Path) -> Iterator[None]:
    """Fill ``disk`` to the last byte (after SQLite's log has given its space back), then free
    it again."""
    # The write-ahead log keeps its size between transactions and is written over in place:
    # empty it, so the next transaction has to grow it, as on a disk that filled up meanwhile.
    connection = sqlite3.connect(disk / "data" / DB_NAME, timeout=5)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    filler = fill_disk(disk)
    try:
        yield
    finally:
        os.unlink(filler)


def test_a_full_disk_refuses_the_action_and_leaves_no_undo_step(qtbot, small_disk):
    program = launch(small_disk / "data", seed=3, show=True)
    qtbot.addWidget(program.window)
    qtbot.waitExposed(program.window)
    try:
        session, stack, window = program.session, program.undo_stack, program.window
        fear, rolls = session.fear, len(session.rolls)
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        with full(small_disk):
            qtbot.keyClick(window, Qt.Key.Key_5)  # a player's Failure with Fear
            status = window.status_label.text()
            assert "is full" in status and "free some space" in status, status
            assert "Nothing was changed" in status
            assert window.status_label.toolTip() == status  # whole, when the line is short
            assert stack.count() == 0 and not stack.canUndo()
            assert session.fear == fear and len(session.rolls) == rolls
            assert program.store.campaign(session.campaign.id).fear == fear
        qtbot.keyClick(window, Qt.Key.Key_5)  # space freed: the same key works
        assert session.fear == fear + 1 and stack.count() == 1
        with full(small_disk):
            stack.undo()
            assert "Could not undo" in window.status_label.text()
            assert stack.index() == 1 and session.fear == fear + 1
        stack.undo()
        assert stack.index() == 0 and session.fear == fear
    finally:
        program.shutdown()
