"""Our own file format: versioned JSON that keeps a stat block exactly as the library holds it.

    {"format": "encounter-manager", "version": 1, "kind": "adversaries",
     "adversaries": [<stat block>, ...]}
    {"format": "encounter-manager", "version": 1, "kind": "encounter",
     "encounter": {...}}  (see encounter_file.py)

A stat block is ``StatBlock.to_json()``; a feature the GM corrected carries its ``"reading"``
(domain/feature_readings.py), checked here as every field is. Reading is strict (a number
must be a JSON number), so what one version writes the same version reads back equal, field
for field. A newer version is refused with a message saying so; older versions will be read
by this module.
The sample library (resources/sample_adversaries.json) uses the first draft of the envelope,
``"format": "encounter-manager-adversaries"``, which reads the same.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from encounter_app.domain.feature_readings import CHOICES, FLAGS, LIMITS
from encounter_app.domain.json_data import JSON, JsonObject
from encounter_app.domain.rows import Experience, Feature, StatBlock
from encounter_app.exchange import statblock
from encounter_app.exchange.fields import (
    Fields,
    Progress,
    entry_name,
    names,
    or_zero,
    read_entries,
    short_name,
    shown,
)
from encounter_app.exchange.problems import Collector, Problem
from encounter_app.rules import dice
from encounter_app.rules.daggerheart import FeatureAction

FORMAT = "encounter-manager"
DRAFT_FORMAT = "encounter-manager-adversaries"
VERSION = 1
KINDS = ("adversaries", "encounter", "campaign")



def envelope(kind: str, **body: JSON) -> JsonObject:
    return {"format": FORMAT, "version": VERSION, "kind": kind, **body}


def dumps(data: JsonObject) -> str:
    # Readable in a text editor and in a diff; non-ASCII (’ — é) kept as it is.
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def write_adversaries(blocks: Iterable[StatBlock]) -> str:
    return dumps(envelope("adversaries", adversaries=[b.to_json() for b in blocks]))


def check_envelope(data: JsonObject, problems: list[Problem]) -> str | None:
    """The kind of a file of ours ("adversaries", "encounter" or "campaign"), or None with the
    problems."""
    note = Collector(problems, None)
    if data.get("format") == DRAFT_FORMAT:
        data = {**data, "kind": "adversaries"}
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        note.add("version", f"expected a format version such as {VERSION}, found "
                            f"{shown(version)}")
        return None
    if version > VERSION:
        note.add("version", f"the file is format version {version}, written by a newer "
                            f"Encounter Manager; this one reads up to version {VERSION}. "
                            "Update the program to import it")
        return None
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        note.add("kind", f"expected {' or '.join(map(repr, KINDS))}, found {shown(kind)}")
        return None
    return kind


def read_adversaries(data: JsonObject, problems: list[Problem],
                     progress: Progress | None = None) -> list[StatBlock]:
    entries = data.get("adversaries")
    if not isinstance(entries, list):
        problems.append(Problem(None, "", "adversaries",
                                f"expected a list of stat blocks, found {shown(entries)}"))
        return []
    return read_entries(entries, problems, lambda number, entry: read_stat_block(
        entry, Collector(problems, number, entry_name(entry))), progress)


def read_stat_block(entry: JsonObject, note: Collector, prefix: str = ""
                    ) -> StatBlock | None:
    """A stat block as ``StatBlock.to_json`` writes it; None with the problems noted."""
    fields = Fields(entry, note, prefix=prefix)
    before = note.count
    stats = StatBlock(
        name=fields.text("name", max_length=200),
        tier=or_zero(fields.integer("tier", *statblock.LIMITS["tier"])),
        type=fields.text("type"),
        difficulty=or_zero(fields.integer("difficulty", *statblock.LIMITS["difficulty"])),
        major=fields.integer("major", *statblock.LIMITS["threshold"], required=False),
        severe=fields.integer("severe", *statblock.LIMITS["threshold"], required=False),
        hp=or_zero(fields.integer("hp", *statblock.LIMITS["hp"])),
        stress=or_zero(fields.integer("stress", *statblock.LIMITS["stress"])),
        attack_modifier=or_zero(fields.integer("attack_modifier",
                                             *statblock.LIMITS["attack_modifier"])),
        attack_name=fields.text("attack_name"),
        attack_range=fields.text("attack_range"),
        damage=fields.text("damage"),
        description=fields.text("description", required=False),
        motives=fields.text("motives", required=False),
        experiences=tuple(_experience(n, e, note, prefix)
                          for n, e in enumerate(fields.objects("experiences"), 1)),
        features=tuple(read_feature(n, f, note, prefix)
                       for n, f in enumerate(fields.objects("features"), 1)),
    )
    statblock.check(stats, note, {k: f"{prefix}{k}" for k in _FIELDS})
    return stats if note.count == before else None


_FIELDS = ("name", "tier", "type", "difficulty", "major", "severe", "hp", "stress",
           "attack_modifier", "attack_name", "attack_range", "damage", "experiences",
           "features")



def _experience(number: int, data: JsonObject, note: Collector, prefix: str) -> Experience:
    fields = Fields(data, note, prefix=f"{prefix}experiences {number} ")
    return Experience(fields.text("name"),
                      or_zero(fields.integer("bonus", *statblock.LIMITS["experience"])))


def read_feature(number: int, data: JsonObject, note: Collector, prefix: str) -> Feature:
    """Feature ``number`` (from 1) of a stat block, an adversary's or an environment's."""
    name = data.get("name")
    named = f" ({short_name(name)})" if isinstance(name, str) and name else ""
    fields = Fields(data, note, prefix=f"{prefix}features {number}{named} ")
    name = fields.text("name")
    text = fields.text("kind")
    kind = statblock.feature_kind(text)
    if text and kind is None:
        note.add(fields.where("kind"), f"unknown kind {shown(text)}: use Passive, Action or "
                                       "Reaction")
    return Feature(name=name, kind=kind or "Passive", text=fields.text("text", required=False),
                   fear=fields.boolean("fear"),
                   countdown=fields.integer("countdown", *statblock.LIMITS["countdown"],
                                            required=False),
                   reading=_reading(data.get("reading"), fields))


def _reading(value: JSON, fields: Fields) -> FeatureAction | None:
    """A feature's ``"reading"``, the GM's correction of what its text was read as: None when
    there is none, or with its problems noted (the feature's entry is then refused)."""
    if value is None:
        return None
    where = fields.where("reading")
    if not isinstance(value, dict):
        fields.note.add(where, f"expected a reading {{…}} or null, found {shown(value)}")
        return None
    place = Fields(value, fields.note, prefix=f"{where} ")

    def named(key: str) -> str | None:
        found = value.get(key)
        if found is None or found in CHOICES[key]:
            return None if found is None else str(found)
        place.note.add(place.where(key), f"expected one of {', '.join(CHOICES[key])}, found "
                                         f"{shown(found)}")
        return None

    def count(key: str) -> int:
        low, high = LIMITS[key]
        return place.count(key, high, low)

    conditions = names(value.get("conditions", []), place.note, place.where("conditions"))
    for number, condition in enumerate(conditions, 1):
        if condition not in CHOICES["conditions"]:
            place.note.add(f"{place.where('conditions')} {number}",
                           f"expected one of {', '.join(CHOICES['conditions'])}, found "
                           f"{shown(condition)}")
    damage = place.text("damage", required=False, max_length=200) or None
    if damage is not None:
        try:
            dice.parse(damage)
        except dice.DiceError as exc:
            place.note.add(place.where("damage"), str(exc))
    return FeatureAction(
        **{flag: place.boolean(flag) for flag in FLAGS},
        range=named("range"), damage=damage,
        cost_stress=count("cost_stress"),
        cost_fear=count("cost_fear"),
        target_stress=count("target_stress"),
        conditions=frozenset(c for c in conditions if c in CHOICES["conditions"]),
        reaction_roll=named("reaction_roll"),
        reaction_difficulty=place.integer("reaction_difficulty", *LIMITS["reaction_difficulty"],
                                          required=False))
