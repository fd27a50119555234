"""A tracked Daggerheart PC: its tracks from the roster, and what an adversary's hit marks."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.rows import CombatantRow
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.state import DaggerheartSheet, state_of
from tests.helpers.systems import combatant_for_pc

ROSTER = PcRow(name="Aria", id=4, hp_marked=1, armor_marked=1,
               stats=DaggerheartSheet(evasion=10, major=7, severe=14, hp=6, stress=6, hope=2,
                                      armor=3))


def aria(**state: int) -> CombatantRow:
    row = replace(combatant_for_pc(ROSTER), id=11)
    return replace(row, system_state=replace(state_of(row), **state))


def test_a_roster_pc_joins_with_its_thresholds_armor_and_hope():
    row = combatant_for_pc(ROSTER)
    now = pc_tracks.tracks(row)
    assert (now.major, now.severe, now.armor, now.armor_marked, now.hope) == (7, 14, 3, 1, 2)
    assert (row.hp_max, row.hp_marked, row.evasion) == (6, 1, 10)
    assert now.thresholds_text() == "Minor 1–6 · Major 7–13 · Severe 14+"
    # Another system's PC is refused a Daggerheart sheet: its numbers are not that system's.
    with pytest.raises(TypeError, match="DaggerheartSheet where a ForgeStats belongs"):
        combatant_for_pc(ROSTER, "forge_of_power")


@pytest.mark.parametrize(("damage", "marks", "armored", "severity"), [
    (0, 0, 0, "no damage"), (6, 1, 0, "Minor"), (7, 2, 1, "Major"), (13, 2, 1, "Major"),
    (14, 3, 2, "Severe"), (40, 3, 2, "Severe"),
])
def test_a_hit_marks_by_the_pcs_thresholds_and_an_armor_slot_takes_one_threshold_off(
        damage, marks, armored, severity):
    hit = pc_tracks.hit_on(aria(), damage)
    assert hit is not None and (hit.marks, hit.armored) == (marks, armored)
    assert hit.words().startswith(f"{damage} damage: {severity}, marks {marks} HP")
    after = pc_tracks.marked_by(aria(), hit, armor=True)
    if marks:
        assert after.hp_marked == 1 + armored
        assert pc_tracks.tracks(after).armor_marked == 2  # one more Armor Slot marked
    else:  # nothing to reduce: no Armor Slot is spent on it
        assert after == aria()


def test_no_free_armor_slot_means_the_whole_hit_is_marked():
    full = aria(armor_marked=3)
    hit = pc_tracks.hit_on(full, 14)
    assert hit is not None and not hit.armor_helps
    after = pc_tracks.marked_by(full, hit, armor=True)
    assert after.hp_marked == 4 and pc_tracks.tracks(after).armor_marked == 3


def test_a_pc_without_thresholds_is_not_offered_a_hit():
    hand_made = CombatantRow(kind="pc", name="Guest", id=3, evasion=9, hp_max=5)
    assert pc_tracks.hit_on(hand_made, 9) is None
    assert "not set" in pc_tracks.tracks(hand_made).thresholds_text()


@given(damage=st.integers(-5, 200), hp_marked=st.integers(0, 6), armor_marked=st.integers(0, 3),
       armor=st.booleans(), massive=st.booleans())
def test_marking_a_hit_stays_within_every_track(damage, hp_marked, armor_marked, armor, massive):
    row = replace(aria(armor_marked=armor_marked), hp_marked=hp_marked)
    hit = pc_tracks.hit_on(row, damage, massive=massive)
    assert hit is not None
    after = pc_tracks.marked_by(row, hit, armor)
    before_tracks, after_tracks = pc_tracks.tracks(row), pc_tracks.tracks(after)
    assert row.hp_marked <= after.hp_marked <= row.hp_max
    assert after.hp_marked - row.hp_marked <= hit.marks
    assert hit.armored == max(0, hit.marks - 1)
    used = after_tracks.armor_marked - before_tracks.armor_marked
    assert used in (0, 1) and after_tracks.armor_marked <= after_tracks.armor
    assert used == (1 if armor and hit.armor_helps else 0)
