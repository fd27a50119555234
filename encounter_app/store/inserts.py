"""Inserting campaigns, PCs, combatants, countdowns and Fear ledger lines inside a caller's
transaction, so an action that adds many (an encounter copied as a template, a campaign or an
encounter imported from a file) is still one transaction.

Each takes the unit's Session and adds one sqlmodel object; a row with an id keeps it (undo and
redo put back the very rows they took away). Making room in a list is one UPDATE of the rows
below, however many there are.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from sqlmodel import Session, col, func, select, update

from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.json_data import JsonObject
from encounter_app.domain.rows import (
    CampaignRow,
    CombatantRow,
    CountdownRow,
    FearEventRow,
    StatBlock,
)
from encounter_app.domain.system import SystemRules
from encounter_app.domain.system_data import Part
from encounter_app.store.sql import _get, _id, _moment, _utc
from encounter_app.store.tables import Campaign, Combatant, Countdown, FearEvent, Pc


def insert_campaign(session: Session, row: CampaignRow,
                    created_at: str | None = None) -> CampaignRow:
    """Insert inside the caller's transaction (see Store.insert_campaign)."""
    campaign = Campaign(id=row.id, name=row.name, system=row.system, party_size=row.party_size,
                        fear=row.fear, created_at=_moment(created_at), archived=row.archived,
                        note=row.note, session_number=row.session_number,
                        options=row.options.to_json())
    session.add(campaign)
    session.flush()
    return replace(row, id=_id(campaign))


def insert_pc(session: Session, system: SystemRules, campaign_id: int, row: PcRow,
              position: int) -> PcRow:
    """Insert at ``position`` of the roster inside the caller's transaction (see
    Store.insert_pc). ``system``: the campaign's, whose sheet the PC's stats are."""
    session.exec(update(Pc)
                 .where(col(Pc.campaign_id) == campaign_id, col(Pc.position) >= position)
                 .values(position=col(Pc.position) + 1))
    stats = system.typed(Part.STATS, row.stats)
    pc = Pc(id=row.id, campaign_id=campaign_id, position=position, name=row.name,
            stats=system.write(Part.STATS, stats), hp_marked=row.hp_marked,
            stress_marked=row.stress_marked, armor_marked=row.armor_marked, note=row.note)
    session.add(pc)
    session.flush()
    return replace(row, id=_id(pc), stats=stats)


def insert_combatant(session: Session, system: SystemRules, encounter_id: int,
                     row: CombatantRow, position: int | None = None) -> CombatantRow:
    """Insert inside the caller's transaction (see Store.insert_combatant). ``system``: the
    campaign's; the row handed back has its typed values (a row made without them, EMPTY,
    has the system's defaults), as a read gives it."""
    position = _make_room(session, Combatant, encounter_id, position)
    row = replace(row, system_stats=system.typed(Part.COMBATANT_STATS, row.system_stats),
                  system_state=system.typed(Part.COMBATANT_STATE, row.system_state))
    combatant = Combatant(
        id=row.id, encounter_id=encounter_id, position=position, kind=row.kind, name=row.name,
        evasion=row.evasion, hp_max=row.hp_max, hp_marked=row.hp_marked,
        stress_max=row.stress_max, stress_marked=row.stress_marked,
        conditions=list(row.conditions), hidden=row.hidden, stat_block=_stat_block(row.stats),
        slow_tokens=row.slow_tokens, spotlights=row.spotlights, pc_id=row.pc_id,
        notes=row.notes, system_stats=system.write(Part.COMBATANT_STATS, row.system_stats),
        system_state=system.write(Part.COMBATANT_STATE, row.system_state))
    session.add(combatant)
    session.flush()
    return replace(row, id=_id(combatant), conditions=tuple(row.conditions))


def insert_countdown(session: Session, encounter_id: int, row: CountdownRow,
                     position: int | None = None) -> CountdownRow:
    """Insert inside the caller's transaction (see Store.insert_countdown)."""
    position = _make_room(session, Countdown, encounter_id, position)
    countdown = Countdown(
        id=row.id, encounter_id=encounter_id, position=position, name=row.name,
        start=row.start, value=row.value, kind=row.kind, loop=row.loop,
        long_term=row.long_term, trigger=row.trigger, dice=row.dice, link=row.link,
        loops=row.loops, visible=row.visible)
    session.add(countdown)
    session.flush()
    return replace(row, id=_id(countdown))


def _make_room(session: Session, model: type[Combatant] | type[Countdown], encounter_id: int,
               position: int | None) -> int:
    """Clamp ``position`` to the list (None: the end) and shift the rows from there down one."""
    count = session.exec(select(func.count()).select_from(model)
                         .where(col(model.encounter_id) == encounter_id)).one()
    position = count if position is None else max(0, min(position, count))
    session.exec(update(model)
                 .where(col(model.encounter_id) == encounter_id, col(model.position) >= position)
                 .values(position=col(model.position) + 1))
    return position


def _stat_block(stats: StatBlock | None) -> JsonObject | None:
    return None if stats is None else stats.to_json()


def record_fear(session: Session, campaign_id: int, row: FearEventRow) -> FearEventRow:
    """Set the campaign's Fear to ``row.value`` and add the ledger line (see
    Store.record_fear)."""
    created_at = _utc(row.created_at or datetime.now(UTC))
    _get(session, Campaign, campaign_id).fear = row.value
    event = FearEvent(id=row.id, campaign_id=campaign_id, encounter_id=row.encounter_id,
                      created_at=created_at, change=row.change, value=row.value,
                      reason=row.reason, note=row.note)
    session.add(event)
    session.flush()
    return replace(row, id=_id(event), created_at=created_at)
