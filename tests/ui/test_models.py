"""The Qt models: Qt's own consistency checks, and drag and drop reaching the database."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.services.fight import commands
from encounter_app.ui.fight.models import (
    ActiveRole,
    AdversaryCardsModel,
    CountdownModel,
    InitiativeModel,
    RollLogModel,
    RowRole,
)
from tests.helpers.operations import fight_operations
from tests.helpers.systems import SYSTEMS


@pytest.fixture
def session(demo_session):
    return demo_session


@pytest.fixture
def stack(store):
    """The program's stack: each step one transaction of the store."""
    from encounter_app.services.undo import UndoStack

    return UndoStack(store)


@pytest.fixture
def initiative(session, stack):
    return InitiativeModel(fight_operations(session, stack))


def stored_names(store, session):
    return [c.name for c in store.combatants(session.encounter_id)]


def model_names(model):
    return [model.index(r).data() for r in range(model.rowCount())]


def test_every_model_passes_qt_model_tester(qtmodeltester, session, initiative):
    cards = AdversaryCardsModel()
    cards.setSourceModel(initiative)
    for model in (initiative, cards, CountdownModel(session), RollLogModel(session)):
        qtmodeltester.check(model, force_py=True)


def test_model_tester_watches_changes_as_they_happen(qtmodeltester, session, initiative, stack):
    cards = AdversaryCardsModel()
    cards.setSourceModel(initiative)
    qtmodeltester.check(initiative, force_py=True)
    stack.push(commands.AddCombatant(session, CombatantRow(kind="pc", name="Nyx", evasion=11)))
    stack.push(commands.MoveCombatant(session, 0, 4))
    stack.push(commands.MoveCombatant(session, 6, 1))
    stack.push(commands.RemoveCombatant(session, 2))
    stack.push(commands.SetTurn(session, session.combatants[3].id, 2))
    while stack.canUndo():
        stack.undo()


@pytest.mark.parametrize(("source", "drop_row", "expected"), [
    (0, 3, [1, 2, 0, 3, 4, 5, 6]),  # drag the first row to between rows 2 and 3
    (0, 7, [1, 2, 3, 4, 5, 6, 0]),  # to the very end
    (5, 0, [5, 0, 1, 2, 3, 4, 6]),  # to the top
    (2, 2, [0, 1, 2, 3, 4, 5, 6]),  # onto itself: nothing moves
    (2, 3, [0, 1, 2, 3, 4, 5, 6]),  # onto the gap just below itself: nothing moves
])
def test_drag_and_drop_changes_the_order_in_the_database(store, session, initiative, stack,
                                                         source, drop_row, expected):
    before = stored_names(store, session)
    mime = initiative.mimeData([initiative.index(source)])
    initiative.dropMimeData(mime, Qt.DropAction.MoveAction, drop_row, 0, QModelIndex())
    after = [before[i] for i in expected]
    assert stored_names(store, session) == after
    assert model_names(initiative) == after
    if after != before:
        stack.undo()
        assert stored_names(store, session) == before


def test_dropping_onto_a_row_puts_the_dragged_row_there(store, session, initiative):
    before = stored_names(store, session)
    mime = initiative.mimeData([initiative.index(6)])
    initiative.dropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, initiative.index(1))
    assert stored_names(store, session)[1] == before[6]


def test_foreign_drops_are_refused(initiative):
    from PySide6.QtCore import QMimeData

    mime = QMimeData()
    mime.setText("Aria")
    assert not initiative.canDropMimeData(mime, Qt.DropAction.MoveAction, 0, 0, QModelIndex())
    assert not initiative.dropMimeData(mime, Qt.DropAction.MoveAction, 0, 0, QModelIndex())


def test_active_role_follows_the_spotlight(qtbot, session, initiative, stack):
    target = session.combatants[3]
    with qtbot.waitSignal(initiative.dataChanged, timeout=1000):
        stack.push(commands.SetTurn(session, target.id, 1))
    actives = [initiative.index(r).data(ActiveRole) for r in range(initiative.rowCount())]
    assert actives == [r == 3 for r in range(initiative.rowCount())]


def test_the_old_spotlight_row_is_repainted_even_after_it_was_dragged(qtbot, session,
                                                                      initiative, stack):
    stack.push(commands.SetTurn(session, session.combatants[1].id, 1))
    stack.push(commands.MoveCombatant(session, 1, 5))  # the active one moves to row 5
    changed = []
    initiative.dataChanged.connect(lambda top, _bottom, roles: changed.append(top.row()))
    stack.push(commands.SetTurn(session, session.combatants[2].id, 1))
    assert sorted(changed) == [2, 5]


def test_cards_show_the_adversaries_in_spotlight_order(session, initiative, stack):
    cards = AdversaryCardsModel()
    cards.setSourceModel(initiative)
    names = [cards.index(r, 0).data(RowRole).name for r in range(cards.rowCount())]
    assert names == [c.name for c in session.combatants if c.kind == "adversary"]
    assert len(names) == 4
    stack.push(commands.MoveCombatant(session, 6, 0))
    assert cards.index(0, 0).data(RowRole).name == names[-1]


