"""The *Players' rolls* tab, the same for every system: what waits, oldest first; for the chosen
roll what its form asks the GM, with a live preview; Accept, Set aside, Set aside all (asked
first); a roll typed for a player without a phone. Against an inbox kept in memory
(tests/helpers/phone_fakes.py) with forms of three kinds."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QTabWidget

from encounter_app.domain.player_rolls import PhoneResult
from encounter_app.ui.players.inbox_tab import PhoneInboxTab, TypedRollDialog
from tests.helpers.modal import press_in_next_modal
from tests.helpers.phone_fakes import FORMS, FakeInbox, result


@pytest.fixture
def inbox(qtbot):
    return FakeInbox()


@pytest.fixture
def tab(qtbot, inbox, demo_session):
    tabs = QTabWidget()
    tabs.addTab(QTabWidget(), "Roll log")
    widget = PhoneInboxTab(inbox, demo_session)
    tabs.addTab(widget, "Players' rolls")
    tabs.setCurrentWidget(widget)
    qtbot.addWidget(tabs)
    tabs.resize(360, 520)
    tabs.show()
    qtbot.waitExposed(tabs)
    yield widget  # the tabs kept alive meanwhile
    tabs.hide()


@pytest.fixture
def phone_forms(monkeypatch, demo_session):
    """The fight's system offers the three forms to every PC (its own forms aside)."""
    system = type(demo_session.system)
    monkeypatch.setattr(system, "phone_forms", lambda _self, _row: FORMS)

    def phone_result(_self, _row, roll, gm_value) -> PhoneResult:
        form = next(f for f in FORMS if f.key == roll.submission.form)
        return result(form, dict(roll.dice), dict(roll.submission.numbers), gm_value)

    monkeypatch.setattr(system, "phone_result", phone_result)


def title(tab: PhoneInboxTab) -> str:
    tabs = tab.parentWidget().parentWidget()
    return tabs.tabText(tabs.indexOf(tab))


def where(widget) -> QPoint:
    return widget.mapTo(widget.window(), QPoint(0, 0))


def test_nothing_waiting_says_so_and_offers_nothing_to_accept(tab, inbox):
    assert tab.empty.isVisible() and not tab.list.isVisible()
    assert not tab.accept_button.isEnabled() and not tab.dismiss_button.isEnabled()
    assert not tab.dismiss_all_button.isEnabled() and tab.type_button.isEnabled()
    assert title(tab) == "Players' rolls" and tab.preview.text() == ""


def test_the_rolls_wait_oldest_first_with_who_what_the_dice_and_how(tab, inbox):
    inbox.add("Wren", "action", {"hope": 9, "fear": 4}, numbers={"trait": 2})
    inbox.add("Aria", "skill", {"d100": 37}, rolled_for_them=True)
    inbox.add("Brannoc", "check", {"d20": 11}, numbers={"bonus": 3})
    assert [tab.list.item(i).text() for i in range(tab.list.count())] == [
        "Wren — Action roll\nHope Die 9 · Fear Die 4 · rolled at the table",
        "Aria — Skill roll\nPercentile die 37 · rolled for them",
        "Brannoc — Check\nd20 11 · rolled at the table"]
    assert title(tab) == "Players' rolls (3)"
    assert tab.list.currentRow() == 0 and tab.list.isVisible() and not tab.empty.isVisible()


def test_what_the_form_asks_the_gm_with_a_live_preview(tab, inbox):
    inbox.add("Wren", "action", {"hope": 9, "fear": 4}, numbers={"trait": 2})  # 15
    inbox.add("Aria", "skill", {"d100": 37})
    inbox.add("Brannoc", "check", {"d20": 11}, numbers={"bonus": 3})  # 14
    assert tab.gm_label.text() == "Difficulty" and tab.gm_value.value() == 12
    assert tab.gm_value.isVisible()
    assert tab.preview.text() == "<b>Success</b>: 15 — hope 9, fear 4"
    tab.gm_value.setValue(16)
    assert tab.preview.text() == "<b>Failure</b>: 15 — hope 9, fear 4"
    tab.list.setCurrentRow(1)  # asks nothing: no field for it
    assert not tab.gm_value.isVisible() and not tab.gm_label.isVisible()
    assert tab.preview.text() == "<b>Success</b>: 37 — d100 37"
    tab.list.setCurrentRow(2)  # a DC, offered at its own first value
    assert tab.gm_label.text() == "DC" and tab.gm_value.value() == 15
    assert tab.gm_value.accessibleName() == "DC of the roll"
    assert tab.preview.text().startswith("<b>Failure</b>: 14")


def test_the_difficulty_stays_from_one_roll_to_the_next_of_its_kind(tab, inbox):
    inbox.add("Wren", "action", {"hope": 9, "fear": 4})
    inbox.add("Aria", "action", {"hope": 2, "fear": 3})
    tab.gm_value.setValue(14)
    tab.accept()
    assert inbox.accepted == [(1, 14)]
    assert tab.current().submission.character == "Aria" and tab.gm_value.value() == 14


