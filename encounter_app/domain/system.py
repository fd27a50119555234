"""What the program's core asks of a rule system, and the catalog it asks through.

Every rule system is one package under ``encounter_app/systems/`` that registers one object
(its ``SYSTEM``). The core (store, services, ui) never names a system: it holds the campaign's
system object and asks it for whatever differs. This module is the pure part of that object's
contract (``SystemRules``), what every system shares an implementation of (``BaseRules``), and
the ``Catalog`` that finds a system by the key a campaign stores, importing its package only
when it is first asked for. ``services/`` and ``ui/`` add what they ask of the same object
(``services/fight/system.py``, ``ui/shell/fight.py``).

A system's numbers and states are its own typed classes (``system_data.py``): the object says
which (``data_type``) and turns them to JSON and back for the store and the files (``write``,
``read``); nothing else serialises them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.json_data import JSON, JsonObject, from_json, whole
from encounter_app.domain.rows import CombatantKind, CombatantRow, RollRow
from encounter_app.domain.system_data import Part, SystemData, data_json, typed, values
from encounter_app.domain.system_data import StatField as StatField  # its old home

if TYPE_CHECKING:
    from encounter_app.domain.campaign_rows import PcRow
    from encounter_app.domain.logged import LoggedRoll
    from encounter_app.domain.player_rolls import PhoneForm, PhoneResult, PhoneRoll
    from encounter_app.domain.player_view import Sight
    from encounter_app.domain.samples import SampleFight
    from encounter_app.rules.daggerheart import Outcome


class TurnOrder(Enum):
    """How a system's turns go round; the players' page words the order by it."""

    SPOTLIGHT = "spotlight"  # no initiative; the GM moves the spotlight
    ROLLED = "rolled"  # an initiative roll, high to low
    CLASH = "clash"  # initiative order, points spent on clashes
    POPCORN = "popcorn"  # whoever acted picks who is next


class StatsError(ValueError):
    """Stats that do not fit the system: ``problems`` maps each field to its reason."""

    def __init__(self, problems: dict[str, str]) -> None:
        super().__init__(" ".join(problems.values()))
        self.problems = problems


@fields_repr
@dataclass(frozen=True, repr=False)
class RollerMarks:
    """What a player's action roll does to the roller's own tracks, beside the GM's Fear and
    the countdowns (Daggerheart: a Hope on a result with Hope, a Stress cleared on a
    critical): each combatant it changes as the roll leaves it, and what happened in words,
    one line each. Empty when the roll changes no combatant."""

    rows: tuple[CombatantRow, ...] = ()
    said: tuple[str, ...] = ()


class SystemRules(Protocol):
    """The pure part of a system object: its words, its sheet, its rows, its players' words."""

    @property
    def key(self) -> str:
        """What a campaign stores: "daggerheart", ... Never compared by the core."""

    @property
    def name(self) -> str:
        """The name the GM reads: "Daggerheart"."""

    @property
    def has_fear(self) -> bool:
        """Whether the GM holds a Fear pool: the window shows it and the players see it."""

    @property
    def turn_order(self) -> TurnOrder: ...

    @property
    def pc_fields(self) -> tuple[StatField, ...]:
        """A player character's numbers on the campaign's roster."""

    @property
    def health_word(self) -> str:
        """What damage marks: "HP", "Wounds"."""

    def field(self, key: str) -> StatField: ...

    def data_type(self, part: Part) -> type[SystemData]:
        """The system's class of ``part``: its sheet, a combatant's numbers and state, an
        encounter's turn state (``SystemData`` itself for one it keeps none of)."""

    def defaults(self) -> SystemData:
        """A new character's sheet: every field at its default."""

    def sheet_values(self, stats: SystemData) -> dict[str, int]:
        """The sheet's numbers by field key, for the generic editors (EMPTY: the defaults)."""

    def problems(self, stats: Mapping[str, object], *, partial: bool = False
                 ) -> dict[str, str]:
        """Every field of ``stats`` that is missing (unless ``partial``) or out of range, or
        not on the sheet, with the reason."""

    def stats_from(self, numbers: Mapping[str, object]) -> SystemData:
        """The typed sheet of these numbers; StatsError names every one that does not fit."""

    def typed(self, part: Part, value: SystemData) -> SystemData:
        """``value`` as this system's class of ``part`` (EMPTY as its defaults); TypeError for
        a value of another class."""

    def read(self, part: Part, data: JSON, where: str = "") -> SystemData:
        """A stored or filed value of ``part`` (null or {} are the defaults); DataError names
        the first field that does not fit, after ``where``."""

    def write(self, part: Part, value: SystemData) -> JsonObject:
        """JSON of ``value`` for the store and the files: a sheet whole, a state without the
        fields still at their defaults (a fresh one is {})."""

    def roster_marks(self, pc: PcRow, row: CombatantRow) -> PcRow:
        """The roster PC after its combatant ``row`` changed in a fight: the marks (and
        whatever else of the fight the system keeps on the roster) go back to it."""

    def roster_edited(self, fight: SystemData, roster: SystemData) -> SystemData:
        """A combatant's state after the GM edited its roster PC: what the roster gives it
        (``roster``, from ``combatant_for_pc``) over the state of the fight (``fight``)."""

    def new_combatant(self, kind: CombatantKind, name: str,
                      stats: Mapping[str, int]) -> CombatantRow:
        """A combatant of this system joining a fight; StatsError names what does not fit."""

    def combatant_for_pc(self, pc: PcRow) -> CombatantRow:
        """The combatant a roster PC becomes in a fight, starting from the roster's marks."""

    def roll_words(self, row: RollRow, sight: Sight) -> str:
        """One of this system's public rolls in the players' words; "" when it is not for
        them, or of a kind the system does not know."""

    def read_roll(self, row: RollRow) -> LoggedRoll | None:
        """One of this system's log rows read back as its typed value (domain/logged.py);
        None for a kind the system does not log, or a payload it cannot read."""

    def sample(self) -> SampleFight:
        """The sample fight a first start (or ``--demo KEY``) opens."""

    def roller_marks(self, rows: Sequence[CombatantRow], roller: str,
                     outcome: Outcome) -> RollerMarks:
        """What ``outcome``, rolled by the player of the combatant called ``roller`` among
        ``rows`` (the open fight's), does to that combatant's own tracks; nothing for a name
        the system tracks no PC by, or a system whose rolls give the roller nothing."""

    def phone_forms(self, row: CombatantRow) -> tuple[PhoneForm, ...]:
        """The rolls the phone holding ``row`` (a PC) can send, each naming its dice; () when
        the system takes no roll from a phone."""

    def phone_sheet(self, row: CombatantRow) -> tuple[tuple[str, str], ...]:
        """``row``'s own numbers as its player's phone shows them, and nobody else's:
        (label, value) lines ("HP", "4 of 6")."""

    def phone_result(self, row: CombatantRow | None, roll: PhoneRoll,
                     gm_value: int) -> PhoneResult:
        """What ``roll`` (its dice known) comes to, ``gm_value`` being what its form's
        ``gm_sets`` asks of the GM (0 when nothing); ``row``: the roller now, if in the fight."""


