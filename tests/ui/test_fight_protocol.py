"""What the window's parts ask of every system's Fight (ui/shell/fight.py), answered by each:
the View choices the window remembers and the cards made compact one by one. The table
controls ask the protocol, never probe a fight's attributes."""

from __future__ import annotations

import pytest

from tests.helpers.systems import KEYS


@pytest.mark.parametrize("key", KEYS)
def test_every_systems_fight_answers_what_the_window_remembers(qtbot, launch_demo, key):
    launched = launch_demo(key)
    window, fight = launched.window, launched.window.fight
    toggles = dict(fight.view_toggles)
    assert all(action.isCheckable() for action in toggles.values())
    assert fight.compact_ids == frozenset()
    first = next(c for c in launched.session.combatants if c.kind != "pc")
    fight.set_card_compact(first.id, True)
    if key == "daggerheart":  # its cards have a compact form and three View choices
        assert set(toggles) == {"cards/compact", "cards/pcs", "cards/group_minions"}
        assert fight.compact_ids == {first.id}
    else:  # a card table's cards have neither: nothing changes, nothing is remembered
        assert toggles == {} and fight.compact_ids == frozenset()
    window.close()
    remembered = launched.settings.value(
        f"cards/compact_ids/{launched.session.encounter_id}", "")
    assert str(remembered or "") == (str(first.id) if key == "daggerheart" else "")
