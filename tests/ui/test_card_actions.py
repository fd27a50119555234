"""The GM's adversary actions from the window: the card menu, the GM-turn bar, the dialogs."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMenu, QPushButton

from encounter_app.domain import CountdownRow, adversaries
from encounter_app.domain.adversaries import combatant_from
from encounter_app.services.fight.commands import AddCombatant, AddCountdown, SetFear, SetMarks
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.ui.adversary_dialogs import ConditionDialog, DamageDialog
from encounter_app.systems.daggerheart.ui.rolls.dialogs import AttackDialog
from encounter_app.ui.fight.models import RowRole
from tests.helpers.cards import trigger

SAMPLES = {s.name: s for s in load_sample_adversaries()}


def add(program, sample, name=None):
    program.undo_stack.push(AddCombatant(program.session, combatant_from(SAMPLES[sample], name)))
    return program.session.combatants[-1]


def row(program, cid):
    session = program.session
    return session.combatants[session.combatants.index_of(cid)]


def named(program, name):
    return next(c for c in program.session.combatants if c.name == name)


def status(program):
    return program.window.status_label.text()


def is_error(program):
    return "c0392b" in program.window.status_label.styleSheet()


def card_text(program, cid):
    window = program.window
    source = window.initiative_model.index(program.session.combatants.index_of(cid))
    return window.fight.cards.card_layout(window.fight.cards_model.mapFromSource(source)).text


@contextmanager
def modal(cls, act):
    """Drive the modal dialog of class ``cls`` that the block opens with ``act(dialog)``.

    A failed check inside closes the dialog (a modal left open would hang the test) and is
    raised once the block is over.
    """
    errors = []

    def run():
        dialog = QApplication.activeModalWidget()
        try:
            assert isinstance(dialog, cls), dialog
            act(dialog)
        except Exception as exc:  # re-raised below, on the test's own stack
            errors.append(exc)
            if dialog is not None:
                dialog.reject()

    QTimer.singleShot(0, run)
    yield
    if errors:
        raise errors[0]


def answer_damage(qtbot, amount, minions=()):
    """Fill the damage dialog the block opens, then press OK."""
    def fill(dialog):
        qtbot.keyClicks(dialog.edit, amount)
        dialog.set_checked(list(minions))
        assert dialog.ok_button.isEnabled(), dialog.message.text()
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)

    return modal(DamageDialog, fill)


# -- damage -------------------------------------------------------------------------------


def test_damage_from_the_menu_marks_hp_and_the_last_hp_announces_defeated(qtbot, program):
    sentry = named(program, "Ashen Sentry")  # HP 6, Major 9, Severe 16
    with answer_damage(qtbot, "16"):
        trigger(program, sentry.id, "damageAction")
    assert row(program, sentry.id).hp_marked == 3
    assert status(program) == "Ashen Sentry: 16 damage marks 3 HP (Severe, 16 or more)."
    assert program.store.combatants(program.session.encounter_id)[
        program.session.combatants.index_of(sentry.id)].hp_marked == 3
    with answer_damage(qtbot, "40"):
        trigger(program, sentry.id, "damageAction")
    assert row(program, sentry.id).defeated
    assert status(program).endswith("— defeated.")
    assert "DEFEATED" in card_text(program, sentry.id)
    program.undo_stack.undo()  # one step brings it back
    assert row(program, sentry.id).hp_marked == 3
    assert "DEFEATED" not in card_text(program, sentry.id)


def test_damage_on_a_defeated_adversary_is_refused_without_a_dialog(qtbot, program):
    sentry = named(program, "Ashen Sentry")
    for _ in range(2):
        with answer_damage(qtbot, "99"):
            program.window.fight.card_actions.damage(sentry.id)
    assert row(program, sentry.id).defeated
    program.window.fight.card_actions.damage(sentry.id)  # no dialog opens: it would block here
    assert "already defeated" in status(program) and is_error(program)


def test_minion_damage_defeats_the_minions_picked_in_the_dialog(qtbot, program):
    imps = [add(program, "Cinder Imp", f"Cinder Imp {i}") for i in range(1, 5)]
    with answer_damage(qtbot, "9", minions=[0, 2]):  # 9 ÷ 4: two more, of Imps 2, 3, 4
        program.window.fight.card_actions.damage(imps[0].id)
    assert [row(program, i.id).defeated for i in imps] == [True, True, False, True]
    assert "Also defeated: Cinder Imp 2, Cinder Imp 4." in status(program)
    program.undo_stack.undo()
    assert not any(row(program, i.id).defeated for i in imps)


def test_key_d_on_a_selected_card_opens_the_damage_dialog(qtbot, program):
    cards = program.window.fight.cards
    cards.setFocus()
    cards.setCurrentIndex(cards.model().index(1, 0))  # Ashen Sentry, second adversary
    with answer_damage(qtbot, "9"):
        qtbot.keyClick(cards, Qt.Key.Key_D)
    assert row(program, named(program, "Ashen Sentry").id).hp_marked == 2


# -- the damage and condition dialogs ----------------------------------------------------------


def test_damage_dialog_previews_and_explains_as_you_type(qtbot, program):
    sentry = named(program, "Ashen Sentry")
    dialog = DamageDialog(sentry, [])
    qtbot.addWidget(dialog)
    assert not dialog.ok_button.isEnabled()
    assert dialog.message.styleSheet() == ""  # nothing typed is not an error yet
    qtbot.keyClicks(dialog.edit, "12")
    assert dialog.message.text() == "12 damage marks 2 HP (Major, 9 or more)."
    assert dialog.ok_button.isEnabled()
    qtbot.keyClicks(dialog.edit, "x")
    assert dialog.message.text() == "Damage is a whole number such as 7, not '12x'."
    assert not dialog.ok_button.isEnabled()
    assert dialog.edit.text() == "12x"  # what was typed stays there to fix
    dialog.edit.setText("0")
    assert "marks no HP" in dialog.message.text() and not dialog.ok_button.isEnabled()
    dialog.edit.setText("500")
    assert dialog.message.text() == "500 damage marks 3 HP (Severe, 16 or more)."


def test_damage_dialog_caps_at_the_hp_left(qtbot, program):
    from dataclasses import replace
    sentry = replace(named(program, "Ashen Sentry"), hp_marked=5)
    dialog = DamageDialog(sentry, [])
    qtbot.addWidget(dialog)
    dialog.edit.setText("20")
    assert dialog.message.text() == ("20 damage marks 1 HP (Severe, 16 or more; only 1 HP left)"
                                     " — defeated.")


def test_damage_dialog_counts_the_minions_picked(qtbot, program):
    imps = [add(program, "Cinder Imp", f"Cinder Imp {i}") for i in range(1, 5)]
    dialog = DamageDialog(imps[0], adversaries.minion_candidates(program.session.combatants,
                                                                 imps[0]))
    qtbot.addWidget(dialog)
    assert dialog.minion_list.count() == 3
    dialog.edit.setText("4")
    dialog.set_checked([0, 1])
    assert dialog.minion_count.text() == "2 picked of up to 1 more (4 damage ÷ 4)"
    assert "defeats 1 more Minion: you picked 2" in dialog.message.text()
    assert not dialog.ok_button.isEnabled()
    dialog.set_checked([1])
    assert dialog.ok_button.isEnabled() and dialog.chosen_minions() == [imps[2].id]


def test_condition_dialog_refuses_a_duplicate_or_empty_name(qtbot, program):
    sentry = named(program, "Ashen Sentry")
    program.window.fight.card_actions.add_condition(sentry.id, "Burning")
    dialog = ConditionDialog(row(program, sentry.id))
    qtbot.addWidget(dialog)
    assert not dialog.ok_button.isEnabled()
    qtbot.keyClicks(dialog.edit, "burning")
    assert dialog.message.text() == "Ashen Sentry is already Burning."
    assert not dialog.ok_button.isEnabled()
    dialog.edit.setText("Frightened")
    assert dialog.ok_button.isEnabled() and dialog.condition() == "Frightened"


# -- Stress, conditions, Slow ----------------------------------------------------------------


def test_marking_stress_past_the_track_marks_hp_and_says_so(program):
    sentry = named(program, "Ashen Sentry")  # Stress 3
    for _ in range(3):
        trigger(program, sentry.id, "markStressAction")
    trigger(program, sentry.id, "markStressAction")
    assert (row(program, sentry.id).stress_marked, row(program, sentry.id).hp_marked) == (3, 1)
    assert "no Stress left to mark (3/3), so it marks 1 HP instead (1/6)" in status(program)
    trigger(program, sentry.id, "clearStressAction")
    assert row(program, sentry.id).stress_marked == 2


def test_conditions_from_the_menu_and_clearing_by_the_chip(qtbot, program):
    sentry = named(program, "Ashen Sentry")
    trigger(program, sentry.id, "condition:Vulnerable")
    trigger(program, sentry.id, "condition:Hidden")
    assert row(program, sentry.id).conditions == ("Vulnerable", "Hidden")
    assert "Vulnerable ×" in card_text(program, sentry.id)
    trigger(program, sentry.id, "condition:Hidden")  # checked: unchecking clears it
    assert row(program, sentry.id).conditions == ("Vulnerable",)

    cards = program.window.fight.cards
    index = cards.model().index(1, 0)
    cards.scrollTo(index)
    chip = next(c for c in cards.card_layout(index).chips if c.condition == "Vulnerable")
    qtbot.mouseClick(cards.viewport(), Qt.MouseButton.LeftButton,
                     pos=cards.visualRect(index).topLeft() + chip.rect.center())
    assert row(program, sentry.id).conditions == ()
    assert status(program) == "Ashen Sentry is no longer Vulnerable."
    program.undo_stack.undo()
    assert row(program, sentry.id).conditions == ("Vulnerable",)


def test_a_custom_condition_through_its_dialog(qtbot, program):
    sentry = named(program, "Ashen Sentry")

    def fill(dialog):
        qtbot.keyClicks(dialog.edit, "Soaked in lamp oil")
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)

    with modal(ConditionDialog, fill):
        trigger(program, sentry.id, "otherConditionAction")
    assert row(program, sentry.id).conditions == ("Soaked in lamp oil",)
    # The menu now lists it, checked, so it can be cleared there too.
    trigger(program, sentry.id, "condition:Soaked in lamp oil")
    assert row(program, sentry.id).conditions == ()


def test_slow_tokens_from_the_menu_only_for_slow_adversaries(program):
    golem = add(program, "Mossback Golem")
    assert "Slow: needs a token to act" in card_text(program, golem.id)
    trigger(program, golem.id, "addSlowTokenAction")
    assert row(program, golem.id).slow_tokens == 1
    assert "Slow: has its token, can act" in card_text(program, golem.id)
    trigger(program, golem.id, "removeSlowTokenAction")
    assert row(program, golem.id).slow_tokens == 0
    menu = program.window.fight.card_actions.menu_for(named(program, "Ashen Sentry").id)
    assert menu.findChild(type(menu.menuAction()), "addSlowTokenAction") is None
    menu.deleteLater()


# -- the GM's turn ---------------------------------------------------------------------------


def test_relentless_spotlights_then_a_refusal_then_end_gm_turn(qtbot, program):
    widow = add(program, "Mire Widow")
    trigger(program, widow.id, "spotlightAction")
    trigger(program, widow.id, "spotlightAction")
    assert program.session.active_id == widow.id
    assert "Spotlights 2/2" in card_text(program, widow.id)
    trigger(program, widow.id, "spotlightAction")
    assert "as many as Relentless (2) allows" in status(program) and is_error(program)
    assert row(program, widow.id).spotlights == 2

    end = program.window.findChild(QPushButton, "endGmTurnButton")
    qtbot.mouseClick(end, Qt.MouseButton.LeftButton)
    first_pc = program.session.combatants[0]
    assert program.session.active_id == first_pc.id
    assert row(program, widow.id).spotlights == 0
    assert status(program).startswith(f"GM turn over: the spotlight passes to {first_pc.name}")


def test_interrupt_from_the_bar_spends_a_fear_on_the_selected_card(qtbot, program):
    cards = program.window.fight.cards
    bar = program.window.fight.gm_turn_bar
    assert not bar.interrupt_button.isEnabled()  # no card selected yet
    cards.setCurrentIndex(cards.model().index(2, 0))  # Hollow Archer
    assert bar.interrupt_button.isEnabled()
    fear = program.session.fear
    qtbot.mouseClick(bar.interrupt_button, Qt.MouseButton.LeftButton)
    archer = named(program, "Hollow Archer")
    assert program.session.active_id == archer.id
    assert program.session.fear == fear - 1
    assert program.session.fear_ledger[0].reason == "interrupt"
    program.undo_stack.undo()
    assert program.session.fear == fear and program.session.active_id != archer.id


def test_interrupt_with_no_fear_says_so(program):
    program.undo_stack.push(SetFear(program.session, 0))
    archer = named(program, "Hollow Archer")
    trigger(program, archer.id, "interruptAction")
    assert "No Fear to spend: the pool is empty" in status(program) and is_error(program)
    assert program.session.active_id != archer.id


def test_spotlighting_a_slow_adversary_first_places_its_token(program):
    golem = add(program, "Mossback Golem")
    trigger(program, golem.id, "spotlightAction")
    assert "cannot act yet" in status(program)
    assert row(program, golem.id).slow_tokens == 1


def test_the_initiative_spotlight_button_applies_the_rules_to_adversaries(program):
    window = program.window
    sentry_row = program.session.combatants.index_of(named(program, "Ashen Sentry").id)
    window.activate_row(sentry_row)
    assert program.session.active_id == named(program, "Ashen Sentry").id
    window.activate_row(sentry_row)
    assert "already had the spotlight this GM turn" in status(program)
    window.activate_row(0)  # a PC: the GM's turn is over
    assert row(program, named(program, "Ashen Sentry").id).spotlights == 0


def test_end_gm_turn_is_in_the_encounter_menu_with_key_g(program):
    action = program.window.fight.card_actions.end_turn_action
    assert action in program.window.actions()
    assert action.shortcut().toString() == "G"


# A popup menu on the offscreen platform (no window manager) says these; not the program's fault.
@pytest.mark.qt_log_ignore(r"This plugin does not support raise\(\)",
                           "This plugin does not support grabbing the keyboard")
def test_a_real_context_menu_opens_on_the_card_and_acts(qtbot, program):
    sentry = named(program, "Ashen Sentry")

    def choose():
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        action = menu.findChild(type(menu.menuAction()), "markStressAction")
        action.trigger()
        menu.close()

    QTimer.singleShot(0, choose)
    program.window.fight.cards.menu_requested.emit(sentry.id, QPoint(100, 100))
    assert row(program, sentry.id).stress_marked == 1


# -- Horde attacks ----------------------------------------------------------------------------


def test_a_horde_past_half_hp_attacks_with_its_horde_dice(qtbot, program):
    swarm = add(program, "Lanternfly Swarm")  # HP 5, 2d6+2 phy, Horde (1d6+1)
    program.undo_stack.push(SetMarks(program.session, swarm.id, 3, 0))

    def roll(dialog):
        assert dialog.request().damage == "1d6+1 phy"
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)

    with (qtbot.waitSignal(program.window.roll_log_model.rowsInserted, timeout=5000),
          modal(AttackDialog, roll)):
        program.window.fight.attack(swarm.id)
    assert program.session.rolls[0].payload["request"]["damage"] == "1d6+1 phy"


def test_conditions_are_in_the_accessible_text_too(program):
    sentry = named(program, "Ashen Sentry")
    trigger(program, sentry.id, "condition:Restrained")
    model = program.window.initiative_model
    index = model.index(program.session.combatants.index_of(sentry.id))
    assert index.data(Qt.ItemDataRole.AccessibleTextRole).endswith("Stress 0/3, Restrained")


def test_the_card_panel_stays_on_the_card_the_gm_used(qtbot, program):
    """Damage, a condition and the spotlight on the last of 15 cards: the panel does not move."""
    window = program.window
    window.resize(1366, 768)
    for n in range(11):
        add(program, "Ashen Sentry", f"Sentry {n + 1}")
    cards, fight = window.fight.cards, window.fight
    model = cards.model()
    assert model.rowCount() >= 15
    bar = cards.verticalScrollBar()
    last = model.index(model.rowCount() - 1, 0)
    # the cards are placed in batches: wait until the last one has its place
    qtbot.waitUntil(lambda: cards.visualRect(last).bottom() >= bar.maximum() > 0)
    bar.setValue(bar.maximum())
    cards.setCurrentIndex(last)  # the GM's click on it
    cid = fight.gm_turn_bar.selected_id()
    where = bar.value()
    fight.operations.damage(cid, 3)
    qtbot.wait(50)  # the delayed layout
    assert row(program, cid).hp_marked > 0 and bar.value() == where
    fight.card_actions.add_condition(cid, "Vulnerable")
    qtbot.wait(50)
    assert "Vulnerable" in row(program, cid).conditions and bar.value() == where
    fight.card_actions.spotlight(cid)
    qtbot.wait(50)
    assert program.session.active_id == cid and bar.value() == where
    assert cards.viewport().rect().intersects(cards.visualRect(last))  # still in view


def test_the_order_and_the_cards_share_one_selection(qtbot, program):
    window, fight = program.window, program.window.fight
    order, cards = window.initiative.view, fight.cards
    session = program.session
    sentry = named(program, "Ashen Sentry")
    order.setCurrentIndex(window.initiative_model.index(session.combatants.index_of(sentry.id)))
    assert fight.gm_turn_bar.selected_id() == sentry.id  # its card, chosen with it
    assert fight.gm_turn_bar.damage_button.isEnabled()
    assert "Ashen Sentry" in fight.gm_turn_bar.hint.text()  # the buttons' target, named
    assert "Ashen Sentry" in fight.gm_turn_bar.damage_button.toolTip()
    assert cards.viewport().rect().intersects(cards.visualRect(cards.currentIndex()))

    warden_card = next(cards.model().index(r, 0) for r in range(cards.model().rowCount())
                       if cards.model().index(r, 0).data(RowRole).name == "Chapel Warden")
    cards.setCurrentIndex(warden_card)  # a click on a card
    chosen = order.currentIndex().data(RowRole)
    assert chosen.name == "Chapel Warden" and order.selectionModel().isSelected(
        order.currentIndex())

    pc = next(c for c in session.combatants if c.kind == "pc")
    order.setCurrentIndex(window.initiative_model.index(session.combatants.index_of(pc.id)))
    assert fight.gm_turn_bar.selected_id() is None  # no card acts on someone unseen
    assert not fight.gm_turn_bar.damage_button.isEnabled()
    assert "Ashen Sentry" not in fight.gm_turn_bar.hint.text()


def test_a_click_on_a_fear_badge_spends_the_fear_and_names_the_feature(qtbot, program):
    window, session = program.window, program.session
    cards = window.fight.cards
    warden = named(program, "Chapel Warden")
    card = window.fight.cards_model.mapFromSource(
        window.initiative_model.index(session.combatants.index_of(warden.id)))
    layout = cards.card_layout(card)
    assert layout.fear_features == ["Toll the Hour"]
    at = cards.visualRect(card).topLeft() + layout.fear_badges[0].center()

    program.undo_stack.push(SetFear(session, 2))
    qtbot.mouseClick(cards.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert session.fear == 1
    spent = session.fear_ledger[0]
    assert (spent.change, spent.reason, spent.note) == (
        -1, "adversary_feature", "Chapel Warden: Toll the Hour")
    assert "Toll the Hour" in status(program)
    program.undo_stack.undo()
    assert session.fear == 2 and session.fear_ledger[0].reason != "adversary_feature"

    program.undo_stack.push(SetFear(session, 0))
    steps = program.undo_stack.count()
    qtbot.mouseClick(cards.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert session.fear == 0 and program.undo_stack.count() == steps
    assert is_error(program) and "pool is empty" in status(program)


def test_compact_cards_show_four_at_1280x720_and_are_remembered(qtbot, tmp_path):
    from encounter_app.app import launch

    first = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(first.window)
    window = first.window
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.fight.cards.height() > 0)
    assert not window.fight.compact_action.isChecked()  # whole stat blocks by default
    window.fight.compact_action.trigger()
    cards = window.fight.cards
    qtbot.wait(50)
    room = cards.viewport().rect()
    whole_in_view = [r for r in range(cards.model().rowCount())
                     if room.contains(cards.visualRect(cards.model().index(r, 0)))]
    assert len(whole_in_view) >= 4
    first.window.close()  # the window's layout (and the choice) is saved as it closes
    first.shutdown()

    again = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(again.window)
    try:
        assert again.window.fight.compact_action.isChecked()
        assert again.window.fight.cards.delegate.compact
    finally:
        again.shutdown()


def test_five_countdowns_show_whole_in_the_sidebar_at_1280x720(qtbot, program):
    """The demo's two countdowns and three more: every one whole in view, none scrolled."""
    window, session = program.window, program.session
    window.resize(1280, 720)
    for n, start in ((1, 4), (2, 6), (3, 12)):
        program.undo_stack.push(AddCountdown(session, CountdownRow(
            name=f"Clock {n}", start=start, value=start, kind="dynamic", loop="increasing")))
    qtbot.waitUntil(lambda: window.countdowns.list.viewport().height() > 0)
    qtbot.wait(50)
    view = window.countdowns.list
    assert view.model().rowCount() == 5
    room = view.viewport().rect()
    for row in range(5):
        assert room.contains(view.visualRect(view.model().index(row, 0))), row
    assert view.verticalScrollBar().value() == 0
    # The roll log below keeps room for its last rolls.
    assert window.roll_log.viewport().height() >= 100


def test_a_row_dragged_to_the_end_of_the_order_keeps_its_card_in_view(qtbot, program):
    window, session = program.window, program.session
    window.resize(1366, 768)
    stats = load_sample_adversaries()[0]
    for n in range(12):
        program.undo_stack.push(AddCombatant(session, combatant_from(stats, f"Extra {n}")))
    view, cards = window.initiative.view, window.fight.cards
    first = next(i for i, c in enumerate(session.combatants) if c.kind == "adversary")
    moved_id = session.combatants[first].id
    view.setCurrentIndex(window.initiative_model.index(first, 0))
    qtbot.waitUntil(lambda: cards.currentIndex().isValid())
    window.initiative_model.push_move(first, len(session.combatants) - 1)  # as a drop does
    assert session.combatants[-1].id == moved_id
    card = cards.currentIndex()
    assert card.data(RowRole).id == moved_id
    assert cards.viewport().rect().intersects(cards.visualRect(card))
