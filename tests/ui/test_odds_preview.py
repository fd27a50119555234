"""The odds preview: exact chances to hit and damage, worked out on the rules thread."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace

from PySide6.QtCore import QEvent, QThread
from PySide6.QtWidgets import QApplication

from encounter_app.domain import CombatantRow
from encounter_app.rules import odds
from encounter_app.services.fight.commands import AddCombatant, SetMarks, UpdateCombatant
from encounter_app.services.rolls.router import RollRouter
from encounter_app.services.rolls.rules_service import RulesService, compute
from encounter_app.systems.daggerheart.requests import OddsRequest
from encounter_app.systems.daggerheart.services.odds_cache import OddsCache
from encounter_app.systems.daggerheart.ui.rolls.odds import percent


def pcs(session):
    return [c for c in session.combatants if c.kind == "pc"]


def test_selecting_a_card_shows_its_chance_to_hit_each_pc(qtbot, program):
    window, session = program.window, program.session
    preview = window.fight.odds_preview
    cards = window.fight.cards
    cards.setCurrentIndex(cards.model().index(1, 0))  # the Ashen Sentry
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    assert sentry.name in preview.title.text()
    qtbot.waitUntil(lambda: preview.hits.text().startswith("To hit"))
    for pc in pcs(session):
        chance = odds.hit_chance(sentry.stats.attack_modifier, pc.evasion)
        assert f"{pc.name.split(' (')[0]} {percent(float(chance))}" in preview.hits.text()
    damage = odds.damage_distribution(sentry.stats.damage)  # 1d10+4: every total alike
    description = preview.chart.accessibleDescription()
    assert f"from {min(damage)} to {max(damage)}, each total 10%" in description
    assert f"{sum(t * p for t, p in damage.items()):.1f} on average" in description


def test_hovering_a_card_previews_it_and_leaving_goes_back(qtbot, program):
    window = program.window
    preview, cards = window.fight.odds_preview, window.fight.cards
    archer = cards.model().index(2, 0)
    cards.entered.emit(archer)  # what the view emits as the mouse moves onto a card
    assert "Hollow Archer" in preview.title.text()
    qtbot.waitUntil(lambda: preview.hits.text().startswith("To hit"))
    window.next_turn()  # the Chapel Warden takes the spotlight; the mouse is still on the card
    assert "Hollow Archer" in preview.title.text()
    QApplication.sendEvent(cards.viewport(), QEvent(QEvent.Type.Leave))
    assert "Chapel Warden" in preview.title.text()


def test_the_preview_follows_a_change_of_evasion_and_keeps_a_plain_attack_damage(
        qtbot, program):
    window, session = program.window, program.session
    preview = window.fight.odds_preview
    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    window.fight.cards.setCurrentIndex(window.fight.cards.model().index(0, 0))
    first = preview.request
    assert first.evasions == tuple(p.evasion for p in pcs(session))
    wren = pcs(session)[2]
    program.undo_stack.push(UpdateCombatant(session, replace(wren, evasion=15), "Evasion"))
    assert preview.request.evasions[2] == 15
    program.undo_stack.push(SetMarks(session, warden.id, 1, 0))
    assert preview.request.damage == warden.stats.damage  # no Horde: damage unchanged


def test_odds_come_from_the_rules_thread_and_are_kept(qtbot):
    threads = []

    def spy(request, rng):
        threads.append(QThread.currentThread())
        return compute(request, rng)

    service = RulesService(seed=7, compute=spy)
    try:
        cache = OddsCache(RollRouter(service))
        request = OddsRequest(3, (9, 12), "2d6+2")
        answers = []
        assert not cache.ask(request, answers.append, answers.append)
        assert not cache.ask(request, answers.append, answers.append)  # not sent twice
        qtbot.waitUntil(lambda: len(answers) == 2)
        assert len(threads) == 1 and threads[0] is not QThread.currentThread()
        assert answers[0].hit[0] == float(odds.hit_chance(3, 9))
        assert answers[0].damage == odds.damage_distribution("2d6+2")
        assert cache.ask(request, answers.append, answers.append)  # at once, from the cache
        assert len(answers) == 3 and len(threads) == 1
    finally:
        service.shutdown()


def test_an_attack_the_rules_cannot_roll_says_why(qtbot, router):
    cache = OddsCache(router)
    failures = []
    cache.ask(OddsRequest(1, (10,), "2d6+banana"), failures.append, failures.append)
    qtbot.waitUntil(lambda: len(failures) == 1)
    assert isinstance(failures[0], str) and "banana" in failures[0]


def test_the_attack_dialog_shows_each_targets_chance_and_follows_advantage(qtbot, program):
    from encounter_app.systems.daggerheart.ui.rolls.dialogs import AttackDialog

    session = program.session
    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    targets = pcs(session)
    dialog = AttackDialog(warden, targets, session.fear, odds=program.window.fight.odds_cache)
    qtbot.addWidget(dialog)
    modifier = warden.stats.attack_modifier

    def shown(advantage: bool) -> bool:
        return all(dialog.list.item(i).text().endswith(
            f"{percent(float(odds.hit_chance(modifier, t.evasion, advantage=advantage)))}"
            " to hit") for i, t in enumerate(targets))

    qtbot.waitUntil(lambda: shown(False))
    dialog.advantage.setChecked(True)
    qtbot.waitUntil(lambda: shown(True))
    assert dialog.chosen() == targets[:1]  # relabelling ticked nothing


def test_the_window_opens_without_loading_icepool(tmp_path):
    """icepool's import is a third of the start-up: the rules thread loads it at the first
    preview, not the window at its first paint."""
    script = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from encounter_app.app import launch\n"
        f"launched = launch({str(tmp_path)!r}, seed=1, show=True)\n"
        "app.processEvents()\n"
        "print('icepool' in sys.modules)\n"
        "launched.shutdown()\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.stdout.strip() == "False"


def test_with_an_adversary_in_the_spotlight_its_odds_show_once_the_window_is_up(qtbot, program):
    program.window.next_turn()  # the Chapel Warden
    program.undo_stack.clear()
    from encounter_app.systems.daggerheart.ui.rolls.odds import OddsFollower, OddsPreview

    preview = OddsPreview(program.session, program.window.fight.odds_cache)
    qtbot.addWidget(preview)
    OddsFollower(preview, program.window.fight.cards, program.session)
    assert preview.request is None  # not before the first paint
    qtbot.waitUntil(lambda: "Chapel Warden" in preview.title.text())
    qtbot.waitUntil(lambda: preview.hits.text().startswith("To hit"))


def test_the_preview_keeps_one_height_so_the_cards_do_not_move(qtbot, program):
    window = program.window
    window.resize(1366, 768)
    for n in range(5):  # a big party: the odds run over several lines
        program.undo_stack.push(AddCombatant(program.session, CombatantRow(
            kind="pc", name=f"Bartholomew Longname the {n + 1}th", evasion=10 + n)))
    preview, cards = window.fight.odds_preview, window.fight.cards
    qtbot.waitUntil(lambda: cards.height() > 0)
    qtbot.wait(50)
    heights = {preview.height()}
    card_heights = {cards.height()}
    for row in [None, *[c for c in program.session.combatants if c.kind == "adversary"]]:
        preview.show_for(row)
        if row is not None:  # the odds come from the rules thread
            qtbot.waitUntil(lambda: preview.hits.text().startswith("To hit"), timeout=5000)
        qtbot.wait(30)  # the layout that follows
        heights.add(preview.height())
        card_heights.add(cards.height())
    assert len(heights) == 1 and len(card_heights) == 1


def test_a_defeated_adversary_leaves_the_odds_and_an_undo_brings_it_back(qtbot, program):
    window, session = program.window, program.session
    preview, cards = window.fight.odds_preview, window.fight.cards
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    cards.setCurrentIndex(cards.model().index(1, 0))  # the Ashen Sentry's card, selected
    assert "Ashen Sentry" in preview.title.text() and preview.request is not None
    window.fight.operations.set_marks(sentry.id, sentry.hp_max, 0)  # every HP: defeated
    assert session.combatants.by_id(sentry.id).defeated
    assert "Ashen Sentry" not in preview.title.text() + preview.hits.text()
    assert preview.request is None  # nothing worked out for it
    program.undo_stack.undo()
    assert "Ashen Sentry" in preview.title.text() and preview.request is not None


def test_the_odds_pass_over_a_defeated_card_to_the_spotlights_adversary(qtbot, program):
    window, session = program.window, program.session
    preview, cards = window.fight.odds_preview, window.fight.cards
    window.next_turn()  # the Chapel Warden takes the spotlight
    archer = next(c for c in session.combatants if c.name == "Hollow Archer")
    cards.entered.emit(cards.model().index(2, 0))  # the mouse on the Hollow Archer's card
    assert "Hollow Archer" in preview.title.text()
    window.fight.operations.set_marks(archer.id, archer.hp_max, 0)
    assert "Chapel Warden" in preview.title.text()  # the mouse is still on the Archer
    preview.show_for(session.combatants.by_id(archer.id))  # asked outright: it says why not
    assert preview.hits.text() == "Hollow Archer is defeated: it attacks no more."
    assert preview.request is None
    program.undo_stack.undo()
    assert "Hollow Archer" in preview.title.text()
