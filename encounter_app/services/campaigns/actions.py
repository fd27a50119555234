"""The campaign view's GM actions, one method each (the one way in: services/operations.py):
campaigns created, renamed, archived, noted, a new game session; encounters prepared, copied,
renamed, reordered, finished, deleted, noted; the party's PCs added, edited, removed and joining
the open fight; the campaign's optional rules switched. Each is one undo step on the window's
stack, said in the status line where the view does not show it by itself.

Encounters are named by id (the view's list may be filtered), PCs by id, the rest by the plain
values the view's dialogs give.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from encounter_app.domain import CampaignRow
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.campaign_rows import EncounterEntry, PcRow
from encounter_app.domain.rows import stored_id
from encounter_app.services.campaigns import operations
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.campaigns.commands import (
    AddEncounter,
    AddPc,
    CreateCampaign,
    EncounterKeeper,
    MoveEncounter,
    RemoveEncounter,
    UpdateCampaign,
    UpdateEncounter,
    edit_pc,
    join_encounter,
    remove_pc,
)
from encounter_app.services.campaigns.operations import NewSessionHooks, new_game_session
from encounter_app.services.campaigns.rules import set_option
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.operations import Operations, Say
from encounter_app.services.undo import UndoStack

GONE = "That {what} is no longer in this campaign."


class CampaignOperations(Operations):
    """What the GM does in the campaign view of ``book`` (the viewed campaign), beside the open
    fight's ``session``; ``hooks`` refresh what lasts a game session."""

    def __init__(self, book: CampaignBook, session: EncounterSession, hooks: NewSessionHooks,
                 undo_stack: UndoStack, say: Say) -> None:
        super().__init__(undo_stack, say)
        self.book, self.session, self._hooks = book, session, hooks
        # The open encounter's entry is the session's to write (finished, the window refuses
        # its fight actions): the book's list follows it.
        session.entry_changed.connect(book.follow_encounter)

    def _keeper(self, entry: EncounterEntry) -> EncounterKeeper:
        """Who writes ``entry``: the open fight's session for its own, else the book."""
        return self.session if entry.id == self.session.encounter_id else self.book

    def _entry(self, encounter_id: int) -> tuple[int, EncounterEntry]:
        row = self.book.encounters.index_of(encounter_id)
        if row < 0:
            raise Refused(GONE.format(what="encounter"))
        return row, self.book.encounters[row]

    # -- campaigns --------------------------------------------------------------------------

    def create_campaign(self, name: str, system_key: str) -> CampaignRow | None:
        """A new campaign of ``system_key``, as stored; None when the store refused it."""
        command = CreateCampaign(self.book, CampaignRow(
            id=None, name=name, system=system_key, party_size=0, fear=0))
        return command.row if self.run(lambda: command) else None

    def rename_campaign(self, name: str) -> bool:
        campaign = self.book.campaign
        return self.run(lambda: None if name == campaign.name else UpdateCampaign(
            self.book, replace(campaign, name=name), f"Rename {campaign.name} to {name}"))

    def toggle_archived(self) -> bool:
        """The viewed campaign out of the picker, or back in."""
        campaign = self.book.campaign
        verb = "Unarchive" if campaign.archived else "Archive"
        return self.run(lambda: UpdateCampaign(self.book,
                                               replace(campaign, archived=not campaign.archived),
                                               f"{verb} {campaign.name}"))

    def campaign_note(self, text: str) -> bool:
        campaign = self.book.campaign
        return self.run(lambda: None if text == campaign.note else UpdateCampaign(
            self.book, replace(campaign, note=text), f"Note on {campaign.name}"))

    def new_game_session(self) -> bool:
        """The session counter up one, and every per-session refresh, one step; said."""
        command = new_game_session(self.book, self._hooks)
        return self.run(lambda: command, done=f"{command.text()}.")

    # -- encounters -------------------------------------------------------------------------

    def new_encounter(self, name: str) -> int | None:
        """A draft at the end of the list; its id (None when the store refused it)."""
        command = operations.new_encounter(self.book, name)
        return stored_id(command.entry) if self.run(lambda: command) else None

    def duplicate_encounter(self, encounter_id: int) -> int | None:
        """A copy as a template, right after it; the copy's id."""
        made: list[AddEncounter] = []

        def build() -> AddEncounter:
            row, _entry = self._entry(encounter_id)
            made.append(operations.duplicate(self.book, row))
            return made[0]

        return stored_id(made[0].entry) if self.run(build) else None

    def rename_encounter(self, encounter_id: int, name: str) -> bool:
        return self._edit_entry(encounter_id, lambda entry: replace(entry, name=name),
                                lambda entry: f"Rename {entry.name} to {name}")

    def encounter_note(self, encounter_id: int, text: str) -> bool:
        return self._edit_entry(encounter_id, lambda entry: replace(entry, note=text),
                                lambda entry: f"Note on {entry.name}")

    def _edit_entry(self, encounter_id: int, edit: Callable[[EncounterEntry], EncounterEntry],
                    words: Callable[[EncounterEntry], str]) -> bool:
        """One undo step that changes the encounter's entry; nothing when it stays the same."""
        def build() -> UpdateEncounter | None:
            _row, entry = self._entry(encounter_id)
            after = edit(entry)
            return None if after == entry else UpdateEncounter(self._keeper(entry), entry,
                                                               after, words(entry))

        return self.run(build)

    def delete_encounter(self, encounter_id: int) -> bool:
        """Only a draft that is not the open one can go (Undo brings it back)."""
        def build() -> RemoveEncounter:
            row, entry = self._entry(encounter_id)
            if entry.status != "draft":
                raise Refused(f"{entry.name} has been run: only drafts can be deleted. "
                              "Finish it instead.")
            if entry.id == self.session.encounter_id:
                raise Refused(f"{entry.name} is open in the window: it cannot be deleted.")
            return RemoveEncounter(self.book, row)

        return self.run(build)

    def finish_encounter(self, encounter_id: int) -> bool:
        """Mark it done, with the summary the store's records give now."""
        def build() -> UpdateEncounter:
            row, entry = self._entry(encounter_id)
            return operations.finish(self.book, row, self._keeper(entry))

        return self.run(build)

    def move_encounter(self, source: int, destination: int) -> bool:
        """The list's row ``source`` dragged to ``destination`` (both before the move)."""
        rows = len(self.book.encounters)
        if not (0 <= source < rows and 0 <= destination < rows) or source == destination:
            return False
        return self.run(lambda: MoveEncounter(self.book, source, destination))

    # -- the party --------------------------------------------------------------------------

    def add_pc(self, pc: PcRow) -> bool:
        return self.run(lambda: AddPc(self.book, pc))

    def edit_pc(self, pc: PcRow) -> bool:
        """A roster PC changed; its combatant in the open fight follows."""
        return self.run(lambda: edit_pc(self.book, self.session, pc))

    def remove_pc(self, pc_id: int) -> bool:
        """Off the roster; a fight they are in keeps them."""
        def build() -> Compound:
            row = self.book.party.index_of(pc_id)
            if row < 0:
                raise Refused(GONE.format(what="PC"))
            return remove_pc(self.book, self.session, row)

        return self.run(build)

    def join(self, pc_ids: Sequence[int]) -> bool:
        """The PCs join the open encounter (those not in it yet), one step; said, with those
        who were already there."""
        if self.book.campaign_id != self.book.home_id:
            return False
        if why := self.session.closed_reason():  # a finished fight takes nobody in
            self.say(why, error=True)
            return False
        pcs = [pc for pc in self.book.party if pc.id in set(pc_ids)]
        command, already = join_encounter(self.session, pcs)
        if command is not None and not self.run(lambda: command):
            return False
        there = f"{', '.join(already)} already in the encounter." if already else ""
        self.say(" ".join(t for t in (command.text() + "." if command else "", there) if t))
        return command is not None

    # -- the optional rules -----------------------------------------------------------------

    def set_option(self, key: str, value: bool | int) -> bool:
        """The viewed campaign's rule ``key`` set to ``value``; the open fight plays by it from
        the next action. Nothing when it already is."""
        return self.run(lambda: set_option(self.book, self.session, key, value))
