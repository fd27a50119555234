"""The SRD's optional rules as a GM plays them through the window: the campaign's Rules page
(kept after a restart), Massive Damage on an adversary's Damage… and an attack's hit on a
tracked PC, the Spotlight Tracker's tokens in the order and on the players' view, and the GM
turn's price asked for and named in the Fear ledger."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QInputDialog, QLabel, QWidget

from encounter_app.app import launch
from encounter_app.ui.fight.models import RowRole
from tests.helpers.cards import sweep
from tests.helpers.modal import cancel_next_modal, press_in_next_modal
from tests.ui.test_card_actions import answer_damage, named, row, status

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support propagateSizeHints\(\)")


def rules_page(program):
    manager = program.window.manage_campaigns()
    manager.tabs.setCurrentWidget(manager.rules)
    return manager.rules


def click_box(qtbot, box):
    """A click on a check box's indicator (its centre may be past the end of its words)."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(6, box.height() // 2))


def switch_on(qtbot, program, key):
    page = rules_page(program)
    steps = program.undo_stack.index()
    qtbot.waitExposed(page)
    click_box(qtbot, page.switches[key])
    assert page.switches[key].isChecked()
    assert program.undo_stack.index() == steps + 1  # one undo step
    assert getattr(program.session.campaign.options, key) is True
    return page


def set_tokens(program, count):
    page = rules_page(program)
    page.tokens.setValue(count)
    assert program.session.campaign.options.spotlight_tokens == count


# -- the Rules page ---------------------------------------------------------------------------


def test_the_rules_page_shows_the_srd_words_and_its_switches_are_kept_after_a_restart(
        qtbot, tmp_path):
    first = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(first.window)
    page = rules_page(first)
    words = " ".join(label.text() for label in page.findChildren(QLabel)
                     if label.objectName().startswith("ruleWords:"))
    assert "at least twice the Severe threshold marks 4 HP" in words
    assert "(3 recommended)" in words and "everyone refills" in words
    assert "spotlighting an adversary beyond the one the turn brings" in words
    assert not any(s.isChecked() for s in page.switches.values())  # every rule off at first
    assert not page.tokens.isEnabled()
    switch_on(qtbot, first, "massive_damage")
    switch_on(qtbot, first, "spotlight_tracker")
    assert page.tokens.isEnabled()
    set_tokens(first, 2)
    switch_on(qtbot, first, "gm_turn_price")
    first.undo_stack.undo()  # the price off again, and its switch shows it
    assert not page.switches["gm_turn_price"].isChecked()
    assert not first.session.campaign.options.gm_turn_price
    first.window.close()
    first.shutdown()

    again = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(again.window)
    try:
        options = again.session.campaign.options
        assert (options.massive_damage, options.spotlight_tracker, options.spotlight_tokens,
                options.gm_turn_price) == (True, True, 2, False)
        page = rules_page(again)
        assert page.switches["massive_damage"].isChecked()
        assert page.switches["spotlight_tracker"].isChecked()
        assert not page.switches["gm_turn_price"].isChecked()
        assert page.tokens.value() == 2
    finally:
        again.shutdown()


def test_another_systems_campaign_shows_the_rules_without_switches(qtbot, program):
    page = rules_page(program)
    program.window.campaign_manager.create_campaign("Raiders", "ruins_and_raiders")
    assert "do not apply" in page.intro.text()
    assert not any(s.isEnabled() for s in page.switches.values())


# -- Massive Damage ---------------------------------------------------------------------------


def test_damage_of_twice_severe_marks_four_hp_with_massive_damage_and_three_without(
        qtbot, program):
    sentry = named(program, "Ashen Sentry")  # HP 6, Major 9, Severe 16
    with answer_damage(qtbot, "32"):
        program.window.fight.card_actions.damage(sentry.id)
    assert row(program, sentry.id).hp_marked == 3
    program.undo_stack.undo()
    switch_on(qtbot, program, "massive_damage")
    with answer_damage(qtbot, "32"):
        program.window.fight.card_actions.damage(sentry.id)
    assert row(program, sentry.id).hp_marked == 4
    assert "marks 4 HP (Massive Damage, 32 or more" in status(program)
    program.undo_stack.undo()
    with answer_damage(qtbot, "31"):  # one short of twice Severe: still Severe
        program.window.fight.card_actions.damage(sentry.id)
    assert row(program, sentry.id).hp_marked == 3


