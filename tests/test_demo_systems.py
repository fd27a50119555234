"""Each rule system's sample fight, from the command line and from demo.create_sample."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from encounter_app.__main__ import parse_args
from tests.helpers.systems import SYSTEMS, create_sample


def test_demo_takes_an_optional_system():
    assert parse_args(["--demo"]).demo == "daggerheart"
    assert parse_args(["--demo", "casus_mus"]).demo == "casus_mus"
    assert parse_args([]).demo is None
    assert [parse_args(["--demo", key]).demo for key in SYSTEMS] == list(SYSTEMS)


def test_an_unknown_system_is_refused_with_the_choices(capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_args(["--demo", "gurps"])
    assert exit_.value.code == 2
    assert "forge_of_power" in capsys.readouterr().err


@pytest.mark.parametrize("key", ["casus_mus", "ruins_and_raiders", "forge_of_power"])
def test_each_sample_is_a_fight_of_its_system(store, key):
    encounter = create_sample(store, key)
    campaign = store.campaign(encounter.campaign_id)
    people = store.combatants(encounter.id)
    pcs = [p for p in people if p.kind == "pc"]
    assert campaign.system == key and campaign.party_size == len(pcs)
    assert 2 <= len(pcs) <= 3 and 3 <= len(people) - len(pcs) <= 4
    for person in people:
        rules = SYSTEMS.get(key)
        assert rules.problems(rules.sheet_values(person.system_stats)) == {}
    assert encounter.active_combatant_id == people[0].id


def test_create_sample_names_the_systems_it_knows(store):
    with pytest.raises(KeyError, match="casus_mus"):
        create_sample(store, "gurps")


def test_demo_forge_of_power_starts(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, "-m", "encounter_app", "--demo", "forge_of_power",
                             "--data-dir", str(tmp_path / "d"), "--smoke-test"],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
