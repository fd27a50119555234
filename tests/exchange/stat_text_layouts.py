"""A stat block written out as people paste it, for the reader of pasted text
(exchange/stat_text.py): the book's printed layout, the SRD's markdown, and a PDF copy.

Each writer takes a ``Draw`` (hypothesis's ``data.draw``) that chooses what a layout leaves
open: the name in capitals or not, the numbers on one line or several, and for a PDF copy
where lines break, which words are hyphenated at a line's end, which dashes and quotes, and
which page headers fall between lines, and whether a feature's kind or the Tactics of
"Motives & Tactics" goes to the next line. ``same_texts`` is the comparison the round trip makes:
texts after their whitespace, dashes and quotes are normalised.

What a PDF copy does not do here, because no reader could undo it: break a line where the
next would read as a label, a feature or a page header (a line of only ``12``), and break a
lower-case compound at its own hyphen (``horse-`` ``sized``; the reader's documented rule
keeps a hyphen before a capital or a digit, so those are broken).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from hypothesis import strategies as st

from encounter_app.domain.rows import Experience, Feature, StatBlock

Draw = Callable[[st.SearchStrategy[Any]], Any]
T = TypeVar("T")


def _choose(draw: Draw | None, options: tuple[T, ...]) -> T:
    """One of ``options``: hypothesis's choice, or the first without ``draw``."""
    return options[0] if draw is None else draw(st.sampled_from(options))

PAGE_HEADERS = ("112", "Page 7", "Daggerheart SRD", "ADVERSARIES", "Daggerheart SRD | 87",
                "Adversaries 212", "DAGGERHEART", "Core Rulebook")
_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2010": "-",
                         "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
_STRUCTURE = re.compile(r"^(?:tier\s|motives|features?$|difficulty|thresholds?|hp\b|stress|"
                        r"atk|attack|experiences?)|\s[-\u2013\u2014]\s*(?:passive|action|reaction)"
                        r"\s*:|^[\d\s|.:-]*$|^(?:page|daggerheart|srd|adversar|core|chapter)",
                        re.IGNORECASE)


def normal(text: str) -> str:
    """Text as the round trip compares it: one space for any whitespace, plain dashes and
    quotes."""
    return " ".join(text.translate(_DASHES).split())


def same_texts(stats: StatBlock) -> StatBlock:
    """``stats`` with every text normalised (``normal``)."""
    return replace(
        stats, name=normal(stats.name), description=normal(stats.description),
        motives=normal(stats.motives), attack_name=normal(stats.attack_name),
        attack_range=normal(stats.attack_range), damage=normal(stats.damage),
        experiences=tuple(Experience(normal(e.name), e.bonus) for e in stats.experiences),
        features=tuple(replace(f, name=normal(f.name), text=normal(f.text))
                       for f in stats.features))


def _thresholds(stats: StatBlock) -> str:
    if stats.major is None and stats.severe is None:
        return "None"
    return f"{'None' if stats.major is None else stats.major}/" \
           f"{'None' if stats.severe is None else stats.severe}"


def _experiences(stats: StatBlock) -> str:
    return ", ".join(f"{e.name} {e.bonus:+d}" for e in stats.experiences)


def _feature_head(feature: Feature, dash: str = "-") -> str:
    return f"{feature.name} {dash} {feature.kind}"


def _name(stats: StatBlock, draw: Draw | None = None) -> str:
    return stats.name.upper() if _choose(draw, (False, True)) else stats.name


def book(stats: StatBlock, draw: Draw | None = None) -> str:
    """The book's and the SRD's printed layout."""
    lines = [_name(stats, draw), f"Tier {stats.tier} {stats.type}"]
    if stats.description:
        lines.append(stats.description)
    if stats.motives:
        lines.append(f"Motives & Tactics: {stats.motives}")
    numbers = [f"Difficulty: {stats.difficulty}", f"Thresholds: {_thresholds(stats)}",
               f"HP: {stats.hp}", f"Stress: {stats.stress}"]
    lines.extend(numbers if _choose(draw, (False, True)) else [" | ".join(numbers)])
    lines.append(f"ATK: {stats.attack_modifier:+d} | {stats.attack_name}: "
                 f"{stats.attack_range} | {stats.damage}")
    if stats.experiences:
        lines.append(f"Experience: {_experiences(stats)}")
    if stats.features:
        lines.append(_choose(draw, ("FEATURES", "Features")))
    lines.extend(f"{_feature_head(f)}: {f.text}" for f in stats.features)
    return "\n".join(lines) + "\n"


