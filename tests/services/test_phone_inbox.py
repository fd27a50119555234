"""The players' rolls from their phones wait in the store until the GM answers them: checked,
rolled when asked, limited per character and in all, accepted or set aside as one undo step,
and still there after a restart. Played through the real window of a system written only in
the tests (tests/coin_toss), so the inbox is seen to name no system."""

from __future__ import annotations

from pathlib import Path

import pytest

from encounter_app.app import Launched, launch
from encounter_app.domain.player_rolls import PhoneDie, PhoneSubmission, RollStatus
from encounter_app.services.phone_inbox import INBOX_CAP, PER_CHARACTER, PhoneInbox
from tests.coin_toss import catalog
from tests.coin_toss.system import CALL

ADA = "Ada Penny"


def launched_at(folder: Path) -> Launched:
    return launch(folder, seed=3, show=False, demo_system="coin_toss", systems=catalog())


@pytest.fixture
def coin(qapp, tmp_path: Path):
    launched = launched_at(tmp_path / "data")
    yield launched
    launched.shutdown()


def call(name: str = ADA, *, coin: int | None = 1, call: str = "heads", page: str = "p1",
         combatant_id: int | None = None) -> PhoneSubmission:
    return PhoneSubmission(name, combatant_id, "call", choices=(("call", call),),
                           dice=None if coin is None else (("coin", coin),),
                           device="device-of-" + name, page=page)


def refusals(qtbot, inbox: PhoneInbox, submission: PhoneSubmission) -> tuple[str, str]:
    with qtbot.waitSignal(inbox.refused, timeout=1000) as blocker:
        inbox.receive(submission)
    page, words = blocker.args
    return page, words


def test_a_roll_thrown_at_the_table_waits_then_is_recorded_as_one_undo_step(qtbot, coin):
    inbox, session, stack = coin.window.phone_inbox, coin.session, coin.undo_stack
    with qtbot.waitSignal(inbox.changed) as changed:
        inbox.receive(call(coin=2, call="heads"))  # tails: a wrong call
    assert changed.args == [ADA]
    [waiting] = inbox.waiting
    assert waiting.dice == (("coin", 2),) and not waiting.rolled_for_them
    assert len(session.rolls) == 0  # nothing is recorded before the GM says so
    assert inbox.preview(waiting.id, 0).text == "tails: wrong"

    steps = stack.count()
    assert inbox.accept(waiting.id, 0)
    assert stack.count() == steps + 1
    assert inbox.waiting == ()
    [line] = session.rolls
    assert line.kind == "coin" and line.actor == ADA and "wrong" in line.summary
    assert session.combatants[0].hp_marked == 1  # a wrong call costs a Hit Point, as the GM's F
    [kept] = inbox.history(ADA)
    assert kept.status is RollStatus.RECORDED and kept.result.text == "tails: wrong"

    stack.undo()  # the line, the Hit Point and the answer, together
    assert len(session.rolls) == 0 and session.combatants[0].hp_marked == 0
    assert [r.id for r in inbox.waiting] == [waiting.id]
    assert inbox.history(ADA)[0].status is RollStatus.WAITING
    stack.redo()
    assert inbox.waiting == () and len(session.rolls) == 1


def test_roll_them_for_me_rolls_the_forms_dice_on_the_rules_thread(qtbot, coin):
    inbox = coin.window.phone_inbox
    with qtbot.waitSignal(inbox.changed, timeout=5000):
        inbox.receive(call(coin=None))
    [waiting] = inbox.waiting
    assert waiting.rolled_for_them and waiting.dice[0][0] == "coin"
    assert waiting.dice[0][1] in (1, 2)


def test_a_waiting_roll_is_there_after_the_program_starts_again(qapp, qtbot, tmp_path):
    folder = tmp_path / "data"
    first = launched_at(folder)
    try:
        first.window.phone_inbox.receive(call(coin=1))
        [waiting] = first.window.phone_inbox.waiting
    finally:
        first.shutdown()
    again = launched_at(folder)
    try:
        assert again.window.phone_inbox.waiting == (waiting,)
        assert again.window.phone_inbox.accept(waiting.id, 0)
        assert "heads" in again.session.rolls[0].summary
    finally:
        again.shutdown()


