"""A row of the spotlight order and a tracked PC's card: no text is drawn over another, at any
width the window allows (a tracked, hidden PC's "PC ●○○ · EVASION 12 · HIDDEN" once sat on
"HP 0/6 marked" at 1366 wide)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QFontMetrics, QImage, QPainter, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem

from encounter_app.domain.rows import CombatantRow
from encounter_app.systems.daggerheart.state import DaggerheartState
from encounter_app.systems.daggerheart.ui.card_layout import MARGIN, CardLayout, card_layout
from encounter_app.ui.fight.initiative import ROW_HEIGHT, InitiativeDelegate
from encounter_app.ui.fight.models import ActiveRole, RowRole

LONG = "Aria Vell, the Unbelievably Long-Named Seraph of the Drowned Chapel"
CONDITIONS = ("Hidden", "Restrained", "Vulnerable", "Frightened by the bell tower")
# Below the narrowest the spotlight order can be made (its buttons hold its list at about 250
# px) up to a wide one.
ORDER_WIDTHS = (180, 220, 250, 300, 420)
CARD_WIDTHS = (290, 330, 368, 420, 560)  # cards.py's COMPACT_CARD_WIDTH up


def pc(name: str = "Wren Tallow (Rogue)", **changes: object) -> CombatantRow:
    state = DaggerheartState(major=10, severe=20, armor=12, armor_marked=2, hope=3,
                             spotlight_tokens_used=1)
    row = CombatantRow(kind="pc", name=name, id=1, evasion=12, hp_max=6, stress_max=6,
                       hidden=True, conditions=CONDITIONS, system_state=state)
    return replace(row, **changes)


class RecordingPainter(QPainter):
    """Paints into an image and keeps where each piece of text was drawn."""

    def __init__(self, image: QImage) -> None:
        super().__init__(image)
        self.texts: list[tuple[str, QRect]] = []

    def drawText(self, *args: object) -> None:
        rect, flags, text = args
        if text:
            drawn = QFontMetrics(self.font()).boundingRect(rect, flags, text)
            self.texts.append((text, drawn))
        super().drawText(*args)


def overlaps(texts: list[tuple[str, QRect]]) -> list[tuple[str, str]]:
    return [(a, b) for (a, ra), (b, rb) in itertools.combinations(texts, 2)
            if ra.intersects(rb)]


def painted_row(row: CombatantRow, width: int, *, active: bool, tracked: bool,
                two_lines: bool = False) -> tuple[list[tuple[str, QRect]], QRect]:
    info = (lambda _r: "2 AP left\nAIMING · DEFENDING") if two_lines else None
    delegate = InitiativeDelegate(row_info=info)
    delegate.pcs_tracked = tracked
    delegate.tokens = lambda _r: "●○○"
    model = QStandardItemModel()
    item = QStandardItem(row.name)
    item.setData(row, RowRole)
    item.setData(active, ActiveRole)
    model.appendRow(item)
    option = QStyleOptionViewItem()
    rect = QRect(0, 0, width, ROW_HEIGHT)
    option.rect = rect
    option.font = QApplication.font()
    option.palette = QApplication.palette()
    image = QImage(width, ROW_HEIGHT, QImage.Format.Format_ARGB32)
    painter = RecordingPainter(image)
    try:
        delegate.paint(painter, option, model.index(0, 0))
    finally:
        painter.end()
    return painter.texts, QRect(rect)


@pytest.mark.parametrize("width", ORDER_WIDTHS)
@pytest.mark.parametrize("name", ["Wren Tallow (Rogue)", LONG])
@pytest.mark.parametrize("active", [False, True])
def test_no_text_of_an_order_row_is_drawn_over_another(qapp, width, name, active):
    rows = [(pc(name), True, False), (pc(name), False, False),
            (CombatantRow(kind="adversary", name=name, id=2, hp_max=6, hp_marked=6,
                          hidden=True), False, False),
            (CombatantRow(kind="adversary", name=name, id=3, hp_max=6), False, True)]
    for row, tracked, two_lines in rows:
        texts, rect = painted_row(row, width, active=active, tracked=tracked,
                                  two_lines=two_lines)
        assert len(texts) == 3, texts
        assert overlaps(texts) == [], (width, texts)
        for text, drawn in texts:
            assert drawn.left() >= rect.left() and drawn.right() <= rect.right(), (text, drawn)


def test_a_hidden_tracked_pc_says_all_of_its_badge_line_at_1366_wide(qapp):
    """At the window's first width the order is 250 px: the whole line fits beside nothing."""
    texts, _rect = painted_row(pc(), 250, active=False, tracked=True)
    said = [text for text, _ in texts]
    assert "PC ●○○ · EVASION 12 · HIDDEN" in said and "HP 0/6 marked" in said


def card_texts(layout: CardLayout) -> list[tuple[str, QRect]]:
    """Every piece of text and every pip track a card draws, where it draws it."""
    title, body = QFontMetrics(layout.fonts.title), QFontMetrics(layout.fonts.body)
    band = layout.header.adjusted(MARGIN, 0, -MARGIN, 0)
    tier_w = body.horizontalAdvance(layout.tier)
    texts = [(layout.name, QRect(band.left(), band.top(), title.horizontalAdvance(layout.name),
                                 band.height())),
             (layout.tier, QRect(band.right() + 1 - tier_w, band.top(), tier_w, band.height()))]
    texts += [(chip.text, chip.rect) for chip in layout.chips]
    texts += [(p.text, p.layout.boundingRect().toAlignedRect().translated(p.origin))
              for p in layout.paragraphs]
    small = QFontMetrics(layout.fonts.small_bold)
    for word in ("hp", "stress", "armor", "hope"):
        label, text, pips = (getattr(layout, f"{word}_{part}") for part in ("label", "text",
                                                                              "pips"))
        if pips:
            texts.append((text, QRect(label.left(), label.top(), small.horizontalAdvance(text),
                                      label.height())))
            boxes = pips[0]
            for pip in pips:
                boxes = boxes.united(pip)
            texts.append((f"{text} boxes", boxes))
    return texts


@pytest.mark.parametrize("width", CARD_WIDTHS)
@pytest.mark.parametrize("name", ["Wren Tallow (Rogue)", LONG])
@pytest.mark.parametrize("active", [False, True])
def test_no_text_of_a_tracked_pc_card_is_drawn_over_another(qapp, width, name, active):
    layout = card_layout(pc(name, hp_marked=3, stress_max=12), width, active=active)
    texts = card_texts(layout)
    assert overlaps(texts) == [], (width, texts)
    for text, drawn in texts:
        assert drawn.left() >= MARGIN and drawn.right() < width - MARGIN + 1, (text, drawn)
