"""Put a read file into the store: what the command line and the window share.

Adversaries go to the library with a choice per duplicate; an encounter becomes a new encounter
of a campaign. Each is one transaction (store/exchange.py). No Qt here.
"""

from __future__ import annotations

from encounter_app.domain.rows import EncounterRow, stored_id
from encounter_app.exchange.problems import ImportRefused, Problem
from encounter_app.exchange.reader import Parsed
from encounter_app.store import Store
from encounter_app.store.exchange import recreate_encounter


def count(number: int, word: str, plural: str | None = None) -> str:
    return f"{number} {word if number == 1 else plural or word + 's'}"


def campaign_for(store: Store, parsed: Parsed, campaign_id: int | None) -> int:
    """The campaign an imported encounter joins: the one given, else that of the encounter
    the window opens at its next start, else a new one named after the encounter. Refuses a
    campaign of another rule system."""
    encounter = parsed.encounter
    assert encounter is not None, "only an encounter file joins a campaign"
    if campaign_id is None:
        open_id = store.encounter_to_open()
        campaign_id = None if open_id is None else store.encounter(open_id).campaign_id
    if campaign_id is None:
        party = sum(1 for row in encounter.combatants if row.kind == "pc")
        return stored_id(store.create_campaign(encounter.name, system=encounter.system,
                                               party_size=party, fear=encounter.fear or 0))
    campaign = store.campaign(campaign_id)
    if campaign.system != encounter.system:
        raise ImportRefused(parsed.source, [Problem(
            None, "", "encounter system",
            f"the encounter is for {encounter.system}, and the campaign {campaign.name!r} "
            f"plays {campaign.system}")])
    return campaign_id


def import_encounter(store: Store, parsed: Parsed, campaign_id: int | None = None
                     ) -> EncounterRow:
    campaign_id = campaign_for(store, parsed, campaign_id)
    assert parsed.encounter is not None, "campaign_for took an encounter file"
    return recreate_encounter(store, campaign_id, parsed.encounter,
                              fear_note=f"with the encounter from {parsed.source}")


def campaign_summary(parsed: Parsed) -> str:
    campaign = parsed.campaign
    assert campaign is not None, "summarises a campaign file"
    return (f"the campaign {campaign.name!r} ({count(len(campaign.party), 'PC')}, "
            f"{count(len(campaign.encounters), 'encounter')})")


def encounter_summary(parsed: Parsed) -> str:
    encounter = parsed.encounter
    assert encounter is not None, "summarises an encounter file"
    return (f"the encounter {encounter.name!r} ({count(len(encounter.combatants), 'combatant')}"
            f", {count(len(encounter.countdowns), 'countdown')})")


def some_names(names: list[str], shown: int = 5) -> str:
    """``"A, B, C and 12 more"``: enough to recognise, short enough for one line."""
    if len(names) <= shown + 1:
        return ", ".join(names)
    return f"{', '.join(names[:shown])} and {len(names) - shown} more"
