"""What the players may see, kept up to date, and the undoable choices of what to show them."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.initiative import Initiant
from encounter_app.domain.player_view import PlayerView
from encounter_app.domain.player_view import player_view as pure_view
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.rules import casus_mus
from encounter_app.rules.daggerheart import Outcome
from encounter_app.services import player_view
from encounter_app.services.fight import table
from encounter_app.services.fight.commands import RecordRoll, SetFear, UpdateCombatant
from encounter_app.services.player_view import SessionFeed, SetRollPublic, view_of
from encounter_app.services.rolls.rules_service import compute
from encounter_app.systems.casus_mus.requests import SkillRollRequest
from encounter_app.systems.casus_mus.services.clash import ClashFlow, Side
from encounter_app.systems.daggerheart.requests import AttackRequest, ReactionRequest, Target
from encounter_app.systems.forge_of_power.requests import (
    FopAttackRequest,
    FopTarget,
    LevelCheckRequest,
)
from encounter_app.systems.ruins_and_raiders.requests import TraitCheckRequest
from tests.helpers.scripted import Scripted
from tests.helpers.systems import SYSTEMS, initiative_request


def rolled(request, seed: int = 3):
    """The log row of ``request`` rolled by the rules, as the roller makes it."""
    return describe(RollResult(0, request, compute(request, random.Random(seed))))


def by_name(session, name: str):
    return next(c for c in session.combatants if c.name == name)


def test_showing_a_countdown_and_a_roll_is_saved_and_undone(demo_session, undo_stack):
    session, store = demo_session, demo_session.store
    bell = session.countdowns[0]
    assert not bell.visible and view_of(session).countdowns == ()
    undo_stack.push(player_view.set_countdown_visible(session, bell, True))
    assert store.countdowns(session.encounter_id)[0].visible
    assert [c.name for c in view_of(session).countdowns] == [bell.name]
    row = rolled(DiceRequest("1d20", "Fall"))
    undo_stack.push(RecordRoll(session, row))
    undo_stack.push(SetRollPublic(session, session.rolls[0], True))
    assert store.rolls(session.encounter_id)[0].public
    assert view_of(session).latest_roll == row.summary  # "Fall: 1d20 = n": nothing to hide
    undo_stack.undo()
    assert not store.rolls(session.encounter_id)[0].public
    assert view_of(session).latest_roll == ""
    undo_stack.redo()
    assert session.rolls[0].public
    for _ in range(3):
        undo_stack.undo()
    assert not store.countdowns(session.encounter_id)[0].visible


def test_a_hidden_combatant_is_absent_and_its_rolls_with_it(demo_session, undo_stack):
    session = demo_session
    stalker = by_name(session, "Bramble Stalker")
    undo_stack.push(UpdateCombatant(session, replace(stalker, hidden=True), "Hide"))
    view = view_of(session)
    assert stalker.name not in [e.name for e in view.order]
    assert len(view.order) == len(session.combatants) - 1
    assert view.order[0].active
    brannoc, wren = by_name(session, "Brannoc (Guardian)"), by_name(session, "Wren Tallow (Rogue)")
    attack = rolled(AttackRequest(stalker.name, 30, "1d4", (Target(brannoc.name, 8, brannoc.id),),
                                  attack_name="Thorned Claws", combatant_id=stalker.id))
    undo_stack.push(RecordRoll(session, replace(attack, public=True)))
    assert view_of(session).rolls == ()  # not "someone unseen Thorned Claws"
    assert player_view.words_for_players(session, attack) == ""
    # Shown to the players again, its roll is theirs too.
    undo_stack.push(UpdateCombatant(session, replace(stalker, hidden=False), "Show"))
    assert view_of(session).latest_roll.startswith("Bramble Stalker Thorned Claws: ")
    # A hidden target is left out; the attack on the others stays.
    undo_stack.undo()
    undo_stack.push(UpdateCombatant(session, replace(brannoc, hidden=True), "Hide"))
    warden = by_name(session, "Chapel Warden")
    attack = rolled(AttackRequest(warden.name, 30, "1d4", (
        Target(brannoc.name, 8, brannoc.id), Target(wren.name, 12, wren.id)),
        attack_name="Bell Flail", combatant_id=warden.id))
    undo_stack.push(RecordRoll(session, replace(attack, public=True)))
    text = view_of(session).latest_roll
    assert text.startswith("Chapel Warden Bell Flail: ") and f"hits {wren.name} for " in text
    assert brannoc.name not in text and "Evasion" not in text


def test_a_gm_only_countdown_is_absent_from_the_rolls_too(demo_session, undo_stack):
    session = demo_session
    bell = session.countdowns[0]
    undo_stack.push(SetFear(session, 0))
    for _ in range(bell.value):
        undo_stack.push(table.record_outcome(session, Outcome.FAILURE_WITH_FEAR).command)
    trigger = next(r for r in session.rolls if r.kind == "countdown")
    undo_stack.push(SetRollPublic(session, trigger, True))
    assert view_of(session).rolls == ()
    undo_stack.push(player_view.set_countdown_visible(session, session.countdowns[0], True))
    assert view_of(session).latest_roll == f"⚠ {bell.name} TRIGGERED"
    outcome = next(r for r in session.rolls if r.kind == "outcome")
    undo_stack.push(SetRollPublic(session, outcome, True))
    assert [r.text for r in view_of(session).rolls] == [  # newest first, as the log
        f"⚠ {bell.name} TRIGGERED", "Failure with Fear: No, and...; the GM gains 1 Fear"]


def test_a_countdowns_rolled_start_shows_only_with_the_countdown(demo_session, undo_stack):
    session = demo_session
    start = rolled(DiceRequest("1d6", "Start of Riot"))
    row = replace(session.countdowns[0], id=None, name="Riot", start=4, value=4)
    undo_stack.push(table.add_countdown(session, row, start_roll=start))
    logged = session.rolls[0]
    assert logged.payload["countdown"] == "Riot"
    undo_stack.push(SetRollPublic(session, logged, True))
    assert view_of(session).rolls == ()  # a new countdown is the GM's until shown
    riot = next(c for c in session.countdowns if c.name == "Riot")
    undo_stack.push(player_view.set_countdown_visible(session, riot, True))
    total = start.payload["result"]["total"]
    assert view_of(session).latest_roll == f"Riot starts at {total} (rolled 1d6)"


def test_a_roll_read_back_from_the_store_says_the_same(demo_session, undo_stack):
    """The payload goes through JSON in the database; the players' words do not change."""
    session = demo_session
    warden, wren = by_name(session, "Chapel Warden"), by_name(session, "Wren Tallow (Rogue)")
    attack = rolled(AttackRequest(warden.name, 2, "1d8+2", (Target(wren.name, 12, wren.id),),
                                  attack_name="Bell Flail", combatant_id=warden.id))
    undo_stack.push(RecordRoll(session, replace(attack, public=True)))
    before = view_of(session)
    stored = session.store.rolls(session.encounter_id)
    again = player_view.player_view(session.system, session.combatants,
                                    session.countdowns, stored, fear=session.fear,
                                    round_=session.round, active_id=session.active_id)
    assert again == before and before.rolls