class BaseRules:
    """What most systems share of ``SystemRules``: the sheet's checks and a plain combatant.

    A system subclasses it and sets the class attributes; Daggerheart overrides the rows.
    """

    key: str
    name: str
    has_fear: bool = False
    turn_order: TurnOrder = TurnOrder.SPOTLIGHT
    pc_fields: tuple[StatField, ...] = ()
    health_word: str = "HP"
    #: The field that is the character's health track (marked on the card as damage taken).
    health_key: str = "hp"
    #: The field added to an initiative roll ("" when the system rolls none).
    initiative_key: str = ""

    #: Its typed classes (``data_type``): the sheet, a combatant's numbers (None: the sheet),
    #: a combatant's state and the encounter's.
    stats_type: type[SystemData] = SystemData
    combatant_stats_type: type[SystemData] | None = None
    combatant_state_type: type[SystemData] = SystemData
    encounter_state_type: type[SystemData] = SystemData

    def field(self, key: str) -> StatField:
        return next(f for f in self.pc_fields if f.key == key)

    def data_type(self, part: Part) -> type[SystemData]:
        if part is Part.STATS:
            return self.stats_type
        if part is Part.COMBATANT_STATS:
            return self.combatant_stats_type or self.stats_type
        if part is Part.COMBATANT_STATE:
            return self.combatant_state_type
        return self.encounter_state_type

    def defaults(self) -> SystemData:
        return self.stats_type()

    def sheet_values(self, stats: SystemData) -> dict[str, int]:
        found = values(typed(self.stats_type, stats))
        return {f.key: whole(found[f.key]) for f in self.pc_fields}

    def problems(self, stats: Mapping[str, object], *, partial: bool = False
                 ) -> dict[str, str]:
        found: dict[str, str] = {}
        known = {f.key for f in self.pc_fields}
        for f in self.pc_fields:
            if f.key not in stats:
                if not (f.optional or partial):
                    found[f.key] = f"{f.label} is missing."
            elif problem := f.check(stats[f.key]):
                found[f.key] = problem
        for key in stats:
            if key not in known:
                found[key] = f"{self.name} characters have no stat called {key!r}."
        return found

    def stats_from(self, numbers: Mapping[str, object]) -> SystemData:
        if problems := self.problems(numbers):
            raise StatsError(problems)
        return from_json(self.stats_type, dict(numbers))

    def typed(self, part: Part, value: SystemData) -> SystemData:
        return typed(self.data_type(part), value)

    def read(self, part: Part, data: JSON, where: str = "") -> SystemData:
        return from_json(self.data_type(part), {} if data is None else data, where)

    def write(self, part: Part, value: SystemData) -> JsonObject:
        return data_json(self.typed(part, value), whole=part.is_sheet)

    def roster_marks(self, pc: PcRow, row: CombatantRow) -> PcRow:
        return replace(pc, hp_marked=row.hp_marked, stress_marked=row.stress_marked)

    def roster_edited(self, fight: SystemData, roster: SystemData) -> SystemData:
        return fight  # the roster gives a plain combatant no state of the fight

    def new_combatant(self, kind: CombatantKind, name: str,
                      stats: Mapping[str, int]) -> CombatantRow:
        """The row for the spotlight order: the stats as given, the health track full."""
        sheet = self.stats_from(stats)
        if not name.strip():
            raise StatsError({"name": "A combatant needs a name."})
        return CombatantRow(kind=kind, name=name.strip(), hp_max=int(stats[self.health_key]),
                            system_stats=sheet, system_state=self.combatant_state_type())

    def roll_words(self, row: RollRow, sight: Sight) -> str:
        raise NotImplementedError

    def read_roll(self, row: RollRow) -> LoggedRoll | None:
        return None  # a system that logs no kind of its own

    def sample(self) -> SampleFight:
        raise NotImplementedError

    def roller_marks(self, rows: Sequence[CombatantRow], roller: str,
                     outcome: Outcome) -> RollerMarks:
        return RollerMarks()  # a player's roll changes none of the roller's tracks

    def phone_forms(self, row: CombatantRow) -> tuple[PhoneForm, ...]:
        return ()

    def phone_sheet(self, row: CombatantRow) -> tuple[tuple[str, str], ...]:
        """The health track and the conditions: what every system's character has."""
        lines = [(self.health_word, f"{row.hp_max - row.hp_marked} of {row.hp_max} left")]
        if row.conditions:
            lines.append(("Conditions", ", ".join(row.conditions)))
        return tuple(lines)

    def phone_result(self, row: CombatantRow | None, roll: PhoneRoll,
                     gm_value: int) -> PhoneResult:
        raise NotImplementedError(f"{self.name} takes no roll from a phone")

    def combatant_for_pc(self, pc: PcRow) -> CombatantRow:
        """The roster PC as a combatant: its health track with the roster's marks, and its
        whole sheet for the cards and rolls to read."""
        hp = pc.stat(self.health_key)
        return CombatantRow(kind="pc", name=pc.name, hp_max=hp,
                            hp_marked=min(pc.hp_marked, hp), pc_id=pc.id,
                            system_stats=typed(self.stats_type, pc.stats),
                            system_state=self.combatant_state_type())


