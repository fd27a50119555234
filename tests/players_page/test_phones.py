"""A phone holds one player's character, through the GM's program: it claims one, gets that
character's own sheet, forms and rolls (and nobody else's), sends rolls for it to the GM's
inbox and hears back; the GM sees who holds which and can let one go."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from PySide6.QtCore import QObject, Signal

from encounter_app.domain.player_rolls import (
    PhoneDie,
    PhoneForm,
    PhoneRoll,
    PhoneSubmission,
)
from encounter_app.services.fight.commands import UpdateCombatant
from encounter_app.services.players_page import RECEIVED, phone_label
from tests.players_page.conftest import PHONE, ws_url

OTHER = "other-phone-00000000"
ROLL = PhoneForm("check", "Check", "Two dice: d6 + d6",
                 (PhoneDie("first", "First die", 6), PhoneDie("second", "Second die", 6)))


class FakeInbox(QObject):
    """The GM's inbox as the page sees it (services/phone_inbox.py's members)."""

    changed = Signal(str)
    refused = Signal(str, str)

    def __init__(self) -> None:
        super().__init__()
        self.received: list[PhoneSubmission] = []
        self.rolls: list[PhoneRoll] = []
        self.refusal = ""  # set: the next roll is refused with these words

    def history(self, name: str) -> tuple[PhoneRoll, ...]:
        return tuple(r for r in self.rolls if r.submission.character == name)

    def receive(self, submission: PhoneSubmission) -> None:
        if self.refusal:
            self.refused.emit(submission.page, self.refusal)
            return
        self.received.append(submission)
        self.rolls.append(PhoneRoll(len(self.rolls) + 1, 1, submission,
                                    submission.dice or (), False))
        self.changed.emit(submission.character)


@pytest.fixture
def inbox(shared):
    """The page's rolls go to this inbox alone."""
    inbox = FakeInbox()
    shared.set_inbox(inbox)  # in the window's place
    return inbox


@pytest.fixture
def forms(program, monkeypatch):
    """Every PC's phone offers ROLL (whatever the system offers now)."""
    monkeypatch.setattr(program.session.system, "phone_forms", lambda row: (ROLL,))


def pc(program, start: str):
    return next(c for c in program.session.combatants if c.name.startswith(start))


def claimed(qtbot, shared, phones, start: str, device: str = PHONE):
    """A phone of ``device`` that claimed the PC whose name starts with ``start``."""
    phone = phones(ws_url(shared.url, device=device))
    qtbot.waitUntil(lambda: phone.last("view") is not None)
    pick = next(c["pick"] for c in phone.last("view")["characters"]
                if c["name"].startswith(start))
    phone.send({"type": "claim", "pick": pick})
    qtbot.waitUntil(lambda: (phone.last("own") or {}).get("character") is not None)
    return phone


def owns(phone) -> list[dict]:
    return [m["character"] for m in phone.received if m["type"] == "own" and m["character"]]


def test_a_claimed_phone_gets_its_own_character_and_never_another_s(qtbot, program, shared,
                                                                    phones, inbox, forms):
    session, stack = program.session, program.undo_stack
    aria, wren = pc(program, "Aria"), pc(program, "Wren")
    stack.push(UpdateCombatant(session, replace(aria, hp_max=11, hp_marked=4), "Mark"))
    a = claimed(qtbot, shared, phones, "Aria")
    b = claimed(qtbot, shared, phones, "Wren", OTHER)
    mine = owns(a)[-1]
    assert mine["name"] == aria.name
    assert any("of 11" in value for _label, value in mine["sheet"])  # her HP, in its words
    assert mine["forms"] == [ROLL.to_json()] and mine["history"] == []
    assert owns(b)[-1]["name"] == wren.name
    assert shared.claims() == {aria.name: phone_label(PHONE), wren.name: phone_label(OTHER)}

    # The GM marks Aria: her phone sees it, Wren's gets nothing of it.
    aria = pc(program, "Aria")
    stack.push(UpdateCombatant(session, replace(aria, hp_marked=9), "Mark"))
    qtbot.waitUntil(lambda: owns(a)[-1]["sheet"] != mine["sheet"])
    assert any("of 11" in value for _label, value in owns(a)[-1]["sheet"])
    # ... and Wren's own change reaches Wren's phone, never Aria's.
    wren = pc(program, "Wren")
    stack.push(UpdateCombatant(session, replace(wren, conditions=("Vulnerable",)), "Mark"))
    qtbot.waitUntil(lambda: any("Vulnerable" in value for _label, value in owns(b)[-1]["sheet"]))
    b.send({"type": "resync"})
    qtbot.waitUntil(lambda: len([m for m in b.received if m["type"] == "view"]) == 2)
    to_wren = json.dumps(b.received)
    assert "of 11" not in to_wren and {o["name"] for o in owns(b)} == {wren.name}
    assert {o["name"] for o in owns(a)} == {aria.name}
    # Each phone's list says the other's character is held; its own is not.
    held = {c["name"]: c["held"] for c in b.last("view")["characters"]}
    assert held[aria.name] is True and held[wren.name] is False


