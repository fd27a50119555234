"""Plain, frozen copies of what the store holds: what crosses from the store to everyone else.

ORM objects stay inside the store: they are bound to a session and a thread. These rows are
immutable values, safe to keep in an undo command, to send across threads and to compare.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Literal, Protocol

from encounter_app.domain.feature_readings import read_reading, reading_json
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.json_data import JsonObject, entries, json_object, whole
from encounter_app.domain.optional_rules import RuleOptions
from encounter_app.domain.system_data import EMPTY, SystemData
from encounter_app.rules.daggerheart_features import FeatureAction, feature_action

CombatantKind = Literal["pc", "adversary", "npc"]
FeatureKind = Literal["Passive", "Action", "Reaction"]


class HasId(Protocol):
    """A row with an id, None until the row is stored (a property: the rows are frozen)."""

    @property
    def id(self) -> int | None: ...


def stored_id(row: HasId) -> int:
    """The id of a row read from the store, or written to it: there it always has one."""
    assert row.id is not None, f"{row!r} was never stored"
    return row.id


@fields_repr
@dataclass(frozen=True, repr=False)
class Experience:
    """An adversary's Experience: a name and its bonus."""

    name: str
    bonus: int

    def __str__(self) -> str:
        return f"{self.name} {self.bonus:+d}"


@fields_repr
@dataclass(frozen=True, repr=False)
class Feature:
    """A stat block's feature: Passive, Action or Reaction, maybe costing Fear or counting down."""

    name: str
    kind: FeatureKind
    text: str
    fear: bool = False  # a Fear feature: using it costs the GM a Fear
    countdown: int | None = None  # a feature with its own countdown, e.g. "Countdown (4)"
    reading: FeatureAction | None = None  # the GM's correction of what the text was read as

    @property
    def action(self) -> FeatureAction | None:
        """What using the feature does: the GM's corrected reading, else its text's
        (``rules.daggerheart.feature_action``); None when it neither rolls nor deals damage.
        The text stays the truth: a correction is kept beside it, never written into it."""
        return self.reading if self.reading is not None else _read(self.text)

    def to_json(self) -> JsonObject:
        data: JsonObject = {"name": self.name, "kind": self.kind, "text": self.text,
                            "fear": self.fear, "countdown": self.countdown}
        if self.reading is not None:  # only a correction: a feature without one is as it was
            data["reading"] = reading_json(self.reading)
        return data

    @classmethod
    def from_json(cls, data: object) -> Feature:
        found = json_object(data)
        countdown, reading = found.get("countdown"), found.get("reading")
        return cls(str(found["name"]), feature_kind(found.get("kind", "Passive")),
                   str(found.get("text", "")), bool(found.get("fear", False)),
                   None if countdown is None else whole(countdown),
                   None if reading is None else read_reading(reading))


@lru_cache(maxsize=4096)
def _read(text: str) -> FeatureAction | None:
    return feature_action(text)  # a card repaints often; a text is read once


def feature_kind(value: object) -> FeatureKind:
    """``value`` as a feature's kind; ValueError if it is none of the three."""
    if value == "Action":
        return "Action"
    if value == "Reaction":
        return "Reaction"
    if value == "Passive":
        return "Passive"
    raise ValueError(f"{value!r} is not a feature's kind (Passive, Action or Reaction)")


