"""The Daggerheart SRD's adversary JSON (seansbox/daggerheart-srd, .build/json/adversaries.json).

A list of objects whose numbers are strings. What the reader makes of its irregularities, each
seen in the published file:

- ``tier``, ``difficulty``, ``hp``, ``stress`` are strings of digits; ``atk`` is ``"+3"``,
  ``"-1"`` or ``"0"``. One ``atk`` is dice (``"+2d4"``, the Outer Realms Abomination, whose
  Chaotic Form feature rolls its modifier): it is kept as +0 and the import says so (a Note).
- ``thresholds`` is ``"8/15"``, ``"None"`` (Minions) or ``"4/None"`` (a Major threshold and no
  Severe one, the Tiny Oozes): "None" becomes no threshold.
- A Horde's size is in its type: ``"Horde (5/HP)"`` is kept as the type, as the SRD prints it.
- ``experience`` is missing, or ``"Tremor Sense +2"``, or several: ``"Conquest +3, History +2"``.
- Feature names end in `` - Passive``, `` - Action`` or `` - Reaction``: that is the kind.
- A feature's countdown is at the start of its text (``"Countdown (5). When…"``) or after its
  name (``"Hallucinatory Breath - Action: Countdown (Loop 1d6)"``); from the name it moves to
  the start of the text, so the text reads the same for both. A plain number, also in
  ``(Loop 6)``, ``(Decreasing 8)`` or ``Long-Term Countdown (8)``, is the feature's countdown;
  a dice start (``(1d8)``) stays in the text only. Countdowns the text merely mentions
  (``"starting a Petrification Countdown (4)"``) are not the feature's.
- **Interpretation**: a Fear feature is one whose text says to spend a number of Fear (``spend
  a Fear``, ``Spend 2 Fear``, ``spend a number of Fear``, ``(or a Fear)``). Relentless's
  ``Spend Fear as usual to spotlight them`` and ``instead of spending a Fear`` are not.
- The file starts with a UTF-8 byte order mark (the reader of the file strips it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from encounter_app.domain.json_data import JSON, JsonObject
from encounter_app.domain.rows import Experience, Feature, FeatureKind, StatBlock
from encounter_app.exchange import statblock
from encounter_app.exchange.fields import (
    Fields,
    Progress,
    entry_name,
    or_zero,
    read_entries,
    short_name,
    shown,
)
from encounter_app.exchange.limits import digits_problem
from encounter_app.exchange.problems import Collector, Problem

# Our field names -> the SRD's, so a problem names the field the GM sees in the file.
SRD_NAMES = {"name": "name", "tier": "tier", "type": "type", "difficulty": "difficulty",
             "major": "thresholds", "severe": "thresholds", "hp": "hp", "stress": "stress",
             "attack_modifier": "atk", "attack_name": "attack", "attack_range": "range",
             "damage": "damage", "experiences": "experience", "features": "feats",
             "description": "description", "motives": "motives_and_tactics"}

# How a feature's name ends, matched from the spaces before a mark (_split): "Name - Kind",
# "Name: Countdown (Loop 6)", "Name (Countdown 6)".
_KIND = re.compile(r"\s+-\s+(?P<kind>[A-Za-z]+)\s*")
_NAME_COUNTDOWN = re.compile(r"\s*:\s*(?P<countdown>[^:]*countdown\s*\([^)]*\))\s*",
                             re.IGNORECASE)
_PAREN_COUNTDOWN = re.compile(r"\s*\(\s*countdown\s+(?P<start>\d+)\s*\)\s*", re.IGNORECASE)
_TEXT_COUNTDOWN = re.compile(r"^\s*(?:[\w-]+\s+)?countdown\s*\((?P<inner>[^)]*)\)",
                             re.IGNORECASE)
_START = re.compile(r"^(?:(?:loop|increasing|decreasing)\s+)?(\d+)$", re.IGNORECASE)
_FEAR = re.compile(r"\bspend\s+(?:a|one|two|three|\d+|a number of)\s+fear\b|\(or a fear\)",
                   re.IGNORECASE)
_EXPERIENCE = re.compile(r"^(?P<name>.*?\S)\s*(?P<bonus>[+-]\s*\d+)$")
_DICE_ATTACK = re.compile(r"^\s*[+-]?\s*\d*d\d+\s*$", re.IGNORECASE)


def is_fear_feature(text: str) -> bool:
    return bool(_FEAR.search(text))


def _split(name: str, mark: str, end: re.Pattern[str]) -> tuple[str, re.Match[str]] | None:
    """The name up to the first ``mark`` where ``end`` matches all the rest (from the spaces
    before the mark), and that match; None when there is none.

    What ``^(?P<head>.*?)<end>$`` finds, in time proportional to the marks times the length:
    that pattern tries every character, and a name of spaces took the square of its length.
    """
    at = name.find(mark)
    while at >= 0:
        start = len(name[:at].rstrip())
        if (match := end.fullmatch(name, start)) is not None:
            return name[:start], match
        at = name.find(mark, at + 1)
    return None


def _countdown_digits(inner: str) -> str | None:
    """``"5"``, ``"Loop 6"``, ``"Decreasing 8"`` -> the number's digits; a dice start -> None."""
    match = _START.match(inner.strip())
    return match.group(1) if match else None


def read(data: Sequence[JSON], problems: list[Problem], notes: list[Problem],
         progress: Progress | None = None) -> list[StatBlock]:
    """Every stat block of the SRD list ``data``; what is wrong goes into ``problems``."""
    return read_entries(data, problems, lambda number, entry: read_entry(
        entry, Collector(problems, number, entry_name(entry)),
        Collector(notes, number, entry_name(entry))), progress)


