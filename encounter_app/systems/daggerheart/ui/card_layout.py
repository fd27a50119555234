"""Where everything on an adversary card goes: one function that sizes, paints and hit-tests.

``card_layout`` lays out a card in card coordinates (0, 0 is the card's top-left). The delegate
uses the same result for sizeHint, paint and editorEvent, so a click can never land on a pip
that was painted somewhere else. Wrapped text is laid out with QTextLayout rather than measured
with QFontMetrics.boundingRect: a feature is "**Name** — Kind: text" with a bold run inside a
wrapped line, which boundingRect cannot measure, and measuring and drawing with the same
QTextLayout object means the two cannot disagree.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextCharFormat, QTextLayout, QTextOption

from encounter_app.domain import adversaries
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import CombatantRow, StatBlock
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.conditions import condition_card_words
from encounter_app.systems.daggerheart.services.features import rollable
from encounter_app.ui.shell.theme import PIP, PIP_GAP
from encounter_app.ui.widgets.pips import pip_rects

CARD_WIDTH = 368  # three cards side by side in a 1200 px window
MARGIN = 12  # inside the frame; leaves room for the thick spotlight frame
GAP = 6  # between blocks of one section
RULE_GAP = 8  # above and below a section rule
CHIP_PAD = 6  # left and right of a chip's text
ATTACK_LABEL = "Attack"
SPOTLIGHT_LABEL = "▶ In the spotlight"
DEFEATED_LABEL = "DEFEATED"
HIDDEN_LABEL = "Hidden from players"
FEAR_LABEL = "FEAR"
USE_LABEL = "Use"  # a feature's button: it rolls (an attack, a Reaction Roll, damage)
CLEAR_MARK = " ×"  # on a condition chip: clicking it clears the condition


@fields_repr
@dataclass(frozen=True, eq=False, repr=False)
class CardFonts:
    """The fonts a card is drawn with, derived from the view's font."""

    body: QFont
    bold: QFont
    italic: QFont
    title: QFont
    small: QFont
    small_bold: QFont

    @classmethod
    def from_font(cls, font: QFont) -> CardFonts:
        """The card's fonts derived from ``font``; made once per font, then shared."""
        fonts = _CARD_FONTS.get(font)
        if fonts is None:
            fonts = _CARD_FONTS[QFont(font)] = cls._derive(font)
        return fonts

    @classmethod
    def _derive(cls, font: QFont) -> CardFonts:
        def derived(scale: float = 1.0, *, bold: bool = False, italic: bool = False) -> QFont:
            f = QFont(font)
            if scale != 1.0:
                if f.pointSizeF() > 0:
                    f.setPointSizeF(f.pointSizeF() * scale)
                else:  # a pixel-sized font (style sheets set these): scale that instead
                    f.setPixelSize(max(1, round(f.pixelSize() * scale)))
            f.setBold(bold)
            f.setItalic(italic)
            return f

        return cls(body=derived(), bold=derived(bold=True), italic=derived(italic=True),
                   title=derived(1.3, bold=True), small=derived(0.9),
                   small_bold=derived(0.9, bold=True))


_CARD_FONTS: dict[QFont, CardFonts] = {}  # a handful: one per font the cards are drawn in


@fields_repr
@dataclass(eq=False, repr=False)
class Paragraph:
    """A wrapped block of text, already laid out; draw it with ``layout.draw(painter, origin)``."""

    text: str
    layout: QTextLayout
    origin: QPoint
    height: int


@fields_repr
@dataclass(eq=False, repr=False)
class Chip:
    """A small labelled chip on a card (spotlight, defeated, a condition...), where it is drawn."""

    rect: QRect
    text: str
    # "spotlight", "defeated", "hidden", "condition", "state", "warning", or "note" (the SRD's
    # words for its conditions, as text beside the chips)
    kind: str
    condition: str = ""  # the condition a "condition" chip clears when clicked


