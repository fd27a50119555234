"""The recap of a played demo fight in each system (services/recap.py): its rounds, who acted,
a defeat with its attacker, the Fear and its reasons, a countdown started and triggered, a
critical success, the players' rolls and a rest; the event log each GM action writes in its
own undo step; and the players' version, which holds nothing they did not see."""

from __future__ import annotations

import html
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.domain import CountdownRow
from encounter_app.domain.campaign_rows import EncounterEntry
from encounter_app.domain.rows import FightEventRow
from encounter_app.exchange.recap_text import md
from encounter_app.rules.daggerheart import RestKind
from encounter_app.services.fight import commands
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.recap import KEPT_FROM_BEFORE, Recaps
from encounter_app.services.undo import UndoStack
from tests.helpers.operations import fight_operations
from tests.helpers.phones import phone_roll
from tests.helpers.systems import KEYS, SYSTEMS, create_sample

SECRET_FOE = "Zzyzx Lurker"
SECRET_CLOCK = "Qworp Ritual"


def _played(qtbot, store, router, key: str):
    """The demo of ``key`` played: a foe hidden (renamed to a name found nowhere else) and
    never shown, the spotlight passed through two rounds, a shown countdown run out and a
    GM-only one, Fear gained and spent (with Fear), a player's roll that is a critical
    success, a player's roll that marks a foe's last HP, made public, and a rest."""
    encounter = create_sample(store, key, seed=3)
    session = EncounterSession(store, encounter.id, SYSTEMS)
    stack = UndoStack(store)
    ops = fight_operations(session, stack, router)
    pcs = [c for c in session.combatants if c.kind == "pc"]
    foes = [c for c in session.combatants if c.kind != "pc"]
    secret, victim = foes[-1], foes[0]
    assert stack.do(commands.UpdateCombatant(session, replace(secret, name=SECRET_FOE),
                                             "rename"))
    assert ops.toggle_hidden(secret.id)
    for _ in range(len(session.combatants) + 1):
        assert stack.do(commands.SetTurn(session, *session.next_turn()))
    ops.add_countdown(CountdownRow("Collapse", 2, 2, visible=True))
    ops.add_countdown(CountdownRow(SECRET_CLOCK, 1, 1))
    for clock in list(session.countdowns):
        ops.tick_countdown(clock.id)
        ops.tick_countdown(clock.id)
    if session.system.has_fear:
        assert ops.gain_fear("roll_with_fear") and ops.spend_fear("interrupt")
    critical = _critical(session, stack, pcs[0])
    # the hidden foe attacks in a shown roll: the players see the roll without its name
    # a player's roll that marks the foe's last HP, one step: the roll's actor is the attacker
    roll = phone_roll(session, pcs[1], session.system.phone_forms(pcs[1])[0].key,
                      _dice(session, pcs[1], 2))
    step = session.system.phone_record(session, roll, _form(session, pcs[1]).gm_default)
    assert stack.do(Compound("hit", [step.command, commands.SetMarks(
        session, victim.id, victim.hp_max, victim.stress_marked)]))
    for row in list(session.rolls):
        ops.toggle_roll_public(stored(row))
    rested = []
    ops.rest(RestKind.SHORT, rested.append)
    qtbot.waitUntil(lambda: bool(rested), timeout=10_000)
    return session, stack, pcs, victim, critical


def stored(row) -> int:
    assert row.id is not None
    return row.id


def _form(session, pc):
    return session.system.phone_forms(pc)[0]


def _dice(session, pc, value: int) -> dict[str, int]:
    form = _form(session, pc)
    choices = {choice.key: choice.values[0] for choice in form.choices}
    return {die.key: min(value, die.sides) for die in form.dice_for(choices)}


