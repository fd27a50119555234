"""The SRD's adversaries.json, as published, read into stat blocks: all 129, exactly."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from encounter_app.domain.rows import Experience, Feature, StatBlock
from encounter_app.exchange import srd
from encounter_app.exchange.reader import read_bytes, read_path
from encounter_app.exchange.statblock import horde_size
from tests.helpers.strategies import stat_blocks
from tests.helpers.systems import SYSTEMS


@pytest.fixture(scope="module")
def blocks(srd_file):
    parsed = read_path(SYSTEMS, srd_file)
    return {stats.name: stats for stats in parsed.adversaries}


def test_all_129_read_in_one_step_with_one_note(srd_file):
    parsed = read_path(SYSTEMS, srd_file)
    assert len(parsed.adversaries) == 129
    assert parsed.format == "srd" and parsed.template_source == "srd"
    # The one value changed on the way is said: the Abomination's attack is dice.
    assert [(n.entry, n.name, n.field) for n in parsed.notes] == [
        (122, "Outer Realms Abomination", "atk")]
    assert srd_file.read_bytes().startswith(b"\xef\xbb\xbf")  # the BOM was there


def test_acid_burrower_exactly(blocks):
    stats = blocks["Acid Burrower"]
    assert (stats.tier, stats.type, stats.difficulty) == (1, "Solo", 14)
    assert (stats.major, stats.severe, stats.hp, stats.stress) == (8, 15, 8, 3)
    assert (stats.attack_modifier, stats.attack_name, stats.attack_range, stats.damage) == (
        3, "Claws", "Very Close", "1d12+2 phy")
    assert stats.motives == "Burrow, drag away, feed, reposition"
    assert stats.experiences == (Experience("Tremor Sense", 2),)
    assert [(f.name, f.kind, f.fear, f.countdown) for f in stats.features] == [
        ("Relentless (3)", "Passive", False, None),
        ("Earth Eruption", "Action", False, None),
        ("Spit Acid", "Action", False, None),
        ("Acid Bath", "Reaction", False, None),
    ]


def test_a_minion_has_no_thresholds(blocks):
    rat = blocks["Giant Rat"]
    assert rat.type == "Minion" and (rat.major, rat.severe) == (None, None)
    assert rat.features[0].name == "Minion (3)"


def test_a_tiny_ooze_has_a_major_threshold_and_no_severe(blocks):
    ooze = blocks["Tiny Green Ooze"]
    assert (ooze.major, ooze.severe) == (4, None)


def test_a_horde_keeps_its_size_in_its_type(blocks):
    assert blocks["Archer Squadron"].type == "Horde (2/HP)"
    assert horde_size(blocks["Archer Squadron"].type) == 2
    assert horde_size(blocks["Acid Burrower"].type) is None
    hordes = [s for s in blocks.values() if s.type.startswith("Horde")]
    assert sorted(horde_size(s.type) for s in hordes) == [1, 2, 2, 2, 3, 3, 3, 5, 10]


def test_countdowns_in_texts_and_in_names(blocks):
    signal = next(f for f in blocks["Head Guard"].features if f.name == "On My Signal")
    assert (signal.name, signal.kind, signal.countdown) == ("On My Signal", "Reaction", 5)
    wrath = next(f for f in blocks["Demon of Wrath"].features if f.name == "Blood and Souls")
    assert (wrath.kind, wrath.countdown) == ("Reaction", 6)
    assert wrath.text.startswith("Countdown (Loop 6). ")  # moved from the name, not lost
    bell = next(f for f in blocks["Monarch"].features if f.name == "Census Bell")
    assert (bell.countdown, bell.text[:25]) == (8, "Long-Term Countdown (8). ")
    # A dice start stays in the text: the feature has no fixed countdown.
    breath = next(f for f in blocks["Juvenile Flickerfly"].features
                  if f.name == "Hallucinatory Breath")
    assert breath.countdown is None and breath.text.startswith("Countdown (Loop 1d6). ")
    # A countdown the text only mentions is not the feature's.
    gaze = next(f for f in blocks["Gorgon"].features if f.name == "Petrifying Gaze")
    assert gaze.countdown is None and gaze.fear


def test_fear_features(blocks):
    monarch = {f.name: f.fear for f in blocks["Monarch"].features}
    assert monarch["Census Bell"] is True
    # "Spend Fear as usual to spotlight them" is Relentless, not a Fear feature.
    assert not any(f.fear for f in blocks["Acid Burrower"].features)
    assert srd.is_fear_feature("Spend 2 Fear to spotlight 1d4 allies.")
    assert srd.is_fear_feature("Spend 3 handfuls of gold (or a Fear) to spotlight")
    assert not srd.is_fear_feature("Mark a Stress instead of spending a Fear to spotlight")


def test_several_experiences_and_no_experience(blocks):
    assert blocks["Fallen Warlord: Realm-Breaker"].experiences == (
        Experience("Conquest", 3), Experience("History", 2), Experience("Intimidation", 3))
    assert blocks["Construct"].experiences == ()


def test_names_and_kinds_of_every_feature_are_clean(srd_file, blocks):
    raw = json.loads(srd_file.read_text(encoding="utf-8-sig"))
    features = [f for stats in blocks.values() for f in stats.features]
    assert len(features) == sum(len(entry["feats"]) for entry in raw) == 414
    assert not [f.name for f in features if " - " in f.name or "Countdown" in f.name]
    assert {f.kind for f in features} == {"Passive", "Action", "Reaction"}


def test_numbers_as_strings_and_signs(blocks):
    assert blocks["Tiny Green Ooze"].attack_modifier == -1
    assert blocks["Outer Realms Abomination"].attack_modifier == 0  # "+2d4", noted


def test_a_feature_countdown_written_after_its_name_in_brackets():
    problems, notes = [], []
    [stats] = srd.read([_entry(feats=[{"name": "Collapse (Countdown 6) - Action",
                                        "text": "The roof falls."}])], problems, notes)
    assert problems == []
    assert stats.features == (Feature("Collapse", "Action", "The roof falls.", False, 6),)


def _entry(**changes):
    entry = {"name": "Test Brute", "tier": "1", "type": "Bruiser", "description": "d",
             "motives_and_tactics": "m", "difficulty": "12", "thresholds": "7/14", "hp": "5",
             "stress": "3", "atk": "+2", "attack": "Club", "range": "Melee",
             "damage": "1d8+2 phy", "feats": []}
    entry.update(changes)
    return entry


# -- any stat block written the SRD's way reads back the same ---------------------------------

WORDS = st.text(st.sampled_from("abcdefghij ABCXYZ’,.'"), min_size=1, max_size=30).map(
    lambda s: " ".join(s.split())).filter(bool)


@st.composite
def srd_blocks(draw) -> StatBlock:
    stats = draw(stat_blocks())
    return replace(
        stats, name=draw(WORDS), attack_name=draw(WORDS), attack_range=draw(WORDS),
        description=draw(WORDS), motives=draw(WORDS),
        # Experiences are one comma-separated line: a comma cannot be in a name there.
        experiences=tuple(Experience(draw(WORDS.map(lambda w: w.replace(",", "")).filter(
            lambda w: w.strip() == w and w)), e.bonus) for e in stats.experiences),
        # The SRD writes no flags: a countdown is in the text, Fear is what the text says;
        # nor a GM's correction of what a text is read as.
        features=tuple(replace(f, name=draw(WORDS), text=text, countdown=countdown,
                               fear=srd.is_fear_feature(text), reading=None)
                       for f in stats.features
                       for countdown in [draw(st.none() | st.integers(1, 12))]
                       for text in [(f"Countdown ({countdown}). " if countdown else "")
                                    + draw(st.sampled_from(["", "Spend a Fear to roar. "]))
                                    + draw(WORDS)]))


def as_srd(stats: StatBlock) -> dict:
    """A stat block the way the SRD's JSON writes one: numbers as strings, kinds in names."""
    thresholds = ("None" if stats.major is None and stats.severe is None
                  else f"{stats.major or 'None'}/{stats.severe or 'None'}")
    entry = {"name": stats.name, "tier": str(stats.tier), "type": stats.type,
             "description": stats.description, "motives_and_tactics": stats.motives,
             "difficulty": str(stats.difficulty), "thresholds": thresholds,
             "hp": str(stats.hp), "stress": str(stats.stress),
             "atk": f"{stats.attack_modifier:+d}", "attack": stats.attack_name,
             "range": stats.attack_range, "damage": stats.damage,
             "feats": [{"name": f"{f.name} - {f.kind}", "text": f.text}
                       for f in stats.features]}
    if stats.experiences:
        entry["experience"] = ", ".join(str(e) for e in stats.experiences)
    return entry