def test_a_character_held_by_another_phone_is_refused_in_words(qtbot, program, shared, phones,
                                                               forms):
    claimed(qtbot, shared, phones, "Aria")
    other = phones(ws_url(shared.url, device=OTHER))
    qtbot.waitUntil(lambda: other.last("view") is not None)
    qtbot.waitUntil(lambda: any(c["held"] for c in (other.last("delta") or other.last("view"))
                                .get("characters", [])))
    pick = next(c["pick"] for c in other.last("view")["characters"] if c["name"].startswith("Aria"))
    other.send({"type": "claim", "pick": pick})
    qtbot.waitUntil(lambda: other.last("refused") is not None)
    assert "is held by another phone" in other.last("refused")["text"]
    assert not owns(other)


def test_a_roll_goes_to_the_inbox_the_phone_hears_and_sees_it_in_its_history(
        qtbot, program, shared, phones, inbox, forms):
    aria = pc(program, "Aria")
    phone = claimed(qtbot, shared, phones, "Aria")
    phone.send({"type": "roll", "form": "check", "dice": {"first": 6, "second": 2}})
    qtbot.waitUntil(lambda: phone.last("sent") is not None)
    assert phone.last("sent") == {"type": "sent", "text": RECEIVED}
    [submission] = inbox.received
    assert submission == PhoneSubmission(aria.name, aria.id, "check", (), (),
                                         (("first", 6), ("second", 2)), PHONE,
                                         phone.last("hello")["page"])
    qtbot.waitUntil(lambda: len(owns(phone)[-1]["history"]) == 1)
    assert owns(phone)[-1]["history"][0]["dice"] == [["first", 6], ["second", 2]]

    inbox.refusal = "Aria has 3 rolls waiting: wait for the GM."
    phone.send({"type": "roll", "form": "check", "dice": None})
    qtbot.waitUntil(lambda: phone.last("refused") is not None)
    assert phone.last("refused")["text"] == "Aria has 3 rolls waiting: wait for the GM."
    assert [m["type"] for m in phone.received].count("sent") == 1


def test_the_gm_lets_go_of_a_character_and_its_phone_is_told(qtbot, program, shared, phones,
                                                             forms):
    aria = pc(program, "Aria")
    phone = claimed(qtbot, shared, phones, "Aria")
    with qtbot.waitSignal(shared.claims_changed):
        shared.release(aria.name)
    assert shared.claims() == {}
    qtbot.waitUntil(lambda: phone.last("told") is not None)
    assert phone.last("own") == {"type": "own", "character": None}
    assert phone.last("told")["text"] == (f"The GM let go of {aria.name} for you: pick your "
                                          "character again.")
    phone.send({"type": "roll", "form": "check", "dice": None})
    qtbot.waitUntil(lambda: phone.last("refused") is not None)
    assert phone.last("refused")["text"].startswith("Pick your character first")


