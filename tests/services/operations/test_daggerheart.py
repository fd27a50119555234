"""Daggerheart's one way in (systems/daggerheart/services/operations.py): a roll
with an Experience spends its Fear with the roll's log line as one step, or spends nothing and
says why; tracked PCs, a joining adversary and the players' inbox decide here, not in a widget.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from encounter_app.domain.requests import DiceRequest
from encounter_app.services.rolls.roller import Roller
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.services.operations import NOBODY, DaggerheartOperations
from tests.helpers.operations import fight_operations

ROLL = DiceRequest("1d20+2", "Warden")


@pytest.fixture
def ops(demo_session, undo_stack, roller, said) -> DaggerheartOperations:
    return DaggerheartOperations(fight_operations(demo_session, undo_stack, roller.router, said),
                                 roller)


def pc(session):
    return next(c for c in session.combatants if c.kind == "pc")


# -- a roll with an Experience -------------------------------------------------------------


def test_an_experience_spends_its_fear_with_the_rolls_line_in_one_step(qtbot, ops, roller,
                                                                       demo_session,
                                                                       undo_stack):
    ops.fight.set_fear(2)
    rolls = len(demo_session.rolls)
    with qtbot.waitSignal(roller.recorded):
        assert ops.roll(ROLL, "Warden", "Shield Wall")
    assert demo_session.fear == 1 and len(demo_session.rolls) == rolls + 1
    assert demo_session.fear_ledger[0].note == "Warden: Shield Wall"
    assert undo_stack.count() == 2  # the Fear set above, then the roll with its Fear
    undo_stack.undo()
    assert demo_session.fear == 2 and len(demo_session.rolls) == rolls


def test_an_empty_pool_refuses_the_roll_before_it_is_made(ops, roller, demo_session, said,
                                                           undo_stack):
    emptied = ops.fight.set_fear(0)
    assert not ops.roll(ROLL, "Warden", "Shield Wall")
    assert roller.router.pending == 0  # nothing was sent to be rolled
    assert said.errors == ["No Fear to spend on Warden's Shield Wall: the roll was not made."]
    assert undo_stack.count() == int(emptied)  # only the Fear set to 0, when it was not


def test_the_last_fear_spent_meanwhile_leaves_the_roll_unlogged(qtbot, ops, roller,
                                                                demo_session, undo_stack):
    ops.fight.set_fear(1)
    steps, rolls = undo_stack.count(), len(demo_session.rolls)
    failed = []
    roller.failed.connect(failed.append)
    assert ops.roll(ROLL, "Warden", "Shield Wall")
    ops.fight.spend_fear()  # the GM spends the last Fear while the dice roll
    qtbot.waitUntil(lambda: bool(failed))
    assert failed == ["No Fear left to spend on Warden's Shield Wall: the roll was not logged."]
    assert len(demo_session.rolls) == rolls and undo_stack.count() == steps + 1


def test_a_roll_without_an_experience_is_logged_as_it_comes(qtbot, ops, roller, demo_session):
    fear = demo_session.fear
    with qtbot.waitSignal(roller.recorded):
        assert ops.roll(ROLL)
    assert demo_session.fear == fear


# -- tracked PCs, joining, stat blocks -------------------------------------------------------


def test_a_tracked_pcs_track_is_one_step_and_nothing_when_unchanged(ops, demo_session,
                                                                    undo_stack):
    hero = pc(demo_session)
    hope = pc_tracks.tracks(hero).hope
    assert not ops.set_track(hero.id, "hope", hope)
    assert undo_stack.count() == 0
    assert ops.set_track(hero.id, "hope", hope + 1)
    assert pc_tracks.tracks(demo_session.combatants.by_id(hero.id)).hope == hope + 1
    assert undo_stack.undoText() == f"Hope of {hero.name}"


def test_hits_marked_on_pcs_are_one_step_and_said(ops, demo_session, undo_stack, said):
    heroes = [c for c in demo_session.combatants if c.kind == "pc"][:2]
    assert not ops.mark_pc_hits([], "Nothing")
    hit = [replace(h, hp_marked=h.hp_marked + 1) for h in heroes]
    assert ops.mark_pc_hits(hit, "Sentry's attack")
    assert [demo_session.combatants.by_id(h.id).hp_marked for h in heroes] == \
        [h.hp_marked for h in hit]
    assert undo_stack.count() == 1
    assert said[-1] == (f"Sentry's attack: marked on {heroes[0].name}, {heroes[1].name}.",
                        False)


def test_a_second_of_a_kind_joins_numbered(ops, demo_session):
    foe = next(c for c in demo_session.combatants if c.kind == "adversary")
    assert ops.join(replace(foe, id=None, hp_marked=0))
    assert demo_session.combatants[-1].name.startswith(f"{foe.name} ")


def test_a_stat_block_edited_to_itself_is_no_step(ops, demo_session, undo_stack):
    foe = next(c for c in demo_session.combatants if c.stats is not None)
    assert not ops.edit_card_stats(foe.id, foe.stats)
    assert undo_stack.count() == 0
    assert ops.edit_card_stats(foe.id, replace(foe.stats, hp=foe.stats.hp + 2))
    assert demo_session.combatants.by_id(foe.id).hp_max == foe.stats.hp + 2


def test_next_with_nobody_to_take_it_says_so(store, undo_stack, rules_service, said):
    from encounter_app.services.fight.session import EncounterSession
    from tests.helpers.systems import SYSTEMS

    campaign = store.create_campaign("Empty", system="daggerheart", party_size=0, fear=0)
    session = EncounterSession(store, store.create_encounter(campaign.id, "Nobody").id,
                               SYSTEMS)
    roller = Roller(rules_service, session, undo_stack)
    ops = DaggerheartOperations(fight_operations(session, undo_stack, roller.router, said),
                                roller)
    assert not ops.next_turn()
    assert said == [(NOBODY, False)] and undo_stack.count() == 0
