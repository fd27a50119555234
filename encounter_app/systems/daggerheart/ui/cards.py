"""Adversary cards: a list view that paints each adversary like a printed stat block.

One delegate paints every card (no widget per card); the geometry comes from
``card_layout.card_layout`` so painting and clicking agree. The delegate never changes data: it
emits ``marks_requested``, ``attack_requested`` and ``condition_clear_requested``, the view adds
``menu_requested``, and the main window turns them into undo commands. The keys of the chosen
card (A, Enter, D, Shift+N, the Menu key) are the window's: they act on the combatant chosen
last in the order or among the cards (ui/shell/chosen.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionButton,
    QStyleOptionViewItem,
    QToolTip,
    QWidget,
)

from encounter_app.domain import adversaries
from encounter_app.domain.adversaries import Refused, current_stats
from encounter_app.domain.rows import CombatantRow
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.conditions import SAME_DOES_NOT_STACK, condition_text
from encounter_app.systems.daggerheart.services.features import use_of
from encounter_app.systems.daggerheart.ui.card_layout import (
    ATTACK_LABEL,
    CARD_WIDTH,
    FEAR_LABEL,
    MARGIN,
    USE_LABEL,
    CardLayout,
    Chip,
    attack_line,
    card_layout,
)
from encounter_app.ui.fight.models import ActiveRole, RowRole
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.listviews import PaintedListView
from encounter_app.ui.widgets.pips import clicked_pip, fill_rect, paint_pips, toggled_count

AnyIndex = QModelIndex | QPersistentModelIndex
# The row (or its id when it cannot be hashed), has the spotlight, card width, font.key().
# row, active, width, font, compact, a group card's count and how many are down
_CardKey = tuple[CombatantRow | int, bool, int, str, bool, tuple[int, int] | tuple[()]]
CHIP_TIPS = {
    "hidden": "Not on the player display: select it and press H (Players menu) to show it",
    "condition": "{condition}: click to clear it (right-click the card for more)",
    "state": "Spotlights this GM turn (Relentless (X) allows X, others once), and Slow tokens."
             " End GM turn resets the spotlights.",
    "warning": "Slow: spotlighting it without a token only places one; with a token it clears"
               " the token and acts.",
}
MIN_CARD_WIDTH = 330  # narrower and the attack line wraps inside its damage
COMPACT_CARD_WIDTH = 290  # a compact card has only its tracks and attack: two to a laptop's row
ACTIVE_FRAME = 4  # pixels: the spotlight frame, thick enough to see across the table
DEFEATED_OPACITY = 0.4
CACHE_LIMIT = 256  # laid-out cards: more than a screen shows
HEIGHT_LIMIT = 8192  # card heights: every card of a very big fight
BATCH = 8  # cards placed per pass of a batched layout: more than a window shows


def _down(layout: CardLayout) -> bool:
    """The card is DEFEATED (a group card: every Minion on it)."""
    return any(chip.kind == "defeated" for chip in layout.chips)


def _crisp(rect: QRect) -> QRectF:
    """A half-pixel inset keeps a 1 px antialiased outline on whole pixels."""
    return QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5)


def _use_tip(row: CombatantRow, feature: str, down: bool) -> str:
    """What a feature's Use button does, in words."""
    if down:
        return f"Defeated: {feature} is out of the fight"
    try:
        use = use_of(row, feature)
    except Refused as refused:
        return str(refused)
    return f"Use {use.words()} (one click: its cost, its roll, the marks; one undo step)"


class _PaletteOnly:
    """Stands in for a widget when Qt paints without one: theme.py only asks for a palette."""

    def __init__(self, palette: QPalette) -> None:
        self._palette = palette

    def palette(self) -> QPalette:
        return self._palette