def test_the_feed_publishes_each_change_once_and_the_view_is_json(demo_session, undo_stack,
                                                                   qtbot):
    session = demo_session
    feed = SessionFeed(session)
    seen: list[PlayerView] = []
    feed.changed.connect(seen.append)
    undo_stack.push(SetFear(session, session.fear + 1))
    assert [v.fear for v in seen] == [session.fear]
    undo_stack.push(RecordRoll(session, rolled(DiceRequest("1d4"))))  # private: nothing to see
    assert len(seen) == 1
    undo_stack.push(SetRollPublic(session, session.rolls[0], True))
    assert len(seen) == 2 and feed.view.latest_roll
    data = json.loads(json.dumps(feed.view.to_json()))
    assert data["fear"] == session.fear and data["rolls"][0]["text"] == feed.view.latest_roll
    assert [e["name"] for e in data["order"]] == [c.name for c in session.combatants]
    assert "id" not in data["order"][0]  # store ids' gaps would count the hidden


# -- each system's words, exactly (domain/player_view.py) --------------------------------------

HOUND = CombatantRow("adversary", "Clockwork Hound", 2)
GOLEM = CombatantRow("adversary", "Slag Golem", 3, hidden=True)
KESTREL = CombatantRow("pc", "Kestrel Ashby", 1)


def words(system: str, request, *dice, combatants=(KESTREL, HOUND, GOLEM)) -> str:
    row = replace(describe(RollResult(0, request, compute(request, Scripted(*dice)))),
                  public=True)
    return pure_view(SYSTEMS.get(system), combatants, (), [row], fear=0, round_=1,
                     active_id=None).latest_roll


