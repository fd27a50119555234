"""A feature's reading, the GM's correction of what its text was read as, kept in the feature's
JSON (domain/feature_readings.py): written only when there is one, read back equal, and a
damaged one refused as the rows' readers refuse a damaged field."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given

from encounter_app.domain.feature_readings import NOTHING, read_reading, reading_json
from encounter_app.domain.rows import Feature, StatBlock
from encounter_app.rules.daggerheart import FeatureAction, feature_action
from tests.helpers.rows import BANDIT
from tests.helpers.strategies import feature_actions

SPIT_ACID = ("Make an attack against all targets in front of the Burrower within Close range. "
             "Targets the Burrower succeeds against take 2d6 physical damage and must mark an "
             "Armor Slot.")


@given(feature_actions)
def test_any_reading_comes_back_equal_through_json_text(action: FeatureAction) -> None:
    assert read_reading(json.loads(json.dumps(reading_json(action)))) == action


@given(feature_actions)
def test_a_features_correction_comes_back_with_its_stat_block(action: FeatureAction) -> None:
    stats = replace(BANDIT, features=(Feature("Spit Acid", "Action", SPIT_ACID, reading=action),))
    back = StatBlock.from_json(json.loads(json.dumps(stats.to_json())))
    assert back == stats and back.features[0].action == action


def test_a_feature_without_a_correction_writes_what_it_always_wrote() -> None:
    feature = Feature("Spit Acid", "Action", SPIT_ACID, fear=True, countdown=3)
    assert feature.to_json() == {"name": "Spit Acid", "kind": "Action", "text": SPIT_ACID,
                                 "fear": True, "countdown": 3}
    assert Feature.from_json(feature.to_json()).reading is None
    assert Feature.from_json({**feature.to_json(), "reading": None}).reading is None


def test_a_correction_is_what_the_feature_does_and_the_text_stays() -> None:
    read = feature_action(SPIT_ACID)
    assert read is not None and read.damage == "2d6 phy" and read.armor_slot
    corrected = replace(read, damage="3d6 phy", conditions=frozenset({"Vulnerable"}))
    feature = Feature.from_json({**Feature("Spit Acid", "Action", SPIT_ACID).to_json(),
                                 "reading": reading_json(corrected)})
    assert feature.text == SPIT_ACID and feature.action == corrected
    assert feature.to_json()["reading"] == {
        "attack": True, "standard": False, "range": "Close", "all_targets": True,
        "damage": "3d6 phy", "direct": False, "advantage": False, "cost_stress": 0,
        "cost_fear": 0, "target_stress": 0, "armor_slot": True, "conditions": ["Vulnerable"],
        "reaction_roll": None, "reaction_difficulty": None, "half_on_success": False}


def test_numbers_as_text_are_read_and_a_field_left_out_is_nothing() -> None:
    assert read_reading({"attack": True, "cost_fear": "2", "reaction_difficulty": 14.0}) == (
        replace(NOTHING, attack=True, cost_fear=2, reaction_difficulty=14))
    assert read_reading({}) == NOTHING


@pytest.mark.parametrize(("change", "error", "said"), [
    ({"attack": "yes"}, TypeError, "attack: expected true or false, found 'yes'"),
    ({"range": "Nearby"}, ValueError, "range: expected one of Melee, Very Close, Close, Far, "
                                      "Very Far, found 'Nearby'"),
    ({"reaction_roll": "Luck"}, ValueError, "reaction_roll: expected one of Agility"),
    ({"conditions": ["Hidden"]}, ValueError, "conditions: expected one of Restrained, "
                                             "Vulnerable, found 'Hidden'"),
    ({"conditions": "Restrained"}, ValueError, "conditions: expected one of"),
    ({"conditions": 3}, TypeError, "expected a list"),
    ({"cost_stress": -1}, ValueError, "cost_stress: -1 is out of range: 0 to 99"),
    ({"cost_fear": 13}, ValueError, "cost_fear: 13 is out of range: 0 to 12"),
    ({"target_stress": "two"}, ValueError, "target_stress: expected a whole number, found "
                                           "'two'"),
    ({"reaction_difficulty": [14]}, TypeError, "reaction_difficulty: expected a number"),
    ({"damage": 6}, TypeError, "damage: expected text, found 6"),
])
def test_a_damaged_reading_is_refused_as_a_damaged_field_is(change: dict[str, object],
                                                            error: type[Exception],
                                                            said: str) -> None:
    data = {**Feature("Spit Acid", "Action", SPIT_ACID).to_json(),
            "reading": {**reading_json(NOTHING), **change}}
    with pytest.raises(error, match="^" + said.replace("(", r"\(")):
        Feature.from_json(data)
    with pytest.raises(TypeError):
        Feature.from_json({**data, "reading": ["attack"]})
