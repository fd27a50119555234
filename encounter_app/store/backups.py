"""Backups of the database with SQLite's online backup API, and putting one back. No Qt.

Backups live in ``backups/`` beside the database, named ``encounter-<local time>-<kind>.db``.
Only the automatic ones (kind ``auto``) are rotated; backups taken before a migration, before a
restore, or by the GM are never deleted by the program. A damaged database is renamed, never
deleted: ``encounter-corrupt-<local time>.db`` beside the new one.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

BACKUP_FOLDER = "backups"
AUTO = "auto"
MANUAL = "manual"
BEFORE_RESTORE = "before-restore"
KEEP_AUTO = 10

_NAME = re.compile(r"^(?P<stem>.+?)-(?P<stamp>\d{8}-\d{6})(?:-(?P<n>\d+))?"
                   r"-(?P<kind>[a-z][\w-]*)\.db$")


@dataclass(frozen=True)
class Backup:
    """A backup file in the backups folder: what kind it is and when it was taken."""

    path: Path
    kind: str  # "auto", "manual", "before-0002", "before-restore", or "" for other files
    taken: datetime  # local time, from the file's modification time

    @property
    def label(self) -> str:
        kinds = {AUTO: "automatic", MANUAL: "made by you", BEFORE_RESTORE: "before a restore"}
        kind = kinds.get(self.kind, "")
        if not kind and self.kind.startswith("before-"):
            kind = f"before updating to schema {self.kind.removeprefix('before-')}"
        when = self.taken.strftime("%Y-%m-%d %H:%M:%S")
        return f"{when} ({kind})" if kind else when


def folder(db_path: Path) -> Path:
    return db_path.parent / BACKUP_FOLDER


def _free_name(directory: Path, stem: str, suffix: str) -> Path:
    """``stem-<time>-suffix.db`` in ``directory``, numbered when that name is taken."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = directory / f"{stem}-{stamp}-{suffix}.db"
    n = 2
    while target.exists() or target.with_name(target.name + "-wal").exists():
        target = directory / f"{stem}-{stamp}-{n}-{suffix}.db"
        n += 1
    return target


# The files SQLite keeps beside a database: its write-ahead log, its shared memory, its journal.
COMPANIONS = ("-wal", "-shm", "-journal")


def is_part_of(target: Path, database: Path) -> bool:
    """Whether ``target`` is ``database`` itself or one of the files SQLite keeps beside it,
    as the file system sees them, not as the path is spelled: a hard link, a path through a
    symbolic link, or another spelling on a disk that ignores case is the same file. Writing a
    backup there would be SQLite writing over the file it is reading (a disk I/O error, a
    stray log beside the link)."""
    for part in (database, *(database.with_name(database.name + c) for c in COMPANIONS)):
        try:
            if target.resolve() == part.resolve() or (
                    target.exists() and part.exists() and target.samefile(part)):
                return True
        except OSError:  # unreadable: not known to be the same file
            continue
    return False


def copy_database(source_path: Path, target: Path) -> Path:
    """Copy a consistent snapshot of ``source_path`` into ``target`` (replacing its content).

    The backup API reads committed data whether it sits in the main file or still in the WAL,
    while the program keeps writing: https://www.sqlite.org/backup.html. Restoring uses it
    too, the other way round: writing through SQLite keeps the target consistent with its own
    -wal file, which a plain file copy would not.
    """
    source = sqlite3.connect(f"{source_path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        destination = sqlite3.connect(target)
        try:
            source.backup(destination)
            # One self-contained file: no -wal beside it to lose when the GM copies it away.
            destination.execute("PRAGMA journal_mode=DELETE")
        finally:
            destination.close()
    finally:
        source.close()
    return target


def take(db_path: Path, kind: str) -> Path:
    """Back up the database into ``backups/``; returns the new file."""
    directory = folder(db_path)
    directory.mkdir(exist_ok=True)
    return copy_database(db_path, _free_name(directory, db_path.stem, kind))


def suggested_name(db_path: Path) -> Path:
    """Where File > Back up… proposes to write: a fresh manual backup in ``backups/``."""
    return _free_name(folder(db_path), db_path.stem, MANUAL)


def _kind(path: Path) -> str:
    match = _NAME.match(path.name)
    return match["kind"] if match else ""


def listing(db_path: Path) -> list[Backup]:
    """Every ``.db`` file in ``backups/``, newest first."""
    directory = folder(db_path)
    if not directory.is_dir():
        return []
    found = [Backup(p, _kind(p), datetime.fromtimestamp(p.stat().st_mtime))
             for p in directory.glob("*.db") if p.is_file()]
    return sorted(found, key=lambda b: (b.taken, b.path.name), reverse=True)


def rotate(db_path: Path, keep: int = KEEP_AUTO) -> list[Path]:
    """Delete the automatic backups beyond the ``keep`` newest; returns what was deleted."""
    autos = [b.path for b in listing(db_path) if b.kind == AUTO]
    for path in autos[keep:]:
        path.unlink()
    return autos[keep:]


def keep_aside(db_path: Path) -> Path:
    """Rename a damaged database (and its WAL and shared-memory files) out of the way.

    Nothing is deleted or overwritten: the new name is free, and the -wal file, which may hold
    the last transactions, moves with it so a recovery tool sees the database as it was.
    """
    target = db_path.with_name(f"{db_path.stem}-corrupt-{datetime.now():%Y%m%d-%H%M%S}.db")
    n = 2
    while any(target.with_name(target.name + s).exists() for s in ("", "-wal", "-shm")):
        target = db_path.with_name(
            f"{db_path.stem}-corrupt-{datetime.now():%Y%m%d-%H%M%S}-{n}.db")
        n += 1
    for suffix in ("-wal", "-shm"):
        sidecar = db_path.with_name(db_path.name + suffix)
        if sidecar.exists():
            sidecar.rename(target.with_name(target.name + suffix))
    db_path.rename(target)
    return target
