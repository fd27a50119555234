"""The roll log's payloads, as the program wrote them, read back to the same players' words.

Each payload below is JSON exactly as a version of the program wrote it in the log (today's,
and older shapes still in GMs' files): it reads back as its kind's typed value
(domain/logged.py, each system's ``read_roll``) and says what it said before the payloads were
typed. A payload that does not fit its kind is not understood, so not shown: never an error.
"""

from __future__ import annotations

import json

import pytest

from encounter_app.domain import CombatantRow, CountdownRow, RollRow
from encounter_app.domain.logged import CORE_KINDS, read_core
from encounter_app.domain.player_view import Sight, roll_words
from tests.helpers.systems import SYSTEMS

KESTREL = CombatantRow("pc", "Kestrel Ashby", 1)
HOUND = CombatantRow("adversary", "Clockwork Hound", 2)
BELL = CountdownRow("Bell tower", 4, 2, id=7, visible=True, long_term=True)
SIGHT = Sight([KESTREL, HOUND], [BELL], fear=True)

DICE = ('{"expression": "2d6+1", "total": 9, "dice": [3, 5], "text": "2d6 (3, 5) + 1 = 9", '
        '"damage_type": null, "direct": false, "dropped": [], "bonus": 0}')
ATTACK_REQUEST = ('"attacker": "Clockwork Hound", "modifier": 2, "damage": "1d8+2", "targets": '
                  '[{"name": "Kestrel Ashby", "evasion": 12, "combatant_id": 1}], '
                  '"attack_name": "Bite", "advantage": false, "disadvantage": false, '
                  '"experience": 0, "combatant_id": 2')
ATTACK_RESULT = ('{"d20s": [15], "natural": 15, "total": 17, "critical": false, "hits": [true], '
                 '"damage": {"expression": "1d8+2", "total": 7, "dice": [5], '
                 '"text": "1d8 (5) + 2 = 7", "damage_type": null, "direct": false, '
                 '"dropped": [], "bonus": 0}, "damage_total": 7, "evasions": [12], '
                 '"modifier": 2, "experience": 0}')
REACTION_RESULT = ('{"d20s": [13], "natural": 13, "total": 15, "success": true, '
                   '"critical": false, "difficulty": 14, "bonus": 2}')
CHECK_RESULT = ('{"d20s": [20], "natural": 20, "total": 22, "level": "CRITICAL_SUCCESS", '
                '"dc": 15, "advantage": false, "disadvantage": false}')
CLASH_SIDES = ('"attacker_id": 1, "attacker_name": "Kestrel Ashby", "attacker_grade": "SUCCESS", '
               '"defender_id": 2, "defender_name": "Clockwork Hound", '
               '"defender_grade": "FAILURE"')
RUINS_INITIANTS = ('[{"combatant_id": 1, "name": "Kestrel Ashby", "bonus": 2, "rolls": true}, '
                   '{"combatant_id": 2, "name": "Clockwork Hound", "bonus": 3, "rolls": false}]')
RUINS_SCORES = ('[{"combatant_id": 1, "name": "Kestrel Ashby", "dice": [3, 4], "total": 9, '
                '"bonus": 2}, {"combatant_id": 2, "name": "Clockwork Hound", "dice": [], '
                '"total": 10, "bonus": 3}]')
ATTACK = ('{"request": {' + ATTACK_REQUEST + ', "experience_name": ""}, "result": '
          + ATTACK_RESULT + '}')
OUTCOME = ('{"outcome": "SUCCESS_WITH_FEAR", "fear_gained": 1, "countdowns": [{"id": 7, '
           '"name": "Bell tower", "before": 2, "after": 1, "triggered": false, "loops": 0}]}')