@fields_repr
@dataclass(eq=False, repr=False)
class CardLayout:
    """Where everything on one card goes, for its width: measured once, painted and clicked."""

    width: int
    height: int
    fonts: CardFonts
    header: QRect
    name: str  # elided to fit the header band
    tier: str
    chips: list[Chip] = field(default_factory=list)
    paragraphs: list[Paragraph] = field(default_factory=list)
    rules: list[int] = field(default_factory=list)  # y of each section rule
    fear_badges: list[QRect] = field(default_factory=list)
    fear_features: list[str] = field(default_factory=list)  # the feature of each badge
    # A rollable feature's Use button (services/features.py: rollable) and its feature: a
    # click uses it in one step; a FEAR badge beside one uses it too (its Fear is its cost).
    use_buttons: list[QRect] = field(default_factory=list)
    use_features: list[str] = field(default_factory=list)
    features_heading: QRect | None = None
    hp_label: QRect = field(default_factory=QRect)
    hp_text: str = ""
    hp_pips: list[QRect] = field(default_factory=list)
    stress_label: QRect = field(default_factory=QRect)
    stress_text: str = ""
    stress_pips: list[QRect] = field(default_factory=list)
    # A tracked PC's Armor Slots and Hope (domain/pc_tracks.py); empty on an adversary's card.
    armor_label: QRect = field(default_factory=QRect)
    armor_text: str = ""
    armor_pips: list[QRect] = field(default_factory=list)
    hope_label: QRect = field(default_factory=QRect)
    hope_text: str = ""
    hope_pips: list[QRect] = field(default_factory=list)
    attack_button: QRect | None = None
    horde_note: str = ""  # a Horde's damage now and why, or when it changes

    @property
    def text(self) -> str:
        """Everything the card says, in reading order: for tests and accessible descriptions."""
        lines = [f"{self.name} — {self.tier}", *(c.text for c in self.chips)]
        lines += [p.text for p in self.paragraphs if p.origin.y() < self.hp_label.top()]
        lines += [self.hp_text, self.stress_text, self.armor_text, self.hope_text]
        lines += [p.text for p in self.paragraphs if p.origin.y() > self.hp_label.top()]
        return "\n".join(line for line in lines if line)


def stat_line(stats: StatBlock) -> str:
    minion = stats.type.lower().startswith("minion")
    thresholds = ("none" if minion or stats.major is None
                  else f"{stats.major} / {'none' if stats.severe is None else stats.severe}")
    return (f"Difficulty {stats.difficulty} · Thresholds {thresholds} · HP {stats.hp}"
            f" · Stress {stats.stress}")


def attack_line(stats: StatBlock) -> str:
    return " · ".join(_attack_parts(stats))


def _attack_parts(stats: StatBlock) -> list[str]:
    parts = [f"ATK {stats.attack_modifier:+d}", stats.attack_name, stats.attack_range,
             stats.damage]
    return [p for p in parts if p]


def _keep_together(text: str) -> str:
    """No line break inside "Very Close" or "1d8+2 phy": wrap only at the " · " separators."""
    return text.replace(" ", "\u00a0")


def _utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2  # QTextLayout counts UTF-16 code units


def _paragraph(spans: list[tuple[str, QFont]], width: int, origin: QPoint,
               first_indent: int = 0) -> Paragraph:
    text = "".join(s for s, _ in spans)
    key = (tuple(spans), width, first_indent)  # QFont hashes and compares by value
    laid_out = _TEXT_LAYOUTS.pop(key, None)
    if laid_out is None:
        laid_out = _text_layout(text, spans, width, first_indent)
        if len(_TEXT_LAYOUTS) >= TEXT_LAYOUT_LIMIT:
            del _TEXT_LAYOUTS[next(iter(_TEXT_LAYOUTS))]  # the least recently used
        # Copies: a QFont is mutable, and a key must not change under the dict.
        key = (tuple((span, QFont(font)) for span, font in spans), width, first_indent)
    _TEXT_LAYOUTS[key] = laid_out  # (re)inserted last: the most recently used
    layout, height = laid_out
    return Paragraph(text, layout, origin, height)


