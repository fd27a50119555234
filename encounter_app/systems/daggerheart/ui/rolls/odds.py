"""The odds preview: before an attack is rolled, its chance to hit each PC and its damage.

It follows the card under the mouse, else the selected card, else the adversary in the
spotlight, passing over a defeated one (it attacks no more; an undo brings it back). The odds
are exact (icepool), computed on the rules thread and kept (OddsCache),
so moving back to a card shows its odds at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QFontMetrics, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.domain.adversaries import attack_targets, current_stats, target_evasion
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.daggerheart.services.odds_cache import OddsCache
from encounter_app.ui.fight.models import RowRole
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.pips import fill_rect

if TYPE_CHECKING:  # icepool loads with it; the odds module is imported where used
    from encounter_app.rules.odds import AttackOdds
    from encounter_app.systems.daggerheart.requests import OddsRequest
    from encounter_app.systems.daggerheart.ui.cards import AdversaryCardsView


FIRST_PREVIEW_MS = 500


def percent(p: float) -> str:
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{p:.0%}"


class DamageChart(QWidget):
    """Bars of the chance of each damage total on a hit; the most likely total is labelled."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oddsChart")
        self.setAccessibleName("Damage distribution")
        self._damage: dict[int, float] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_damage(self, damage: dict[int, float]) -> None:
        self._damage = dict(sorted(damage.items()))
        if damage:
            top = max(damage.values())
            likely = [t for t, p in self._damage.items() if p == top]
            peak = (f"most likely {likely[0]} ({percent(top)})" if len(likely) == 1
                    else f"each total {percent(top)}")
            self.setAccessibleDescription(
                f"Damage on a hit from {min(damage)} to {max(damage)}, {peak}, "
                f"{self.mean():.1f} on average")
        else:
            self.setAccessibleDescription("")
        self.setToolTip(self.accessibleDescription())
        self.update()

    def mean(self) -> float:
        return sum(t * p for t, p in self._damage.items())

    def sizeHint(self) -> QSize:
        return QSize(260, 4 * QFontMetrics(self.font()).height())

    def minimumSizeHint(self) -> QSize:
        return QSize(120, 3 * QFontMetrics(self.font()).height())

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._damage:
            return
        painter = QPainter(self)
        metrics = QFontMetrics(self.font())
        text = self.palette().color(QPalette.ColorRole.WindowText)
        axis_height = metrics.height()
        area = QRectF(self.rect()).adjusted(2, metrics.height(), -2, -axis_height - 2)
        totals = list(self._damage)
        low, high = totals[0], totals[-1]
        slots = high - low + 1
        width = area.width() / slots
        top = max(self._damage.values())
        bar = theme.rule_colour_for(self.palette())
        for total, p in self._damage.items():
            height = area.height() * p / top
            x = area.left() + (total - low) * width
            fill_rect(painter, QRectF(x + 0.5, area.bottom() - height, max(1.0, width - 1),
                                      height), bar)
        painter.setPen(text)
        painter.drawText(QRectF(area.left(), 0, area.width(), metrics.height()),
                         Qt.AlignmentFlag.AlignLeft, "Damage on a hit")
        axis = QRectF(area.left(), area.bottom() + 2, area.width(), axis_height)
        painter.drawText(axis, Qt.AlignmentFlag.AlignLeft, str(low))
        painter.drawText(axis, Qt.AlignmentFlag.AlignHCenter, f"average {self.mean():.1f}")
        painter.drawText(axis, Qt.AlignmentFlag.AlignRight, str(high))
        painter.end()


