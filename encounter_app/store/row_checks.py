"""Every row of a database held to what the program writes, before anything reads it.

SQLite's integrity check says the pages are sound; these checks say the rows are ones the
program could have written: each column's type as SQLite stores it (``typeof``), text that is
UTF-8, the kinds, statuses and rule systems the program knows, numbers within their ranges (Fear
0-12, marks within their tracks, tiers 1-4), JSON of the shape the program reads, and each row's
parent there. The first row that fails is named, table, row and field ("countdown row 3,
value: expected a whole number, found 'many'"), and opening sets the file aside
(``migrate.check_file``).

What a column may hold comes from the program, not from a second schema: the columns, their
types and which may be empty from the table classes (``tables.py``); the kinds from the
domain's own enumerations (a feature's reading's ranges, traits and conditions from
``domain/feature_readings.py``); the shape of a JSON column from the frozen row that reads it
(``domain/rows.py``: a stat block, a feature, a summary), read from its annotations; each rule
system's sheets and states from the system itself (``SystemRules.read``), for the systems the
file's campaigns play and no other (the catalog imports a system when first asked). The ranges
are stated once, below, each with where it comes from.

Fast, because it runs at every start: each table is one statement that SQLite runs over all
its rows and that answers with the rows that fail (none, nearly always), and with the few whose
text is not plain ASCII, which Python then decodes; a JSON column is checked once per distinct
value, in SQL, except the systems' values, which their system reads in Python. The roll log,
nearly all of a grown campaign's file, is checked after the window is drawn (``Store.verify``,
:func:`roll_log_problems`), and each roll again as it is read (``Store.rolls``).

Raw sqlite3 on the read-only connection of the file checks, before any engine opens the file
(tests/store/test_no_raw_sql.py allows it); every table and column name in the SQL is the table
classes' own, never text from the file.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sqlite3
import types
import typing
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Literal, Union

from encounter_app.domain.campaign_rows import EncounterStatus, Summary
from encounter_app.domain.countdown_steps import TRIGGER_LABELS
from encounter_app.domain.feature_readings import CHOICES as READING_CHOICES
from encounter_app.domain.feature_readings import LIMITS as READING_LIMITS
from encounter_app.domain.json_data import DataError, read_as, shown
from encounter_app.domain.optional_rules import TOKENS_MAX, TOKENS_MIN, RuleOptions
from encounter_app.domain.player_rolls import RollStatus
from encounter_app.domain.rows import (
    COUNTDOWN_LIMIT,
    EVENT_KINDS,
    CombatantKind,
    EnvironmentBlock,
    Experience,
    Feature,
    StatBlock,
)
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.domain.system_data import Part
from encounter_app.rules.daggerheart import FEAR_CAP, CountdownKind, LoopMode, SceneIntensity
from encounter_app.store.phone import PhonePayload

# -- what the tables' columns may hold, beyond their types -------------------------------------

#: The kinds each text column may be: the domain's own enumerations, as the program writes them.
CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("combatant", "kind"): typing.get_args(CombatantKind),
    ("countdown", "kind"): tuple(member.value for member in CountdownKind),
    ("countdown", "loop"): tuple(member.value for member in LoopMode),
    ("countdown", "trigger"): tuple(TRIGGER_LABELS),
    ("encounter", "status"): typing.get_args(EncounterStatus),
    ("encounter", "scene_intensity"): tuple(member.name.lower() for member in SceneIntensity),
    ("phone_roll", "status"): tuple(member.value for member in RollStatus),
    ("fight_event", "kind"): EVENT_KINDS,
}
# campaign.system: a key of the catalog the store was opened with (check_rows' ``systems``).

Bound = int | str | None  # a number, another column of the same row, or no bound
FEAR = (0, FEAR_CAP)

#: A stat block's numbers, in the library's columns and in a combatant's copy alike: the widest
#: the program writes, an import's (exchange/statblock.py ``LIMITS``; the editor's, the tier
#: moves' and the variants' are narrower; a test holds the two equal).
STAT_RANGES: dict[str, tuple[int, int]] = {
    "tier": (1, 4), "difficulty": (1, 50), "major": (1, 200), "severe": (1, 200),
    "hp": (1, 99), "stress": (0, 99), "attack_modifier": (-20, 20),
    "bonus": (-10, 10),  # an Experience's
    "countdown": (1, 99),  # a feature's own countdown
}

#: The numbers of the JSON the domain reads, by field (a stat block's above): what its class
#: or its editors allow.
FIELD_RANGES: dict[str, tuple[Bound, Bound]] = {
    **STAT_RANGES,
    "spotlight_tokens": (TOKENS_MIN, TOKENS_MAX),  # RuleOptions
    "rounds": (0, None), "fear_gained": (0, None), "fear_spent": (0, None),  # Summary
    "rolls": (0, None),
    **READING_LIMITS,  # a feature's reading: its costs, marks and Reaction Roll's Difficulty
}

#: The texts of the JSON the domain reads, by field: what the rules know (a feature's reading
#: names a range, a trait and conditions of theirs).
FIELD_CHOICES: dict[str, tuple[str, ...]] = dict(READING_CHOICES)

#: Each number column's range. The upper bounds are an import's (exchange/encounter_file.py,
#: campaign_file.py): what a file of the program's own may hold, and more than any table needs.
#: A mark is within its track (another column); a countdown starts at 1 (rules.Countdown) and
#: counts down to 0.
COLUMN_RANGES: dict[tuple[str, str], tuple[Bound, Bound]] = {
    ("campaign", "party_size"): (0, 1000),
    ("campaign", "fear"): FEAR,
    ("campaign", "session_number"): (1, 100_000),
    ("encounter", "round"): (0, 10_000),
    ("pc", "hp_marked"): (0, 999),
    ("pc", "stress_marked"): (0, 999),
    ("pc", "armor_marked"): (0, 999),
    ("combatant", "evasion"): (0, 99),
    ("combatant", "hp_max"): (0, 999),
    ("combatant", "hp_marked"): (0, "hp_max"),
    ("combatant", "stress_max"): (0, 999),
    ("combatant", "stress_marked"): (0, "stress_max"),
    ("combatant", "slow_tokens"): (0, 9),
    ("combatant", "spotlights"): (0, 999),
    ("countdown", "start"): (1, COUNTDOWN_LIMIT),
    ("countdown", "value"): (0, "start"),
    ("countdown", "loops"): (0, 100_000),
    ("fear_event", "change"): (-FEAR_CAP, FEAR_CAP),
    ("fear_event", "value"): FEAR,
    ("fight_event", "session_number"): (1, 100_000),
    ("fight_event", "round"): (0, 10_000),
    **{("adversary_template", name): bounds for name, bounds in STAT_RANGES.items()
       if name not in ("bonus", "countdown")},
    ("environment", "tier"): STAT_RANGES["tier"],
    ("environment", "difficulty"): STAT_RANGES["difficulty"],
}

#: The JSON columns of the domain's rows, by the class (or list of it) that reads them.
SHAPES: dict[tuple[str, str], object] = {
    ("campaign", "options"): RuleOptions,
    ("encounter", "environment"): EnvironmentBlock,
    ("encounter", "summary"): Summary,
    ("combatant", "conditions"): tuple[str, ...],
    ("combatant", "stat_block"): StatBlock,
    ("adversary_template", "experiences"): tuple[Experience, ...],
    ("adversary_template", "features"): tuple[Feature, ...],
    ("environment", "features"): tuple[Feature, ...],
    ("phone_roll", "payload"): PhonePayload,
}

#: The JSON columns of a rule system's typed values, by the part its system reads them as, and
#: how a row reaches its campaign (whose ``system`` says which).
SYSTEM_VALUES: dict[tuple[str, str], Part] = {
    ("pc", "stats"): Part.STATS,
    ("encounter", "system_state"): Part.ENCOUNTER_STATE,
    ("combatant", "system_stats"): Part.COMBATANT_STATS,
    ("combatant", "system_state"): Part.COMBATANT_STATE,
}
_TO_CAMPAIGN = {
    "pc": 'JOIN campaign ON campaign.id = pc.campaign_id',
    "encounter": 'JOIN campaign ON campaign.id = encounter.campaign_id',
    "combatant": ('JOIN encounter ON encounter.id = combatant.encounter_id '
                  'JOIN campaign ON campaign.id = encounter.campaign_id'),
}

# How a column's values are stored (from its type in the table classes), and what that is.
WHOLE, TEXT, FLAG, MOMENT, JSON_TEXT, PACKED = "whole", "text", "flag", "moment", "json", "packed"
_WORDS = {WHOLE: "a whole number", TEXT: "text", FLAG: "0 or 1", MOMENT: "a date and time",
          JSON_TEXT: "JSON", PACKED: "a payload"}

#: Checked after the window is drawn (Store.verify): the roll log is nearly all of a grown
#: campaign's file, and checking it before the window took a third of its opening.
LARGE_TABLES = frozenset({"roll_record"})

# The statements, as text (tests/store/test_no_raw_sql.py lists each): the names in them are
# the table classes' own, quoted, and any value from the file is a bound parameter.
_ROWS = 'SELECT rowid, "{key}", NOT coalesce({fits}, 0) AS bad{wide} FROM "{table}" WHERE ' \
    '{where} ORDER BY "{key}"'
_ROW = 'SELECT *, {types} FROM "{table}" WHERE rowid = ?'
_HAS_ROWS = 'EXISTS (SELECT 1 FROM "{table}")'
_HAS_VALUES = 'EXISTS (SELECT 1 FROM "{table}" WHERE "{column}" IS NOT NULL AND "{column}" ' \
    'NOT IN ({empty}))'
_PARENT_OF = 'SELECT "{column}" FROM "{table}" WHERE rowid = ?'
_PARENT = 'SELECT 1 FROM "{parent}" WHERE id = ?'
_SHAPED = 'SELECT row_key, shaped FROM (SELECT min("{key}") AS row_key, "{column}" AS shaped ' \
    'FROM "{table}" WHERE typeof("{column}") = \'text\' GROUP BY "{column}") WHERE shaped ' \
    'GLOB ?1 OR NOT CASE WHEN json_valid(shaped) THEN coalesce({fits}, 0) ELSE 0 END ' \
    'ORDER BY row_key'
_EACH = "({type} = 'array' AND NOT EXISTS (SELECT 1 FROM json_each({doc}, {path}) AS {each} " \
    "WHERE NOT coalesce({inner}, 0)))"
_UNKNOWN_SYSTEM = 'SELECT id, system FROM campaign WHERE system NOT IN ({known}) ORDER BY id ' \
    'LIMIT 1'
_SYSTEMS_PLAYED = 'SELECT DISTINCT system FROM campaign'
_SYSTEM_VALUES = 'SELECT min("{table}".id), {system}, {columns} FROM "{table}" {join} ' \
    'GROUP BY 2, {columns} ORDER BY 1'

# Any character outside ASCII (SQLite's GLOB reads a stray byte as one): such text is decoded
# in Python, which knows what UTF-8 is. Bound as a parameter, so the SQL stays printable.
_WIDE = "*[^\x01-\x7f]*"


class Column:
    """What one column may hold. (A plain class, not a dataclass: a dataclass's generated
    methods cost every start more than this whole check of a small file.)"""

    __slots__ = ("choices", "high", "kind", "low", "name", "nullable", "table")

    def __init__(self, table: str, name: str, kind: str, nullable: bool,
                 choices: tuple[str, ...] = (), low: Bound = None, high: Bound = None) -> None:
        self.table, self.name = table, name
        self.kind = kind  # WHOLE, TEXT, FLAG, MOMENT, JSON_TEXT or PACKED
        self.nullable, self.choices, self.low, self.high = nullable, choices, low, high

    @property
    def sql(self) -> str:
        """SQL that is true for a value the program writes, false (or NULL) for any other."""
        q = _quoted(self.name)
        if self.kind == WHOLE:
            fits = f"typeof({q}) = 'integer'{_between(q, self.low, self.high)}"
        elif self.kind == FLAG:
            fits = f"typeof({q}) = 'integer' AND {q} IN (0, 1)"
        elif self.kind == MOMENT:
            # What datetime.fromisoformat reads (SQLAlchemy reads a time so): a date whose day
            # is in its month (SQLite's date() keeps 02-30 unless a modifier makes it count).
            fits = (f"typeof({q}) = 'text' AND substr({q}, 5, 1) = '-' AND substr({q}, 8, 1) "
                    f"= '-' AND julianday({q}) IS NOT NULL AND (substr({q}, 9, 2) <= '28' OR "
                    f"date(substr({q}, 1, 10), '+0 days') = substr({q}, 1, 10))")
        elif self.kind == JSON_TEXT:  # what it holds: once per distinct value (_json_failure)
            fits = f"typeof({q}) = 'text'"
        elif self.kind == PACKED:
            fits = f"typeof({q}) IN ('blob', 'text')"
        else:
            fits = f"typeof({q}) = 'text'"
            if self.choices:
                fits += f" AND {q} IN ({', '.join(_literal(c) for c in self.choices)})"
        return f"({q} IS NULL OR {fits})" if self.nullable else fits

    def problem(self, value: object, stored: str, row: sqlite3.Row) -> str:
        """What is wrong with ``value`` (text read as its bytes), stored as SQLite's type
        ``stored``, in words; "" if nothing is. ``row``: its whole row, for a bound that is
        another column."""
        if stored == "blob" and self.kind != PACKED:
            return f"expected {_WORDS[self.kind]}, found bytes"
        if isinstance(value, bytes) and stored == "text":
            try:
                value = value.decode("utf-8")
            except UnicodeDecodeError:
                return "the text is not valid UTF-8"
        if value is None:
            return "" if self.nullable else "is empty"
        if self.kind in (WHOLE, FLAG):
            if isinstance(value, bool) or not isinstance(value, int):
                return f"expected {_WORDS[self.kind]}, found {shown(value)}"
            if self.kind == FLAG and value not in (0, 1):
                return f"expected 0 or 1, found {value}"
            low, high = _bound(self.low, row), _bound(self.high, row)
            if (low is not None and value < low) or (high is not None and value > high):
                return (f"{value} is out of range: {'…' if low is None else low} to "
                        f"{'…' if high is None else high}")
            return ""
        if self.kind == PACKED:
            return "" if isinstance(value, bytes | str) else (
                f"expected a payload, found {shown(value)}")
        if not isinstance(value, str):
            return f"expected {_WORDS[self.kind]}, found {shown(value)}"
        if self.kind == MOMENT:
            return _moment_problem(value)
        if self.kind == JSON_TEXT:
            try:
                data = json.loads(value)
            except ValueError:
                return "expected JSON, found text that is not"
            return "expected a value, found null" if data is None and not self.nullable else ""
        if self.choices and value not in self.choices:
            return f"expected one of {', '.join(map(repr, self.choices))}, found {shown(value)}"
        return ""


@cache
def columns(table: str) -> tuple[Column, ...]:
    """What each column of ``table`` may hold, in the table's order."""
    return tuple(_column(table, column) for column in _table(table).columns)


