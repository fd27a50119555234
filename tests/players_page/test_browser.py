"""The page in a real headless Chromium, phone-sized: what it shows (and does not), following
the GM's changes live, a player sending a roll that reaches the GM, refusals in words, the
403 page, reconnecting after the phone sleeps, a revoked address, dark mode and the screen
reader's names. Skipped, with the reason, where Chromium or its driver is not installed."""

from __future__ import annotations

import urllib.error
import urllib.request
from dataclasses import replace

import pytest

from encounter_app.domain import CountdownRow
from encounter_app.services.fight.commands import AddCountdown, SetFear, UpdateCombatant
from encounter_app.services.players_page import RECEIVED
from tests.players_page.webdriver import PHONE, chromium, chromium_missing

pytestmark = [pytest.mark.skipif(bool(chromium_missing()), reason=chromium_missing() or "-"),
              pytest.mark.slow]


@pytest.fixture(scope="module")
def browser():
    with chromium() as browser:
        yield browser


@pytest.fixture
def page(qtbot, program, shared, browser):
    """The demo fight with the Bramble Stalker hidden and a countdown shown, open in Chromium."""
    session, stack = program.session, program.undo_stack
    stalker = next(c for c in session.combatants if c.name == "Bramble Stalker")
    stack.push(UpdateCombatant(session, replace(stalker, hidden=True), "Hide"))
    stack.push(AddCountdown(session, CountdownRow("The bridge burns", 4, 3, visible=True)))
    stack.push(AddCountdown(session, CountdownRow("Secret reinforcements", 3, 3, visible=False)))
    browser.cdp("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "light"}]})
    browser.go(shared.url)
    wait_for(qtbot, browser, lambda: "Live" in browser.text("#link"))
    wait_for(qtbot, browser, lambda: "Aria Vell" in browser.text("#order"))
    return browser


def wait_for(qtbot, browser, condition, timeout=10_000):
    """Poll the browser while the GM's event loop runs."""
    qtbot.waitUntil(condition, timeout=timeout)


def test_the_page_shows_the_fight_as_the_players_may_see_it(qtbot, program, page):
    body = page.text()
    assert "Round 1" in body
    for entry in program.window.table_controls.player_screen.feed().view.order:
        assert entry.name in body
    assert "Bramble Stalker" not in body and "Secret reinforcements" not in body
    assert "The bridge burns" in page.text("#countdowns")
    assert page.text("#order li.active") .startswith("▶ ")
    label = page.run("return document.getElementById('fear-pips').getAttribute('aria-label')")
    assert label == f"The GM holds {program.session.fear} Fear of 12"
    filled = page.run("return document.querySelectorAll('#fear-pips .pip.on').length")
    assert filled == program.session.fear
    source = page.run("return document.documentElement.outerHTML")
    for secret in ("Difficulty", "Evasion", "hp_marked", "Stalker"):
        assert secret not in source
    # Upright phone: nothing wider than the screen.
    assert page.run("return document.documentElement.scrollWidth") <= PHONE[0]


def test_the_page_follows_the_gm_s_changes(qtbot, program, page):
    program.undo_stack.push(SetFear(program.session, 7))
    wait_for(qtbot, page, lambda: page.run(
        "return document.querySelectorAll('#fear-pips .pip.on').length") == 7)
    program.window.next_turn()
    active = program.session.combatants[program.session.combatants.index_of(
        program.session.active_id)]
    wait_for(qtbot, page, lambda: active.name in page.text("#order li.active"))
    announced = page.text("#announce")
    assert active.name in announced and "spotlight" in announced


def test_a_player_sends_the_dice_they_rolled_and_the_gm_receives_them(qtbot, program, shared,
                                                                    page):
    page.choose("#character", "Brannoc (Guardian)")
    page.click("input[name=how][value=table]")
    page.type("#hope", "8")
    page.type("#fear-die", "5")
    page.type("#modifier", "1")
    with qtbot.waitSignal(shared.roll_received, timeout=10_000) as caught:
        page.click("#send")
    submission = caught.args[0]
    brannoc = next(c for c in program.session.combatants if c.name == "Brannoc (Guardian)")
    assert (submission.name, submission.modifier, submission.hope, submission.fear,
            submission.combatant_id) == ("Brannoc (Guardian)", 1, 8, 5, brannoc.id)
    wait_for(qtbot, page, lambda: page.text("#answer") == RECEIVED)
    shared.tell(submission.page, "Recorded: Success with Hope")
    wait_for(qtbot, page, lambda: page.text("#answer") == "Recorded: Success with Hope")


def test_roll_my_duality_dice_sends_no_dice(qtbot, shared, page):
    page.choose("#character", "Aria Vell (Seraph)")
    page.type("#modifier", "-2")
    with qtbot.waitSignal(shared.roll_received, timeout=10_000) as caught:
        page.click("#send")
    assert (caught.args[0].hope, caught.args[0].fear, caught.args[0].modifier) == (None, None,
                                                                                   -2)


def test_a_die_out_of_range_is_refused_by_the_server_with_its_reason(qtbot, shared, page):
    received = []
    shared.roll_received.connect(received.append)
    page.choose("#character", "Aria Vell (Seraph)")
    page.click("input[name=how][value=table]")
    page.type("#hope", "13")
    page.type("#fear-die", "2")
    page.click("#send")
    wait_for(qtbot, page, lambda: page.text("#answer") == "The Hope Die shows 1 to 12.")
    assert received == []


def test_a_wrong_key_shows_nothing_of_the_fight(shared, browser):
    wrong = shared.url.replace(shared.server.key, "C" * len(shared.server.key))
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(wrong, timeout=10)
    assert caught.value.code == 403
    browser.go(wrong)
    body = browser.text()
    assert "not valid" in body and "Aria" not in body and "Round" not in body


def test_the_page_reconnects_after_the_phone_slept(qtbot, program, shared, page):
    page_id = page.run("return sessionStorage.getItem('page')")
    page.run("socket.close()")  # what a phone's sleep does to its socket
    program.undo_stack.push(SetFear(program.session, 11))
    wait_for(qtbot, page, lambda: page.run(
        "return document.querySelectorAll('#fear-pips .pip.on').length") == 11)
    assert "Live" in page.text("#link")
    assert page.run("return sessionStorage.getItem('page')") == page_id  # the same page
    shared.tell(page_id, "The GM set your roll aside")
    wait_for(qtbot, page, lambda: page.text("#answer") == "The GM set your roll aside")


def test_a_new_key_tells_the_page_its_address_is_finished(qtbot, shared, page):
    shared.new_key()
    wait_for(qtbot, page, lambda: "no longer works" in page.text("#link"))
    assert page.run("return document.getElementById('send').disabled") is True


def test_dark_when_the_phone_is_dark(qtbot, page):
    light = page.run("return getComputedStyle(document.body).backgroundColor")
    page.cdp("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark"}]})
    dark = page.run("return getComputedStyle(document.body).backgroundColor")
    assert light != dark
    assert dark == "rgb(21, 21, 26)"


def test_a_screen_reader_hears_names_not_pictures(qtbot, program, page):
    tree = page.cdp("Accessibility.getFullAXTree")["nodes"]
    names = {(n.get("role", {}).get("value"), n.get("name", {}).get("value"))
             for n in tree if not n.get("ignored")}
    assert ("image", f"The GM holds {program.session.fear} Fear of 12") in names
    assert ("combobox", "Your character") in names
    assert ("spinbutton", "Modifier (trait, Experience…)") in names
    assert ("button", "Send to the GM") in names
    assert any(role == "heading" and name == "Round 1" for role, name in names)