class OddsPreview(QWidget):
    """``show_for(row)`` previews one adversary's standard attack against every PC."""

    def __init__(self, session: EncounterSession, cache: OddsCache,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oddsPreview")
        self.setAccessibleName("Attack odds")
        self._session, self._cache = session, cache
        self._request: OddsRequest | None = None
        self.title = QLabel(objectName="oddsTitle")
        self.hits = QLabel(objectName="oddsHits")
        self.hits.setWordWrap(True)
        self.hits.setTextFormat(Qt.TextFormat.PlainText)
        self.chart = DamageChart()
        self.chart.setMaximumWidth(480)  # wider bars on a big screen say nothing more
        text = QVBoxLayout()
        text.setContentsMargins(0, 0, 0, 0)
        text.setSpacing(2)
        text.addWidget(self.title)
        text.addWidget(self.hits, 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addLayout(text, 3)
        layout.addWidget(self.chart, 2)
        # One height whatever it shows (a hint, two lines of odds, three with many PCs): it
        # follows the card under the mouse, and a preview that grew moved the cards under it.
        lines = 4 * self.fontMetrics().lineSpacing() + text.spacing() + 4
        self.setFixedHeight(max(lines, self.chart.sizeHint().height() + 4))
        self.show_for(None)

    @property
    def request(self) -> OddsRequest | None:
        return self._request

    def show_for(self, row: CombatantRow | None) -> None:
        """Preview ``row``'s attack (None: say how to get a preview; a defeated one attacks no
        more)."""
        stats = current_stats(row) if row is not None and row.stats is not None else None
        pcs = attack_targets(self._session.combatants)
        if row is None or stats is None or not pcs or row.defeated:
            self._request = None
            self.title.setText("<b>Attack odds</b>")
            self.hits.setText(
                f"{row.name} is defeated: it attacks no more." if row is not None
                and row.defeated else
                "Point at an adversary's card to see its chance to hit each PC."
                if stats is None else "No PC with an Evasion to attack.")
            self.chart.set_damage({})
            return
        # Imported with the first preview, half a second after start: the roll requests'
        # classes are nothing the first paint shows.
        from encounter_app.systems.daggerheart.requests import OddsRequest

        evasions = tuple(target_evasion(p) for p in pcs)
        request = OddsRequest(stats.attack_modifier, evasions, stats.damage)
        attack = stats.attack_name or "Attack"
        self.title.setText(f"<b>{row.name}</b> — {attack} {stats.attack_modifier:+d}, "
                           f"{stats.damage}")
        self.title.setAccessibleName(f"Odds of {row.name}'s {attack}")
        if request == self._request:
            return
        self._request = request
        names = [p.name for p in pcs]
        if not self._cache.ask(request, lambda odds: self._answered(request, names, odds),
                               lambda message: self._failed(request, message)):
            self.hits.setText("Working out the odds…")
            self.chart.set_damage({})

    def _answered(self, request: OddsRequest, names: list[str], odds: AttackOdds) -> None:
        if request != self._request:
            return  # the GM has moved on to another card
        hits = " · ".join(f"{name.split(' (')[0]} {percent(p)}"
                          for name, p in zip(names, odds.hit, strict=True))
        self.hits.setText(f"To hit: {hits}\nCritical (natural 20): {percent(odds.critical)}")
        self.hits.setToolTip(self.hits.text())  # whole, where a big party runs past its lines
        self.hits.setAccessibleName("Chance to hit")
        self.chart.set_damage(odds.damage)

    def _failed(self, request: OddsRequest, message: str) -> None:
        if request == self._request:
            self.hits.setText(f"No odds for this attack: {message}")
            self.chart.set_damage({})


class OddsFollower(QObject):
    """Points the preview at the card under the mouse, else the selected card, else the
    adversary in the spotlight, the first of them still standing (a group card's first
    Minion standing); and previews again when the fight changes."""

    def __init__(self, preview: OddsPreview, cards: AdversaryCardsView,
                 session: EncounterSession) -> None:
        super().__init__(preview)
        self._preview, self._cards, self._session = preview, cards, session
        # The card, not its row: the row it acts on changes as its Minions fall, and an undo
        # brings a defeated one back.
        self._hovered: QPersistentModelIndex | None = None
        cards.setMouseTracking(True)  # QAbstractItemView.entered needs it
        cards.entered.connect(self._entered)
        cards.viewport().installEventFilter(self)
        cards.selectionModel().currentChanged.connect(lambda *_: self.follow())
        session.turn_changed.connect(self.follow)
        for signal in (session.combatants.changed, session.combatants.inserted,
                       session.combatants.removed):
            signal.connect(self._rows_changed)
        # The spotlight's odds once the window is up: the first request loads icepool on the
        # rules thread, which would slow the first paint down (a zero timer runs before it).
        QTimer.singleShot(FIRST_PREVIEW_MS, self, self.follow)

    def _entered(self, index: QModelIndex) -> None:
        self._hovered = QPersistentModelIndex(index) if index.isValid() else None
        self.follow()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Leave and self._hovered is not None:
            self._hovered = None
            self.follow()
        return False

    def _rows_changed(self, *_args: object) -> None:
        self.follow()  # new marks, or one defeated (or back, undone)

    def follow(self) -> None:
        hovered = self._card(self._hovered) if self._hovered is not None else None
        candidates = (hovered, self._card(self._cards.currentIndex()), self._active())
        self._preview.show_for(next((r for r in candidates
                                     if r is not None and not r.defeated), None))

    def _card(self, index: QModelIndex | QPersistentModelIndex) -> CombatantRow | None:
        """The combatant a card acts on (a group card's first Minion standing), as it is now."""
        if not index.isValid() or not isinstance(index.data(RowRole), CombatantRow):
            return None
        at = self._session.combatants.index_of(self._cards.acting_id(index))
        return self._session.combatants[at] if at >= 0 else None

    def _active(self) -> CombatantRow | None:
        index = self._session.combatants.index_of(self._session.active_id)
        row = self._session.combatants[index] if index >= 0 else None
        return row if row is not None and row.kind == "adversary" else None