@cache
def table_names() -> tuple[str, ...]:
    """The program's tables, parents before children (rows are checked in this order)."""
    from sqlmodel import SQLModel

    from encounter_app.store import tables  # noqa: F401  (registers the tables)

    return tuple(table.name for table in SQLModel.metadata.sorted_tables)


def _table(name: str) -> typing.Any:  # Any: sqlalchemy's Table, imported with the store
    from sqlmodel import SQLModel

    from encounter_app.store import tables  # noqa: F401  (registers the tables)

    return SQLModel.metadata.tables[name]


def _column(table: str, column: typing.Any) -> Column:
    from sqlalchemy import JSON, Boolean, DateTime, Integer, String

    from encounter_app.store.tables import PackedJSON

    stored = column.type
    impl = getattr(stored, "impl", stored)  # a TypeDecorator's (sqlmodel's UTCDateTime)
    if isinstance(stored, PackedJSON):
        kind = PACKED
    elif isinstance(stored, JSON):
        kind = JSON_TEXT
    elif isinstance(impl, Boolean):
        kind = FLAG
    elif isinstance(impl, DateTime):
        kind = MOMENT
    elif isinstance(impl, Integer):
        kind = WHOLE
    elif isinstance(impl, String):
        kind = TEXT
    else:  # a new column type: say what it is checked as before it ships
        raise TypeError(f"{table}.{column.name}: no check for a {type(stored).__name__} column")
    low, high = COLUMN_RANGES.get((table, column.name), (None, None))
    if kind == WHOLE and low is None and (column.primary_key or column.foreign_keys):
        low = 1  # a row's id, or its parent's: SQLite numbers rows from 1
    elif kind == WHOLE and low is None and column.name == "position":
        low = 0  # a place in a list
    return Column(table, column.name, kind, bool(column.nullable),
                  CHOICES.get((table, column.name), ()), low, high)


