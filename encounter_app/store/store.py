"""The Store: one SQLite file, every user action one committed transaction.

Opening checks the file before anything writes to it (not a database, a newer schema), backs
it up, and migrates it with Alembic. Methods take and return frozen rows (``rows.py``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from sqlalchemy import event, func, update
from sqlalchemy.engine import Engine
from sqlmodel import Session, create_engine, select

from encounter_app.store import migrate
from encounter_app.store.rows import (
    CampaignRow,
    CombatantRow,
    CountdownRow,
    EncounterRow,
    FearEventRow,
    RollRow,
    StatBlock,
    TemplateRow,
)
from encounter_app.store.tables import (
    AdversaryTemplate,
    Campaign,
    Combatant,
    Countdown,
    Encounter,
    FearEvent,
    RollRecord,
)

DB_NAME = "encounter.db"

T = TypeVar("T")


class StoreError(Exception):
    """The data folder or its database cannot be used; the message says why, for the GM."""


def _set_pragmas(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    # Python's sqlite3 commits on its own before DDL, so a failed migration would leave half a
    # schema behind. Take transactions away from the driver and let SQLAlchemy emit BEGIN:
    # https://docs.sqlalchemy.org/en/20/dialects/sqlite.html#serializable-isolation-savepoints-transactional-ddl
    dbapi_connection.isolation_level = None
    # Per connection, not per file: foreign keys and the busy timeout are connection settings.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _begin(connection) -> None:
    connection.exec_driver_sql("BEGIN")


class Store:
    """The encounter database in ``data_dir``. Build it with :meth:`open`."""

    def __init__(self, engine: Engine, path: Path) -> None:
        self._engine = engine
        self.path = path

    @classmethod
    def open(cls, data_dir: Path) -> Store:
        """Open (creating if needed) ``data_dir/encounter.db`` and migrate it to this version.

        Raises StoreError, leaving the file as it was, when it cannot be used.
        """
        data_dir = Path(data_dir)
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"Cannot create the data folder {data_dir}: {exc.strerror}.") from exc
        path = (data_dir / DB_NAME).resolve()
        migrate.check_file(path)
        engine = create_engine(f"sqlite:///{path}", connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _set_pragmas)
        event.listen(engine, "begin", _begin)
        try:
            migrate.upgrade(engine, path)
        except Exception as exc:
            engine.dispose()
            raise StoreError(
                f"Could not bring {path} up to date ({exc}). Nothing was changed; a copy "
                f"made before the attempt is in {path.parent / 'backups'}."
            ) from exc
        return cls(engine, path)

    def close(self) -> None:
        self._engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        # expire_on_commit=False: rows are copied out after the commit without another query.
        with Session(self._engine, expire_on_commit=False) as session, session.begin():
            yield session

    # -- campaigns --------------------------------------------------------------------------

    def create_campaign(self, name: str, *, system: str = "daggerheart", party_size: int = 0,
                        fear: int = 0) -> CampaignRow:
        with self._transaction() as s:
            campaign = Campaign(name=name, system=system, party_size=party_size, fear=fear)
            s.add(campaign)
            s.flush()
            return _campaign_row(campaign)

    def campaign(self, campaign_id: int) -> CampaignRow:
        with self._transaction() as s:
            return _campaign_row(_get(s, Campaign, campaign_id))

    def set_fear(self, campaign_id: int, value: int) -> None:
        with self._transaction() as s:
            _get(s, Campaign, campaign_id).fear = value

    def record_fear(self, campaign_id: int, row: FearEventRow) -> FearEventRow:
        """Set the campaign's Fear to ``row.value`` and add the ledger line, in one transaction.

        A row with an id keeps it (redo).
        """
        with self._transaction() as s:
            _get(s, Campaign, campaign_id).fear = row.value
            event = FearEvent(
                id=row.id, campaign_id=campaign_id, encounter_id=row.encounter_id,
                change=row.change, value=row.value, reason=row.reason, note=row.note,
                **({"created_at": row.created_at} if row.created_at else {}),
            )
            s.add(event)
            s.flush()
            return _fear_row(event)

    def unrecord_fear(self, campaign_id: int, event_id: int, value: int) -> None:
        """Take a ledger line back out and put the pool back to ``value`` (undo)."""
        with self._transaction() as s:
            _get(s, Campaign, campaign_id).fear = value
            s.delete(_get(s, FearEvent, event_id))

    def fear_ledger(self, campaign_id: int) -> list[FearEventRow]:
        """Every gain and spend of the campaign, newest first."""
        with self._transaction() as s:
            query = (select(FearEvent).where(FearEvent.campaign_id == campaign_id)
                     .order_by(FearEvent.id.desc()))
            return [_fear_row(e) for e in s.exec(query)]

    def set_scene_intensity(self, encounter_id: int, intensity: str) -> None:
        with self._transaction() as s:
            _get(s, Encounter, encounter_id).scene_intensity = intensity

    # -- encounters -------------------------------------------------------------------------

    def create_encounter(self, campaign_id: int, name: str, *, seed: int | None = None
                         ) -> EncounterRow:
        with self._transaction() as s:
            encounter = Encounter(campaign_id=campaign_id, name=name, seed=seed)
            s.add(encounter)
            s.flush()
            return _encounter_row(encounter)

    def encounter(self, encounter_id: int) -> EncounterRow:
        with self._transaction() as s:
            return _encounter_row(_get(s, Encounter, encounter_id))

    def latest_encounter(self) -> EncounterRow | None:
        with self._transaction() as s:
            encounter = s.exec(select(Encounter).order_by(Encounter.id.desc())).first()
            return None if encounter is None else _encounter_row(encounter)

    def set_turn(self, encounter_id: int, active_combatant_id: int | None, round_: int) -> None:
        with self._transaction() as s:
            encounter = _get(s, Encounter, encounter_id)
            encounter.active_combatant_id = active_combatant_id
            encounter.round = round_

    # -- combatants -------------------------------------------------------------------------

    def combatants(self, encounter_id: int) -> list[CombatantRow]:
        with self._transaction() as s:
            query = (select(Combatant).where(Combatant.encounter_id == encounter_id)
                     .order_by(Combatant.position))
            return [_combatant_row(c) for c in s.exec(query)]

    def insert_combatant(self, encounter_id: int, row: CombatantRow, position: int | None = None
                         ) -> CombatantRow:
        """Insert at ``position`` (the end when None). A row with an id keeps it (redo, undo)."""
        with self._transaction() as s:
            count = _count(s, Combatant, encounter_id)
            position = count if position is None else max(0, min(position, count))
            s.exec(update(Combatant)
                   .where(Combatant.encounter_id == encounter_id, Combatant.position >= position)
                   .values(position=Combatant.position + 1))
            combatant = Combatant(
                id=row.id, encounter_id=encounter_id, position=position, kind=row.kind,
                name=row.name, evasion=row.evasion, hp_max=row.hp_max, hp_marked=row.hp_marked,
                stress_max=row.stress_max, stress_marked=row.stress_marked,
                conditions=list(row.conditions), hidden=row.hidden,
                slow_tokens=row.slow_tokens, spotlights=row.spotlights,
                stat_block=None if row.stats is None else row.stats.to_json(),
            )
            s.add(combatant)
            s.flush()
            return _combatant_row(combatant)

    def remove_combatant(self, combatant_id: int) -> None:
        with self._transaction() as s:
            combatant = _get(s, Combatant, combatant_id)
            encounter_id, position = combatant.encounter_id, combatant.position
            s.delete(combatant)
            s.flush()
            s.exec(update(Combatant)
                   .where(Combatant.encounter_id == encounter_id, Combatant.position > position)
                   .values(position=Combatant.position - 1))
            s.exec(update(Encounter)
                   .where(Encounter.id == encounter_id,
                          Encounter.active_combatant_id == combatant_id)
                   .values(active_combatant_id=None))

    def move_combatant(self, encounter_id: int, source: int, destination: int) -> None:
        """Move the combatant at row ``source`` so that it ends up at row ``destination``."""
        if source == destination:
            return
        with self._transaction() as s:
            moving = s.exec(select(Combatant).where(
                Combatant.encounter_id == encounter_id, Combatant.position == source)).one()
            if source < destination:
                shift = (Combatant.position > source, Combatant.position <= destination, -1)
            else:
                shift = (Combatant.position >= destination, Combatant.position < source, +1)
            s.exec(update(Combatant)
                   .where(Combatant.encounter_id == encounter_id, shift[0], shift[1])
                   .values(position=Combatant.position + shift[2]))
            moving.position = destination

    def set_marks(self, combatant_id: int, *, hp_marked: int, stress_marked: int) -> None:
        with self._transaction() as s:
            combatant = _get(s, Combatant, combatant_id)
            combatant.hp_marked = hp_marked
            combatant.stress_marked = stress_marked

    def update_combatant(self, row: CombatantRow) -> None:
        """Write everything about a combatant except its place in the order."""
        with self._transaction() as s:
            combatant = _get(s, Combatant, row.id)
            combatant.kind, combatant.name, combatant.evasion = row.kind, row.name, row.evasion
            combatant.hp_max, combatant.hp_marked = row.hp_max, row.hp_marked
            combatant.stress_max, combatant.stress_marked = row.stress_max, row.stress_marked
            combatant.conditions, combatant.hidden = list(row.conditions), row.hidden
            combatant.slow_tokens, combatant.spotlights = row.slow_tokens, row.spotlights
            combatant.stat_block = None if row.stats is None else row.stats.to_json()

    # -- countdowns -------------------------------------------------------------------------

    def countdowns(self, encounter_id: int) -> list[CountdownRow]:
        with self._transaction() as s:
            query = (select(Countdown).where(Countdown.encounter_id == encounter_id)
                     .order_by(Countdown.position))
            return [_countdown_row(c) for c in s.exec(query)]

    def insert_countdown(self, encounter_id: int, row: CountdownRow, position: int | None = None
                         ) -> CountdownRow:
        with self._transaction() as s:
            count = _count(s, Countdown, encounter_id)
            position = count if position is None else max(0, min(position, count))
            s.exec(update(Countdown)
                   .where(Countdown.encounter_id == encounter_id, Countdown.position >= position)
                   .values(position=Countdown.position + 1))
            countdown = Countdown(
                id=row.id, encounter_id=encounter_id, position=position, name=row.name,
                start=row.start, value=row.value, kind=row.kind, loop=row.loop,
                long_term=row.long_term, trigger=row.trigger, dice=row.dice, link=row.link,
                loops=row.loops,
            )
            s.add(countdown)
            s.flush()
            return _countdown_row(countdown)

    def remove_countdown(self, countdown_id: int) -> None:
        with self._transaction() as s:
            countdown = _get(s, Countdown, countdown_id)
            encounter_id, position = countdown.encounter_id, countdown.position
            s.delete(countdown)
            s.flush()
            s.exec(update(Countdown)
                   .where(Countdown.encounter_id == encounter_id, Countdown.position > position)
                   .values(position=Countdown.position - 1))

    def update_countdown(self, row: CountdownRow) -> None:
        """Write a countdown's state (value, start, name, kind) as the row has it."""
        with self._transaction() as s:
            countdown = _get(s, Countdown, row.id)
            countdown.name, countdown.start, countdown.value = row.name, row.start, row.value
            countdown.kind, countdown.loop, countdown.long_term = row.kind, row.loop, row.long_term
            countdown.trigger, countdown.dice = row.trigger, row.dice
            countdown.link, countdown.loops = row.link, row.loops

    # -- roll log ---------------------------------------------------------------------------

    def rolls(self, encounter_id: int, limit: int | None = None) -> list[RollRow]:
        """The encounter's roll log, newest first."""
        with self._transaction() as s:
            query = (select(RollRecord).where(RollRecord.encounter_id == encounter_id)
                     .order_by(RollRecord.id.desc()).limit(limit))
            return [_roll_row(r) for r in s.exec(query)]

    def insert_roll(self, encounter_id: int, row: RollRow) -> RollRow:
        with self._transaction() as s:
            record = RollRecord(
                id=row.id, encounter_id=encounter_id, kind=row.kind, actor=row.actor,
                summary=row.summary, detail=row.detail, payload=dict(row.payload),
                **({"created_at": row.created_at} if row.created_at else {}),
            )
            s.add(record)
            s.flush()
            return _roll_row(record)

    def delete_roll(self, roll_id: int) -> None:
        with self._transaction() as s:
            s.delete(_get(s, RollRecord, roll_id))

    # -- adversary library ------------------------------------------------------------------

    def templates(self) -> list[TemplateRow]:
        with self._transaction() as s:
            query = select(AdversaryTemplate).order_by(AdversaryTemplate.tier,
                                                       AdversaryTemplate.name)
            return [_template_row(t) for t in s.exec(query)]

    def insert_templates(self, rows: list[TemplateRow]) -> list[TemplateRow]:
        """Add stat blocks to the library, all or none."""
        with self._transaction() as s:
            records = [AdversaryTemplate(source=r.source, **r.stats.to_json())
                       for r in rows]
            s.add_all(records)
            s.flush()
            return [_template_row(t) for t in records]


