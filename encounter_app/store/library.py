"""The library's queries: adversary templates one at a time, environments, and the environment
an encounter takes place in. A mixin of Store, which supplies the sessions and transactions.

Rows keep their id through undo and redo: an insert with an id reuses it, so a deleted entry
that comes back is the same entry to every command that remembers it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from sqlmodel import Session, col, select

from encounter_app.domain.json_data import JsonObject
from encounter_app.domain.rows import EnvironmentBlock, EnvironmentRow, StatBlock, TemplateRow
from encounter_app.store.sql import _get, _id
from encounter_app.store.tables import AdversaryTemplate, Encounter, Environment

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

# The columns of a library row that hold its stat block (the rest: id and source), by the
# names the stat block's JSON gives them.
TEMPLATE_STATS = ("name", "tier", "type", "description", "motives", "difficulty", "major",
                  "severe", "hp", "stress", "attack_modifier", "attack_name", "attack_range",
                  "damage", "experiences", "features")
ENVIRONMENT_STATS = ("name", "tier", "type", "description", "impulses", "difficulty",
                     "potential_adversaries", "features")
JSON_STATS = frozenset({"experiences", "features"})

LibraryModel = AdversaryTemplate | Environment


def _columns(model: type[LibraryModel]) -> tuple[str, ...]:
    return TEMPLATE_STATS if model is AdversaryTemplate else ENVIRONMENT_STATS


def _write_stats(entry: LibraryModel, row: TemplateRow | EnvironmentRow) -> None:
    """Set the columns of ``entry`` that hold a stat block, by name, from ``row``'s, and its
    source."""
    data = row.stats.to_json()
    for name in _columns(type(entry)):
        setattr(entry, name, data[name])
    entry.source = row.source


def insert_entry(session: Session, model: type[LibraryModel],
                 row: TemplateRow | EnvironmentRow) -> int:
    """Write a library row (a stat block and its source) in the caller's transaction; a row
    with an id keeps it. Returns the id."""
    entry = model(id=row.id, name=row.stats.name)
    _write_stats(entry, row)
    session.add(entry)
    session.flush()
    return _id(entry)


def update_entry(session: Session, model: type[LibraryModel],
                 row: TemplateRow | EnvironmentRow) -> None:
    """Rewrite a library row in the caller's transaction; KeyError when it is not there."""
    _write_stats(_get(session, model, row.id), row)


class LibraryQueries:
    """Template and environment rows in and out; every method is one transaction."""

    if TYPE_CHECKING:
        def _transaction(self) -> AbstractContextManager[Session]: ...
        def _reading(self) -> AbstractContextManager[Session]: ...

    # -- one library entry, of either table ---------------------------------------------------

    def _insert_entry(self, model: type[LibraryModel], row: TemplateRow | EnvironmentRow) -> int:
        with self._transaction() as session:
            return insert_entry(session, model, row)

    def _update_entry(self, model: type[LibraryModel], row: TemplateRow | EnvironmentRow
                      ) -> None:
        with self._transaction() as session:
            update_entry(session, model, row)

    def _delete_entry(self, model: type[LibraryModel], key: int) -> None:
        with self._transaction() as session:
            session.delete(_get(session, model, key))

    # -- adversary templates ----------------------------------------------------------------

    def template(self, template_id: int) -> TemplateRow:
        with self._reading() as session:
            return template_row(_get(session, AdversaryTemplate, template_id))

    def insert_template(self, row: TemplateRow) -> TemplateRow:
        """Add one stat block; a row with an id keeps it (redo of an add, undo of a delete)."""
        return replace(row, id=self._insert_entry(AdversaryTemplate, row))

    def update_template(self, row: TemplateRow) -> None:
        self._update_entry(AdversaryTemplate, row)

    def delete_template(self, template_id: int) -> None:
        """Only the library entry goes: combatants in fights hold their own copy."""
        self._delete_entry(AdversaryTemplate, template_id)

    # -- environments -----------------------------------------------------------------------

    def environments(self) -> list[EnvironmentRow]:
        with self._reading() as session:
            return [environment_row(entry) for entry in session.exec(
                select(Environment).order_by(col(Environment.tier), col(Environment.name)))]

    def insert_environment(self, row: EnvironmentRow) -> EnvironmentRow:
        return replace(row, id=self._insert_entry(Environment, row))

    def update_environment(self, row: EnvironmentRow) -> None:
        self._update_entry(Environment, row)

    def delete_environment(self, environment_id: int) -> None:
        """Only the library entry goes: an encounter keeps its own copy."""
        self._delete_entry(Environment, environment_id)

    def encounter_environment(self, encounter_id: int) -> EnvironmentBlock | None:
        with self._reading() as session:
            data = _get(session, Encounter, encounter_id).environment
        return None if data is None else EnvironmentBlock.from_json(data)

    def set_encounter_environment(self, encounter_id: int,
                                  block: EnvironmentBlock | None) -> None:
        with self._transaction() as session:
            _get(session, Encounter, encounter_id).environment = (
                None if block is None else block.to_json())


def _data(entry: LibraryModel) -> JsonObject:
    """The stat block's JSON, from the row's columns by name (a missing list: empty)."""
    data: JsonObject = {name: getattr(entry, name) for name in _columns(type(entry))}
    for name in JSON_STATS & data.keys():
        data[name] = data[name] or []
    return data


def template_row(entry: AdversaryTemplate) -> TemplateRow:
    return TemplateRow(id=entry.id, source=entry.source,
                       stats=StatBlock.from_json(_data(entry)))


def environment_row(entry: Environment) -> EnvironmentRow:
    return EnvironmentRow(id=entry.id, source=entry.source,
                          stats=EnvironmentBlock.from_json(_data(entry)))
