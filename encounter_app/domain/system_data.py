"""A rule system's typed numbers: a character's sheet, what changes in play, an encounter's turn
state. Frozen dataclasses, serialised only at the store and in files.

Each system declares its classes (``systems/<key>/state.py``), each a subclass of
``SystemData``, and says which is which through its object (``SystemRules.data_type``). The
core holds them as ``SystemData`` and reads no field of them, except through the mixins below
that a system's class takes on to join a generic rule (a rolled initiative order, the Spotlight
Tracker's tokens). JSON only at the edges: the store and the files write a value with
``SystemRules.write`` and read it back with ``SystemRules.read`` (``json_data`` underneath).

``EMPTY`` is "none": the value of a row made without a system (a test's, a row not stored
yet). A system's own accessors read it as its defaults, and the store writes it as them, so
what the store hands back is always of the system's classes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Self, TypeVar

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.json_data import JsonObject, to_json


class Part(Enum):
    """The four typed values a system keeps, by where they live."""

    STATS = "stats"  # a roster PC's sheet (PcRow.stats)
    COMBATANT_STATS = "system_stats"  # a combatant's numbers (CombatantRow.system_stats)
    COMBATANT_STATE = "system_state"  # what changes in play (CombatantRow.system_state)
    ENCOUNTER_STATE = "encounter_state"  # the fight's turn state (EncounterRow.system_state)

    @property
    def key(self) -> str:
        """Its name in a stored row and in a file."""
        return "system_state" if self is Part.ENCOUNTER_STATE else self.value

    @property
    def is_sheet(self) -> bool:
        """A character's sheet, written whole; a state leaves out what is at its default."""
        return self in (Part.STATS, Part.COMBATANT_STATS)


@fields_repr
@dataclass(frozen=True, repr=False)
class SystemData:
    """The base of every system's typed numbers; this class itself holds nothing (EMPTY)."""


#: None: no numbers of any system (read as the system's defaults, written as them).
EMPTY = SystemData()

D = TypeVar("D", bound=SystemData)


def typed(cls: type[D], value: SystemData) -> D:
    """``value`` as the system's ``cls``: itself, or ``cls()`` when it is EMPTY. Another
    system's value is a program error (TypeError), never silently replaced."""
    if type(value) is cls or (cls is not SystemData and isinstance(value, cls)):
        return value
    if type(value) is SystemData:
        return cls()
    raise TypeError(f"a {type(value).__name__} where a {cls.__name__} belongs")


def data_json(data: SystemData, *, whole: bool) -> JsonObject:
    """JSON of ``data`` (``json_data.to_json``): ``whole``, every field (a sheet a GM reads and
    edits in a file); else without the fields still at their defaults, so a fresh state is {}
    and a stored one holds what happened."""
    written = to_json(data)
    assert isinstance(written, dict), "a dataclass is written as an object"
    if whole:
        return written
    fresh = to_json(type(data)())
    assert isinstance(fresh, dict)
    return {key: item for key, item in written.items() if fresh.get(key) != item}


def values(data: SystemData) -> dict[str, object]:
    """The fields of ``data`` by name (what a generic editor or a check reads)."""
    return {f.name: getattr(data, f.name) for f in dataclasses.fields(data)}


def value_of(data: SystemData, key: str, default: int = 0) -> int:
    """One number of a sheet by its field's key (``StatField.key``), ``default`` when the
    value has no such field (EMPTY, or another kind)."""
    found = getattr(data, key, None) if key in _names(type(data)) else None
    return default if found is None else int(found)


def has_field(data: SystemData, key: str) -> bool:
    return key in _names(type(data))


def _names(cls: type[SystemData]) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))


# -- a character's sheet ---------------------------------------------------------------------

SHEET = "sheet"  # a field's metadata key: its StatField, less the key (the field's name)


@fields_repr
@dataclass(frozen=True, repr=False)
class StatField:
    """One number (or yes/no) on a character sheet."""

    key: str
    label: str
    default: int = 0
    minimum: int = 0
    maximum: int = 99
    flag: bool = False  # a yes/no (0 or 1), shown as a check box
    help: str = ""
    #: A field added after characters were saved without it: missing, it reads as ``default``.
    optional: bool = False

    def check(self, value: object) -> str:
        """Why ``value`` is not allowed here, or "" when it is."""
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{self.label} must be a whole number."
        if self.flag and value not in (0, 1):
            return f"{self.label} is yes (1) or no (0)."
        if not self.minimum <= value <= self.maximum:
            return f"{self.label} must be from {self.minimum} to {self.maximum}."
        return ""


def stat(label: str, default: int, minimum: int = 0, maximum: int = 99, *, flag: bool = False,
         help: str = "", optional: bool = False) -> int:
    """A sheet's field: its default, and how the generic editors show and check it. The
    stored value is checked only for its type (an older version's range still opens); the
    editors and the files check the range (``SystemRules.problems``)."""
    return field(default=default, metadata={SHEET: {
        "label": label, "default": default, "minimum": minimum, "maximum": maximum,
        "flag": flag, "help": help, "optional": optional}})


def sheet_fields(cls: type[SystemData]) -> tuple[StatField, ...]:
    """The character sheet a stats class describes, in its order (a system's ``pc_fields``)."""
    return tuple(StatField(f.name, **f.metadata[SHEET]) for f in dataclasses.fields(cls)
                 if SHEET in f.metadata)


# -- what a generic rule reads of a system's state -------------------------------------------

@fields_repr
@dataclass(frozen=True, repr=False)
class RolledInitiative(SystemData):
    """A combatant's state in a system whose order is an initiative roll: the roll's total (None
    until rolled) and a bonus on it for this round (Ruins & Raiders' held action's +10).
    ``services/fight/turns.py`` orders the fight by it without knowing the system."""

    initiative: int | None = None
    hold_bonus: int = 0

    @property
    def order_initiative(self) -> int | None:
        """What the order sorts by: the roll with the bonus; None when not rolled."""
        return None if self.initiative is None else self.initiative + self.hold_bonus

    def rolled(self, total: int) -> Self:
        """A new initiative roll: its total, and no bonus left from an earlier round."""
        return dataclasses.replace(self, initiative=total, hold_bonus=0)

    def with_initiative(self, value: int) -> Self:
        """The initiative the GM typed (rolled at the table); a bonus this round stays."""
        return dataclasses.replace(self, initiative=value)


@fields_repr
@dataclass(frozen=True, repr=False)
class SpotlightTokens(SystemData):
    """A combatant's state in a system that plays the optional Spotlight Tracker: the tokens it
    used this scene (``domain/spotlight_tokens.py``)."""

    spotlight_tokens_used: int = 0
