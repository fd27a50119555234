"""The roll log's payloads are stored packed, read back exactly, and older files still read."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.domain import RollRow
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.services.rolls.rules_service import compute
from encounter_app.store import DB_NAME, Store, packing
from encounter_app.systems.daggerheart.requests import AttackRequest, Target
from tests.helpers.systems import SYSTEMS

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30)


def attack_payload(seed: int = 3) -> dict[str, Any]:
    request = AttackRequest("Ashen Sentry 1", 2, "1d10+4 phy",
                            (Target("Marlowe", 11), Target("Aria", 9)), "Cinder Maul")
    return describe(RollResult(1, request, compute(request, random.Random(seed)))).payload


@given(JSON_VALUES)
def test_any_json_value_comes_back_exactly(value: Any) -> None:
    assert packing.unpack(packing.pack(value)) == value


def test_an_attack_payload_packs_to_under_a_third_of_its_json() -> None:
    payload = attack_payload()
    text = json.dumps(payload, separators=(",", ":")).encode()
    packed = packing.pack(payload)
    assert len(packed) * 3 < len(text), (len(packed), len(text))
    assert packing.unpack(packed) == payload


def test_format_1_dictionary_is_frozen() -> None:
    """Every payload written so far needs these exact bytes to be read: never edit them."""
    digest = hashlib.sha256(packing._DICTIONARY_1).hexdigest()
    assert digest == "1d90e0c3c3c3827bb96da0b91c61bf8ff6162c58b9903f5173420c77113cb109"


def test_json_text_from_an_older_file_reads_as_it_is() -> None:
    assert packing.unpack('{"result":{"total":7}}') == {"result": {"total": 7}}
    assert packing.unpack(b'{"result":{"total":7}}') == {"result": {"total": 7}}


@pytest.mark.parametrize("stored", [b"\x07abc", b"", packing.pack({"a": 1})[:-2],
                                    b"\x01" + b"\xff" * 12])
def test_bytes_this_program_did_not_write_are_refused_by_name(stored: bytes) -> None:
    with pytest.raises(packing.UnreadablePayload):
        packing.unpack(stored)


def _write_payload(data: Path, roll_id: int, stored: bytes | str) -> None:
    connection = sqlite3.connect(data / DB_NAME)
    with connection:
        connection.execute("UPDATE roll_record SET payload = ? WHERE id = ?", (stored, roll_id))
    connection.close()


def test_the_store_keeps_a_payload_packed_and_gives_it_back(tmp_path: Path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    campaign = store.create_campaign("Witherwild", system="daggerheart", party_size=4, fear=3)
    encounter = store.create_encounter(campaign.id, "Ambush")
    payload = attack_payload()
    roll = store.insert_roll(encounter.id, RollRow(kind="attack", summary="hit",
                                                   payload=payload))
    store.close()

    connection = sqlite3.connect(tmp_path / DB_NAME)
    (stored,) = connection.execute("SELECT payload FROM roll_record WHERE id = ?",
                                   (roll.id,)).fetchone()
    connection.close()
    assert isinstance(stored, bytes) and stored[0] == packing.FORMAT_1

    store = Store.open(tmp_path, SYSTEMS)
    try:
        assert store.rolls(encounter.id)[0].payload == payload
    finally:
        store.close()


def test_a_damaged_payload_is_a_damaged_line_not_a_crash(tmp_path: Path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    campaign = store.create_campaign("Witherwild", system="daggerheart", party_size=4, fear=3)
    encounter = store.create_encounter(campaign.id, "Ambush")
    roll = store.insert_roll(encounter.id, RollRow(kind="attack", summary="hit",
                                                   payload=attack_payload()))
    store.close()
    _write_payload(tmp_path, roll.id, packing.pack(attack_payload())[:20])

    store = Store.open(tmp_path, SYSTEMS)
    try:
        (line,) = store.rolls(encounter.id)
        assert line.damaged and line.id == roll.id
        assert "payload is cut short" in line.detail
    finally:
        store.close()
