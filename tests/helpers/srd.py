"""Where the SRD's adversaries.json is: beside the repository, in ../shared/data/srd/ (or
beside a folder above it). The ``srd_file`` fixture (tests/conftest.py) hands it to a test.

It is test data, never shipped. A git worktree lives elsewhere than its repository, so the
folder beside the main checkout (named in the worktree's .git file) is looked at too.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RELATIVE = Path("shared/data/srd/adversaries.json")


def srd_path() -> Path | None:
    # Beside the checkout, or beside a folder above it (a CI clone may sit a level deeper).
    candidates = [folder / RELATIVE for folder in ROOT.parents]
    git = ROOT / ".git"
    if git.is_file():  # "gitdir: /repo/.git/worktrees/name"
        gitdir = Path(git.read_text(encoding="utf-8").split(":", 1)[1].strip())
        candidates.append(gitdir.parents[2].parent / RELATIVE)
    return next((path for path in candidates if path.is_file()), None)

