"""The checks every imported stat block passes, whichever format it came in.

The limits are wide enough for any published adversary and homebrew, and narrow enough to catch
a typo (a Difficulty of 140, a tier of 0). Damage must be dice the program can roll.
"""

from __future__ import annotations

import re

from encounter_app.domain.rows import FeatureKind, StatBlock
from encounter_app.exchange.fields import short_name, shown
from encounter_app.exchange.limits import digits_problem
from encounter_app.exchange.problems import Collector
from encounter_app.rules import dice

TYPES = ("Bruiser", "Horde", "Leader", "Minion", "Ranged", "Skulk", "Social", "Solo",
         "Standard", "Support")
FEATURE_KINDS: tuple[FeatureKind, ...] = ("Passive", "Action", "Reaction")
LIMITS = {
    "tier": (1, 4),
    "difficulty": (1, 50),
    "threshold": (1, 200),
    "hp": (1, 99),
    "stress": (0, 99),
    "attack_modifier": (-20, 20),
    "experience": (-10, 10),
    "countdown": (1, 99),
    "horde": (1, 99),  # HP per member of a Horde; the SRD's largest is 10
}
_HORDE = re.compile(r"^horde\s*\(\s*(\d+)\s*/\s*hp\s*\)$", re.IGNORECASE)


def feature_kind(text: str) -> FeatureKind | None:
    """``text`` as a feature kind when it is one exactly, else None."""
    for kind in FEATURE_KINDS:
        if text == kind:
            return kind
    return None


def normal_type(text: str) -> str | None:
    """The type as the SRD spells it (``"horde (5/hp)"`` -> ``"Horde (5/HP)"``); None if unknown.

    A Horde carries its size, HP per member, in its type; plain "Horde" has no size and is
    not a type a GM can run.
    """
    text = text.strip()
    size = horde_size(text)
    if size is not None:
        return f"Horde ({size}/HP)" if size >= 1 else None
    return next((t for t in TYPES if t != "Horde" and t.lower() == text.lower()), None)


def horde_size(type_: str) -> int | None:
    """HP per member of a Horde (N/HP); None for any other type."""
    horde = _HORDE.match(type_.strip())
    # A size of more digits than any number is not a size (and int() refuses 4,301).
    return int(horde.group(1)) if horde and not digits_problem(horde.group(1)) else None


def type_problem(text: str) -> str:
    return (f"unknown type {shown(text)}: use one of {', '.join(t for t in TYPES if t != 'Horde')}"
            ", or Horde (N/HP)")


def check(stats: StatBlock, note: Collector, names: dict[str, str] | None = None) -> None:
    """Note every value of ``stats`` out of range. ``names`` maps our field names to the file's.

    A field that could not be read at all (noted already) is not checked again.
    """
    names = names or {}
    unread = set(note.fields)

    def report(field: str, message: str) -> None:
        if field not in unread:
            note.add(field, message)

    def where(key: str) -> str:
        return names.get(key, key)

    def within(key: str, value: int | None, limit: str | None = None) -> None:
        low, high = LIMITS[limit or key]
        if value is not None and not low <= value <= high:
            report(where(key), f"{value} is out of range: {low} to {high}")

    if not stats.name.strip():
        report(where("name"), "is empty")
    if normal_type(stats.type) != stats.type:
        report(where("type"), type_problem(stats.type))
    elif (size := horde_size(stats.type)) is not None:
        low, high = LIMITS["horde"]
        if not low <= size <= high:
            report(where("type"), f"a Horde of {size}/HP is out of range: {low} to {high} "
                                  "per HP")
    for key in ("tier", "difficulty", "hp", "stress", "attack_modifier"):
        within(key, getattr(stats, key))
    within("major", stats.major, "threshold")
    within("severe", stats.severe, "threshold")
    if stats.major is not None and stats.severe is not None and stats.major >= stats.severe:
        report(where("severe"), f"Major threshold {stats.major} must be below Severe "
                                  f"{stats.severe}")
    if not stats.attack_name.strip():
        report(where("attack_name"), "is empty")
    try:
        dice.parse(stats.damage)
    except dice.DiceError as exc:
        report(where("damage"), str(exc))
    for number, experience in enumerate(stats.experiences, 1):
        key = f"{where('experiences')} {number}"
        if not experience.name.strip():
            report(key, "has no name")
        low, high = LIMITS["experience"]
        if not low <= experience.bonus <= high:
            report(key, f"bonus {experience.bonus:+d} is out of range: {low:+d} to {high:+d}")
    for number, feature in enumerate(stats.features, 1):
        key = f"{where('features')} {number}" + (f" ({short_name(feature.name)})" if feature.name
                                                  else "")
        if not feature.name.strip():
            report(key, "has no name")
        if feature.kind not in FEATURE_KINDS:
            report(f"{key} kind", f"unknown kind {shown(feature.kind)}: use Passive, Action or "
                                    "Reaction")
        low, high = LIMITS["countdown"]
        if feature.countdown is not None and not low <= feature.countdown <= high:
            report(f"{key} countdown", f"{feature.countdown} is out of range: {low} to {high}")


LABELS = {"name": "name", "tier": "tier", "type": "type", "difficulty": "Difficulty",
          "major": "Major", "severe": "Severe", "hp": "HP", "stress": "Stress",
          "attack_modifier": "attack", "attack_name": "attack name", "attack_range": "range",
          "damage": "damage", "description": "description", "motives": "motives",
          "experiences": "experiences", "features": "features"}


def differences(a: StatBlock, b: StatBlock) -> list[str]:
    """What differs between two stat blocks, in words: ``["Difficulty", "HP"]``."""
    left, right = a.to_json(), b.to_json()
    return [LABELS.get(key, key) for key in left if left[key] != right.get(key)]
