"""Why a data folder or database cannot be used: one exception class per thing the GM can do.

Each message names the file or folder and says what to do; the UI shows it as it is.
"""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """The data folder or its database cannot be used; the message says why, for the GM."""


class FolderNotWritable(StoreError):
    """The data folder (or the database in it) cannot be written: read-only disk, permissions."""


class NotAFolder(StoreError):
    """The data folder's path is a file (or something else that is not a folder)."""


class DatabaseNotAFile(StoreError):
    """``encounter.db`` in the data folder is a folder (or something else that is not a file)."""


class DiskFull(StoreError):
    """The disk holding the data folder has no room left: nothing can be opened or written."""


class RowMissing(KeyError):
    """No row with that id: the KeyError every store method raises for one."""


class DatabaseDamaged(StoreError):
    """The file is our SQLite database but SQLite reports damage (it is kept aside, not used)."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(f"{path} is damaged (SQLite says: {detail}).")
        self.path = path
        self.detail = detail


class DamagedRow(DatabaseDamaged):
    """A row the program could not have written (a value of another type, a kind it does not
    know, a number out of range), found by the checks at opening: ``detail`` names its table,
    row and field."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(path, detail)
        self.args = (f"{path} is damaged ({detail}).",)


class RowUnreadable(DatabaseDamaged):
    """A row passed the checks at opening, yet the program cannot read it (JSON of the wrong
    shape, a value of the wrong type): treated like damage."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(path, detail)
        self.args = (f"{path} is damaged ({detail}).",)


class WriteFailed(StoreError):
    """A write the disk refused (full, I/O error, read-only): the action changed nothing."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason  # SQLite's error name, SQLITE_FULL...


# What the GM can do about each way SQLite refuses a write (sqlite_errorname's primary codes).
_ADVICE = {
    "SQLITE_FULL": "The disk holding {folder} is full: free some space and try again.",
    "SQLITE_IOERR": ("The disk holding {folder} could not be written (an input/output error): "
                     "check that it is still connected, then try again."),
    "SQLITE_READONLY": ("{folder} can no longer be written (it was made read-only): make it "
                        "writable again, then try again."),
    "SQLITE_CANTOPEN": ("{folder} can no longer be opened for writing: check that it is still "
                        "there and writable, then try again."),
}


def is_damage(exc: Exception) -> bool:
    """SQLite found the file's pages damaged ("database disk image is malformed")."""
    return getattr(exc, "sqlite_errorname", "") == "SQLITE_CORRUPT"


def write_failed(database: Path, exc: Exception) -> WriteFailed | None:
    """The error to raise for ``exc``, an error SQLite gave while writing ``database``.

    A write the disk refused becomes WriteFailed with advice; None for anything else (a broken
    statement, a constraint), a program error the caller raises as it is.
    """
    name = getattr(exc, "sqlite_errorname", "") or ""
    primary = "_".join(name.split("_")[:2])  # SQLITE_IOERR_WRITE is an SQLITE_IOERR
    advice = _ADVICE.get(primary)
    if advice is None:
        return None
    return WriteFailed(f"{advice.format(folder=database.parent)} Nothing was changed.", primary)
