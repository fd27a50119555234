"""The issue's whole story, as a GM lives it: a campaign for each rule system, a party, two
encounters prepared, one run (the party joins, a PC is marked, the fight is finished), a rest,
a new game session, and after a restart everything is where it was left."""

from __future__ import annotations

from encounter_app.app import launch
from encounter_app.domain import CountdownRow
from encounter_app.domain.campaign_rows import PcRow
from encounter_app.services.fight import table
from tests.helpers.modal import press_in_next_modal
from tests.helpers.systems import SYSTEMS


def test_prepare_run_rest_and_find_everything_after_a_restart(qtbot, tmp_path):
    launched = launch(tmp_path, seed=3, show=False)
    demo_encounter = launched.session.encounter_id
    manager = launched.window.manage_campaigns()
    made: dict[str, tuple[int, int, int]] = {}
    for key in SYSTEMS:
        rules = SYSTEMS.get(key)
        campaign = manager.create_campaign(f"{rules.name} campaign", key)
        assert manager.picker.currentText().startswith(f"{rules.name} campaign")
        for name in ("Ash", "Birch"):
            manager.party.add_pc(PcRow(name=name, stats=rules.defaults()))
        made[key] = (campaign.id, manager.encounters.new_encounter("Ambush"),
                     manager.encounters.new_encounter("Siege"))
        assert [e.name for e in manager._book.encounters] == ["Ambush", "Siege"]
        assert {e.status for e in manager._book.encounters} == {"draft"}

    # Run the Daggerheart campaign's first encounter.
    campaign_id, ambush, siege = made["daggerheart"]
    manager._book.view(campaign_id)
    manager.encounters.select(ambush)
    old_window = launched.window
    manager.encounters.open_button.click()
    assert launched.window is not old_window
    assert launched.session.encounter_id == ambush
    assert "Ambush — Daggerheart campaign" in launched.window.windowTitle()
    assert "undo history" in launched.window.status_label.text()
    manager = launched.window.manage_campaigns()
    assert manager.picker.currentText().startswith("Daggerheart campaign")
    manager.party.join_all_button.click()
    pcs = [c for c in launched.session.combatants if c.kind == "pc"]
    assert [p.name for p in pcs] == ["Ash", "Birch"]
    launched.window.fight.set_marks(pcs[0].id, 2, 1)  # Ash takes a hit
    ritual = CountdownRow("The cult's ritual", 6, 6, long_term=True)
    launched.undo_stack.push(table.add_countdown(launched.session, ritual))
    with qtbot.waitSignal(launched.session.fear_changed, timeout=5000):
        manager.rest.long_button.click()  # rolled by the rules service: 1d4 + 2 PCs
    fear_after_rest = launched.session.fear
    assert fear_after_rest >= 3
    assert launched.session.rolls[0].kind == "rest"
    assert launched.session.countdowns[0].value == 5  # long-term: it ticked on the rest
    manager.encounters.select(ambush)
    press_in_next_modal("Finish encounter")  # the question before it is finished
    manager.encounters.finish_button.click()
    manager.notes.edit.setPlainText("The baron owes the party a favour.")
    manager.notes.save()
    manager.rest.session_button.click()

    # The next fight of the campaign: the long-term countdown comes along, as it stood.
    manager.encounters.select(siege)
    manager.encounters.open_selected()
    assert [(c.name, c.value) for c in launched.session.countdowns] == [("The cult's ritual", 5)]
    assert "came along" in launched.window.status_label.text()
    manager = launched.window.manage_campaigns()

    # Then a Casus Mus fight: no Fear pool, so its rest gains none.
    cm_id, cm_ambush, _ = made["casus_mus"]
    manager._book.view(cm_id)
    manager.encounters.select(cm_ambush)
    manager.encounters.open_selected()
    manager = launched.window.manage_campaigns()
    fear_before = launched.session.fear
    manager.party.join_all_button.click()
    manager.rest.short_button.click()
    assert launched.session.fear == fear_before
    assert launched.session.rolls[0].kind == "rest"
    launched.shutdown()

    again = launch(tmp_path, show=False)
    try:
        assert again.session.encounter_id == cm_ambush  # the encounter open at quitting
        assert [c.name for c in again.session.combatants] == ["Ash", "Birch"]
        store = again.store
        names = {c.name for c in store.campaigns()}
        assert {f"{SYSTEMS.name(k)} campaign" for k in SYSTEMS} <= names
        for key, (cid, first, second) in made.items():
            assert store.campaign(cid).system == key
            assert [p.name for p in store.pcs(cid)] == ["Ash", "Birch"]
            assert [e.id for e in store.encounter_entries(cid)] == [first, second]
        dh = store.campaign(campaign_id)
        assert dh.note == "The baron owes the party a favour."
        assert dh.session_number == 2
        assert dh.fear == fear_after_rest
        ash = store.pcs(campaign_id)[0]
        assert (ash.hp_marked, ash.stress_marked) == (2, 1)  # the marks came back to the roster
        done = store.encounter_entries(campaign_id)[0]
        assert done.status == "done"
        assert done.summary.fear_gained == fear_after_rest and done.summary.rolls == 1
        assert store.encounter_entries(cm_id)[0].status == "active"
        assert [c.value for c in store.countdowns(siege)] == [5] and not store.countdowns(ambush)
        assert [e.status for e in store.encounter_entries(campaign_id)] == ["done", "active"]
        assert store.encounter(demo_encounter).name == "Ambush at the chapel steps"
    finally:
        again.shutdown()