def test_claiming_another_character_lets_the_first_go_and_unclaim_lets_go(
        qtbot, program, shared, phones, forms):
    aria, wren = pc(program, "Aria"), pc(program, "Wren")
    phone = claimed(qtbot, shared, phones, "Aria")
    wren_pick = next(c["pick"] for c in phone.last("view")["characters"]
                     if c["name"] == wren.name)
    phone.send({"type": "claim", "pick": wren_pick})
    qtbot.waitUntil(lambda: owns(phone)[-1]["name"] == wren.name)
    assert shared.claims() == {wren.name: phone_label(PHONE)}
    phone.send({"type": "unclaim"})
    qtbot.waitUntil(lambda: phone.last("own") == {"type": "own", "character": None})
    qtbot.waitUntil(lambda: shared.claims() == {})
    assert aria.name not in shared.claims()


def test_a_phone_that_comes_back_has_its_character_at_once(qtbot, program, shared, phones,
                                                          forms):
    aria = pc(program, "Aria")
    first = claimed(qtbot, shared, phones, "Aria")
    first.close()
    again = phones(ws_url(shared.url, device=PHONE))
    qtbot.waitUntil(lambda: again.last("own") is not None)
    assert [m["type"] for m in again.received[:3]] == ["hello", "view", "own"]
    assert again.last("own")["character"]["name"] == aria.name


def test_claims_survive_the_program_s_restart_and_a_page_rebuilt_over_the_store(
        qtbot, tmp_path, phones):
    from encounter_app.app import launch
    from encounter_app.services.players_page import PlayersPage

    first = launch(tmp_path, seed=3, show=False)
    try:
        page = first.window.players_page
        page.share("127.0.0.1")
        assert page.server.ready.wait(10)
        aria = pc(first, "Aria")
        phone = claimed(qtbot, page, phones, "Aria")
        phone.close()
        # Another window's page over the same store knows who holds whom.
        rebuilt = PlayersPage(first.session, first.window.table_controls.player_screen.feed,
                              first.settings)
        assert rebuilt.claims() == {aria.name: phone_label(PHONE)}
    finally:
        first.shutdown()
    second = launch(tmp_path, seed=3, show=False)
    try:
        page = second.window.players_page
        assert page.claims() == {aria.name: phone_label(PHONE)}  # before sharing, too
        page.share("127.0.0.1")
        assert page.server.ready.wait(10)
        again = phones(ws_url(page.url))
        qtbot.waitUntil(lambda: (again.last("own") or {}).get("character") is not None)
        assert again.last("own")["character"]["name"] == aria.name
        held = {c["name"]: c["held"] for c in again.last("view")["characters"]}
        assert held[aria.name] is False  # held by this phone: its own
        other = phones(ws_url(page.url, device=OTHER))
        qtbot.waitUntil(lambda: other.last("view") is not None)
        assert {c["name"]: c["held"] for c in other.last("view")["characters"]}[aria.name]
    finally:
        second.shutdown()


def test_a_burst_of_changes_travels_as_one_delta_of_those_entries(qtbot, program, shared,
                                                                   phones):
    session, stack = program.session, program.undo_stack
    phone = phones(ws_url(shared.url))
    qtbot.waitUntil(lambda: phone.shown() is not None)
    marked = [c for c in session.combatants if c.kind == "adversary"][:3]
    for row in marked:  # three changes before the event loop is free again
        stack.push(UpdateCombatant(session, replace(row, conditions=("Restrained",)), "Mark"))
    qtbot.waitUntil(lambda: phone.last("delta") is not None)
    applied = phone.shown()  # the first view and the delta
    phone.send({"type": "resync"})  # answered after anything sent before it
    qtbot.waitUntil(lambda: len([m for m in phone.received if m["type"] == "view"]) == 2)
    [delta] = [m for m in phone.received if m["type"] == "delta"]
    assert set(delta) == {"type", "seq", "entries"}
    assert sorted(e["name"] for e in delta["entries"].values()) == sorted(
        r.name for r in marked)
    assert all(e["conditions"] == ["Restrained"] for e in delta["entries"].values())
    assert phone.last("view")["view"] == applied  # the whole view again: the same
