"""The rows' own JSON readers: what they forgive (numbers as text, missing lists) and what they
refuse (a value of the wrong kind, a feature of no known kind)."""

from __future__ import annotations

import pytest

from encounter_app.domain.campaign_rows import Summary
from encounter_app.domain.rows import EnvironmentBlock, Experience, Feature, StatBlock

BLOCK = {"name": "Bear", "tier": 1, "type": "Bruiser", "difficulty": 14, "major": 9,
         "severe": 17, "hp": 7, "stress": 2, "attack_modifier": 1, "damage": "1d8+3 phy",
         "experiences": [{"name": "Ambusher", "bonus": 3}],
         "features": [{"name": "Overwhelming Force", "kind": "Passive", "text": "Knock back."},
                      {"name": "Bite", "kind": "Action", "text": "Bite.", "fear": True,
                       "countdown": 4}]}


def test_a_stat_block_comes_back_as_it_was_written() -> None:
    block = StatBlock.from_json(BLOCK)
    assert block.experiences == (Experience("Ambusher", 3),)
    assert block.features[1] == Feature("Bite", "Action", "Bite.", fear=True, countdown=4)
    assert StatBlock.from_json(block.to_json()) == block


def test_numbers_written_as_text_are_read_and_missing_lists_are_empty() -> None:
    data = {**BLOCK, "tier": "2", "hp": 7.0, "major": None,
            "features": [{"name": "Aura", "countdown": "3"}]}
    del data["experiences"]
    block = StatBlock.from_json(data)
    assert (block.tier, block.hp, block.major, block.experiences) == (2, 7, None, ())
    assert block.features == (Feature("Aura", "Passive", "", countdown=3),)


@pytest.mark.parametrize(("change", "error"), [
    ({"tier": [1]}, TypeError),
    ({"tier": "one"}, ValueError),
    ({"experiences": [["Ambusher", 3]]}, TypeError),
    ({"features": 3}, TypeError),
    ({"features": [{"name": "Flare", "kind": "Bonus"}]}, ValueError),
])
def test_a_value_of_the_wrong_kind_is_refused(change: dict[str, object],
                                              error: type[Exception]) -> None:
    with pytest.raises(error):
        StatBlock.from_json({**BLOCK, **change})


def test_what_is_not_an_object_is_refused() -> None:
    for reader in (StatBlock.from_json, EnvironmentBlock.from_json, Feature.from_json,
                   Summary.from_json):
        with pytest.raises(TypeError):
            reader(["Bear"])


def test_a_summary_round_trips_and_reads_its_defaults() -> None:
    summary = Summary(rounds=3, fear_gained=2, fear_spent=1, defeated=("Bear",), rolls=9)
    assert Summary.from_json(summary.to_json()) == summary
    assert Summary.from_json({}) == Summary(0, 0, 0, (), 0)