def _critical(session, stack, pc) -> str:
    """A roll of ``pc`` from the phone that is a critical success in its system, found by
    trying each face of its dice (a roll that is not is undone)."""
    form = _form(session, pc)
    choices = {choice.key: choice.values[0] for choice in form.choices}
    dice = form.dice_for(choices)
    faces = [sorted({1, 2, die.sides, die.sides - 1, 10}) for die in dice]
    for values in product(*faces):
        thrown = {die.key: min(v, die.sides) for die, v in zip(dice, values, strict=True)}
        roll = phone_roll(session, pc, form.key, thrown, choices=choices)
        step = session.system.phone_record(session, roll, form.gm_default)
        assert stack.do(step.command)
        newest = session.rolls[0]
        logged = session.system.read_roll(newest)
        if logged is not None and logged.critical:
            return newest.summary
        stack.undo()
    raise AssertionError(f"no critical success among {faces}")


@pytest.mark.parametrize("key", KEYS)
def test_a_played_demo_fight_recaps_in_its_systems_words(qtbot, store, router, key):
    session, _stack, pcs, victim, critical = _played(qtbot, store, router, key)
    recaps = Recaps(store, SYSTEMS)
    recap = recaps.gather_encounter(session.encounter_id, players=False)
    [fight] = recap.encounters
    assert recap.system == SYSTEMS.get(key).name
    assert fight.rounds == session.round == 2 and not fight.kept_from_before
    assert [acted.round for acted in fight.acted] == [1, 2]
    first_round = fight.acted[0].names
    assert first_round[0] == session.combatants[0].name
    assert f"{SECRET_FOE} (hidden)" in first_round
    assert len(first_round) == len(session.combatants)
    [defeat] = [d for d in fight.defeated if d.name == victim.name]
    assert defeat.by == pcs[1].name and defeat.round == 2
    ours = ("Collapse", f"{SECRET_CLOCK} (GM only)")
    assert [(c.name, c.event) for c in fight.countdowns if c.name in ours] == [
        ("Collapse", "started"), (f"{SECRET_CLOCK} (GM only)", "started"),
        ("Collapse", "triggered"), (f"{SECRET_CLOCK} (GM only)", "triggered")]
    assert critical in [line.text for line in fight.criticals]
    assert critical in [line.text for line in fight.rolls]
    assert all(line.actor in {pc.name for pc in pcs} for line in fight.rolls)
    assert len(fight.rests) == 1
    if session.system.has_fear:
        reasons = [line.reason for line in fight.fear or ()]
        assert reasons[:2] == ["A PC rolled with Fear", "Interrupt the players and make a move"]
        assert any(reason.startswith("Short rest") for reason in reasons[2:])
    else:
        assert fight.fear is None
    text = recaps.encounter(session.encounter_id, players=False)
    assert "Fear" in text.markdown if session.system.has_fear else "### Fear" not in text.markdown
    assert md(victim.name) in text.markdown and html.escape(victim.name) in text.html
    assert text.html.startswith("<!doctype html>") and "@media print" in text.html


@pytest.mark.parametrize("key", KEYS)
def test_the_players_recap_holds_nothing_they_did_not_see(qtbot, store, router, key):
    session, _stack, pcs, victim, _crit = _played(qtbot, store, router, key)
    recaps = Recaps(store, SYSTEMS)
    recap = recaps.gather_encounter(session.encounter_id, players=True)
    [fight] = recap.encounters
    assert SECRET_FOE not in str(recap) and SECRET_CLOCK not in str(recap)
    assert [(c.name, c.event) for c in fight.countdowns if c.name == "Collapse"] == [
        ("Collapse", "started"), ("Collapse", "triggered")]
    assert [d.by for d in fight.defeated if d.name == victim.name] == [pcs[1].name]
    assert len(fight.acted[0].names) == len(session.combatants) - 1
    assert fight.criticals and fight.rolls
    # a player's own dice, as they landed (a d100 is in Casus Mus' words already)
    assert all(line.dice for line in fight.rolls) or key == "casus_mus"
    text = recaps.encounter(session.encounter_id, players=True)
    for page in (text.markdown, text.html):
        for secret in (SECRET_FOE, SECRET_CLOCK, "Difficulty", " DC ", "GM only", "hidden"):
            assert secret not in page, secret
        assert "HP" not in page