def test_roll_log_is_newest_first(session, stack):
    log = RollLogModel(session)
    for n in range(3):
        stack.push(commands.RecordRoll(session, RollRow(kind="dice", summary=f"roll {n}")))
    assert model_names(log) == ["roll 2", "roll 1", "roll 0"]
    stack.undo()
    stack.undo()
    stack.redo()
    assert model_names(log) == ["roll 1", "roll 0"]


def test_the_roll_log_model_fetches_older_rolls_a_page_at_a_time(qtmodeltester, store,
                                                                 session):
    from encounter_app.services.fight.session import ROLL_PAGE, EncounterSession

    for n in range(ROLL_PAGE + 20):
        store.insert_roll(session.encounter_id, RollRow(kind="dice", summary=f"roll {n}"))
    log = RollLogModel(EncounterSession(store, session.encounter_id, SYSTEMS))
    assert log.rowCount() == ROLL_PAGE
    assert log.canFetchMore(QModelIndex())
    qtmodeltester.check(log, force_py=True)  # it fetches the next page itself, and checks it
    assert log.rowCount() == ROLL_PAGE + 20
    assert not log.canFetchMore(QModelIndex())
    assert model_names(log)[-1] == "roll 0"


def test_scrolling_the_roll_log_to_the_bottom_reads_the_next_page(qtbot, store, session):
    from encounter_app.services.fight.session import ROLL_PAGE, EncounterSession
    from encounter_app.ui.fight.roll_log import RollLogView

    for n in range(3 * ROLL_PAGE):
        store.insert_roll(session.encounter_id, RollRow(kind="dice", summary=f"roll {n}"))
    reading = EncounterSession(store, session.encounter_id, SYSTEMS)
    log = RollLogModel(reading)
    view = RollLogView(log, reading.system)
    qtbot.addWidget(view)
    view.resize(300, 400)
    view.show()
    qtbot.waitExposed(view)
    assert log.rowCount() == ROLL_PAGE  # one page fills the view
    view.scrollToBottom()
    qtbot.waitUntil(lambda: log.rowCount() == 2 * ROLL_PAGE, timeout=2000)


def card_names(cards):
    return [cards.index(r, 0).data(RowRole).name for r in range(cards.rowCount())]


def adversary_names(session):
    return [c.name for c in session.combatants if c.kind == "adversary"]


def test_cards_follow_every_move_insertion_and_removal(qtmodeltester, session, initiative,
                                                       stack):
    import random

    cards = AdversaryCardsModel()
    cards.setSourceModel(initiative)
    qtmodeltester.check(cards, force_py=True)
    moves = []
    cards.rowsMoved.connect(lambda *args: moves.append(args))
    rng = random.Random(4)
    for step in range(60):
        count = len(session.combatants)
        action = rng.random()
        if action < 0.6:
            source, destination = rng.randrange(count), rng.randrange(count)
            if source != destination:
                stack.push(commands.MoveCombatant(session, source, destination))
        elif action < 0.8:
            kind = rng.choice(["pc", "adversary"])
            stats = next(c.stats for c in session.combatants if c.stats) if kind != "pc" else None
            stack.push(commands.AddCombatant(session, CombatantRow(
                kind=kind, name=f"{kind} {step}", evasion=10, stats=stats),
                rng.randrange(count + 1)))
        elif count > 1:
            stack.push(commands.RemoveCombatant(session, rng.randrange(count)))
        assert card_names(cards) == adversary_names(session)
        for row in range(cards.rowCount()):
            source = cards.mapToSource(cards.index(row, 0))
            assert cards.mapFromSource(source).row() == row
    assert moves, "some moves should have moved a card past another"
    while stack.canUndo():
        stack.undo()
        assert card_names(cards) == adversary_names(session)


def test_moving_a_pc_past_cards_does_not_disturb_them(qtbot, session, initiative, stack):
    cards = AdversaryCardsModel()
    cards.setSourceModel(initiative)
    before = card_names(cards)
    pc_row = next(i for i, c in enumerate(session.combatants) if c.kind == "pc")
    signals = []
    for signal in (cards.rowsMoved, cards.layoutChanged, cards.modelReset, cards.dataChanged):
        signal.connect(lambda *args: signals.append(args))
    stack.push(commands.MoveCombatant(session, pc_row, len(session.combatants) - 1))
    assert card_names(cards) == before
    assert signals == []
    marked = next(c for c in session.combatants if c.kind == "adversary" and c.name == before[2])
    stack.push(commands.SetMarks(session, marked.id, 1, 0))
    assert [(top.row(), bottom.row()) for top, bottom, *_ in signals] == [(2, 2)]


def test_a_row_that_becomes_an_adversary_gets_a_card(qtmodeltester, session, initiative,
                                                     stack):
    from dataclasses import replace

    cards = AdversaryCardsModel()
    cards.setSourceModel(initiative)
    qtmodeltester.check(cards, force_py=True)
    pc = next(c for c in session.combatants if c.kind == "pc")
    stats = next(c.stats for c in session.combatants if c.stats)
    stack.push(commands.UpdateCombatant(session, replace(pc, kind="adversary", stats=stats),
                                        "x"))
    assert card_names(cards) == adversary_names(session)
    assert pc.name in card_names(cards)
    stack.undo()
    assert card_names(cards) == adversary_names(session)
    assert pc.name not in card_names(cards)
