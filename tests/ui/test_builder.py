"""The encounter builder and the environment in the sidebar, through the window a GM sees."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from encounter_app.app import launch
from encounter_app.rules.battle_points import with_extra_damage
from encounter_app.services.fight.commands import RemoveCombatant
from encounter_app.systems.daggerheart.sample import load_sample_environments
from encounter_app.systems.daggerheart.services.library.builder import KEEP
from encounter_app.systems.daggerheart.ui.library.builder import BuilderDialog
from encounter_app.systems.daggerheart.ui.library.builder_models import PlanModel
from tests.helpers.modal import press_in_next_modal


def templates(program, *names: str):
    rows = {t.stats.name: t for t in program.window.fight.library.library.templates.rows}
    return [rows[name] for name in names]


@pytest.fixture
def builder(qtbot, program) -> BuilderDialog:
    dialog = program.window.fight.library.open_builder()
    qtbot.waitExposed(dialog)
    yield dialog
    dialog.close()


def test_the_plan_model_passes_the_model_tester(qtmodeltester, program) -> None:
    model = PlanModel()
    for template in templates(program, "Ashen Sentry", "Cinder Imp"):
        model.add(template)
    model.set_count(1, 5)
    qtmodeltester.check(model, force_py=True)


def test_party_size_comes_from_the_pcs_in_the_fight(builder) -> None:
    assert builder.party_size.value() == 3  # the demo's three PCs
    assert builder.bar.format() == "0 of 11 battle points: 11 left"


def test_budget_and_cost_as_notes_gives_them(builder, program) -> None:
    builder.party_size.setValue(4)
    builder.add(templates(program, "Hollow Archer", "Cinder Imp"))
    builder.plan_model.set_count(1, 5)  # 5 Minions against 4 PCs: two groups
    tally = builder.tally()
    # 3 x 4 + 2, +1 for no Bruisers, Hordes, Leaders or Solos; Ranged 2 + 2 Minion groups.
    assert (tally.budget, tally.cost) == (15, 4)
    assert builder.bar.format() == "4 of 15 battle points: 11 left"
    text = builder.breakdown.text()
    assert "No Bruisers, Hordes, Leaders or Solos" in text and "5 Minions: 2 groups" in text

    builder.party_tier.setValue(2)  # every adversary here is tier 1: +1 by itself
    assert builder.tally().budget == 16
    assert "Hollow Archer, Cinder Imp below tier 2" not in builder.breakdown.text()
    assert "Cinder Imp, Hollow Archer below tier 2" in builder.breakdown.text()
    builder.easier.setChecked(True)
    builder.extra_damage.setChecked(True)
    assert builder.tally().budget == 13
    builder.harder.setChecked(True)
    assert builder.tally().budget == 15


def test_over_budget_turns_the_bar_red_and_says_by_how_much(builder, program) -> None:
    builder.add(templates(program, "Mire Widow", "Ashen Sentry", "Chapel Warden"))
    # 11 for three PCs; Solo 5 + Bruiser 4 + Leader 3 = 12.
    assert builder.bar.format() == "1 over budget: 12 of 11 battle points"
    assert builder.bar.property("over") is True
    assert builder.bar.accessibleDescription().startswith("1 over budget")
    builder.plan_model.remove(2)
    assert builder.bar.property("over") is False
    assert builder.bar.format() == "9 of 11 battle points: 2 left"


def test_counts_edit_in_place_within_range(qtbot, builder, program) -> None:
    builder.add(templates(program, "Cinder Imp"))
    builder.add(templates(program, "Cinder Imp"))  # the same adversary again: one more
    assert builder.plan()[0].count == 2
    index = builder.plan_model.index(0, 3)
    assert not builder.plan_model.setData(index, 0)
    assert not builder.plan_model.setData(index, 99)
    assert builder.plan_model.setData(index, 6)
    assert builder.plan_model.index(0, 4).data() == "2"  # 6 Minions, 3 PCs: two groups
    builder.plan_view.selectRow(0)
    qtbot.mouseClick(builder.fewer_button, Qt.MouseButton.LeftButton)
    assert builder.plan()[0].count == 5


def test_start_needs_a_plan_and_says_so(builder) -> None:
    assert not builder.start_button.isEnabled()
    assert "Add adversaries from the library first" in builder.problem.text()


def test_start_encounter_added_to_this_fight_fills_the_order_and_one_undo_takes_it_back(
        qtbot, builder, program) -> None:
    window, session = program.window, program.session
    before = [c.name for c in session.combatants]
    cards_before = window.fight.cards_model.rowCount()
    builder.add(templates(program, "Cinder Imp", "Hollow Archer"))
    builder.plan_model.set_count(0, 3)
    mine = load_sample_environments()[3]
    builder.environment.setCurrentIndex(
        next(i for i in range(builder.environment.count())
             if builder.environment.itemText(i).startswith(mine.name)))
    press_in_next_modal("Add to this fight")  # the demo's fight is running
    qtbot.mouseClick(builder.start_button, Qt.MouseButton.LeftButton)

    added = [c.name for c in session.combatants][len(before):]
    # The demo has a Hollow Archer already: the new one is numbered past it.
    assert added == ["Cinder Imp 1", "Cinder Imp 2", "Cinder Imp 3", "Hollow Archer 2"]
    assert window.initiative_model.rowCount() == len(before) + 4
    assert window.fight.cards_model.rowCount() == cards_before + 4
    assert window.fight.library.holder.block == mine
    assert window.fight.library.environment_panel.isVisibleTo(window)
    assert mine.name in window.fight.library.environment_panel.title.text()
    assert not builder.isVisible() and builder.plan() == ()
    assert program.undo_stack.undoText() == "Start encounter: 4 adversaries"

    program.undo_stack.undo()
    assert [c.name for c in session.combatants] == before
    assert window.fight.cards_model.rowCount() == cards_before
    assert window.fight.library.holder.block.name == "Drowned Chapel"
    assert [c.name for c in program.store.combatants(session.encounter_id)] == before


def test_plus_1d4_damage_reaches_the_started_adversaries_and_their_odds(
        qtbot, builder, program) -> None:
    session = program.session
    imp = templates(program, "Cinder Imp")[0]
    builder.add([imp])
    builder.extra_damage.setChecked(True)
    press_in_next_modal("Add to this fight")
    qtbot.mouseClick(builder.start_button, Qt.MouseButton.LeftButton)
    started = session.combatants[-1]
    assert started.stats.damage == with_extra_damage(imp.stats.damage)
    assert "1d4" in started.stats.damage
    preview = program.window.fight.odds_preview
    preview.show_for(started)
    assert preview.request is not None and preview.request.damage == started.stats.damage
    # the library's own entry is as it was
    assert templates(program, "Cinder Imp")[0].stats.damage == imp.stats.damage


def test_start_encounter_while_a_fight_runs_asks_and_opens_a_new_encounter_with_the_party(
        qtbot, builder, program) -> None:
    old = program.session
    old_id, old_names = old.encounter_id, [c.name for c in old.combatants]
    party = [(c.name, c.hp_marked, c.pc_id) for c in old.combatants if c.kind == "pc"]
    imp = templates(program, "Cinder Imp")[0]
    builder.add([imp])
    builder.plan_model.set_count(0, 2)
    builder.extra_damage.setChecked(True)
    words: list[str] = []
    press_in_next_modal("New encounter", words)
    qtbot.mouseClick(builder.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: program.session.encounter_id != old_id)

    assert "has a fight in it: round 1" in words[0] and "2 planned adversaries" in words[0]
    session, window = program.session, program.window
    # The new fight: the party with its marks, then the planned adversaries; the environment
    # the builder kept (the demo's).
    assert [(c.name, c.hp_marked, c.pc_id) for c in session.combatants if c.kind == "pc"] == party
    imps = [c for c in session.combatants if c.kind != "pc"]
    assert [c.name for c in imps] == ["Cinder Imp 1", "Cinder Imp 2"]
    assert all("1d4" in c.stats.damage for c in imps)  # the builder's +1d4 came along
    assert window.fight.library.holder.block.name == "Drowned Chapel"
    assert session.encounter.name == "Drowned Chapel"  # named after its place
    assert window.fight.cards_model.rowCount() == 2
    assert "Started Drowned Chapel: 2 adversaries and the party" in (
        window.status_label.text())
    # The fight that ran is untouched and still in the campaign.
    assert [c.name for c in program.store.combatants(old_id)] == old_names
    assert program.store.encounter(old_id).campaign_id == session.encounter.campaign_id


def test_start_encounter_cancelled_at_the_question_changes_nothing(
        qtbot, builder, program) -> None:
    session = program.session
    before = [c.name for c in session.combatants]
    builder.add(templates(program, "Cinder Imp"))
    press_in_next_modal("Cancel")
    qtbot.mouseClick(builder.start_button, Qt.MouseButton.LeftButton)
    assert program.session is session and [c.name for c in session.combatants] == before
    assert len(program.store.encounter_entries(session.encounter.campaign_id)) == 1


def test_start_encounter_in_an_encounter_with_no_adversaries_asks_nothing(
        qtbot, builder, program) -> None:
    session = program.session
    for row in [c for c in session.combatants if c.kind != "pc"]:
        program.undo_stack.push(RemoveCombatant(session, session.combatants.index_of(row.id)))
    builder.add(templates(program, "Cinder Imp"))
    qtbot.mouseClick(builder.start_button, Qt.MouseButton.LeftButton)  # no modal: it would block
    assert program.session is session
    assert [c.name for c in session.combatants if c.kind != "pc"] == ["Cinder Imp"]


def test_keep_leaves_the_environment_alone(builder, program) -> None:
    assert builder.environment_choice() == KEEP
    assert builder.environment.currentText() == "Keep: Drowned Chapel"
    builder.environment.setCurrentIndex(1)
    assert builder.environment_choice() is None  # detach


def test_an_attached_environment_shows_folded_and_survives_a_relaunch(qtbot, tmp_path) -> None:
    first = launch(tmp_path, seed=1, show=False)
    try:
        library = first.window.fight.library
        assert library.holder.block.name == "Drowned Chapel"  # the demo's
        market = load_sample_environments()[1]
        library.attach(replace(market, difficulty=13))
        panel = library.environment_panel
        assert "Lantern Market at Dusk" in panel.title.text() and "Difficulty 13" in \
            panel.title.text()
        assert not panel.body_scroll.isVisibleTo(panel)
        panel.toggle.click()
        assert panel.body_scroll.isVisibleTo(panel) and "Press of the Crowd" in panel.body.text()
    finally:
        first.shutdown()
    second = launch(tmp_path, show=False)
    try:
        library = second.window.fight.library
        assert library.holder.block == replace(market, difficulty=13)
        assert library.environment_panel.isVisibleTo(second.window)
        assert library.environment_panel.objectName() == "environmentPanel"
        library.detach()
        assert not library.environment_panel.isVisibleTo(second.window)
        second.undo_stack.undo()
        assert library.environment_panel.isVisibleTo(second.window)
    finally:
        second.shutdown()


def test_a_cards_stat_block_is_edited_from_its_menu(qtbot, program) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QApplication

    session = program.session
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    menu = program.window.fight.card_actions.menu_for(sentry.id)
    action = menu.findChild(QAction, "editStatBlockAction")

    def edit() -> None:
        dialog = QApplication.activeModalWidget()
        assert "this fight only" in dialog.windowTitle()
        dialog.hp.setValue(9)
        dialog.damage.setText("2d10+4 phy")
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, edit)
    action.trigger()
    menu.deleteLater()
    now = session.combatants[session.combatants.index_of(sentry.id)]
    assert (now.hp_max, now.stats.damage) == (9, "2d10+4 phy")
    library = {t.stats.name: t.stats for t in program.store.templates()}
    assert library["Ashen Sentry"].hp == sentry.stats.hp  # the library is untouched
    program.undo_stack.undo()
    assert session.combatants[session.combatants.index_of(sentry.id)] == sentry


def test_delete_takes_the_selected_adversary_out_of_the_plan(qtbot, builder, program) -> None:
    builder.add(templates(program, "Cinder Imp", "Hollow Archer"))
    builder.plan_view.setFocus()
    builder.plan_view.selectRow(0)
    qtbot.keyClick(builder.plan_view, Qt.Key.Key_Delete)
    assert [p.stats.name for p in builder.plan()] == ["Hollow Archer"]


def test_an_environment_features_countdown_starts_from_the_sidebar(qtbot, program) -> None:
    panel = program.window.fight.library.environment_panel
    panel.toggle.click()
    assert "countdown:0" in panel.body.text()  # the chapel's Tide Comes In (6)
    before = len(program.session.countdowns)
    panel.body.linkActivated.emit("countdown:0")
    added = program.session.countdowns[before]
    assert (added.name, added.start, added.value) == ("Drowned Chapel: Tide Comes In", 6, 6)
    program.undo_stack.undo()
    assert len(program.session.countdowns) == before


def test_a_click_on_the_environments_name_folds_and_unfolds_it(qtbot, program) -> None:
    panel = program.window.fight.library.environment_panel
    program.window.show()
    assert not panel.toggle.isChecked()
    qtbot.mouseClick(panel.title, Qt.MouseButton.LeftButton)
    assert panel.toggle.isChecked() and panel.body_scroll.isVisible()
    qtbot.mouseClick(panel.title, Qt.MouseButton.LeftButton)
    assert not panel.toggle.isChecked() and not panel.body_scroll.isVisible()
