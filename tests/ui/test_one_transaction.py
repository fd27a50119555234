"""One GM action, one transaction: a player's outcome (key 5) gains Fear, ticks countdowns and
logs the roll, and commits once; so do its Undo and its Redo (SQLite's statement trace)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.helpers.trace import commits, statements


def test_key_5_its_undo_and_its_redo_each_commit_once(qtbot, program):
    session, stack = program.session, program.undo_stack
    fear = session.fear
    program.window.activateWindow()
    with statements(program.store) as seen:
        qtbot.keyClick(program.window, Qt.Key.Key_5)
    assert session.fear == fear + 1 and session.rolls[0].summary.startswith("Failure with Fear")
    writes = [s for s in seen if s.split()[0].upper() in ("INSERT", "UPDATE", "DELETE")]
    assert len(writes) >= 3 and commits(seen) == 1  # Fear, its ledger line, a tick, the roll
    with statements(program.store) as seen:
        stack.undo()
    assert session.fear == fear and commits(seen) == 1
    with statements(program.store) as seen:
        stack.redo()
    assert session.fear == fear + 1 and commits(seen) == 1
