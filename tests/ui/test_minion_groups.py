"""A crowded fight: Minions of one kind on one group card, and cards made compact one by one."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from encounter_app.app import launch
from encounter_app.domain import adversaries
from encounter_app.domain.adversaries import combatant_from
from encounter_app.services.fight.commands import AddCombatant
from encounter_app.ui.fight.models import RowRole

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support propagateSizeHints\(\)")


def imp_stats(program):
    return next(t.stats for t in program.store.templates() if t.stats.name == "Cinder Imp")


def add_imps(program, count=5):
    stats = imp_stats(program)
    for n in range(count):
        program.undo_stack.push(AddCombatant(program.session, combatant_from(
            stats, f"Cinder Imp {n + 1}"), 2 + n))  # between the order's first rows
    return [c for c in program.session.combatants if c.name.startswith("Cinder Imp")]


def shown_cards(cards):
    model = cards.model()
    return [model.index(r, 0).data(RowRole).name for r in range(model.rowCount())
            if not cards.isRowHidden(r)]


def group_card(cards):
    model = cards.model()
    return next(model.index(r, 0) for r in range(model.rowCount())
                if model.index(r, 0).data(RowRole).name == "Cinder Imp 1")


def test_minions_of_one_kind_show_as_one_card_with_their_count(qtbot, program):
    cards = program.window.fight.cards
    before = shown_cards(cards)
    imps = add_imps(program)
    assert shown_cards(cards).count("Cinder Imp 1") == 1
    assert not any(n in shown_cards(cards) for n in ("Cinder Imp 2", "Cinder Imp 5"))
    assert len(shown_cards(cards)) == len(before) + 1
    text = cards.card_layout(group_card(cards)).text
    assert "Cinder Imp ×5" in text and "5 of 5 standing" in text and "Defeated 0 of 5" in text

    # Grouping off (View › Group Minions): one card each again.
    program.window.fight.group_action.trigger()
    assert len(shown_cards(cards)) == len(before) + 5
    program.window.fight.group_action.trigger()
    assert len(shown_cards(cards)) == len(before) + 1
    assert [c.name for c in imps] == [f"Cinder Imp {n}" for n in range(1, 6)]


def test_a_group_cards_boxes_defeat_minions_in_one_undo_step(qtbot, program):
    cards = program.window.fight.cards
    imps = add_imps(program)
    index = group_card(cards)
    layout = cards.card_layout(index)
    at = cards.visualRect(index).topLeft() + layout.hp_pips[2].center()
    steps = program.undo_stack.count()
    qtbot.mouseClick(cards.viewport(), Qt.MouseButton.LeftButton, pos=at)
    rows = [program.session.combatants.by_id(i.id) for i in imps]
    assert [r.defeated for r in rows] == [True, True, True, False, False]
    assert program.undo_stack.count() == steps + 1
    assert program.undo_stack.undoText() == "Cinder Imp: 3 of 5 defeated"
    assert "2 of 5 standing" in cards.card_layout(group_card(cards)).text
    # The group card acts through the first Minion still standing.
    assert cards.acting_id(group_card(cards)) == imps[3].id
    program.undo_stack.undo()
    assert not any(program.session.combatants.by_id(i.id).defeated for i in imps)


def test_choosing_a_hidden_minion_in_the_order_selects_its_group_card(qtbot, program):
    window = program.window
    imps = add_imps(program)
    view = window.initiative.view
    third = window.initiative_model.index(program.session.combatants.index_of(imps[2].id), 0)
    view.setCurrentIndex(third)
    cards = window.fight.cards
    assert cards.currentIndex().row() == group_card(cards).row()
    # The one chosen last acts (issue 30): the third Imp, chosen in the order.
    assert window.fight.gm_turn_bar.selected_id() == imps[2].id
    cards.clearSelection()
    cards.setCurrentIndex(group_card(cards))  # the group card chosen: its first standing
    assert window.fight.gm_turn_bar.selected_id() == imps[0].id


def test_a_card_made_compact_alone_stays_so_after_a_relaunch(qtbot, tmp_path):
    first = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(first.window)
    fight = first.window.fight
    warden = next(c for c in first.session.combatants if c.kind == "adversary")
    model = fight.cards_model
    index = next(model.index(r, 0) for r in range(model.rowCount())
                 if model.index(r, 0).data(RowRole).id == warden.id)
    whole = fight.cards.card_layout(index).height
    fight.cards.setCurrentIndex(index)
    menu = fight.card_actions.menu_for(warden.id)
    toggle = next(a for a in menu.actions() if a.objectName() == "compactCardAction")
    assert not toggle.isChecked()
    toggle.trigger()
    menu.deleteLater()
    assert fight.cards.card_layout(index).height < whole
    other = model.index(index.row() + 1, 0)
    assert "Motives" in fight.cards.card_layout(other).text  # the others stay whole
    first.window.close()
    first.shutdown()

    again = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(again.window)
    try:
        assert warden.id in again.window.fight.cards.delegate.compact_ids
    finally:
        again.shutdown()


# -- the rules of the group, without a window --------------------------------------------------


def minion(name: str, stats, marked: int = 0):
    return replace(combatant_from(stats, name), id=hash(name) % 10_000, hp_marked=marked)


@given(st.lists(st.sampled_from(["imp", "restrained imp", "other", "pc"]), max_size=12))
def test_minions_of_one_stat_block_and_conditions_are_one_kind_and_nothing_else_is(kinds):
    from encounter_app.systems.daggerheart.sample import load_sample_adversaries

    samples = {s.name: s for s in load_sample_adversaries()}
    imp, other = samples["Cinder Imp"], samples["Ashen Sentry"]
    rows = []
    for n, kind in enumerate(kinds):
        if kind == "pc":
            rows.append(replace(combatant_from(other, f"P{n}"), kind="pc", stats=None))
        else:
            row = combatant_from(imp if "imp" in kind else other, f"{kind}{n}")
            rows.append(replace(row, conditions=("Restrained",) if "restrained" in kind
                                else ()))
    found = [adversaries.minion_kind(row) for row in rows]
    for kind, of_row in zip(kinds, found, strict=True):
        assert (of_row is None) == (kind in ("other", "pc"))
    # Every plain imp shares one kind, every Restrained one another; never the two together.
    assert len({k for k, kind in zip(found, kinds, strict=True) if kind == "imp"}) <= 1
    assert not ({k for k, kind in zip(found, kinds, strict=True) if kind == "imp"}
                & {k for k, kind in zip(found, kinds, strict=True) if kind == "restrained imp"})


@given(st.lists(st.booleans(), min_size=1, max_size=8), st.integers(-2, 10))
def test_a_group_defeats_the_first_standing_and_raises_the_last_defeated(down, count):
    from encounter_app.systems.daggerheart.sample import load_sample_adversaries

    imp = next(s for s in load_sample_adversaries() if s.name == "Cinder Imp")
    members = [minion(f"m{n}", imp, imp.hp if d else 0) for n, d in enumerate(down)]
    changed = {row.name: row for row in adversaries.group_defeated(members, count)}
    after = [changed.get(m.name, m) for m in members]
    assert sum(m.defeated for m in after) == max(0, min(count, len(members)))
    assert all(c.defeated != m.defeated for m in members if (c := changed.get(m.name)))


def test_a_minion_with_a_condition_leaves_the_group_for_a_card_of_its_own(qtbot, program):
    from encounter_app.systems.daggerheart.services import adversaries as adversary_operations

    cards = program.window.fight.cards
    imps = add_imps(program)
    program.undo_stack.push(
        adversary_operations.add_condition(program.session, imps[2].id, "Restrained").command)
    assert "Cinder Imp 3" in shown_cards(cards)  # its chip shows, and a click clears it
    assert "Cinder Imp ×4" in cards.card_layout(group_card(cards)).text
    program.undo_stack.undo()
    assert "Cinder Imp 3" not in shown_cards(cards)
    assert "Cinder Imp ×5" in cards.card_layout(group_card(cards)).text


def test_the_spotlight_on_a_hidden_minion_shows_on_its_group_card(qtbot, program):
    from encounter_app.systems.daggerheart.services import adversaries as adversary_operations

    cards = program.window.fight.cards
    imps = add_imps(program)
    program.undo_stack.push(adversary_operations.spotlight(program.session, imps[3].id).command)
    assert program.session.active_id == imps[3].id
    layout = cards.card_layout(group_card(cards))
    assert any(chip.kind == "spotlight" for chip in layout.chips)
    assert cards.viewport().rect().intersects(cards.visualRect(group_card(cards)))
