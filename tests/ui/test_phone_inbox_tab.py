"""The *Players' rolls* tab, the same for every system, over the window's store-backed inbox:
what waits, oldest first; for the chosen roll what its form asks the GM, with a live preview;
Accept, Set aside, Set aside all (asked first), each one undo step; a roll typed for a player
without a phone. The forms: three kinds made to be different (tests/helpers/phone_forms.py)
offered by the Daggerheart demo, and the Coin Toss system's own (tests/coin_toss), which
records what is accepted."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTabWidget

from encounter_app.app import launch
from encounter_app.domain.player_rolls import PhoneSubmission
from encounter_app.ui.players.inbox_tab import PhoneInboxTab
from tests.coin_toss import catalog
from tests.helpers.modal import press_in_next_modal
from tests.helpers.phone_forms import offered

WREN, ARIA, BRANNOC = "Wren Tallow (Rogue)", "Aria Vell (Seraph)", "Brannoc (Guardian)"
ADA, BRAM = "Ada Penny", "Bram Groat"


def in_tabs(qtbot, program) -> PhoneInboxTab:
    """The tab over the window's inbox, in a sidebar's tabs of its own."""
    tabs = QTabWidget(program.window)
    tabs.addTab(QTabWidget(), "Roll log")
    tab = PhoneInboxTab(program.window.phone_inbox, program.session)
    tabs.addTab(tab, "Players' rolls")
    tabs.setCurrentWidget(tab)
    tabs.setWindowFlag(Qt.WindowType.Window)  # beside the window, closed with it
    tabs.resize(360, 520)
    tabs.show()
    qtbot.waitExposed(tabs)
    return tab


@pytest.fixture
def dh(qtbot, monkeypatch, launch_demo):
    """The Daggerheart demo, its PCs offered the three kinds of roll, and the tab."""
    program = launch_demo("daggerheart")
    offered(monkeypatch, program.session.system)
    return program, in_tabs(qtbot, program)


@pytest.fixture
def coin(qtbot, tmp_path):
    """The Coin Toss demo (a system written in the tests): its phone's call of the coin."""
    program = launch(tmp_path / "coin", seed=3, show=True, demo_system="coin_toss",
                     systems=catalog())
    qtbot.addWidget(program.window)
    yield program, in_tabs(qtbot, program)
    program.shutdown()


def send(program, name: str, form: str, dice: dict[str, int] | None, *,
         numbers: dict[str, int] | None = None, choices: dict[str, str] | None = None) -> None:
    program.window.phone_inbox.receive(PhoneSubmission(
        name, None, form, tuple((numbers or {}).items()), tuple((choices or {}).items()),
        None if dice is None else tuple(dice.items()), device="d" * 22, page="p"))


def call(program, name: str, coin: int, said: str = "heads") -> None:
    send(program, name, "call", {"coin": coin}, choices={"call": said})


def title(tab: PhoneInboxTab) -> str:
    tabs = tab.parentWidget().parentWidget()
    return tabs.tabText(tabs.indexOf(tab))


def where(widget) -> QPoint:
    return widget.mapTo(widget.window(), QPoint(0, 0))


def listed(tab: PhoneInboxTab) -> list[str]:
    return [tab.list.item(i).text() for i in range(tab.list.count())]


def test_nothing_waiting_says_so_and_offers_nothing_to_accept(dh):
    _program, tab = dh
    assert tab.empty.isVisible() and not tab.list.isVisible()
    assert not tab.accept_button.isEnabled() and not tab.dismiss_button.isEnabled()
    assert not tab.dismiss_all_button.isEnabled() and tab.type_button.isEnabled()
    assert title(tab) == "Players' rolls" and tab.preview.text() == ""


