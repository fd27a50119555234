"""Each system's demo fight played and finished, its recap opened from the players' page in a
real headless Chromium ("Last session", issue 32): it names the encounter, its rounds and who
fought, and holds none of what the players were not shown: the adversary the GM hid, the
countdown kept to the GM, a Difficulty. Skipped, with the reason, without Chromium."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from encounter_app.app import launch
from encounter_app.domain import CountdownRow
from encounter_app.domain.rows import stored_id
from tests.players_page.webdriver import chromium_missing

pytestmark = [pytest.mark.skipif(bool(chromium_missing()), reason=chromium_missing() or "-"),
              pytest.mark.slow]

SYSTEMS = ("daggerheart", "casus_mus", "ruins_and_raiders", "forge_of_power")
HIDDEN = "Lurking Shade"  # an adversary the GM hid from the players from the start
SECRET = "The cellar door gives way"  # a countdown the GM keeps to themselves


def play(program) -> None:
    """The demo fight as a GM might run it: one adversary renamed and hidden, a countdown of
    the GM's own, turns passed into round 2, and Finish."""
    window, session = program.window, program.session
    operations = window.operations
    lurker = [row for row in session.combatants if row.kind == "adversary"][-1]
    assert operations.update_combatant(replace(lurker, name=HIDDEN), "Rename")
    assert operations.toggle_hidden(stored_id(lurker))
    operations.add_countdown(CountdownRow(SECRET, 4, 4))  # visible=False: the GM's alone
    assert any(c.name == SECRET and not c.visible for c in session.countdowns)
    for _ in range(20):
        if session.round >= 2:
            break
        window.next_turn()
    assert session.round == 2
    assert operations.finish_encounter()


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_last_session_reads_right_and_keeps_the_gms_secrets(qapp, qtbot, tmp_path,
                                                                 browser, system):
    program = launch(tmp_path, seed=3, show=False, demo_system=system)
    try:
        window, session = program.window, program.session
        play(program)
        name = program.store.encounter(session.encounter_id).name
        gm = window.recaps.encounter(session.encounter_id, players=False)
        assert HIDDEN in gm.markdown and SECRET in gm.markdown  # the GM's version has them

        page = window.players_page
        assert page is not None
        url = page.share("127.0.0.1")
        assert page.server is not None and page.server.ready.wait(10)
        browser.go(url)
        qtbot.waitUntil(lambda: browser.shown("#last"), timeout=10_000)
        assert name in browser.text("#last-link")
        assert browser.text("#last-link").startswith("Last session")

        fight_tab = browser.driver.current_window_handle
        browser.click("#last-link")  # its own tab: the fight's page stays connected
        qtbot.waitUntil(lambda: len(browser.driver.window_handles) == 2, timeout=10_000)
        recap_tab = next(h for h in browser.driver.window_handles if h != fight_tab)
        browser.driver.switch_to.window(recap_tab)
        try:
            qtbot.waitUntil(lambda: name in browser.text("h1"), timeout=10_000)
            text = browser.text()
            assert re.search(r"\b2 rounds\b|\bRound 2\b", text), text
            pcs = [row.name for row in session.combatants if row.kind == "pc"]
            assert all(pc in text for pc in pcs), (pcs, text)
            source = browser.run("return document.documentElement.outerHTML")
            for secret in (HIDDEN, SECRET, "Difficulty"):
                assert secret not in source, secret
        finally:
            browser.driver.close()
            browser.driver.switch_to.window(fight_tab)
        assert "Live" in browser.text("#link")
        assert window.operations.reopen_encounter()  # nothing finished now: the link goes
        qtbot.waitUntil(lambda: not browser.shown("#last"), timeout=10_000)
    finally:
        program.shutdown()
