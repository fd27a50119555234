"""Where the shipped resources (sample adversaries, icons, style) live, from source or frozen."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    # PyInstaller unpacks data files under sys._MEIPASS; from a source checkout they sit at the
    # repository root, beside the package.
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource(name: str) -> Path:
    return resources_dir() / name
