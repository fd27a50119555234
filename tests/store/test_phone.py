"""The store keeps the players' rolls from their phones and who holds which character: a
restart (a new Store over the same file) gives back every one as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from encounter_app.domain.player_rolls import (
    PhoneResult,
    PhoneRoll,
    PhoneSubmission,
    RollStatus,
)
from encounter_app.store import Store
from tests.helpers.systems import SYSTEMS, create_demo

SUBMISSION = PhoneSubmission("Marlowe", 3, "action", numbers=(("trait", 2),),
                             choices=(("advantage", "none"), ("hope", "experience")),
                             dice=(("hope", 9), ("fear", 4)), device="D" * 22, page="page-1")


def waiting(encounter_id: int, submission: PhoneSubmission = SUBMISSION) -> PhoneRoll:
    return PhoneRoll(None, encounter_id, submission, (("hope", 9), ("fear", 4)), False)


def test_a_waiting_roll_is_there_after_a_restart(tmp_path: Path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    encounter = create_demo(store, seed=1)
    kept = store.insert_phone_roll(waiting(encounter.id))
    store.close()

    store = Store.open(tmp_path, SYSTEMS)
    try:
        assert store.phone_rolls(encounter.id, status=RollStatus.WAITING) == [kept]
        assert kept.id is not None and kept.submission == SUBMISSION
    finally:
        store.close()


def test_what_became_of_a_roll_is_kept_and_the_history_is_newest_first(
        tmp_path: Path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    try:
        encounter = create_demo(store, seed=1)
        first = store.insert_phone_roll(waiting(encounter.id))
        quill = PhoneSubmission("Quill", 4, "action")
        other = store.insert_phone_roll(waiting(encounter.id, quill))
        second = store.insert_phone_roll(waiting(encounter.id))
        recorded = PhoneRoll(first.id, first.encounter_id, first.submission, first.dice, False,
                             RollStatus.RECORDED, PhoneResult(15, "Success with Hope", "9 + 4 + 2"))
        store.update_phone_roll(recorded)
        assert store.phone_rolls(encounter.id, character="Marlowe", newest=5) == [second, recorded]
        assert store.phone_rolls(encounter.id, status=RollStatus.WAITING) == [other, second]
        assert store.phone_rolls(encounter.id, status=RollStatus.WAITING,
                                 character="Marlowe") == [second]
    finally:
        store.close()


def test_a_character_is_held_by_one_phone_and_a_phone_holds_one(tmp_path: Path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    encounter = create_demo(store, seed=1)
    campaign = encounter.campaign_id
    store.set_phone_claim(campaign, "phone-a", "Marlowe")
    store.set_phone_claim(campaign, "phone-b", "Quill")
    store.set_phone_claim(campaign, "phone-b", "Marlowe")  # B takes Marlowe: A lets go of it
    store.close()

    store = Store.open(tmp_path, SYSTEMS)
    try:
        assert store.phone_claims(campaign) == {"phone-b": "Marlowe"}
        store.set_phone_claim(campaign, "phone-b", None)
        assert store.phone_claims(campaign) == {}
    finally:
        store.close()


@pytest.mark.parametrize("payload", ['{"form": 5}', "[1, 2]"])
def test_a_roll_this_version_cannot_read_is_left_out(tmp_path: Path, payload: str) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    try:
        encounter = create_demo(store, seed=1)
        kept = store.insert_phone_roll(waiting(encounter.id))
        store.insert_phone_roll(waiting(encounter.id))
        with store._engine.begin() as connection:  # a damaged row, made here
            connection.exec_driver_sql("UPDATE phone_roll SET payload = ? WHERE id = ?",
                                       (payload, kept.id))
        assert [r.id for r in store.phone_rolls(encounter.id)] == [kept.id + 1]
    finally:
        store.close()
