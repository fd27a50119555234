"""The store's campaign layer: the roster link, copied countdown pairs, summaries, what reopens."""

from __future__ import annotations

from dataclasses import replace

from encounter_app.domain import CombatantRow, CountdownRow, FearEventRow
from encounter_app.domain.campaign_rows import EncounterEntry
from encounter_app.domain.system_data import EMPTY
from encounter_app.services.campaigns.operations import template_copy
from encounter_app.systems.casus_mus.state import CasusMusState, CasusMusStats
from tests.helpers.systems import combatant_for_pc, create_demo


def test_marking_a_pc_combatant_marks_the_roster_and_the_next_fight_starts_there(store):
    encounter = create_demo(store, seed=1)
    aria = store.pcs(encounter.campaign_id)[0]
    combatant = next(c for c in store.combatants(encounter.id) if c.pc_id == aria.id)
    store.update_combatant(replace(combatant, hp_marked=3, stress_marked=2))
    assert (store.pc(aria.id).hp_marked, store.pc(aria.id).stress_marked) == (3, 2)
    joined = combatant_for_pc(store.pc(aria.id))
    assert (joined.hp_marked, joined.stress_marked, joined.evasion) == (3, 2, 9)


def test_removing_a_pc_unlinks_its_combatants_and_putting_it_back_links_them(store):
    encounter = create_demo(store, seed=1)
    aria = store.pcs(encounter.campaign_id)[0]
    linked = store.remove_pc(aria.id)
    assert len(linked) == 1
    assert all(c.pc_id != aria.id for c in store.combatants(encounter.id))
    store.insert_pc(encounter.campaign_id, aria, 0, linked)
    assert store.pcs(encounter.campaign_id)[0] == aria
    assert [c.id for c in store.combatants(encounter.id) if c.pc_id == aria.id] == linked


def test_a_copied_linked_pair_points_at_its_copied_partner(store):
    campaign = store.create_campaign("c", system="daggerheart")
    source = store.create_encounter(campaign.id, "source")
    first = store.insert_countdown(source.id, CountdownRow("Escape", 4, 2, kind="progress"))
    store.update_countdown(CountdownRow("Escape", 4, 2, id=first.id, kind="progress",
                                        link=first.id))
    store.insert_countdown(source.id, CountdownRow("Collapse", 5, 1, kind="consequence",
                                                   link=first.id))
    combatants, countdowns = template_copy(store.combatants(source.id),
                                           store.countdowns(source.id))
    entry, _, copied = store.insert_encounter(campaign.id, EncounterEntry("copy"), 1,
                                              combatants, countdowns)
    assert [(c.name, c.value, c.link) for c in store.countdowns(entry.id)] == [
        ("Escape", 4, copied[0].id), ("Collapse", 5, copied[0].id)]
    assert copied[0].id != first.id


def test_the_summary_counts_what_happened_in_that_encounter_only(store):
    encounter = create_demo(store, seed=1)
    other = store.create_encounter(encounter.campaign_id, "other")
    for change, value, where in ((2, 4, encounter.id), (-1, 3, encounter.id), (3, 6, other.id),
                                 (1, 7, None)):
        store.record_fear(encounter.campaign_id, FearEventRow(change, value, "effect",
                                                              encounter_id=where))
    store.set_turn(encounter.id, None, 4)
    summary = store.summarize(encounter.id)
    assert (summary.rounds, summary.fear_gained, summary.fear_spent, summary.rolls) == (
        4, 2, 1, 0)
    assert summary.defeated == ()
    assert summary.text(True) == "4 rounds · Fear +2 / −1 · 0 adversaries defeated · 0 rolls"
    # A system without Fear (Casus Mus) lists no "Fear +0 / −0".
    assert summary.text(False) == "4 rounds · 0 adversaries defeated · 0 rolls"


def test_the_remembered_encounter_reopens_and_a_gone_one_falls_back(store):
    assert store.encounter_to_open() is None
    encounter = create_demo(store, seed=1)
    later = store.create_encounter(encounter.campaign_id, "later")
    store.remember("open_encounter", str(encounter.id))
    assert store.encounter_to_open() == encounter.id
    store.delete_encounter(encounter.id)
    assert store.encounter_to_open() == later.id
    assert [e.name for e in store.encounter_entries(encounter.campaign_id)] == ["later"]


def test_a_template_copy_keeps_a_systems_numbers_and_forgets_its_turn_state(store):
    fighter = CombatantRow(kind="adversary", name="Rat-man", hp_max=9, hp_marked=4,
                           system_stats=CasusMusStats(combat=45, evade=30),
                           system_state=CasusMusState(ap=0, lp=1, weapon_damage="1d8"))
    [copy], _ = template_copy([fighter], [])
    assert copy.system_stats == CasusMusStats(combat=45, evade=30)
    assert (copy.system_state, copy.hp_marked) == (EMPTY, 0)
    # Stored, the copy starts with every point back (the system's fresh state).
    campaign = store.create_campaign("Rats", system="casus_mus")
    entry, [stored], _ = store.insert_encounter(campaign.id, EncounterEntry("copy"), 0, [copy])
    assert stored.system_state == CasusMusState() == store.combatants(entry.id)[0].system_state


def test_a_roster_pc_of_another_system_brings_its_numbers_into_the_fight(store):
    from encounter_app.domain.campaign_rows import PcRow

    campaign = store.create_campaign("Rats", system="casus_mus")
    stats = CasusMusStats(combat=70)
    pc = store.insert_pc(campaign.id, PcRow(name="Whisker", stats=stats), 0)
    assert store.pc(pc.id).stats == stats
    joined = combatant_for_pc(pc, "casus_mus")
    assert (joined.system_stats, joined.hp_max, joined.pc_id) == (stats, stats.hp, pc.id)


def test_a_tracked_pcs_armor_and_hope_go_back_to_the_roster_with_its_marks(store):
    encounter = create_demo(store, seed=1)
    aria = store.pcs(encounter.campaign_id)[0]
    combatant = next(c for c in store.combatants(encounter.id) if c.pc_id == aria.id)
    marked = replace(combatant.system_state, armor_marked=2, hope=5)
    store.update_combatant(replace(combatant, hp_marked=1, system_state=marked))
    back = store.pc(aria.id)
    assert (back.hp_marked, back.armor_marked, back.stats.hope) == (1, 2, 5)
    assert back.stats == replace(aria.stats, hope=5)  # the rest of the sheet as it was
