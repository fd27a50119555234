"""A finished encounter takes no fight action until it is reopened (issue 30). The refusal is in
the one place every operation passes through (``Operations.keep``) and in the one path of a
roll (``Roller``), not in the widgets: each fight action here is refused, said, and changes
nothing; the reopening is one undo step, and so is the finishing (its undo reopens it).
"""

from __future__ import annotations

import pytest

from encounter_app.domain import CountdownRow
from encounter_app.domain.requests import DiceRequest
from encounter_app.rules.daggerheart import Outcome, RestKind
from encounter_app.services.campaigns.actions import CampaignOperations
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.campaigns.operations import NewSessionHooks
from encounter_app.services.fight import table
from encounter_app.systems.daggerheart.services.operations import DaggerheartOperations
from tests.helpers.operations import fight_operations
from tests.helpers.systems import SYSTEMS


@pytest.fixture
def ops(demo_session, undo_stack, router, said):
    return fight_operations(demo_session, undo_stack, router, said)


def fight(session) -> tuple:
    """Everything the GM sees of the fight, to compare before and after."""
    return (tuple(session.combatants), tuple(session.countdowns), session.fear,
            tuple(session.rolls), tuple(session.fear_ledger), session.active_id, session.round)


def adversary(session):
    return next(c for c in session.combatants if c.kind == "adversary")


def test_finishing_is_one_step_and_its_undo_opens_the_encounter_again(ops, demo_session,
                                                                      undo_stack, said):
    store, session = demo_session.store, demo_session
    assert not session.finished and session.closed_reason() == ""
    assert ops.finish_encounter()
    assert session.finished and session.entry().status == "done"
    assert session.entry().summary is not None  # how it went, kept in the campaign
    assert said[-1][0].startswith("Finished.")
    assert undo_stack.count() == 1 and undo_stack.undoText() == f"Finish {session.entry().name}"
    undo_stack.undo()
    assert not session.finished and store.encounter_entries(
        session.campaign.id)[0].status == "active"
    undo_stack.redo()
    assert session.finished
    # Finishing it again is refused, said.
    steps = undo_stack.count()
    assert not ops.finish_encounter()
    assert undo_stack.count() == steps and said.errors[-1]


def test_every_fight_action_is_refused_until_it_is_reopened(qtbot, ops, demo_session,
                                                            undo_stack, said, roller):
    session = demo_session
    undo_stack.push(table.add_countdown(session, CountdownRow("Bell tolls", 3, 3)))
    ops.finish_encounter()
    before, steps = fight(session), undo_stack.count()
    target = adversary(session)
    dh = DaggerheartOperations(ops, roller)
    refusals = {
        "next turn": lambda: dh.next_turn(),
        "a player's outcome": lambda: ops.record_outcome(Outcome.SUCCESS_WITH_FEAR),
        "Fear": lambda: ops.gain_fear(),
        "a countdown tick": lambda: ops.tick_countdown(session.countdowns[0].id),
        "damage": lambda: dh.damage(target.id, 9),
        "a Stress": lambda: dh.mark_stress(target.id),
        "the spotlight": lambda: dh.spotlight(target.id),
        "a roll": lambda: dh.roll(DiceRequest("1d20")),
        "a combatant removed": lambda: ops.remove_combatant(target.id),
    }
    for what, act in refusals.items():
        said.clear()
        result = act()
        assert result in (False, None), what
        assert said.errors and "is finished: Encounter › Reopen encounter" in said.errors[0], \
            what
        assert fight(session) == before and undo_stack.count() == steps, what
    with qtbot.waitSignal(roller.failed, timeout=1000) as failed:
        assert roller.roll(DiceRequest("2d6")) == -1  # the dice line's roll: nothing rolled
    assert "is finished" in failed.args[0]
    qtbot.wait(50)
    assert fight(session) == before

    # A rest comes after the fight: a finished encounter takes it.
    with qtbot.waitSignal(undo_stack.indexChanged, timeout=5000):
        ops.rest(RestKind.SHORT)
    assert session.finished and undo_stack.count() == steps + 1
    before = fight(session)

    said.clear()
    assert ops.reopen_encounter()
    assert not session.finished and said[-1][0].startswith("Reopened")
    assert ops.gain_fear() and session.fear == before[2] + 1
    undo_stack.undo()
    undo_stack.undo()  # the reopening undone: finished again, and refusing
    assert session.finished and not ops.gain_fear()


def test_the_open_encounter_finished_in_the_campaign_view_refuses_fight_actions_too(
        demo_session, undo_stack, said, ops):
    """The campaign view's Finish of the encounter open in the window goes through the
    session: the window's fight knows at once, and the view's list follows an Undo."""
    book = CampaignBook(demo_session.store, SYSTEMS, demo_session.campaign.id)
    campaign = CampaignOperations(book, demo_session, NewSessionHooks(), undo_stack, said)
    assert campaign.finish_encounter(demo_session.encounter_id)
    assert demo_session.finished
    assert book.encounters[book.encounters.index_of(demo_session.encounter_id)].status == "done"
    assert not ops.gain_fear()
    undo_stack.undo()
    assert not demo_session.finished
    assert book.encounters[book.encounters.index_of(demo_session.encounter_id)].status == \
        "active"
    said.clear()
    assert ops.finish_encounter()  # from the window's Encounter menu: the list follows
    assert book.encounters[book.encounters.index_of(demo_session.encounter_id)].status == "done"
    assert not campaign.finish_encounter(demo_session.encounter_id)  # finished already