# Every paragraph of a card comes from its stat block, not from the combatant: twenty copies
# of one adversary share their laid-out text, and a fight of 1000 lays out a handful of stat
# blocks, not 1000 cards (docs/performance.md). Nobody changes a QTextLayout after endLayout,
# so sharing one between cards is safe.
TEXT_LAYOUT_LIMIT = 2048
_LayoutKey = tuple[tuple[tuple[str, QFont], ...], int, int]  # spans, width, first indent
_TEXT_LAYOUTS: dict[_LayoutKey, tuple[QTextLayout, int]] = {}


def _text_layout(text: str, spans: list[tuple[str, QFont]], width: int,
                 first_indent: int) -> tuple[QTextLayout, int]:
    layout = QTextLayout(text, spans[0][1])
    formats, start = [], 0
    for span, font in spans:
        rng = QTextLayout.FormatRange()
        rng.start, rng.length = start, _utf16_len(span)
        char_format = QTextCharFormat()
        char_format.setFont(font)
        rng.format = char_format
        formats.append(rng)
        start += rng.length
    layout.setFormats(formats)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.beginLayout()
    y = 0.0
    while (line := layout.createLine()).isValid():
        indent = first_indent if line.lineNumber() == 0 else 0
        line.setLineWidth(max(1, width - indent))
        line.setPosition(QPointF(indent, y))
        y += line.height()
    layout.endLayout()
    return layout, math.ceil(y)


def _chip_flow(labels: list[tuple[str, str, str]], fm: QFontMetrics, x0: int, y: int,
               width: int) -> tuple[list[Chip], int]:
    """Chips left to right, wrapping at ``width``; returns them and the y below them."""
    chips, x, h = [], x0, fm.height() + 4
    for text, kind, condition in labels:
        w = fm.horizontalAdvance(text) + 2 * CHIP_PAD
        if x > x0 and x + w > x0 + width:
            x, y = x0, y + h + 4
        chips.append(Chip(QRect(x, y, min(w, width), h), text, kind, condition))
        x += w + 4
    return chips, y + h


def _condition_note(chips: list[Chip], conditions: Sequence[str], right: int,
                    fonts: CardFonts) -> Chip | None:
    """The SRD's words for the standard conditions, in the room left of the last chip row
    (elided; the chip's tooltip has them whole): on the card without making it taller, so a
    condition moves nothing under the cursor."""
    said = [(c, words) for c in conditions if (words := condition_card_words(c))]
    if not said or not chips:
        return None
    text = said[0][1] if len(said) == 1 else " · ".join(f"{c}: {w}" for c, w in said)
    last = chips[-1].rect
    room = right - last.right() - 8
    italic = QFont(fonts.small)
    italic.setItalic(True)
    shown = QFontMetrics(italic).elidedText(text, Qt.TextElideMode.ElideRight, room)
    if room < 40 or not shown or shown == "…":
        return None
    return Chip(QRect(last.right() + 8, last.top(), room, last.height()), shown, "note")


