"""Properties that hold whatever the GM clicks: popcorn never gives anyone two turns in a round,
and a clash never spends points a combatant does not have."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QUndoStack

from encounter_app.rules import casus_mus
from encounter_app.services.fight import turns
from encounter_app.services.fight.session import EncounterSession
from encounter_app.store import Store
from encounter_app.systems.casus_mus.services.clash import ClashFlow, Side
from encounter_app.systems.forge_of_power.services import turns as fop_turns
from tests.helpers.systems import SYSTEMS, create_sample

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(picks=st.lists(st.tuples(st.integers(0, 50), st.booleans(), st.booleans()),
                      min_size=1, max_size=30))
def test_popcorn_nobody_acts_twice_in_a_round(qapp, tmp_path_factory, picks):
    store = Store.open(tmp_path_factory.mktemp("popcorn"), SYSTEMS)
    try:
        session = EncounterSession(store, create_sample(store, "forge_of_power").id, SYSTEMS)
        stack = QUndoStack()
        turns_this_round = [session.active_id]
        for pick, interrupt, attack in picks:
            if attack:
                ids = [r.id for r in session.combatants]
                marked = fop_turns.attacked_targets(session, session.active_id,
                                                [ids[pick % len(ids)]])
                if marked is not None:
                    stack.push(marked)
            rows = fop_turns.interrupters(session) if interrupt else fop_turns.next_choices(session)
            if not rows:
                continue
            before = session.round
            stack.push(fop_turns.end_popcorn_turn(session, rows[pick % len(rows)].id,
                                              interrupt=interrupt))
            if session.round != before:
                # a round ends only when everyone has had exactly one turn
                assert sorted(turns_this_round) == sorted(r.id for r in session.combatants)
                turns_this_round = []
            assert session.active_id not in turns_this_round
            turns_this_round.append(session.active_id)
    finally:
        store.close()


@SETTINGS
@given(seed=st.integers(0, 2**32), ap=st.integers(0, 3), lp=st.integers(0, 3),
       steps=st.lists(st.sampled_from(["attacker_reroll", "attacker_flip", "defender_force",
                                       "react", "decline", "attacker_force",
                                       "defender_reroll", "defender_flip"]), max_size=12))
def test_a_clash_never_spends_what_is_not_there(seed, ap, lp, steps):
    rng = random.Random(seed)
    attacker, defender = Side(1, "A", 55, "Combat", ap, lp), Side(2, "D", 45, "Evade", ap, lp)
    flow = ClashFlow(attacker, defender)
    if flow.why_not_attack():
        assert ap == 0
        return
    flow.attack(casus_mus.roll_skill(55, rng))
    for step in steps:
        side = attacker if step.startswith("attacker") else defender
        new = casus_mus.roll_skill(side.skill, rng)
        try:
            if step == "react":
                flow.react(new)
            elif step == "decline":
                flow.decline()
            elif step.endswith("force"):
                flow.force(side, new)
            else:
                option = casus_mus.LuckOption.FLIP if step.endswith("flip") else \
                    casus_mus.LuckOption.REROLL
                flow.own_luck(side, option, new)
        except turns.TurnError:
            continue
    for side in (attacker, defender):
        assert 0 <= side.lp_spent <= side.lp and 0 <= side.ap_spent <= min(side.ap, 1)
        assert side.lp_spent <= 2  # one own-roll Luck Point and one forced reroll at most
