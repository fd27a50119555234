"""Why a data folder or database cannot be used: one exception class per thing the GM can do.

Each message names the file or folder and says what to do; the UI shows it as it is.
"""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """The data folder or its database cannot be used; the message says why, for the GM."""


class FolderNotWritable(StoreError):
    """The data folder (or the database in it) cannot be written: read-only disk, permissions."""


class DatabaseDamaged(StoreError):
    """The file is our SQLite database but SQLite reports damage (it is kept aside, not used)."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(f"{path} is damaged (SQLite says: {detail}).")
        self.path = path
        self.detail = detail