def _track(label: str, count: int, x: int, y: int, label_w: int, width: int,
           fm: QFontMetrics) -> tuple[QRect, list[QRect], int]:
    """A labelled pip track: the label's rect, the pips, and the y below the track."""
    room = width - label_w - 8
    per_row = max(1, (room + PIP_GAP) // (PIP + PIP_GAP))
    rows = max(1, math.ceil(count / per_row))
    line_h = max(PIP, fm.height())
    pips = pip_rects(QPoint(x + label_w + 8, y + (line_h - PIP) // 2), count,
                     per_row=per_row if count > per_row else 0)
    height = line_h + (rows - 1) * (PIP + PIP_GAP)
    return QRect(x, y, label_w, line_h), pips, y + height


def card_layout(row: CombatantRow, width: int = CARD_WIDTH, font: QFont | None = None, *,
                active: bool = False, compact: bool = False,
                group: Sequence[CombatantRow] = ()) -> CardLayout:
    """Lay out one adversary card ``width`` pixels wide; the height follows from the text.

    ``compact``: for a crowded fight, only what a GM uses every turn: the name, the chips,
    the HP and Stress tracks and the attack (the whole stat block is in the card's tooltip).
    ``group``: Minions of one kind on one card (``row`` is the first of them): their count,
    how many stand, and a box per Minion, checked when it is defeated.
    """
    fonts = CardFonts.from_font(font if font is not None else QFont())
    body_fm, title_fm = QFontMetrics(fonts.body), QFontMetrics(fonts.title)
    small_fm, bold_small_fm = QFontMetrics(fonts.small), QFontMetrics(fonts.small_bold)
    inner, x = width - 2 * MARGIN, MARGIN
    stats = row.stats

    # Header band: the combatant's own name ("Bramble Stalker 2") and the stat block's tier,
    # or a PC's Evasion.
    pc = pc_tracks.tracks(row) if row.kind == "pc" else None
    tier = f"Tier {stats.tier} {stats.type}" if stats else ""
    if pc is not None and row.evasion is not None:
        tier = f"PC · Evasion {row.evasion}"
    band_h = title_fm.height() + 12
    name_room = inner - (body_fm.horizontalAdvance(tier) + 12 if tier else 0)
    title = f"{stats.name} ×{len(group)}" if group and stats else row.name
    name = title_fm.elidedText(title, Qt.TextElideMode.ElideRight, name_room)
    down = sum(m.defeated for m in group)
    lay = CardLayout(width=width, height=0, fonts=fonts, header=QRect(0, 0, width, band_h),
                     name=name, tier=tier)
    y = band_h + GAP + 2

    labels = [(SPOTLIGHT_LABEL, "spotlight", "")] if active else []
    labels += [(DEFEATED_LABEL, "defeated", "")] if (
        down == len(group) if group else row.defeated) else []
    if group:
        labels.append((f"{len(group) - down} of {len(group)} standing", "state", ""))
    labels += [(HIDDEN_LABEL, "hidden", "")] if row.hidden else []
    labels += [(c + CLEAR_MARK, "condition", c) for c in row.conditions]
    if stats and (count := adversaries.spotlight_text(row)):
        labels.append((count, "state", ""))
    if stats and (slow := adversaries.slow_text(row)):
        labels.append((slow, "warning" if row.slow_tokens <= 0 else "state", ""))
    if labels:
        lay.chips, y = _chip_flow(labels, bold_small_fm, x, y, inner)
        if (note := _condition_note(lay.chips, row.conditions, x + inner, fonts)) is not None:
            lay.chips.append(note)
    else:
        # The row the first chip will take (the spotlight, DEFEATED, a condition) is kept
        # empty, so that gaining one does not push every card below it down under the cursor.
        y += bold_small_fm.height() + 4
    y += GAP

    def add(spans: list[tuple[str, QFont]], indent: int = 0, gap: int = GAP) -> Paragraph:
        nonlocal y
        para = _paragraph(spans, inner, QPoint(x, y), indent)
        lay.paragraphs.append(para)
        y += para.height + gap
        return para

    def rule() -> None:
        nonlocal y
        y += RULE_GAP - GAP
        lay.rules.append(y)
        y += RULE_GAP

    if stats and stats.description and not compact:
        add([(stats.description, fonts.italic)])
    if stats and stats.motives and not compact:
        add([("Motives & tactics: ", fonts.bold), (stats.motives, fonts.body)])
    if stats and not compact:
        rule()
        add([(" · ".join(_keep_together(p) for p in stat_line(stats).split(" · ")), fonts.body)])
        lay.paragraphs[-1].text = stat_line(stats)

    # Pip tracks share one label column so the rows of boxes line up.
    biggest = max(row.hp_max, row.stress_max, pc.armor if pc else 0, 1)
    words = ("HP", "Stress", "Armor") if pc else ("HP", "Stress")
    label_w = max(bold_small_fm.horizontalAdvance(f"{w} {biggest}/{biggest} marked")
                  for w in words)
    # "marked", as everywhere in the window: a track counts what is marked, as the text does
    lay.hp_text = f"HP {row.hp_marked}/{row.hp_max} marked"
    lay.stress_text = f"Stress {row.stress_marked}/{row.stress_max} marked"
    if group:  # a box per Minion: any damage defeats one, so HP is all or nothing
        lay.hp_text, lay.stress_text = f"Defeated {down} of {len(group)}", ""
        label_w = bold_small_fm.horizontalAdvance(f"Defeated {len(group)} of {len(group)}")
        lay.hp_label, lay.hp_pips, y = _track(lay.hp_text, len(group), x, y, label_w, inner,
                                              small_fm)
    else:
        lay.hp_label, lay.hp_pips, y = _track(lay.hp_text, row.hp_max, x, y, label_w, inner,
                                              small_fm)
        y += 4
        lay.stress_label, lay.stress_pips, y = _track(lay.stress_text, row.stress_max, x, y,
                                                      label_w, inner, small_fm)
    if pc is not None:
        if pc.armor:
            lay.armor_text = f"Armor {pc.armor_marked}/{pc.armor} marked"
            lay.armor_label, lay.armor_pips, y = _track(lay.armor_text, pc.armor, x, y + 4,
                                                        label_w, inner, small_fm)
        lay.hope_text = f"Hope {pc.hope}/{pc_tracks.HOPE_MAX}"
        lay.hope_label, lay.hope_pips, y = _track(lay.hope_text, pc_tracks.HOPE_MAX, x, y + 4,
                                                  label_w, inner, small_fm)
    y += GAP
    if pc is not None:
        rule()
        add([(pc.thresholds_text(), fonts.small)])

    if stats:
        rule()
        button_w = body_fm.horizontalAdvance(ATTACK_LABEL) + 28
        button_h = body_fm.height() + 10
        attack_stats = adversaries.current_stats(row)  # a Horde past half HP deals its Horde dice
        assert attack_stats is not None, "a row with a stat block has its current stats"
        head, *rest = (_keep_together(p) for p in _attack_parts(attack_stats))
        spans = [(head, fonts.bold)] + [(f" · {p}", fonts.body) for p in rest]
        para = _paragraph(spans, inner - button_w - 8, QPoint(x, y))
        para.text = attack_line(attack_stats)
        line_h = max(para.height, button_h)
        para.origin = QPoint(x, y + (line_h - para.height) // 2)
        lay.paragraphs.append(para)
        lay.attack_button = QRect(width - MARGIN - button_w, y + (line_h - button_h) // 2,
                                  button_w, button_h)
        y += line_h + GAP
        lay.horde_note = adversaries.horde_note(row) or ""
        if lay.horde_note:
            head, _, why = lay.horde_note.partition(": ")
            add([(f"{head}: ", fonts.small_bold), (why, fonts.small)])
        if stats.experiences and not compact:
            text = ", ".join(str(e) for e in stats.experiences)
            add([("Experience: ", fonts.bold), (text, fonts.body)])
        if stats.features and not compact:
            rule()
            heading_h = bold_small_fm.height()
            lay.features_heading = QRect(x, y, inner, heading_h)
            y += heading_h + 4
            badge_w = bold_small_fm.horizontalAdvance(FEAR_LABEL) + 2 * CHIP_PAD
            use_w = bold_small_fm.horizontalAdvance(USE_LABEL) + 2 * CHIP_PAD + 4
            badge_h = bold_small_fm.height() + 2
            for feature in stats.features:
                uses = rollable(feature)
                indent = (use_w + 6 if uses else 0) + (badge_w + 6 if feature.fear else 0)
                para = add([(feature.name, fonts.bold), (f" — {feature.kind}: ", fonts.italic),
                            (feature.text, fonts.body)], indent)
                first = para.layout.lineAt(0).height() if para.layout.lineCount() else 0
                top, left = para.origin.y() + round(first - badge_h) // 2, x
                if feature.fear:
                    para.text = f"[{FEAR_LABEL}] {para.text}"
                if uses:
                    para.text = f"[{USE_LABEL}] {para.text}"
                    lay.use_buttons.append(QRect(left, top, use_w, badge_h))
                    lay.use_features.append(feature.name)
                    left += use_w + 6
                if feature.fear:
                    lay.fear_badges.append(QRect(left, top, badge_w, badge_h))
                    lay.fear_features.append(feature.name)
    lay.height = y - GAP + MARGIN
    return lay
