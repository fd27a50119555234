"""``feature_action``: an adversary feature's text read as the SRD words it (shared/DESIGN.md).

Exact cases are SRD 1.0 features quoted whole; the properties hold for any text and for every
one of the SRD file's 414 features.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.rules.daggerheart import FeatureAction, feature_action
from encounter_app.rules.daggerheart_features import normalise
from encounter_app.rules.dice import parse

NOTHING = FeatureAction(attack=False, standard=False, range=None, all_targets=False, damage=None,
                        direct=False, advantage=False, cost_stress=0, cost_fear=0,
                        target_stress=0, armor_slot=False, conditions=frozenset(),
                        reaction_roll=None, reaction_difficulty=None, half_on_success=False)


def reads(**fields: object) -> FeatureAction:
    return replace(NOTHING, **fields)  # type: ignore[arg-type]


SPIT_ACID = ("Make an attack against all targets in front of the Burrower within Close range. "
             "Targets the Burrower succeeds against take 2d6 physical damage and must mark an "
             "Armor Slot without receiving its benefits (they can still use armor to reduce the "
             "damage). If they can’t mark an Armor Slot, they must mark an additional HP and you "
             "gain a Fear.")

CASES = {
    "Spit Acid": (SPIT_ACID, reads(attack=True, range="Close", all_targets=True,
                                   damage="2d6 phy", armor_slot=True)),
    "Earth Eruption": (
        "Mark a Stress to have the Burrower burst out of the ground. All creatures within Very "
        "Close range must succeed on an Agility Reaction Roll or be knocked over, making them "
        "Vulnerable until they next act.",
        reads(range="Very Close", all_targets=True, cost_stress=1, reaction_roll="Agility",
              conditions=frozenset({"Vulnerable"}))),
    "Bite": (
        "Mark a Stress to make an attack against a target within Melee range. On a success, "
        "deal 3d4+10 physical damage and the target is Restrained until they break free with a "
        "successful Strength Roll.",
        reads(attack=True, range="Melee", damage="3d4+10 phy", cost_stress=1,
              conditions=frozenset({"Restrained"}))),
    "Mockery": (
        "Mark a Stress to say something mocking and force a target within Close range to make a "
        "Presence Reaction Roll (14) to see if they can save face. On a failure, the target must "
        "mark 2 Stress and is Vulnerable until the scene ends.",
        reads(range="Close", cost_stress=1, target_stress=2, reaction_roll="Presence",
              reaction_difficulty=14, conditions=frozenset({"Vulnerable"}))),
    "Hobbling Strike": (
        "Mark a Stress to make an attack against a target within Melee range. On a success, "
        "deal 3d4+10 direct physical damage and make them Vulnerable until they clear at least "
        "1 HP.",
        reads(attack=True, range="Melee", damage="3d4+10 phy", direct=True, cost_stress=1,
              conditions=frozenset({"Vulnerable"}))),
    "Double Strike": (
        "Mark a Stress to make a standard attack against two targets within Melee range.",
        reads(attack=True, standard=True, range="Melee", all_targets=True, cost_stress=1)),
    "Death Quake": (
        "When the Construct marks their last HP, the magic powering them ruptures in an "
        "explosion of force. Make an attack with advantage against all targets within Very "
        "Close range. Targets the Construct succeeds against take 1d12+2 magic damage.",
        reads(attack=True, range="Very Close", all_targets=True, damage="1d12+2 mag",
              advantage=True)),
    "Hellfire": (
        "Spend a Fear to rain down hellfire within Far range. All targets within the area must "
        "make an Agility Reaction Roll. Targets who fail take 1d20+3 magic damage. Targets who "
        "succeed take half damage.",
        reads(range="Far", all_targets=True, damage="1d20+3 mag", cost_fear=1,
              reaction_roll="Agility", half_on_success=True)),
    "Group Attack": (
        "Spend a Fear to choose a target and spotlight all Giant Rats within Close range of "
        "them. Those Minions move into Melee range of the target and make one shared attack "
        "roll. On a success, they deal 1 physical damage each. Combine this damage.",
        reads(attack=True, range="Close", damage="1 phy", cost_fear=1)),
    "Blizzard Breath": (
        "Spend 2 Fear to release an icy whirlwind in an area within Close range. All targets "
        "in this area must make an Agility Reaction Roll. Targets who fail take 4d6+5 magic "
        "damage and are Restrained by ice until they break free with a successful Strength "
        "Roll. Targets who succeed must mark 2 Stress or take half damage.",
        None),  # read below: the alternative "mark 2 Stress or take half damage"
    "Grab and Drag": (
        "Make an attack against a target within Close range. On a success, spend a Fear to pull "
        "them into Melee range, deal 1d6+2 physical damage, and Restrain them until the Defender "
        "takes Severe damage.",
        reads(attack=True, range="Close", damage="1d6+2 phy", cost_fear=1,
              conditions=frozenset({"Restrained"}))),
    "Fall Back": (
        "When a creature moves into Melee range to make an attack, you can mark a Stress before "
        "the attack roll to move anywhere within Close range and make an attack against that "
        "creature. On a success, deal 1d10+2 physical damage.",
        reads(attack=True, range="Close", damage="1d10+2 phy", cost_stress=1)),
    "Rend Asunder": (
        "Make a standard attack with advantage against a target the Zombie has Restrained. On a "
        "success, the attack deals direct damage.",
        reads(attack=True, standard=True, direct=True, advantage=True)),
    "Coup de Grace": (
        "Spend a Fear to make an attack against a Vulnerable target within Close range. On a "
        "success, deal 2d6+12 physical damage and the target must mark a Stress.",
        reads(attack=True, range="Close", damage="2d6+12 phy", cost_fear=1, target_stress=1)),
    "Dive-Bomb": (
        "If flying, mark a Stress to choose point within Far range, move there, attack all "
        "targets within Very Close range; on success, 2d10+6 physical, mark a Stress, lose a "
        "Hope.",
        reads(attack=True, range="Far", all_targets=True, damage="2d10+6 phy", cost_stress=1,
              target_stress=1)),
    "Unparalleled Skill": (
        "Mark a Stress to deal the Demon’s standard attack damage to a target within Close "
        "range.",
        reads(standard=True, range="Close", cost_stress=1)),
    "Tormented Screams": (
        "Mark a Stress to cause all PCs within Far range to make a Presence Reaction Roll (13). "
        "Targets who fail lose a Hope and you gain a Fear for each. Targets who succeed must "
        "mark a Stress.",
        reads(range="Far", all_targets=True, cost_stress=1, target_stress=1,
              reaction_roll="Presence", reaction_difficulty=13)),
}


def test_every_creature_is_all_targets() -> None:
    """The program's own sample (resources/sample_adversaries.json) says "every"."""
    found = feature_action("Spend a Fear to vent fire: every creature within Very Close range "
                           "makes an Agility Reaction Roll (13) or takes 1d8 magic damage.")
    assert found == reads(range="Very Close", all_targets=True, damage="1d8 mag", cost_fear=1,
                          reaction_roll="Agility", reaction_difficulty=13)


