"""Our own format gives back exactly what it was given."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from encounter_app.exchange import native
from encounter_app.exchange.encounter_file import write_encounter
from encounter_app.exchange.reader import read_bytes
from encounter_app.exchange.statblock import normal_type
from tests.helpers.strategies import encounters, stat_blocks
from tests.helpers.systems import SYSTEMS


@settings(max_examples=150, deadline=None)
@given(st.lists(stat_blocks(), min_size=1, max_size=4))
def test_any_valid_stat_blocks_round_trip_exactly(blocks):
    text = native.write_adversaries(blocks)
    parsed = read_bytes(SYSTEMS, text.encode("utf-8"), "mine.json")
    assert parsed.kind == "adversaries" and parsed.format == "encounter-manager"
    assert parsed.adversaries == tuple(blocks)
    assert parsed.notes == ()


@settings(max_examples=100, deadline=None)
@given(encounters())
def test_any_encounter_round_trips_exactly(encounter):
    parsed = read_bytes(SYSTEMS, write_encounter(encounter).encode("utf-8"), "fight.json")
    assert parsed.kind == "encounter"
    assert parsed.encounter == encounter


def test_the_file_says_what_it_is():
    data = json.loads(native.write_adversaries([]))
    assert (data["format"], data["version"], data["kind"]) == ("encounter-manager", 1,
                                                               "adversaries")


def test_types_are_written_as_the_srd_spells_them():
    assert normal_type("horde (5/hp)") == "Horde (5/HP)"
    assert normal_type("BRUISER") == "Bruiser"
    assert normal_type("Horde") is None and normal_type("Horde (0/HP)") is None