def test_the_rolls_wait_oldest_first_with_who_what_the_dice_and_how(qtbot, dh):
    program, tab = dh
    send(program, WREN, "action", {"hope": 9, "fear": 4}, numbers={"trait": 2})
    send(program, ARIA, "skill", None)  # rolled for her on the rules thread
    qtbot.waitUntil(lambda: len(tab.waiting) == 2)
    send(program, BRANNOC, "check", {"d20": 11}, numbers={"bonus": 3})
    aria = tab.waiting[1]
    assert listed(tab) == [
        f"{WREN} — Action roll\nHope Die 9 · Fear Die 4 · rolled at the table",
        f"{ARIA} — Skill roll\nPercentile die {aria.die('d100')} · rolled for them",
        f"{BRANNOC} — Check\nd20 11 · rolled at the table"]
    assert title(tab) == "Players' rolls (3)"
    assert tab.list.currentRow() == 0 and tab.list.isVisible() and not tab.empty.isVisible()


def test_what_the_form_asks_the_gm_with_a_live_preview(dh):
    program, tab = dh
    send(program, WREN, "action", {"hope": 9, "fear": 4}, numbers={"trait": 2})  # 15
    send(program, ARIA, "skill", {"d100": 37})
    send(program, BRANNOC, "check", {"d20": 11}, numbers={"bonus": 3})  # 14
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


def test_the_difficulty_stays_from_one_roll_to_the_next_of_its_kind(dh):
    program, tab = dh
    send(program, WREN, "action", {"hope": 9, "fear": 4})
    send(program, ARIA, "action", {"hope": 2, "fear": 3})
    tab.gm_value.setValue(14)
    tab.list.setCurrentRow(1)
    assert tab.current().submission.character == ARIA and tab.gm_value.value() == 14


def test_the_chosen_roll_stays_chosen_when_another_arrives(dh):
    program, tab = dh
    send(program, WREN, "action", {"hope": 9, "fear": 4})
    send(program, ARIA, "skill", {"d100": 37})
    tab.list.setCurrentRow(1)
    chosen = tab.current()
    send(program, BRANNOC, "check", {"d20": 11})
    assert tab.current() == chosen and tab.list.count() == 3


def test_nothing_moves_when_rolls_come_and_go_or_ask_different_things(dh):
    program, tab = dh
    places = {w: where(w) for w in (tab.accept_button, tab.dismiss_button, tab.gm_value,
                                    tab.dismiss_all_button, tab.type_button)}
    send(program, WREN, "action", {"hope": 9, "fear": 4})
    send(program, ARIA, "skill", {"d100": 37})
    tab.list.setCurrentRow(1)  # no value asked: the field hides, its room stays
    assert {w: where(w) for w in places} == places
    tab.list.setCurrentRow(0)
    tab.dismiss_button.click()
    assert {w: where(w) for w in places} == places


def test_accept_records_it_as_one_undo_step_and_the_next_is_chosen(coin):
    program, tab = coin
    call(program, ADA, 2)  # tails: a wrong call
    call(program, BRAM, 1)
    assert tab.preview.text() == "<b>tails: wrong</b>: 1 — coin tails"
    steps = program.undo_stack.count()
    tab.accept_button.click()
    assert program.undo_stack.count() == steps + 1
    [line] = program.session.rolls
    assert line.actor == ADA and "wrong" in line.summary
    assert [r.submission.character for r in tab.waiting] == [BRAM]
    assert tab.current().submission.character == BRAM and title(tab) == "Players' rolls (1)"
    program.undo_stack.undo()  # back in the list, as it was
    assert [r.submission.character for r in tab.waiting] == [ADA, BRAM]
    assert title(tab) == "Players' rolls (2)"


def test_set_aside_and_set_aside_all_asked_first(coin):
    program, tab = coin
    call(program, ADA, 1)
    call(program, BRAM, 1)
    call(program, ADA, 2)
    tab.list.setCurrentRow(1)
    tab.dismiss_button.click()
    assert [r.submission.character for r in tab.waiting] == [ADA, ADA]
    assert len(program.session.rolls) == 0  # set aside: nothing recorded
    said: list[str] = []
    press_in_next_modal("Cancel", said)
    tab.dismiss_all_button.click()
    assert len(tab.waiting) == 2 and "Set aside all 2 rolls waiting?" in said[0]
    assert "Undo brings them all back" in said[0]
    press_in_next_modal("Set aside all")
    tab.dismiss_all_button.click()
    assert tab.waiting == () and tab.empty.isVisible() and title(tab) == "Players' rolls"
    program.undo_stack.undo()
    assert len(tab.waiting) == 2