@pytest.mark.parametrize(("submission", "words"), [
    (call("Nobody Here"), "Nobody Here is not in this fight now."),
    (call("Two-Faced Tom"), "Two-Faced Tom is not in this fight now."),  # an adversary
    (call(""), "Pick your character first."),
    (call(coin=3), "The Coin shows 1 to 2."),
    (call(call="edge"), "Your call: pick one of the choices offered."),
    (PhoneSubmission(ADA, None, "duel", device="d", page="p1"),
     "This kind of roll cannot be sent for your character."),
])
def test_a_roll_that_cannot_be_taken_is_answered_in_words_and_not_kept(
        qtbot, coin, submission, words):
    inbox = coin.window.phone_inbox
    assert refusals(qtbot, inbox, submission) == (submission.page, words)
    assert inbox.waiting == () and coin.session.store.phone_rolls(coin.session.encounter_id) == []


def test_the_limit_is_per_character_not_per_page(qtbot, coin):
    inbox = coin.window.phone_inbox
    for n in range(PER_CHARACTER):
        inbox.receive(call(page=f"fresh-page-{n}"))  # a fresh page each time: still counted
    page, words = refusals(qtbot, inbox, call(page="yet-another"))
    assert page == "yet-another"
    assert words == (f"{ADA} already has {PER_CHARACTER} rolls waiting for the GM: wait for an "
                     "answer before you send another.")
    inbox.receive(call("Bram Groat"))  # another character is not held back by Ada's
    assert len(inbox.waiting) == PER_CHARACTER + 1


def test_the_whole_inbox_has_a_cap(qtbot, coin, monkeypatch):
    inbox = coin.window.phone_inbox
    monkeypatch.setattr("encounter_app.services.phone_inbox.INBOX_CAP", 2)
    inbox.receive(call(ADA))
    inbox.receive(call("Bram Groat"))
    _page, words = refusals(qtbot, inbox, call(ADA))
    assert words.startswith("The GM's inbox is full (2 rolls wait)")
    assert INBOX_CAP == 60


def test_set_aside_all_is_one_undo_step_and_each_phone_sees_its_roll_set_aside(qtbot, coin):
    inbox, stack = coin.window.phone_inbox, coin.undo_stack
    inbox.receive(call(ADA))
    inbox.receive(call("Bram Groat"))
    steps = stack.count()
    assert inbox.set_aside_all() == 2
    assert stack.count() == steps + 1 and inbox.waiting == ()
    assert inbox.history("Bram Groat")[0].status is RollStatus.SET_ASIDE
    assert len(coin.session.rolls) == 0
    stack.undo()
    assert len(inbox.waiting) == 2


def test_a_roll_typed_by_the_gm_is_recorded_at_once(coin):
    inbox = coin.window.phone_inbox
    assert inbox.record_typed(call(coin=1, page="", combatant_id=None), 0)
    assert inbox.waiting == ()
    assert coin.session.rolls[0].summary == "Ada Penny calls heads: heads, right"
    assert not inbox.record_typed(call(coin=5, page=""), 0)  # said, not recorded
    assert len(coin.session.rolls) == 1


def test_a_kept_roll_its_form_no_longer_fits_is_not_read_and_not_accepted(coin, monkeypatch):
    """A roll kept by an older version whose form has changed since (another die): the tab's
    preview says nothing of it, Accept refuses with the way out, Set aside takes it."""
    inbox = coin.window.phone_inbox
    inbox.receive(call(coin=1))
    [kept] = inbox.waiting
    changed = CALL.__class__(CALL.key, CALL.title, "A d6 now", (PhoneDie("d6", "d6", 6),))
    monkeypatch.setattr(coin.session.system, "phone_forms", lambda row: (changed,))
    assert inbox.form_of(kept) is None and inbox.preview(kept.id, 0) is None
    assert not inbox.accept(kept.id, 0)
    assert "no longer offers this roll for Ada Penny: set it aside." in (
        coin.window.status_label.text())
    assert inbox.set_aside(kept.id) and inbox.waiting == ()
