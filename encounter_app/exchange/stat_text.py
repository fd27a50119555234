"""Daggerheart adversary stat blocks pasted as text: the book's and the SRD's printed layout, the
SRD's markdown, and text copied from a PDF. One or several blocks in one text.

CONTRACT (the paste dialog and ``encounter-app import`` call it):

- ``read_stat_text(text)`` never raises, whatever the text; it returns one ``ReadBlock`` per
  block found, in order. A text with something in it but no block at all gives one block
  whose problem says so.
- A block with any problem has ``block`` None; its ``fields`` still show what was read, so the
  GM can see where it went wrong. ``unusual`` marks are warnings (a number unusual for the
  tier): the block is still read.
- Lines count from 1 over the whole pasted text, as an editor shows them.

The layouts read (a block is a name line, a tier line, then the rest in this order). A block
starts at each tier line (``Tier 2 Leader``, with a known type or nothing after it), and its
name is the line before it (blank lines and page headers between them do not count); the
block runs up to the next block's name line. Text before the first block is not read.

- The book's and the SRD's printed layout: the name; ``Tier 2 Leader`` or ``Tier 3 Horde
  (3/HP)``; the description; ``Motives & Tactics: ...``; ``Difficulty: 14 | Thresholds: 8/15 |
  HP: 5 | Stress: 3`` (on one line or several, in any order); ``ATK: +3 | Claws: Very Close |
  1d12+2 phy`` (``Attack:`` too; a flat damage ``4 phy``); ``Experience: Tremor Sense +2,
  Camouflage +3`` (or none); ``FEATURES``; then each feature as ``Name - Kind: text``.
- The SRD's markdown (seansbox/daggerheart-srd, adversaries/*.md): ``# NAME``, ``***Tier 1
  Solo***`` (or ``***Tier 1 Solo.*** description`` on one line), an italic description, bold
  labels (``**Motives & Tactics:**``), the numbers in ``> `` quoted lines, ``## FEATURES``,
  ``***Name - Passive:*** text``. Markdown's marks (``#`` and ``>`` at a line's start, ``**``
  and ``***`` anywhere in it, a line in ``*...*``) are taken off before a line is read.
- Text copied from a PDF: see the irregularities below.

Irregularities handled, each seen in copied text:

- Windows and old Mac line ends, a byte order mark, no-break and thin spaces.
- En and em dashes (``–``, ``—``) and the minus sign (``−``) in place of ``-``: between a
  feature's name and kind, before an attack modifier, in thresholds. They stay as written in
  the texts (description, motives, features).
- Curly quotes: read as written; they stay so in the texts.
- Stray page headers and footers between lines: a lone page number (``112``, ``Page 112``),
  a running header of only the words Daggerheart, SRD, Adversaries, Core Rulebook, Chapter
  and numbers (``Daggerheart SRD``, ``ADVERSARIES``, ``Daggerheart SRD | 112``). They are
  skipped wherever they fall, in a feature's text too.
- Lines broken mid-sentence: a description, the motives, an experience list or a feature's
  text goes on over the lines that follow until the next label, feature or block; the lines
  are joined with one space.
- Hyphenation at a line's end: ``attack-`` then ``ers`` is ``attackers``. **Interpretation**
  (no dictionary can be shipped for every homebrew word): the hyphen is a real one, and kept,
  when the word with it (``horse-sized``) is written unbroken elsewhere in the text, or when
  the next line starts with a capital or a digit (``Very-`` ``Close``, ``Arch-``
  ``Necromancer``, ``Tier-`` ``2``); it is dropped when the joined word is written elsewhere
  or, otherwise, when the next line starts with a small letter. So a lower-case compound
  broken at its own hyphen, and written nowhere else, loses its hyphen (``horse-`` ``sized``
  reads ``horsesized``): the window shows the text, and the GM mends it there.
- A blank line inside a feature's text starts a new paragraph, unless the text before it
  stops mid-sentence (no ``.``, ``!``, ``?``, ``:`` or closing quote or bracket): then it is a
  page break, and the lines are joined. A line starting with a bullet (``•``, ``-``, ``*``)
  starts a new line.
- A feature's name and its kind broken over two lines (``Too Many to Handle -`` then
  ``Passive: When...``), and ``Motives &`` then ``Tactics: ...``: joined.
- A stats line broken between a label and its value (``HP:`` then ``5 | Stress: 3``); the
  bars between the attack's parts lost (``ATK: +3 Claws: Very Close 1d12+2 phy``); an
  attack named Attack (``ATK: +3 | Attack: Melee | ...``); the ATK left out (``Claws: Melee
  | 1d6 phy`` is still the attack, and the ATK is said to be missing).
- A name in capitals (``ACID BURROWER``, as the book and the markdown print it) is written in
  title case (``Acid Burrower``; ``of``, ``the``, ``and``... in lower case after the first
  word): every name of the SRD's 129 comes back so. A name in mixed case is kept as written.

**Interpretations** shared with the SRD's JSON (exchange/srd.py reads each feature, so the two
agree): the kind after the name's last ``- ``; a countdown in the name (``Name (Countdown 6)``),
at the start of the text, or after the kind (``Name - Action: Countdown (Loop 1d6): text``,
whose countdown moves to the start of the text as ``Countdown (Loop 1d6). text``); a Fear
feature is one whose text says to spend Fear (``srd.is_fear_feature``); a Horde's size is in
its type. ``Thresholds: None`` (a Minion) and ``4/None`` (a Major threshold only). An attack of
dice (``ATK: +2d4``) is kept as +0 and marked. Every block then passes the checks of every
import (exchange/statblock.py): its limits, damage the program can roll, feature kinds.

**Unusual for the tier** (a warning; the block is still read). **Interpretation**: the SRD's
adversaries spread widely round their tier's benchmarks (rules/daggerheart.py
``tier_benchmarks``: tier 4 Major thresholds from 25 to 40, tier 1 attacks from -4 to +4), so
only a number outside a band round the benchmark, wide enough for all 129 of them, is marked:
a typo or a wrong tier. The bands: Difficulty within 5 of the benchmark, the attack modifier
within 6, the Major and Severe thresholds from half to twice theirs, the damage's average
from half the tier's lowest to twice its highest. HP and Stress have no benchmark in the SRD,
and a Minion's thresholds and damage are not the tier's kind: they are never marked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from encounter_app.domain.rows import Experience, Feature, StatBlock
from encounter_app.exchange import srd, statblock
from encounter_app.exchange.fields import short_name, shown
from encounter_app.exchange.limits import bad_character, digits_problem
from encounter_app.exchange.problems import Collector, Problem
from encounter_app.rules import dice
from encounter_app.rules.daggerheart import tier_benchmarks


@dataclass(frozen=True)
class TextProblem:
    """Something in a block that could not be read (or, as a warning, is unusual)."""

    block: int  # counts from 1
    name: str  # the block's name as read; "" when it has none
    line: int  # counts from 1 over the whole text
    # The ReadField's field it belongs to ("difficulty", "thresholds", "attack_modifier"...),
    # "experiences N" / "features N" for the N-th (from 1), or "block" for the block as a whole.
    field: str
    message: str  # "Difficulty 'fourteen' is not a number"

    def __str__(self) -> str:
        who = f"block {self.block}" + (f" ({self.name})" if self.name else "")
        return f"{who}, line {self.line}: {self.message}"


@dataclass(frozen=True)
class ReadField:
    """One field as read, for the window to show beside the text.

    ``field`` is a StatBlock field name, "thresholds" for the Major and Severe thresholds
    read together, or "experience" / "feature" for one of several (``index`` says which,
    counting from 1)."""

    field: str  # a StatBlock field name, or "feature" / "experience" for one of several
    label: str  # what the GM reads: "Difficulty", "Feature: Relentless (3) - Passive"
    value: str  # what was read, as text ("14", "8 / 15", "1d12+2 phy")
    line: int | None  # where it was read; None when it is missing
    problem: str = ""  # why it could not be read; "" when it was
    unusual: str = ""  # why it is unusual for the tier; "" when it is not
    index: int = 0  # which experience or feature (from 1); 0 for the other fields


@dataclass(frozen=True)
class ReadBlock:
    """One stat block found in the text."""

    first_line: int
    last_line: int
    name: str
    fields: tuple[ReadField, ...]
    problems: tuple[TextProblem, ...]
    unusual: tuple[TextProblem, ...]
    block: StatBlock | None  # None when ``problems`` is not empty


_WORD_MOST = 100  # the longest word a hyphen at a line's end is looked for in
MAX_PART = 500  # an attack or an experience longer than this is not searched for its parts

_SPACES = re.compile(r"[\u00a0\u2000-\u200b\u202f\u205f\u3000\t\f\v]")
_DASH = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212"
_DASHES = re.compile(f"[{_DASH[1:]}]")
_NOISE = re.compile(
    r"(?:(?:page|daggerheart|srd|adversaries|adversary|core|rule\s*book|chapter|\d{1,4})"
    r"[\s|•·:.\-\u2013\u2014]*)+", re.IGNORECASE)
_TIER = re.compile(r"tier\s+(?P<tier>[^\s.]+)\s+(?P<type>horde\s*\([^)]*\)|[A-Za-z]+)\.?"
                   r"(?P<rest>\s.*)?", re.IGNORECASE)
_TYPES = {t.lower() for t in statblock.TYPES}
_MOTIVES = re.compile(r"motives\s*(?:&|and)\s*tactics\s*:?\s*(?P<rest>.*)", re.IGNORECASE)
_FEATURES = re.compile(r"features?", re.IGNORECASE)
_LABEL = re.compile(r"(?P<label>[A-Za-z][A-Za-z &]{0,40}?)\s*:\s*(?P<value>.*)", re.DOTALL)
_STAT_LABELS = {"difficulty": "difficulty", "thresholds": "thresholds",
                "threshold": "thresholds", "hp": "hp", "hit points": "hp", "stress": "stress",
                "atk": "atk", "attack": "atk", "experience": "experience",
                "experiences": "experience"}
_STAT_START = re.compile(r"(?:difficulty|thresholds?|hp|stress|atk|attack|experiences?)\s*:",
                         re.IGNORECASE)
_HEAD = re.compile(f"(?P<name>[^:]{{1,200}}?)\\s*[{_DASH}]\\s*"
                   r"(?P<kind>passive|action|reaction)\s*:\s*(?P<text>.*)", re.IGNORECASE)
# Among the features, a kind the program does not know ("Bite - Sometimes: ..."), so that its
# problem names it: a short name with a space before the dash.
_ANY_HEAD = re.compile(f"(?P<name>[A-Z0-9][^:]{{0,80}}?)\\s+[{_DASH}]\\s*"
                       r"(?P<kind>[A-Za-z]+)\s*:\s*(?P<text>.*)")
_COUNTDOWN_AFTER_KIND = re.compile(r"(?P<label>(?:[\w-]+\s+)?countdown\s*\([^)]*\))\s*:\s*",
                                   re.IGNORECASE)
_ENDS_IN_DASH = re.compile(f"\\S\\s+[{_DASH}]$")
_KIND_START = re.compile(r"(?:passive|action|reaction)\s*:", re.IGNORECASE)
_MOTIVES_END = re.compile(r"(?:^|\s)motives\s*(?:&|and)$", re.IGNORECASE)
_TACTICS_START = re.compile(r"tactics\s*:", re.IGNORECASE)
_NUMBER = re.compile(r"\d+")
_MODIFIER = re.compile(r"[+-]?\s*\d+")
_DICE_ATTACK = re.compile(r"[+-]?\s*\d*d\d+", re.IGNORECASE)
_EXPERIENCE = re.compile(r"(?P<name>.*?\S)\s*(?P<bonus>[+-]\s*\d+)")
_ATTACK_RANGE = re.compile(r"(?P<name>.+?)\s*:\s*(?P<range>[^:]*?)"
                           r"(?:\s+(?P<damage>\d+(?:d\d+)?(?:\s*[+-]\s*\d+)?\s+\S.*))?",
                           re.IGNORECASE)
_BULLET = re.compile(r"[•◦▪‣*-]\s")
_SENTENCE_END = re.compile(r"[.!?:;)\]\"'\u201d\u2019]$")
_SMALL_WORDS = {"a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "or", "the",
                "to", "with"}
_TEXT_WORD = re.compile(r"[\w'\u2019]+(?:-[\w'\u2019]+)*")
_WORD = re.compile(r"[A-Za-z]+(?:['\u2019][a-z]+)?", re.IGNORECASE)


def read_stat_text(text: str) -> tuple[ReadBlock, ...]:
    """Every stat block in ``text`` (see the module's docstring)."""
    try:
        return _read(text)
    except Exception as exc:  # the contract: never raises; a test says this never happens
        return (ReadBlock(1, 1, "", (), (TextProblem(1, "", 1, "block",
                                                     f"could not be read: {exc!r}"),),
                          (), None),)


# --- lines --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Line:
    """One line of the text that holds something (not blank, not a page header)."""

    number: int  # from 1
    text: str  # markdown's marks taken off, spaces normalised, stripped
    after_blank: bool  # a blank line (not a page header) comes before it


def _lines(text: str) -> list[_Line]:
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    found: list[_Line] = []
    blank = False
    for number, raw in enumerate(text.split("\n"), 1):
        line = _plain(raw)
        if not line:
            blank = True
        elif not _is_noise(line):
            if found and _broken_label(found[-1].text, line):  # across a page break too
                found[-1] = _Line(found[-1].number, f"{found[-1].text} {line}",
                                  found[-1].after_blank)
            else:
                found.append(_Line(number, line, blank))
            blank = False
    return found


def _broken_label(before: str, after: str) -> bool:
    """A feature's name and kind, or Motives & Tactics, broken over two lines."""
    return bool((_ENDS_IN_DASH.search(before[-3:]) and _KIND_START.match(after)) or
                (_MOTIVES_END.search(before[-20:]) and _TACTICS_START.match(after)))


def _plain(raw: str) -> str:
    """A line without markdown's marks: ``> **HP:** 5`` -> ``HP: 5``."""
    line = _SPACES.sub(" ", raw).strip()
    while line.startswith(">"):
        line = line[1:].lstrip()
    if line.startswith("#"):
        line = line.lstrip("#").strip()
    line = line.replace("***", "").replace("**", "").strip()
    if len(line) > 1 and line.startswith("*") and line.endswith("*") and line[1] != " ":
        line = line[1:-1].strip()
    elif line.startswith("*") and not line.startswith("* "):  # "*Tier 1 Solo.* description"
        line = line[1:].replace("*", "", 1).strip()
    return line


def _is_noise(line: str) -> bool:
    """A page number or a running header: nothing of a stat block."""
    if len(line) > 60 or not _NOISE.fullmatch(line):
        return False
    return not _STAT_START.match(line)


# --- blocks -------------------------------------------------------------------------------------


def _read(text: str) -> tuple[ReadBlock, ...]:
    if problem := bad_character(text):  # a lone surrogate, from a widget or a test
        at = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
        number = at[:at.find("\ufffd") + 1].count("\n") + 1 if "\ufffd" in at else 1
        return (ReadBlock(number, number, "", (), (TextProblem(
            1, "", number, "block", f"the text {problem}"),),
            (), None),)
    lines = _lines(text)
    joiner = _Joiner(text)
    tiers = [i for i, line in enumerate(lines) if _tier_match(line.text) is not None]
    # A tier line right after another's tier line has no name line of its own: it is still a
    # block, nameless.
    starts: list[tuple[int | None, int]] = []  # (name index, tier index)
    previous_tier = -1
    for index in tiers:
        name_index = index - 1 if index - 1 > previous_tier else None
        starts.append((name_index, index))
        previous_tier = index
    if not starts:
        if not lines:
            return ()
        nothing = TextProblem(1, "", lines[0].number, "block",
                              "no stat block found: a block starts with its name, then a "
                              "line such as 'Tier 1 Solo'")
        return (ReadBlock(lines[0].number, lines[-1].number, "", (), (nothing,), (), None),)
    blocks = []
    for number, (name_index, tier_index) in enumerate(starts, 1):
        first = tier_index if name_index is None else name_index
        end = len(lines)
        if number < len(starts):
            next_name, next_tier = starts[number]
            end = next_tier if next_name is None else next_name
        blocks.append(_Block(number, lines, first, name_index, tier_index, end, joiner).read())
    return tuple(blocks)


def _tier_match(line: str) -> re.Match[str] | None:
    match = _TIER.fullmatch(line)
    if match is None:
        return None
    type_word = match.group("type").lower()
    known = type_word in _TYPES or type_word.startswith("horde")
    return match if known or not (match.group("rest") or "").strip() else None


def title_name(name: str) -> str:
    """A name in capitals as the SRD writes it: ``ACID BURROWER`` -> ``Acid Burrower``; a name
    with small letters is kept as it is."""
    if not any(c.isalpha() for c in name) or any(c.islower() for c in name):
        return name
    words = name.split(" ")
    out = []
    for number, word in enumerate(words):
        if number and word.lower() in _SMALL_WORDS:
            out.append(word.lower())
        else:
            out.append(_WORD.sub(lambda m: m.group(0)[:1].upper() + m.group(0)[1:].lower(),
                                 word))
    return " ".join(out)


class _Joiner:
    """Joins the lines of a broken paragraph (see the module's hyphenation rule)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._words: set[str] | None = None  # every word of the text, found when first asked

    def _written(self, word: str) -> bool:
        if self._words is None:
            self._words = {w.lower() for w in _TEXT_WORD.findall(self._text)}
        return word.lower() in self._words

    def join(self, text: _Pieces, after: str) -> None:
        """``after`` (the next line) added to ``text``, as the same paragraph."""
        before = text.pieces[-1] if text.pieces else ""
        if not text.text_so_far():
            text.pieces = [after]
        elif not after:
            return
        elif before.endswith("-") and len(before) > 1 and before[-2].isalpha() and \
                after[0].isalnum():
            head = re.search(r"[\w'\u2019-]*-$", before[-_WORD_MOST:])
            tail = re.match(r"[\w'\u2019-]*", after[:_WORD_MOST])
            left = head.group(0)[:-1] if head else ""
            right = tail.group(0) if tail else ""
            if left and right and self._written(f"{left}-{right}"):
                text.pieces.append(after)
            elif (left and right and self._written(left + right)) or not (
                    after[0].isupper() or after[0].isdigit()):
                text.pieces[-1] = before[:-1]
                text.pieces.append(after)
            else:
                text.pieces.append(after)
        else:
            text.pieces += [" ", after]


class _Pieces:
    """Text gathered line by line, joined once when read: joining as it goes would copy it
    all again at each line (200 KB of short lines: minutes)."""

    def __init__(self, text: str) -> None:
        self.pieces = [text]

    def text_so_far(self) -> bool:
        return any(self.pieces)

    @property
    def text(self) -> str:
        if len(self.pieces) > 1:
            self.pieces = ["".join(self.pieces)]
        return self.pieces[0] if self.pieces else ""

    @text.setter
    def text(self, value: str) -> None:
        self.pieces = [value]


class _Value(_Pieces):
    def __init__(self, text: str, line: int) -> None:
        super().__init__(text)
        self.line = line


class _FeatureText(_Pieces):
    def __init__(self, head: str, name: str, kind: str, text: str, line: int) -> None:
        super().__init__(text)
        self.head = head  # "Name - Kind", the kind's dash made "-"; "" when not a feature
        self.name, self.kind, self.line = name, kind, line


@dataclass
class _Found:
    """What the lines of one block said, before it is checked."""

    values: dict[str, _Value] = field(default_factory=dict)
    attack: list[_Value] = field(default_factory=list)  # parts after ATK: name: range, damage
    features: list[_FeatureText] = field(default_factory=list)


class _Block:
    def __init__(self, number: int, lines: list[_Line], first: int, name_index: int | None,
                 tier_index: int, end: int, joiner: _Joiner) -> None:
        self.number, self.lines, self.joiner = number, lines, joiner
        self.first, self.name_index, self.tier_index, self.end = first, name_index, \
            tier_index, end
        self.found = _Found()
        self.name = ""
        self.problems: list[TextProblem] = []
        self.unusual: list[TextProblem] = []
        self.marks: dict[str, tuple[str, str]] = {}  # field -> (problem, unusual)
        self.fields: list[ReadField] = []
        self.stats_line = 0  # the first line of the numbers, where a missing one belongs

    # ---- reading the lines

    def read(self) -> ReadBlock:
        tier_line = self.lines[self.tier_index]
        if self.name_index is not None:
            name_line = self.lines[self.name_index]
            self.name = title_name(name_line.text.strip())
            self.found.values["name"] = _Value(self.name, name_line.number)
        tier = _tier_match(tier_line.text)
        assert tier is not None, "a block starts at a tier line"
        self.found.values["tier"] = _Value(tier.group("tier"), tier_line.number)
        self.found.values["type"] = _Value(tier.group("type"), tier_line.number)
        rest = (tier.group("rest") or "").strip()
        if rest.startswith("*") and rest.endswith("*"):
            rest = rest.strip("*").strip()
        self._lines_after(tier_line, rest)
        return self._finish()

    def _lines_after(self, tier_line: _Line, rest: str) -> None:
        state = "description"
        values = self.found.values
        if rest:
            values["description"] = _Value(rest, tier_line.number)
        last_key = "description"
        for line in self.lines[self.tier_index + 1:self.end]:
            text = line.text
            if state in ("description", "motives") and (motives := _MOTIVES.fullmatch(text)):
                state, last_key = "motives", "motives"
                values["motives"] = _Value(motives.group("rest").strip(), line.number)
                continue
            if state != "features" and _FEATURES.fullmatch(text):
                state = "features"
                continue
            head = _HEAD.fullmatch(text)
            if head is not None and state != "features" and not _STAT_START.match(text):
                state = "features"
            if state == "features":
                self._feature_line(line, head or _ANY_HEAD.fullmatch(text))
                continue
            if _STAT_START.match(text):
                state = "stats"
                self.stats_line = self.stats_line or line.number
            if state == "stats":
                last_key = self._stats_line(line, last_key)
                continue
            value = values.get(last_key)
            if value is None:
                values[last_key] = _Value(text, line.number)
            else:
                self.joiner.join(value, text)

    def _stats_line(self, line: _Line, last_key: str) -> str:
        values = self.found.values
        for part in (p.strip() for p in line.text.split("|")):
            if not part:
                continue
            label = _LABEL.fullmatch(part)
            key = _STAT_LABELS.get(label.group("label").strip().lower()) if label else None
            if key == "atk" and "atk" in values and not self.found.attack:
                key = None  # "ATK: +3 | Attack: Melee": an attack named Attack
            if label is not None and key is not None:
                value = label.group("value").strip()
                if key == "atk":
                    self._attack_start(value, line.number)
                else:
                    values[key] = _Value(value, line.number)
                last_key = key
                continue
            if last_key == "atk" or (label is not None and not self.found.attack):
                # After ATK, or "Claws: Very Close" where the ATK is left out.
                self.found.attack.append(_Value(part, line.number))
                last_key = "atk"
                continue
            previous = values.get(last_key)
            if previous is not None and not previous.text:
                previous.text, previous.line = part, line.number
            elif previous is not None:
                self.joiner.join(previous, part)
            else:
                values[last_key] = _Value(part, line.number)
        return last_key

    def _attack_start(self, value: str, number: int) -> None:
        """``+3`` or, with the bars lost, ``+3 Claws: Very Close 1d12+2 phy``."""
        head = re.match(r"\s*([+\-]?\s*\d*d\d+|[+\-]?\s*\d+|\S+)\s*(.*)", value)
        if head is None:
            self.found.values["atk"] = _Value(value, number)
            return
        self.found.values["atk"] = _Value(head.group(1), number)
        if head.group(2).strip():
            self.found.attack.append(_Value(head.group(2).strip(), number))

    def _feature_line(self, line: _Line, head: re.Match[str] | None) -> None:
        features = self.found.features
        if head is not None:
            text = head.group("text").strip()
            if countdown := _COUNTDOWN_AFTER_KIND.match(text):
                text = f"{countdown.group('label')}. {text[countdown.end():]}".strip()
            name = head.group("name").strip()
            kind = head.group("kind")
            features.append(_FeatureText(f"{name} - {kind}", name, kind, text, line.number))
            return
        if not features:
            features.append(_FeatureText("", "", "", line.text, line.number))
            return
        feature = features[-1]
        if not feature.text_so_far():
            feature.text = line.text
        elif _BULLET.match(line.text):
            feature.pieces += ["\n", line.text]
        elif line.after_blank and _SENTENCE_END.search(feature.pieces[-1]):
            feature.pieces += ["\n\n", line.text]
        else:
            self.joiner.join(feature, line.text)

    # ---- checking what was read

    def _problem(self, field_name: str, line: int | None, message: str) -> None:
        where = line or self._default_line()
        self.problems.append(TextProblem(self.number, short_name(self.name), where, field_name,
                                         message))
        problem, unusual = self.marks.get(field_name, ("", ""))
        self.marks[field_name] = (problem or message, unusual)

    def _warn(self, field_name: str, line: int | None, message: str) -> None:
        where = line or self._default_line()
        self.unusual.append(TextProblem(self.number, short_name(self.name), where, field_name,
                                        message))
        problem, unusual = self.marks.get(field_name, ("", ""))
        self.marks[field_name] = (problem, unusual or message)

    def _default_line(self) -> int:
        return self.stats_line or self.lines[self.tier_index].number

    def _line(self, key: str) -> int | None:
        value = self.found.values.get(key)
        return value.line if value is not None else None

    def _text(self, key: str) -> str:
        value = self.found.values.get(key)
        return value.text.strip() if value is not None else ""

    def _number(self, key: str, label: str, signed: bool = False, source: str = ""
                ) -> int | None:
        """The number read for ``key`` (from the value read as ``source``, when its label
        is another: ATK for the attack modifier); its problem noted under ``key``."""
        value = self.found.values.get(source or key)
        if value is None or not value.text.strip():
            self._problem(key, None if value is None else value.line, f"{label} is missing")
            return None
        text = _DASHES.sub("-", value.text.strip())
        pattern = _MODIFIER if signed else _NUMBER
        if not pattern.fullmatch(text):
            self._problem(key, value.line, f"{label} {shown(value.text.strip())} is not a "
                                           f"{'modifier such as +3' if signed else 'number'}")
            return None
        text = text.replace(" ", "")
        if problem := digits_problem(text):
            self._problem(key, value.line, f"{label} is {problem}")
            return None
        return int(text)

    def _finish(self) -> ReadBlock:
        if self.name_index is None:
            self._problem("name", self.lines[self.tier_index].number,
                          "no name: a block starts with its name on the line before 'Tier'")
        tier = self._number("tier", "Tier")
        type_text = self._text("type")
        type_ = statblock.normal_type(type_text)
        if type_ is None:
            self._problem("type", self._line("type"), f"Type: {statblock.type_problem(type_text)}")
        difficulty = self._number("difficulty", "Difficulty")
        major, severe = self._thresholds()
        hp = self._number("hp", "HP")
        stress = self._number("stress", "Stress")
        attack_modifier = self._attack_modifier()
        attack_name, attack_range, damage = self._attack()
        experiences = self._experiences()
        features = self._features()
        for key, label, most in _LONGEST:
            if len(text := self._text(key)) > most:
                self._problem(key, self._line(key), f"{label} is {len(text)} characters long; "
                                                    f"at most {most}")
        stats = StatBlock(
            name=self._text("name") if self.name_index is not None else "",
            tier=_or(tier, 1), type=type_ or "Standard", difficulty=_or(difficulty, 1),
            major=major, severe=severe, hp=_or(hp, 1), stress=_or(stress, 0),
            attack_modifier=_or(attack_modifier, 0), attack_name=attack_name,
            attack_range=attack_range, damage=damage or "1",
            description=self._text("description"), motives=self._text("motives"),
            experiences=experiences, features=features)
        self._check(stats)
        if not self.problems:
            self._unusual(stats)
        self._fields(stats)
        last = self.lines[self.end - 1].number if self.end > self.first else \
            self.lines[self.first].number
        return ReadBlock(self.lines[self.first].number, last, self.name, tuple(self.fields),
                         tuple(sorted(self.problems, key=lambda p: p.line)),
                         tuple(sorted(self.unusual, key=lambda p: p.line)),
                         None if self.problems else stats)

    def _thresholds(self) -> tuple[int | None, int | None]:
        value = self.found.values.get("thresholds")
        if value is None or not value.text.strip():
            self._problem("thresholds", None if value is None else value.line,
                          "Thresholds are missing: write them as Major/Severe such as "
                          "'8/15', or 'None'")
            return None, None
        text = _DASHES.sub("-", value.text.strip())
        if text.lower() in ("none", "-", "--"):
            return None, None
        parts = [part.strip() for part in re.split(r"\s*/\s*", text)]
        if len(parts) != 2:
            self._problem("thresholds", value.line, f"Thresholds {shown(value.text.strip())} "
                                                    "are not Major/Severe such as '8/15', or "
                                                    "'None'")
            return None, None
        found: list[int | None] = []
        for part, label in zip(parts, ("Major", "Severe"), strict=True):
            if part.lower() in ("none", "-"):
                found.append(None)
            elif _NUMBER.fullmatch(part) and not digits_problem(part):
                found.append(int(part))
            else:
                self._problem("thresholds", value.line,
                              f"{label} threshold {shown(part)} is not a number")
                found.append(None)
        return found[0], found[1]

    def _attack_modifier(self) -> int | None:
        value = self.found.values.get("atk")
        if value is not None and _DICE_ATTACK.fullmatch(value.text.strip()):
            self._warn("attack_modifier", value.line,
                       f"ATK {shown(value.text.strip())} is dice, not a number: kept as +0; "
                       "roll it as the stat block's features say")
            return 0
        return self._number("attack_modifier", "ATK", signed=True, source="atk")

    def _attack(self) -> tuple[str, str, str]:
        parts = self.found.attack
        atk_line = self._line("atk")
        name = range_ = damage = ""
        name_line = damage_line = atk_line
        rest: list[_Value] = []
        for part in parts:
            if not name and ":" in part.text and len(part.text) <= MAX_PART:
                match = _ATTACK_RANGE.fullmatch(part.text)
                if match is not None:
                    name, range_ = match.group("name").strip(), match.group("range").strip()
                    name_line = part.line
                    if match.group("damage"):
                        damage, damage_line = match.group("damage").strip(), part.line
                    continue
            rest.append(part)
        for part in rest:
            if not damage:
                damage, damage_line = part.text.strip(), part.line
            else:
                damage = f"{damage} {part.text.strip()}"
        self.found.values["attack_name"] = _Value(name, name_line or 0)
        self.found.values["attack_range"] = _Value(range_, name_line or 0)
        self.found.values["damage"] = _Value(damage, damage_line or 0)
        if atk_line is None:
            return name, range_, damage
        if not name:
            self._problem("attack_name", atk_line, "the attack's name and range are missing: "
                                                   "write them as 'Claws: Very Close'")
        if not damage:
            self._problem("damage", atk_line, "the attack's damage is missing, such as "
                                              "'1d12+2 phy'")
        return name, range_, damage

    def _experiences(self) -> tuple[Experience, ...]:
        value = self.found.values.get("experience")
        if value is None:
            return ()
        found = []
        for number, part in enumerate((p.strip() for p in value.text.split(",")), 1):
            if not part:
                continue
            match = _EXPERIENCE.fullmatch(_DASHES.sub("-", part)) \
                if len(part) <= MAX_PART else None
            if match is None:
                self._problem(f"experiences {number}", value.line,
                              f"Experience {shown(part)} is not an experience such as "
                              "'Tremor Sense +2'")
                continue
            bonus = match.group("bonus").replace(" ", "")
            if problem := digits_problem(bonus):
                self._problem(f"experiences {number}", value.line,
                              f"the bonus of Experience {shown(match.group('name'))} is "
                              f"{problem}")
                continue
            found.append(Experience(part[:len(match.group("name"))].strip(), int(bonus)))
        return tuple(found)

    def _features(self) -> tuple[Feature, ...]:
        found = []
        for number, feature in enumerate(self.found.features, 1):
            if not feature.head:
                self._problem(f"features {number}", feature.line,
                              f"Feature {number}: {shown(feature.text)} is not a feature: "
                              "write it as 'Name - Passive: text' (or - Action, - Reaction)")
                continue
            kind = feature.kind.capitalize()
            problems: list[Problem] = []
            note = Collector(problems, self.number, self.name)
            read = srd.feature_of(number, f"{feature.name} - {kind}", feature.text, note)
            for problem in problems:
                self._problem(f"features {number}", feature.line,
                              f"Feature {number} ({short_name(feature.name)}): "
                              f"{problem.message}")
            found.append(read)
        return tuple(found)

    def _check(self, stats: StatBlock) -> None:
        """The checks of every import, each problem put on the line it came from."""
        problems: list[Problem] = []
        note = Collector(problems, self.number, self.name)
        for key in self.marks:  # what could not be read is not checked again
            note.fields.add(_CHECK_FIELDS.get(key, key))
            if key == "thresholds":
                note.fields.update(("major", "severe"))
        statblock.check(stats, note)
        for problem in problems:
            key = problem.field.split(" (")[0]
            label = _CHECK_LABELS.get(key, statblock.LABELS.get(key.split(" ")[0], key))
            source = {"major": "thresholds", "severe": "thresholds",
                      "attack_modifier": "atk"}.get(key, key)
            line = self._line(source) if not key.startswith(("features", "experiences")) \
                else self._list_line(key)
            mark = _MARK_FIELDS.get(key, key)
            label = f"{label[:1].upper()}{label[1:]}"
            if key.startswith(("features", "experiences")):
                label = problem.field.replace("features", "Feature").replace(
                    "experiences", "Experience")
            joint = " " if problem.message.startswith("is ") else ": "
            self._problem(mark, line, f"{label}{joint}{problem.message}")

    def _list_line(self, key: str) -> int | None:
        words = key.split(" ")
        if len(words) < 2 or not words[1].isdigit():
            return None
        index = int(words[1]) - 1
        if words[0] == "features" and 0 <= index < len(self.found.features):
            return self.found.features[index].line
        return self._line("experience")

    def _unusual(self, stats: StatBlock) -> None:
        minion = stats.type == "Minion"
        for key, value in (("difficulty", stats.difficulty), ("major", stats.major),
                           ("severe", stats.severe), ("attack_modifier",
                                                      stats.attack_modifier)):
            if value is None or (minion and key in ("major", "severe")):
                continue
            if (message := unusual_for_tier(key, Fraction(value), stats.tier)):
                source = {"major": "thresholds", "severe": "thresholds",
                          "attack_modifier": "atk"}.get(key, key)
                self._warn(_MARK_FIELDS.get(key, key), self._line(source), message)
        average = _average(stats.damage)
        if not minion and average is not None and \
                (message := unusual_for_tier("damage", average, stats.tier)):
            self._warn("damage", self._line("damage"), message)

    # ---- the fields shown

    def _fields(self, stats: StatBlock) -> None:
        values = self.found.values

        def add(key: str, label: str, value: str, line: int | None, index: int = 0,
                mark: str | None = None) -> None:
            problem, unusual = self.marks.get(mark or key, ("", ""))
            self.fields.append(ReadField(key, label, value, line or None, problem, unusual,
                                         index))

        def text_of(key: str) -> str:
            value = values.get(key)
            return value.text.strip() if value is not None else ""

        add("name", "Name", self.name, self._line("name"))
        add("tier", "Tier", text_of("tier"), self._line("tier"))
        add("type", "Type", text_of("type"), self._line("type"))
        add("description", "Description", text_of("description"), self._line("description"))
        add("motives", "Motives & Tactics", text_of("motives"), self._line("motives"))
        add("difficulty", "Difficulty", text_of("difficulty"), self._line("difficulty"))
        thresholds = text_of("thresholds")
        shown_thresholds = thresholds
        if not self.marks.get("thresholds", ("", ""))[0] and thresholds:
            shown_thresholds = "None" if stats.major is None and stats.severe is None else \
                f"{_or_none(stats.major)} / {_or_none(stats.severe)}"
        add("thresholds", "Thresholds", shown_thresholds, self._line("thresholds"))
        add("hp", "HP", text_of("hp"), self._line("hp"))
        add("stress", "Stress", text_of("stress"), self._line("stress"))
        add("attack_modifier", "ATK", text_of("atk"), self._line("atk"))
        add("attack_name", "Attack", text_of("attack_name"), self._line("attack_name"))
        add("attack_range", "Range", text_of("attack_range"), self._line("attack_range"))
        add("damage", "Damage", text_of("damage"), self._line("damage"))
        experience_line = self._line("experience")
        for number, experience in enumerate(stats.experiences, 1):
            add("experience", f"Experience {number}", f"{experience.name} "
                f"{experience.bonus:+d}", experience_line, number, f"experiences {number}")
        for key in sorted(k for k in self.marks if k.startswith("experiences ")):
            index = int(key.split()[1])
            if not any(f.field == "experience" and f.index == index for f in self.fields):
                add("experience", f"Experience {index}", "", experience_line, index, key)
        read = iter(stats.features)
        for number, feature in enumerate(self.found.features, 1):
            if feature.head:
                done = next(read, None)
                label = f"Feature: {done.name if done else feature.name} - " \
                        f"{feature.kind.capitalize()}"
                value = done.text if done else feature.text
            else:
                label, value = f"Feature {number}", feature.text
            add("feature", label, value, feature.line, number, f"features {number}")


# The longest each text may be, as the SRD's JSON reader allows (a feature's own: srd.py).
_LONGEST = (("name", "Name", 200), ("description", "Description", 10_000),
            ("motives", "Motives & Tactics", 10_000), ("attack_name", "Attack", 10_000),
            ("attack_range", "Range", 10_000), ("damage", "Damage", 10_000))
_CHECK_LABELS = {"major": "Thresholds", "severe": "Thresholds", "attack_modifier": "ATK",
                 "attack_name": "Attack name", "attack_range": "Range", "tier": "Tier",
                 "type": "Type", "name": "Name"}
_CHECK_FIELDS = {"atk": "attack_modifier", "experience": "experiences"}
_MARK_FIELDS = {"major": "thresholds", "severe": "thresholds"}


def _or(value: int | None, default: int) -> int:
    """A number read, or ``default`` in place of one that could not be (its problem noted)."""
    return default if value is None else value


def _or_none(value: int | None) -> str:
    return "None" if value is None else str(value)


def _average(damage: str) -> Fraction | None:
    try:
        expression = dice.parse(damage)
    except dice.DiceError:
        return None
    return Fraction(expression.min_total + expression.max_total, 2)


def unusual_for_tier(key: str, value: Fraction, tier: int) -> str:
    """Why ``value`` of ``key`` ("difficulty", "major", "severe", "attack_modifier", "damage")
    is unusual for ``tier``, outside the band round the tier's benchmark (see the module's
    docstring); "" when it is not."""
    if not 1 <= tier <= 4:
        return ""
    marks = tier_benchmarks(tier)
    low, high = _band(key, tier)
    if low <= value <= high:
        return ""
    benchmark = {"difficulty": str(marks.difficulty), "major": str(marks.major),
                 "severe": str(marks.severe), "attack_modifier": f"+{marks.attack}",
                 "damage": f"{marks.damage_low} to {marks.damage_high}"}[key]
    label = {"difficulty": "Difficulty", "major": "Major threshold",
             "severe": "Severe threshold", "attack_modifier": "ATK",
             "damage": "Damage"}[key]
    shown_value = f"averaging {float(value):g}" if key == "damage" else \
        (f"{int(value):+d}" if key == "attack_modifier" else str(int(value)))
    return (f"{label} {shown_value} is unusual for tier {tier}: the SRD's benchmark is "
            f"{benchmark}")


def _band(key: str, tier: int) -> tuple[Fraction, Fraction]:
    """The lowest and highest ``key`` not marked unusual at ``tier`` (1-4)."""
    marks = tier_benchmarks(tier)
    if key == "damage":
        low, high = _average(marks.damage_low), _average(marks.damage_high)
        assert low is not None and high is not None, "the benchmarks are dice"
        return low / 2, high * 2
    if key in ("major", "severe"):
        mark = Fraction(marks.major if key == "major" else marks.severe)
        return mark / 2, mark * 2
    mark, off = (Fraction(marks.difficulty), 5) if key == "difficulty" else \
        (Fraction(marks.attack), 6)
    return mark - off, mark + off
