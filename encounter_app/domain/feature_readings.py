"""A feature's reading as JSON: the GM's correction of what its text was read as
(``rules.daggerheart.FeatureAction``), kept beside the text in a stat block's JSON, in the store
and in the program's own files.

Written with the action's own field names (the row checks read the shape from its annotations),
the conditions as a sorted list. Read back as ``json_fields`` reads a row: forgiving of form (a
number as text, a field left out is nothing), strict about kind (a TypeError) and about what
the rules know (a ValueError: a range, a trait or a condition they do not name, a cost below
nothing). The limits of its numbers are stated here, once: the store's checks, the import and
the editor use them.
"""

from __future__ import annotations

from encounter_app.domain.json_data import JSON, JsonObject, entries, json_object, shown, whole
from encounter_app.rules.daggerheart import FEAR_CAP
from encounter_app.rules.daggerheart_features import (
    CONDITIONS,
    RANGES,
    TRAITS,
    FeatureAction,
)

#: An action that does nothing: what a feature whose text reads as nothing shows, and what a
#: correction starts from.
NOTHING = FeatureAction(attack=False, standard=False, range=None, all_targets=False,
                        damage=None, direct=False, advantage=False, cost_stress=0, cost_fear=0,
                        target_stress=0, armor_slot=False, conditions=frozenset(),
                        reaction_roll=None, reaction_difficulty=None, half_on_success=False)

#: The numbers a reading may hold: a Stress cost or mark within a stat block's Stress, a Fear
#: cost within the GM's pool, a Reaction Roll's Difficulty as a stat block's (an import's).
LIMITS: dict[str, tuple[int, int]] = {
    "cost_stress": (0, 99), "cost_fear": (0, FEAR_CAP), "target_stress": (0, 99),
    "reaction_difficulty": (1, 50),
}
FLAGS = ("attack", "standard", "all_targets", "direct", "advantage", "armor_slot",
         "half_on_success")
#: The texts a reading may name, by field.
CHOICES: dict[str, tuple[str, ...]] = {"range": RANGES, "reaction_roll": TRAITS,
                                       "conditions": CONDITIONS}


def reading_json(action: FeatureAction) -> JsonObject:
    """``action`` as a feature's ``"reading"``."""
    return {"attack": action.attack, "standard": action.standard, "range": action.range,
            "all_targets": action.all_targets, "damage": action.damage,
            "direct": action.direct, "advantage": action.advantage,
            "cost_stress": action.cost_stress, "cost_fear": action.cost_fear,
            "target_stress": action.target_stress, "armor_slot": action.armor_slot,
            "conditions": list[JSON](sorted(action.conditions)),
            "reaction_roll": action.reaction_roll,
            "reaction_difficulty": action.reaction_difficulty,
            "half_on_success": action.half_on_success}


def read_reading(data: object) -> FeatureAction:
    """A feature's ``"reading"`` as ``reading_json`` writes it. TypeError for a value of the
    wrong kind, ValueError for one the rules do not know; each names its field."""
    found = json_object(data)
    flags = {name: _flag(name, found.get(name, False)) for name in FLAGS}
    damage = found.get("damage")
    if damage is not None and not isinstance(damage, str):
        raise TypeError(f"damage: expected text, found {shown(damage)}")
    difficulty = found.get("reaction_difficulty")
    return FeatureAction(
        **flags,
        range=_choice("range", found.get("range")),
        damage=damage,
        cost_stress=_number("cost_stress", found.get("cost_stress", 0)),
        cost_fear=_number("cost_fear", found.get("cost_fear", 0)),
        target_stress=_number("target_stress", found.get("target_stress", 0)),
        conditions=frozenset(_named("conditions", name)
                             for name in entries(found.get("conditions", ()))),
        reaction_roll=_choice("reaction_roll", found.get("reaction_roll")),
        reaction_difficulty=(None if difficulty is None
                             else _number("reaction_difficulty", difficulty)),
    )


def _flag(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise TypeError(f"{name}: expected true or false, found {shown(value)}")


def _number(name: str, value: object) -> int:
    try:
        number = whole(value)
    except TypeError as exc:
        raise TypeError(f"{name}: {exc}") from None
    except ValueError:
        raise ValueError(f"{name}: expected a whole number, found {shown(value)}") from None
    low, high = LIMITS[name]
    if not low <= number <= high:
        raise ValueError(f"{name}: {number} is out of range: {low} to {high}")
    return number


def _choice(name: str, value: object) -> str | None:
    return None if value is None else _named(name, value)


def _named(name: str, value: object) -> str:
    for choice in CHOICES[name]:
        if value == choice:
            return choice
    raise ValueError(f"{name}: expected one of {', '.join(CHOICES[name])}, found "
                     f"{shown(value)}")
