"""Draw the README's pictures: the demo fight as it opens, the same fight a few turns in (in
the light and the dark theme), and the players' window beside it.

Run by `make screenshot` on a virtual X screen. The fight in progress is played through the
program's own commands, as a GM's clicks would, on a throwaway data folder.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import system_screenshots  # beside this file (docs/), which Python puts on the path
from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from encounter_app.app import Launched, launch
from encounter_app.domain.adversaries import target_evasion
from encounter_app.domain.requests import DiceRequest
from encounter_app.domain.rows import stored_id
from encounter_app.rules.daggerheart import Outcome
from encounter_app.services import player_view
from encounter_app.services.fight import commands, table
from encounter_app.systems.daggerheart.requests import AttackRequest, Target
from encounter_app.systems.daggerheart.services import adversaries as adversary_operations
from encounter_app.systems.daggerheart.ui.fight import DaggerheartFight
from encounter_app.ui.campaigns.dialog import CampaignManager

SIZE = (1440, 900)


def application() -> QApplication:
    """This process's QApplication, made if there is none yet."""
    app = QApplication.instance()
    return app if isinstance(app, QApplication) else QApplication(sys.argv[:1])


def settle(app: QApplication, milliseconds: int = 300) -> None:
    """Let queued rolls come back and the window repaint."""
    loop = QEventLoop()
    QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()
    app.processEvents()


