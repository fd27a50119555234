"""The fight on the page after a whole view and then only what changed: the deltas drawn
give what the whole view draws, a gap in their numbers asks for the whole view again, and one
change among 1000 combatants touches that one entry. In a real headless Chromium against the
GM's side as a script."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

from encounter_app.domain.player_view import PlayerCountdown, PlayerRoll
from tests.players_page.page_scenes import as_sent, entry, open_page, view
from tests.players_page.webdriver import chromium_missing

pytestmark = [pytest.mark.skipif(bool(chromium_missing()), reason=chromium_missing() or "-"),
              pytest.mark.slow]


def delta(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """What changed from the view message ``old`` to ``new``, as the GM's program sends it."""
    was, now = old["view"], new["view"]
    change: dict[str, Any] = {"type": "delta", "seq": new["seq"]}
    for field in ("round", "fear", "countdowns", "rolls"):
        if was[field] != now[field]:
            change[field] = now[field]
    for field in ("words", "characters"):
        if old[field] != new[field]:
            change[field] = new[field]
    keys = [item["key"] for item in now["order"]]
    if keys != [item["key"] for item in was["order"]]:
        change["keys"] = keys
    before = {item["key"]: item for item in was["order"]}
    changed = {item["key"]: item for item in now["order"] if before.get(item["key"]) != item}
    if changed:
        change["entries"] = changed
    return change


def step(message: dict[str, Any], seq: int) -> dict[str, Any]:
    """A copy of ``message`` numbered ``seq``, to change."""
    later = copy.deepcopy(message)
    later["seq"] = seq
    return later


def views() -> list[dict[str, Any]]:
    """A fight in six moments, each changing something else."""
    first = view(countdowns=(PlayerCountdown("The bridge burns", 4, 4, False, 0),))
    moments = [first]
    second = step(first, 2)  # the spotlight moves, Fear rises, a roll is said
    order = second["view"]["order"]
    order[0]["active"], order[1]["active"] = False, True
    second["view"]["fear"] = 5
    second["view"]["rolls"] = [{"kind": "attack", "text": "Brannoc hits the Bramble Stalker"}]
    moments.append(second)
    third = step(second, 3)  # a combatant joins in the middle, another is defeated
    order = third["view"]["order"]
    order.insert(2, {**as_sent(entry("Goblin 2").__dict__), "key": "k7"})
    order[-1].update(defeated=True, conditions=["Restrained"])
    moments.append(third)
    fourth = step(third, 4)  # one leaves, the order is shuffled, the countdown ticks
    order = fourth["view"]["order"]
    del order[0]
    order.reverse()
    fourth["view"]["countdowns"][0]["value"] = 1
    fourth["view"]["round"] = 2
    moments.append(fourth)
    fifth = step(fourth, 5)  # the system's words change, a character leaves the list
    fifth["words"] = {**fifth["words"], "order": "Turn order", "active": "Their turn"}
    fifth["characters"] = fifth["characters"][1:]
    moments.append(fifth)
    sixth = step(fifth, 6)  # everyone leaves but one, the countdown triggers
    sixth["view"]["order"] = sixth["view"]["order"][:1]
    sixth["view"]["countdowns"][0].update(value=0, triggered=True)
    moments.append(sixth)
    return moments


def drawn(page) -> str:
    """The fight as drawn: the page's main part, every element and attribute."""
    return str(page.run("return document.querySelector('main').outerHTML + document.title;"))


def test_deltas_drawn_equal_the_whole_view_at_every_moment(browser, scripted):
    moments = views()
    scripted.view = moments[0]
    open_page(browser, scripted)
    after_deltas = []
    for old, new in itertools.pairwise(moments):
        scripted.send(delta(old, new))
        browser.wait(lambda seq=new["seq"]: browser.run("return fight.seq") == seq)
        after_deltas.append(drawn(browser))
    assert scripted.sent("resync") == []
    for moment, by_delta in zip(moments[1:], after_deltas, strict=True):
        scripted.view = moment
        open_page(browser, scripted)
        assert drawn(browser) == by_delta, f"moment {moment['seq']}"
    assert "Triggered!" in browser.text("#countdowns") and browser.text("#order-title") == (
        "Turn order")


def test_a_gap_in_the_deltas_asks_for_the_whole_view_again(browser, scripted):
    moments = views()
    scripted.view = moments[0]
    open_page(browser, scripted)
    scripted.answers = False  # the whole view comes when the test sends it
    scripted.send(delta(moments[1], moments[2]))  # seq 3 after 1: the 2nd was lost
    scripted.wait(lambda: scripted.sent("resync") == [{"type": "resync"}])
    scripted.send(delta(moments[0], moments[1]))  # late, and waiting for the whole view
    scripted.send(moments[2])
    browser.wait(lambda: browser.run("return fight.seq") == 3)
    scripted.send(delta(moments[2], moments[3]))
    browser.wait(lambda: browser.run("return fight.seq") == 4)
    by_delta = drawn(browser)
    scripted.view = moments[3]
    open_page(browser, scripted)
    assert drawn(browser) == by_delta
    assert len(scripted.sent("resync")) == 1


BIG = 1000


def big_view() -> dict[str, Any]:
    order = tuple((f"c{i}", entry(f"Goblin {i}", active=i == 0)) for i in range(BIG))
    return view(order=order, rolls=(PlayerRoll("attack", "Goblin 3 misses"),))


def watch(page) -> None:
    """Mark every entry drawn and record every change made to the order from now on."""
    page.run("window.changes = [];"
             "document.querySelectorAll('#order li').forEach((li, i) => { li.mark = i; });"
             "window.watcher = new MutationObserver((records) => changes.push(...records));"
             "watcher.observe(document.getElementById('order'),"
             "  {childList: true, subtree: true, attributes: true, characterData: true});")


def test_one_change_among_1000_combatants_redraws_that_entry_alone(browser, scripted):
    scripted.view = big_view()
    open_page(browser, scripted)
    watch(browser)
    changed = {**scripted.view["view"]["order"][500], "conditions": ["Vulnerable"]}
    scripted.send({"type": "delta", "seq": 2, "entries": {"c500": changed}})
    browser.wait(lambda: "Vulnerable" in browser.text("#order li:nth-child(501)"))
    touched = browser.run(
        "watcher.takeRecords().forEach((r) => changes.push(r));"
        "const li = document.querySelector('#order li:nth-child(501)');"
        "return [changes.length, changes.every((r) => li.contains(r.target)), li.mark,"
        "  [...document.querySelectorAll('#order li')].every((li, i) => li.mark === i)];")
    assert touched[0] > 0 and touched[1:] == [True, 500, True]


def test_one_combatant_moved_among_1000_moves_one_entry(browser, scripted):
    scripted.view = big_view()
    open_page(browser, scripted)
    watch(browser)
    keys = [f"c{i}" for i in range(BIG)]
    keys.insert(1, keys.pop())  # the last one now acts second
    scripted.send({"type": "delta", "seq": 2, "keys": keys})
    browser.wait(lambda: browser.text("#order li:nth-child(2)") == f"Goblin {BIG - 1}\nAdversary")
    moved = browser.run(
        "watcher.takeRecords().forEach((r) => changes.push(r));"
        "const order = document.getElementById('order');"
        "const moves = changes.filter((r) => r.target === order);"
        "return [moves.reduce((n, r) => n + r.addedNodes.length, 0),"
        "        [...order.children].map((li) => li.mark)];")
    assert moved[0] == 1  # one node moved: not the 998 after it
    assert moved[1] == [0, BIG - 1, *range(1, BIG - 1)]
