"""A phone holds one player's character: picked once, kept across reloads and closed tabs
(the phone's device token), let go with "Not my character"; a character another phone holds
cannot be picked; and a page turned away, stopped or re-keyed clears the fight and says why.
In a real headless Chromium against the GM's side as a script (scripted_server.py)."""

from __future__ import annotations

import re

import pytest

from tests.players_page.page_scenes import PARTY, character, claim, open_page, view
from tests.players_page.webdriver import chromium_missing

pytestmark = [pytest.mark.skipif(bool(chromium_missing()), reason=chromium_missing() or "-"),
              pytest.mark.slow]

OTHER_PHONE = "another-phone-token-1234"


@pytest.fixture
def fight(scripted):
    scripted.view = view()
    scripted.characters = {pick: character(pick) for pick, _name in PARTY}
    return scripted


def options(page) -> list[tuple[str, bool]]:
    """The character list: each option's words and whether it can be picked."""
    return [tuple(o) for o in page.run(
        "return [...document.querySelectorAll('#character option')]"
        ".map((o) => [o.textContent, !o.disabled]);")]


def test_a_player_picks_their_character_once_and_a_reload_keeps_it(browser, fight):
    open_page(browser, fight)
    assert options(browser) == [("Pick your character", True), ("Aria Vell", True),
                                ("Brannoc", True), ("Corvin", True)]
    assert not browser.shown("#mine") and not browser.shown("#dice")
    claim(browser, fight, "Aria Vell")
    assert fight.sent("claim") == [{"type": "claim", "pick": "pick-1"}]
    assert "HP 2 of 6 marked" in browser.text("#sheet").replace("\t", " ").replace("\n", " ")
    assert not browser.shown("#claim") and browser.shown("#dice")
    device = fight.devices()[0]
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", device)  # 16 random bytes, base64url
    assert browser.run("return localStorage.getItem('encounterDevice')") == device

    browser.driver.refresh()
    browser.wait(lambda: len(fight.connected) == 2 and browser.shown("#mine"))
    assert browser.text("#my-name") == "Aria Vell"
    # The tab closed and the page opened again in a new one: the same phone.
    first = browser.driver.current_window_handle
    browser.driver.switch_to.new_window("tab")
    browser.driver.switch_to.window(first)
    browser.driver.close()
    browser.driver.switch_to.window(browser.driver.window_handles[0])
    open_page(browser, fight)
    browser.wait(lambda: browser.shown("#mine"))
    assert fight.devices() == [device, device, device]
    assert len(fight.sent("claim")) == 1  # the GM's side remembered it: never claimed again


def test_a_character_another_phone_holds_cannot_be_picked(browser, fight):
    fight.claims[OTHER_PHONE] = "pick-2"
    open_page(browser, fight)
    assert ("Brannoc (held by another phone)", False) in options(browser)
    assert ("Aria Vell", True) in options(browser)


def test_a_claim_refused_is_said_next_to_the_list(browser, fight):
    open_page(browser, fight)
    fight.claims[OTHER_PHONE] = "pick-1"  # taken meanwhile, before this page heard of it
    browser.choose("#character", "Aria Vell")
    browser.click("#claim-button")
    browser.wait(lambda: browser.text("#claim-answer") == "Another phone holds that character.")
    assert not browser.shown("#mine")


def test_claiming_without_a_pick_asks_for_one_and_sends_nothing(browser, fight):
    open_page(browser, fight)
    browser.click("#claim-button")
    assert browser.text("#claim-answer") == "Pick your character first."
    assert fight.sent("claim") == []


def test_not_my_character_lets_it_go(browser, fight):
    open_page(browser, fight)
    claim(browser, fight, "Aria Vell")
    browser.click("#unclaim")
    browser.wait(lambda: browser.shown("#claim") and not browser.shown("#mine"))
    assert fight.sent("unclaim") == [{"type": "unclaim"}]
    assert not browser.shown("#dice") and browser.text("#sheet") == ""
    assert browser.text("#notice") == "You let your character go."
    assert options(browser)[1] == ("Aria Vell", True)


def test_the_gm_stopping_clears_the_fight_and_the_page_comes_back_when_shared_again(browser,
                                                                                   fight):
    open_page(browser, fight)
    claim(browser, fight, "Aria Vell")
    fight.close("stopped", "The GM stopped sharing the fight.", 1001)
    browser.wait(lambda: browser.shown("#closed"))
    assert browser.text("#closed") == "The GM stopped sharing the fight."
    assert_cleared(browser)
    # It keeps trying quietly; the GM's side is still there, so it is back with its character.
    browser.wait(lambda: browser.shown("#mine") and browser.shown("#order li"))
    assert not browser.shown("#closed")


@pytest.mark.parametrize(("reason", "code", "text"), [
    ("too_many", 4003, "Too many phones are open on this fight: close this page on one."),
    ("revoked", 4001, "This address no longer works: ask the GM for the new code."),
])
def test_a_page_turned_away_or_re_keyed_clears_the_fight_and_does_not_come_back(
        browser, fight, reason, code, text):
    open_page(browser, fight)
    claim(browser, fight, "Aria Vell")
    fight.close(reason, text, code)
    browser.wait(lambda: browser.text("#closed") == text)
    assert_cleared(browser)
    assert browser.run("return document.getElementById('send').disabled") is True
    # Coming back online or to the front does not reconnect it (a socket would open at once).
    assert browser.run("window.dispatchEvent(new Event('online'));"
                       "document.dispatchEvent(new Event('visibilitychange'));"
                       "return socket === null;") is True


def test_a_line_the_gm_sends_this_page_is_shown(browser, fight):
    open_page(browser, fight)
    fight.send({"type": "told", "text": "The GM let Aria Vell go: pick your character again."})
    browser.wait(lambda: "let Aria Vell go" in browser.text("#notice"))


def assert_cleared(page) -> None:
    """Nothing of the fight or the character is drawn any more."""
    assert page.run("return document.querySelectorAll('#order li').length") == 0
    assert page.text("#round") == "Waiting for the GM…"
    for gone in ("#mine", "#dice", "#history-box", "#claim", "#countdowns-box", "#rolls-box",
                 "#fear"):
        assert not page.shown(gone), gone
    assert page.text("#sheet") == "" and page.text("#form-fields") == ""
