"""Imports into the store, each one transaction: a file's stat blocks into the library (with the
GM's choice for each duplicate, and the way back for undo), an encounter file as a new
encounter of a campaign, and a campaign file as a new campaign. A failure anywhere leaves the
database as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from sqlmodel import Session, col, delete, func, select

from encounter_app.domain.campaign_rows import Summary
from encounter_app.domain.rows import (
    CampaignRow,
    EncounterRow,
    FearEventRow,
    StatBlock,
    TemplateRow,
    stored_id,
)
from encounter_app.domain.system_data import Part
from encounter_app.exchange.campaign_file import CampaignEncounter, CampaignFile
from encounter_app.exchange.encounter_file import EncounterFile
from encounter_app.exchange.fields import Progress
from encounter_app.store.inserts import (
    insert_campaign,
    insert_combatant,
    insert_countdown,
    insert_pc,
    record_fear,
)
from encounter_app.store.library import insert_entry, update_entry
from encounter_app.store.sql import _get, _id, _moment, _timestamp
from encounter_app.store.store import Store
from encounter_app.store.system_data import campaign_system
from encounter_app.store.tables import AdversaryTemplate, Campaign, Encounter

Choice = Literal["skip", "replace", "keep"]
CHOICES: tuple[Choice, ...] = ("skip", "replace", "keep")


def duplicate_key(stats: StatBlock) -> tuple[str, int]:
    """Two stat blocks are the same adversary when name and tier match, ignoring case."""
    return " ".join(stats.name.split()).casefold(), stats.tier


@dataclass(frozen=True)
class Duplicate:
    """Entry ``position`` of the file has the name and tier of ``existing`` (a library template)
    or of the file's entry ``earlier``."""

    position: int
    stats: StatBlock
    existing: TemplateRow | None = None
    earlier: int | None = None
    other: StatBlock | None = None  # the earlier entry's stat block


def find_duplicates(store: Store, blocks: Sequence[StatBlock]) -> list[Duplicate]:
    first: dict[tuple[str, int], TemplateRow | int] = {}
    for template in sorted(store.templates(), key=stored_id, reverse=True):
        first[duplicate_key(template.stats)] = template  # the oldest one wins
    found = []
    for position, stats in enumerate(blocks):
        match = first.setdefault(duplicate_key(stats), position)
        if isinstance(match, TemplateRow):
            found.append(Duplicate(position, stats, existing=match))
        elif match != position:
            found.append(Duplicate(position, stats, earlier=match, other=blocks[match]))
    return found


@dataclass(frozen=True)
class LibraryImport:
    """What an import does to the library. ``apply`` fills in the new ids; ``revert`` undoes."""

    inserted: tuple[TemplateRow, ...] = ()
    replaced: tuple[tuple[TemplateRow, TemplateRow], ...] = ()  # (new, old), same id
    skipped: tuple[StatBlock, ...] = ()

    @property
    def summary(self) -> str:
        """``" (3 replaced, 20 skipped as duplicates)"``, or nothing when all were added."""
        parts = []
        if self.replaced:
            parts.append(f"{len(self.replaced)} replaced")
        if self.skipped:
            parts.append(f"{len(self.skipped)} skipped as duplicates")
        return f" ({', '.join(parts)})" if parts else ""