NOT_ACTIONS = {
    "Momentum": "When the Bear makes a successful attack against a PC, you gain a Fear.",
    "Relentless": "The Burrower can be spotlighted up to three times per GM turn. Spend Fear as "
                  "usual to spotlight them.",
    "Minion": "The Rat is defeated when they take any damage. For every 3 damage a PC deals to "
              "the Rat, defeat an additional Minion within range the attack would succeed "
              "against.",
    "Guards, Seize Them!": "Once per scene, mark a Stress to summon 1d4 Bladed Guards, who "
                           "appear at Far range to enforce the Noble’s will.",
    "Peerless Accuracy": "Before the Flickerfly makes an attack, roll a d6. On a result of 4 or "
                         "higher, the target’s Evasion is halved against this attack.",
    "Census Bell": "Spend a Fear to activate after the Monarch’s desire for war is first "
                   "revealed. When it triggers, the Monarch has a reason to rally the nation to "
                   "war and the support to act on that reason. You gain 1d4 Fear.",
    "Cloaked": "Become Hidden until after the Shadow’s next attack. Attacks made while Hidden "
               "from this feature have advantage.",
}


@pytest.mark.parametrize("name", [n for n, (_, want) in CASES.items() if want is not None])
def test_srd_features_read_as_their_text_says(name: str) -> None:
    text, want = CASES[name]
    assert feature_action(text) == want