@settings(max_examples=100, deadline=None)
@given(st.lists(srd_blocks(), min_size=1, max_size=3))
def test_any_stat_block_in_the_srd_format_reads_back_the_same(blocks):
    raw = b"\xef\xbb\xbf" + json.dumps([as_srd(b) for b in blocks]).encode("utf-8")
    assert read_bytes(SYSTEMS, raw, "srd.json").adversaries == tuple(blocks)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "Bite", " ", "  ", "\t", "-", ":", "(", ")", "6",
                                 "countdown", "Countdown", "Loop", " - ", "Action", "\u00a0"]),
                max_size=14).map("".join),
       st.sampled_from([("-", srd._KIND, "kind"), (":", srd._NAME_COUNTDOWN, "countdown"),
                        ("(", srd._PAREN_COUNTDOWN, "start")]))
def test_a_name_splits_as_the_pattern_from_its_start_would(name, case):
    """How a feature's name ends is found from its marks, not by trying every character (a
    name of spaces took the square of its length): the answer is the same."""
    mark, end, group = case
    whole = re.match(f"^(?P<head>.*?){end.pattern}$", name, end.flags)
    split = srd._split(name, mark, end)
    assert (None if split is None else (split[0], split[1].group(group))) == (
        None if whole is None else (whole.group("head"), whole.group(group)))
