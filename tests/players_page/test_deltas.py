"""Only changes travel: after its first view a page gets deltas, and a page that applies each
delta as docs/phone_protocol.md says has exactly the newest whole view, whatever the GM did
meanwhile. A change of one combatant sends that one entry; a key is no store id."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from encounter_app.domain.player_view import PlayerCountdown, PlayerEntry, PlayerRoll, PlayerView
from encounter_app.services.page_frames import (
    Character,
    Differ,
    characters_text,
    frame_text,
    view_text,
    words_text,
)
from tests.players_page.conftest import apply


def view_of(fight: list[dict[str, Any]], round_: int = 1, fear: int | None = 3,
            countdowns: tuple[PlayerCountdown, ...] = (),
            rolls: tuple[PlayerRoll, ...] = (), system: str = "daggerheart"
            ) -> tuple[PlayerView, list[int]]:
    """The view of ``fight`` (each combatant a dict with its id) and the ids it shows."""
    shown = [c for c in fight if not c["hidden"]]
    order = tuple(PlayerEntry(c["name"], c["kind"], c["active"], c["defeated"],
                              tuple(c["conditions"])) for c in shown)
    return (PlayerView(system, round_, fear, order, countdowns, rolls),
            [c["id"] for c in shown])


def sent(frame, had: int) -> dict[str, Any]:
    """What a page that has view ``had`` receives for ``frame`` (as the server sends it)."""
    characters = characters_text(frame.characters, set())
    return json.loads(frame_text(frame, had, lambda: characters, lambda: view_text(frame)))


def whole(frame) -> dict[str, Any]:
    return sent(frame, -1)


combatant = st.fixed_dictionaries({
    "name": st.sampled_from(["Aria", "Bear", "Wren", "Ashen Sentry", "Ra\u00efn"]),
    "kind": st.sampled_from(["pc", "adversary", "npc"]),
    "hidden": st.booleans(), "active": st.booleans(), "defeated": st.booleans(),
    "conditions": st.lists(st.sampled_from(["Vulnerable", "Restrained", "Hidden"]),
                           max_size=2, unique=True)})
edit = st.one_of(
    st.tuples(st.just("add"), st.integers(0, 40), combatant),
    st.tuples(st.just("remove"), st.integers(0, 40)),
    st.tuples(st.just("move"), st.integers(0, 40), st.integers(0, 40)),
    st.tuples(st.just("change"), st.integers(0, 40), combatant),
    st.tuples(st.just("round"), st.integers(1, 9)),
    st.tuples(st.just("fear"), st.one_of(st.none(), st.integers(0, 12))),
    st.tuples(st.just("countdown"), st.integers(0, 6)),
    st.tuples(st.just("roll"), st.text(min_size=1, max_size=12)),
    st.tuples(st.just("words"), st.booleans()),
    st.tuples(st.just("characters"), st.booleans()),
    st.tuples(st.just("system"), st.sampled_from(["daggerheart", "casus_mus"])),
)


@settings(max_examples=60)
@given(st.lists(combatant, max_size=12), st.lists(st.lists(edit, min_size=1, max_size=4),
                                                   max_size=12))
def test_the_deltas_applied_to_the_first_view_give_the_newest_whole_view(start, bursts):
    fight = [dict(c, id=n + 1) for n, c in enumerate(start)]
    next_id = len(fight) + 1
    state = {"round": 1, "fear": 3, "countdowns": (), "rolls": (), "spotlight": True,
             "system": "daggerheart"}
    characters: tuple[Character, ...] = (Character("p1", "Aria", 1),)
    differ = Differ()

    def frame():
        view, ids = view_of(fight, state["round"], state["fear"], state["countdowns"],
                            state["rolls"], state["system"])
        return differ.frame(view, ids, words_text("Daggerheart", state["spotlight"]),
                            characters)

    first = frame()
    page = apply(None, whole(first))
    assert page["seq"] == 1
    for burst in bursts:  # a burst of changes is one frame
        for change in burst:
            kind = change[0]
            if kind == "add":
                fight.insert(change[1] % (len(fight) + 1), dict(change[2], id=next_id))
                next_id += 1
            elif kind == "remove" and fight:
                fight.pop(change[1] % len(fight))
            elif kind == "move" and fight:
                moved = fight.pop(change[1] % len(fight))
                fight.insert(change[2] % (len(fight) + 1), moved)
            elif kind == "change" and fight:
                at = change[1] % len(fight)
                fight[at] = dict(change[2], id=fight[at]["id"])
            elif kind == "round":
                state["round"] = change[1]
            elif kind == "fear":
                state["fear"] = change[1]
            elif kind == "countdown":
                state["countdowns"] = (PlayerCountdown("Ritual", change[1], 6, False, 0),)
            elif kind == "roll":
                state["rolls"] = (PlayerRoll("dice", change[1]), *state["rolls"])[:3]
            elif kind == "words":
                state["spotlight"] = change[1]
            elif kind == "characters":
                characters = ((Character("p1", "Aria", 1),) if change[1]
                              else (Character("p1", "Aria", 1), Character("p2", "Wren", 2)))
            elif kind == "system":
                state["system"] = change[1]
        latest = frame()
        page = apply(page, sent(latest, page["seq"]))
        assert page == whole(latest)
    # The view a page holds is what the players' view says, with a key on each entry.
    view, _ids = view_of(fight, state["round"], state["fear"], state["countdowns"],
                         state["rolls"], state["system"])
    held = page["view"]
    assert [{k: v for k, v in e.items() if k != "key"} for e in held["order"]] == json.loads(
        json.dumps(view.to_json()))["order"]
    assert len({e["key"] for e in held["order"]}) == len(held["order"])


def big_fight(count: int = 1000) -> list[dict[str, Any]]:
    return [{"id": 5000 + n, "name": f"Combatant {n}", "kind": "adversary", "hidden": n % 7 == 0,
             "active": n == 1, "defeated": False, "conditions": []} for n in range(count)]


def test_one_combatant_s_change_sends_that_entry_alone():
    fight = big_fight()
    differ = Differ()
    view, ids = view_of(fight)
    first = differ.frame(view, ids, words_text("Daggerheart", True), ())
    fight[500]["conditions"] = ["Vulnerable"]
    view, ids = view_of(fight)
    second = differ.frame(view, ids, words_text("Daggerheart", True), ())
    delta = sent(second, first.seq)
    assert delta["type"] == "delta" and delta["seq"] == first.seq + 1
    assert list(delta) == ["type", "seq", "entries"]
    [(key, entry)] = delta["entries"].items()
    assert entry == {"name": "Combatant 500", "kind": "adversary", "active": False,
                     "defeated": False, "conditions": ["Vulnerable"], "tokens": "",
                     "key": key}
    assert len(second.delta.encode()) < 2048 < len(view_text(second).encode())


def test_a_move_sends_the_order_as_keys_and_no_entry():
    fight = big_fight(50)
    differ = Differ()
    view, before = view_of(fight)
    first = differ.frame(view, before, "{}", ())
    fight.insert(3, fight.pop(40))
    view, ids = view_of(fight)
    delta = sent(differ.frame(view, ids, "{}", ()), first.seq)
    assert set(delta) == {"type", "seq", "keys"}
    key_of = dict(zip(before, [e["key"] for e in whole(first)["view"]["order"]], strict=True))
    keys = [key_of[i] for i in ids]
    assert keys != [key_of[i] for i in before]
    assert delta["keys"] == keys


def test_a_change_of_most_of_the_fight_is_sent_whole_and_a_page_behind_gets_it_whole():
    differ = Differ()
    view, ids = view_of(big_fight(40))
    first = differ.frame(view, ids, "{}", ())
    renamed = [dict(c, name=c["name"] + "!") for c in big_fight(40)]
    view, ids = view_of(renamed)
    second = differ.frame(view, ids, "{}", ())
    assert second.delta is None and sent(second, first.seq)["type"] == "view"
    view, ids = view_of(renamed, round_=2)
    third = differ.frame(view, ids, "{}", ())
    assert sent(third, second.seq)["type"] == "delta"
    assert sent(third, first.seq)["type"] == "view"  # it missed one: the whole view


def test_a_key_is_random_and_no_store_id():
    differ = Differ()
    view, ids = view_of(big_fight(30))
    keys = whole(differ.frame(view, ids, "{}", ()))["view"]["order"]
    assert all(len(e["key"]) >= 8 for e in keys)
    assert not {e["key"] for e in keys} & {str(i) for i in ids}
    assert Differ().key(ids[0]) != differ.key(ids[0])  # another server: other keys
