"""What happens to a database file behind the program's back: pages overwritten on the disk,
a file made older than it is. For the tests of damaged databases and of backups.
"""

from __future__ import annotations

import os
import random
from pathlib import Path


def damage_pages(path: Path, first_page: int, last_page: int | None = None,
                 seed: int = 1) -> None:
    """Overwrite pages first_page..last_page (0-based, inclusive) of a closed database."""
    raw = bytearray(path.read_bytes())
    page_size = int.from_bytes(raw[16:18], "big")
    last_page = len(raw) // page_size - 1 if last_page is None else last_page
    garbage = random.Random(seed)
    for page in range(first_page, last_page + 1):
        raw[page * page_size:(page + 1) * page_size] = garbage.randbytes(page_size)
    path.write_bytes(bytes(raw))


def set_age(path: Path, seconds_ago: float) -> None:
    """Make the file's modification time ``seconds_ago`` earlier than it is."""
    when = path.stat().st_mtime - seconds_ago
    os.utime(path, (when, when))