@pytest.mark.parametrize("key", KEYS)
def test_an_undone_action_takes_its_events_with_it(qtbot, store, key):
    encounter = create_sample(store, key, seed=3)
    session = EncounterSession(store, encounter.id, SYSTEMS)
    stack = UndoStack(store)
    ops = fight_operations(session, stack)
    foe = next(c for c in session.combatants if c.kind != "pc")
    before = store.events(encounter.id)
    assert stack.do(commands.SetMarks(session, foe.id, foe.hp_max, 0))
    kinds = [e.kind for e in store.events(encounter.id)]
    assert kinds == [e.kind for e in before] + ["defeated"]
    stack.undo()
    assert store.events(encounter.id) == before
    stack.redo()
    assert [e.kind for e in store.events(encounter.id)] == kinds
    # marked by hand: no attacker, but who had the spotlight is said
    [defeat] = Recaps(store, SYSTEMS).gather_encounter(encounter.id,
                                                      players=False).encounters[0].defeated
    assert (defeat.name, defeat.by) == (foe.name, "")
    assert defeat.spotlight == session.combatants[0].name != foe.name
    assert ops.toggle_hidden(foe.id)
    assert store.events(encounter.id)[-1].kind == "hidden"
    stack.undo()
    assert store.events(encounter.id)[-1].kind == "defeated"


def test_an_encounter_from_before_the_event_log_says_what_its_records_hold(qtbot, store):
    encounter = create_sample(store, "daggerheart", seed=3)
    session = EncounterSession(store, encounter.id, SYSTEMS)
    for event in store.events(encounter.id):  # as a fight played before migration 0010
        store.delete_event(stored(event))
    stack = UndoStack(store)
    foe = next(c for c in session.combatants if c.kind != "pc")
    with store.unit():  # written as an older version wrote it: no event
        store.update_combatant(replace(foe, hp_marked=foe.hp_max))
    fight_operations(session, stack).finish_encounter()
    assert store.events(encounter.id) == []
    [fight] = Recaps(store, SYSTEMS).gather_encounter(encounter.id, players=False).encounters
    assert fight.kept_from_before == KEPT_FROM_BEFORE
    assert [d.name for d in fight.defeated] == [foe.name]
    text = Recaps(store, SYSTEMS).last_for_players(encounter.campaign_id)
    assert text is not None and "Kept from before the event log" in text.markdown


@pytest.mark.parametrize("played_last", [0, 1])
def test_last_session_is_the_finished_encounter_played_last_not_the_last_listed(
        qtbot, store, played_last):
    first = create_sample(store, "daggerheart", seed=3)
    store.insert_encounter(first.campaign_id, EncounterEntry("The Bridge"), 1)
    entries = store.encounter_entries(first.campaign_id)
    assert [e.name for e in entries] == [first.name, "The Bridge"]
    order = [entries[1 - played_last], entries[played_last]]  # the other one first
    for entry in order:
        store.insert_event(stored(entry), FightEventRow("round", what="Round 2",
                                                        visible=True, round=2))
    for entry in store.encounter_entries(first.campaign_id):
        store.update_encounter_entry(replace(entry, status="done"))
    text = Recaps(store, SYSTEMS).last_for_players(first.campaign_id)
    assert text is not None and entries[played_last].name in text.title


def test_a_session_recap_holds_the_fights_of_that_session(qtbot, store):
    encounter = create_sample(store, "casus_mus", seed=3)
    session = EncounterSession(store, encounter.id, SYSTEMS)
    stack = UndoStack(store)
    assert stack.do(commands.SetTurn(session, *session.next_turn()))
    recaps = Recaps(store, SYSTEMS)
    assert recaps.sessions(encounter.campaign_id) == [1]
    recap = recaps.gather_session(encounter.campaign_id, 1, players=False)
    assert recap.session == 1 and [f.name for f in recap.encounters] == [encounter.name]
    assert recaps.gather_session(encounter.campaign_id, 2, players=False).encounters == ()
    assert "session 1" in recaps.session(encounter.campaign_id, 1, players=True).markdown
    # the next game session, begun in the campaign view while the fight stays open
    campaign = store.campaign(encounter.campaign_id)
    store.update_campaign(replace(campaign, session_number=2))
    foe = next(c for c in session.combatants if c.kind != "pc")
    assert stack.do(commands.SetMarks(session, foe.id, foe.hp_max, 0))
    assert recaps.sessions(encounter.campaign_id) == [1, 2]
    [first] = recaps.gather_session(encounter.campaign_id, 1, players=False).encounters
    [second] = recaps.gather_session(encounter.campaign_id, 2, players=False).encounters
    assert first.defeated == () and [d.name for d in second.defeated] == [foe.name]
    assert second.acted == ()