#: (system, kind, the payload as written, the players' words)
WRITTEN = [
    ("daggerheart", "dice",
     f'{{"request": {{"expression": "2d6+1", "label": "Falling rocks"}}, "result": {DICE}}}',
     "Falling rocks: 2d6+1 = 9"),
    ("daggerheart", "dice",  # a countdown's rolled start, named by the countdown
     '{"request": {"expression": "1d6", "label": "Start of Bell tower"}, "result": '
     '{"expression": "1d6", "total": 4, "dice": [4], "text": "1d6 (4) = 4", "damage_type": '
     'null, "direct": false, "dropped": [], "bonus": 0}, "countdown": "Bell tower"}',
     "Bell tower starts at 4 (rolled 1d6)"),
    ("daggerheart", "rest",
     '{"rest": "long", "fear_gained": 5, "roll": {"expression": "1d4+3", "total": 5, '
     '"dice": [2]}, "countdowns": [{"id": 7, "name": "Bell tower", "before": 2, "after": 1, '
     '"triggered": false, "loops": 0}]}',
     "Long rest; the GM gains 5 Fear"),
    ("forge_of_power", "rest",
     '{"rest": "short", "fear_gained": 0, "roll": null, "countdowns": []}', "Rest"),
    ("daggerheart", "countdown", '{"countdown_id": 7, "loops": 1}', "⚠ Bell tower TRIGGERED"),
    ("daggerheart", "attack", ATTACK, "Clockwork Hound Bite: 17, hits Kestrel Ashby for 7 damage"),
    ("daggerheart", "attack",  # the first version's: no Experience's name, targets without ids
     '{"request": {' + ATTACK_REQUEST.replace('"combatant_id": 1}', '"combatant_id": null}')
     + '}, "result": ' + ATTACK_RESULT + '}',
     "Clockwork Hound Bite: 17, hits Kestrel Ashby for 7 damage"),
    ("daggerheart", "reaction",
     '{"request": {"actor": "Clockwork Hound", "difficulty": 14, "bonus": 2, "advantage": '
     'false, "disadvantage": false, "combatant_id": 2, "kind": "reaction", "experience_name": '
     f'"Keen Senses"}}, "result": {REACTION_RESULT}}}',
     "Clockwork Hound: reaction roll 15, succeeds"),
    ("daggerheart", "reaction",  # the first version's: no kind, no Experience's name
     '{"request": {"actor": "Clockwork Hound", "difficulty": 14, "bonus": 2, "advantage": '
     f'false, "disadvantage": false, "combatant_id": 2}}, "result": {REACTION_RESULT}}}',
     "Clockwork Hound: reaction roll 15, succeeds"),
    ("daggerheart", "reaction",  # a PC's, with the Duality Dice, sent from the phone
     '{"player": "Kestrel Ashby", "hope": 7, "fear": 5, "modifier": 1, "difficulty": 14, '
     '"combatant_id": 1}',
     "Kestrel Ashby: reaction roll 13, fails"),
    ("daggerheart", "action",
     '{"request": {"actor": "Clockwork Hound", "difficulty": 14, "bonus": 0, "advantage": true,'
     ' "disadvantage": false, "combatant_id": 2, "kind": "action", "experience_name": ""}, '
     '"result": {"d20s": [20, 4], "natural": 20, "total": 20, "success": true, "critical": '
     'true, "difficulty": 14, "bonus": 0}}',
     "Clockwork Hound: action roll 20, succeeds (critical)"),
    ("daggerheart", "feature",  # a feature's Reaction Roll: half damage on a success
     '{"request": {"actor": "Clockwork Hound", "feature": "Hellfire", "damage": "1d20+3 mag", '
     '"targets": [{"name": "Kestrel Ashby", "combatant_id": 1, "succeeded": true, "total": '
     '15}], "trait": "Agility", "difficulty": 14, "half_on_success": true, "cost": "1 Fear", '
     '"combatant_id": 2}, "result": {"expression": "1d20+3 mag", "total": 11, "dice": [8], '
     '"text": "1d20 (8) + 3 = 11 mag", "damage_type": "mag", "direct": false, "dropped": [], '
     '"bonus": 0}}',
     "Clockwork Hound Hellfire: Kestrel Ashby succeeds: 5 damage"),
    ("daggerheart", "feature",  # one that names no damage: nothing rolled
     '{"request": {"actor": "Clockwork Hound", "feature": "Earth Eruption", "damage": "", '
     '"targets": [{"name": "Kestrel Ashby", "combatant_id": 1, "succeeded": false, "total": '
     'null}], "trait": "Agility", "difficulty": 14, "half_on_success": false, "cost": '
     '"1 Stress", "combatant_id": 2}, "result": null}',
     "Clockwork Hound Earth Eruption: Kestrel Ashby fails"),
    ("daggerheart", "outcome", OUTCOME, "Success with Fear: Yes, but...; the GM gains 1 Fear"),
    ("daggerheart", "outcome",  # sent from the players' page
     '{"outcome": "FAILURE_WITH_HOPE", "fear_gained": 0, "countdowns": [], "player": '
     '"Kestrel Ashby", "hope": 3, "fear": 2, "modifier": 1, "difficulty": 12}',
     "Kestrel Ashby: Failure with Hope: No, but..."),
    ("daggerheart", "outcome", '{"event": "pc_miss", "countdowns": []}',
     "A PC missed an attack"),
    ("casus_mus", "skill",
     '{"request": {"actor": "Kestrel Ashby", "skill": 62, "skill_name": "Combat", '
     '"combatant_id": 1}, "result": {"roll": 7, "skill": 62, "grade": "CRITICAL"}}',
     "Kestrel Ashby: Combat 07, critical"),
    ("casus_mus", "clash",
     '{"attacker": 30, "defender": 55, "reacted": true, "hitter": "attacker", "maneuvers": 1, '
     f'"fumbled": [], {CLASH_SIDES}, "chosen_maneuvers": [], "damage": null}}',
     "Clash Kestrel Ashby → Clockwork Hound (success vs failure): Kestrel Ashby hits and "
     "picks 1 Combat Maneuver"),
    ("casus_mus", "clash",  # before the maneuvers chosen and the damage were logged
     '{"attacker": 30, "defender": 55, "reacted": true, "hitter": "attacker", "maneuvers": 1, '
     f'"fumbled": [], {CLASH_SIDES}}}',
     "Clash Kestrel Ashby → Clockwork Hound (success vs failure): Kestrel Ashby hits and "
     "picks 1 Combat Maneuver"),
    ("casus_mus", "clash",
     '{"attacker": 99, "defender": 100, "reacted": true, "hitter": null, "maneuvers": 0, '
     '"fumbled": ["attacker", "defender"], "attacker_id": 1, "attacker_name": "Kestrel Ashby",'
     ' "attacker_grade": "FUMBLE", "defender_id": 2, "defender_name": "Clockwork Hound", '
     '"defender_grade": "FUMBLE", "chosen_maneuvers": [], "damage": null}',
     "Clash Kestrel Ashby → Clockwork Hound (fumble vs fumble): nobody hits (Kestrel Ashby "
     "and Clockwork Hound fumbled)"),
    ("ruins_and_raiders", "trait",
     '{"request": {"actor": "Kestrel Ashby", "trait": 3, "challenge": 9, "trait_name": '
     '"Warrior", "reason": "Fair", "combatant_id": 1, "wound_base": 2, "target": '
     '"Clockwork Hound", "wound_parts": "", "target_id": 2}, "result": {"dice": [5, 6], '
     '"natural": 11, "total": 14, "mox": 5, "success": true}}',
     "Kestrel Ashby: Warrior check vs Clockwork Hound 14, success, 7 wounds"),
    ("ruins_and_raiders", "initiative",
     f'{{"request": {{"initiants": {RUINS_INITIANTS}}}, "result": {RUINS_SCORES}}}',
     "Initiative: Clockwork Hound, Kestrel Ashby 9"),
    ("ruins_and_raiders", "initiative",  # when the request named its system
     f'{{"request": {{"system": "ruins_and_raiders", "initiants": {RUINS_INITIANTS}}}, '
     f'"result": {RUINS_SCORES}}}',
     "Initiative: Clockwork Hound, Kestrel Ashby 9"),
    ("forge_of_power", "fop_check",
     '{"request": {"actor": "Kestrel Ashby", "bonus": 2, "dc": 15, "label": "Agility check", '
     f'"advantage": false, "disadvantage": false, "combatant_id": 1}}, "result": {CHECK_RESULT}}}',
     "Kestrel Ashby: Agility check 22, Critical Success"),
    ("forge_of_power", "fop_check",  # when a reroll kept the first roll in its request
     '{"request": {"actor": "Kestrel Ashby", "bonus": 2, "dc": 15, "label": "Agility check", '
     f'"advantage": false, "disadvantage": false, "original": {CHECK_RESULT}, '
     f'"combatant_id": 1}}, "result": {CHECK_RESULT}}}',
     "Kestrel Ashby: Agility check 22, Critical Success"),
    ("forge_of_power", "fop_attack",
     '{"request": {"attacker": "Kestrel Ashby", "bonus": 4, "targets": [{"name": '
     '"Clockwork Hound", "dc": 14, "combatant_id": 2}], "label": "Strike", "advantage": false,'
     ' "disadvantage": false, "combatant_id": 1}, "result": {"d20s": [13], "natural": 13, '
     '"total": 17, "dcs": [14], "levels": ["SUCCESS"]}}',
     "Kestrel Ashby Strike 17: Success vs Clockwork Hound"),
    ("forge_of_power", "initiative",
     '{"request": {"initiants": [{"combatant_id": 1, "name": "Kestrel Ashby", "bonus": 4, '
     '"rolls": true}, {"combatant_id": 2, "name": "Clockwork Hound", "bonus": 3, "rolls": '
     'true}]}, "result": [{"combatant_id": 1, "name": "Kestrel Ashby", "dice": [9], "total": '
     '13, "bonus": 4}, {"combatant_id": 2, "name": "Clockwork Hound", "dice": [10], "total": '
     '13, "bonus": 3}]}',
     "Initiative: Kestrel Ashby 13, Clockwork Hound 13"),
]


