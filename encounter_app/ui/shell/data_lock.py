"""One running copy per data folder: a QLockFile beside the database.

Two copies on one encounter.db would each show a fight the other changes under it, and each
one's undo would undo the other's writes. The lock is held for the whole session, so, as Qt's
documentation advises for a long-lived lock, the stale-lock *age* is switched off (the first
copy may run for hours) and tryLock does not wait. A lock left behind by a copy that crashed
does not block: QLockFile sees that the process written in it is gone and takes it over.
https://doc.qt.io/qt-6/qlockfile.html
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLockFile

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

    def refusal(self) -> str:
        """Why this copy cannot start, for the GM: who holds the folder and what to do."""
        info = self._lock.getLockInfo()
        holder = f" (process {info[0]} on {info[1]})" if info and info[0] else ""
        return (f"Encounter Manager is already running on this data folder{holder}:\n"
                f"{self.path.parent}\n\n"
                "Switch to that window, or close it and start again. To run a second copy, "
                "give it another folder with --data-dir.\n\n"
                f"If you are sure no copy is running, delete the lock file:\n{self.path}")