@fields_repr
@dataclass(frozen=True, repr=False)
class StatBlock:
    """A Daggerheart adversary stat block (see shared/rules/NOTES.md)."""

    name: str
    tier: int
    type: str
    difficulty: int
    major: int | None
    severe: int | None
    hp: int
    stress: int
    attack_modifier: int
    attack_name: str
    attack_range: str
    damage: str
    description: str = ""
    motives: str = ""
    experiences: tuple[Experience, ...] = ()
    features: tuple[Feature, ...] = ()

    def to_json(self) -> JsonObject:
        return {
            "name": self.name,
            "tier": self.tier,
            "type": self.type,
            "difficulty": self.difficulty,
            "major": self.major,
            "severe": self.severe,
            "hp": self.hp,
            "stress": self.stress,
            "attack_modifier": self.attack_modifier,
            "attack_name": self.attack_name,
            "attack_range": self.attack_range,
            "damage": self.damage,
            "description": self.description,
            "motives": self.motives,
            "experiences": [{"name": e.name, "bonus": e.bonus} for e in self.experiences],
            "features": [f.to_json() for f in self.features],
        }

    @classmethod
    def from_json(cls, data: object) -> StatBlock:
        found = json_object(data)
        major, severe = found.get("major"), found.get("severe")
        return cls(
            name=str(found["name"]),
            tier=whole(found["tier"]),
            type=str(found["type"]),
            difficulty=whole(found["difficulty"]),
            major=None if major is None else whole(major),
            severe=None if severe is None else whole(severe),
            hp=whole(found["hp"]),
            stress=whole(found["stress"]),
            attack_modifier=whole(found["attack_modifier"]),
            attack_name=str(found.get("attack_name", "")),
            attack_range=str(found.get("attack_range", "")),
            damage=str(found["damage"]),
            description=str(found.get("description", "")),
            motives=str(found.get("motives", "")),
            experiences=tuple(_experience(e) for e in entries(found.get("experiences", ()))),
            features=tuple(Feature.from_json(f) for f in entries(found.get("features", ()))),
        )


def _experience(data: object) -> Experience:
    found = json_object(data)
    return Experience(str(found["name"]), whole(found["bonus"]))


@fields_repr
@dataclass(frozen=True, repr=False)
class TemplateRow:
    """A stat block in the adversary library."""

    id: int | None
    stats: StatBlock
    source: str = "sample"


@fields_repr
@dataclass(frozen=True, repr=False)
class CampaignRow:
    """A campaign: its rule system, its party size, its Fear and the GM's note."""

    id: int | None  # None until stored, as every row's
    name: str
    system: str
    party_size: int
    fear: int
    archived: bool = False
    note: str = ""
    session_number: int = 1
    # the SRD's optional rules it plays with
    options: RuleOptions = field(default_factory=RuleOptions)


@fields_repr
@dataclass(frozen=True, repr=False)
class EncounterRow:
    """An encounter of a campaign: its round, whose spotlight it is, its scene and dice seed."""

    id: int
    campaign_id: int
    name: str
    round: int
    active_combatant_id: int | None
    scene_intensity: str
    seed: int | None
    # The fight's turn state in the campaign's system (round zero, who was attacked...): one of
    # its typed classes (domain/system_data.py).
    system_state: SystemData = EMPTY


@fields_repr
@dataclass(frozen=True, repr=False)
class CombatantRow:
    """One entry of the initiative / spotlight order. ``id`` is None until it is stored."""

    kind: CombatantKind
    name: str
    id: int | None = None
    evasion: int | None = None
    hp_max: int = 0
    hp_marked: int = 0
    stress_max: int = 0
    stress_marked: int = 0
    conditions: tuple[str, ...] = ()
    hidden: bool = False
    stats: StatBlock | None = None
    slow_tokens: int = 0
    spotlights: int = 0  # taken this GM turn
    pc_id: int | None = None  # the roster PC it is (see store/campaigns.py); marks go back to it
    notes: str = ""  # the GM's notes, never shown to players
    # The campaign's system's typed numbers (domain/system_data.py): the character's sheet
    # (a card table's; a Daggerheart combatant keeps its own in the columns above) and what
    # changes in play (Action Points left, initiative, a tracked PC's Hope...).
    system_stats: SystemData = EMPTY
    system_state: SystemData = EMPTY

    @property
    def defeated(self) -> bool:
        """An adversary with every HP marked is out of the fight."""
        return self.kind != "pc" and self.hp_max > 0 and self.hp_marked >= self.hp_max


#: The highest start a countdown can reach: an increasing loop raises it by one each time it
#: fires, past the 99 a GM can give it (countdown_steps.MAX_START).
COUNTDOWN_LIMIT = 999


@fields_repr
@dataclass(frozen=True, repr=False)
class CountdownRow:
    """A countdown of the fight: where it started, where it is, how it ticks and loops."""

    name: str
    start: int
    value: int
    id: int | None = None
    kind: str = "standard"
    loop: str = "none"
    long_term: bool = False
    trigger: str = "action"
    dice: str | None = None
    link: int | None = None
    loops: int = 0
    visible: bool = False  # shown on the player display

    @property
    def triggered(self) -> bool:
        return not self.damaged and self.value <= 0

    @property
    def damaged(self) -> bool:
        """Numbers the program never writes (a row changed behind its back, which the checks at
        opening missed): the countdown is shown as damaged, never painted as pips or ticked."""
        numbers = (self.start, self.value, self.loops)
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
            return True
        return not (1 <= self.start <= COUNTDOWN_LIMIT and 0 <= self.value <= self.start
                    and self.loops >= 0)


