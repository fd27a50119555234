"""Each system's demo, its page in a real headless Chromium served by the GM's own program: a
player claims a PC on a 390x844 page, sends a roll thrown at the table in that system's dice,
and sees it accepted with its dice and total; the page holds the PCs' names and a roll form,
and none of the GM's numbers. Skipped, with the reason, without Chromium and its driver."""

from __future__ import annotations

import pytest

from encounter_app.app import launch
from tests.players_page.webdriver import PHONE, chromium_missing

pytestmark = [pytest.mark.skipif(bool(chromium_missing()), reason=chromium_missing() or "-"),
              pytest.mark.slow]

#: Words of the GM's own numbers that no page may hold, by system (beside every adversary's
#: HP and Stress, which the order never shows).
SECRETS = {"daggerheart": ("Difficulty 1", "Evasion", "Thresholds"),
           "casus_mus": ("armour", "Armour"),
           "ruins_and_raiders": ("Parry 1", "Dodge 1", "challenge level 1"),
           "forge_of_power": ("DC 1", "Defense")}


@pytest.mark.parametrize("system", list(SECRETS))
def test_a_player_claims_and_rolls_in_the_systems_own_dice(qapp, qtbot, tmp_path, browser,
                                                           system):
    program = launch(tmp_path, seed=3, show=False, demo_system=system)
    try:
        page, inbox = program.window.players_page, program.window.phone_inbox
        assert page is not None
        url = page.share("127.0.0.1")
        assert page.server is not None and page.server.ready.wait(10)
        browser.go(url)
        qtbot.waitUntil(lambda: "Live" in browser.text("#link"), timeout=10_000)
        pcs = [row for row in program.session.combatants if row.kind == "pc"]
        offered = browser.run("return [...document.querySelectorAll('#character option')]"
                              ".slice(1).map((o) => o.textContent);")
        assert sorted(offered) == sorted(row.name for row in pcs)
        mine = pcs[0]
        browser.choose("#character", mine.name)
        browser.click("#claim-button")
        qtbot.waitUntil(lambda: browser.shown("#mine") and browser.shown("#roll-form"),
                        timeout=10_000)
        form = program.session.system.phone_forms(mine)[0]
        assert form.dice_words in browser.text("#dice-words")
        browser.tap("I rolled them at the table")
        for field in browser.driver.find_elements("css selector", "#table-dice input"):
            if field.is_displayed():
                field.clear()
                field.send_keys("2")
        browser.click("#send")
        qtbot.waitUntil(lambda: len(inbox.waiting) == 1, timeout=10_000)
        [waiting] = inbox.waiting
        assert waiting.submission.character == mine.name
        assert inbox.accept(waiting.id, form.gm_default)
        result = inbox.history(mine.name)[0].result
        qtbot.waitUntil(lambda: "Waiting for the GM" not in browser.text("#history"),
                        timeout=10_000)
        assert str(result.total) in browser.text("#history")
        assert result.text.split(" (")[0] in browser.text("#history")
        source = browser.run("return document.documentElement.outerHTML")
        for secret in SECRETS[system]:
            assert secret not in source, secret
        others = [row for row in program.session.combatants if row.kind == "adversary"]
        assert all(f"{row.hp_max - row.hp_marked} of {row.hp_max}" not in source
                   for row in others if row.hp_max)
        assert browser.run("return document.documentElement.scrollWidth") <= PHONE[0]
    finally:
        program.shutdown()