# -- the checks --------------------------------------------------------------------------------


class RowDamaged(ValueError):
    """A row the program never wrote: its table, row and field, and what is wrong."""

    def __init__(self, table: str, key: object, field: str, problem: str) -> None:
        super().__init__(f"{table} row {_key(key)}, {field}: {problem}")
        self.table, self.key, self.field = table, key, field


def check_rows(reader: sqlite3.Connection, present: set[str],
               systems: Catalog[SystemRules] | None) -> list[str]:
    """Every row of the program's tables in ``present`` but the roll log, as described above:
    the first row that fails of each table that has one, in words ([] when all are sound).

    ``reader``: a read-only connection to the file. ``systems``: the catalog whose systems the
    campaigns must play and whose sheets and states the rows must hold; None checks neither
    (a caller that has no catalog, ``encounter-app import``).
    """
    found: list[str] = []
    filled = _filled(reader, tuple(t for t in table_names()
                                   if t in present and t not in LARGE_TABLES))
    for table in (place for place in filled if "." not in place):
        problem = _table_problem(reader, table, systems, filled)
        if problem is not None:
            found.append(str(problem))
    if not found and systems is not None:
        problem = _system_value_problem(reader, set(filled), systems)
        if problem is not None:
            found.append(str(problem))
    return found


