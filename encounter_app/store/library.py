"""The library's queries: adversary templates one at a time, environments, and the environment
an encounter takes place in. A mixin of Store, which supplies the connection and transactions.

Rows keep their id through undo and redo: an insert with an id reuses it, so a deleted entry
that comes back is the same entry to every command that remembers it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from encounter_app.domain.rows import EnvironmentBlock, EnvironmentRow, StatBlock, TemplateRow
from encounter_app.store.sql import DbRow, _changed, _inserted_id, _json

if TYPE_CHECKING:
    import sqlite3
    from contextlib import AbstractContextManager

TEMPLATE_STATS = ("name", "tier", "type", "description", "motives", "difficulty", "major",
                  "severe", "hp", "stress", "attack_modifier", "attack_name", "attack_range",
                  "damage", "experiences", "features")
ENVIRONMENT_STATS = ("name", "tier", "type", "description", "impulses", "difficulty",
                     "potential_adversaries", "features")
JSON_STATS = frozenset({"experiences", "features"})


def _values(data: dict[str, Any], columns: tuple[str, ...]) -> list[Any]:
    return [json.dumps(data[k]) if k in JSON_STATS else data[k] for k in columns]


def insert_entry(c: sqlite3.Connection, table: str, columns: tuple[str, ...], row: Any) -> int:
    """Write a library row (a stat block and its source) in the caller's transaction; a row
    with an id keeps it. Returns the id."""
    marks = ", ".join("?" * (len(columns) + 2))
    cursor = c.execute(f"INSERT INTO {table} (id, {', '.join(columns)}, source) VALUES ({marks})",
                       (row.id, *_values(row.stats.to_json(), columns), row.source))
    return _inserted_id(cursor)


def update_entry(c: sqlite3.Connection, table: str, columns: tuple[str, ...], row: Any) -> None:
    """Rewrite a library row in the caller's transaction; KeyError when it is not there."""
    assignments = ", ".join(f"{k} = ?" for k in columns)
    _changed(c.execute(f"UPDATE {table} SET {assignments}, source = ? WHERE id = ?",
                       (*_values(row.stats.to_json(), columns), row.source, row.id)),
             table, row.id)


class LibraryQueries:
    """Template and environment rows in and out; every method is one transaction."""

    if TYPE_CHECKING:
        def _transaction(self) -> AbstractContextManager[sqlite3.Connection]: ...
        def _all(self, query: str, *args: Any) -> list[DbRow]: ...
        def _one(self, table: str, columns: str, key: int | None) -> DbRow: ...

    # -- one library entry, of either table ---------------------------------------------------

    def _insert_entry(self, table: str, columns: tuple[str, ...], row: Any) -> int:
        with self._transaction() as c:
            return insert_entry(c, table, columns, row)

    def _update_entry(self, table: str, columns: tuple[str, ...], row: Any) -> None:
        with self._transaction() as c:
            update_entry(c, table, columns, row)

    def _delete_entry(self, table: str, key: int) -> None:
        with self._transaction() as c:
            _changed(c.execute(f"DELETE FROM {table} WHERE id = ?", (key,)), table, key)

    # -- adversary templates ----------------------------------------------------------------

    def template(self, template_id: int) -> TemplateRow:
        row = self._one("adversary_template", f"id, source, {', '.join(TEMPLATE_STATS)}",
                        template_id)
        return template_row(row)

    def insert_template(self, row: TemplateRow) -> TemplateRow:
        """Add one stat block; a row with an id keeps it (redo of an add, undo of a delete)."""
        return replace(row, id=self._insert_entry("adversary_template", TEMPLATE_STATS, row))

    def update_template(self, row: TemplateRow) -> None:
        self._update_entry("adversary_template", TEMPLATE_STATS, row)

    def delete_template(self, template_id: int) -> None:
        """Only the library entry goes: combatants in fights hold their own copy."""
        self._delete_entry("adversary_template", template_id)

    # -- environments -----------------------------------------------------------------------

    def environments(self) -> list[EnvironmentRow]:
        rows = self._all(f"SELECT id, source, {', '.join(ENVIRONMENT_STATS)}"
                         " FROM environment ORDER BY tier, name")
        return [environment_row(row) for row in rows]

    def insert_environment(self, row: EnvironmentRow) -> EnvironmentRow:
        return replace(row, id=self._insert_entry("environment", ENVIRONMENT_STATS, row))

    def update_environment(self, row: EnvironmentRow) -> None:
        self._update_entry("environment", ENVIRONMENT_STATS, row)

    def delete_environment(self, environment_id: int) -> None:
        """Only the library entry goes: an encounter keeps its own copy."""
        self._delete_entry("environment", environment_id)

    def encounter_environment(self, encounter_id: int) -> EnvironmentBlock | None:
        (text,) = self._one("encounter", "environment", encounter_id)
        data = _json(text, None)
        return None if data is None else EnvironmentBlock.from_json(data)

    def set_encounter_environment(self, encounter_id: int,
                                  block: EnvironmentBlock | None) -> None:
        text = None if block is None else json.dumps(block.to_json())
        with self._transaction() as c:
            _changed(c.execute("UPDATE encounter SET environment = ? WHERE id = ?",
                               (text, encounter_id)), "encounter", encounter_id)


def _data(columns: tuple[str, ...], values: list[Any]) -> dict[str, Any]:
    data = dict(zip(columns, values, strict=True))
    for key in JSON_STATS & data.keys():
        data[key] = _json(data[key], None) or []
    return data


def template_row(row: DbRow) -> TemplateRow:
    id_, source, *stats = row
    return TemplateRow(id=id_, source=source,
                       stats=StatBlock.from_json(_data(TEMPLATE_STATS, stats)))


def environment_row(row: DbRow) -> EnvironmentRow:
    id_, source, *stats = row
    return EnvironmentRow(id=id_, source=source,
                          stats=EnvironmentBlock.from_json(_data(ENVIRONMENT_STATS, stats)))
