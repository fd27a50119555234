"""The store's part of the fight's event log (a mixin of Store): who acted when, a round
begun, a defeat and by whom, what was hidden or shown, a countdown started or triggered, a
rest. Written inside the GM's action (the undo commands, services/fight/commands.py) and read
by the recap (services/recap.py).

``unit_serial`` tells one unit from the next: the open fight's session notes which rolls one
GM action logged, to name the attacker of a defeat in the same action.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import replace
from datetime import UTC, datetime

from sqlmodel import Session, col, func, select

from encounter_app.domain.rows import FightEventRow
from encounter_app.store.sql import _get, _id, _utc
from encounter_app.store.tables import Encounter, FightEvent


class EventQueries:
    def _transaction(self) -> AbstractContextManager[Session]:
        raise NotImplementedError  # Store's own

    def _reading(self) -> AbstractContextManager[Session]:
        raise NotImplementedError  # Store's own

    def insert_event(self, encounter_id: int, row: FightEventRow) -> FightEventRow:
        """Add a line to the encounter's event log; a row with an id keeps it (redo)."""
        created_at = _utc(row.created_at or datetime.now(UTC))
        with self._transaction() as session:
            record = FightEvent(
                id=row.id, encounter_id=encounter_id, session_number=row.session_number,
                round=row.round, created_at=created_at, kind=row.kind,
                combatant_id=row.combatant_id, countdown_id=row.countdown_id, name=row.name,
                what=row.what, by=row.by, by_id=row.by_id, visible=row.visible)
            session.add(record)
            session.flush()
            return replace(row, id=_id(record), encounter_id=encounter_id,
                           created_at=created_at)

    def set_event_by(self, event_id: int, by: str, by_id: int | None) -> None:
        """Name who did it (a defeat's attacker, logged later in the same action)."""
        with self._transaction() as session:
            record = _get(session, FightEvent, event_id)
            record.by, record.by_id = by, by_id

    def delete_event(self, event_id: int) -> None:
        with self._transaction() as session:
            session.delete(_get(session, FightEvent, event_id))

    def events(self, encounter_id: int) -> list[FightEventRow]:
        """The encounter's event log, oldest first."""
        with self._reading() as session:
            return [_event_row(record) for record in session.exec(
                select(FightEvent).where(FightEvent.encounter_id == encounter_id)
                .order_by(col(FightEvent.id)))]

    def session_encounters(self, campaign_id: int, session_number: int) -> list[int]:
        """The campaign's encounters with events of game session ``session_number``, in the
        order they were first played in it."""
        with self._reading() as session:
            rows = session.exec(
                select(FightEvent.encounter_id, col(FightEvent.id))
                .join(Encounter, col(Encounter.id) == col(FightEvent.encounter_id))
                .where(Encounter.campaign_id == campaign_id,
                       FightEvent.session_number == session_number)
                .order_by(col(FightEvent.id))).all()
            return list(dict.fromkeys(encounter_id for encounter_id, _ in rows))

    def session_span(self, campaign_id: int, session_number: int
                     ) -> tuple[datetime | None, datetime | None]:
        """When game session ``session_number`` of the campaign lies, by its event log: after
        the last event of an earlier session and before the first of a later one (None: no
        such bound)."""
        def edge(newest: bool, earlier: bool) -> datetime | None:
            moment = col(FightEvent.created_at)
            query = (select(FightEvent.created_at)
                     .join(Encounter, col(Encounter.id) == col(FightEvent.encounter_id))
                     .where(Encounter.campaign_id == campaign_id,
                            col(FightEvent.session_number) < session_number if earlier
                            else col(FightEvent.session_number) > session_number)
                     .order_by(moment.desc() if newest else moment).limit(1))
            found = session.exec(query).first()
            return None if found is None else _utc(found)

        with self._reading() as session:
            return edge(True, True), edge(False, False)

    def played_order(self, campaign_id: int) -> list[int]:
        """The campaign's encounters with events, the one played last (its newest event the
        newest: the log's ids grow as it is written) last."""
        with self._reading() as session:
            rows = session.exec(
                select(FightEvent.encounter_id, func.max(FightEvent.id))
                .join(Encounter, col(Encounter.id) == col(FightEvent.encounter_id))
                .where(Encounter.campaign_id == campaign_id)
                .group_by(col(FightEvent.encounter_id))
                .order_by(func.max(FightEvent.id))).all()
            return [encounter_id for encounter_id, _newest in rows]

    def event_sessions(self, campaign_id: int) -> list[int]:
        """The game sessions of the campaign its event log has lines of, in order."""
        with self._reading() as session:
            return sorted(set(session.exec(
                select(FightEvent.session_number)
                .join(Encounter, col(Encounter.id) == col(FightEvent.encounter_id))
                .where(Encounter.campaign_id == campaign_id)).all()))


def _event_row(record: FightEvent) -> FightEventRow:
    return FightEventRow(
        kind=record.kind, name=record.name, combatant_id=record.combatant_id,
        countdown_id=record.countdown_id, what=record.what, by=record.by, by_id=record.by_id,
        visible=record.visible, round=record.round, session_number=record.session_number,
        encounter_id=record.encounter_id, id=_id(record), created_at=_utc(record.created_at))
