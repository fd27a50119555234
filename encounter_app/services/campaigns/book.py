"""CampaignBook: the campaign view's state (the campaigns, and the viewed one's encounters and
party), kept in step with the store like EncounterSession keeps the open fight.

Each method writes to the store first (one transaction), then changes the row lists, which
announce the change to the Qt models. They are the primitives the campaign commands call.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal

from encounter_app.domain import CampaignRow, CombatantRow, CountdownRow
from encounter_app.domain.campaign_rows import EncounterEntry, PcRow
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.services.rowlist import RowList
from encounter_app.store import Store, StoreError
from encounter_app.store.campaigns import OPEN_CAMPAIGN


class CampaignBook(QObject):
    viewed_changed = Signal()  # another campaign is shown

    def __init__(self, store: Store, systems: Catalog[SystemRules], home_id: int,
                 view_id: int | None = None, parent: QObject | None = None) -> None:
        """``home_id``: the open encounter's campaign; ``view_id``: the one to show first."""
        super().__init__(parent)
        self.store = store
        self.systems = systems
        self.campaigns: RowList[CampaignRow] = RowList(store.campaigns(), self)
        self.encounters: RowList[EncounterEntry] = RowList((), self)
        self.party: RowList[PcRow] = RowList((), self)
        self.campaign_id = self.home_id = home_id
        self.view(home_id if view_id is None else view_id)

    @property
    def campaign(self) -> CampaignRow:
        return self.campaigns.by_id(self.campaign_id)

    @property
    def system(self) -> SystemRules:
        """The viewed campaign's rule system."""
        return self.systems.get(self.campaign.system)

    def view(self, campaign_id: int) -> None:
        """Show ``campaign_id``'s encounters and party; it reopens next time."""
        self.campaign_id = campaign_id
        self.encounters.reset(self.store.encounter_entries(campaign_id))
        self.party.reset(self.store.pcs(campaign_id))
        with contextlib.suppress(StoreError):  # a full disk: it is only not remembered
            self.store.remember(OPEN_CAMPAIGN, str(campaign_id))
        self.viewed_changed.emit()

    def reload(self) -> None:
        """Read the campaigns, and the viewed one's encounters and party, again: a failed
        action was rolled back in the store."""
        self.campaigns.sync(self.store.campaigns())
        if self.campaigns.index_of(self.campaign_id) < 0:
            self.campaign_id = self.home_id
        self.encounters.sync(self.store.encounter_entries(self.campaign_id))
        self.party.sync(self.store.pcs(self.campaign_id))
        self.viewed_changed.emit()

    def reload_party(self) -> None:
        """Read the roster's marks again: marking a PC's combatant in a fight writes them."""
        for row, stored in enumerate(self.store.pcs(self.campaign_id)):
            if row < len(self.party) and self.party[row] != stored:
                self.party.replace(row, stored)

    # -- campaigns --------------------------------------------------------------------------

    def add_campaign(self, row: CampaignRow, created_at: str | None = None) -> CampaignRow:
        stored = self.store.insert_campaign(row, created_at)
        self._list(stored)
        return stored

    def campaign_arrived(self, campaign_id: int) -> None:
        """A campaign stored without the book (imported from a file): list it too."""
        self._list(self.store.campaign(campaign_id))

    def campaign_gone(self, campaign_id: int) -> None:
        """A campaign deleted without the book (an import undone): unlist it."""
        if campaign_id in {c.id for c in self.campaigns}:
            self.campaigns.pop(self.campaigns.index_of(campaign_id))
            if campaign_id == self.campaign_id:
                self.view(self.home_id)

    def _list(self, row: CampaignRow) -> None:
        position = sum(1 for c in self.campaigns
                       if (c.name.lower(), c.id) < (row.name.lower(), row.id))
        self.campaigns.insert(position, row)

    def remove_campaign(self, campaign_id: int) -> str:
        """Returns when it was created (store.delete_campaign)."""
        created_at = self.store.delete_campaign(campaign_id)
        self.campaign_gone(campaign_id)
        return created_at

    def update_campaign(self, row: CampaignRow) -> None:
        self.store.update_campaign(row)
        self.campaigns.replace(self.campaigns.index_of(row.id), row)
        if row.id == self.campaign_id:
            self.viewed_changed.emit()

    # -- encounters -------------------------------------------------------------------------

    def add_encounter(self, campaign_id: int, entry: EncounterEntry, position: int,
                      combatants: Sequence[CombatantRow] = (),
                      countdowns: Sequence[CountdownRow] = (), created_at: str | None = None
                      ) -> tuple[EncounterEntry, list[CombatantRow], list[CountdownRow]]:
        stored = self.store.insert_encounter(campaign_id, entry, position, combatants,
                                             countdowns, created_at)
        if campaign_id == self.campaign_id:
            self.encounters.insert(position, stored[0])
        return stored

    def remove_encounter(self, encounter_id: int) -> str:
        created_at = self.store.delete_encounter(encounter_id)
        row = self.encounters.index_of(encounter_id)
        if row >= 0:
            self.encounters.pop(row)
        return created_at

    def update_encounter(self, entry: EncounterEntry) -> None:
        self.store.update_encounter_entry(entry)
        self.follow_encounter(entry)

    def follow_encounter(self, entry: EncounterEntry) -> None:
        """``entry`` was written by another (the open fight's session): the list shows it."""
        row = self.encounters.index_of(entry.id)
        if row >= 0 and self.encounters[row] != entry:
            self.encounters.replace(row, entry)

    def move_encounter(self, campaign_id: int, source: int, destination: int) -> None:
        self.store.move_encounter(campaign_id, source, destination)
        if campaign_id == self.campaign_id:
            self.encounters.move(source, destination)

    # -- the party --------------------------------------------------------------------------
    # By campaign and id, not by the viewed list: an undo may reach a campaign not in view.

    def add_pc(self, campaign_id: int, row: PcRow, position: int,
               combatant_ids: Sequence[int] = ()) -> PcRow:
        stored = self.store.insert_pc(campaign_id, row, position, combatant_ids)
        if campaign_id == self.campaign_id:
            self.party.insert(position, stored)
        return stored

    def remove_pc(self, pc_id: int) -> list[int]:
        linked = self.store.remove_pc(pc_id)
        row = self.party.index_of(pc_id)
        if row >= 0:
            self.party.pop(row)
        return linked

    def update_pc(self, row: PcRow) -> None:
        self.store.update_pc(row)
        position = self.party.index_of(row.id)
        if position >= 0:
            self.party.replace(position, row)
