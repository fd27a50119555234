"""One GM action, one transaction: a player's outcome (key 5) gains Fear, ticks countdowns and
logs the roll, and commits once; so do its Undo and its Redo, and opening another campaign's
encounter in the window (SQLite's statement trace)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from encounter_app.domain import CountdownRow
from encounter_app.store.campaigns import OPEN_ENCOUNTER
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


def test_opening_an_encounter_of_another_campaign_commits_once(qtbot, program):
    """Campaign › Manage campaigns… › Open on another campaign's draft: it becomes active, its
    campaign's long-term countdown comes along, and it is the one that reopens; one COMMIT for
    all three, so a kill cannot leave the new one active and the old one reopening."""
    store = program.store
    other = store.create_campaign("Sablewood", system="daggerheart")
    behind = store.create_encounter(other.id, "Last week's fight", status="done")
    store.insert_countdown(behind.id, CountdownRow("The heist", 6, 4, long_term=True))
    draft = store.create_encounter(other.id, "The vault")
    manager = program.window.manage_campaigns()
    manager._book.view(other.id)
    manager.encounters.select(draft.id)
    with statements(store) as seen:
        manager.encounters.open_selected()
    assert program.session.encounter_id == draft.id
    assert [(c.name, c.value) for c in program.session.countdowns] == [("The heist", 4)]
    assert "now active" in program.window.status_label.text()
    assert store.recalled(OPEN_ENCOUNTER) == str(draft.id)
    words = [s.split()[0].upper() for s in seen]
    writes = [i for i, word in enumerate(words) if word in ("INSERT", "UPDATE", "DELETE")]
    assert len(writes) >= 3 and commits(seen) == 1  # the status, the countdown, the app state
    assert max(writes) < words.index("COMMIT")
