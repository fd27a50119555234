"""A disk filled to the last byte, for the tests of a full disk (fixture ``small_disk``)."""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path


def fill_disk(disk: Path, leave: int = 0) -> Path:
    """Write zeros into ``disk``/filler until the disk is full, or has only about ``leave``
    bytes free; returns the filler's path."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as file, contextlib.suppress(OSError):
        while shutil.disk_usage(disk).free > leave:
            file.write(b"\0" * 4096)
    return filler