def test_forge_of_power_says_the_level_against_each_visible_target_and_no_dc():
    attack = FopAttackRequest("Kestrel Ashby", 4, (FopTarget("Clockwork Hound", 14, 2),
                                                   FopTarget("Slag Golem", 23, 3)),
                              "Strike", combatant_id=1)
    assert words("forge_of_power", attack, 13) == \
        "Kestrel Ashby Strike 17: Success vs Clockwork Hound"
    only_hidden = replace(attack, targets=attack.targets[1:])
    assert words("forge_of_power", only_hidden, 13) == ""
    check = LevelCheckRequest("Kestrel Ashby", 2, 37, "Agility check", combatant_id=1)
    assert words("forge_of_power", check, 20) == "Kestrel Ashby: Agility check 22, Failure"
    by_golem = replace(check, actor="Slag Golem", combatant_id=3)
    assert words("forge_of_power", by_golem, 20) == ""


def test_an_initiative_roll_lists_only_the_visible():
    request = initiative_request("forge_of_power", (
        Initiant(1, "Kestrel Ashby", 4), Initiant(3, "Slag Golem", -1),
        Initiant(2, "Clockwork Hound", 3)))
    assert words("forge_of_power", request, 4, 9, 10) == \
        "Initiative: Clockwork Hound 13, Kestrel Ashby 8"
    fixed = initiative_request("ruins_and_raiders", (
        Initiant(1, "Kestrel Ashby", 2), Initiant(2, "Clockwork Hound", 3, rolls=False)))
    # A foe's fixed initiative is its Perception + 7: its place, not its number.
    assert words("ruins_and_raiders", fixed, 3, 4) == \
        "Initiative: Clockwork Hound, Kestrel Ashby 9"


def test_ruins_and_raiders_says_no_mox_for_it_would_give_the_challenge_away():
    task = TraitCheckRequest("Kestrel Ashby", 3, 12, "Athlete", "Moderate (12)", 1)
    assert words("ruins_and_raiders", task, 5, 6) == "Kestrel Ashby: Athlete check 14, success"
    attack = TraitCheckRequest("Kestrel Ashby", 3, 9, "Warrior", "Fair", 1, wound_base=2,
                               target="Clockwork Hound")
    assert words("ruins_and_raiders", attack, 5, 6) == \
        "Kestrel Ashby: Warrior check vs Clockwork Hound 14, success, 7 wounds"
    assert words("ruins_and_raiders", replace(attack, target="Slag Golem"), 5, 6) == ""


def test_casus_mus_says_the_grade_not_the_skill():
    skill = SkillRollRequest("Kestrel Ashby", 62, "Combat", 1)
    assert words("casus_mus", skill, 7) == "Kestrel Ashby: Combat 07, critical"
    flow = ClashFlow(Side(1, "Kestrel Ashby", 62, "Combat", 2, 1),
                     Side(2, "Clockwork Hound", 40, "Evade", 2, 1))
    flow.attack(casus_mus.SkillRoll(30, 62, casus_mus.Grade.SUCCESS))
    flow.decline()
    clash = replace(flow.log_row(), public=True)
    casus = SYSTEMS.get("casus_mus")
    view = pure_view(casus, (KESTREL, HOUND), (), [clash], fear=0, round_=1, active_id=None)
    assert view.latest_roll == ("Clash Kestrel Ashby → Clockwork Hound (success vs no "
                                "reaction): Kestrel Ashby hits and picks 1 Combat Maneuver")
    hidden = pure_view(casus, (KESTREL, replace(HOUND, hidden=True)), (), [clash], fear=0,
                       round_=1, active_id=None)
    assert hidden.rolls == ()


def test_a_reaction_roll_says_its_verdict_not_its_difficulty_and_fear_is_daggerhearts():
    reaction = ReactionRequest("Clockwork Hound", 23, bonus=2, combatant_id=2,
                               experience_name="Keen Senses")
    assert words("daggerheart", reaction, 19) == "Clockwork Hound: reaction roll 21, fails"
    for key, fear in (("daggerheart", 4), ("forge_of_power", None)):
        assert pure_view(SYSTEMS.get(key), (), (), (), fear=4, round_=1,
                         active_id=None).fear == fear


def test_what_the_view_cannot_read_it_does_not_show():
    hand_made = RollRow(kind="attack", summary="Clockwork Hound bites: 17 vs DC 23", public=True)
    unknown = RollRow(kind="fear_spent", summary="The GM spends a Fear", public=True,
                      payload={"fear": 1})
    assert pure_view(SYSTEMS.get("daggerheart"), (HOUND,), (), [hand_made, unknown], fear=0,
                     round_=1, active_id=None).rolls == ()