def markdown(stats: StatBlock, draw: Draw | None = None) -> str:
    """The SRD's markdown, as seansbox/daggerheart-srd's adversaries/*.md write it (its
    template), or with the description on the tier's line."""
    lines = [f"# {stats.name.upper()}", ""]
    if _choose(draw, (False, True)) and stats.description:
        lines.append(f"***Tier {stats.tier} {stats.type}.*** {stats.description}  ")
    else:
        lines.append(f"***Tier {stats.tier} {stats.type}***  ")
        if stats.description:
            lines.append(f"*{stats.description}*  ")
    if stats.motives:
        lines.append(f"**Motives & Tactics:** {stats.motives}")
    lines += ["", f"> **Difficulty:** {stats.difficulty} | **Thresholds:** "
                  f"{_thresholds(stats)} | **HP:** {stats.hp} | **Stress:** {stats.stress}  ",
              f"> **ATK:** {stats.attack_modifier:+d} | **{stats.attack_name}:** "
              f"{stats.attack_range} | {stats.damage}  "]
    if stats.experiences:
        lines.append(f"> **Experience:** {_experiences(stats)}")
    lines += ["", "## FEATURES", ""]
    for feature in stats.features:
        lines += [f"***{_feature_head(feature)}:*** {feature.text}", ""]
    return "\n".join(lines)


def pdf(stats: StatBlock, draw: Draw | None = None) -> str:
    """Text copied from a PDF of the printed layout: long lines broken where hypothesis
    chooses (a word hyphenated at some), en and em dashes, curly quotes, page headers."""
    dash = _choose(draw, ("-", "\u2013", "\u2014"))
    curly = _choose(draw, (False, True))
    width = _choose(draw, tuple(range(90, 24, -1)))

    def prose(label: str, text: str) -> list[str]:
        if curly:
            text = _curl(text)
        return _wrap(text, width, draw, head=label.strip())

    lines = [_name(stats, draw), f"Tier {stats.tier} {stats.type}"]
    if stats.description:
        lines += prose("", stats.description)
    if stats.motives and _choose(draw, (False, True)):  # the label broken in two
        lines += ["Motives &", *prose("Tactics: ", stats.motives)]
    elif stats.motives:
        lines += prose("Motives & Tactics: ", stats.motives)
    numbers = (f"Difficulty: {stats.difficulty} | Thresholds: {_thresholds(stats)} | "
               f"HP: {stats.hp} | Stress: {stats.stress}")
    lines += _choose(draw, (
        [numbers], numbers.split(" | ", 1),
        [numbers.rsplit(" ", 4)[0], " ".join(numbers.rsplit(" ", 4)[1:])]))
    attack = (f"ATK: {stats.attack_modifier:+d}".replace("-", dash), f"{stats.attack_name}: "
              f"{stats.attack_range}", stats.damage)
    lines += _choose(draw, (
        [" | ".join(attack)], [" | ".join(attack[:2]), attack[2]]))
    if stats.experiences:
        lines += _wrap(_experiences(stats), width, draw, hyphens=False, head="Experience:")
    if stats.features:
        lines.append("FEATURES")
    for feature in stats.features:
        text = _curl(feature.text) if curly else feature.text
        if _choose(draw, (False, True)):  # the kind on the next line
            lines += [f"{feature.name} {dash}", *_wrap(text, width, draw,
                                                         head=f"{feature.kind}:")]
        else:
            lines += _wrap(text, width, draw, head=f"{_feature_head(feature, dash)}:")
    out: list[str] = []
    for number, line in enumerate(lines):
        if number and _choose(draw, tuple(range(10))) == 9:  # a page turns
            out += ["", _choose(draw, PAGE_HEADERS), ""]
        out.append(line)
    return "\n".join(out) + "\n"


def _curl(text: str) -> str:
    text = re.sub(r"(?<=\w)'", "\u2019", text)
    text = re.sub(r"'", "\u2018", text)
    text = re.sub(r'"(?=\w)', "\u201c", text)
    return text.replace('"', "\u201d")


def _wrap(text: str, width: int, draw: Draw | None, hyphens: bool = True,
          head: str = "") -> list[str]:
    """``text`` broken into lines of about ``width``, after ``head`` (a feature's name and
    kind, never broken); at some breaks hypothesis hyphenates the word that crosses it. A break
    is made only where the next line cannot read as anything but the text going on (see the
    module's docstring)."""
    words = text.split()
    lines: list[str] = []
    line = head
    for word in words:
        if not line:
            line = word
            continue
        if len(line) + 1 + len(word) <= width or not _can_start(word):
            line = f"{line} {word}"
            continue
        soft = re.fullmatch(r"([A-Za-z]{3,})([a-z]{3,})([.,;]?)", word) if hyphens else None
        if soft and _choose(draw, (False, True)):
            cut = _choose(draw, tuple(range(3, len(soft.group(1)) + 1)))
            head, rest = word[:cut], word[cut:]
            if rest[:1].islower():
                lines.append(f"{line} {head}-")
                line = rest
                continue
        lines.append(line)
        line = word
    if line:
        lines.append(line)
    return _mend(lines)


def _can_start(word: str) -> bool:
    return not _STRUCTURE.search(word)


def _mend(lines: list[str]) -> list[str]:
    """Join back a line that would read as a label, a feature or a page header."""
    out: list[str] = []
    for line in lines:
        if out and _STRUCTURE.search(line):
            before = out.pop()
            line = (before[:-1] + line) if before.endswith("-") and line[:1].islower() \
                else f"{before} {line}"
        out.append(line)
    return out
