"""Small helpers every store module shares: a row by its id, UTC times, JSON."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TypeVar

from sqlmodel import Session, SQLModel

from encounter_app.domain.json_data import JSON
from encounter_app.store.errors import RowMissing

Model = TypeVar("Model", bound=SQLModel)


def table_name(model: type[SQLModel]) -> str:
    return str(model.__tablename__)


def _get(session: Session, model: type[Model], key: int | None) -> Model:
    """The row of ``model`` with id ``key``, read from the file; KeyError when there is none.

    Read again even when the session holds it already: a bulk statement or a cascade of the
    database may have changed or removed it since, inside the same unit.
    """
    found = None if key is None else session.get(model, key, populate_existing=True)
    if found is None:
        raise RowMissing(f"no {table_name(model)} with id {key}")
    return found


def _id(row: SQLModel) -> int:
    """The id of a row the session has written (flushed): SQLite gave it one."""
    key = getattr(row, "id", None)
    assert isinstance(key, int), "a flushed row has its id"
    return key


def _utc(moment: datetime) -> datetime:
    """Times are UTC; one without a zone (as SQLite keeps them) is taken to be UTC already."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _timestamp(moment: datetime | None = None) -> str:
    """A creation time as the API hands it back for a redo: the text SQLAlchemy's DateTime
    writes on SQLite (``2026-11-23 10:00:00.123456``, UTC)."""
    return _utc(moment or datetime.now(UTC)).strftime("%Y-%m-%d %H:%M:%S.%f")


def _moment(text: str | None) -> datetime:
    """The time a :func:`_timestamp` text names (now when None), zone-aware in UTC."""
    return datetime.now(UTC) if text is None else _utc(datetime.fromisoformat(text))


def _json(text: str | None, default: JSON) -> JSON:
    """A JSON column read as its text (NULL or 'null' when empty): its value, else default."""
    value: JSON = None if text is None else json.loads(text)
    return default if value is None else value
