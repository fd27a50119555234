"""Frozen rows of the campaign layer: a roster PC, an encounter in a campaign's list, and the
summary written when an encounter is finished."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.json_data import JsonObject, entries, json_object, whole
from encounter_app.domain.system_data import EMPTY, SystemData, value_of

EncounterStatus = Literal["draft", "active", "done"]
STATUS_LABEL = {"draft": "Draft", "active": "Active", "done": "Done"}


@fields_repr
@dataclass(frozen=True, repr=False)
class PcRow:
    """A player character of the party. ``stats``: its system's sheet, typed (``pc_fields``
    describe it)."""

    name: str
    stats: SystemData = EMPTY
    id: int | None = None
    hp_marked: int = 0
    stress_marked: int = 0
    armor_marked: int = 0
    note: str = ""

    def stat(self, key: str, default: int = 0) -> int:
        """A number of the sheet by its field's key (what the generic parts read)."""
        return value_of(self.stats, key, default)


@fields_repr
@dataclass(frozen=True, repr=False)
class Summary:
    """How a finished encounter went, from the store's own records."""

    rounds: int
    fear_gained: int
    fear_spent: int
    defeated: tuple[str, ...]  # names of the adversaries with every HP marked
    rolls: int

    def text(self, has_fear: bool) -> str:
        """One line for the campaign's list; the Fear part only where the system has Fear
        (``SystemRules.has_fear``): elsewhere it would always read "+0 / −0"."""
        defeated = f"{len(self.defeated)} adversar{'y' if len(self.defeated) == 1 else 'ies'}"
        fear = f" · Fear +{self.fear_gained} / −{self.fear_spent}" if has_fear else ""
        return (f"{self.rounds} round{'s' if self.rounds != 1 else ''}{fear}"
                f" · {defeated} defeated · {self.rolls} roll{'s' if self.rolls != 1 else ''}")

    def to_json(self) -> JsonObject:
        return {"rounds": self.rounds, "fear_gained": self.fear_gained,
                "fear_spent": self.fear_spent, "defeated": list(self.defeated),
                "rolls": self.rolls}

    @classmethod
    def from_json(cls, data: object) -> Summary:
        found = json_object(data)
        return cls(whole(found.get("rounds", 0)), whole(found.get("fear_gained", 0)),
                   whole(found.get("fear_spent", 0)),
                   tuple(str(n) for n in entries(found.get("defeated", ()))),
                   whole(found.get("rolls", 0)))


@fields_repr
@dataclass(frozen=True, repr=False)
class EncounterEntry:
    """One encounter in a campaign's list: what the list shows and the GM edits."""

    name: str
    id: int | None = None
    status: EncounterStatus = "draft"
    note: str = ""
    summary: Summary | None = None
    seed: int | None = None
