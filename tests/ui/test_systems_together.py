"""Where the other rule systems meet the campaign view and the player display: a new game
session gives a Casus Mus fight its Luck Points back; a system without Fear shows none."""

from __future__ import annotations

from pathlib import Path

from encounter_app.app import launch
from encounter_app.services.campaigns import operations
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.systems.casus_mus.services import turns as cm_turns
from tests.helpers.systems import SYSTEMS


def test_new_game_session_refreshes_luck_points_and_undo_takes_it_back(qapp, tmp_path: Path
                                                                       ) -> None:
    launched = launch(tmp_path, seed=3, show=False, demo_system="casus_mus")
    try:
        session, stack = launched.session, launched.undo_stack
        hero = session.combatants[0]
        full = cm_turns.lp_left(hero)
        stack.push(cm_turns.spend(session, hero.id, "lp", 1))
        assert cm_turns.lp_left(session.combatants[0]) == full - 1

        book = CampaignBook(launched.store, SYSTEMS, session.campaign.id)
        stack.push(operations.new_game_session(book, launched.session_hooks))
        assert cm_turns.lp_left(session.combatants[0]) == full
        assert book.campaign.session_number == 2

        stack.undo()
        assert cm_turns.lp_left(session.combatants[0]) == full - 1
        assert book.campaign.session_number == 1
    finally:
        launched.shutdown()


def test_a_daggerheart_session_has_no_luck_to_refresh(qapp, tmp_path: Path) -> None:
    launched = launch(tmp_path, seed=3, show=False)
    try:
        book = CampaignBook(launched.store, SYSTEMS, launched.session.campaign.id)
        command = operations.new_game_session(book, launched.session_hooks)
        assert len(command.parts) == 1  # the session counter's own update, nothing else
    finally:
        launched.shutdown()


def test_the_player_display_of_a_system_without_fear_shows_no_fear(qapp, qtbot, tmp_path: Path
                                                                    ) -> None:
    launched = launch(tmp_path, seed=3, show=False, demo_system="forge_of_power")
    try:
        screen = launched.window.table_controls.player_screen
        screen.set_shown(True)
        display = screen.display
        qtbot.waitExposed(display)
        assert not display.fear.isVisible()
        assert display.order_model.rowCount() == len(launched.session.combatants)
        screen.set_shown(False)
    finally:
        launched.shutdown()


def test_the_order_tooltip_speaks_the_systems_words(qapp, tmp_path: Path) -> None:
    from PySide6.QtCore import Qt

    launched = launch(tmp_path, seed=3, show=False, demo_system="ruins_and_raiders")
    try:
        model = launched.window.initiative_model
        row = launched.session.combatants[0]
        tip = model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
        assert f"Wounds left {row.hp_max - row.hp_marked}/{row.hp_max}" in tip
        assert "marked" not in tip
    finally:
        launched.shutdown()