class AdversaryCardDelegate(QStyledItemDelegate):
    """Paints an adversary card per row and turns clicks on it into requests."""

    marks_requested = Signal(int, int, int)  # combatant id, new HP marked, new Stress marked
    track_requested = Signal(int, str, int)  # a tracked PC's id, "armor" or "hope", new count
    attack_requested = Signal(int)  # combatant id
    condition_clear_requested = Signal(int, str)  # combatant id, condition
    fear_feature_requested = Signal(int, str)  # combatant id, the Fear feature's name
    feature_requested = Signal(int, str)  # combatant id, the rollable feature's name (Use)
    group_requested = Signal(int, int)  # a group card's first Minion's id, how many defeated

    def __init__(self, parent: QWidget | None = None, *, card_width: int = CARD_WIDTH) -> None:
        super().__init__(parent)
        self.card_width = card_width
        self.compact = False  # every card as a compact one (AdversaryCardsView.set_compact)
        self.compact_ids: set[int] = set()  # cards made compact one by one (their ids)
        # A group card's first Minion's id -> the cards of every Minion on it (the view's).
        self.groups: dict[int, list[QPersistentModelIndex]] = {}
        self._group_rows: dict[int, tuple[tuple[CombatantRow, ...], bool]] = {}
        self._cache: dict[_CardKey, CardLayout] = {}  # least recently used first
        self._heights: dict[_CardKey, int] = {}
        self._pressed: QPersistentModelIndex | None = None  # whose Attack button is held down
        # Before the cards are first on screen (AdversaryCardsView.doItemsLayout): the height
        # of cards still to lay out that fills the view, and the cards given a stand-in height
        # below it.
        self.room: int | None = None
        self.columns = 1
        self.stood_in = 0
        self._placed: list[int] = []  # the heights laid out against ``room``

    # -- geometry --------------------------------------------------------------------------

    def layout_for(self, index: AnyIndex, font: QFont) -> CardLayout | None:
        row = index.data(RowRole)
        if not isinstance(row, CombatantRow):
            return None
        key, group = self._key(index, row, font)
        layout = self._cache.pop(key, None)
        if layout is None:
            if len(self._cache) >= CACHE_LIMIT:
                del self._cache[next(iter(self._cache))]  # the least recently used
            layout = card_layout(row, self.card_width, font, active=key[1],
                                 compact=key[4], group=group)
            self._heights[key] = layout.height
        self._cache[key] = layout  # last: the most recently used
        return layout

    def group_of(self, row: CombatantRow) -> tuple[tuple[CombatantRow, ...], bool]:
        """The Minions on ``row``'s group card (none when it is a card of its own), and
        whether one of them is in the spotlight."""
        if row.id is None or not (found := self.groups.get(row.id)):
            return (), False
        known = self._group_rows.get(row.id)
        if known is None:  # read once until a row changes (the view forgets them then)
            members, active = [], False
            for card in found:
                member = card.data(RowRole) if card.isValid() else None
                if isinstance(member, CombatantRow):
                    members.append(member)
                    active = active or bool(card.data(ActiveRole))
            known = self._group_rows[row.id] = (tuple(members), active)
        return known

    def forget_group_rows(self) -> None:
        """A row changed or moved: group cards read their Minions again."""
        self._group_rows.clear()

    def compact_for(self, row: CombatantRow) -> bool:
        return self.compact or row.id in self.compact_ids

    def _key(self, index: AnyIndex, row: CombatantRow, font: QFont
             ) -> tuple[_CardKey, tuple[CombatantRow, ...]]:
        group, group_active = self.group_of(row)
        active = bool(index.data(ActiveRole)) or group_active
        compact = self.compact_for(row)
        # A group card shows its count and how many are down: that, not every Minion's row
        # (hashing ninety rows on each size asked for would slow every drag in a big fight).
        shape = (len(group), sum(m.defeated for m in group)) if group else ()
        # font.key(), not the font: a style option's font dies with the option.
        try:
            key: _CardKey = (row, active, self.card_width, font.key(), compact, shape)
            hash(key)
        except TypeError:  # a row holding something unhashable: cache by identity instead
            key = (id(row), active, self.card_width, font.key(), compact, shape)
        return key, group

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        # QListView asks every card its size on each layout, and a big fight has more cards
        # than the layout cache holds: heights are kept for every card (an int each).
        row = index.data(RowRole)
        if not isinstance(row, CombatantRow):
            return QSize(self.card_width, 0)
        key, _group = self._key(index, row, option.font)
        height = self._heights.get(key)
        if height is None:
            if self.room is not None and self.room <= 0 and len(self._placed) % self.columns == 0:
                # Below the first screen, before it is painted: no one sees this card yet, and
                # laying it out is 4-5 M instructions. A stand-in height until the layout
                # after the first paint (only whole rows of cards stand in).
                self.stood_in += 1
                return QSize(self.card_width, sum(self._placed) // len(self._placed))
            if len(self._heights) >= HEIGHT_LIMIT:
                self._heights.clear()  # rows are values: every edit makes a new key
            layout = self.layout_for(index, option.font)
            height = self._heights[key] = layout.height if layout else 0
            if self.room is not None:
                self.room -= height
                self._placed.append(height)
        return QSize(self.card_width, height)

    def fill_first_screen(self, room: int | None, columns: int = 1) -> None:
        """Lay out real cards only until ``room`` (the view's height times its columns) is
        filled, in whole rows; the rest stand in (see ``sizeHint``). None: every card real."""
        self.room, self.columns, self.stood_in, self._placed = room, max(1, columns), 0, []

    def acting_id(self, index: AnyIndex) -> int | None:
        """Who a card's Attack, Damage and Spotlight act on: its combatant, or on a group
        card the first Minion still standing."""
        row = index.data(RowRole)
        if not isinstance(row, CombatantRow):
            return None
        group, _active = self.group_of(row)
        standing = next((m for m in group if not m.defeated), None)
        return standing.id if standing is not None else row.id

    # -- painting --------------------------------------------------------------------------

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        row, layout = index.data(RowRole), self.layout_for(index, option.font)
        if layout is None:
            return
        widget = option.widget
        holder = widget if widget is not None else _PaletteOnly(option.palette)
        palette = option.palette
        paper, rule = theme.card_background(holder), theme.rule_colour(holder)
        text = palette.color(QPalette.ColorRole.Text)
        if theme.is_dark(holder) != (text.lightness() > 128):
            text = QColor("#f0ece4") if theme.is_dark(holder) else QColor("#1e1b18")
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        card = QRect(0, 0, layout.width, layout.height)

        painter.save()
        painter.translate(option.rect.topLeft())
        painter.setClipRect(card)
        if _down(layout):
            painter.setOpacity(DEFEATED_OPACITY)
        fill_rect(painter, card, paper)

        band = QPalette.ColorRole.Highlight if selected else None
        fill_rect(painter, layout.header, palette.color(band) if band else rule)
        painter.setPen(palette.color(QPalette.ColorRole.HighlightedText) if band else paper)
        inner = layout.header.adjusted(MARGIN, 0, -MARGIN, 0)
        painter.setFont(layout.fonts.title)
        painter.drawText(inner, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                         layout.name)
        painter.setFont(layout.fonts.body)
        painter.drawText(inner, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                         layout.tier)

        for chip in layout.chips:
            if chip.kind != "defeated":
                self._paint_chip(painter, layout, chip, text, rule)

        painter.setPen(rule)
        for y in layout.rules:
            painter.drawLine(MARGIN, y, layout.width - MARGIN, y)
        if layout.features_heading is not None:
            painter.setFont(layout.fonts.small_bold)
            painter.drawText(layout.features_heading, Qt.AlignmentFlag.AlignLeft, "FEATURES")

        painter.setPen(text)
        for para in layout.paragraphs:
            para.layout.draw(painter, QPointF(para.origin))
        for badge in layout.fear_badges:
            self._paint_badge(painter, layout, badge, FEAR_LABEL, theme.FEAR, QColor("white"))
        for rect in layout.use_buttons:
            self._paint_button(painter, option, rect, USE_LABEL, layout.fonts.small_bold,
                               enabled=not _down(layout))

        group, _active = self.group_of(row)
        self._paint_track(painter, layout, layout.hp_label, layout.hp_text, layout.hp_pips,
                          sum(m.defeated for m in group) if group else row.hp_marked,
                          theme.HP, text)
        self._paint_track(painter, layout, layout.stress_label, layout.stress_text,
                          layout.stress_pips, row.stress_marked, theme.STRESS, text)
        if layout.armor_pips or layout.hope_pips:  # a tracked PC
            pc = pc_tracks.tracks(row)
            self._paint_track(painter, layout, layout.armor_label, layout.armor_text,
                              layout.armor_pips, pc.armor_marked, theme.ARMOR, text)
            self._paint_track(painter, layout, layout.hope_label, layout.hope_text,
                              layout.hope_pips, pc.hope, theme.HOPE, text)
        if layout.attack_button is not None:
            self._paint_attack_button(painter, option, layout.attack_button, index,
                                      _down(layout))

        if bool(index.data(ActiveRole)):
            pen = QPen(theme.ACTIVE, ACTIVE_FRAME)
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(pen)
            half = ACTIVE_FRAME // 2
            painter.drawRect(card.adjusted(half, half, -half, -half))
        elif selected:  # the header band shows the selection too, so it is not colour alone
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2))
            painter.drawRect(card.adjusted(1, 1, -1, -1))
        else:
            painter.setPen(QPen(rule, 1))
            painter.drawRect(card.adjusted(0, 0, -1, -1))

        painter.setOpacity(1.0)  # the DEFEATED label stays fully readable on the greyed card
        for chip in layout.chips:
            if chip.kind == "defeated":
                self._paint_chip(painter, layout, chip, text, rule)
        painter.restore()

    def _paint_chip(self, painter: QPainter, layout: CardLayout, chip: Chip, text: QColor,
                    rule: QColor) -> None:
        if chip.kind == "spotlight":
            self._paint_badge(painter, layout, chip.rect, chip.text, theme.ACTIVE, QColor("black"))
        elif chip.kind == "defeated":
            self._paint_badge(painter, layout, chip.rect, chip.text, theme.HP, QColor("white"))
        elif chip.kind == "warning":
            self._paint_badge(painter, layout, chip.rect, chip.text, theme.TRIGGERED,
                              QColor("white"))
        elif chip.kind == "note":  # the SRD's words for its conditions, plain italic text
            painter.save()
            painter.setPen(text)
            font = QFont(layout.fonts.small)
            font.setItalic(True)
            painter.setFont(font)
            painter.drawText(chip.rect, Qt.AlignmentFlag.AlignLeft
                             | Qt.AlignmentFlag.AlignVCenter, chip.text)
            painter.restore()
        else:  # a condition (outlined, click to clear) or a state (tinted, for reading only)
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(rule, 1))
            tint = QColor(rule)
            tint.setAlpha(48)
            painter.setBrush(tint if chip.kind in ("state", "hidden") else Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(_crisp(chip.rect), 4, 4)
            painter.setPen(text)
            painter.setFont(layout.fonts.small)
            painter.drawText(chip.rect, Qt.AlignmentFlag.AlignCenter, chip.text)
            painter.restore()

    def _paint_badge(self, painter: QPainter, layout: CardLayout, rect: QRect, label: str,
                     fill: QColor, ink: QColor) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(_crisp(rect), 4, 4)
        painter.setPen(ink)
        painter.setFont(layout.fonts.small_bold)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
        painter.restore()

    def _paint_track(self, painter: QPainter, layout: CardLayout, label: QRect, text: str,
                     pips: list[QRect], filled: int, colour: QColor, ink: QColor) -> None:
        painter.setPen(ink)
        painter.setFont(layout.fonts.small_bold)
        painter.drawText(label, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
        paint_pips(painter, pips, filled, colour, ink)

    def _paint_attack_button(self, painter: QPainter, option: QStyleOptionViewItem,
                             rect: QRect, index: AnyIndex, down: bool) -> None:
        pressed = self._pressed is not None and self._pressed == QPersistentModelIndex(index)
        self._paint_button(painter, option, rect, ATTACK_LABEL, option.font, enabled=not down,
                           sunken=pressed)

    @staticmethod
    def _paint_button(painter: QPainter, option: QStyleOptionViewItem, rect: QRect,
                      label: str, font: QFont, *, enabled: bool, sunken: bool = False) -> None:
        """A push button drawn by the style, as the window's own buttons look."""
        button = QStyleOptionButton()
        button.rect = rect
        button.text = label
        button.palette = option.palette
        button.fontMetrics = QFontMetrics(font)
        button.direction = option.direction
        state = QStyle.StateFlag.State_Raised
        if enabled:
            state |= QStyle.StateFlag.State_Enabled
        if sunken:
            state |= QStyle.StateFlag.State_Sunken
        button.state = state
        style = option.widget.style() if option.widget is not None else QApplication.style()
        painter.save()
        painter.setFont(font)
        style.drawControl(QStyle.ControlElement.CE_PushButton, button, painter, option.widget)
        painter.restore()

    # -- input -----------------------------------------------------------------------------

    def request_attack(self, index: AnyIndex) -> bool:
        """Ask for the card's attack; a defeated adversary does not attack. True if asked."""
        row = index.data(RowRole)
        acting = self.acting_id(index)
        if not isinstance(row, CombatantRow) or acting is None or not row.stats:
            return False
        group, _active = self.group_of(row)
        if all(m.defeated for m in group) if group else row.defeated:
            return False
        self.attack_requested.emit(acting)
        return True

    def editorEvent(self, event: QEvent, model: QAbstractItemModel, option: QStyleOptionViewItem,
                    index: AnyIndex) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease,
                        QEvent.Type.MouseButtonDblClick):
            return False
        assert isinstance(event, QMouseEvent)
        row, layout = index.data(RowRole), self.layout_for(index, option.font)
        if layout is None or event.button() != Qt.MouseButton.LeftButton or row.id is None:
            return False
        point: QPoint = event.position().toPoint() - option.rect.topLeft()
        on_button = layout.attack_button is not None and layout.attack_button.contains(point)
        chip = self.condition_at(layout, point)
        down = _down(layout)
        if kind == QEvent.Type.MouseButtonPress:
            if on_button and not down:
                self._pressed = QPersistentModelIndex(index)
                self._repaint(option)
            return False  # let the view select the card as usual
        feature = self.fear_feature_at(layout, point)
        used = self.use_at(layout, point)
        if kind == QEvent.Type.MouseButtonDblClick:
            # The first click already acted, and QAbstractItemView forgets the pressed index on
            # a double click, so the release after it reaches no delegate: one action, not two.
            return (on_button or chip is not None or feature is not None or used is not None
                    or self._pip_at(layout, point) is not None)
        if self._pressed is not None:
            self._pressed = None
            self._repaint(option)
        if on_button:
            if not down:
                self.request_attack(index)
            return True
        if chip is not None:
            self.condition_clear_requested.emit(row.id, chip.condition)
            return True
        if used is not None:  # a Use button, or the FEAR badge of a feature that rolls
            acting = self.acting_id(index)
            if not down and acting is not None:
                self.feature_requested.emit(acting, used)
            return True
        if feature is not None:
            self.fear_feature_requested.emit(row.id, feature)
            return True
        hit = self._pip_at(layout, point)
        if hit is None:
            return False
        track, i = hit
        group, _active = self.group_of(row)
        if group:  # a Minion group card: its boxes count the defeated
            self.group_requested.emit(row.id, toggled_count(sum(m.defeated for m in group), i))
        elif track == "hp":
            self.marks_requested.emit(row.id, toggled_count(row.hp_marked, i), row.stress_marked)
        elif track == "stress":
            self.marks_requested.emit(row.id, row.hp_marked, toggled_count(row.stress_marked, i))
        else:
            pc = pc_tracks.tracks(row)
            now = pc.armor_marked if track == "armor" else pc.hope
            self.track_requested.emit(row.id, track, toggled_count(now, i))
        return True

    @staticmethod
    def fear_feature_at(layout: CardLayout, point: QPoint) -> str | None:
        """The Fear feature whose FEAR badge is under ``point``: clicking it spends the Fear."""
        return next((name for rect, name in zip(layout.fear_badges, layout.fear_features,
                                                strict=True) if rect.contains(point)), None)

    @staticmethod
    def use_at(layout: CardLayout, point: QPoint) -> str | None:
        """The rollable feature whose Use button (or FEAR badge) is under ``point``."""
        found = next((name for rect, name in zip(layout.use_buttons, layout.use_features,
                                                 strict=True) if rect.contains(point)), None)
        if found is None:
            found = next((name for rect, name in zip(layout.fear_badges, layout.fear_features,
                                                     strict=True)
                          if rect.contains(point) and name in layout.use_features), None)
        return found

    @staticmethod
    def condition_at(layout: CardLayout, point: QPoint) -> Chip | None:
        """The condition chip under ``point`` (card coordinates): clicking it clears it."""
        return next((c for c in layout.chips if c.kind == "condition" and c.rect.contains(point)),
                    None)

    @staticmethod
    def _pip_at(layout: CardLayout, point: QPoint) -> tuple[str, int] | None:
        for track, rects in (("hp", layout.hp_pips), ("stress", layout.stress_pips),
                             ("armor", layout.armor_pips), ("hope", layout.hope_pips)):
            i = clicked_pip(rects, point)
            if i >= 0:
                return track, i
        return None

    @staticmethod
    def _repaint(option: QStyleOptionViewItem) -> None:
        widget = option.widget
        if isinstance(widget, QAbstractItemView):
            widget.viewport().update(option.rect)

    def forget_press(self) -> bool:
        """Raise a held-down Attack button (the mouse was released elsewhere). True if one was."""
        pressed, self._pressed = self._pressed, None
        return pressed is not None

    def helpEvent(self, event: QHelpEvent, view: QAbstractItemView,
                  option: QStyleOptionViewItem, index: AnyIndex) -> bool:
        row, layout = index.data(RowRole), self.layout_for(index, option.font)
        if event.type() != QEvent.Type.ToolTip or layout is None:
            return super().helpEvent(event, view, option, index)
        point = event.pos() - option.rect.topLeft()
        tip = ""
        chip = next((c for c in layout.chips if c.rect.contains(point)), None)
        if layout.attack_button is not None and layout.attack_button.contains(point):
            stats = current_stats(row)
            assert stats is not None, "only a card with a stat block has an Attack button"
            tip = "Defeated: no attack" if _down(layout) else f"Roll {attack_line(stats)} (key A)"
        elif chip is not None and chip.kind == "note" and isinstance(row, CombatantRow):
            tip = "\n".join(f"{c}: {words}" for c in row.conditions
                             if (words := condition_text(c))) + f"\n{SAME_DOES_NOT_STACK}"
        elif chip is not None and chip.kind in CHIP_TIPS:
            tip = CHIP_TIPS[chip.kind].format(condition=chip.condition)
            if chip.kind == "condition" and (words := condition_text(chip.condition)):
                tip = f"{chip.condition}: {words} {SAME_DOES_NOT_STACK}\n{tip}"
        elif (used := self.use_at(layout, point)) is not None and isinstance(row, CombatantRow):
            tip = _use_tip(row, used, _down(layout))
        elif (feature := self.fear_feature_at(layout, point)) is not None:
            tip = f"Click to spend a Fear on {feature} (the Fear ledger names it)"
        elif (hit := self._pip_at(layout, point)) is not None:
            tip = ("Click to mark up to this box; click the last marked box to clear it"
                   f" ({'HP' if hit[0] == 'hp' else 'Stress'})")
        elif isinstance(row, CombatantRow) and self.compact_for(row):
            # a compact card leaves out the stat block: here it is whole
            tip = card_layout(row, self.card_width, option.font).text
        if not tip:
            return super().helpEvent(event, view, option, index)
        QToolTip.showText(event.globalPos(), tip, view)
        return True


class AdversaryCardsView(PaintedListView):
    """The wrapping grid of adversary cards. Select a card and press A (or Enter) to attack."""

    marks_requested = Signal(int, int, int)  # combatant id, new HP marked, new Stress marked
    track_requested = Signal(int, str, int)  # a tracked PC's id, "armor" or "hope", new count
    attack_requested = Signal(int)  # combatant id
    condition_clear_requested = Signal(int, str)  # combatant id, condition
    fear_feature_requested = Signal(int, str)  # combatant id, the Fear feature's name
    feature_requested = Signal(int, str)  # combatant id, the rollable feature's name (Use)
    menu_requested = Signal(int, QPoint)  # combatant id, where to open it (global)
    group_requested = Signal(int, int)  # a group card's first Minion's id, how many defeated
    EMPTY_HINT = "No adversaries in this encounter. Add one from the initiative list."
    _painted = False  # the cards have been on screen (see doItemsLayout)
    _scrolling = False  # scrollTo is laying the cards out (see doItemsLayout)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.EMPTY_HINT, parent)
        self.setObjectName("adversaryCards")
        self.setAccessibleName("Adversary cards")
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setSpacing(8)
        # Cards differ in height, so QListView asks every card its size before it can place
        # any. Batched: it places the first batch (more than a window shows), paints, and goes
        # on between events, so a fight of 1000 adversaries opens as fast as one of ten
        # (docs/performance.md).
        self.setLayoutMode(QListView.LayoutMode.Batched)
        self.setBatchSize(BATCH)
        # The grid is laid out again when its columns or the cards' width change (_fit_cards),
        # not on every resize: with Adjust, the scroll bar's arrival after the first cards were
        # placed laid them all out again and painted the window a second time.
        self.setResizeMode(QListView.ResizeMode.Fixed)
        self.setWordWrap(False)
        self._columns = 0
        # A window narrower than one card scrolls sideways rather than cutting the card.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.verticalScrollBar().setSingleStep(24)
        self.delegate = AdversaryCardDelegate(self)
        self.setItemDelegate(self.delegate)
        self.delegate.marks_requested.connect(self.marks_requested)
        self.delegate.track_requested.connect(self.track_requested)
        self.delegate.attack_requested.connect(self.attack_requested)
        self.delegate.condition_clear_requested.connect(self.condition_clear_requested)
        self.delegate.fear_feature_requested.connect(self.fear_feature_requested)
        self.delegate.feature_requested.connect(self.feature_requested)
        self.delegate.group_requested.connect(self.group_requested)
        self.group_minions = True  # Minions of one kind on one card (View › Group Minions)
        # Every Minion's card by kind, as persistent indexes: they follow their rows through
        # every insertion, removal and move, so only a Minion coming or moving means looking
        # at the groups again, and then only at the Minions (a drag in a fight of 1000 stays
        # one frame).
        self._kinds: dict[adversaries.MinionKind, list[QPersistentModelIndex]] = {}
        self._hidden: list[QPersistentModelIndex] = []  # cards behind their group's card
        self._member_ids: set[int | None] = set()  # every grouped Minion's id

    def setModel(self, model: QAbstractItemModel | None) -> None:
        super().setModel(model)
        if model is not None:
            model.modelReset.connect(self.regroup)
            model.layoutChanged.connect(self.regroup)
            model.rowsInserted.connect(self._inserted)
            model.rowsRemoved.connect(self._arrange)
            model.rowsMoved.connect(self._moved)
        self.regroup()

    # -- Minion groups ---------------------------------------------------------------------

    def set_group_minions(self, grouped: bool) -> None:
        if grouped != self.group_minions:
            self.group_minions = grouped
            self.regroup()

    def regroup(self, *_args: object) -> None:
        """Find every Minion again (a new model, a reset, grouping turned on or off)."""
        model = self.model()
        self._kinds = {}
        if model is not None and self.group_minions:
            card_rows = getattr(model, "card_rows", None)  # fast: no index per card
            rows = (card_rows() if card_rows is not None
                    else [model.index(r, 0).data(RowRole) for r in range(model.rowCount())])
            for place, row in enumerate(rows):
                if (kind := adversaries.minion_kind(row)) is not None:
                    self._kinds.setdefault(kind, []).append(
                        QPersistentModelIndex(model.index(place, 0)))
        self._arrange()

    def _inserted(self, _parent: AnyIndex, first: int, last: int) -> None:
        model = self.model()
        if model is None or not self.group_minions:
            return
        found = False
        for place in range(first, last + 1):
            kind = adversaries.minion_kind(model.index(place, 0).data(RowRole))
            if kind is not None:
                self._kinds.setdefault(kind, []).append(
                    QPersistentModelIndex(model.index(place, 0)))
                found = True
        if found:
            self._arrange()

    def _moved(self, _parent: AnyIndex, start: int, end: int, _destination: AnyIndex,
               row: int) -> None:
        landed = row if row < start else row - (end - start + 1)
        moved = {QPersistentModelIndex(self.model().index(r, 0))
                 for r in range(landed, landed + end - start + 1)}
        if any(card in moved for cards in self._kinds.values() for card in cards):
            self._arrange()  # a Minion moved: the first of its kind may be another

    def _arrange(self, *_args: object) -> None:
        """Each kind of two or more Minions: the first in the order shows the group, the
        others are hidden behind it; a Minion that left its kind's card shows its own."""
        groups: dict[int, list[QPersistentModelIndex]] = {}
        hidden: list[QPersistentModelIndex] = []
        for kind, cards in list(self._kinds.items()):
            cards = sorted((c for c in cards if c.isValid()), key=lambda c: c.row())
            self._kinds[kind] = cards
            if len(cards) < 2:
                continue
            lead = cards[0].data(RowRole)
            if isinstance(lead, CombatantRow) and lead.id is not None:
                groups[lead.id] = list(cards)  # a copy: _kinds grows in place
                hidden += cards[1:]
        old = self.delegate.groups
        if groups == old:
            return  # nothing moved among the Minions, or no group before or after
        if set(groups) == set(old) and all(len(groups[k]) == len(old[k]) for k in groups):
            # The same first Minion and the same count of each kind: only the order behind
            # a group card changed. The hidden rows follow their rows by themselves, and
            # nothing on screen changes (a full repaint here doubled a Minion's drag).
            self.delegate.groups = groups
            self.delegate.forget_group_rows()
            return
        now = {c.row() for c in hidden}
        for card in self._hidden:
            if card.isValid() and card.row() not in now:
                self.setRowHidden(card.row(), False)
        for row in now:
            if not self.isRowHidden(row):
                self.setRowHidden(row, True)
        self._hidden = hidden
        if groups != self.delegate.groups:  # a Minion came, went or is first of its kind now
            self.delegate.groups = groups
            self.delegate.forget_group_rows()
            self._member_ids = {getattr(c.data(RowRole), "id", None)
                                for cards in groups.values() for c in cards}
        self.viewport().update()

    def shown(self, card: QModelIndex) -> QModelIndex:
        """The card that shows ``card``: itself, or the group card it is hidden behind."""
        if not card.isValid() or not self.isRowHidden(card.row()):
            return card
        for members in self.delegate.groups.values():
            if any(m.row() == card.row() for m in members):
                return card.model().index(members[0].row(), 0)
        return card

    def acting_id(self, index: AnyIndex) -> int | None:
        return self.delegate.acting_id(index)

    def set_card_compact(self, combatant_id: int, compact: bool) -> None:
        """One card compact (or whole again) while the others stay as they are."""
        ids = self.delegate.compact_ids
        if compact != (combatant_id in ids):
            (ids.add if compact else ids.discard)(combatant_id)
            self.setLayoutMode(QListView.LayoutMode.SinglePass)  # the card in view stays
            self.scheduleDelayedItemsLayout()
            self.viewport().update()

    def set_compact(self, compact: bool) -> None:
        """Every card compact (name, chips, tracks, attack) or whole; the card in view stays."""
        if compact == self.delegate.compact:
            return
        keep = self.currentIndex() if self.currentIndex().isValid() else self.indexAt(
            self.viewport().rect().topLeft() + QPoint(8, 8))
        self.delegate.compact = compact
        self._fit_cards()  # compact cards are narrower: more of them to a row
        self.setLayoutMode(QListView.LayoutMode.SinglePass)  # then scroll to a placed card
        self.doItemsLayout()
        if keep.isValid():
            self.scrollTo(keep, QAbstractItemView.ScrollHint.PositionAtTop)
        self.viewport().update()

    def card_layout(self, index: AnyIndex) -> CardLayout | None:
        """The geometry the delegate paints and hit-tests, in card coordinates."""
        return self.delegate.layout_for(index, self.font())

    def dataChanged(self, top_left: AnyIndex, bottom_right: AnyIndex,
                    roles: Sequence[int] = ()) -> None:
        super().dataChanged(top_left, bottom_right, roles)
        if self.delegate.groups and self._member_between(top_left.row(), bottom_right.row()):
            self.delegate.forget_group_rows()  # a Minion marked behind its group card
            self.viewport().update()
        if self._kind_changed(top_left.row(), bottom_right.row()):
            self.regroup()
        # A changed row may be taller (a condition chip, the spotlight label). Qt 6.12's QListView
        # re-lays out here by itself, but that is not documented; delayed layouts coalesce, so
        # asking again costs nothing. That layout is done in one pass: a batched one starts
        # from the top with a short scroll range, which pulled the panel away from the card the
        # GM had just marked at the end of it (the heights of unchanged cards are kept, so one
        # pass is cheap).
        self.setLayoutMode(QListView.LayoutMode.SinglePass)
        self.scheduleDelayedItemsLayout()

    def _member_between(self, first: int, last: int) -> bool:
        model = self.model()
        return model is not None and any(
            getattr(model.index(r, 0).data(RowRole), "id", None) in self._member_ids
            for r in range(first, last + 1))

    def _kind_changed(self, first: int, last: int) -> bool:
        """A changed card became a Minion, or another kind of one (its stat block edited)."""
        model = self.model()
        if model is None or not self.group_minions:
            return False
        for place in range(first, last + 1):
            kind = adversaries.minion_kind(model.index(place, 0).data(RowRole))
            card = QPersistentModelIndex(model.index(place, 0))
            was = next((k for k, cards in self._kinds.items() if card in cards), None)
            if kind != was:
                return True
        return False

    def scrollTo(self, index: AnyIndex,
                 hint: QAbstractItemView.ScrollHint = QAbstractItemView.ScrollHint.EnsureVisible
                 ) -> None:
        # A card moved or added since the last layout has no place yet while a batched layout
        # is pending, and scrolling to it would do nothing: lay the cards out first, in one
        # pass (the heights of cards already measured are kept).
        self.setLayoutMode(QListView.LayoutMode.SinglePass)
        self._scrolling = True  # the card scrolled to gets its real place, stand-ins none
        try:
            if getattr(self, "delegate", None) is not None and self.delegate.stood_in:
                self.scheduleDelayedItemsLayout()
            self.executeDelayedItemsLayout()
        finally:
            self._scrolling = False
        self.setLayoutMode(QListView.LayoutMode.Batched)
        super().scrollTo(index, hint)

    def doItemsLayout(self) -> None:
        # Until the cards are first on screen, only those that fill the view are laid out;
        # the rest stand in and are laid out after that first paint (docs/performance.md,
        # issue 28). A view not shown (a test's, a window being built) lays out every card.
        delegate: AdversaryCardDelegate | None = getattr(self, "delegate", None)
        if delegate is not None:  # None while QListView's constructor runs
            first_screen = not (self._painted or self._scrolling) and self.isVisible()
            delegate.fill_first_screen(max(1, self._columns) * self.viewport().height()
                                       if first_screen else None, self._columns)
        super().doItemsLayout()
        # Batched again for what may take long: a new fight, cards added or removed.
        self.setLayoutMode(QListView.LayoutMode.Batched)
        if not self._painted:
            # The first batch fills the window. Until it is on screen, the passes that run
            # before the first paint place one card each: at eight, two or three of them laid
            # out some twenty cards nobody could see yet (docs/performance.md, issue 28).
            self.setBatchSize(1)

    def paintEvent(self, event: QPaintEvent) -> None:
        first = not self._painted
        if first:
            self._painted = True
            self.setBatchSize(BATCH)
        super().paintEvent(event)
        if first and self.delegate.stood_in:
            self.scheduleDelayedItemsLayout()  # the cards that stood in, laid out for real

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_cards()

    def _fit_cards(self) -> None:
        """Share the width among as many columns as fit, so no strip of the view is wasted."""
        room = self.viewport().width()
        bar = self.verticalScrollBar()
        if not bar.isVisible():
            # Keep room for the scroll bar that more cards will bring: otherwise its arrival
            # narrows every card and lays them all out a second time (docs/performance.md).
            room -= self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, bar)
        margin = 2 * self.spacing() + 1  # QListView puts the spacing on both sides of a card
        least = COMPACT_CARD_WIDTH if self.delegate.compact else MIN_CARD_WIDTH
        columns = max(1, room // (least + margin))
        width = max(least, room // columns - margin)
        if width != self.delegate.card_width or columns != self._columns:
            self.delegate.card_width, self._columns = width, columns
            self.scheduleDelayedItemsLayout()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """Right click on a card, or the Menu key on the selected one: ask for its menu."""
        if event.reason() == QContextMenuEvent.Reason.Keyboard:
            index = self.currentIndex()
            rect = self.visualRect(index)
            at = self.viewport().mapToGlobal(rect.topLeft() + QPoint(MARGIN, MARGIN))
        else:
            index = self.indexAt(event.pos())
            at = event.globalPos()
        row = index.data(RowRole) if index.isValid() else None
        if not isinstance(row, CombatantRow) or row.id is None:
            event.ignore()
            return
        self.setCurrentIndex(index)  # the card the menu acts on is the selected one
        self.menu_requested.emit(self.acting_id(index) or row.id, at)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        # A press on an Attack button released over another card never reaches the delegate.
        if self.delegate.forget_press():
            self.viewport().update()
