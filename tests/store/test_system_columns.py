"""A combatant's system numbers and turn state, and the encounter's, survive a restart."""

from __future__ import annotations

from dataclasses import replace

from encounter_app.store import Store
from tests.helpers.systems import create_sample


def test_system_numbers_and_state_are_kept(tmp_path):
    store = Store.open(tmp_path)
    encounter = create_sample(store, "ruins_and_raiders")
    hedda = store.combatants(encounter.id)[0]
    assert hedda.system_stats["warrior"] == 4 and hedda.hp_max == 14  # Wounds is the track
    store.update_combatant(replace(hedda, system_state={"initiative": 13, "holding": True}))
    store.set_system_state(encounter.id, {"round_zero": True})
    store.close()

    store = Store.open(tmp_path)
    try:
        again = store.combatants(encounter.id)[0]
        assert again.system_state == {"initiative": 13, "holding": True}
        assert again.system_stats == hedda.system_stats
        assert store.latest_encounter().system_state == {"round_zero": True}
        assert store.campaign(encounter.campaign_id).system == "ruins_and_raiders"
    finally:
        store.close()
