"""What makes a Daggerheart adversary or environment stat block valid, field by field.

Pure: it reads the plain dict a stat block turns into (``StatBlock.to_json()``) and answers
with one message per bad field, keyed by the field's path ("damage", "features.2.name"), so an
editor can say it at the field and an importer can name the entry and field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeAlias

from encounter_app.rules import dice
from encounter_app.rules.battle_points import ADVERSARY_TYPES

RANGES = ("Melee", "Very Close", "Close", "Far", "Very Far")
FEATURE_KINDS = ("Passive", "Action", "Reaction")
ENVIRONMENT_TYPES = ("Exploration", "Social", "Traversal", "Event")

TIERS = (1, 4)
DIFFICULTY = (1, 40)
THRESHOLD = (1, 99)
HP = (1, 50)
STRESS = (0, 50)
ATTACK_MODIFIER = (-10, 20)
EXPERIENCE_BONUS = (-10, 10)
COUNTDOWN = (1, 99)
HORDE_SIZE = (1, 20)
NAME_LENGTH = 80

# A value of a stat block's dict as ``StatBlock.to_json()`` writes it. The rules may not import
# the domain's JSON alias (domain/json_data.py); this one has its shape, so the checker takes
# either for the other. What the functions here validate may hold anything: they take objects.
Plain: TypeAlias = bool | int | float | str | list["Plain"] | dict[str, "Plain"] | None

_HORDE = re.compile(r"^Horde\s*\(\s*(\d+)\s*/\s*HP\s*\)$", re.IGNORECASE)


def base_type(type_text: str) -> str:
    """The type without its size: "Horde (3/HP)" -> "Horde"."""
    return type_text.split("(")[0].strip()


def horde_size(type_text: str) -> int | None:
    """N of "Horde (N/HP)"; None for any other type."""
    match = _HORDE.match(type_text.strip())
    return int(match.group(1)) if match else None


def type_text(base: str, size: int | None = None) -> str:
    """How a stat block prints its type: "Horde (3/HP)" for a Horde, the bare type otherwise."""
    return f"Horde ({size}/HP)" if base == "Horde" else base


def _in(value: object, bounds: tuple[int, int], what: str) -> str:
    low, high = bounds
    if not isinstance(value, int) or isinstance(value, bool):
        return f"{what} must be a whole number."
    if not low <= value <= high:
        return f"{what} must be from {low} to {high}, not {value}."
    return ""


def _name(value: object, what: str) -> str:
    text = str(value or "").strip()
    if not text:
        return f"Give the {what} a name."
    if len(text) > NAME_LENGTH:
        return f"Keep the {what}'s name to {NAME_LENGTH} characters (it has {len(text)})."
    return ""


def damage_problem(text: str) -> str:
    """Why a standard attack's damage does not read as one, e.g. "1d12+2 phy"; "" if it does."""
    text = text.strip()
    if not text:
        return "Type the damage, e.g. 1d12+2 phy."
    try:
        expression = dice.parse(text)
    except dice.DiceError as exc:
        return f"Damage: {exc}"
    if expression.damage_type is None:
        return f"Say the damage type after the dice: {text} phy or {text} mag."
    if expression.max_total < 1:
        return f"{text} never deals damage: its highest roll is {expression.max_total}."
    return ""


def entries(value: object) -> list[Mapping[str, object]]:
    """The entries of a list of features or experiences; an entry that is not a mapping reads
    as an empty one (so each of its fields is named as missing), a value that is not a list as
    no entries."""
    if not isinstance(value, list | tuple):
        return []
    return [entry if isinstance(entry, Mapping) else {} for entry in value]


def _features(features: object, problems: dict[str, str]) -> None:
    for n, feature in enumerate(entries(features)):
        where = f"features.{n}"
        label = f"Feature {n + 1}"
        problem = _name(feature.get("name"), "feature")
        if problem:
            problems[f"{where}.name"] = f"{label}: {problem}"
        if feature.get("kind") not in FEATURE_KINDS:
            problems[f"{where}.kind"] = (f"{label}: the kind is Passive, Action or Reaction, "
                                         f"not {_short(feature.get('kind'))}.")
        if not str(feature.get("text") or "").strip():
            problems[f"{where}.text"] = f"{label}: say what {feature.get('name') or 'it'} does."
        countdown = feature.get("countdown")
        if countdown is not None:
            problem = _in(countdown, COUNTDOWN, "its countdown")
            if problem:
                problems[f"{where}.countdown"] = f"{label}: {problem}"


