"""The undo stack over the store: one GM action, one transaction, one undo step.

A step that fails changes nothing, in the database or on screen, and leaves no undo step; an
undo or redo that fails leaves the stack where it was. The failures here are raised by the
command itself after it has written (as a full disk fails at COMMIT, after every statement):
tests/ui/test_full_disk.py makes a real disk full.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CountdownRow, RollRow
from encounter_app.services.fight.commands import AddCountdown, RecordRoll, SetFear
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.undo import UndoStack
from encounter_app.store import WriteFailed
from tests.helpers.trace import commits, statements

FULL = WriteFailed("The disk holding /data is full: free some space and try again.",
                   "SQLITE_FULL")


class Flaky(QUndoCommand):
    """Gains a Fear (ledger and all), and fails after writing when told to."""

    def __init__(self, session: EncounterSession) -> None:
        super().__init__("Flaky Fear")
        self.inner = SetFear(session, session.fear + 1, "gm_move")
        self.fail_redo = self.fail_undo = False

    def redo(self) -> None:
        self.inner.redo()
        if self.fail_redo:
            raise FULL

    def undo(self) -> None:
        self.inner.undo()
        if self.fail_undo:
            raise FULL


def stored_fear(session: EncounterSession) -> int:
    return session.store.campaign(session.campaign.id).fear


def a_whole_action(session: EncounterSession) -> Compound:
    return Compound("Player rolled Failure with Fear", [
        SetFear(session, session.fear + 1, "pc_fear"),
        AddCountdown(session, CountdownRow(name="Bell", start=4, value=4)),
        RecordRoll(session, RollRow(kind="outcome", summary="Failure with Fear")),
    ])


def test_a_compound_action_its_undo_and_its_redo_each_commit_once(session, undo_stack):
    with statements(session.store) as seen:
        assert undo_stack.do(a_whole_action(session))
    assert commits(seen) == 1 and len(seen) > 4  # several writes, one transaction
    for step in (undo_stack.undo, undo_stack.redo):
        with statements(session.store) as seen:
            step()
        assert commits(seen) == 1
    assert session.fear == 1 and [c.name for c in session.countdowns] == ["Bell"]


def test_a_part_that_fails_takes_the_whole_action_back_and_leaves_no_step(qtbot, session,
                                                                          undo_stack):
    flaky = Flaky(session)
    flaky.fail_redo = True
    action = a_whole_action(session)
    action.add(flaky)  # fails last, after every other part has written and shown its change
    with qtbot.waitSignal(undo_stack.refused) as said:
        assert not undo_stack.do(action)
    assert "is full" in said.args[0] and "Player rolled Failure with Fear" in said.args[0]
    assert undo_stack.count() == 0 and not undo_stack.canUndo()
    store, encounter_id = session.store, session.encounter_id
    assert stored_fear(session) == 0 and store.fear_ledger(session.campaign.id) == []
    assert store.countdowns(encounter_id) == [] and store.rolls(encounter_id) == []


def test_the_window_s_lists_go_back_with_the_database(qtbot, session):
    stack = UndoStack(session.store)
    stack.rolled_back.connect(session.reload)
    flaky = Flaky(session)
    flaky.fail_redo = True
    action = a_whole_action(session)
    action.add(flaky)
    stack.do(action)
    assert session.fear == 0 and len(session.fear_ledger) == 0
    assert len(session.countdowns) == 0 and len(session.rolls) == 0


def test_a_failed_undo_leaves_the_stack_and_the_data_where_they_were(qtbot, session,
                                                                     undo_stack):
    undo_stack.rolled_back.connect(session.reload)
    assert undo_stack.do(SetFear(session, 1, "gm_move"))
    flaky = Flaky(session)
    assert undo_stack.do(flaky)
    flaky.fail_undo = True
    with qtbot.waitSignal(undo_stack.refused) as said:
        undo_stack.undo()
    assert said.args[0].startswith("Could not undo “Flaky Fear”")
    assert undo_stack.index() == 2 and undo_stack.undoText() == "Flaky Fear"
    assert session.fear == stored_fear(session) == 2
    flaky.fail_undo = False  # space was freed: the same Undo now works
    undo_stack.undo()
    assert undo_stack.index() == 1 and session.fear == stored_fear(session) == 1


def test_a_failed_redo_leaves_the_stack_and_the_data_where_they_were(qtbot, session,
                                                                     undo_stack):
    undo_stack.rolled_back.connect(session.reload)
    flaky = Flaky(session)
    assert undo_stack.do(flaky)
    undo_stack.undo()
    flaky.fail_redo = True
    with qtbot.waitSignal(undo_stack.refused):
        undo_stack.redo()
    assert undo_stack.index() == 0 and undo_stack.canRedo()
    assert session.fear == stored_fear(session) == 0
    flaky.fail_redo = False
    undo_stack.redo()
    assert undo_stack.index() == 1 and session.fear == stored_fear(session) == 1


def test_going_back_in_the_history_stops_at_the_step_that_fails(qtbot, session, undo_stack):
    # The history view jumps several steps with one click (QUndoStack.setIndex, in C++): the
    # steps before the failed one must not be undone past it.
    undo_stack.rolled_back.connect(session.reload)
    assert undo_stack.do(SetFear(session, 1, "gm_move"))
    flaky = Flaky(session)
    assert undo_stack.do(flaky)
    assert undo_stack.do(SetFear(session, 3, "gm_move"))
    flaky.fail_undo = True
    undo_stack.setIndex(0)
    assert undo_stack.index() == 2  # the last step undone, the failed one and the first kept
    assert session.fear == stored_fear(session) == 2
    assert [e.value for e in session.fear_ledger] == [2, 1]


def test_a_refused_action_keeps_what_the_gm_can_redo(qtbot, session, undo_stack):
    assert undo_stack.do(SetFear(session, 1, "gm_move"))
    assert undo_stack.do(SetFear(session, 2, "gm_move"))
    undo_stack.undo()
    flaky = Flaky(session)
    flaky.fail_redo = True
    assert not undo_stack.do(flaky)
    assert undo_stack.count() == 2 and undo_stack.canRedo()
    undo_stack.redo()
    assert session.fear == 2