def _get(session: Session, table: type[T], key: int | None) -> T:
    obj = session.get(table, key)
    if obj is None:
        raise KeyError(f"no {table.__name__} with id {key}")
    return obj


def _count(session: Session, table: type[Combatant] | type[Countdown], encounter_id: int) -> int:
    query = select(func.count()).select_from(table).where(table.encounter_id == encounter_id)
    return session.exec(query).one()


def _campaign_row(c: Campaign) -> CampaignRow:
    return CampaignRow(id=c.id, name=c.name, system=c.system, party_size=c.party_size,
                       fear=c.fear)


def _encounter_row(e: Encounter) -> EncounterRow:
    return EncounterRow(id=e.id, campaign_id=e.campaign_id, name=e.name, round=e.round,
                        active_combatant_id=e.active_combatant_id,
                        scene_intensity=e.scene_intensity, seed=e.seed)


def _combatant_row(c: Combatant) -> CombatantRow:
    return CombatantRow(
        id=c.id, kind=c.kind, name=c.name, evasion=c.evasion, hp_max=c.hp_max,
        hp_marked=c.hp_marked, stress_max=c.stress_max, stress_marked=c.stress_marked,
        conditions=tuple(c.conditions or ()), hidden=c.hidden,
        slow_tokens=c.slow_tokens, spotlights=c.spotlights,
        stats=None if c.stat_block is None else StatBlock.from_json(c.stat_block),
    )


def _countdown_row(c: Countdown) -> CountdownRow:
    return CountdownRow(id=c.id, name=c.name, start=c.start, value=c.value, kind=c.kind,
                        loop=c.loop, long_term=c.long_term, trigger=c.trigger, dice=c.dice,
                        link=c.link, loops=c.loops)


def _fear_row(e: FearEvent) -> FearEventRow:
    return FearEventRow(id=e.id, encounter_id=e.encounter_id, created_at=e.created_at,
                        change=e.change, value=e.value, reason=e.reason, note=e.note)


def _roll_row(r: RollRecord) -> RollRow:
    return RollRow(id=r.id, kind=r.kind, actor=r.actor, summary=r.summary, detail=r.detail,
                   created_at=r.created_at, payload=dict(r.payload or {}))


def _template_row(t: AdversaryTemplate) -> TemplateRow:
    return TemplateRow(id=t.id, source=t.source, stats=StatBlock.from_json(t.model_dump()))

