"""The Fear spent in a scene is counted from 0 again after a short rest, a long rest (even one
at the cap of 12, which gains nothing) and the GM's New scene; an undo brings the old count
back (core GM mechanics, "Using Fear": how much to spend in a scene)."""

from __future__ import annotations

import pytest

from encounter_app.rules.daggerheart import RestKind
from encounter_app.services.rolls.roller import Roller
from encounter_app.systems.daggerheart.services.operations import DaggerheartOperations
from tests.helpers.operations import Said, fight_operations


@pytest.fixture
def ops(demo_session, undo_stack, rules_service) -> DaggerheartOperations:
    roller = Roller(rules_service, demo_session, undo_stack)
    return DaggerheartOperations(fight_operations(demo_session, undo_stack, roller.router,
                                                  Said()), roller)


def spend(ops, count: int, start: int = 12) -> None:
    ops.fight.set_fear(start)
    for _ in range(count):
        assert ops.fight.spend_fear("extra_move")


def rest(qtbot, ops, kind: RestKind) -> None:
    rested = []
    ops.fight.rest(kind, rested.append)
    qtbot.waitUntil(lambda: bool(rested))


@pytest.mark.parametrize("kind", [RestKind.SHORT, RestKind.LONG])
def test_a_rest_counts_the_scenes_fear_from_zero_and_undo_brings_it_back(qtbot, ops,
                                                                          demo_session,
                                                                          undo_stack, kind):
    spend(ops, 5)
    assert demo_session.fear_spent_in_scene == 5
    rest(qtbot, ops, kind)
    assert demo_session.fear_spent_in_scene == 0
    ops.fight.spend_fear("interrupt")
    assert demo_session.fear_spent_in_scene == 1  # the new scene's own spend
    undo_stack.undo()
    undo_stack.undo()  # the rest
    assert demo_session.fear_spent_in_scene == 5
    undo_stack.redo()
    assert demo_session.fear_spent_in_scene == 0


def test_a_rest_at_the_cap_gains_nothing_yet_ends_the_scene(qtbot, ops, demo_session,
                                                            undo_stack):
    spend(ops, 2, start=12)
    ops.fight.set_fear(12)
    assert demo_session.fear_spent_in_scene == 2
    steps = undo_stack.count()
    rest(qtbot, ops, RestKind.LONG)
    assert demo_session.fear == 12 and undo_stack.count() == steps + 1
    assert demo_session.fear_spent_in_scene == 0
    assert demo_session.fear_ledger[0].change == 0  # the rest's line, moving no Fear
    assert demo_session.fear_ledger[0].reason == "long_rest"
    undo_stack.undo()
    assert demo_session.fear_spent_in_scene == 2 and demo_session.fear == 12


def test_new_scene_counts_from_zero_in_one_step_and_moves_no_fear(ops, demo_session,
                                                                 undo_stack):
    spend(ops, 3)
    fear, steps = demo_session.fear, undo_stack.count()
    assert ops.new_scene()
    assert demo_session.fear_spent_in_scene == 0 and demo_session.fear == fear
    assert undo_stack.count() == steps + 1
    undo_stack.undo()
    assert demo_session.fear_spent_in_scene == 3 and demo_session.fear == fear


def test_a_rest_in_a_game_without_fear_leaves_the_ledger_alone(store, undo_stack):
    from encounter_app.services.fight.session import EncounterSession
    from tests.helpers.systems import SYSTEMS, create_sample

    session = EncounterSession(store, create_sample(store, "casus_mus", seed=2).id, SYSTEMS)
    rested = []
    fight_operations(session, undo_stack).rest(RestKind.SHORT, rested.append)
    assert rested and list(session.fear_ledger) == []
