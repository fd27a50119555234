"""The store's campaign layer: campaigns, their encounter lists, party rosters, what reopens.

A mixin of :class:`~encounter_app.store.store.Store` (it uses the store's ``_transaction`` and
``_reading`` sessions), kept apart so the store's file keeps one job per part. Every method that
writes is one committed transaction (or a part of the caller's unit); a row with an id keeps it,
so undo and redo put back the very rows they took away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from typing import cast

from sqlmodel import Session, col, func, select, update

from encounter_app.domain.campaign_rows import EncounterEntry, EncounterStatus, PcRow, Summary
from encounter_app.domain.optional_rules import RuleOptions
from encounter_app.domain.rows import CampaignRow, CombatantRow, CountdownRow, EncounterRow
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.domain.system_data import Part
from encounter_app.store.inserts import (
    insert_campaign,
    insert_combatant,
    insert_countdown,
    insert_pc,
)
from encounter_app.store.sql import _get, _id, _moment, _timestamp
from encounter_app.store.system_data import campaign_system, decode
from encounter_app.store.tables import (
    AppState,
    Campaign,
    Combatant,
    Countdown,
    Encounter,
    FearEvent,
    Pc,
    RollRecord,
)

OPEN_CAMPAIGN, OPEN_ENCOUNTER = "open_campaign", "open_encounter"


def campaign_row(campaign: Campaign) -> CampaignRow:
    return CampaignRow(id=campaign.id, name=campaign.name, system=campaign.system,
                       party_size=campaign.party_size, fear=campaign.fear,
                       archived=campaign.archived, note=campaign.note,
                       session_number=campaign.session_number,
                       options=RuleOptions.from_json(campaign.options))


def _entry(encounter: Encounter) -> EncounterEntry:
    summary = encounter.summary
    return EncounterEntry(name=encounter.name, id=encounter.id,
                          status=cast(EncounterStatus, encounter.status), note=encounter.note,
                          seed=encounter.seed,
                          summary=None if summary is None else Summary.from_json(summary))


def pc_row(pc: Pc, system: SystemRules) -> PcRow:
    """A roster PC, its stats read as ``system``'s sheet (its campaign's)."""
    return PcRow(name=pc.name, stats=decode(system, Part.STATS, pc.stats, "pc", pc.id),
                 id=pc.id, hp_marked=pc.hp_marked, stress_marked=pc.stress_marked,
                 armor_marked=pc.armor_marked, note=pc.note)


def _renumber(rows: Sequence[Encounter] | Sequence[Countdown]) -> None:
    """Positions 0, 1, 2... in the order given (the session writes only those that moved)."""
    for position, row in enumerate(rows):
        row.position = position


class CampaignStore:
    """Campaign, encounter-list, roster and start-up queries (mixed into Store)."""

    # What Store defines (declared, not imported: store.py imports this module).
    systems: Catalog[SystemRules]
    _transaction: Callable[[], AbstractContextManager[Session]]
    _reading: Callable[[], AbstractContextManager[Session]]
    latest_encounter: Callable[[], EncounterRow | None]

    # -- campaigns --------------------------------------------------------------------------

    def campaigns(self) -> list[CampaignRow]:
        """Every campaign, archived ones too, by name."""
        with self._reading() as session:
            return [campaign_row(c) for c in session.exec(
                select(Campaign).order_by(col(Campaign.name).collate("NOCASE"),
                                          col(Campaign.id)))]

    def insert_campaign(self, row: CampaignRow, created_at: str | None = None) -> CampaignRow:
        """Add a campaign; a redo passes the id and creation time it had (delete_campaign)."""
        with self._transaction() as session:
            return insert_campaign(session, row, created_at)

    def delete_campaign(self, campaign_id: int) -> str:
        """Remove a campaign and everything in it (undo of creating it); returns the time it
        was created, for the redo."""
        with self._transaction() as session:
            campaign = _get(session, Campaign, campaign_id)
            session.delete(campaign)  # the database deletes its encounters, roster, ledger
            return _timestamp(campaign.created_at)

    def update_campaign(self, row: CampaignRow) -> None:
        """Write name, archived, note, session number and optional rules (Fear goes through
        record_fear)."""
        with self._transaction() as session:
            campaign = _get(session, Campaign, row.id)
            campaign.name, campaign.archived, campaign.note = row.name, row.archived, row.note
            campaign.session_number, campaign.party_size = row.session_number, row.party_size
            if RuleOptions.from_json(campaign.options) != row.options:  # a file's own form kept
                campaign.options = row.options.to_json()

    # -- the encounter list -----------------------------------------------------------------

    def encounter_entries(self, campaign_id: int) -> list[EncounterEntry]:
        with self._reading() as session:
            return [_entry(e) for e in session.exec(
                select(Encounter).where(Encounter.campaign_id == campaign_id)
                .order_by(col(Encounter.position), col(Encounter.id)))]

    def insert_encounter(self, campaign_id: int, entry: EncounterEntry, position: int,
                         combatants: Sequence[CombatantRow] = (),
                         countdowns: Sequence[CountdownRow] = (), created_at: str | None = None
                         ) -> tuple[EncounterEntry, list[CombatantRow], list[CountdownRow]]:
        """Add an encounter at ``position`` of the list with its combatants and countdowns, all
        in one transaction. Rows with ids keep them (redo); countdown links are given as the
        index of the partner in ``countdowns`` the first time, and kept as ids after."""
        with self._transaction() as session:
            session.exec(update(Encounter)
                         .where(col(Encounter.campaign_id) == campaign_id,
                                col(Encounter.position) >= position)
                         .values(position=col(Encounter.position) + 1))
            encounter = Encounter(
                id=entry.id, campaign_id=campaign_id, name=entry.name, seed=entry.seed,
                created_at=_moment(created_at), status=entry.status, position=position,
                note=entry.note,
                summary=None if entry.summary is None else entry.summary.to_json())
            session.add(encounter)
            session.flush()
            encounter_id = _id(encounter)
            entry = replace(entry, id=encounter_id)
            system = campaign_system(session, self.systems, campaign_id)
            stored_combatants = [insert_combatant(session, system, encounter_id, row)
                                 for row in combatants]
            stored_countdowns = [insert_countdown(session, encounter_id, row)
                                 for row in countdowns]
            # A copied linked pair points at its partner by its place in the list the first
            # time (the ids are new); redo gets the rows back with the real ids.
            for i, row in enumerate(stored_countdowns):
                if row.link is not None and row.id != countdowns[i].id:
                    row = replace(row, link=stored_countdowns[row.link].id)
                    _get(session, Countdown, row.id).link = row.link
                    stored_countdowns[i] = row
        return entry, stored_combatants, stored_countdowns

    def delete_encounter(self, encounter_id: int) -> str:
        """Remove an encounter and all in it; the list closes the gap. Returns the time it was
        created, for the redo."""
        with self._transaction() as session:
            encounter = _get(session, Encounter, encounter_id)
            session.delete(encounter)  # the database deletes its combatants, countdowns, rolls
            session.flush()
            session.exec(update(Encounter)
                         .where(col(Encounter.campaign_id) == encounter.campaign_id,
                                col(Encounter.position) > encounter.position)
                         .values(position=col(Encounter.position) - 1))
            return _timestamp(encounter.created_at)

    def update_encounter_entry(self, entry: EncounterEntry) -> None:
        with self._transaction() as session:
            encounter = _get(session, Encounter, entry.id)
            encounter.name, encounter.status, encounter.note = entry.name, entry.status, entry.note
            encounter.summary = None if entry.summary is None else entry.summary.to_json()

    def move_encounter(self, campaign_id: int, source: int, destination: int) -> None:
        """Move the encounter at list row ``source`` to row ``destination``."""
        if source == destination:
            return
        with self._transaction() as session:
            encounters = list(session.exec(
                select(Encounter).where(Encounter.campaign_id == campaign_id)
                .order_by(col(Encounter.position), col(Encounter.id))))
            encounters.insert(destination, encounters.pop(source))
            _renumber(encounters)

    def carry_long_term(self, encounter_id: int) -> list[str]:
        """Move the campaign's long-term countdowns from its other encounters to this one, at
        the end of its list; returns their names.

        Long-term countdowns are the campaign's (they tick on rests, between fights): they
        follow the GM to the encounter being run rather than stay behind in the last one.
        """
        with self._transaction() as session:
            campaign_id = _get(session, Encounter, encounter_id).campaign_id
            moving = list(session.exec(
                select(Countdown).join(Encounter, col(Encounter.id) == Countdown.encounter_id)
                .where(Encounter.campaign_id == campaign_id, col(Countdown.long_term),
                       Countdown.encounter_id != encounter_id)
                .order_by(col(Encounter.position), col(Countdown.position))))
            count = session.exec(select(func.count()).select_from(Countdown)
                                 .where(Countdown.encounter_id == encounter_id)).one()
            sources = {countdown.encounter_id for countdown in moving}
            for n, countdown in enumerate(moving):
                countdown.encounter_id, countdown.position = encounter_id, count + n
            session.flush()
            for source in sources:  # close the gaps they left
                _renumber(session.exec(select(Countdown)
                                       .where(Countdown.encounter_id == source)
                                       .order_by(col(Countdown.position))).all())
            return [countdown.name for countdown in moving]

    def summarize(self, encounter_id: int) -> Summary:
        """What happened in an encounter, from the store's own records."""
        with self._reading() as session:
            rounds = _get(session, Encounter, encounter_id).round
            changes = session.exec(select(FearEvent.change)
                                   .where(FearEvent.encounter_id == encounter_id)).all()
            defeated = tuple(session.exec(
                select(Combatant.name)
                .where(Combatant.encounter_id == encounter_id, Combatant.kind == "adversary",
                       Combatant.hp_max > 0, Combatant.hp_marked >= Combatant.hp_max)
                .order_by(col(Combatant.position))))
            rolls = session.exec(select(func.count()).select_from(RollRecord)
                                 .where(RollRecord.encounter_id == encounter_id)).one()
        return Summary(rounds, sum(c for c in changes if c > 0),
                       sum(-c for c in changes if c < 0), defeated, rolls)

    # -- the party --------------------------------------------------------------------------

    def pcs(self, campaign_id: int) -> list[PcRow]:
        with self._reading() as session:
            system = campaign_system(session, self.systems, campaign_id)
            return [pc_row(pc, system) for pc in session.exec(
                select(Pc).where(Pc.campaign_id == campaign_id)
                .order_by(col(Pc.position), col(Pc.id)))]

    def pc(self, pc_id: int) -> PcRow:
        with self._reading() as session:
            pc = _get(session, Pc, pc_id)
            return pc_row(pc, campaign_system(session, self.systems, pc.campaign_id))

    def insert_pc(self, campaign_id: int, row: PcRow, position: int,
                  combatant_ids: Sequence[int] = ()) -> PcRow:
        """Add a PC at ``position`` of the roster; ``combatant_ids`` are linked to it again
        (the undo of removing it)."""
        with self._transaction() as session:
            stored = insert_pc(session, campaign_system(session, self.systems, campaign_id),
                               campaign_id, row, position)
            if combatant_ids:
                session.exec(update(Combatant).where(col(Combatant.id).in_(combatant_ids))
                             .values(pc_id=stored.id))
            return stored

    def remove_pc(self, pc_id: int) -> list[int]:
        """Take a PC off the roster; its combatants stay in their fights, unlinked. Returns
        their ids, for the undo."""
        with self._transaction() as session:
            pc = _get(session, Pc, pc_id)
            linked = list(session.exec(select(Combatant.id).where(Combatant.pc_id == pc_id)))
            session.delete(pc)  # the database unlinks its combatants
            session.flush()
            session.exec(update(Pc)
                         .where(col(Pc.campaign_id) == pc.campaign_id,
                                col(Pc.position) > pc.position)
                         .values(position=col(Pc.position) - 1))
            return [key for key in linked if key is not None]

    def update_pc(self, row: PcRow) -> None:
        with self._transaction() as session:
            pc = _get(session, Pc, row.id)
            system = campaign_system(session, self.systems, pc.campaign_id)
            pc.name, pc.note = row.name, row.note
            pc.stats = system.write(Part.STATS, row.stats)
            pc.hp_marked, pc.stress_marked = row.hp_marked, row.stress_marked
            pc.armor_marked = row.armor_marked

    # -- what reopens at start --------------------------------------------------------------

    def remember(self, key: str, value: str) -> None:
        with self._transaction() as session:
            state = session.get(AppState, key)
            if state is None:
                session.add(AppState(key=key, value=value))
            else:
                state.value = value

    def recalled(self, key: str) -> str | None:
        with self._reading() as session:
            state = session.get(AppState, key)
            return None if state is None else state.value

    def encounter_to_open(self) -> int | None:
        """The encounter open when the program last ran, else the newest; None when empty."""
        remembered = self.recalled(OPEN_ENCOUNTER) or ""
        if remembered.isdigit():
            with self._reading() as session:
                if session.exec(select(Encounter.id)
                                .where(Encounter.id == int(remembered))).first() is not None:
                    return int(remembered)
        latest = self.latest_encounter()
        return None if latest is None else latest.id
