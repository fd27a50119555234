"""A whole campaign in our format: its party, its notes, and every encounter as it stands.

    "campaign": {"name": ..., "system": KEY, "fear": 3, "note": "...",
                 "session_number": 4, "options": {"massive_damage": true, ...},
                 "party": [{"name": ..., "stats": {...}, "hp_marked": 0, "stress_marked": 0,
                            "armor_marked": 0, "note": "..."}],
                 "encounters": [{...an encounter (encounter_file.py) without its Fear...,
                                 "status": "draft" | "active" | "done", "note": "...",
                                 "summary": {...} | null,
                                 "party_members": [0, null, 1, ...]}]}

``party_members`` says, for each combatant of an encounter, which PC of ``party`` it is (by
place in the list), so marks go back to the roster after an import as before. A PC's stats
are its system's typed sheet, checked against its fields (its object's ``pc_fields``) and
read through its type (``system_values.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as data_field
from typing import TypeGuard

from encounter_app.domain.campaign_rows import STATUS_LABEL, PcRow, Summary
from encounter_app.domain.json_data import JSON, JsonObject
from encounter_app.domain.optional_rules import RuleOptions
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.domain.system_data import EMPTY, Part
from encounter_app.exchange.encounter_file import (
    EncounterFile,
    encounter_json,
    read_encounter_body,
)
from encounter_app.exchange.fields import Fields, entry_name, names, shown
from encounter_app.exchange.native import dumps, envelope
from encounter_app.exchange.problems import Collector, Problem
from encounter_app.exchange.system_values import read_value, write_value
from encounter_app.rules.daggerheart import FEAR_CAP

STATUSES = tuple(STATUS_LABEL)


@dataclass(frozen=True)
class CampaignEncounter:
    """One encounter of a campaign file: the fight, its status, note and summary."""

    encounter: EncounterFile
    status: str = "draft"
    note: str = ""
    summary: Summary | None = None
    party_members: tuple[int | None, ...] = ()  # per combatant: its place in the party


@dataclass(frozen=True)
class CampaignFile:
    """A whole campaign as a file holds it: the party, the note and every encounter."""

    name: str
    system: str  # the rule system's key
    fear: int = 0
    note: str = ""
    session_number: int = 1
    party: tuple[PcRow, ...] = ()
    options: RuleOptions = data_field(default_factory=RuleOptions)  # the SRD's optional rules
    encounters: tuple[CampaignEncounter, ...] = ()


def write_campaign(campaign: CampaignFile) -> str:
    body: JsonObject = {
        "name": campaign.name, "system": campaign.system, "fear": campaign.fear,
        "note": campaign.note, "session_number": campaign.session_number,
        "party": [_pc_json(pc) for pc in campaign.party],
        "encounters": [_encounter_json(e) for e in campaign.encounters],
    }
    if options := campaign.options.to_json():  # only when some rule differs from the default
        body["options"] = options
    return dumps(envelope("campaign", campaign=body))


def _pc_json(pc: PcRow) -> JsonObject:
    return {"name": pc.name, "stats": write_value(pc.stats, Part.STATS),
            "hp_marked": pc.hp_marked, "stress_marked": pc.stress_marked,
            "armor_marked": pc.armor_marked, "note": pc.note}


def _encounter_json(entry: CampaignEncounter) -> JsonObject:
    return encounter_json(entry.encounter) | {
        "status": entry.status, "note": entry.note,
        "summary": None if entry.summary is None else entry.summary.to_json(),
        "party_members": list(entry.party_members)}


def read_campaign(data: JsonObject, problems: list[Problem],
                  systems: Catalog[SystemRules]) -> CampaignFile | None:
    body = data.get("campaign")
    if not isinstance(body, dict):
        problems.append(Problem(None, "", "campaign", f"expected the campaign as an object "
                                                      f"{{…}}, found {shown(body)}"))
        return None
    before = len(problems)
    fields = Fields(body, Collector(problems, None), prefix="campaign ")
    name = fields.text("name", max_length=200)
    key = fields.choice("system", tuple(systems.keys()), systems.first)
    fear = fields.integer("fear", 0, FEAR_CAP, required=False) or 0
    note = fields.text("note", required=False, max_length=100_000)
    session = fields.integer("session_number", 1, 100_000, required=False) or 1
    options = body.get("options", {})
    if not isinstance(options, dict):
        problems.append(Problem(None, "", "campaign options", "expected the optional rules as "
                                                              f"an object {{…}}, found "
                                                              f"{shown(options)}"))
        options = {}  # the file is refused below
    party = tuple(pc for number, item in enumerate(fields.objects("party"), 1)
                  if (pc := _pc(number, item, systems.get(key), problems)) is not None)
    encounters = tuple(
        found for number, item in enumerate(fields.objects("encounters"), 1)
        if (found := _encounter(number, item, key, len(party), problems, systems))
        is not None)
    if len(problems) != before:
        return None
    return CampaignFile(name=name, system=key, fear=fear, note=note, session_number=session,
                        party=party, encounters=encounters,
                        options=RuleOptions.from_json(options))


def _pc(number: int, data: JsonObject, system: SystemRules, problems: list[Problem]
        ) -> PcRow | None:
    note = Collector(problems, number, entry_name(data), "PC")
    fields = Fields(data, note)
    if not isinstance(data.get("stats"), dict):
        note.add("stats", f"expected an object {{…}} of the character's numbers, found "
                          f"{shown(data.get('stats'))}")
        stats = None
    else:
        stats = read_value(data, Part.STATS, system, note)
    row = PcRow(name=fields.text("name", max_length=200), stats=stats or EMPTY,
                hp_marked=fields.count("hp_marked", 999),
                stress_marked=fields.count("stress_marked", 999),
                armor_marked=fields.count("armor_marked", 999),
                note=fields.text("note", required=False, max_length=100_000))
    return None if note.count else row


def _encounter(number: int, data: JsonObject, key: str, party_size: int,
               problems: list[Problem], systems: Catalog[SystemRules]
               ) -> CampaignEncounter | None:
    before = len(problems)
    encounter = read_encounter_body(data, problems, systems, prefix=f"encounter {number} ")
    note = Collector(problems, number, entry_name(data), "encounter")
    fields = Fields(data, note)
    status = fields.choice("status", STATUSES, "draft")
    if encounter is not None and encounter.system != key:
        note.add("system", f"the encounter is for {encounter.system}, the campaign plays {key}")
    summary = _summary(data.get("summary"), note)
    found = data.get("party_members", [])
    fighters = 0 if encounter is None else len(encounter.combatants)
    members: list[int | None] = []
    if _are_places(found, party_size) and len(found) in (0, fighters):
        members = found
    else:
        note.add("party_members", f"expected one PC place (0 to {party_size - 1}) or null per "
                                  f"combatant, found {shown(found)}")
    if len(problems) != before or encounter is None:
        return None
    return CampaignEncounter(
        encounter=encounter, status=status, note=fields.text("note", required=False,
                                                             max_length=100_000),
        summary=summary,
        party_members=tuple(members) or (None,) * fighters)


def _are_places(value: JSON, party_size: int) -> TypeGuard[list[int | None]]:
    """``value`` is a list of places in a party of ``party_size``, or nulls."""
    return isinstance(value, list) and all(
        m is None or (isinstance(m, int) and not isinstance(m, bool) and 0 <= m < party_size)
        for m in value)


def _summary(value: JSON, note: Collector) -> Summary | None:
    """A finished encounter's summary (rounds, Fear, defeated, rolls), or null."""
    if value is None:
        return None
    if not isinstance(value, dict):
        note.add("summary", f"expected the summary's numbers and names, found {shown(value)}")
        return None
    before = note.count
    fields = Fields(value, note, prefix="summary ")
    defeated = names(value.get("defeated", []), note, "summary defeated")
    summary = Summary(rounds=fields.count("rounds", 100_000),
                      fear_gained=fields.count("fear_gained", 1_000_000),
                      fear_spent=fields.count("fear_spent", 1_000_000),
                      defeated=tuple(defeated), rolls=fields.count("rolls", 10_000_000))
    return None if note.count != before else summary