S_co = TypeVar("S_co", covariant=True)


@fields_repr
@dataclass(frozen=True, repr=False)
class Listed(Generic[S_co]):
    """One system in a catalog: its key and name, known without importing it, and how to
    load its object."""

    key: str
    name: str
    load: Callable[[], S_co]


class Catalog(Generic[S_co]):
    """The rule systems a program knows, found by key. A system's package is imported the
    first time it is asked for: a start pays for its campaign's system alone."""

    def __init__(self, listed: Iterable[Listed[S_co]]) -> None:
        self._listed = {entry.key: entry for entry in listed}
        self._loaded: dict[str, S_co] = {}

    def get(self, key: str) -> S_co:
        """The system stored under ``key``; a KeyError names the known ones."""
        loaded = self._loaded.get(key)
        if loaded is None:
            try:
                entry = self._listed[key]
            except KeyError:
                raise KeyError(f"Unknown rule system {key!r}; known: "
                               f"{', '.join(self._listed)}") from None
            loaded = self._loaded[key] = entry.load()
        return loaded

    def name(self, key: str) -> str:
        """The system's name without loading it; the key itself for one not known."""
        entry = self._listed.get(key)
        return key if entry is None else entry.name

    def keys(self) -> Sequence[str]:
        return tuple(self._listed)

    def names(self) -> Mapping[str, str]:
        """Key to name, in the catalog's order (for a choice of system)."""
        return {key: entry.name for key, entry in self._listed.items()}

    @property
    def first(self) -> str:
        """The key of the system listed first: the program's default."""
        return next(iter(self._listed))

    def __contains__(self, key: object) -> bool:
        return key in self._listed

    def __iter__(self) -> Iterator[str]:
        return iter(self._listed)

    def __len__(self) -> int:
        return len(self._listed)
