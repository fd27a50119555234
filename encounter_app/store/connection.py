"""The one way this program connects to its SQLite file, with the settings every connection needs.

The store talks to SQLite through the standard library: importing SQLAlchemy and sqlmodel costs
more than a bare Qt window takes to appear (docs/performance.md), so they are loaded only when
Alembic has a migration to run.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


def configure(connection: sqlite3.Connection) -> None:
    """Settings that belong to a connection, not to the file: set them on every one."""
    # Python's sqlite3 commits on its own before DDL, so a failed migration would leave half a
    # schema behind. Take transactions away from the driver; whoever writes says BEGIN:
    # https://docs.sqlalchemy.org/en/20/dialects/sqlite.html#serializable-isolation-savepoints-transactional-ddl
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def connect(path: Path) -> sqlite3.Connection:
    # check_same_thread=False: the Store serialises its own use with a lock.
    connection = sqlite3.connect(path, check_same_thread=False)
    configure(connection)
    return connection