def roll_log_problems(reader: sqlite3.Connection) -> list[str]:
    """The roll log's rows, as :func:`check_rows` checks the rest ([] when all are sound).
    Its text is decoded as each roll is read (``Store.rolls``), not here: a grown campaign's
    100,000 summaries would hold Python, and with it the window, for a tenth of a second."""
    problem = _first_failure(reader, "roll_record", wide=False) or _orphan(reader, "roll_record")
    return [] if problem is None else [str(problem)]


def _filled(reader: sqlite3.Connection, tables: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``tables`` that have rows, and of their JSON columns that may be empty, those
    that hold a value ("table.column"): in one statement, so that what is empty costs
    nothing more (each statement is compiled at each start, a tenth of a millisecond or
    more for a JSON shape's)."""
    if not tables:
        return ()
    places = [*tables, *(f"{table}.{name}" for table in tables for (owner, name) in SHAPES
                         if owner == table)]
    found = reader.execute("SELECT " + ", ".join(_exists(place) for place in places)).fetchone()
    return tuple(place for place, filled in zip(places, found, strict=True) if filled)


def _exists(place: str) -> str:
    """SQL: whether ``place`` (a table, or "table.column" of a JSON shape) holds anything to
    check: a row, or a value other than the empty ones its class reads ({}, [], null)."""
    table, _, name = place.partition(".")
    if not name:
        return _HAS_ROWS.format(table=table)
    empty = ", ".join(_literal(text) for text in _empty_values(table, name))
    return _HAS_VALUES.format(table=table, column=name, empty=empty)


@cache
def _empty_values(table: str, name: str) -> tuple[str, ...]:
    """The JSON texts of nothing that the column's class reads as they are: null where the
    column may be empty, [] for a list, {} for a class whose every field has a default."""
    kind = SHAPES[table, name]
    fine = ["null"] if _is_nullable(table, name) else []
    if typing.get_origin(kind) is tuple:
        fine.append("[]")
    elif isinstance(kind, type) and dataclasses.is_dataclass(kind) and all(
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            for f in dataclasses.fields(kind)):
        fine.append("{}")
    return tuple(fine) or ("null",)


def _table_problem(reader: sqlite3.Connection, table: str,
                   systems: Catalog[SystemRules] | None, filled: tuple[str, ...]
                   ) -> RowDamaged | None:
    return (_first_failure(reader, table) or _orphan(reader, table)
            or _json_failure(reader, table, filled) or _unknown_system(reader, table, systems))


def _first_failure(reader: sqlite3.Connection, table: str, *, wide: bool = True
                   ) -> RowDamaged | None:
    """The first row of ``table`` whose value does not fit its column, checked in SQL; the
    rows with text beyond ASCII (``wide``) are decoded here."""
    statement, texts = _row_statement(table, wide)
    with _as_bytes(reader):
        for rowid, key, bad, *values in reader.execute(statement, (_WIDE,) if texts else ()):
            if bad:
                return _described(reader, table, rowid, key)
            for name, value in zip(texts, values, strict=True):
                if value is not None and not _is_utf8(value):
                    return RowDamaged(table, key, name, "the text is not valid UTF-8")
    return None


@cache
def _row_statement(table: str, wide: bool) -> tuple[str, tuple[str, ...]]:
    """One statement over ``table``: each row that fails (its key, and 1) or, with ``wide``,
    has text beyond ASCII (its key, and those texts). Which column failed is found in Python
    (``_described``): the SQL stays short, and SQLite compiles it at every start."""
    fits = " AND ".join(c.sql for c in columns(table))
    # Text beyond ASCII, for Python to decode; a kind the program knows is ASCII (checked here).
    texts = tuple(c.name for c in columns(table) if wide and c.kind == TEXT and not c.choices)
    wider = "".join(f", CASE WHEN {_quoted(n)} GLOB ?1 THEN {_quoted(n)} END" for n in texts)
    where = " OR ".join(["bad", *(f"{_quoted(n)} GLOB ?1" for n in texts)])
    return _ROWS.format(key=_key_column(table), fits=fits, wide=wider, table=table,
                        where=where), texts


def _described(reader: sqlite3.Connection, table: str, rowid: int, key: object
               ) -> RowDamaged:
    """The row ``key`` (SQLite's ``rowid``) of ``table``, which SQL found wrong: its first
    column that is, in words."""
    previous = reader.row_factory
    reader.row_factory = sqlite3.Row
    try:
        types = ", ".join(f"typeof({_quoted(c.name)})" for c in columns(table))
        with _as_bytes(reader):
            row = reader.execute(_ROW.format(types=types, table=table), (rowid,)).fetchone()
    finally:
        reader.row_factory = previous
    count = len(columns(table))
    for n, column in enumerate(columns(table)):
        stored = row[count + n].decode("ascii")
        problem = column.problem(row[n], stored, row)
        if problem:
            return RowDamaged(table, key, column.name, problem)
    return RowDamaged(table, key, "a value", "one the program never writes")


def _orphan(reader: sqlite3.Connection, table: str) -> RowDamaged | None:
    """A row whose parent is not there (SQLite keeps them out only while foreign keys are on,
    and a file can be written without)."""
    parents = [key for key in _table(table).foreign_keys]
    if not parents:
        return None
    found = reader.execute(f"PRAGMA foreign_key_check({_quoted(table)})").fetchone()
    if found is None:
        return None
    _child, key, parent, _number = found
    for foreign_key in parents:  # which of the row's parents is missing
        name = foreign_key.parent.name
        if foreign_key.column.table.name != parent:
            continue
        (value,) = reader.execute(_PARENT_OF.format(column=name, table=table),
                                  (key,)).fetchone()
        if value is not None and reader.execute(_PARENT.format(parent=parent),
                                                (value,)).fetchone() is None:
            return RowDamaged(table, key, name, f"no {parent} with id {shown(value)}")
    return RowDamaged(table, key, parent, f"its {parent} is not there")


def _json_failure(reader: sqlite3.Connection, table: str, filled: tuple[str, ...] = ()
                  ) -> RowDamaged | None:
    """The first row of ``table`` whose JSON is not JSON, not UTF-8, or not of the shape its
    class reads (a system's value is read by its system: _system_value_problem). Each
    distinct value is checked once, and read into Python only when SQL finds it wrong or
    beyond ASCII."""
    for column in columns(table):
        kind = SHAPES.get((table, column.name))
        if kind is None or f"{table}.{column.name}" not in filled:
            continue
        with _as_bytes(reader):
            found = reader.execute(_shape_statement(table, column.name), (_WIDE,)).fetchall()
        for key, text in found:
            try:
                data = json.loads(text.decode("utf-8"))
            except UnicodeDecodeError:
                return RowDamaged(table, key, column.name, "the text is not valid UTF-8")
            except ValueError:
                return RowDamaged(table, key, column.name, "expected JSON, found text that is not")
            if data is None and not column.nullable:
                return RowDamaged(table, key, column.name, "expected a value, found null")
            where, problem = _shape_problem(kind, data, column.name)
            if problem:
                return RowDamaged(table, key, where, problem)
    return None


@cache
def _shape_statement(table: str, name: str) -> str:
    """The distinct values of the JSON column ``name`` that SQL finds wrong, or that hold text
    beyond ASCII (?1), each with the first row that holds it."""
    fits = _fits(SHAPES[table, name], _Place("shaped", "'$'"), 1)
    if _is_nullable(table, name):
        fits = f"json_type(shaped) = 'null' OR {fits}"
    return _SHAPED.format(key=_key_column(table), column=name, table=table, fits=fits)


def _unknown_system(reader: sqlite3.Connection, table: str,
                    systems: Catalog[SystemRules] | None) -> RowDamaged | None:
    """A campaign of a rule system the catalog does not know."""
    if table != "campaign" or systems is None:
        return None
    known = tuple(systems.keys())
    found = reader.execute(_UNKNOWN_SYSTEM.format(known=", ".join("?" * len(known))),
                           known).fetchone()
    if found is None:
        return None
    key, system = found
    return RowDamaged("campaign", key, "system",
                      f"no rule system called {shown(system)} (known: {', '.join(known)})")


def _system_value_problem(reader: sqlite3.Connection, present: set[str],
                          systems: Catalog[SystemRules]) -> RowDamaged | None:
    """Each rule system's sheets and states, read by the system of their campaign: each
    distinct value once, and only the systems the file's campaigns play are loaded. (Nearly
    every file plays one: then no row is joined to its campaign to know which.)"""
    # Text already checked to be UTF-8 with the campaigns' rows.
    played = [key for (key,) in reader.execute(_SYSTEMS_PLAYED)] if "campaign" in present else []
    for table in ("pc", "encounter", "combatant"):
        if table not in present or not played:
            continue
        names = [name for (owner, name) in SYSTEM_VALUES if owner == table]
        join = _TO_CAMPAIGN[table] if len(played) > 1 else ""
        system = "campaign.system" if join else "''"
        with _as_bytes(reader):
            rows = reader.execute(_SYSTEM_VALUES.format(
                system=system, columns=", ".join(f'"{table}"."{n}"' for n in names),
                table=table, join=join)).fetchall()
        for key, system_key, *texts in rows:
            rules = systems.get(system_key.decode("utf-8") if join else played[0])
            for name, text in zip(names, texts, strict=True):
                problem = _system_value(rules, SYSTEM_VALUES[table, name], name, text,
                                        _is_nullable(table, name))
                if problem is not None:
                    return RowDamaged(table, key, *problem)
    return None


def _system_value(system: SystemRules, part: Part, name: str, text: bytes | None,
                  nullable: bool) -> tuple[str, str] | None:
    """Where the stored ``text`` of a system's value is wrong, and what; None when its system
    reads it."""
    try:
        data = None if text is None else json.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        return name, "the text is not valid UTF-8"
    except ValueError:
        return name, "expected JSON, found text that is not"
    if data is None and not nullable:
        return name, "expected a value, found null"
    try:
        system.read(part, {} if data is None else data, name)
    except DataError as exc:
        return exc.where or name, exc.message
    return None


# -- JSON of a class's shape, in SQL -------------------------------------------------------------


class _Place:
    """Where a JSON value is: the SQL of the document and of the path in it."""

    __slots__ = ("doc", "path")

    def __init__(self, doc: str, path: str) -> None:
        self.doc = doc
        self.path = path  # an SQL expression: "'$.tier'", or "e1.fullkey || '.name'"

    @property
    def type(self) -> str:
        return f"json_type({self.doc}, {self.path})"

    @property
    def value(self) -> str:
        return f"json_extract({self.doc}, {self.path})"

    def field(self, name: str) -> _Place:
        if self.path.endswith("'"):  # a literal path: one literal longer
            return _Place(self.doc, f"{self.path[:-1]}.{name}'")
        return _Place(self.doc, f"{self.path} || '.{name}'")


def _fits(kind: object, at: _Place, depth: int, bounds: tuple[Bound, Bound] = (None, None),
          allowed: tuple[str, ...] = ()) -> str:
    """SQL that is true when the JSON at ``at`` is what ``kind`` (an annotation of the
    domain's rows) reads, as the program writes it: a number as a number, never as text;
    text one of ``allowed`` when there are some."""
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        return "(" + " OR ".join(_fits(option, at, depth, bounds, allowed)
                                 for option in typing.get_args(kind)) + ")"
    if kind is type(None):
        return f"{at.type} = 'null'"
    if kind is bool:
        return f"{at.type} IN ('true', 'false')"
    if kind is int:
        return f"({at.type} = 'integer'{_between(at.value, *bounds)})"
    if kind is float:
        return f"{at.type} IN ('integer', 'real')"
    if kind is str and allowed:
        return f"({at.type} = 'text' AND {at.value} IN ({', '.join(map(_literal, allowed))}))"
    if kind is str:
        return f"{at.type} = 'text'"
    if origin is Literal:
        choices = ", ".join(_literal(str(choice)) for choice in typing.get_args(kind))
        return f"({at.type} = 'text' AND {at.value} IN ({choices}))"
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        choices = ", ".join(_literal(name) for name in kind.__members__)
        return f"({at.type} = 'text' AND {at.value} IN ({choices}))"
    if origin in (tuple, frozenset):  # a frozenset is written as a list (conditions)
        item, *rest = typing.get_args(kind)
        if origin is tuple and rest != [Ellipsis]:
            raise TypeError(f"{kind!r}: only lists of one kind are checked")
        each = f"e{depth}"
        inner = _fits(item, _Place(at.doc, f"{each}.fullkey"), depth + 1, allowed=allowed)
        return _EACH.format(type=at.type, doc=at.doc, path=at.path, each=each, inner=inner)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        parts = [f"{at.type} = 'object'"]
        for f in dataclasses.fields(kind):
            place = at.field(f.name)
            fits = _fits(hints[f.name], place, depth, FIELD_RANGES.get(f.name, (None, None)),
                         FIELD_CHOICES.get(f.name, ()))
            required = f.default is dataclasses.MISSING and (
                f.default_factory is dataclasses.MISSING)
            parts.append(fits if required else f"({place.type} IS NULL OR {fits})")
        return "(" + " AND ".join(parts) + ")"
    raise TypeError(f"{kind!r}: not a kind the row checks read")


def _shape_problem(kind: object, data: object, name: str) -> tuple[str, str]:
    """Where ``data``, the JSON of the column ``name``, is not what ``kind`` reads, and what
    is wrong, as the domain's reader says it (json_data.read_as); then the ranges and the
    choices."""
    try:
        read_as(kind, data, name)
    except DataError as exc:
        return exc.where, exc.message
    for where, text, choices in _texts(kind, data, name):
        if text not in choices:
            return where, (f"expected one of {', '.join(map(repr, choices))}, found "
                           f"{shown(text)}")
    for where, value in _numbers(kind, data, name):
        low, high = FIELD_RANGES.get(where.rsplit(" ", 1)[-1], (None, None))
        if isinstance(low, int) and isinstance(high, int | None) and (
                value < low or (high is not None and value > high)):
            return where, f"{value} is out of range: {low} to {'…' if high is None else high}"
    return name, _unlike(data)


def _numbers(kind: object, data: object, where: str) -> Iterator[tuple[str, int]]:
    """The whole numbers of ``data`` read as ``kind``, with where each is."""
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield where, data
    elif isinstance(data, list):
        item = next(iter(typing.get_args(kind)), object)
        for n, value in enumerate(data, 1):
            yield from _numbers(item, value, f"{where} {n}".strip())
    elif isinstance(data, dict) and isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        for name, value in data.items():
            if name in hints:
                yield from _numbers(_without_none(hints[name]), value, f"{where} {name}".strip())


def _texts(kind: object, data: object, where: str, choices: tuple[str, ...] = ()
           ) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """The texts of ``data`` read as ``kind`` that must be one of some choices
    (``FIELD_CHOICES``), with where each is and its choices."""
    if isinstance(data, str) and choices:
        yield where, data, choices
    elif isinstance(data, list):
        item = next(iter(typing.get_args(kind)), object)
        for n, value in enumerate(data, 1):
            yield from _texts(item, value, f"{where} {n}".strip(), choices)
    elif isinstance(data, dict) and isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        for name, value in data.items():
            if name in hints:
                yield from _texts(_without_none(hints[name]), value, f"{where} {name}".strip(),
                                  FIELD_CHOICES.get(name, ()))


def _without_none(kind: object) -> object:
    options = [o for o in typing.get_args(kind) if o is not type(None)]
    return options[0] if typing.get_origin(kind) in (Union, types.UnionType) and len(
        options) == 1 else kind


# -- small helpers -----------------------------------------------------------------------------


@contextmanager
def _as_bytes(reader: sqlite3.Connection) -> Iterator[None]:
    """Text read as bytes while it lasts: text that is not UTF-8 is found, not raised."""
    before = reader.text_factory
    reader.text_factory = bytes
    try:
        yield
    finally:
        reader.text_factory = before


def _key_column(table: str) -> str:
    """The column that names a row: its id (app_state's key)."""
    keys: list[str] = [c.name for c in _table(table).primary_key.columns]
    return keys[0]


def _is_nullable(table: str, name: str) -> bool:
    return bool(_table(table).columns[name].nullable)


def _quoted(name: str) -> str:
    return f'"{name}"'


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _between(value: str, low: Bound, high: Bound) -> str:
    parts = []
    if low is not None:
        parts.append(f" AND {value} >= {low if isinstance(low, int) else _quoted(low)}")
    if high is not None:
        parts.append(f" AND {value} <= {high if isinstance(high, int) else _quoted(high)}")
    return "".join(parts)


def _bound(bound: Bound, row: sqlite3.Row) -> int | None:
    if bound is None or isinstance(bound, int):
        return bound
    other = row[bound]
    return other if isinstance(other, int) and not isinstance(other, bool) else None


def _moment_problem(text: str) -> str:
    from datetime import datetime

    try:
        datetime.fromisoformat(text)
    except ValueError:
        return f"expected a date and time, found {shown(text)}"
    return ""


def _key(key: object) -> str:
    if isinstance(key, bytes):
        return shown(key.decode("utf-8", "replace"))
    return shown(key) if isinstance(key, str) else str(key)


def _unlike(value: object) -> str:
    """When the words cannot say more than the SQL found."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return f"{shown(value)} is not a value the program writes"


def _is_utf8(value: object) -> bool:
    if not isinstance(value, bytes):
        return True
    try:
        value.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
