"""What the store says to SQLite: every statement its connection runs, as SQLite traces it."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from encounter_app.store import Store


def raw_connection(store: Store) -> sqlite3.Connection:
    """The sqlite3 connection under the store: its engine's StaticPool holds the one, so
    handing the proxy back to the pool leaves it open."""
    proxied = store._engine.raw_connection()
    try:
        connection = proxied.driver_connection
    finally:
        proxied.close()
    assert isinstance(connection, sqlite3.Connection)
    return connection


@contextmanager
def statements(store: Store) -> Iterator[list[str]]:
    """Collect the statements the store's connection runs inside the ``with``."""
    seen: list[str] = []
    connection = raw_connection(store)
    connection.set_trace_callback(seen.append)
    try:
        yield seen
    finally:
        connection.set_trace_callback(None)


def commits(seen: list[str]) -> int:
    return sum(1 for statement in seen if statement.strip().upper() == "COMMIT")