def attack_the_party(qtbot, program, damage):
    """The Chapel Warden hits Aria (Severe 17) and Brannoc (Severe 19): it cannot miss."""
    pcs = sweep(qtbot, program, damage)
    actions = program.window.fight.card_actions
    qtbot.waitUntil(lambda: actions.hit_dialog is not None and actions.hit_dialog.isVisible())
    qtbot.mouseClick(actions.hit_dialog.mark_button, Qt.MouseButton.LeftButton)
    return pcs


@pytest.mark.parametrize(("massive", "aria_marks"), [(True, 4), (False, 3)])
def test_an_attacks_hit_of_twice_severe_on_a_tracked_pc_marks_four_only_with_the_rule(
        qtbot, program, massive, aria_marks):
    program.window.fight.track_pcs_action.trigger()
    if massive:
        switch_on(qtbot, program, "massive_damage")
    aria, brannoc = attack_the_party(qtbot, program, "1d1+33")  # 34 damage
    assert row(program, aria.id).hp_marked == aria.hp_marked + aria_marks  # 34 = 2 x 17
    assert row(program, brannoc.id).hp_marked == brannoc.hp_marked + 3  # 34 < 2 x 19


# -- the Spotlight Tracker --------------------------------------------------------------------


def badge(program, name):
    window = program.window
    delegate = window.initiative.view.itemDelegate()
    return delegate.badge_text(named(program, name))


def players_entry(program, name):
    program.window.findChild(type(program.window.next_action), "actionPlayerDisplay").setChecked(
        True)
    display = program.window.findChild(QWidget, "playerDisplay")
    model = display.order_model
    return next(model.index(r, 0).data(RowRole) for r in range(model.rowCount())
                if model.index(r, 0).data(RowRole).name == name)


def test_tokens_show_beside_each_pc_and_on_the_players_view_only_with_the_tracker(
        qtbot, program):
    assert badge(program, "Brannoc (Guardian)") == "PC"
    assert players_entry(program, "Brannoc (Guardian)").tokens == ""
    switch_on(qtbot, program, "spotlight_tracker")
    assert badge(program, "Brannoc (Guardian)") == "PC ●●●"
    assert badge(program, "Chapel Warden") == "ADVERSARY"  # adversaries carry none
    assert players_entry(program, "Brannoc (Guardian)").tokens == "●●●"
    assert players_entry(program, "Chapel Warden").tokens == ""
    set_tokens(program, 4)
    assert badge(program, "Brannoc (Guardian)") == "PC ●●●●"
    assert players_entry(program, "Brannoc (Guardian)").tokens == "●●●●"


def test_tokens_are_spent_never_passed_to_a_pc_with_none_and_refilled(qtbot, program):
    switch_on(qtbot, program, "spotlight_tracker")
    set_tokens(program, 1)
    window, session, fight = program.window, program.session, program.window.fight
    brannoc, wren = named(program, "Brannoc (Guardian)"), named(program, "Wren Tallow (Rogue)")
    assert session.active_id == named(program, "Aria Vell (Seraph)").id
    window.next_action.trigger()  # the Chapel Warden: no token
    steps = program.undo_stack.index()
    window.next_action.trigger()  # Brannoc takes the spotlight and spends his one token
    assert session.active_id == brannoc.id
    assert program.undo_stack.index() == steps + 1  # the spend is part of the spotlight step
    assert badge(program, brannoc.name) == "PC ○"
    assert "spends a spotlight token" in status(program)

    fight.card_actions.spotlight(named(program, "Chapel Warden").id)
    fight.card_actions.end_gm_turn()  # Brannoc is next in the order, but has no token left
    assert session.active_id == wren.id
    assert badge(program, wren.name) == "PC ○"

    window.next_action.trigger()  # Hollow Archer
    window.next_action.trigger()  # Bramble Stalker
    window.next_action.trigger()  # past the end: Aria, the last token of the party
    assert session.active_id == named(program, "Aria Vell (Seraph)").id
    assert "everyone refills" in status(program)
    assert all(badge(program, c.name) == "PC ●" for c in session.combatants if c.kind == "pc")
    program.undo_stack.undo()  # the refill goes back with the spotlight step
    assert badge(program, brannoc.name) == "PC ○"


