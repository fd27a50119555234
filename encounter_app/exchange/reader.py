"""Read an adversary or encounter file, whichever format it is in, into frozen rows.

The whole file is read and checked before anything is returned: one bad entry refuses the file
(ImportRefused lists every problem), so the caller never holds half of it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from encounter_app.domain.rows import StatBlock
from encounter_app.exchange import native, srd
from encounter_app.exchange.campaign_file import CampaignFile, read_campaign
from encounter_app.exchange.encounter_file import EncounterFile, read_encounter
from encounter_app.exchange.fields import Progress
from encounter_app.exchange.problems import ImportRefused, Problem

MAX_BYTES = 64 * 1024 * 1024  # far past any bestiary; a bigger file is not ours


@dataclass(frozen=True)
class Parsed:
    """A file that passed every check. ``notes`` are changes made on the way, for the GM."""

    source: str  # the file's name, shown to the GM
    format: str  # "srd" or "encounter-manager"
    kind: str  # "adversaries", "encounter" or "campaign"
    adversaries: tuple[StatBlock, ...] = ()
    encounter: EncounterFile | None = None
    campaign: CampaignFile | None = None
    notes: tuple[Problem, ...] = ()

    @property
    def template_source(self) -> str:
        """What the library's Source column says for templates from this file."""
        return "srd" if self.format == "srd" else self.source


def read_path(path: Path, progress: Progress | None = None) -> Parsed:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise _refused(path.name, f"the file is {size // 1_048_576} MB; an adversary or "
                                      "encounter file is far smaller")
        raw = path.read_bytes()
    except OSError as exc:
        raise _refused(path.name, f"cannot be read: {exc.strerror or exc}") from exc
    return read_bytes(raw, path.name, progress)


def read_bytes(raw: bytes, source: str, progress: Progress | None = None) -> Parsed:
    """Parse ``raw``; raises ImportRefused with every problem. ``progress(done, total)``
    is called after each entry (it may raise to cancel)."""
    try:
        # utf-8-sig: the SRD file starts with a byte order mark, which json.loads refuses.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _refused(source, f"is not UTF-8 text (byte {exc.start + 1} cannot be read): "
                               "save it as UTF-8 JSON") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _refused(source, f"is not JSON: {exc.msg} at line {exc.lineno}, column "
                               f"{exc.colno}") from exc
    problems: list[Problem] = []
    notes: list[Problem] = []
    if isinstance(data, list):
        blocks = srd.read(data, problems, notes, progress)
        parsed = Parsed(source, "srd", "adversaries", tuple(blocks), notes=tuple(notes))
    elif isinstance(data, dict) and data.get("format") in (native.FORMAT, native.DRAFT_FORMAT):
        parsed = _read_ours(data, source, problems, progress)
    elif isinstance(data, dict):
        raise _refused(source, "is JSON but not an adversary file: expected a list of SRD "
                               f"stat blocks or an object with \"format\": \"{native.FORMAT}\"")
    else:
        raise _refused(source, "is JSON but not an adversary file: expected a list of SRD "
                               f"stat blocks, found {type(data).__name__}")
    if problems:
        raise ImportRefused(source, problems)
    if parsed.kind == "adversaries" and not parsed.adversaries:
        raise _refused(source, "has no adversaries in it")
    return parsed


def _read_ours(data: dict[str, Any], source: str, problems: list[Problem],
               progress: Progress | None) -> Parsed:
    kind = native.check_envelope(data, problems)
    if kind == "adversaries":
        blocks = native.read_adversaries(data, problems, progress)
        return Parsed(source, native.FORMAT, kind, tuple(blocks))
    if kind == "campaign":
        return Parsed(source, native.FORMAT, kind, campaign=read_campaign(data, problems))
    encounter = read_encounter(data, problems) if kind == "encounter" else None
    return Parsed(source, native.FORMAT, kind or "adversaries", encounter=encounter)


def _refused(source: str, message: str) -> ImportRefused:
    return ImportRefused(source, [Problem(None, "", "file", message)])
