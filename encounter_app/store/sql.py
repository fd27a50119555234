"""Small helpers every store module shares: checked updates, UTC timestamps, JSON columns."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from typing import Any

# A row as sqlite3 returns it: one value per selected column.
DbRow = tuple[Any, ...]


def _inserted_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row an INSERT just wrote (``lastrowid`` is None only before any INSERT)."""
    assert cursor.lastrowid is not None, "an INSERT gives the row it wrote an id"
    return cursor.lastrowid


def _changed(cursor: sqlite3.Cursor, table: str, key: int | None) -> None:
    if cursor.rowcount == 0:
        raise KeyError(f"no {table} with id {key}")


def _utc(moment: datetime) -> datetime:
    """Times are UTC; one without a zone (as SQLite keeps them) is taken to be UTC already."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _timestamp(moment: datetime | None = None) -> str:
    # The text SQLAlchemy's DateTime writes on SQLite, so files written before read the same.
    return _utc(moment or datetime.now(UTC)).strftime("%Y-%m-%d %H:%M:%S.%f")


def _json(text: str | None, default: Any) -> Any:
    value = None if text is None else json.loads(text)
    return default if value is None else value
