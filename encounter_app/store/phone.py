"""The store's part of the players' phones (a mixin of Store): their rolls, kept until the GM
answers them and after, and which phone holds which character.

A roll is one ``phone_roll`` row: the character's name and the status in columns (the inbox
and a phone's history are read by them), the rest as JSON written and read only here. A row
this version cannot read is left out of every answer and logged, never shown or played: the
inbox is a convenience, not the fight's record (the roll log is).
"""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from pydantic import JsonValue
from sqlmodel import Session, col, delete, select

from encounter_app.domain.json_data import DataError, from_json, to_json
from encounter_app.domain.player_rolls import (
    PhoneResult,
    PhoneRoll,
    PhoneSubmission,
    RollStatus,
)
from encounter_app.store.sql import _get
from encounter_app.store.tables import Encounter, PhoneClaim, PhoneRollRecord

log = logging.getLogger(__name__)


class PhoneQueries:
    def _transaction(self) -> AbstractContextManager[Session]:
        raise NotImplementedError  # Store's own

    def _reading(self) -> AbstractContextManager[Session]:
        raise NotImplementedError  # Store's own

    # -- rolls ---------------------------------------------------------------------------------

    def phone_rolls(self, encounter_id: int, *, status: RollStatus | None = None,
                    character: str | None = None, newest: int | None = None
                    ) -> list[PhoneRoll]:
        """The encounter's rolls from phones, oldest first (``newest``: only that many of the
        newest, newest first), of one ``status`` and one ``character`` when given."""
        with self._reading() as session:
            query = select(PhoneRollRecord).where(PhoneRollRecord.encounter_id == encounter_id)
            if status is not None:
                query = query.where(PhoneRollRecord.status == status.value)
            if character is not None:
                query = query.where(PhoneRollRecord.character == character)
            if newest is None:
                query = query.order_by(col(PhoneRollRecord.id))
            else:
                query = query.order_by(col(PhoneRollRecord.id).desc()).limit(newest)
            found = []
            for record in session.exec(query):
                roll = _roll(record)
                if roll is not None:
                    found.append(roll)
            return found

    def insert_phone_roll(self, roll: PhoneRoll) -> PhoneRoll:
        """Keep a new roll; the same roll with its id."""
        with self._transaction() as session:
            _get(session, Encounter, roll.encounter_id)
            record = PhoneRollRecord(encounter_id=roll.encounter_id,
                                     character=roll.submission.character,
                                     status=roll.status.value, payload=_payload(roll))
            session.add(record)
            session.flush()
            assert record.id is not None
            return PhoneRoll(record.id, roll.encounter_id, roll.submission, roll.dice,
                             roll.rolled_for_them, roll.status, roll.result, roll.note)

    def update_phone_roll(self, roll: PhoneRoll) -> None:
        """Write what became of a kept roll (its status, result and note). KeyError if it is
        gone."""
        assert roll.id is not None, "a kept roll has an id"
        with self._transaction() as session:
            record = _get(session, PhoneRollRecord, roll.id)
            record.status = roll.status.value
            record.payload = _payload(roll)
            session.add(record)

    # -- claims --------------------------------------------------------------------------------

    def phone_claims(self, campaign_id: int) -> dict[str, str]:
        """Which phone holds which character in the campaign: device -> character's name."""
        with self._reading() as session:
            rows = session.exec(select(PhoneClaim).where(PhoneClaim.campaign_id == campaign_id))
            return {row.device: row.name for row in rows}

    def set_phone_claim(self, campaign_id: int, device: str, name: str | None) -> None:
        """``device`` holds ``name`` from now on (None: nothing). Whatever held that name
        before lets go of it: a character is held by one phone."""
        with self._transaction() as session:
            session.exec(delete(PhoneClaim).where(
                col(PhoneClaim.campaign_id) == campaign_id, col(PhoneClaim.device) == device))
            if name is not None:
                session.exec(delete(PhoneClaim).where(
                    col(PhoneClaim.campaign_id) == campaign_id, col(PhoneClaim.name) == name))
                session.add(PhoneClaim(campaign_id=campaign_id, device=device, name=name))


@dataclass(frozen=True)
class Number:
    """A number of the roll, by its key: {"key": "hope", "value": 9}."""

    key: str
    value: int


@dataclass(frozen=True)
class Word:
    """A choice of the roll, by its key: {"key": "advantage", "value": "none"}."""

    key: str
    value: str


@dataclass(frozen=True)
class Outcome:
    """What came of the roll: ``PhoneResult`` as kept."""

    total: int
    text: str
    dice: str


@dataclass(frozen=True)
class PhonePayload:
    """The JSON of a ``phone_roll`` row: what its columns do not hold (the row checks read it
    by this class, store/row_checks.py)."""

    combatant_id: int | None
    form: str
    numbers: tuple[Number, ...]
    choices: tuple[Word, ...]
    table_dice: tuple[Number, ...] | None  # as thrown at the table; None: rolled for them
    device: str
    page: str
    dice: tuple[Number, ...]
    rolled_for_them: bool
    note: str
    result: Outcome | None


def _numbers(pairs: tuple[tuple[str, int], ...]) -> tuple[Number, ...]:
    return tuple(Number(key, value) for key, value in pairs)


def _pairs(numbers: tuple[Number, ...] | tuple[Word, ...]) -> tuple[tuple[str, Any], ...]:
    return tuple((item.key, item.value) for item in numbers)


def _payload(roll: PhoneRoll) -> dict[str, JsonValue]:
    sub, result = roll.submission, roll.result
    payload = PhonePayload(
        sub.combatant_id, sub.form, _numbers(sub.numbers),
        tuple(Word(key, value) for key, value in sub.choices),
        None if sub.dice is None else _numbers(sub.dice), sub.device, sub.page,
        _numbers(roll.dice), roll.rolled_for_them, roll.note,
        None if result is None else Outcome(result.total, result.text, result.dice))
    written = to_json(payload)
    assert isinstance(written, dict)
    return written


def _roll(record: PhoneRollRecord) -> PhoneRoll | None:
    """The row read back; None (logged) for one this version cannot read."""
    try:
        data = from_json(PhonePayload, record.payload, f"phone roll {record.id}")
        status = RollStatus(record.status)
    except (DataError, ValueError) as error:
        log.warning("a player's roll from a phone cannot be read; left out: %s", error)
        return None
    assert record.id is not None
    submission = PhoneSubmission(
        record.character, data.combatant_id, data.form, _pairs(data.numbers),
        _pairs(data.choices), None if data.table_dice is None else _pairs(data.table_dice),
        data.device, data.page)
    result = None if data.result is None else PhoneResult(data.result.total, data.result.text,
                                                          data.result.dice)
    return PhoneRoll(record.id, record.encounter_id, submission, _pairs(data.dice),
                     data.rolled_for_them, status, result, data.note)
