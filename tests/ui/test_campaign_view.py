"""The campaign view as a GM uses it: models, the roster editor's checks, archive, search and
drag to reorder, notes, joining the fight, and New game session's per-session hooks."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from encounter_app.domain.campaign_rows import PcRow
from encounter_app.services.campaigns.commands import UpdatePc
from encounter_app.ui.campaigns.forms import NewCampaignDialog, PcDialog
from encounter_app.ui.fight.models import RowRole
from tests.helpers.modal import press_in_next_modal
from tests.helpers.systems import SYSTEMS


@pytest.fixture
def manager(program):
    return program.window.manage_campaigns()


def test_every_model_of_the_view_passes_the_model_tester(qtmodeltester, manager):
    manager.party.add_pc(PcRow(name="Ash", stats=SYSTEMS.get("daggerheart").defaults()))
    manager.encounters.new_encounter("Bridge")
    manager.encounters.search.setText("bridge")
    for model in (manager.campaigns_model, manager.visible, manager.encounters.model,
                  manager.encounters.search_model, manager.party.model):
        qtmodeltester.check(model)


def test_the_roster_shows_the_systems_stats_with_marks(manager):
    model = manager.party.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Name", "Evasion", "Major\nthreshold", "Severe\nthreshold",
                       "Hit\nPoints", "Stress", "Hope", "Armor\nslots"]
    assert model.index(0, 0).data() == "Aria Vell (Seraph)"
    assert model.index(0, 4).data() == "0 / 7"  # HP marked / slots
    manager.create_campaign("Raiders", "ruins_and_raiders")
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers[1] == "Perception" and headers[-1] == "Wounds"
    assert model.rowCount() == 0


def test_a_bad_stat_is_named_at_its_field_and_blocks_ok(qtbot):
    dialog = PcDialog(SYSTEMS.get("daggerheart"))
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()  # no name yet
    dialog.edit.setText("Ash")
    assert ok.isEnabled()
    dialog.numbers["evasion"].edit.setText("45")
    assert not ok.isEnabled()
    assert dialog.numbers["evasion"].problem.text() == "Evasion must be from 0 to 30."
    dialog.numbers["evasion"].edit.setText("eleven")
    assert dialog.numbers["evasion"].problem.text() == "Evasion must be a whole number."
    dialog.numbers["evasion"].edit.setText("11")
    dialog.marks["hp_marked"].edit.setText("7")  # 6 HP slots
    assert dialog.marks["hp_marked"].problem.text() == "Hit Points marked cannot be more than 6."
    assert not ok.isEnabled()
    dialog.marks["hp_marked"].edit.setText("2")
    assert ok.isEnabled() and not dialog.numbers["evasion"].problem.text()
    pc = dialog.pc()
    assert pc.name == "Ash" and pc.stats.evasion == 11 and pc.hp_marked == 2
    assert pc.stats == replace(SYSTEMS.get("daggerheart").defaults(), evasion=11)


def test_a_casus_mus_pc_has_a_hero_check_box(qtbot):
    dialog = PcDialog(SYSTEMS.get("casus_mus"))
    qtbot.addWidget(dialog)
    dialog.edit.setText("Pip")
    dialog.flags["hero"].setChecked(True)
    assert dialog.pc().stats == replace(SYSTEMS.get("casus_mus").defaults(), hero=1)


def test_a_new_campaign_needs_a_name_and_says_the_system_is_final(qtbot):
    dialog = NewCampaignDialog(SYSTEMS.names())
    qtbot.addWidget(dialog)
    assert [dialog.system.itemText(i) for i in range(dialog.system.count())] == [
        SYSTEMS.name(key) for key in SYSTEMS]
    assert "cannot be changed later" in dialog.findChild(QLabel, "systemHint").text()
    assert not dialog.ok_button().isEnabled()
    dialog.edit.setText("  ")
    assert not dialog.ok_button().isEnabled()
    dialog.edit.setText("Forge")
    dialog.system.setCurrentIndex(3)
    assert dialog.ok_button().isEnabled() and dialog.system_key() == "forge_of_power"


def test_archived_campaigns_leave_the_picker_until_asked_for(manager):
    demo = manager._book.campaign_id
    manager.create_campaign("Old war", "forge_of_power")
    manager.archive_button.click()
    assert manager.archive_button.text() == "Un&archive"
    manager._book.view(demo)
    texts = [manager.picker.itemText(i) for i in range(manager.picker.count())]
    assert not any(t.startswith("Old war") for t in texts)
    manager.show_archived.setChecked(True)
    texts = [manager.picker.itemText(i) for i in range(manager.picker.count())]
    assert "Old war — Forge of Power (archived)" in texts


def test_encounters_reorder_by_drag_through_the_undo_stack(program, manager):
    tab, store = manager.encounters, program.store
    first = program.session.encounter_id
    second, third = tab.new_encounter("Bridge"), tab.new_encounter("Tower")
    model = tab.model
    model.dropMimeData(model.mimeData([model.index(2)]), Qt.DropAction.MoveAction, 0, 0,
                       QModelIndex())
    campaign = program.session.campaign.id
    assert [e.id for e in store.encounter_entries(campaign)] == [third, first, second]
    assert [model.index(r).data(RowRole).id for r in range(3)] == [third, first, second]
    program.undo_stack.undo()
    assert [e.id for e in store.encounter_entries(campaign)] == [first, second, third]


def test_a_draft_can_be_deleted_and_undo_brings_it_back_whole(program, manager):
    tab, store = manager.encounters, program.store
    tab.select(program.session.encounter_id)
    assert not tab.delete_button.isEnabled()  # the open one, which has been run
    tab.duplicate_button.click()
    copy = manager._book.encounters[1]
    before = (store.combatants(copy.id), store.countdowns(copy.id))
    tab.select(copy.id)
    tab.delete_button.click()
    assert [e.name for e in manager._book.encounters] == ["Ambush at the chapel steps"]
    program.undo_stack.undo()
    assert manager._book.encounters[1] == copy
    assert (store.combatants(copy.id), store.countdowns(copy.id)) == before


def test_renaming_the_open_encounter_renames_the_window(program, manager):
    from encounter_app.services.campaigns.commands import UpdateEncounter

    entry = manager._book.encounters[0]
    program.undo_stack.push(UpdateEncounter(manager._book, entry, replace(entry, name="Dusk"),
                                            "Rename"))
    assert program.window.windowTitle().startswith("Dusk — Demo")
    assert "“Dusk”" in manager.party.why.text()  # where the PCs would join
    program.open_encounter(program.session.encounter_id)
    assert program.window.status_label.text() == "Dusk is already open."


def test_search_filters_the_list_and_stops_dragging(manager):
    tab = manager.encounters
    tab.new_encounter("Bridge of sighs")
    tab.new_encounter("Tower")
    tab.search.setText("sighs")
    assert tab.search_model.rowCount() == 1
    assert not tab.view.dragEnabled()
    assert "Clear the search" in tab.why.text()
    tab.search.setText("draft")  # the status is searchable too
    assert tab.search_model.rowCount() == 2
    tab.search.clear()
    assert tab.view.dragEnabled() and tab.search_model.rowCount() == 3


def test_duplicate_copies_adversaries_and_countdowns_fresh(program, manager):
    session, store = program.session, program.store
    warden = next(c for c in session.combatants if c.kind == "adversary")
    program.window.fight.set_marks(warden.id, 2, 1)
    tab = manager.encounters
    tab.select(session.encounter_id)
    tab.duplicate_button.click()
    copy = manager._book.encounters[1]
    assert copy.name == "Ambush at the chapel steps (copy)" and copy.status == "draft"
    combatants = store.combatants(copy.id)
    assert all(c.kind == "adversary" for c in combatants)  # PCs join from the roster
    assert [c.name for c in combatants] == [c.name for c in session.combatants
                                            if c.kind == "adversary"]
    assert all(c.hp_marked == 0 and c.stress_marked == 0 for c in combatants)
    assert [(c.name, c.value) for c in store.countdowns(copy.id)] == [
        (c.name, c.start) for c in session.countdowns]
    assert store.rolls(copy.id) == []


def test_finishing_keeps_a_summary_the_list_shows(program, manager):
    session = program.session
    adversaries = [c for c in session.combatants if c.kind == "adversary"]
    program.window.fight.set_marks(adversaries[0].id, adversaries[0].hp_max, 0)
    program.window.fight.fear_tracker.gain()
    tab = manager.encounters
    tab.select(session.encounter_id)
    asked: list[str] = []
    press_in_next_modal("Finish encounter", asked)  # asked first, Cancel the default
    tab.finish_button.click()
    assert asked and "Finish" in asked[0] and "marks, Fear or countdown ticks" in asked[0]
    assert not tab.finish_button.isEnabled()
    text = tab.model.index(0).data()
    assert "Done" in text and "1 adversary defeated" in text and "Fear +1 / −0" in text
    assert "Finished:" in tab.why.text()
    program.undo_stack.undo()
    assert "Active" in tab.model.index(0).data()


def test_a_finished_fight_of_a_system_without_fear_lists_no_fear(launch_demo):
    launched = launch_demo("casus_mus")
    tab = launched.window.manage_campaigns().encounters
    tab.select(launched.session.encounter_id)
    asked: list[str] = []
    press_in_next_modal("Finish encounter", asked)
    tab.finish_button.click()
    assert "countdown ticks" in asked[0] and "Fear" not in asked[0]
    text = tab.model.index(0).data()
    assert "Done" in text and "defeated" in text and "Fear" not in text
    assert "Finished:" in tab.why.text() and "Fear" not in tab.why.text()


def test_notes_are_saved_when_the_gm_leaves_them_and_undo(program, manager):
    manager.tabs.setCurrentWidget(manager.notes)
    manager.notes.edit.setPlainText("The bell ringer is a spy.")
    assert manager.notes.save_button.isEnabled()
    manager.notes.save_button.click()
    campaign = program.session.campaign.id
    assert program.store.campaign(campaign).note == "The bell ringer is a spy."
    program.undo_stack.undo()
    assert program.store.campaign(campaign).note == ""
    assert manager.notes.edit.toPlainText() == ""

    tab = manager.encounters
    tab.select(program.session.encounter_id)
    tab.note.edit.setPlainText("Starts at dusk")
    tab.select(tab.new_encounter("Bridge"))  # choosing another encounter saves the first one's note
    assert program.store.encounter_entries(campaign)[0].note == "Starts at dusk"
    assert tab.note.edit.toPlainText() == ""


def test_a_combatant_note_shows_to_the_gm_and_undoes(program):
    from encounter_app.services.campaigns.commands import note_command

    session = program.session
    warden = next(c for c in session.combatants if c.kind == "adversary")
    program.undo_stack.push(note_command(session, warden.id, "Flees at half HP"))
    row = session.combatants.index_of(warden.id)
    tip = program.window.initiative_model.index(row).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.endswith("Note: Flees at half HP")
    menu = program.window.fight.card_actions.menu_for(warden.id)
    assert menu.findChild(type(menu.actions()[0]), "noteAction").text().startswith("Edit &note")
    program.undo_stack.undo()
    assert program.store.combatants(session.encounter_id)[row].notes == ""


def test_the_party_joins_in_one_step_and_marks_go_back_to_the_roster(program, manager):
    session, book = program.session, manager._book
    pcs_before = [c for c in session.combatants if c.kind == "pc"]
    manager.party.join_all_button.click()  # the demo party is in the fight already
    assert [c for c in session.combatants if c.kind == "pc"] == pcs_before
    assert "already in the encounter" in program.window.status_label.text()

    manager.party.add_pc(PcRow(name="Mara", stats=SYSTEMS.get("daggerheart").defaults(),
                               hp_marked=3))
    manager.party.view.selectRow(3)
    manager.party.join_button.click()
    mara = session.combatants[len(session.combatants) - 1]
    assert (mara.name, mara.hp_marked, mara.pc_id) == ("Mara", 3, book.party[3].id)
    program.window.fight.set_marks(mara.id, 4, 2)
    assert (book.party[3].hp_marked, book.party[3].stress_marked) == (4, 2)
    program.undo_stack.undo()
    assert book.party[3].hp_marked == 3
    program.undo_stack.undo()  # the join
    assert all(c.name != "Mara" for c in session.combatants)


def test_editing_a_pc_updates_its_combatant_in_the_fight(program, manager):
    from encounter_app.services.campaigns.commands import edit_pc

    session, book = program.session, manager._book
    aria = book.party[0]
    program.undo_stack.push(edit_pc(book, session, replace(
        aria, stats=replace(aria.stats, evasion=13), hp_marked=1)))
    combatant = next(c for c in session.combatants if c.pc_id == aria.id)
    assert (combatant.evasion, combatant.hp_marked) == (13, 1)
    program.undo_stack.undo()
    combatant = next(c for c in session.combatants if c.pc_id == aria.id)
    assert combatant.evasion == 9 and book.party[0] == aria


def test_another_campaign_cannot_join_or_rest_here_and_says_why(manager):
    manager.create_campaign("Mice", "casus_mus")
    manager.party.add_pc(PcRow(name="Pip", stats=SYSTEMS.get("casus_mus").defaults()))
    manager.party.view.selectRow(0)
    assert not manager.party.join_button.isEnabled()
    assert "Open an encounter of this campaign" in manager.party.why.text()
    assert not manager.rest.short_button.isEnabled()
    # Casus Mus' own words: one rest, no Fear (issue 19: no Daggerheart words leak in).
    text = manager.rest.rest_text.text()
    assert text.startswith("A rest advances") and "Fear" not in text


def test_new_game_session_runs_every_registered_hook_as_one_step(program, manager):
    seen = []

    def refresh_luck(book, campaign):  # what issue 5 registers for Casus Mus Luck Points
        seen.append(campaign.session_number)
        return [UpdatePc(book, replace(pc, note="luck refreshed"), "Luck") for pc in book.party]

    program.session_hooks.register(refresh_luck)
    manager.rest.session_button.click()
    assert seen == [2]
    book = manager._book
    assert book.campaign.session_number == 2
    assert {pc.note for pc in book.party} == {"luck refreshed"}
    assert "game session 2" in manager.info.text()
    program.undo_stack.undo()
    assert book.campaign.session_number == 1 and {pc.note for pc in book.party} == {""}


def test_undoing_a_new_campaign_goes_back_to_the_open_one(program, manager):
    manager.create_campaign("Forge war", "forge_of_power")
    assert manager.picker.currentText() == "Forge war — Forge of Power"
    assert manager.tabs.currentWidget() is manager.party  # the party is what it needs next
    program.undo_stack.undo()
    assert manager.picker.currentText().startswith("Demo: The Drowned Chapel")
    assert all(c.name != "Forge war" for c in program.store.campaigns())
    program.undo_stack.redo()
    assert any(c.name == "Forge war" for c in program.store.campaigns())