def save(window: QWidget, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(f"saved {path}")


def fight_in_progress(launched: Launched) -> None:
    """A few turns of the demo: marks, a roll with Fear, a triggered countdown, Fear spent."""
    session, stack, window = launched.session, launched.undo_stack, launched.window
    adversaries = [c for c in session.combatants if c.kind == "adversary"]
    pcs = [c for c in session.combatants if c.kind == "pc"]
    warden, sentry = adversaries[0], stored_id(adversaries[1])
    stats = warden.stats
    assert stats is not None  # an adversary's stat block
    window.next_turn()
    stack.push(table.record_outcome(session, Outcome.SUCCESS_WITH_FEAR).command)
    stack.push(adversary_operations.damage(session, sentry, 11).command)
    stack.push(adversary_operations.add_condition(session, sentry, "Vulnerable").command)
    stack.push(commands.SetFear(session, session.fear - 1, "interrupt"))
    window.submit(AttackRequest(warden.name, stats.attack_modifier, stats.damage,
                                tuple(Target(p.name, target_evasion(p), p.id) for p in pcs[:2]),
                                attack_name=stats.attack_name))
    stack.push(table.record_outcome(session, Outcome.FAILURE_WITH_FEAR).command)
    reinforcements = session.countdowns[1]
    for _ in range(reinforcements.value):
        step = table.tick(session, session.countdowns[1])
        if step is not None:
            stack.push(step.command)
    stack.push(commands.UpdateCountdown(
        session, replace(session.countdowns[0], name="The bell tower collapses"), "Rename"))
    window.submit(DiceRequest("1d20+5", "Fall from Close range"))
    window.log_tabs.setCurrentIndex(1)  # the Fear ledger
    # What the players see: the reinforcements' countdown, the Warden's attack, and not the
    # Bramble Stalker, hidden in the brambles.
    settle(application())
    stack.push(player_view.set_countdown_visible(session, session.countdowns[1], True))
    attack = next(r for r in session.rolls if r.kind == "attack")
    stack.push(player_view.SetRollPublic(session, attack, True))
    stalker = adversaries[3]
    stack.push(commands.UpdateCombatant(session, replace(
        session.combatants[session.combatants.index_of(stalker.id)], hidden=True), "Hide"))
    window.fight.cards.setCurrentIndex(window.fight.cards.model().index(0, 0))  # its odds preview


def crowded_fight(launched: Launched) -> None:
    """A crowded fight on a 1280x720 laptop: compact cards, five Cinder Imps on one group card,
    the PCs tracked (a hit marked with an Armor Slot), five countdowns."""
    from encounter_app.domain import CountdownRow
    from encounter_app.domain.adversaries import combatant_from
    from encounter_app.systems.daggerheart import pc_tracks

    session, stack = launched.session, launched.undo_stack
    fight = launched.window.fight
    assert isinstance(fight, DaggerheartFight)  # the demo's system
    fight.compact_action.setChecked(True)
    fight.track_pcs_action.setChecked(True)
    library = {t.stats.name: t.stats for t in launched.store.templates()}
    for n in range(5):
        stack.push(commands.AddCombatant(session, combatant_from(
            library["Cinder Imp"], f"Cinder Imp {n + 1}"), 2 + n))
    for name in ("Lanternfly Swarm", "Mire Widow"):
        stack.push(commands.AddCombatant(session, combatant_from(library[name], name)))
    imps = [c for c in session.combatants if c.name.startswith("Cinder Imp")]
    for imp in imps[:2]:
        stack.push(commands.UpdateCombatant(session, replace(imp, hp_marked=imp.hp_max), "x"))
    for name, start, value in (("Cultists finish the rite", 8, 5), ("The roof gives way", 4, 2),
                               ("Guards hear the fight", 6, 6)):
        stack.push(commands.AddCountdown(session, CountdownRow(name=name, start=start,
                                                               value=value)))
    aria = next(c for c in session.combatants if c.kind == "pc")
    hit = pc_tracks.hit_on(aria, 12)
    if hit is not None:
        stack.push(table.mark_pc_hits(session, [pc_tracks.marked_by(aria, hit, True)],
                                      "Chapel Warden's attack"))
    stack.push(adversary_operations.add_condition(session, stored_id(imps[2]),
                                                  "Restrained").command)


def player_display(launched: Launched) -> QWidget:
    """The fight in progress as the players see it, on a 1280x720 projector."""
    fight_in_progress(launched)
    controls = launched.window.table_controls
    assert controls is not None  # app.py adds the players' controls
    controls.player_screen.action.setChecked(True)
    display = controls.player_screen.display
    assert display is not None  # the action opened it
    display.resize(1280, 720)
    return display


def dark(launched: Launched) -> None:
    launched.appearance.set_mode("dark")
    fight_in_progress(launched)


def builder(app: QApplication, launched: Launched, out: Path) -> None:
    """The encounter builder with a fight planned for the demo's party: the budget lines show
    the automatic adjustments, the bar how much is left."""
    fight = launched.window.fight
    assert isinstance(fight, DaggerheartFight)  # the demo's system
    library = fight.library
    rows = {t.stats.name: t for t in library.library.templates.rows}
    dialog = library.open_builder([rows[n] for n in ("Hollow Archer", "Cinder Imp",
                                                      "Bramble Stalker")])
    dialog.plan_model.set_count(1, 4)
    dialog.party_tier.setValue(2)
    dialog.picker.search.setText("")
    settle(app)
    save(dialog, out / "screenshot-builder.png")
    dialog.close()


def campaign_view(app: QApplication, out: Path) -> None:
    """The campaign view: three encounters prepared, the first finished, the party marked."""
    with tempfile.TemporaryDirectory(prefix="encounter-shot-") as folder:
        launched = launch(Path(folder), seed=7)
        try:
            session, stack, window = launched.session, launched.undo_stack, launched.window
            manager = window.manage_campaigns()
            assert isinstance(manager, CampaignManager)  # the window holds it as a QDialog
            book = manager.encounters
            bridge = book.new_encounter("Bandits on the Old Bridge")
            book.new_encounter("The bell tower at midnight")
            fight = window.fight
            assert isinstance(fight, DaggerheartFight)  # the demo's system
            aria = next(c for c in session.combatants if c.kind == "pc")
            fight.set_marks(stored_id(aria), 2, 1)
            archer = next(c for c in session.combatants if c.name == "Hollow Archer")
            fight.set_marks(stored_id(archer), archer.hp_max, 0)
            stack.push(table.record_outcome(session, Outcome.SUCCESS_WITH_FEAR).command)
            book.select(session.encounter_id)
            book.finish_button.click()
            book.select(bridge)
            book.note.show_text("Toll keepers are in on it. Bridge rope: 3 HP.")
            manager.resize(900, 560)
            settle(app)
            save(manager, out / "screenshot-campaign.png")
        finally:
            launched.shutdown()


def main(out: Path) -> int:
    app = application()
    with tempfile.TemporaryDirectory(prefix="encounter-shot-") as folder:
        launched = launch(Path(folder), seed=7)
        try:
            builder(app, launched, out)
        finally:
            launched.shutdown()
    plays: tuple[tuple[str, Callable[[Launched], QWidget | None] | None, tuple[int, int]],
                 ...] = (
            ("screenshot.png", None, SIZE), ("screenshot-fight.png", fight_in_progress, SIZE),
            ("screenshot-dark.png", dark, SIZE), ("screenshot-players.png", player_display, SIZE),
            ("screenshot-crowded.png", crowded_fight, (1280, 720)))
    for name, play, size in plays:
        with tempfile.TemporaryDirectory(prefix="encounter-shot-") as folder:
            launched = launch(Path(folder), seed=7)
            try:
                launched.window.resize(*size)
                shown = play(launched) if play is not None else None
                settle(app)
                save(shown or launched.window, out / name)
            finally:
                launched.shutdown()
    campaign_view(app, out)
    system_screenshots.main(out)  # Casus Mus, Ruins & Raiders, Forge of Power mid-fight
    import page_screenshot  # beside this file: the players' page on a phone, in Chromium

    page_screenshot.main(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs")))