def test_a_name_cannot_break_the_markdown_or_the_page(qtbot, store):
    encounter = create_sample(store, "ruins_and_raiders", seed=3)
    session = EncounterSession(store, encounter.id, SYSTEMS)
    stack = UndoStack(store)
    foe = next(c for c in session.combatants if c.kind != "pc")
    name = "<script>x</script> *Bold* [link](y) | pipe"
    assert stack.do(commands.UpdateCombatant(session, replace(foe, name=name), "rename"))
    assert stack.do(commands.SetMarks(session, foe.id, foe.hp_max, 0))
    text = Recaps(store, SYSTEMS).encounter(encounter.id, players=False)
    assert "<script>" not in text.html and "&lt;script&gt;" in text.html
    assert "\\*Bold\\*" in text.markdown and "\\[link\\]" in text.markdown
    assert "\\<script\\>" in text.markdown and "\\| pipe" in text.markdown


def test_a_database_made_at_0009_upgrades_with_an_empty_event_log(tmp_path):
    from encounter_app.store import Store
    from tests.helpers.databases import build_at

    build_at(tmp_path / "encounter.db", "0009")
    store = Store.open(tmp_path, SYSTEMS)
    try:
        assert store.events(1) == []
    finally:
        store.close()


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(key=st.sampled_from(KEYS), moves=st.lists(
    st.tuples(st.sampled_from(["turn", "hide", "show", "mark", "public"]),
              st.integers(0, 20)), max_size=25))
def test_a_random_fight_never_leaks_a_hidden_name(qtbot, tmp_path_factory, key, moves):
    """Whatever the GM does, a combatant hidden all along never reaches the players' recap,
    whether the things it did or that were done to it were shown or not."""
    from encounter_app.store import Store

    store = Store.open(tmp_path_factory.mktemp("data"), SYSTEMS)
    try:
        encounter = create_sample(store, key, seed=3)
        session = EncounterSession(store, encounter.id, SYSTEMS)
        stack = UndoStack(store)
        ops = fight_operations(session, stack)
        secret = session.combatants[len(session.combatants) // 2]
        assert stack.do(commands.UpdateCombatant(
            session, replace(secret, name=SECRET_FOE, hidden=True), "hide"))
        for move, n in moves:
            rows = [c for c in session.combatants if c.id != secret.id]
            row = rows[n % len(rows)]
            if move == "turn":
                stack.do(commands.SetTurn(session, *session.next_turn()))
            elif move in ("hide", "show"):
                stack.do(commands.UpdateCombatant(session, replace(row, hidden=move == "hide"),
                                                  move))
            elif move == "mark":
                target = secret if n % 3 == 0 else row
                current = session.combatants.by_id(target.id)
                stack.do(commands.SetMarks(session, target.id, current.hp_max,
                                           current.stress_marked))
            else:  # a player's roll, the hidden PC's when it is one, shown to the players
                pcs = [c for c in session.combatants if c.kind == "pc"]
                roller = secret if secret.kind == "pc" and n % 2 else pcs[n % len(pcs)]
                roller = session.combatants.by_id(roller.id)
                made = phone_roll(session, roller, _form(session, roller).key,
                                  _dice(session, roller, 1 + n % 6))
                stack.do(session.system.phone_record(session, made,
                                                     _form(session, roller).gm_default).command)
                ops.toggle_roll_public(stored(session.rolls[0]))
        text = Recaps(store, SYSTEMS).encounter(encounter.id, players=True)
        assert SECRET_FOE not in text.markdown and SECRET_FOE not in text.html
        assert SECRET_FOE not in str(Recaps(store, SYSTEMS).gather_session(
            encounter.campaign_id, 1, players=True))
    finally:
        store.close()