def test_accept_and_set_aside_go_to_the_inbox_and_the_next_roll_is_chosen(tab, inbox):
    inbox.add("Wren", "action", {"hope": 9, "fear": 4})
    skill = inbox.add("Aria", "skill", {"d100": 37})
    inbox.add("Brannoc", "check", {"d20": 11})
    tab.accept_button.click()
    assert inbox.accepted == [(1, 12)]
    assert tab.current() == skill and title(tab) == "Players' rolls (2)"
    tab.accept_button.click()  # a form that asks nothing is accepted with 0
    assert inbox.accepted[-1] == (skill.id, 0)
    tab.dismiss_button.click()
    assert inbox.set_aside_ids == [3] and tab.current() is None
    assert tab.empty.isVisible() and title(tab) == "Players' rolls"


def test_the_chosen_roll_stays_chosen_when_another_arrives(tab, inbox):
    inbox.add("Wren", "action", {"hope": 9, "fear": 4})
    second = inbox.add("Aria", "skill", {"d100": 37})
    tab.list.setCurrentRow(1)
    inbox.add("Brannoc", "check", {"d20": 11})
    assert tab.current() == second


def test_set_aside_all_asks_first(tab, inbox):
    for name in ("Wren", "Aria", "Brannoc"):
        inbox.add(name, "skill", {"d100": 50})
    said: list[str] = []
    press_in_next_modal("Cancel", said)
    tab.dismiss_all_button.click()
    assert len(inbox.waiting) == 3 and "Set aside all 3 rolls waiting?" in said[0]
    assert "Undo brings them all back" in said[0]
    press_in_next_modal("Set aside all")
    tab.dismiss_all_button.click()
    assert inbox.waiting == () and inbox.set_aside_ids == [1, 2, 3]
    assert tab.empty.isVisible()


def test_nothing_moves_when_rolls_come_and_go_or_ask_different_things(tab, inbox):
    places = {w: where(w) for w in (tab.accept_button, tab.dismiss_button, tab.gm_value,
                                    tab.dismiss_all_button, tab.type_button, tab.list)}
    inbox.add("Wren", "action", {"hope": 9, "fear": 4})
    inbox.add("Aria", "skill", {"d100": 37})
    tab.list.setCurrentRow(1)  # no value asked: the field hides, its room stays
    assert {w: where(w) for w in places} == places
    tab.list.setCurrentRow(0)
    tab.dismiss_button.click()
    assert {w: where(w) for w in places} == places


def test_a_roll_typed_for_a_player_without_a_phone(qtbot, tab, inbox, demo_session,
                                                  phone_forms):
    dialog = tab.type_roll()
    qtbot.waitExposed(dialog)
    pcs = [c.name for c in demo_session.combatants if c.kind == "pc"]
    assert [dialog.who.itemText(i) for i in range(dialog.who.count())] == pcs
    assert [dialog.form.itemText(i) for i in range(dialog.form.count())] == [
        "Action roll", "Skill roll", "Check"]
    assert dialog.dice_words.text() == "Duality Dice: d12 Hope + d12 Fear"
    dice = [spin for label, spin in dialog._die_slots if spin.isVisible()]
    assert [s.accessibleName() for s in dice] == ["Hope Die", "Fear Die"]
    box = dialog._choice_slots[0][1]
    box.setCurrentIndex(box.findData("advantage"))  # the d6 is thrown too
    dice = [spin for label, spin in dialog._die_slots if spin.isVisible()]
    assert [s.accessibleName() for s in dice] == ["Hope Die", "Fear Die", "Advantage d6"]
    assert [s.maximum() for s in dice] == [12, 12, 6]
    for spin, value in zip(dice, (10, 3, 4), strict=True):
        spin.setValue(value)
    dialog._number_slots[0][1].setValue(1)
    dialog.gm_value.setValue(17)
    assert dialog.outcome.text() == "<b>Success</b>: 18 — hope 10, fear 3, d6 4"
    dialog.who.setCurrentIndex(1)
    dialog.record_button.click()
    [(submission, gm)] = inbox.typed
    wren = next(c for c in demo_session.combatants if c.name == pcs[1])
    assert (submission.character, submission.combatant_id, submission.form) == (
        wren.name, wren.id, "action")
    assert submission.dice == (("hope", 10), ("fear", 3), ("d6", 4))
    assert submission.choices == (("advantage", "advantage"),)
    assert submission.numbers == (("trait", 1),) and gm == 17
    assert submission.device == "" and submission.page == ""  # typed: no phone to answer


def test_a_typed_roll_that_asks_nothing_is_recorded_with_nothing_given(qtbot, tab, inbox,
                                                                       phone_forms):
    dialog = tab.type_roll()
    dialog.form.setCurrentIndex(1)
    assert not dialog.gm_value.isVisible() and not dialog._gm_label.isVisible()
    [spin] = [spin for _label, spin in dialog._die_slots if spin.isVisible()]
    assert spin.maximum() == 100
    spin.setValue(42)
    dialog.record_button.click()
    [(submission, gm)] = inbox.typed
    assert submission.dice == (("d100", 42),) and gm == 0


def test_a_system_that_takes_no_roll_from_a_phone_offers_none_to_type(qtbot, tab, inbox,
                                                                      monkeypatch,
                                                                      demo_session):
    monkeypatch.setattr(type(demo_session.system), "phone_forms", lambda _self, _row: ())
    dialog = tab.type_roll()
    assert dialog.form.count() == 0 and not dialog.record_button.isEnabled()
    assert dialog.outcome.text() == "No roll is offered for this character."
    assert isinstance(dialog, TypedRollDialog)
