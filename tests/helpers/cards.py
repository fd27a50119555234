"""A combatant card worked as the GM works it, for the window tests: its context menu, and an
attack that cannot miss."""

from __future__ import annotations

from dataclasses import replace

from encounter_app.domain import Feature

SWEEP = Feature("Sweeping Flail", "Action",
                "Make an attack against all targets within Very Close range.")


def trigger(program, cid, action_name):
    """Trigger one entry of a card's context menu, as a click on it would."""
    menu = program.window.fight.card_actions.menu_for(cid)
    action = menu.findChild(type(menu.menuAction()), action_name)
    assert action is not None, f"no {action_name} in {[a.objectName() for a in menu.actions()]}"
    assert action.isEnabled()
    action.trigger()
    menu.deleteLater()


def sweep(qtbot, program, damage, count=2):
    """The Chapel Warden sweeps its flail at the first ``count`` PCs (an attack feature on
    every target in reach, +30: it cannot miss) for ``damage``, through the attack dialog;
    returns those PCs. The log line waits for the hit dialog when PCs are tracked."""
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from encounter_app.systems.daggerheart.ui.rolls.dialogs import AttackDialog

    session, fight = program.session, program.window.fight
    warden = next(c for c in session.combatants if c.name == "Chapel Warden")
    session.update_combatant(replace(warden, stats=replace(
        warden.stats, attack_modifier=30, damage=damage, features=(SWEEP,))))
    pcs = [c for c in session.combatants if c.kind == "pc"][:count]

    def roll():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, AttackDialog), type(dialog)
        assert dialog.feature() == SWEEP.name
        dialog.set_checked(range(count))
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, roll)
    fight.uses.use(warden.id, SWEEP.name)
    return pcs