def test_a_roll_typed_for_a_player_without_a_phone_is_recorded(qtbot, coin):
    program, tab = coin
    dialog = tab.type_roll()
    qtbot.waitExposed(dialog)
    assert [dialog.who.itemText(i) for i in range(dialog.who.count())] == [ADA, BRAM]
    assert [dialog.form.itemText(i) for i in range(dialog.form.count())] == ["Call the coin"]
    assert not dialog.gm_value.isVisible()  # the coin asks the GM nothing
    dialog.who.setCurrentIndex(1)
    box = dialog._choice_slots[0][1]
    box.setCurrentIndex(box.findData("tails"))
    [coin_die] = [spin for _label, spin in dialog._die_slots if spin.isVisible()]
    assert coin_die.maximum() == 2
    coin_die.setValue(2)
    assert dialog.outcome.text() == "<b>tails: right</b>: 1 — coin tails"
    dialog.record_button.click()
    [line] = program.session.rolls
    assert line.actor == BRAM and "right" in line.summary
    assert tab.waiting == ()  # recorded at once: it never waits


def test_a_typed_roll_shows_the_dice_its_choices_throw(qtbot, dh, monkeypatch):
    program, tab = dh
    typed: list[tuple[PhoneSubmission, int]] = []
    monkeypatch.setattr(program.window.phone_inbox, "record_typed",
                        lambda submission, gm: typed.append((submission, gm)) or True)
    dialog = tab.type_roll()
    pcs = [c.name for c in program.session.combatants if c.kind == "pc"]
    assert [dialog.who.itemText(i) for i in range(dialog.who.count())] == pcs
    assert [dialog.form.itemText(i) for i in range(dialog.form.count())] == [
        "Action roll", "Skill roll", "Check"]
    assert dialog.dice_words.text() == "Duality Dice: d12 Hope + d12 Fear"
    dice = [spin for _label, spin in dialog._die_slots if spin.isVisible()]
    assert [s.accessibleName() for s in dice] == ["Hope Die", "Fear Die"]
    box = dialog._choice_slots[0][1]
    box.setCurrentIndex(box.findData("advantage"))  # the d6 is thrown too
    dice = [spin for _label, spin in dialog._die_slots if spin.isVisible()]
    assert [s.accessibleName() for s in dice] == ["Hope Die", "Fear Die", "Advantage d6"]
    assert [s.maximum() for s in dice] == [12, 12, 6]
    for spin, value in zip(dice, (10, 3, 4), strict=True):
        spin.setValue(value)
    dialog._number_slots[0][1].setValue(1)
    dialog.gm_value.setValue(17)
    assert dialog.outcome.text() == "<b>Success</b>: 18 — hope 10, fear 3, d6 4"
    dialog.who.setCurrentIndex(1)  # another PC with the same rolls: what was typed stays
    dialog.record_button.click()
    [(submission, gm)] = typed
    second = next(c for c in program.session.combatants if c.name == pcs[1])
    assert (submission.character, submission.combatant_id, submission.form) == (
        second.name, second.id, "action")
    assert submission.dice == (("hope", 10), ("fear", 3), ("d6", 4))
    assert submission.choices == (("advantage", "advantage"),)
    assert submission.numbers == (("trait", 1),) and gm == 17
    assert submission.device == "" and submission.page == ""  # typed: no phone to answer


def test_a_system_that_takes_no_roll_from_a_phone_offers_none_to_type(dh, monkeypatch):
    program, tab = dh
    monkeypatch.setattr(type(program.session.system), "phone_forms", lambda _self, _row: ())
    dialog = tab.type_roll()
    assert dialog.form.count() == 0 and not dialog.record_button.isEnabled()
    assert dialog.outcome.text() == "No roll is offered for this character."
