"""Stat block validation: each bad field is named, with a message a GM can act on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.rules.stat_blocks import (
    adversary_problems,
    base_type,
    environment_problems,
    horde_size,
    type_text,
)

GOOD = {
    "name": "Ashen Sentry", "tier": 1, "type": "Bruiser", "difficulty": 13, "major": 9,
    "severe": 16, "hp": 6, "stress": 3, "attack_modifier": 2, "attack_name": "Maul",
    "attack_range": "Very Close", "damage": "1d12+2 phy",
    "experiences": [{"name": "Unyielding", "bonus": 2}],
    "features": [{"name": "Flare", "kind": "Action", "text": "Spend a Fear...", "fear": True,
                  "countdown": None}],
}


def with_(**changes):
    return {**GOOD, **changes}


def test_a_good_stat_block_has_no_problems() -> None:
    assert adversary_problems(GOOD) == {}
    assert adversary_problems(with_(type="Minion", major=None, severe=None)) == {}
    assert adversary_problems(with_(type="Horde (3/HP)")) == {}


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"name": "  "}, "name", "Give the adversary a name"),
    ({"tier": 5}, "tier", "from 1 to 4, not 5"),
    ({"type": "Dragon"}, "type", "not 'Dragon'"),
    ({"type": "Horde"}, "type", "Horde (3/HP)"),
    ({"type": "Horde (0/HP)"}, "type", "from 1 to 20, not 0"),
    ({"difficulty": 0}, "difficulty", "Difficulty must be from 1 to 40"),
    ({"major": 16, "severe": 16}, "severe", "Severe (16) must be above Major (16)"),
    ({"major": 20, "severe": 10}, "severe", "above Major (20)"),
    ({"major": None}, "major", "Give the Major threshold"),
    ({"type": "Minion"}, "major", "Minions have no damage thresholds"),
    ({"hp": 0}, "hp", "HP must be from 1 to 50"),
    ({"stress": -1}, "stress", "Stress must be from 0"),
    ({"attack_modifier": 21}, "attack_modifier", "from -10 to 20"),
    ({"attack_name": ""}, "attack_name", "Give the standard attack a name"),
    ({"attack_range": "Near"}, "attack_range", "not 'Near'"),
    ({"damage": "1d12+"}, "damage", "Damage:"),
    ({"damage": "1d12+2"}, "damage", "1d12+2 phy or 1d12+2 mag"),
    ({"damage": ""}, "damage", "Type the damage"),
    ({"experiences": [{"name": "", "bonus": 2}]}, "experiences.0.name", "Experience 1"),
    ({"experiences": [{"name": "Keen", "bonus": 2}, {"name": "keen", "bonus": 1}]},
     "experiences.1.name", "listed twice"),
    ({"experiences": [{"name": "Keen", "bonus": 11}]}, "experiences.0.bonus", "from -10 to 10"),
    ({"features": [{"name": "", "kind": "Action", "text": "x"}]}, "features.0.name",
     "Feature 1: Give the feature a name"),
    ({"features": [{"name": "F", "kind": "Bonus", "text": "x"}]}, "features.0.kind",
     "Passive, Action or Reaction"),
    ({"features": [{"name": "F", "kind": "Action", "text": " "}]}, "features.0.text",
     "say what F does"),
    ({"features": [{"name": "F", "kind": "Action", "text": "x", "countdown": 0}]},
     "features.0.countdown", "countdown must be from 1 to 99"),
])
def test_each_bad_field_is_named_with_its_reason(changes, field, words) -> None:
    problems = adversary_problems(with_(**changes))
    assert field in problems, problems
    assert words in problems[field]


def test_type_text_round_trips() -> None:
    assert (base_type("Horde (3/HP)"), horde_size("Horde (3/HP)")) == ("Horde", 3)
    assert type_text("Horde", 4) == "Horde (4/HP)" and type_text("Solo", 4) == "Solo"
    assert horde_size("Solo") is None


def test_environment_problems() -> None:
    good = {"name": "Crypt", "tier": 2, "type": "Event", "difficulty": 14, "features": []}
    assert environment_problems(good) == {}
    problems = environment_problems({**good, "name": "", "type": "Dungeon", "difficulty": 99})
    assert set(problems) == {"name", "type", "difficulty"}


@given(major=st.integers(-5, 120), severe=st.integers(-5, 120))
def test_thresholds_pass_only_in_range_and_major_below_severe(major: int, severe: int) -> None:
    problems = adversary_problems(with_(major=major, severe=severe))
    fine = 1 <= major < severe <= 99
    assert ("major" in problems or "severe" in problems) != fine
