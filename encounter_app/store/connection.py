"""The one way this program connects to its SQLite file, with the settings every connection needs.

The store and the migrations reach the file through an SQLAlchemy engine (:func:`engine`); the
file checks, the backups and the checkpointer thread use the standard library's sqlite3
(:func:`connect`). Both apply :func:`configure` to every connection they open.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.pool import StaticPool

from encounter_app.domain.json_data import JSON

log = logging.getLogger(__name__)

def compact_json(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"))


def configure(connection: sqlite3.Connection) -> None:
    """Settings that belong to a connection, not to the file: set them on every one."""
    # Python's sqlite3 commits on its own before DDL, so a failed migration would leave half a
    # schema behind. Take transactions away from the driver; whoever writes says BEGIN:
    # https://docs.sqlalchemy.org/en/20/dialects/sqlite.html#serializable-isolation-savepoints-transactional-ddl
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute("PRAGMA busy_timeout=5000")  # first: the journal mode may wait for a lock
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def connect(path: Path) -> sqlite3.Connection:
    """A plain sqlite3 connection, configured (the checkpointer's, and tests that look in)."""
    connection = sqlite3.connect(path, check_same_thread=False)
    configure(connection)
    return connection


def engine(path: Path, *, store: bool = False) -> Engine:
    """An SQLAlchemy engine on ``path`` whose connections are configured and say BEGIN.

    ``store=True``: the store's own engine. One connection for every caller (StaticPool; the
    Store serialises threads with its lock, hence check_same_thread=False), and SQLite's
    automatic checkpoints off on it: the :class:`Checkpointer` thread does them.
    """
    # JSON columns without the spaces json.dumps puts after "," and ":": a tenth of every roll
    # payload, and the roll log is nearly all of a big campaign's file (docs/performance.md).
    # No pool class and no connect_args (None, {}) are SQLAlchemy's defaults.
    made = create_engine(f"sqlite:///{path}", json_serializer=compact_json,
                         poolclass=StaticPool if store else None,
                         connect_args={"check_same_thread": False} if store else {})

    def on_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        configure(dbapi_connection)
        if store:
            dbapi_connection.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer's job

    def on_begin(connection: Connection) -> None:
        # The driver no longer opens transactions (configure), so SQLAlchemy says BEGIN itself;
        # sqlite3 still ends them with COMMIT or ROLLBACK.
        connection.exec_driver_sql("BEGIN")

    event.listen(made, "connect", on_connect)
    event.listen(made, "begin", on_begin)
    return made


class Checkpointer:
    """Copies the write-ahead log back into the database file on a thread of its own.

    SQLite does this after the commit that fills the log past 1000 pages, inside that commit,
    on the GUI thread: a drag in a big fight rewrites hundreds of pages, so every few drags one
    took 20 ms longer (docs/performance.md). The store's connection turns that off and pokes
    this thread after each commit; ``pause`` seconds later (after the frame that showed the
    change, and gathering the commits that follow) it checkpoints without blocking the writer
    (PASSIVE). SQLite's own advice for applications that want it:
    https://www.sqlite.org/wal.html#application_initiated_checkpoints
    """

    def __init__(self, path: Path, pause: float = 0.25) -> None:
        self._path, self._pause = path, pause
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def poke(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stopping.set()  # also cuts the pause short: closing must not wait for it
        self._wake.set()
        self._thread.join()

    def _run(self) -> None:
        # Its own plain connection: the file is in WAL mode already (the store's connection
        # set it), and asking again would need a lock another connection may hold.
        connection: sqlite3.Connection | None = None
        try:
            while True:
                self._wake.wait()
                if self._stopping.is_set():
                    return
                self._wake.clear()
                if self._stopping.wait(self._pause):
                    return  # the store is closing: its last connection checkpoints anyway
                try:
                    if connection is None:
                        connection = sqlite3.connect(self._path, timeout=5,
                                                     check_same_thread=False)
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as exc:  # busy, or the disk: the next commit asks again
                    log.warning("checkpoint of %s skipped: %s", self._path, exc)
        finally:
            if connection is not None:
                connection.close()