def plan_import(store: Store, blocks: Sequence[StatBlock], source: str,
                choices: dict[int, Choice] | None = None, default: Choice = "skip"
                ) -> LibraryImport:
    """Decide what each stat block does: ``choices`` by position, ``default`` for the rest.

    For a duplicate of a library template, "replace" overwrites that template (keeping its id,
    so undo can put it back); for a duplicate of an earlier entry of the file, the later entry
    takes the earlier one's place. "keep" adds it beside the other.
    """
    choices = choices or {}
    duplicates = {d.position: d for d in find_duplicates(store, blocks)}
    inserted: list[TemplateRow | None] = []
    replaced: list[tuple[TemplateRow, TemplateRow]] = []
    skipped: list[StatBlock] = []
    # where each key went: ("new", index in inserted) or ("replaced", index in replaced)
    target: dict[tuple[str, int], tuple[str, int]] = {}
    for position, stats in enumerate(blocks):
        row = TemplateRow(None, stats, source)
        key = duplicate_key(stats)
        duplicate = duplicates.get(position)
        choice = choices.get(position, default) if duplicate else "keep"
        if choice == "skip":
            skipped.append(stats)
        elif choice == "keep" or duplicate is None:
            inserted.append(row)
            target.setdefault(key, ("new", len(inserted) - 1))
        elif key in target:  # replace what this file already put there
            where, index = target[key]
            if where == "new":
                earlier = inserted[index]
                assert earlier is not None, "target names the entry that took the key last"
                skipped.append(earlier.stats)
                inserted[index] = None
                inserted.append(row)
                target[key] = ("new", len(inserted) - 1)
            else:
                skipped.append(replaced[index][0].stats)
                replaced[index] = (replace(row, id=replaced[index][1].id), replaced[index][1])
        else:  # replace the library's template
            old = duplicate.existing
            # A file's first entry of a name and tier is never a duplicate, so it is in target:
            # only a duplicate of a library template gets here.
            assert old is not None, "a duplicate of the library names the template"
            replaced.append((replace(row, id=old.id), old))
            target[key] = ("replaced", len(replaced) - 1)
    return LibraryImport(tuple(r for r in inserted if r is not None), tuple(replaced),
                         tuple(skipped))


def apply_import(store: Store, plan: LibraryImport, progress: Progress | None = None
                 ) -> LibraryImport:
    """Write ``plan`` in one transaction; returns it with the new templates' ids (for redo)."""
    total = len(plan.inserted) + len(plan.replaced)
    with store.writing() as session:
        stored = []
        for done, row in enumerate(plan.inserted, 1):
            stored.append(insert_template(session, row))
            if progress is not None:
                progress(done, total)
        for done, (new, _old) in enumerate(plan.replaced, len(stored) + 1):
            _write_template(session, new)
            if progress is not None:
                progress(done, total)
    return replace(plan, inserted=tuple(stored))


def revert_import(store: Store, plan: LibraryImport) -> None:
    """Undo an applied import: its templates go, the ones it replaced come back."""
    with store.writing() as session:
        if plan.inserted:  # one DELETE for all of them
            session.exec(delete(AdversaryTemplate).where(
                col(AdversaryTemplate.id).in_([row.id for row in plan.inserted])))
        for _new, old in plan.replaced:
            _write_template(session, old)


def insert_template(session: Session, row: TemplateRow) -> TemplateRow:
    """A row with an id keeps it (redo of an import). In the import's one transaction."""
    return replace(row, id=insert_entry(session, AdversaryTemplate, row))


def _write_template(session: Session, row: TemplateRow) -> None:
    update_entry(session, AdversaryTemplate, row)


# -- encounters ---------------------------------------------------------------------------


def recreate_encounter(store: Store, campaign_id: int, encounter: EncounterFile,
                       fear_note: str = "") -> EncounterRow:
    """A new encounter of the campaign as the file has it, in one transaction.

    A Fear in the file other than the campaign's sets the pool, with a Fear ledger line
    "imported" (``fear_note`` says from where), so the GM sees why the pool moved.
    """
    with store.writing() as session:
        count = session.exec(select(func.count()).select_from(Encounter)
                             .where(Encounter.campaign_id == campaign_id)).one()
        # at the list's end
        encounter_id = _insert_encounter(session, store, campaign_id, encounter, count)
        current = _get(session, Campaign, campaign_id).fear
        if encounter.fear is not None and encounter.fear != current:
            record_fear(session, campaign_id, FearEventRow(
                change=encounter.fear - current, value=encounter.fear, reason="imported",
                note=fear_note, encounter_id=encounter_id))
    return store.encounter(encounter_id)


