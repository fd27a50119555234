"""A combatant card worked as the GM works it, for the window tests: its context menu."""

from __future__ import annotations


def trigger(program, cid, action_name):
    """Trigger one entry of a card's context menu, as a click on it would."""
    menu = program.window.fight.card_actions.menu_for(cid)
    action = menu.findChild(type(menu.menuAction()), action_name)
    assert action is not None, f"no {action_name} in {[a.objectName() for a in menu.actions()]}"
    assert action.isEnabled()
    action.trigger()
    menu.deleteLater()