def _short(value: object) -> str:
    """A typed value quoted in a problem, cut to one line's worth."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def adversary_problems(block: Mapping[str, object]) -> dict[str, str]:
    """Every problem of an adversary stat block, by field; empty when it is valid."""
    problems: dict[str, str] = {}

    def check(field: str, message: str) -> None:
        if message and field not in problems:
            problems[field] = message

    check("name", _name(block.get("name"), "adversary"))
    check("tier", _in(block.get("tier"), TIERS, "The tier"))
    kind = str(block.get("type") or "")
    base = base_type(kind)
    if base not in ADVERSARY_TYPES:
        check("type", f"The type is one of {', '.join(ADVERSARY_TYPES)}, not {_short(kind)}.")
    elif base == "Horde":
        size = horde_size(kind)
        if size is None:
            check("type", f"A Horde says how many it has per HP: Horde (3/HP), not {_short(kind)}.")
        else:
            check("type", _in(size, HORDE_SIZE, "A Horde's size per HP"))
    check("difficulty", _in(block.get("difficulty"), DIFFICULTY, "Difficulty"))
    major, severe = block.get("major"), block.get("severe")
    if base == "Minion":
        if major is not None or severe is not None:
            check("major", "Minions have no damage thresholds: any damage defeats them.")
    else:
        check("major", "Give the Major threshold." if major is None
              else _in(major, THRESHOLD, "The Major threshold"))
        check("severe", "Give the Severe threshold." if severe is None
              else _in(severe, THRESHOLD, "The Severe threshold"))
        # Neither has a problem, so both are whole numbers; isinstance says so to the checker.
        if ("major" not in problems and "severe" not in problems
                and isinstance(major, int) and isinstance(severe, int) and major >= severe):
            check("severe", f"Severe ({severe}) must be above Major ({major}).")
    check("hp", _in(block.get("hp"), HP, "HP"))
    check("stress", _in(block.get("stress"), STRESS, "Stress"))
    check("attack_modifier", _in(block.get("attack_modifier"), ATTACK_MODIFIER,
                                 "The attack modifier"))
    check("attack_name", _name(block.get("attack_name"), "standard attack"))
    if block.get("attack_range") not in RANGES:
        check("attack_range", f"The range is one of {', '.join(RANGES)}, "
                              f"not {_short(block.get('attack_range'))}.")
    check("damage", damage_problem(str(block.get("damage") or "")))
    seen: set[str] = set()
    for n, experience in enumerate(entries(block.get("experiences"))):
        label = f"Experience {n + 1}"
        name = str(experience.get("name") or "").strip()
        problem = _name(name, "experience")
        if not problem and name.casefold() in seen:
            problem = f"{name} is listed twice."
        seen.add(name.casefold())
        check(f"experiences.{n}.name", f"{label}: {problem}" if problem else "")
        problem = _in(experience.get("bonus"), EXPERIENCE_BONUS, "its bonus")
        check(f"experiences.{n}.bonus", f"{label}: {problem}" if problem else "")
    _features(block.get("features"), problems)
    return problems


def environment_problems(block: Mapping[str, object]) -> dict[str, str]:
    """Every problem of an environment stat block, by field; empty when it is valid."""
    problems: dict[str, str] = {}
    for field, message in (
        ("name", _name(block.get("name"), "environment")),
        ("tier", _in(block.get("tier"), TIERS, "The tier")),
        ("type", "" if block.get("type") in ENVIRONMENT_TYPES else
         f"The type is one of {', '.join(ENVIRONMENT_TYPES)}, not {_short(block.get('type'))}."),
        ("difficulty", _in(block.get("difficulty"), DIFFICULTY, "Difficulty")),
    ):
        if message:
            problems[field] = message
    _features(block.get("features"), problems)
    return problems
