"""Read an adversary or encounter file, whichever format it is in, into frozen rows.

A file whose name ends in ``.txt`` or ``.md`` is Daggerheart stat blocks as text (pasted out of
a PDF, the book's layout, the SRD's markdown: exchange/stat_text.py); the name decides, not the
content, so a JSON file is never read as text nor a text as JSON. Any other file is JSON.

The whole file is read and checked before anything is returned: one bad entry refuses the file
(ImportRefused lists every problem), so the caller never holds half of it. Whatever the bytes,
the answer is a Parsed or an ImportRefused: the limits of limits.py (size, nesting, numbers,
text) say so when they are hit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from encounter_app.domain.json_data import JSON, JsonObject
from encounter_app.domain.rows import StatBlock
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.exchange import native, srd, stat_text
from encounter_app.exchange.campaign_file import CampaignFile, read_campaign
from encounter_app.exchange.encounter_file import EncounterFile, read_encounter
from encounter_app.exchange.fields import Progress, entry_name
from encounter_app.exchange.limits import MAX_BYTES, JsonLimit, Unusable, leftovers, loads
from encounter_app.exchange.problems import ImportRefused, Problem


@dataclass(frozen=True)
class Parsed:
    """A file that passed every check. ``notes`` are changes made on the way, for the GM."""

    source: str  # the file's name, shown to the GM
    format: str  # "srd", "encounter-manager" or "text" (stat blocks in a .txt or .md file)
    kind: str  # "adversaries", "encounter" or "campaign"
    adversaries: tuple[StatBlock, ...] = ()
    encounter: EncounterFile | None = None
    campaign: CampaignFile | None = None
    notes: tuple[Problem, ...] = ()

    @property
    def template_source(self) -> str:
        """What the library's Source column says for templates from this file."""
        return "srd" if self.format == "srd" else self.source


def read_path(systems: Catalog[SystemRules], path: Path, progress: Progress | None = None
              ) -> Parsed:
    """Read the file at ``path``; ``systems`` are the rule systems its campaign or encounter
    may play (each checks its own stats)."""
    path = Path(path)
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)  # no more, whatever stat says (a device, a pipe)
    except OSError as exc:
        raise _refused(path.name, f"cannot be read: {exc.strerror or exc}") from exc
    return read_bytes(systems, raw, path.name, progress)


def read_bytes(systems: Catalog[SystemRules], raw: bytes, source: str,
               progress: Progress | None = None) -> Parsed:
    """Parse ``raw``; raises ImportRefused with every problem. ``progress(done, total)``
    is called after each entry (it may raise to cancel)."""
    if len(raw) > MAX_BYTES:
        raise _refused(source, f"is more than {MAX_BYTES // 1_048_576} MB, the most that is "
                               "read; an adversary, encounter or campaign file is far smaller")
    try:
        # utf-8-sig: the SRD file starts with a byte order mark, which json.loads refuses.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _refused(source, f"is not UTF-8 text (byte {exc.start + 1} cannot be read): "
                               f"save it as UTF-8{'' if is_text_file(source) else ' JSON'}"
                       ) from exc
    if is_text_file(source):
        return _read_text(text, source, progress)
    try:
        data = loads(text)
    except JsonLimit as exc:
        raise _refused(source, str(exc)) from exc
    except json.JSONDecodeError as exc:
        raise _refused(source, f"is not JSON: {exc.msg} at line {exc.lineno}, column "
                               f"{exc.colno}") from exc
    problems: list[Problem] = []
    notes: list[Problem] = []
    if isinstance(data, list):
        blocks = srd.read(data, problems, notes, progress)
        parsed = Parsed(source, "srd", "adversaries", tuple(blocks), notes=tuple(notes))
    elif isinstance(data, dict) and data.get("format") in (native.FORMAT, native.DRAFT_FORMAT):
        parsed = _read_ours(systems, data, source, problems, progress)
    elif isinstance(data, dict):
        raise _refused(source, "is JSON but not an adversary file: expected a list of SRD "
                               f"stat blocks or an object with \"format\": \"{native.FORMAT}\"")
    else:
        found = str(data) if isinstance(data, Unusable) else type(data).__name__
        raise _refused(source, "is JSON but not an adversary file: expected a list of SRD "
                               f"stat blocks, found {found}")
    if not problems:  # a value no reader looked at (a field it does not know) is checked too
        problems = [_leftover(data, where, what) for where, what in leftovers(data)]
    if problems:
        raise ImportRefused(source, problems)
    if parsed.kind == "adversaries" and not parsed.adversaries:
        raise _refused(source, "has no adversaries in it")
    return parsed


TEXT_SUFFIXES = (".txt", ".md")


def is_text_file(source: str) -> bool:
    """Whether the file named ``source`` is read as stat blocks in text (by its name)."""
    return source.lower().endswith(TEXT_SUFFIXES)


def _read_text(text: str, source: str, progress: Progress | None) -> Parsed:
    """Every stat block of a text file; any block with a problem refuses the whole file, each
    problem as "block N (Name), line L: message". What is unusual for a tier is a note."""
    blocks = stat_text.read_stat_text(text)
    if progress is not None:  # read at once; said block by block, so a cancel is heard
        for done in range(1, len(blocks) + 1):
            progress(done, len(blocks))
    problems = [_text_problem(p) for block in blocks for p in block.problems]
    if problems:
        raise ImportRefused(source, problems)
    if not blocks:
        raise _refused(source, "has no stat blocks in it: a block starts with its name, then "
                               "a line such as 'Tier 1 Solo'")
    notes = tuple(_text_problem(p) for block in blocks for p in block.unusual)
    return Parsed(source, "text", "adversaries",
                  tuple(block.block for block in blocks if block.block is not None),
                  notes=notes)


def _text_problem(problem: stat_text.TextProblem) -> Problem:
    """"block 1 (Bear), line 5: Difficulty 'fourteen' is not a number": the line stands in
    the field's place (the import dialog's Field column), the message names the field."""
    return Problem(problem.block, problem.name, f"line {problem.line}", problem.message,
                   "block")


def _read_ours(systems: Catalog[SystemRules], data: JsonObject, source: str,
               problems: list[Problem], progress: Progress | None) -> Parsed:
    kind = native.check_envelope(data, problems)
    if kind == "adversaries":
        blocks = native.read_adversaries(data, problems, progress)
        return Parsed(source, native.FORMAT, kind, tuple(blocks))
    if kind == "campaign":
        return Parsed(source, native.FORMAT, kind, campaign=read_campaign(data, problems, systems))
    encounter = read_encounter(data, problems, systems) if kind == "encounter" else None
    return Parsed(source, native.FORMAT, kind or "adversaries", encounter=encounter)


def _refused(source: str, message: str) -> ImportRefused:
    return ImportRefused(source, [Problem(None, "", "file", message)])


def _leftover(data: JSON, where: tuple[str, ...], what: str) -> Problem:
    """A problem in a field no reader knows, naming the entry it is in: an SRD entry, or one
    of the adversaries of a file of ours."""
    entries: JSON = None
    rest = where
    if isinstance(data, list):
        entries = data
    elif isinstance(data, dict) and where[:1] == ("adversaries",):
        entries, rest = data.get("adversaries"), where[1:]
    if isinstance(entries, list) and rest and rest[0].isdigit():
        entry = entries[int(rest[0]) - 1]
        name = entry_name(entry) if isinstance(entry, dict) else ""
        return Problem(int(rest[0]), name, " ".join(rest[1:]), what)
    return Problem(None, "", " ".join(where) or "file", what)