def test_a_breath_that_asks_a_reaction_roll_reads_its_damage_cost_and_condition() -> None:
    found = feature_action(CASES["Blizzard Breath"][0])
    assert found is not None
    assert (found.attack, found.all_targets, found.range) == (False, True, "Close")
    assert (found.damage, found.cost_fear, found.reaction_roll) == ("4d6+5 mag", 2, "Agility")
    assert found.conditions == frozenset({"Restrained"})
    assert found.half_on_success


@pytest.mark.parametrize("name", list(NOT_ACTIONS))
def test_a_feature_that_neither_rolls_nor_deals_damage_is_none(name: str) -> None:
    assert feature_action(NOT_ACTIONS[name]) is None


def test_the_burrower_spits_acid_not_its_claws() -> None:
    """The issue's rule mistake: Spit Acid is its own 2d6 at Close against all, not 1d12+2."""
    found = feature_action(SPIT_ACID)
    assert found is not None and found.damage == "2d6 phy" and found.range == "Close"
    assert found.all_targets and found.armor_slot and not found.standard


def test_text_copied_from_a_pdf_reads_the_same() -> None:
    broken = ("Make an attack against all tar-\ngets in front of the Burrower within Close\n"
              "range. Targets the Burrower suc-\nceeds against take 2d6 physical damage and "
              "must mark an Armor Slot without receiving its benefits.")
    assert feature_action(broken) == feature_action(SPIT_ACID)


@given(st.text(max_size=400))
def test_any_text_returns_and_never_raises(text: str) -> None:
    found = feature_action(text)
    assert found is None or isinstance(found, FeatureAction)
    if found is not None and found.damage is not None:
        parse(found.damage)  # a damage it reads is one the dice line can roll


DASHES = st.sampled_from(["-", "\u2013", "\u2014"])
QUOTES = st.sampled_from(["'", "\u2019"])
SPACES = st.sampled_from([" ", "\n", "  ", " \n"])


def srd_features() -> list[tuple[str, str]]:
    from tests.helpers.srd import srd_path

    path = srd_path()
    if path is None:
        return []
    data = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    return [(f"{entry['name']}: {feat['name']}", feat["text"])
            for entry in data for feat in entry["feats"]]


SRD_FEATURES = srd_features()
ONE_DAMAGE = re.compile(r"(\d*d\d+(?:[+-]\d+)?|\d+) (?:direct )?(physical|magic) damage")


def test_every_srd_feature_naming_one_damage_roll_is_read_with_it() -> None:
    if not SRD_FEATURES:
        pytest.skip("the SRD file is not beside the checkout")
    checked = 0
    for name, text in SRD_FEATURES:
        plain = normalise(text)
        named = {m.group(0) for m in ONE_DAMAGE.finditer(plain)
                 if not re.search(r"every\s+$", plain[:m.start()])}
        if len(named) != 1:
            continue
        (found,) = [ONE_DAMAGE.search(d) for d in named]
        assert found is not None
        want = f"{found.group(1)} {'mag' if found.group(2) == 'magic' else 'phy'}"
        reading = feature_action(text)
        assert reading is not None and reading.damage == want, name
        checked += 1
    assert checked >= 90  # the SRD names one damage roll in about a hundred features


def test_srd_counts_the_issue_gives() -> None:
    """Of the SRD's 414 features, the issue counts 61 that make an attack; we read at least
    as many, and every one that says "Make an attack" or "make a standard attack"."""
    if not SRD_FEATURES:
        pytest.skip("the SRD file is not beside the checkout")
    assert len(SRD_FEATURES) == 414
    attacks = [name for name, text in SRD_FEATURES
               if (r := feature_action(text)) is not None and r.attack]
    assert len(attacks) >= 61
    for name, text in SRD_FEATURES:
        if re.search(r"(?:^|\. )Make (?:an|a standard) attack", text):
            reading = feature_action(text)
            assert reading is not None and reading.attack, name


@given(st.sampled_from(SRD_FEATURES or [("none", SPIT_ACID)]), DASHES, QUOTES, SPACES)
def test_dashes_quotes_and_line_breaks_do_not_change_a_reading(
        feature: tuple[str, str], dash: str, quote: str, space: str) -> None:
    _, text = feature
    copied = text.replace("\u2019", quote).replace("'", quote).replace(" - ", f" {dash} ")
    copied = copied.replace(" ", space)
    assert feature_action(copied) == feature_action(text)
