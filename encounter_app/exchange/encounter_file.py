"""An encounter in our format: the fight as it stands (combatants with their marks, countdowns,
whose spotlight, the round) and the campaign's Fear, so importing it sets the table up again.

    "encounter": {"name": ..., "system": KEY, "round": 1, "active": 0 | null,
                  "scene_intensity": "standard", "seed": null, "fear": 4,
                  "system_state": {...}, "combatants": [...], "countdowns": [...]}

``active`` is the position of the combatant in the spotlight. Ids are not written: the
database gives new ones on import. A countdown's ``link`` is a pair number, kept as it is.
The encounter's ``system_state`` and each combatant's ``system_stats`` and ``system_state`` are
the system's typed values (``system_values.py``): read through its types, each wrong value a
problem naming its combatant and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from encounter_app.domain.json_data import JSON, JsonObject
from encounter_app.domain.rows import (
    COUNTDOWN_LIMIT,
    CombatantKind,
    CombatantRow,
    CountdownRow,
    EnvironmentBlock,
)
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.domain.system_data import EMPTY, Part, SystemData
from encounter_app.exchange.fields import Fields, entry_name, names, or_zero, shown
from encounter_app.exchange.native import dumps, envelope, read_feature, read_stat_block
from encounter_app.exchange.problems import Collector, Problem
from encounter_app.exchange.system_values import STATE_LIMIT, read_value, write_value
from encounter_app.rules import dice
from encounter_app.rules.daggerheart import FEAR_CAP, CountdownKind, LoopMode, SceneIntensity
from encounter_app.rules.stat_blocks import environment_problems

COMBATANT_KINDS: tuple[CombatantKind, ...] = ("pc", "adversary", "npc")
INTENSITIES = tuple(member.name.lower() for member in SceneIntensity)
COUNTDOWN_KINDS = tuple(member.value for member in CountdownKind)
LOOPS = tuple(member.value for member in LoopMode)
TRIGGERS = ("action", "pc_miss", "manual")
WHOLE = (-STATE_LIMIT, STATE_LIMIT)  # a number whose range the editor's checks then say


@dataclass(frozen=True)
class EncounterFile:
    """An encounter read from, or to be written to, a file of ours."""

    name: str
    system: str  # the rule system's key
    round: int = 1
    active: int | None = None  # position in ``combatants``
    scene_intensity: str = "standard"
    seed: int | None = None
    fear: int | None = None  # the campaign's Fear pool; None leaves it as it is
    combatants: tuple[CombatantRow, ...] = ()
    countdowns: tuple[CountdownRow, ...] = ()
    environment: EnvironmentBlock | None = None  # where the fight is (Daggerheart)
    system_state: SystemData = EMPTY  # the fight's turn state in its system


def write_encounter(encounter: EncounterFile) -> str:
    return dumps(envelope("encounter", encounter=encounter_json(encounter)))


def encounter_json(encounter: EncounterFile) -> JsonObject:
    """The encounter's object, as an encounter file and a campaign file hold it."""
    return {
        "name": encounter.name,
        "system": encounter.system,
        "round": encounter.round,
        "active": encounter.active,
        "scene_intensity": encounter.scene_intensity,
        "seed": encounter.seed,
        "fear": encounter.fear,
        "system_state": write_value(encounter.system_state, Part.ENCOUNTER_STATE),
        "combatants": [_combatant_json(row) for row in encounter.combatants],
        "countdowns": [_countdown_json(row) for row in encounter.countdowns],
        "environment": (None if encounter.environment is None
                        else encounter.environment.to_json()),
    }


def _combatant_json(row: CombatantRow) -> JsonObject:
    return {"kind": row.kind, "name": row.name, "evasion": row.evasion, "hp_max": row.hp_max,
            "hp_marked": row.hp_marked, "stress_max": row.stress_max,
            "stress_marked": row.stress_marked, "conditions": list(row.conditions),
            "hidden": row.hidden, "slow_tokens": row.slow_tokens,
            "spotlights": row.spotlights,
            "stats": None if row.stats is None else row.stats.to_json(),
            "notes": row.notes,
            "system_stats": write_value(row.system_stats, Part.COMBATANT_STATS),
            "system_state": write_value(row.system_state, Part.COMBATANT_STATE)}


def _countdown_json(row: CountdownRow) -> JsonObject:
    return {"name": row.name, "start": row.start, "value": row.value, "kind": row.kind,
            "loop": row.loop, "long_term": row.long_term, "trigger": row.trigger,
            "dice": row.dice, "link": row.link, "loops": row.loops, "visible": row.visible}


def read_encounter(data: JsonObject, problems: list[Problem],
                   systems: Catalog[SystemRules]) -> EncounterFile | None:
    body = data.get("encounter")
    if not isinstance(body, dict):
        problems.append(Problem(None, "", "encounter",
                                f"expected the encounter as an object {{…}}, found "
                                f"{shown(body)}"))
        return None
    return read_encounter_body(body, problems, systems)


