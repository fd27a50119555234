"""Plain, frozen copies of what the store holds: what crosses from the store to everyone else.

ORM objects stay inside the store: they are bound to a session and a thread. These rows are
immutable values, safe to keep in an undo command, to send across threads and to compare.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

CombatantKind = Literal["pc", "adversary", "npc"]
FeatureKind = Literal["Passive", "Action", "Reaction"]


@dataclass(frozen=True)
class Experience:
    name: str
    bonus: int

    def __str__(self) -> str:
        return f"{self.name} {self.bonus:+d}"


@dataclass(frozen=True)
class Feature:
    name: str
    kind: FeatureKind
    text: str
    fear: bool = False  # a Fear feature: using it costs the GM a Fear


@dataclass(frozen=True)
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

    def to_json(self) -> dict[str, Any]:
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
            "features": [
                {"name": f.name, "kind": f.kind, "text": f.text, "fear": f.fear}
                for f in self.features
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StatBlock:
        return cls(
            name=str(data["name"]),
            tier=int(data["tier"]),
            type=str(data["type"]),
            difficulty=int(data["difficulty"]),
            major=None if data.get("major") is None else int(data["major"]),
            severe=None if data.get("severe") is None else int(data["severe"]),
            hp=int(data["hp"]),
            stress=int(data["stress"]),
            attack_modifier=int(data["attack_modifier"]),
            attack_name=str(data.get("attack_name", "")),
            attack_range=str(data.get("attack_range", "")),
            damage=str(data["damage"]),
            description=str(data.get("description", "")),
            motives=str(data.get("motives", "")),
            experiences=tuple(
                Experience(str(e["name"]), int(e["bonus"])) for e in data.get("experiences", ())
            ),
            features=tuple(
                Feature(str(f["name"]), f.get("kind", "Passive"), str(f.get("text", "")),
                        bool(f.get("fear", False)))
                for f in data.get("features", ())
            ),
        )


@dataclass(frozen=True)
class TemplateRow:
    id: int | None
    stats: StatBlock
    source: str = "sample"


@dataclass(frozen=True)
class CampaignRow:
    id: int
    name: str
    system: str
    party_size: int
    fear: int


@dataclass(frozen=True)
class EncounterRow:
    id: int
    campaign_id: int
    name: str
    round: int
    active_combatant_id: int | None
    scene_intensity: str
    seed: int | None


@dataclass(frozen=True)
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

    @property
    def defeated(self) -> bool:
        """An adversary with every HP marked is out of the fight."""
        return self.kind != "pc" and self.hp_max > 0 and self.hp_marked >= self.hp_max


@dataclass(frozen=True)
class CountdownRow:
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
        return self.value <= 0


@dataclass(frozen=True)
class FearEventRow:
    """A Fear ledger line: ``change`` is + for a gain, - for a spend; ``value`` the pool after."""

    change: int
    value: int
    reason: str
    note: str = ""
    encounter_id: int | None = None
    id: int | None = None
    created_at: datetime | None = None


@dataclass(frozen=True)
class RollRow:
    """A roll-log line. ``payload`` keeps the whole result as JSON-able plain data."""

    kind: str
    summary: str
    detail: str = ""
    actor: str = ""
    id: int | None = None
    created_at: datetime | None = None
    payload: dict[str, Any] = field(default_factory=dict, compare=False)
    public: bool = False  # shown on the player display
