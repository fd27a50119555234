"""Campaign-view actions made of several steps: a new encounter, one copied as a template,
finishing one with its summary, a new game session with its per-session refreshes, and opening
an encounter in the window.

New game session is the extension point for per-session resources: a system registers a hook
in :class:`NewSessionHooks` (Casus Mus' Luck Points refresh, for one), and every hook's
commands go into the same undo step as the session counter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CampaignRow, CombatantRow, CountdownRow
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.campaign_rows import EncounterEntry
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system_data import EMPTY
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.campaigns.commands import (
    AddEncounter,
    EncounterKeeper,
    UpdateCampaign,
    UpdateEncounter,
)
from encounter_app.services.fight.compound import Compound
from encounter_app.store import Store
from encounter_app.store.campaigns import OPEN_ENCOUNTER

# A hook gets the book and the campaign starting a new session (its session_number is the new
# one) and returns the undo commands that refresh what that system refreshes per session.
NewSessionHook = Callable[[CampaignBook, CampaignRow], Iterable[QUndoCommand]]


class NewSessionHooks:
    """The per-session refreshes, registered by whoever owns a per-session resource."""

    def __init__(self, hooks: Iterable[NewSessionHook] = ()) -> None:
        self._hooks: list[NewSessionHook] = list(hooks)

    def register(self, hook: NewSessionHook) -> None:
        self._hooks.append(hook)

    def commands(self, book: CampaignBook, campaign: CampaignRow) -> list[QUndoCommand]:
        return [command for hook in self._hooks for command in hook(book, campaign)]


def new_game_session(book: CampaignBook, hooks: NewSessionHooks) -> Compound:
    """The viewed campaign's session counter goes up one; every hook refreshes its part."""
    campaign = book.campaign
    after = replace(campaign, session_number=campaign.session_number + 1)
    compound = Compound(f"New game session ({after.session_number}) for {campaign.name}")
    compound.add(UpdateCampaign(book, after, compound.text()))
    for command in hooks.commands(book, after):
        compound.add(command)
    return compound


def new_encounter(book: CampaignBook, name: str) -> AddEncounter:
    """A draft at the end of the list."""
    return AddEncounter(book, EncounterEntry(name=name), len(book.encounters))


def template_copy(combatants: Iterable[CombatantRow], countdowns: Iterable[CountdownRow]
                  ) -> tuple[list[CombatantRow], list[CountdownRow]]:
    """What a copy as a template keeps: adversaries and NPCs fresh (no marks, conditions,
    tokens or turn state such as Action Points spent), countdowns back at their start. PCs
    join from the roster; rolls stay behind."""
    kept = [replace(c, id=None, hp_marked=0, stress_marked=0, conditions=(), slow_tokens=0,
                    spotlights=0, system_state=EMPTY) for c in combatants if c.kind != "pc"]
    # Long-term countdowns are the campaign's, not the fight's: they are not copied.
    countdowns = [c for c in countdowns if not c.long_term]
    place = {c.id: i for i, c in enumerate(countdowns)}
    # A linked pair points at its partner by place in the list: the copies get new ids.
    clocks = [replace(c, id=None, value=c.start, loops=0, link=place.get(c.link))
              for c in countdowns]
    return kept, clocks


def duplicate(book: CampaignBook, row: int) -> AddEncounter:
    """Copy the encounter at list row ``row`` as a draft right after it."""
    source = book.encounters[row]
    combatants, countdowns = template_copy(book.store.combatants(stored_id(source)),
                                           book.store.countdowns(stored_id(source)))
    entry = EncounterEntry(name=f"{source.name} (copy)", note=source.note, seed=source.seed)
    return AddEncounter(book, entry, row + 1, combatants, countdowns,
                        f"Duplicate {source.name}")


def finish(book: CampaignBook, row: int, keeper: EncounterKeeper | None = None
           ) -> UpdateEncounter:
    """Mark the encounter done, with the summary the store's records give now; ``keeper``
    writes it (the open fight's session for its own encounter; the book by default)."""
    entry = book.encounters[row]
    if entry.status == "done":
        raise Refused(f"{entry.name} is finished already.")
    done = replace(entry, status="done", summary=book.store.summarize(stored_id(entry)))
    return UpdateEncounter(keeper or book, entry, done, f"Finish {entry.name}")


def open_in_store(store: Store, encounter_id: int) -> str:
    """Get an encounter ready to be run and make it the one that reopens at the next start: a
    draft becomes active, the campaign's long-term countdowns come along
    (store.carry_long_term), and the store remembers it as open. A done one is opened to read,
    untouched but remembered. Returns what happened, to tell the GM ("" when nothing did).

    All of it is one transaction: a kill or a write the disk refuses (StoreError) leaves the
    old encounter open and the new one as it was, never the new one active with the old one
    reopening (issue 29)."""
    with store.unit():
        entry = next(e for e in store.encounter_entries(
            store.encounter(encounter_id).campaign_id) if e.id == encounter_id)
        note, carried = "", []
        if entry.status == "done":
            note = " (done: as the fight ended)"
        else:
            if entry.status == "draft":
                store.update_encounter_entry(replace(entry, status="active"))
                note = " (now active)"
            carried = store.carry_long_term(encounter_id)
        store.remember(OPEN_ENCOUNTER, str(encounter_id))
    if carried:
        note += f"; the long-term countdown{'s' if len(carried) > 1 else ''} "
        note += f"{', '.join(carried)} came along"
    return note
