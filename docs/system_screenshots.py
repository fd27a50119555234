"""Draw the window of each other rule system mid-fight (and, for review, its dialogs).

Called by docs/screenshots.py (``make screenshot``); each fight is played through the window's
own actions on a throwaway data folder, the dice seeded.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication, QDialog, QWidget

from encounter_app.app import Launched, launch
from encounter_app.domain.rows import stored_id
from encounter_app.systems.casus_mus.ui.clash_dialog import ClashDialog
from encounter_app.systems.casus_mus.ui.table import CasusMusTable
from encounter_app.systems.forge_of_power.ui.roll_dialog import FopRollDialog
from encounter_app.systems.forge_of_power.ui.table import ForgeOfPowerTable
from encounter_app.systems.ruins_and_raiders.requests import TraitCheckRequest
from encounter_app.systems.ruins_and_raiders.ui.table import AmbushDialog, RuinsAndRaidersTable
from encounter_app.systems.ruins_and_raiders.ui.trait_dialog import TraitCheckDialog
from encounter_app.ui.table.stats_dialog import StatsDialog
from encounter_app.ui.table.table import SystemTable

SIZE = (1440, 900)  # the README size; SIZE=1366x768 in the environment checks a laptop


def _size() -> tuple[int, int]:
    wanted = os.environ.get("SIZE", "")
    if not wanted:
        return SIZE
    width, height = (int(n) for n in wanted.split("x"))
    return width, height


def settle(app: QApplication, milliseconds: int = 300) -> None:
    """Let queued rolls come back and the window repaint (screenshots.py's own wait)."""
    from screenshots import settle as wait  # docs/ is on the path: see main

    wait(app, milliseconds)


def shoot(widget: QWidget, path: Path | None) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    widget.show()
    QApplication.processEvents()
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(f"saved {path}")


def casus_mus(app: QApplication, launched: Launched, dialogs: Path | None) -> None:
    session, window = launched.session, launched.window
    table = window.fight
    assert isinstance(table, CasusMusTable)
    pip, stoat = session.combatants[0], session.combatants[1]
    dialog = ClashDialog(session, window.roll_router, table.operations, window,
                         attacker=pip.id)
    dialog.step("attack")
    settle(app)
    dialog.step("react")
    settle(app)
    for key in ("defender_reroll", "attacker_reroll"):
        if dialog.steps[key].isEnabled():
            dialog.step(key)
            settle(app)
    if dialog.resolve.roll_button.isEnabled():  # a hit: its damage is rolled before the record
        dialog.resolve.roll_damage()
        settle(app)
    shoot(dialog, dialogs and dialogs / "clash.png")
    dialog.accept()
    if dialog.result() != QDialog.DialogCode.Accepted:
        why = dialog.flow.why_not_record() if dialog.flow else "no clash"
        raise SystemExit(f"the clash was not recorded: {why}")
    table.operations.damage(stored_id(stoat), 4)
    window.next_turn()
    active = session.active_id
    assert active is not None  # the turn just passed to someone
    table.operations.spend(active, "lp", 1)
    window.next_turn()
    table.cards.setCurrentIndex(window.initiative_model.index(5))
    table.show_target()


def ruins_and_raiders(app: QApplication, launched: Launched, dialogs: Path | None) -> None:
    session, window = launched.session, launched.window
    table = window.fight
    assert isinstance(table, RuinsAndRaidersTable)
    if dialogs:
        ambush = AmbushDialog(list(session.combatants), window)
        shoot(ambush, dialogs / "ambush.png")
        ambush.close()
    table.roll_initiative()
    settle(app)
    first, jackal = session.combatants[0], next(r for r in session.combatants
                                                if r.name == "Ruin Jackal")
    trait = TraitCheckDialog(list(session.combatants), first.id, window)
    trait.mode.setCurrentIndex(2)
    trait.target.setCurrentIndex(trait.target.findData(jackal.id))
    trait.charge.setValue(6)
    shoot(trait, dialogs and dialogs / "trait.png")
    window.roller.roll(trait.request(), "The trait check")
    trait.close()
    settle(app)
    table.operations.use_action(stored_id(first))
    table.operations.damage(stored_id(jackal), 3)
    warden = next(r for r in session.combatants if r.name == "Crypt Warden")
    table.operations.hold(stored_id(warden))
    window.next_turn()
    window.roller.roll(TraitCheckRequest(
        session.combatants[1].name, 3, 12, "Athlete", "Moderate 12"), "The trait check")
    settle(app)


def forge_of_power(app: QApplication, launched: Launched, dialogs: Path | None) -> None:
    session, window = launched.session, launched.window
    table = window.fight
    assert isinstance(table, ForgeOfPowerTable)
    table.roll_initiative()
    settle(app)
    actor = session.combatants[0]
    attack = FopRollDialog(list(session.combatants), actor.id, window.roll_router,
                           table.operations.record, window, attack=True)
    attack.roll()
    settle(app)
    attack.roll()
    settle(app)
    shoot(attack, dialogs and dialogs / "fop-attack.png")
    attack.accept()
    foe = next(r for r in session.combatants if r.kind != actor.kind)
    table.operations.damage(stored_id(foe), 7)
    if table.interrupt_button.isEnabled():
        table.interrupt()
    else:
        table.next_turn()
    if dialogs:
        shoot(StatsDialog(table.rules, window), dialogs / "stats.png")


# Each play: the application, the launched program, where the dialogs' pictures go (None: none).
PLAYS: dict[str, Callable[[QApplication, Launched, Path | None], None]] = {
    "casus_mus": casus_mus, "ruins_and_raiders": ruins_and_raiders,
    "forge_of_power": forge_of_power}


def main(out: Path, dialogs: Path | None = None) -> int:
    from screenshots import application  # docs/ is on the path, as for settle

    app = application()
    for key, play in PLAYS.items():
        with tempfile.TemporaryDirectory(prefix="encounter-shot-") as folder:
            launched = launch(Path(folder), seed=7, demo_system=key)
            try:
                launched.window.resize(*_size())
                play(app, launched, dialogs)
                fight = launched.window.fight
                if dialogs and isinstance(fight, SystemTable):
                    from encounter_app.ui.table.reference import SystemReference
                    screen = SystemReference(fight.screen_tables())
                    screen.resize(900, 300)
                    for tab in range(screen.count()):
                        screen.setCurrentIndex(tab)
                        shoot(screen, dialogs / f"reference-{key}-{tab}.png")
                settle(app)
                shoot(launched.window, out / f"screenshot-{key.replace('_', '-')}.png")
            finally:
                launched.shutdown()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs"),
                  Path(sys.argv[2]) if len(sys.argv) > 2 else None))