def read_entry(entry: JsonObject, note: Collector, notes: Collector) -> StatBlock | None:
    fields = Fields(entry, note, lenient=True)
    before = note.count
    type_text = fields.text("type")
    type_ = statblock.normal_type(type_text)
    if type_text.strip() and type_ is None:
        note.add("type", statblock.type_problem(type_text))
    major, severe = _thresholds(fields)
    stats = StatBlock(
        name=fields.text("name", max_length=200).strip(),
        tier=fields.integer("tier", *statblock.LIMITS["tier"]) or 1,
        type=type_ or "Standard",
        difficulty=fields.integer("difficulty", *statblock.LIMITS["difficulty"]) or 1,
        major=major,
        severe=severe,
        hp=fields.integer("hp", *statblock.LIMITS["hp"]) or 1,
        stress=or_zero(fields.integer("stress", *statblock.LIMITS["stress"])),
        attack_modifier=_attack_modifier(fields, notes),
        attack_name=fields.text("attack").strip(),
        attack_range=fields.text("range").strip(),
        damage=fields.text("damage").strip() or "1",
        description=fields.text("description", required=False).strip(),
        motives=fields.text("motives_and_tactics", required=False).strip(),
        experiences=_experiences(fields),
        features=tuple(_feature(number, feat, note)
                       for number, feat in enumerate(fields.objects("feats"), 1)),
    )
    statblock.check(stats, note, SRD_NAMES)
    return stats if note.count == before else None



def _thresholds(fields: Fields) -> tuple[int | None, int | None]:
    value = fields.text("thresholds")
    if not value.strip():
        return None, None
    parts = [part.strip() for part in value.split("/")]
    if value.strip().lower() == "none":
        return None, None
    if len(parts) != 2:
        fields.note.add("thresholds", f"expected Major/Severe such as '8/15', or 'None'; "
                                      f"found {shown(value)}")
        return None, None
    found: list[int | None] = []
    for part, label in zip(parts, ("Major", "Severe"), strict=True):
        if part.lower() == "none":
            found.append(None)
        elif re.fullmatch(r"\d+", part) and (problem := digits_problem(part)):
            fields.note.add("thresholds", f"{label} threshold is {problem}")
            found.append(None)
        elif re.fullmatch(r"\d+", part):
            found.append(int(part))
        else:
            fields.note.add("thresholds", f"{label} threshold {shown(part)} is not a number")
            found.append(None)
    return found[0], found[1]


def _attack_modifier(fields: Fields, notes: Collector) -> int:
    value = fields.data.get("atk")
    if isinstance(value, str) and _DICE_ATTACK.match(value):
        notes.add("atk", f"{shown(value)} is dice, not a number: kept as +0; roll it as the stat "
                         "block's features say")
        return 0
    return or_zero(fields.integer("atk", *statblock.LIMITS["attack_modifier"],
                                label="a modifier such as +3"))


def _experiences(fields: Fields) -> tuple[Experience, ...]:
    value = fields.text("experience", required=False)
    found = []
    for part in (p.strip() for p in value.split(",")):
        if not part:
            continue
        match = _EXPERIENCE.match(part)
        if match is None:
            fields.note.add("experience", f"{shown(part)} is not an experience such as "
                                          "'Tremor Sense +2'")
            continue
        bonus = match.group("bonus").replace(" ", "")
        if problem := digits_problem(bonus):
            fields.note.add("experience", f"the bonus of {shown(match.group('name'))} is "
                                          f"{problem}")
            continue
        found.append(Experience(match.group("name"), int(bonus)))
    return tuple(found)


def feature_of(number: int, name: str, text: str, note: Collector) -> Feature:
    """One feature read as the SRD's ``{"name": "Name - Kind", "text": ...}`` is (its kind, its
    countdown, whether it costs Fear); what is wrong goes into ``note`` as ``feats N ...``.
    The reader of pasted stat blocks (stat_text.py) reads its features through it."""
    return _feature(number, {"name": name, "text": text}, note)


def _feature(number: int, feat: JsonObject, note: Collector) -> Feature:
    fields = Fields(feat, note, prefix=f"feats {number} ")
    name = fields.text("name", max_length=200).strip()  # the SRD's longest is 53 characters
    text = fields.text("text", required=False).strip()
    where = f"feats {number} ({short_name(name)})" if name else f"feats {number}"
    if head := _split(name, ":", _NAME_COUNTDOWN):
        name, countdown_label = head[0], head[1].group("countdown").strip()
        text = f"{countdown_label}. {text}" if text else f"{countdown_label}."
    kind: FeatureKind = "Passive"
    split = _split(name, "-", _KIND)
    named = None if split is None else statblock.feature_kind(
        split[1].group("kind").capitalize())
    if split and named:
        name, kind = split[0].strip(), named
    elif split:
        note.add(f"{where} name", f"unknown feature kind {shown(split[1].group('kind'))}: the "
                                  "name should end in - Passive, - Action or - Reaction")
    elif name:
        note.add(f"{where} name", "no kind: the name should end in - Passive, - Action or "
                                  "- Reaction")
    digits = None
    if paren := _split(name, "(", _PAREN_COUNTDOWN):
        name, digits = paren[0], paren[1].group("start")
    elif start := _TEXT_COUNTDOWN.match(text):
        digits = _countdown_digits(start.group("inner"))
    countdown = None
    if digits is not None and (problem := digits_problem(digits)):
        low, high = statblock.LIMITS["countdown"]
        note.add(f"{where} countdown", f"expected a countdown of {low} to {high}, found "
                                       f"{problem}")
    elif digits is not None:
        countdown = int(digits)
    return Feature(name=name, kind=kind, text=text, fear=is_fear_feature(text),
                   countdown=countdown)
