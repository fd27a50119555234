"""The first start's content: a system's sample fight (``SystemRules.sample``) written to the
store in one transaction, so a newcomer sees a fight at once."""

from __future__ import annotations

from encounter_app.domain import EncounterRow, EnvironmentRow
from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.rows import FightEventRow, TemplateRow, stored_id
from encounter_app.domain.system import SystemRules
from encounter_app.store import Store
from encounter_app.store.campaigns import OPEN_ENCOUNTER


def first_start(store: Store, system: SystemRules, *, seed: int | None = None
                ) -> EncounterRow:
    """The sample fight of ``system`` (``create_sample``), remembered as the encounter that
    opens, in one transaction: a first start killed part way leaves the empty database the
    next start fills again, or the whole demo, open; never a part of it."""
    with store.unit():
        encounter = create_sample(store, system, seed=seed)
        store.remember(OPEN_ENCOUNTER, str(encounter.id))
    return encounter


def create_sample(store: Store, system: SystemRules, *, seed: int | None = None
                  ) -> EncounterRow:
    """A campaign of ``system`` with its sample fight, active, the spotlight on the first in
    the order in round 1; the library the sample brings is added to the store's."""
    sample = system.sample()
    with store.unit():
        if sample.templates:
            store.insert_templates([TemplateRow(id=None, stats=s, source="sample")
                                    for s in sample.templates])
        for place in sample.environments:
            store.insert_environment(EnvironmentRow(id=None, stats=place, source="sample"))
        campaign = store.create_campaign(sample.campaign, system=system.key,
                                         party_size=len(sample.party), fear=sample.fear)
        encounter = store.create_encounter(stored_id(campaign), sample.encounter, seed=seed,
                                           status="active")
        party = 0
        for entry in sample.order:
            if isinstance(entry, PcRow):  # the party is on the roster; its fighters link to it
                member = store.insert_pc(stored_id(campaign), entry, party)
                party += 1
                row = system.combatant_for_pc(member)
            else:
                row = entry
            store.insert_combatant(encounter.id, row)
        for countdown in sample.countdowns:
            store.insert_countdown(encounter.id, countdown)
        if sample.environment is not None:
            store.set_encounter_environment(encounter.id, sample.environment)
        first = store.combatants(encounter.id)[0]
        store.set_turn(encounter.id, first.id, 1)
        # the event log's first line: who has the spotlight as round 1 begins (the recap's)
        store.insert_event(encounter.id, FightEventRow(
            "turn", name=first.name, combatant_id=first.id, visible=not first.hidden, round=1,
            session_number=campaign.session_number))
        return store.encounter(encounter.id)
