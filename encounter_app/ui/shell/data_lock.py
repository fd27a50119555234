"""One running copy per data folder: a QLockFile beside the database.

Two copies on one encounter.db would each show a fight the other changes under it, and each
one's undo would undo the other's writes. The lock is held for the whole session, so, as Qt's
documentation advises for a long-lived lock, the stale-lock *age* is switched off (the first
copy may run for hours) and tryLock does not wait. A lock left behind by a copy that crashed
does not block: QLockFile sees that the process written in it is gone and takes it over.
https://doc.qt.io/qt-6/qlockfile.html
"""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QLockFile

from encounter_app import exit_codes

LOCK_NAME = "encounter.lock"


class DataFolderLock:
    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / LOCK_NAME
        self._lock = QLockFile(str(self.path))
        self._lock.setStaleLockTime(0)

    def acquire(self) -> bool:
        """Take the lock; False when another running copy holds it."""
        return self._lock.tryLock(0)

    def release(self) -> None:
        if self._lock.isLocked():
            self._lock.unlock()

    def refusal_code(self) -> int:
        """The exit status for the refusal: another copy runs (RUNNING), or the lock file
        could not be written at all (DISK_FULL, LOCK_UNWRITABLE): never "already running"
        when nothing is."""
        if (self._lock.error() == QLockFile.LockError.LockFailedError
                and (self.path.is_file() or not self.path.exists())):
            return exit_codes.RUNNING  # held by a live copy (a directory there holds nothing)
        return exit_codes.DISK_FULL if _disk_full(self.path.parent) else exit_codes.LOCK_UNWRITABLE

    def refusal(self) -> str:
        """Why this copy cannot start, for the GM: who holds the folder and what to do."""
        code = self.refusal_code()
        if code == exit_codes.DISK_FULL:
            return (f"The disk holding the data folder {self.path.parent} is full: Encounter "
                    "Manager could not even write its lock file there.\n\nFree some space, "
                    "then start again. Nothing was changed.")
        if code == exit_codes.LOCK_UNWRITABLE:
            return (f"Encounter Manager could not write its lock file {self.path} "
                    f"({self._why()}).\n\nCheck that the data folder is writable "
                    "and that nothing else is in the way of that file, or start with "
                    "--data-dir and another folder. Nothing was changed.")
        info = self._lock.getLockInfo()
        holder = f" (process {info[0]} on {info[1]})" if info and info[0] else ""
        return (f"Encounter Manager is already running on this data folder{holder}:\n"
                f"{self.path.parent}\n\n"
                "Switch to that window, or close it and start again. To run a second copy, "
                "give it another folder with --data-dir.\n\n"
                f"If you are sure no copy is running, delete the lock file:\n{self.path}")

    def _why(self) -> str:
        if self.path.exists() and not self.path.is_file():
            return "something that is not a file is in its place"
        return {QLockFile.LockError.PermissionError: "permission denied"}.get(
            self._lock.error(), "the system refused the write")


def _disk_full(folder: Path) -> bool:
    """Is there no room left where ``folder`` is (less than a page of SQLite)?"""
    try:
        return shutil.disk_usage(folder).free < 64 * 1024
    except OSError:
        return False
