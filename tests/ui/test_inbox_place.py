"""The *Players' rolls* tab sits beside the roll log in every system: a stand-in until it is
wanted, the tab itself as soon as a roll waits (one kept from before a restart too), and the
Roll menu's *Type a player's roll…* opens its dialog."""

from __future__ import annotations

from pathlib import Path

from encounter_app.app import launch
from encounter_app.domain.player_rolls import PhoneSubmission
from encounter_app.ui.players.inbox_tab import PhoneInboxTab, TypedRollDialog
from tests.coin_toss import catalog


def coin_toss(folder: Path):
    return launch(folder, seed=3, show=False, demo_system="coin_toss", systems=catalog())


def tab_titles(window) -> list[str]:
    tabs = window.log_tabs
    return [tabs.tabText(i) for i in range(tabs.count())]


def test_a_roll_kept_from_before_a_restart_shows_in_the_tab_at_once(qapp, tmp_path):
    folder = tmp_path / "data"
    first = coin_toss(folder)
    try:
        assert tab_titles(first.window) == ["Roll log", "Players' rolls"]
        assert not isinstance(first.window.log_tabs.widget(1), PhoneInboxTab)  # not made yet
        first.window.phone_inbox.receive(PhoneSubmission(
            "Ada Penny", None, "call", choices=(("call", "heads"),), dice=(("coin", 1),)))
        assert isinstance(first.window.log_tabs.widget(1), PhoneInboxTab)
        assert tab_titles(first.window)[1] == "Players' rolls (1)"
    finally:
        first.shutdown()
    again = coin_toss(folder)
    try:
        assert tab_titles(again.window)[1] == "Players' rolls (1)"
        assert again.window.inbox_place.tab.waiting == again.window.phone_inbox.waiting
    finally:
        again.shutdown()


def test_type_a_players_roll_is_in_the_roll_menu_of_every_system(qapp, qtbot, tmp_path):
    launched = coin_toss(tmp_path / "data")
    try:
        action = launched.window.inbox_place.type_action
        roll_menu = next(a.menu() for a in launched.window.menuBar().actions()
                         if a.text() == "&Roll")
        assert action in roll_menu.actions()
        action.trigger()
        dialog = launched.window.findChild(TypedRollDialog)
        assert dialog is not None and dialog.isVisible()
        dialog.reject()
    finally:
        launched.shutdown()
