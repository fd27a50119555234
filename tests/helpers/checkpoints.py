"""The write-ahead log copied into the database file from outside the program, and what SQLite
answers when another connection is copying it already.

The store's checkpoint thread (store/connection.py ``Checkpointer``) copies every commit into
the file a quarter of a second after it. A test that compares the file's bytes must first have
everything copied itself; SQLite refuses a checkpoint while another runs (the pragma's first
column says busy, nothing is raised: https://www.sqlite.org/c3ref/wal_checkpoint_v2.html), so
``copied_whole`` says whether it got to do it, for the caller to wait until it did.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# SQLite's WAL_CKPT_LOCK, as its unix VFS takes it between processes: one byte of the -shm
# file, at UNIX_SHM_BASE (120) + 1 (os_unix.c, unixShmLock). Whoever checkpoints holds it.
CHECKPOINT_LOCK_BYTE = 121

_HOLDER = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, int(sys.argv[2]), os.SEEK_SET)
print("held", flush=True)
sys.stdin.readline()
"""


def copied_whole(path: Path) -> bool:
    """Copy the whole log into ``path`` and empty it (TRUNCATE); False when SQLite refused,
    another checkpoint being under way (the store's thread), and nothing was done."""
    connection = sqlite3.connect(path, timeout=5)
    try:
        busy, _log, _copied = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        connection.close()
    return busy == 0


@contextmanager
def checkpoint_under_way(path: Path) -> Iterator[None]:
    """Another process holds ``path``'s checkpoint lock inside the ``with``, as a connection
    does while it copies the log into the file (the store's checkpoint thread at work)."""
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, f"{path}-shm",
                               str(CHECKPOINT_LOCK_BYTE)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n", (
            "could not take the checkpoint lock")
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()  # the holder reads EOF and ends, and its lock with it
        holder.wait(timeout=30)
