"""A new adversary's numbers come from its tier's benchmarks, held where the library's peers
usually are, so the guidance beside them calls none of them unusual (rules/guidance.py's
``defaults``, services/library/guidance.py's ``new_adversary``)."""

from __future__ import annotations

import json

import pytest

from encounter_app.exchange import srd
from encounter_app.rules import guidance
from encounter_app.rules.battle_points import ADVERSARY_TYPES
from encounter_app.rules.daggerheart import tier_benchmarks
from encounter_app.rules.stat_blocks import adversary_problems, base_type
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.services.library.guidance import new_adversary

TIERS = (1, 2, 3, 4)


@pytest.fixture(scope="module")
def srd_library(srd_file) -> guidance.Peers:
    """The SRD's 129 adversaries and the program's samples: a GM's library after an import."""
    blocks = srd.read(json.loads(srd_file.read_text(encoding="utf-8-sig")), [], [])
    return guidance.Peers.of(b.to_json() for b in [*blocks, *load_sample_adversaries()])


def marks(stats, peers: guidance.Peers) -> dict[str, str]:
    """The guidance beside each number that says anything but "usual"."""
    block = stats.to_json()
    scope = peers.scope(stats.tier, stats.type)
    found = {key: guidance.guide_in(key, block, scope) for key in guidance.NUMBERS}
    return {key: g.short() for key, g in found.items()
            if g.band is not None and g.band is not guidance.Band.USUAL}


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("kind", ADVERSARY_TYPES)
def test_a_new_adversary_is_usual_among_the_srds(srd_library, tier, kind):
    stats = new_adversary(tier, kind, srd_library)
    assert (stats.tier, base_type(stats.type)) == (tier, kind)
    assert marks(stats, srd_library) == {}, stats
    assert adversary_problems({**stats.to_json(), "name": "Someone", "attack_name": "Claws"}) == {}
    assert stats.damage.startswith(str(tier) + "d") or kind == "Minion"


@pytest.mark.parametrize("tier", TIERS)
def test_without_a_library_a_new_adversary_has_the_tiers_benchmarks(tier):
    stats = new_adversary(tier, "Standard", guidance.Peers())
    bench = tier_benchmarks(tier)
    assert (stats.difficulty, stats.major, stats.severe, stats.attack_modifier) == (
        bench.difficulty, bench.major, bench.severe, bench.attack)
    # The middle of the range: tier 2's 2d8+4 between 2d6+3 and 2d12+4.
    assert stats.damage == {1: "1d8+3 phy", 2: "2d8+4 phy", 3: "3d10+4 phy",
                            4: "4d10+13 phy"}[tier]
    assert (stats.hp, stats.stress) == (guidance.DEFAULT_HP, guidance.DEFAULT_STRESS)


def test_a_new_minion_has_one_hp_and_a_number_for_damage_and_a_horde_a_size():
    minion = new_adversary(2, "Minion", guidance.Peers())
    assert (minion.major, minion.severe, minion.hp, minion.stress, minion.damage) == (
        None, None, 1, 1, "5 phy")  # half of tier 2's lowest damage, 2d6+3
    assert new_adversary(1, "Horde", guidance.Peers()).type == "Horde (2/HP)"


def test_a_minion_is_compared_with_minions_only(srd_library):
    """Tier 2 has four Minions: a new one's single HP is theirs, not the tier's (2-7)."""
    scope = srd_library.scope(2, "Minion")
    assert not scope.whole_tier and {m.type for m in scope.members} == {"Minion"}
    assert scope.describe() == f"Compared with the {len(scope.members)} tier 2 Minions in the " \
                               "library."
    few = srd_library.scope(3, "Minion")
    assert few.describe().startswith("The library has only 2 tier 3 Minions: too few")