def _insert_encounter(session: Session, store: Store, campaign_id: int,
                      encounter: EncounterFile, position: int, *, status: str = "draft",
                      note: str = "", summary: Summary | None = None,
                      pc_ids: Sequence[int | None] = (), created_at: str | None = None) -> int:
    """The encounter, its combatants (linked to the roster PCs ``pc_ids`` names, one per
    combatant) and its countdowns, inside the caller's transaction. Returns its id."""
    system = campaign_system(session, store.systems, campaign_id)
    stored_encounter = Encounter(
        campaign_id=campaign_id, name=encounter.name, round=encounter.round,
        system_state=system.write(Part.ENCOUNTER_STATE, encounter.system_state),
        scene_intensity=encounter.scene_intensity, seed=encounter.seed,
        created_at=_moment(created_at), status=status, position=position, note=note,
        summary=None if summary is None else summary.to_json(),
        environment=None if encounter.environment is None else encounter.environment.to_json())
    session.add(stored_encounter)
    session.flush()
    encounter_id = _id(stored_encounter)
    links = list(pc_ids) or [None] * len(encounter.combatants)
    stored = [insert_combatant(session, system, encounter_id, replace(row, id=None, pc_id=link),
                               place)
              for place, (row, link) in enumerate(zip(encounter.combatants, links, strict=True))]
    for place, row in enumerate(encounter.countdowns):
        insert_countdown(session, encounter_id, replace(row, id=None), place)
    if encounter.active is not None:
        stored_encounter.active_combatant_id = stored[encounter.active].id
    return encounter_id


def encounter_file(store: Store, encounter_id: int) -> EncounterFile:
    """The encounter as it stands, with its campaign's Fear, ready to be written out."""
    encounter = store.encounter(encounter_id)
    campaign = store.campaign(encounter.campaign_id)
    combatants = store.combatants(encounter_id)
    ids = [row.id for row in combatants]
    active = (ids.index(encounter.active_combatant_id)
              if encounter.active_combatant_id in ids else None)
    return EncounterFile(
        name=encounter.name, system=campaign.system, round=encounter.round, active=active,
        scene_intensity=encounter.scene_intensity, seed=encounter.seed, fear=campaign.fear,
        # Ids and the link to this campaign's party roster belong to this database, not the file.
        combatants=tuple(replace(row, id=None, pc_id=None) for row in combatants),
        countdowns=tuple(replace(row, id=None) for row in store.countdowns(encounter_id)),
        environment=store.encounter_environment(encounter_id),
        system_state=encounter.system_state)


# -- campaigns ----------------------------------------------------------------------------


def campaign_file(store: Store, campaign_id: int) -> CampaignFile:
    """The campaign with its party, notes and every encounter, ready to be written out."""
    campaign = store.campaign(campaign_id)
    party = store.pcs(campaign_id)
    place = {pc.id: i for i, pc in enumerate(party)}
    encounters = []
    for entry in store.encounter_entries(campaign_id):
        entry_id = stored_id(entry)
        members = tuple(place.get(row.pc_id) for row in store.combatants(entry_id))
        encounters.append(CampaignEncounter(replace(encounter_file(store, entry_id), fear=None),
                                            entry.status, entry.note, entry.summary, members))
    return CampaignFile(name=campaign.name, system=campaign.system, fear=campaign.fear,
                        note=campaign.note, session_number=campaign.session_number,
                        options=campaign.options, party=tuple(replace(pc, id=None) for pc in party),
                        encounters=tuple(encounters))


def recreate_campaign(store: Store, campaign: CampaignFile,
                      created_at: str | None = None) -> CampaignRow:
    """A new campaign as the file has it (party, notes, encounters), in one transaction.
    ``created_at``: when it was first made, for the redo of an undone import."""
    stamp = created_at or _timestamp()
    with store.writing() as session:
        campaign_id = stored_id(insert_campaign(session, CampaignRow(
            None, campaign.name, campaign.system, len(campaign.party), campaign.fear,
            note=campaign.note, session_number=campaign.session_number,
            options=campaign.options), stamp))
        system = store.systems.get(campaign.system)
        pc_ids = [insert_pc(session, system, campaign_id, replace(pc, id=None), position).id
                  for position, pc in enumerate(campaign.party)]
        for position, item in enumerate(campaign.encounters):
            _insert_encounter(session, store, campaign_id, item.encounter, position,
                              status=item.status, note=item.note, summary=item.summary,
                              pc_ids=[None if m is None else pc_ids[m]
                                      for m in item.party_members], created_at=stamp)
    return store.campaign(campaign_id)