@fields_repr
@dataclass(frozen=True, repr=False)
class FearEventRow:
    """A Fear ledger line: ``change`` is + for a gain, - for a spend; ``value`` the pool after."""

    change: int
    value: int
    reason: str
    note: str = ""
    encounter_id: int | None = None
    id: int | None = None
    created_at: datetime | None = None


#: The kinds of the fight's event log (``FightEventRow``), as the store keeps them.
EVENT_KINDS = ("turn", "round", "defeated", "hidden", "shown", "left", "countdown_started",
               "countdown_triggered", "countdown_shown", "countdown_hidden", "rest")


@fields_repr
@dataclass(frozen=True, repr=False)
class FightEventRow:
    """A line of the fight's event log: what happened (``kind``, one of EVENT_KINDS), to whom
    (a combatant's or a countdown's id and name), in which round and game session, by whom
    where known (a defeat), and whether the players could see it then (``visible``)."""

    kind: str
    name: str = ""
    combatant_id: int | None = None
    countdown_id: int | None = None
    what: str = ""
    by: str = ""
    by_id: int | None = None
    visible: bool = False
    round: int = 0
    session_number: int = 1
    encounter_id: int | None = None
    id: int | None = None
    created_at: datetime | None = None


#: The kind of a roll-log line the store could not read (a value the program never writes):
#: shown as damaged, never read back, played or shown to the players.
DAMAGED_ROLL = "damaged"


@fields_repr
@dataclass(frozen=True, repr=False)
class RollRow:
    """A roll-log line. ``payload``: what its words were made from, as JSON, read back as a
    typed value by its kind's decoder (domain/logged.py)."""

    kind: str
    summary: str
    detail: str = ""
    actor: str = ""
    id: int | None = None
    created_at: datetime | None = None
    payload: JsonObject = field(default_factory=dict, compare=False)
    public: bool = False  # shown on the player display

    @property
    def damaged(self) -> bool:
        """A line the store could not read: its words say so, and nothing else is in it."""
        return self.kind == DAMAGED_ROLL


def damaged_roll(roll_id: int, why: str) -> RollRow:
    """The log's line for a roll that cannot be read: its id, and what is wrong with it."""
    return RollRow(kind=DAMAGED_ROLL, id=roll_id,
                   summary="⚠ A damaged roll: it cannot be read",
                   detail=f"{why}. It is not shown to the players. File › Restore… brings back "
                          "a backup from before the damage.")


@fields_repr
@dataclass(frozen=True, repr=False)
class EnvironmentBlock:
    """A Daggerheart environment stat block: where a fight happens and what the place does."""

    name: str
    tier: int
    type: str  # Exploration, Social, Traversal or Event
    difficulty: int
    description: str = ""
    impulses: str = ""
    potential_adversaries: str = ""
    features: tuple[Feature, ...] = ()

    def to_json(self) -> JsonObject:
        return {
            "name": self.name, "tier": self.tier, "type": self.type,
            "difficulty": self.difficulty, "description": self.description,
            "impulses": self.impulses, "potential_adversaries": self.potential_adversaries,
            "features": [f.to_json() for f in self.features],
        }

    @classmethod
    def from_json(cls, data: object) -> EnvironmentBlock:
        found = json_object(data)
        return cls(name=str(found["name"]), tier=whole(found["tier"]), type=str(found["type"]),
                   difficulty=whole(found["difficulty"]),
                   description=str(found.get("description", "")),
                   impulses=str(found.get("impulses", "")),
                   potential_adversaries=str(found.get("potential_adversaries", "")),
                   features=tuple(Feature.from_json(f)
                                  for f in entries(found.get("features", ()))))


@fields_repr
@dataclass(frozen=True, repr=False)
class EnvironmentRow:
    """An environment in the library."""

    id: int | None
    stats: EnvironmentBlock
    source: str = "sample"