def test_next_skips_a_pc_with_no_token_and_a_click_on_it_is_refused(qtbot, program):
    switch_on(qtbot, program, "spotlight_tracker")
    set_tokens(program, 1)
    window, session = program.window, program.session
    brannoc = named(program, "Brannoc (Guardian)")
    window.next_action.trigger()
    window.next_action.trigger()  # Brannoc spends his token
    window.next_action.trigger()  # Ashen Sentry
    window.next_action.trigger()  # Wren spends hers
    for _ in range(3):  # Archer, Stalker, and past the end: Aria, whose token refills all
        window.next_action.trigger()
    window.next_action.trigger()  # Chapel Warden
    window.next_action.trigger()  # Brannoc spends again (refilled)
    assert session.active_id == brannoc.id
    window.next_action.trigger()  # Sentry
    window.next_action.trigger()  # Wren spends
    window.next_action.trigger()
    window.next_action.trigger()
    assert session.active_id == named(program, "Bramble Stalker").id
    steps = program.undo_stack.index()
    window.fight.activate(brannoc.id)  # a click in the order on Brannoc, who has none
    assert "no spotlight tokens left" in status(program)
    assert session.active_id == named(program, "Bramble Stalker").id
    assert program.undo_stack.index() == steps


def test_new_scene_refills_every_pc_in_one_undo_step(qtbot, program):
    window = program.window
    refill = window.fight.card_actions.refill_action
    assert not refill.isEnabled()  # the tracker is off
    switch_on(qtbot, program, "spotlight_tracker")
    assert refill.isEnabled()
    window.next_action.trigger()
    window.next_action.trigger()  # Brannoc spends one
    assert badge(program, "Brannoc (Guardian)") == "PC ●●○"
    steps = program.undo_stack.index()
    refill.trigger()
    assert badge(program, "Brannoc (Guardian)") == "PC ●●●"
    assert program.undo_stack.index() == steps + 1
    assert "spotlight tokens again" in status(program)
    encounter_menu = next(a.menu() for a in window.menuBar().actions()
                          if a.text().replace("&", "") == "Encounter")
    assert refill in encounter_menu.actions()


# -- the GM turn's price ----------------------------------------------------------------------


def test_a_second_spotlight_on_a_gm_turn_asks_for_a_fear_and_names_it_in_the_ledger(
        qtbot, program):
    session, actions = program.session, program.window.fight.card_actions
    warden, sentry = named(program, "Chapel Warden"), named(program, "Ashen Sentry")
    archer = named(program, "Hollow Archer")
    actions.spotlight(warden.id)  # without the rule: a second one is free, nothing asked
    actions.spotlight(sentry.id)
    assert session.fear == 3 and session.active_id == sentry.id
    actions.end_gm_turn()
    switch_on(qtbot, program, "gm_turn_price")
    actions.spotlight(warden.id)  # the GM turn's own spotlight: free, nothing asked
    assert session.fear == 3 and session.active_id == warden.id

    words: list[str] = []
    press_in_next_modal("Cancel", words)
    actions.spotlight(archer.id)
    assert "additional GM move: it costs a Fear" in words[0]
    assert session.fear == 3 and session.active_id == warden.id  # nothing changed

    steps = program.undo_stack.index()
    press_in_next_modal("Spend a Fear")
    actions.spotlight(sentry.id)
    assert session.fear == 2 and session.active_id == sentry.id
    assert program.undo_stack.index() == steps + 1  # the Fear and the spotlight: one step
    spend = session.fear_ledger[0]
    assert (spend.change, spend.reason) == (-1, "extra_move")
    assert spend.note == "Ashen Sentry: another spotlight this GM turn"
    ledger = program.window.fight.fear_ledger_model
    assert "Ashen Sentry" in ledger.index(0, 0).data()
    program.undo_stack.undo()
    assert session.fear == 3 and session.active_id == warden.id


def test_an_additional_gm_move_asks_what_it_is_and_spends_a_fear(qtbot, program):
    session = program.session

    def type_move(dialog):
        assert isinstance(dialog, QInputDialog)
        assert "costs a Fear (3 in the pool)" in dialog.labelText()
        dialog.setTextValue("The bells toll: shift the environment")
        dialog.accept()

    cancel_next_modal(type_move)
    program.window.fight.card_actions.extra_move_action.trigger()
    assert session.fear == 2
    assert session.fear_ledger[0].note == "The bells toll: shift the environment"
    assert session.fear_ledger[0].reason == "extra_move"
