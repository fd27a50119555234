"""A fifth rule system, written only in the tests (tests/coin_toss), registers itself and runs
through the real window: order, cards, its roll, undo, the players' display, export and
import. Not one line of the core knows it: it is handed to ``launch`` in a catalog."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QGroupBox

from encounter_app.app import Launched, launch
from encounter_app.ui.shell.shortcuts import window_shortcuts
from tests.coin_toss import SYSTEM, catalog

ORDER = ["Ada Penny", "Two-Faced Tom", "Bram Groat", "The Tosser"]


@pytest.fixture
def coin(qapp, tmp_path: Path):
    launched = launch(tmp_path / "data", seed=3, show=False, demo_system="coin_toss",
                      systems=catalog())
    yield launched
    launched.shutdown()


def call_the_coin(qtbot, launched: Launched):
    window = launched.window
    with qtbot.waitSignal(window.roller.recorded, timeout=5000) as blocker:
        window.fight.call_action.trigger()  # on Ada, in the spotlight: F in the Roll menu
    return blocker.args[0]


def test_its_fight_opens_with_its_order_cards_and_keys(coin):
    window, session = coin.window, coin.session
    assert session.system is SYSTEM and session.campaign.system == "coin_toss"
    assert [row.name for row in session.combatants] == ORDER
    assert session.combatants[0].id == session.active_id  # the spotlight on the first
    assert window.fight.cards.model().rowCount() == 4
    assert window.findChild(QGroupBox, "systemPanel").title() == "Coin Toss"
    keys = {(s.keys, s.text) for s in window_shortcuts(window)}
    assert ("F", "Call the coin") in keys
    assert window.fight.card_keys.startswith(
        "On a selected card or row of the order (the one chosen last; Ctrl+2 goes to the "
        "cards): F calls the coin for it, D deals it damage")


def test_a_call_is_rolled_logged_and_undone_as_one_step(qtbot, coin):
    session, stack = coin.session, coin.undo_stack
    row = call_the_coin(qtbot, coin)
    assert row.kind == "coin" and row.actor == "Ada Penny"
    lost = "wrong" in row.summary
    assert [r.summary for r in session.rolls] == [row.summary]
    assert session.combatants[0].hp_marked == (1 if lost else 0)
    assert coin.window.roll_log.model().rowCount() == 1
    stack.undo()  # the call and the Hit Point it cost, together
    assert len(session.rolls) == 0 and session.combatants[0].hp_marked == 0
    stack.redo()  # the same coin again: redo never re-rolls
    assert [r.summary for r in session.rolls] == [row.summary]
    assert session.combatants[0].hp_marked == (1 if lost else 0)


def test_the_players_read_the_call_in_its_own_words(qtbot, coin):
    row = call_the_coin(qtbot, coin)
    controls = coin.window.table_controls
    screen = controls.player_screen
    screen.set_shown(True)
    qtbot.waitExposed(screen.display)
    controls.toggle_roll_public()
    face = row.summary.split(": ")[1].split(",")[0]
    expected = f"Ada Penny calls heads: {face}"
    qtbot.waitUntil(lambda: screen.display.roll_label.text() == expected, timeout=5000)
    assert not screen.display.fear.isVisible()  # a game without Fear shows none
    screen.set_shown(False)


def test_its_encounter_and_campaign_are_exported_and_come_back(qtbot, coin, tmp_path: Path):
    call_the_coin(qtbot, coin)
    window, session = coin.window, coin.session
    before = [(r.name, r.kind, r.hp_max, r.hp_marked, r.system_stats)
              for r in session.combatants]
    exchange = window.exchange
    fight_file, campaign_file = tmp_path / "bridge.json", tmp_path / "heads.json"
    exchange.prompts.save_path = lambda _title, _suggested: fight_file
    assert exchange.export_encounter() == fight_file
    exchange.prompts.save_path = lambda _title, _suggested: campaign_file
    assert exchange.export_campaign() == campaign_file
    assert '"system": "coin_toss"' in fight_file.read_text(encoding="utf-8")

    said: list[str] = []
    exchange.prompts.done = lambda _title, text, _details="": said.append(text)
    assert exchange.import_file(campaign_file)
    assert said == ["Imported the campaign 'Demo: Heads or Tails' (2 PCs, 1 encounter) from "
                    "heads.json. Open it from Campaign › Manage campaigns…; Undo takes it back."]
    campaigns = [c for c in coin.store.campaigns() if c.system == "coin_toss"]
    assert len(campaigns) == 2  # the demo's and the one imported from its file
    party = [pc.name for pc in coin.store.pcs(campaigns[-1].id)]
    assert party == ["Ada Penny", "Bram Groat"]

    # The encounter file opens as the fight of the window, which is built anew on it.
    with qtbot.waitSignal(window.open_encounter_requested, timeout=5000):
        assert exchange.import_file(fight_file)
    assert coin.window is not window and coin.session.system is SYSTEM
    assert [(r.name, r.kind, r.hp_max, r.hp_marked, r.system_stats)
            for r in coin.session.combatants] == before
    assert coin.window.fight.cards.model().rowCount() == 4