def row_of(kind: str, payload: str) -> RollRow:
    return RollRow(kind=kind, summary="", payload=json.loads(payload), public=True)


def read(system: str, row: RollRow) -> object:
    return read_core(row) if row.kind in CORE_KINDS else SYSTEMS.get(system).read_roll(row)


@pytest.mark.parametrize(("system", "kind", "payload", "words"), WRITTEN)
def test_a_payload_as_the_program_wrote_it_reads_back_and_says_the_same(system, kind, payload,
                                                                        words):
    row = row_of(kind, payload)
    assert read(system, row) is not None
    assert roll_words(row, SIGHT, SYSTEMS.get(system)) == words


def test_an_attack_read_back_marks_its_hits():

    daggerheart = SYSTEMS.get("daggerheart")
    row = row_of("attack", ATTACK)
    assert daggerheart.read_roll(row).hit is True
    missed = row_of("attack", ATTACK.replace('"hits": [true]', '"hits": [false]'))
    assert daggerheart.read_roll(missed).hit is False
    assert daggerheart.read_roll(row_of("outcome", OUTCOME)).hit is None


#: (system, kind, a payload no version wrote, or one no longer understood)
NOT_UNDERSTOOD = [
    ("daggerheart", "dice", '{"request": {"expression": "1d6"}, "result": {"total": 4}}'),
    ("daggerheart", "dice", f'{{"request": {{"expression": 6}}, "result": {DICE}}}'),
    ("daggerheart", "rest", '{"rest": "nap", "fear_gained": 1, "roll": null, "countdowns": []}'),
    ("daggerheart", "countdown", '{"countdown_id": "seven", "loops": 1}'),
    ("daggerheart", "attack", ATTACK.replace('"hits": [true]', '"hits": [true, false]')),
    ("daggerheart", "attack", ATTACK.replace('"total": 17', '"total": "17"')),
    ("daggerheart", "reaction", f'{{"request": {{"actor": "Clockwork Hound"}}, "result": '
                                f'{REACTION_RESULT}}}'),
    ("daggerheart", "outcome", '{"outcome": "MAYBE", "fear_gained": 0, "countdowns": []}'),
    ("daggerheart", "outcome", '{"event": "pc_hit", "countdowns": []}'),
    ("casus_mus", "skill", '{"request": {"actor": "Kestrel Ashby", "skill": 62}, "result": '
                           '{"roll": 7, "skill": 62, "grade": "GREAT"}}'),
    ("casus_mus", "clash",  # the first clashes' payload: its sides were not named in it
     '{"attacker": 30, "defender": 55, "reacted": true, "hitter": "attacker", "maneuvers": 1, '
     '"fumbled": []}'),
    ("casus_mus", "clash",
     '{"attacker": 30, "defender": 55, "reacted": true, "hitter": null, "maneuvers": 0, '
     f'"fumbled": ["bystander"], {CLASH_SIDES}}}'),
    ("casus_mus", "clash",  # the defender reacted, with no grade
     '{"attacker": 30, "defender": null, "reacted": true, "hitter": "attacker", "maneuvers": 1,'
     ' "fumbled": [], ' + CLASH_SIDES.replace('"FAILURE"', 'null') + '}'),
    ("ruins_and_raiders", "trait", '{"request": {"actor": "Kestrel Ashby", "trait": 3, '
                                   '"challenge": 9}, "result": {"dice": [5], "natural": 5, '
                                   '"total": 8, "mox": -1, "success": false}}'),
    ("ruins_and_raiders", "initiative",
     f'{{"request": {{"initiants": {RUINS_INITIANTS}}}, "result": {{"Kestrel Ashby": 9}}}}'),
    ("forge_of_power", "fop_check",
     '{"request": {"actor": "Kestrel Ashby", "bonus": 2, "dc": 15, "reroll": true}, '
     f'"result": {CHECK_RESULT}}}'),
    ("forge_of_power", "fop_attack",
     '{"request": {"attacker": "Kestrel Ashby", "bonus": 4, "targets": []}, "result": '
     '{"d20s": [13], "natural": 13, "total": 17, "dcs": [14], "levels": ["SUCCESS"]}}'),
    ("forge_of_power", "initiative", '[1, 2, 3]'),
    ("forge_of_power", "fop_check", '{}'),
]


@pytest.mark.parametrize(("system", "kind", "payload"), NOT_UNDERSTOOD)
def test_a_payload_not_understood_is_not_shown(system, kind, payload):
    row = row_of(kind, payload)
    assert read(system, row) is None
    assert roll_words(row, SIGHT, SYSTEMS.get(system)) == ""


def test_a_kind_no_one_logs_is_read_by_no_one():
    row = row_of("fear_spent", '{"fear": 1}')
    for system in SYSTEMS:
        assert SYSTEMS.get(system).read_roll(row) is None
        assert roll_words(row, SIGHT, SYSTEMS.get(system)) == ""
