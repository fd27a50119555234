"""Adversary cards: clicks on pips and the Attack button, keys, layout and what gets painted."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QMouseEvent,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import QApplication

from encounter_app.domain.rows import CombatantRow, Experience, Feature, StatBlock
from encounter_app.systems.daggerheart.ui.card_layout import card_layout, stat_line
from encounter_app.systems.daggerheart.ui.cards import AdversaryCardsView
from encounter_app.ui.fight.models import ActiveRole, RowRole
from encounter_app.ui.shell import theme

SENTRY = StatBlock(
    name="Ashen Sentry", tier=1, type="Bruiser", difficulty=13, major=9, severe=16, hp=6,
    stress=3, attack_modifier=2, attack_name="Cinder Maul", attack_range="Very Close",
    damage="1d10+4 phy", description="Soot-blackened plate around a smouldering ember.",
    motives="Guard the threshold, crush intruders",
    experiences=(Experience("Unyielding", 2),),
    features=(
        Feature("Banked Coals", "Passive", "Magic damage against the Sentry is reduced by 2."),
        Feature("Flare Up", "Action", "Spend a Fear to vent fire at everyone Very Close.",
                fear=True),
    ),
)
IMP = StatBlock(
    name="Cinder Imp", tier=1, type="Minion", difficulty=9, major=None, severe=None, hp=1,
    stress=1, attack_modifier=-2, attack_name="Spark Bite", attack_range="Melee", damage="2 mag",
)


def adversary(cid: int, stats: StatBlock = SENTRY, **changes) -> CombatantRow:
    row = CombatantRow(kind="adversary", name=f"{stats.name} {cid}", id=cid, hp_max=stats.hp,
                       stress_max=stats.stress, stats=stats)
    return replace(row, **changes)


def item(row: CombatantRow, active: bool = False) -> QStandardItem:
    it = QStandardItem(row.name)
    it.setData(row, RowRole)
    it.setData(active, ActiveRole)
    it.setEditable(False)
    return it


@pytest.fixture
def make_view(qtbot):
    def make(*rows: CombatantRow, active: int | None = None) -> AdversaryCardsView:
        model = QStandardItemModel()
        for i, row in enumerate(rows):
            model.appendRow(item(row, active=i == active))
        view = AdversaryCardsView()
        view.setModel(model)
        view._test_model = model  # the view does not own a model set on it; keep it alive
        qtbot.addWidget(view)
        view.resize(900, 700)
        view.show()
        qtbot.waitExposed(view)
        return view

    return make


def click_at(qtbot, view: AdversaryCardsView, row: int, rect: QRect) -> None:
    index = view.model().index(row, 0)
    point: QPoint = view.visualRect(index).topLeft() + rect.center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_view_is_findable_by_name(make_view):
    view = make_view(adversary(1))
    assert view.objectName() == "adversaryCards"
    assert view.accessibleName() == "Adversary cards"


def test_clicking_hp_pip_marks_up_to_it(qtbot, make_view):
    view = make_view(adversary(7, stress_marked=1))
    layout = view.card_layout(view.model().index(0, 0))
    with qtbot.waitSignal(view.marks_requested, timeout=1000) as blocker:
        click_at(qtbot, view, 0, layout.hp_pips[2])
    assert blocker.args == [7, 3, 1]


def test_clicking_last_marked_pip_clears_it(qtbot, make_view):
    view = make_view(adversary(7, hp_marked=3))
    layout = view.card_layout(view.model().index(0, 0))
    with qtbot.waitSignal(view.marks_requested, timeout=1000) as blocker:
        click_at(qtbot, view, 0, layout.hp_pips[2])
    assert blocker.args == [7, 2, 0]


def test_clicking_stress_pip_leaves_hp_alone(qtbot, make_view):
    view = make_view(adversary(1), adversary(2, hp_marked=4))
    layout = view.card_layout(view.model().index(1, 0))
    with qtbot.waitSignal(view.marks_requested, timeout=1000) as blocker:
        click_at(qtbot, view, 1, layout.stress_pips[1])
    assert blocker.args == [2, 4, 2]


def test_attack_button_asks_for_an_attack(qtbot, make_view):
    view = make_view(adversary(1), adversary(2))
    layout = view.card_layout(view.model().index(1, 0))
    with qtbot.waitSignal(view.attack_requested, timeout=1000) as blocker:
        click_at(qtbot, view, 1, layout.attack_button)
    assert blocker.args == [2]


def test_double_click_on_attack_rolls_once(qtbot, make_view):
    view = make_view(adversary(1))
    layout = view.card_layout(view.model().index(0, 0))
    point = QPointF(view.visualRect(view.model().index(0, 0)).topLeft()
                    + layout.attack_button.center())
    attacks: list[int] = []
    view.attack_requested.connect(attacks.append)
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    # What a real double click delivers: press, release, double click, release.
    for kind, buttons in ((QEvent.Type.MouseButtonPress, left),
                          (QEvent.Type.MouseButtonRelease, none),
                          (QEvent.Type.MouseButtonDblClick, left),
                          (QEvent.Type.MouseButtonRelease, none)):
        event = QMouseEvent(kind, point, view.viewport().mapToGlobal(point), left, buttons,
                            Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(view.viewport(), event)
    assert attacks == [1]


def test_defeated_card_does_not_attack_but_its_pips_still_clear(qtbot, make_view):
    view = make_view(adversary(3, hp_marked=6))
    layout = view.card_layout(view.model().index(0, 0))
    with qtbot.assertNotEmitted(view.attack_requested, wait=100):
        click_at(qtbot, view, 0, layout.attack_button)
    with qtbot.waitSignal(view.marks_requested, timeout=1000) as blocker:
        click_at(qtbot, view, 0, layout.hp_pips[5])
    assert blocker.args == [3, 5, 0]


def test_clicking_the_text_asks_for_nothing(qtbot, make_view):
    view = make_view(adversary(1))
    layout = view.card_layout(view.model().index(0, 0))
    with (qtbot.assertNotEmitted(view.attack_requested, wait=50),
          qtbot.assertNotEmitted(view.marks_requested, wait=50)):
        click_at(qtbot, view, 0, layout.paragraphs[0].layout.boundingRect().toRect()
                 .translated(layout.paragraphs[0].origin))


# The keys of a chosen card (A, Enter, D...) are the window's: tests/ui/test_chosen_keys.py.


def test_minion_card_has_no_thresholds(make_view):
    view = make_view(adversary(1), adversary(2, IMP))
    sentry = view.card_layout(view.model().index(0, 0)).text
    imp = view.card_layout(view.model().index(1, 0)).text
    assert "Difficulty 13 · Thresholds 9 / 16 · HP 6 · Stress 3" in sentry
    assert "Thresholds none" in imp
    assert stat_line(IMP) == "Difficulty 9 · Thresholds none · HP 1 · Stress 1"


def test_card_reads_like_a_stat_block(make_view):
    view = make_view(adversary(2, conditions=("Vulnerable",)), active=0)
    text = view.card_layout(view.model().index(0, 0)).text
    for expected in ("Ashen Sentry 2 — Tier 1 Bruiser", "▶ In the spotlight", "Vulnerable",
                     "Motives & tactics: Guard", "HP 0/6 marked", "Stress 0/3 marked",
                     "ATK +2 · Cinder Maul · Very Close · 1d10+4 phy",
                     "Experience: Unyielding +2", "Banked Coals — Passive: Magic",
                     "[FEAR] Flare Up — Action: Spend a Fear"):
        assert expected in text


def test_experience_line_is_left_out_when_there_is_none(make_view):
    view = make_view(adversary(1, IMP))
    assert "Experience" not in view.card_layout(view.model().index(0, 0)).text


def test_size_hint_grows_with_a_longer_feature(make_view):
    long_text = "A much longer feature text that keeps going. " * 20
    longer = replace(SENTRY, features=(Feature("Banked Coals", "Passive", long_text),))
    view = make_view(adversary(1), adversary(2, longer))
    short = view.visualRect(view.model().index(0, 0)).height()
    tall = view.visualRect(view.model().index(1, 0)).height()
    assert tall > short + 3 * view.fontMetrics().height()


def test_a_first_chip_does_not_move_the_cards_below_but_a_second_row_does(qtbot, make_view):
    view = make_view(adversary(1), adversary(2))
    first, below = view.model().index(0, 0), view.model().index(1, 0)
    height, top = view.visualRect(first).height(), view.visualRect(below).top()
    for changed in (adversary(1, conditions=("Restrained",)), adversary(1, hp_marked=6),  # DEFEATED
                    adversary(1, hidden=True)):
        view.model().setData(first, changed, RowRole)
        qtbot.wait(50)  # the delayed layout
        assert view.visualRect(first).height() == height, changed
    many = tuple(f"A long condition {n}" for n in range(8))
    view.model().setData(first, adversary(1, conditions=many), RowRole)
    qtbot.waitUntil(lambda: view.visualRect(first).height() > height, timeout=1000)
    assert view.visualRect(below).top() >= top


def test_fear_feature_paints_a_fear_badge(make_view):
    view = make_view(adversary(1))
    layout = view.card_layout(view.model().index(0, 0))
    assert len(layout.fear_badges) == 1
    image = view.viewport().grab().toImage()
    badge = layout.fear_badges[0].translated(view.visualRect(view.model().index(0, 0)).topLeft())
    # The badge's left edge, clear of its text and of the rounded corner.
    assert QColor(image.pixel(badge.left() + 3, badge.center().y())) == theme.FEAR


def test_active_card_has_a_spotlight_frame(make_view):
    view = make_view(adversary(1), adversary(2), active=1)
    image = view.grab().toImage()
    assert not image.isNull()
    image = view.viewport().grab().toImage()
    for row, expect_active in ((0, False), (1, True)):
        rect = view.visualRect(view.model().index(row, 0))
        frame = QColor(image.pixel(rect.left() + 1, rect.center().y()))
        assert (frame == theme.ACTIVE) is expect_active, (row, frame.name())


def test_empty_view_paints_a_hint(make_view):
    view = make_view()
    image = view.viewport().grab().toImage()
    background = image.pixel(2, 2)
    centre = view.viewport().rect().center()
    row = [image.pixel(x, y) for x in range(image.width())
           for y in range(centre.y() - 10, centre.y() + 10)]
    assert any(p != background for p in row)


def test_card_layout_is_pure_geometry(qapp):
    a = card_layout(adversary(1), 368)
    b = card_layout(adversary(1), 368)
    assert a.height == b.height
    assert a.attack_button == b.attack_button
    # the spotlight takes the chip row every card keeps for it: no card below moves
    assert card_layout(adversary(1), 368, active=True).height == a.height


# -- the states of a fight: conditions, spotlights, Slow, Horde ------------------------------

WIDOW = replace(SENTRY, name="Mire Widow", type="Solo",
                features=(Feature("Relentless (2)", "Passive", "Twice per GM turn."),))
GOLEM = replace(SENTRY, name="Mossback Golem", features=(Feature("Slow", "Passive", "Tokens."),))
SWARM = replace(SENTRY, name="Lanternfly Swarm", type="Horde (3/HP)", hp=5, damage="2d6+2 phy",
                features=(Feature("Horde (1d6+1)", "Passive", "Half HP: 1d6+1."),))


def test_condition_chips_say_click_to_clear_and_name_their_condition(qapp):
    layout = card_layout(adversary(1, conditions=("Vulnerable", "Soaked in oil")))
    chips = [(c.text, c.condition) for c in layout.chips if c.kind == "condition"]
    assert chips == [("Vulnerable ×", "Vulnerable"), ("Soaked in oil ×", "Soaked in oil")]


def test_relentless_card_counts_its_spotlights(qapp):
    assert "Spotlights 0/2" in card_layout(adversary(1, WIDOW)).text
    assert "Spotlights 1/2" in card_layout(adversary(1, WIDOW, spotlights=1)).text
    # Others only show it once they have had the spotlight this GM turn.
    assert "Spotlights" not in card_layout(adversary(2)).text
    assert "Spotlights 1/1" in card_layout(adversary(2, spotlights=1)).text


def test_slow_card_says_whether_it_can_act(qapp):
    waiting = card_layout(adversary(1, GOLEM))
    assert "Slow: needs a token to act" in waiting.text
    assert [c.kind for c in waiting.chips] == ["warning"]
    ready = card_layout(adversary(1, GOLEM, slow_tokens=1))
    assert "Slow: has its token, can act" in ready.text
    assert "Slow" not in card_layout(adversary(2)).text.split("FEATURES")[0]


def test_horde_card_shows_the_damage_that_applies_and_why(qapp):
    fresh = card_layout(adversary(1, SWARM, hp_marked=2))
    assert "ATK +2 · Cinder Maul · Very Close · 2d6+2 phy" in fresh.text
    assert "Horde: deals 1d6+1 instead once 3 of its 5 HP are marked" in fresh.text
    halved = card_layout(adversary(1, SWARM, hp_marked=3))
    assert "ATK +2 · Cinder Maul · Very Close · 1d6+1 phy" in halved.text
    assert ("Horde: 3/5 HP marked (half or more), so the attack deals 1d6+1 phy instead of "
            "2d6+2 phy") in halved.text
    assert halved.height >= fresh.height


def test_clicking_a_condition_chip_asks_to_clear_it(qtbot, make_view):
    view = make_view(adversary(4, conditions=("Restrained", "Hidden")))
    layout = view.card_layout(view.model().index(0, 0))
    chip = next(c for c in layout.chips if c.condition == "Hidden")
    with qtbot.waitSignal(view.condition_clear_requested, timeout=1000) as blocker:
        click_at(qtbot, view, 0, chip.rect)
    assert blocker.args == [4, "Hidden"]


def test_the_state_chips_are_not_buttons(qtbot, make_view):
    view = make_view(adversary(4, WIDOW, spotlights=1))
    chip = view.card_layout(view.model().index(0, 0)).chips[0]
    assert chip.kind == "state"
    with qtbot.assertNotEmitted(view.condition_clear_requested, wait=50):
        click_at(qtbot, view, 0, chip.rect)


def context_menu(view, reason, pos=None):
    pos = QPoint() if pos is None else pos
    event = QContextMenuEvent(reason, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)


def test_right_click_asks_for_that_cards_menu_and_selects_it(qtbot, make_view):
    view = make_view(adversary(1), adversary(2))
    rect = view.visualRect(view.model().index(1, 0))
    with qtbot.waitSignal(view.menu_requested, timeout=1000) as blocker:
        context_menu(view, QContextMenuEvent.Reason.Mouse, rect.center())
    assert blocker.args[0] == 2
    assert view.currentIndex().row() == 1


def test_the_menu_key_asks_for_the_selected_cards_menu(qtbot, make_view):
    view = make_view(adversary(1), adversary(2))
    view.setCurrentIndex(view.model().index(0, 0))
    with qtbot.waitSignal(view.menu_requested, timeout=1000) as blocker:
        context_menu(view, QContextMenuEvent.Reason.Keyboard)
    assert blocker.args[0] == 1


def test_right_click_between_cards_asks_for_nothing(qtbot, make_view):
    view = make_view(adversary(1))
    with qtbot.assertNotEmitted(view.menu_requested, wait=50):
        context_menu(view, QContextMenuEvent.Reason.Mouse, view.viewport().rect().bottomRight()
                     - QPoint(3, 3))


# -- many cards ------------------------------------------------------------------------------


def test_copies_of_one_stat_block_share_their_laid_out_text(qapp):
    first, second = card_layout(adversary(1), 368), card_layout(adversary(2, hp_marked=2), 368)
    assert [p.layout for p in first.paragraphs] == [p.layout for p in second.paragraphs]
    assert first.name != second.name and first.hp_text != second.hp_text
    narrower = card_layout(adversary(1), 200)
    assert all(a.layout is not b.layout for a, b in zip(first.paragraphs, narrower.paragraphs,
                                                          strict=True))
    assert narrower.height > first.height  # laid out again for the width, not reused


def test_a_long_list_of_cards_is_placed_in_batches_and_all_get_a_place(qtbot, make_view):
    rows = [adversary(n, IMP if n % 2 else SENTRY) for n in range(1, 301)]
    view = make_view(*rows)
    last = view.model().index(len(rows) - 1, 0)
    qtbot.waitUntil(lambda: view.visualRect(last).isValid(), timeout=5000)
    view.scrollTo(last)
    qtbot.waitUntil(lambda: view.viewport().rect().intersects(view.visualRect(last)),
                    timeout=2000)


def test_the_order_and_the_card_say_hp_the_same_way(make_view):
    """One meaning of "HP x/y" in the window, with its word: what is marked."""
    from encounter_app.ui.fight.initiative import _row_info

    hurt = adversary(2, hp_marked=2, stress_marked=1)
    view = make_view(hurt)
    text = view.card_layout(view.model().index(0, 0)).text
    assert "HP 2/6 marked" in text and "Stress 1/3 marked" in text
    assert _row_info(hurt) == "HP 2/6 marked"


def test_a_compact_card_keeps_what_a_gm_uses_every_turn(qapp):
    row = adversary(1, conditions=("Vulnerable",), hp_marked=2)
    whole, compact = card_layout(row, 368), card_layout(row, 368, compact=True)
    for kept in ("Ashen Sentry 1", "Vulnerable", "HP 2/6 marked", "Stress 0/3 marked",
                 "ATK +2 · Cinder Maul"):
        assert kept in compact.text
    for left_out in ("Motives & tactics", "Experience", "Banked Coals", "Difficulty 13"):
        assert left_out in whole.text and left_out not in compact.text
    assert compact.attack_button is not None and compact.height < whole.height / 2