def read_encounter_body(body: JsonObject, problems: list[Problem],
                        systems: Catalog[SystemRules], *,
                        prefix: str = "encounter ") -> EncounterFile | None:
    """An encounter's object; None, with every problem noted, when anything is wrong."""
    before = len(problems)
    fields = Fields(body, Collector(problems, None), prefix=prefix)
    name = fields.text("name", max_length=200)
    system = fields.choice("system", tuple(systems.keys()), systems.first)
    rules = systems.get(system)
    # 0 is a round too: Ruins & Raiders' round zero, an ambush before the initiative roll.
    round_ = fields.integer("round", 0, 10_000)
    active = fields.integer("active", 0, 100_000, required=False)
    intensity = fields.choice("scene_intensity", INTENSITIES, "standard")
    seed = fields.integer("seed", -(2**63), 2**63 - 1, required=False)
    fear = fields.integer("fear", 0, FEAR_CAP, required=False)
    state = read_value(body, Part.ENCOUNTER_STATE, rules, fields.note, prefix=prefix)
    combatants = tuple(
        row for number, item in enumerate(fields.objects("combatants"), 1)
        if (row := _combatant(number, item, rules, problems)) is not None)
    countdowns = tuple(
        countdown for number, item in enumerate(fields.objects("countdowns"), 1)
        if (countdown := _countdown(number, item, problems)) is not None)
    if len(problems) == before and active is not None and active >= len(combatants):
        fields.note.add(f"{prefix}active", f"points at combatant {active + 1}, but there "
                                            f"are {len(combatants)}")
    environment = _environment(body.get("environment"), fields)
    if len(problems) != before or state is None:
        return None
    assert round_ is not None, "a missing or bad round is a problem noted"
    return EncounterFile(name=name, system=system, round=round_, active=active,
                         scene_intensity=intensity, seed=seed, fear=fear,
                         combatants=combatants, countdowns=countdowns, environment=environment,
                         system_state=state)


def _environment(value: JSON, fields: Fields) -> EnvironmentBlock | None:
    """The environment stat block, checked as the editor checks it, or null."""
    if value is None:
        return None
    where = fields.where("environment")
    if not isinstance(value, dict):
        fields.note.add(where, f"expected an environment stat block or null, found "
                               f"{shown(value)}")
        return None
    # Each value of the type it must be first, then the editor's checks of what they say.
    before = fields.note.count
    place = Fields(value, fields.note, prefix=f"{where} ")
    block = EnvironmentBlock(
        name=place.text("name", required=False, max_length=200),
        tier=or_zero(place.integer("tier", *WHOLE, required=False)),
        type=place.text("type", required=False),
        difficulty=or_zero(place.integer("difficulty", *WHOLE, required=False)),
        description=place.text("description", required=False, max_length=100_000),
        impulses=place.text("impulses", required=False, max_length=100_000),
        potential_adversaries=place.text("potential_adversaries", required=False,
                                         max_length=100_000),
        features=tuple(read_feature(number, item, fields.note, f"{where} ")
                       for number, item in enumerate(place.objects("features"), 1)))
    if fields.note.count != before:
        return None
    for field, message in environment_problems(block.to_json()).items():
        fields.note.add(f"{where} {field}", message)
    return None if fields.note.count != before else block


def _combatant(number: int, data: JsonObject, system: SystemRules,
               problems: list[Problem]) -> CombatantRow | None:
    note = Collector(problems, number, entry_name(data), "combatant")
    fields = Fields(data, note)
    kind = fields.choice("kind", COMBATANT_KINDS, "adversary")
    # Only kind and name must be there: a hand-written file may leave the rest at nothing.
    hp_max = fields.count("hp_max", 999)
    stress_max = fields.count("stress_max", 999)
    conditions = names(data.get("conditions", []), note, "conditions")
    stats = None
    block = data.get("stats")
    if isinstance(block, dict):
        stats = read_stat_block(block, note, prefix="stats ")
    elif block is not None:
        note.add("stats", f"expected a stat block or null, found {shown(block)}")
    row = CombatantRow(
        kind=kind, name=fields.text("name", max_length=200),
        evasion=fields.integer("evasion", 0, 99, required=False),
        hp_max=hp_max, hp_marked=fields.count("hp_marked", hp_max),
        stress_max=stress_max,
        stress_marked=fields.count("stress_marked", stress_max),
        conditions=tuple(conditions), hidden=fields.boolean("hidden"),
        stats=stats, slow_tokens=fields.count("slow_tokens", 9),
        spotlights=fields.count("spotlights", 99),
        notes=fields.text("notes", required=False, max_length=100_000),
        system_stats=read_value(data, Part.COMBATANT_STATS, system, note) or EMPTY,
        system_state=read_value(data, Part.COMBATANT_STATE, system, note) or EMPTY)
    return None if note.count else row


def _is_dice(value: JSON) -> TypeGuard[str]:
    if not isinstance(value, str):
        return False
    try:
        dice.parse(value)
    except dice.DiceError:
        return False
    return True


def _countdown(number: int, data: JsonObject, problems: list[Problem]
               ) -> CountdownRow | None:
    note = Collector(problems, number, entry_name(data), "countdown")
    fields = Fields(data, note)
    # From 1 (the rules' Countdown) up to what an increasing loop can reach, down to 0.
    given = fields.integer("start", 1, COUNTDOWN_LIMIT)
    start = given or 1
    found = data.get("dice")
    start_dice = None
    if _is_dice(found):
        start_dice = found
    elif found is not None:
        note.add("dice", f"expected dice such as '1d6' or null, found {shown(found)}")
    value = fields.integer("value", 0, COUNTDOWN_LIMIT if given is None else given,
                           required=False)
    row = CountdownRow(
        name=fields.text("name", max_length=200), start=start,
        value=start if value is None else value,
        kind=fields.choice("kind", COUNTDOWN_KINDS, "standard"),
        loop=fields.choice("loop", LOOPS, "none"),
        long_term=fields.boolean("long_term"),
        trigger=fields.choice("trigger", TRIGGERS, "action"),
        dice=start_dice, link=fields.integer("link", -(2**31), 2**31, required=False),
        loops=fields.count("loops", 100_000), visible=fields.boolean("visible"))
    return None if note.count else row
