"""What a page is sent is what the player display shows: the same PlayerView (each entry with
its key), and the PCs a player may claim are every PC, a hidden one too (its player is at the
table). Hidden combatants never appear in the view, a hidden adversary nowhere, nor rolls the
GM kept."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.player_view import player_view
from encounter_app.services.fight.commands import RecordRoll, SetFear, UpdateCombatant
from encounter_app.services.page_frames import Differ, characters_text, view_text, words_text
from encounter_app.services.player_view import SetRollPublic
from encounter_app.services.players_page import characters_of
from tests.helpers.systems import SYSTEMS
from tests.players_page.conftest import ws_url

KEPT = RollRow(kind="dice", summary="Ambush check: 2d6 = 11 vs Difficulty 14",
               detail="2d6 (5, 6) = 11", payload={
                   "request": {"expression": "2d6", "label": "Kept ambush"},
                   "result": {"expression": "2d6", "total": 11, "dice": [5, 6],
                              "text": "2d6 (5, 6) = 11"}})
SHOWN = RollRow(kind="dice", summary="Falling rocks: 1d6 = 4", payload={
    "request": {"expression": "1d6", "label": "Falling rocks"},
    "result": {"expression": "1d6", "total": 4, "dice": [4], "text": "1d6 (4) = 4"}})


def without_keys(view: dict) -> dict:
    return dict(view, order=[{k: v for k, v in e.items() if k != "key"} for e in view["order"]])


def test_the_page_is_sent_the_display_s_view_and_no_secret(qtbot, program, shared, phones):
    session, stack = program.session, program.undo_stack
    stalker = next(c for c in session.combatants if c.name == "Bramble Stalker")
    wren = next(c for c in session.combatants if c.name.startswith("Wren"))
    stack.push(UpdateCombatant(session, replace(stalker, hidden=True), "Hide"))
    stack.push(UpdateCombatant(session, replace(wren, hidden=True), "Hide"))
    stack.push(RecordRoll(session, KEPT))
    stack.push(RecordRoll(session, SHOWN))
    stack.push(SetRollPublic(session, session.rolls[0], True))
    stack.push(SetFear(session, 5))
    feed = program.window.table_controls.player_screen.feed()  # what the display renders
    qtbot.waitUntil(lambda: not shared._send_timer.isActive())  # the changes went out
    phone = phones(ws_url(shared.url))
    qtbot.waitUntil(lambda: phone.last("view") is not None)

    message = phone.last("view")
    text = json.dumps(phone.received, ensure_ascii=False)
    assert without_keys(message["view"]) == json.loads(json.dumps(feed.view.to_json()))
    assert message["view"]["fear"] == 5
    assert [r["text"] for r in message["view"]["rolls"]] == ["Falling rocks: 1d6 = 4"]
    for secret in ("Bramble Stalker", "Kept ambush", "Difficulty", "Ambush"):
        assert secret not in text
    # Wren is hidden from the fight's view, and her player can still claim her.
    assert wren.name not in json.dumps(message["view"], ensure_ascii=False)
    pcs = [c.name for c in session.combatants if c.kind == "pc"]
    assert [c["name"] for c in message["characters"]] == pcs
    assert len(pcs) == 3 and wren.name in pcs
    assert message["words"]["order"] == "Spotlight order"


def test_a_pick_name_is_no_store_id_and_stays_while_the_fight_changes(qtbot, program, shared,
                                                                      phones):
    session, stack = program.session, program.undo_stack
    phone = phones(ws_url(shared.url))
    qtbot.waitUntil(lambda: phone.last("view") is not None)
    before = {c["name"]: c["pick"] for c in phone.last("view")["characters"]}
    ids = {str(c.id) for c in session.combatants}
    assert not set(before.values()) & ids
    assert all(len(pick) >= 8 for pick in before.values())
    aria = next(c for c in session.combatants if c.name.startswith("Aria"))
    stack.push(UpdateCombatant(session, replace(aria, conditions=("Vulnerable",)), "Mark"))
    qtbot.waitUntil(lambda: phone.last("delta") is not None)
    phone.send({"type": "resync"})
    qtbot.waitUntil(lambda: len([m for m in phone.received if m["type"] == "view"]) == 2)
    after = {c["name"]: c["pick"] for c in phone.last("view")["characters"]}
    assert after == before


names = st.lists(st.tuples(st.sampled_from(["pc", "adversary", "npc"]), st.booleans()),
                 min_size=0, max_size=8)


@settings(max_examples=40)
@given(names)
def test_every_pc_may_be_claimed_and_no_hidden_name_is_in_the_view(fight):
    rows = [CombatantRow(kind, f"Name{i:02d}Q", id=100 + i, hidden=hidden)
            for i, (kind, hidden) in enumerate(fight)]
    view = player_view(SYSTEMS.get("daggerheart"), rows, [], [], fear=2, round_=1, active_id=None)
    picks: dict[int, str] = {}
    characters = characters_of(rows, picks)
    frame = Differ().frame(view, [r.id for r in rows if not r.hidden],
                           words_text("Daggerheart", True), characters)
    text = view_text(frame) + characters_text(frame.characters, set()) + "}"
    message = json.loads(text)
    assert [c["name"] for c in message["characters"]] == [r.name for r in rows if r.kind == "pc"]
    assert [c.combatant_id for c in characters] == [r.id for r in rows if r.kind == "pc"]
    assert all(set(c) == {"pick", "name", "held"} for c in message["characters"])
    seen = json.dumps(message["view"])
    numbers = set(_numbers(message))
    for row in rows:
        assert (row.name in seen) is (not row.hidden)  # the fight's view: the visible only
        # Anywhere in the message: a hidden adversary or NPC never, a hidden PC as a roller.
        assert (row.name in text) is (not row.hidden or row.kind == "pc")
        assert row.id not in numbers and str(row.id) not in numbers


def _numbers(data):
    """Every number and every string of a JSON value."""
    if isinstance(data, dict):
        for value in data.values():
            yield from _numbers(value)
    elif isinstance(data, list):
        for value in data:
            yield from _numbers(value)
    else:
        yield data


def test_another_system_s_page_speaks_its_words(qtbot, tmp_path, phones):
    from encounter_app.app import launch

    launched = launch(tmp_path / "cm", seed=3, show=False, demo_system="casus_mus")
    try:
        page = launched.window.players_page
        page.share("127.0.0.1")
        assert page.server.ready.wait(10)
        phone = phones(ws_url(page.url))
        qtbot.waitUntil(lambda: phone.last("view") is not None)
        message = phone.last("view")
    finally:
        launched.shutdown()
    assert message["view"]["system"] == "casus_mus"
    assert message["view"]["fear"] is None  # Fear is Daggerheart's
    assert message["words"] == {"system": "Casus Mus", "order": "Turn order",
                                "active": "Their turn"}
