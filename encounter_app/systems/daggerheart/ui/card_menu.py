"""The GM's adversary actions in the window: each card's context menu, the GM-turn bar above the
cards, and the handlers behind both.

Every handler asks one of Daggerheart's operations (``services/operations.py``), which pushes
one undo step and says what happened in the status line; a refusal is said as an error and
changes nothing. The handlers hold no game state: they read the session's rows when asked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMenu, QPushButton, QSizePolicy, QWidget

from encounter_app.domain import CombatantRow, RollRow, StatBlock, adversaries
from encounter_app.domain.adversaries import Refused
from encounter_app.systems.daggerheart.conditions import (
    SAME_DOES_NOT_STACK,
    SPOTLIGHT_CLEARS,
    VULNERABLE,
    condition_text,
    from_stress,
)
from encounter_app.systems.daggerheart.services import adversaries as actions
from encounter_app.systems.daggerheart.services import features
from encounter_app.systems.daggerheart.services.operations import DaggerheartOperations, Mark
from encounter_app.systems.daggerheart.ui.cards import AdversaryCardsView
from encounter_app.ui.fight.models import RowRole

if TYPE_CHECKING:
    from encounter_app.services.operations import Say
    from encounter_app.systems.daggerheart.services.feature_marks import PcHit
    from encounter_app.systems.daggerheart.ui.pc_hits import HitDialog
    from encounter_app.ui.shell.chosen import Chosen

class CardActions(QObject):
    """What the GM does to adversaries from their cards, and the GM turn's End action."""

    def __init__(self, operations: DaggerheartOperations, report: Say,
                 window: QWidget, export: Callable[[StatBlock], object] | None = None,
                 note: Callable[[int], object] | None = None,
                 cards: AdversaryCardsView | None = None) -> None:
        super().__init__(window)
        self._cards = cards  # for a card's own Compact toggle
        self._export = export  # writes a stat block to a file (the window's ExchangeActions)
        self._note = note  # opens a combatant's GM note (the window's edit_note)
        session = operations.session
        self._operations, self._session, self._report, self._window = (operations, session,
                                                                       report, window)
        self.end_turn_action = QAction("&End GM turn", window, objectName="endGmTurnAction",
                                       shortcut=QKeySequence("G"))
        self.end_turn_action.setToolTip("Pass the spotlight back to the next PC; spotlight "
                                        "counts start again (key G)")
        self.end_turn_action.triggered.connect(self.end_gm_turn)
        # The optional rules' own actions (the campaign's Rules page), in the Encounter menu.
        self.extra_move_action = QAction("Additional GM &move (1 Fear)…", window,
                                         objectName="extraGmMoveAction")
        self.extra_move_action.setToolTip("An additional GM move on the GM turn costs a Fear; "
                                          "the Fear ledger names the move")
        self.extra_move_action.triggered.connect(self.extra_gm_move)
        self.refill_action = QAction("&Refill spotlight tokens", window,
                                     objectName="refillTokensAction")
        self.refill_action.setToolTip("Spotlight Tracker: every PC gets all their tokens back "
                                      "(New scene does this too)")
        self.refill_action.triggered.connect(self.refill_tokens)
        self.refill_action.setEnabled(actions.options(session).spotlight_tracker)
        session.options_changed.connect(lambda: self.refill_action.setEnabled(
            actions.options(session).spotlight_tracker))
        self.hit_dialog: HitDialog | None = None  # the last hit offered to tracked PCs
        # Opens the Move to another tier preview (the library's TierActions.card), once set.
        self.move_tier: Callable[[int], object] | None = None
        # Uses one of an adversary's actions: (combatant id, feature name or None for the
        # standard attack); the fight's FeatureUses, once set.
        self.use_feature: Callable[[int, str | None], object] | None = None

    def _row(self, combatant_id: int) -> CombatantRow:
        return actions.combatant(self._session, combatant_id)

    def _massive(self) -> bool:
        """The campaign plays the optional Massive Damage rule (its Rules page)."""
        return actions.options(self._session).massive_damage

    def _price(self, combatant_id: int, fear_reason: str | None) -> tuple[bool, str | None]:
        """The GM turn's price (an optional rule): a plain spotlight past the GM turn's own
        asks for a Fear. Returns whether to go on, and the Fear reason to spend it under."""
        if fear_reason is not None:
            return True, fear_reason
        try:
            question = self._operations.spotlight_price(combatant_id)
        except Refused as exc:
            self._report(str(exc), error=True)
            return False, None
        if question is None:
            return True, None
        from PySide6.QtWidgets import QMessageBox  # a dialog: see ui/__init__.py

        box = QMessageBox(QMessageBox.Icon.Question, "Spend a Fear?", question,
                          QMessageBox.StandardButton.Cancel, self._window)
        box.setObjectName("gmTurnPriceBox")
        box.setInformativeText("The GM turn's price (this campaign's optional rule): the Fear "
                               "ledger names the adversary.")
        spend = box.addButton("&Spend a Fear", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(spend)
        box.exec()
        chosen = box.clickedButton() is spend
        box.deleteLater()
        if not chosen:
            self._report("Nothing changed: no Fear spent, no spotlight given.")
        return chosen, "extra_move" if chosen else None

    # -- the handlers -----------------------------------------------------------------------

    def damage(self, combatant_id: int) -> None:
        """Ask how much damage, with a preview of what it marks, then mark it."""
        if self._operations.refused():  # a finished encounter: said before the dialog
            return
        try:
            row = self._row(combatant_id)
            if row.kind == "pc":  # a tracked PC's card: by its thresholds, with its Armor
                self.pc_damage([(row, 0)], f"Damage to {row.name}", typed=True)
                return
            adversaries.damage_to(row, 0)  # defeated, or no thresholds: say so before asking
        except Refused as exc:
            self._report(str(exc), error=True)
            return
        from encounter_app.systems.daggerheart.ui.adversary_dialogs import (
            DamageDialog,  # see ui/__init__.py
        )

        dialog = DamageDialog(row, adversaries.minion_candidates(self._session.combatants, row),
                              self._window, massive=self._massive())
        if dialog.exec() == dialog.DialogCode.Accepted:
            self._operations.damage(combatant_id, dialog.amount(), dialog.chosen_minions())
        dialog.deleteLater()

    def pc_damage(self, targets: list[tuple[CombatantRow, int]], source: str, *,
                  typed: bool = False) -> HitDialog:
        """Offer to mark damage on tracked PCs (``targets``: each with the damage it took) by
        their thresholds and Armor; window-modal, and Mark is one undo step."""
        from encounter_app.systems.daggerheart.ui.pc_hits import HitDialog  # see ui/__init__.py

        dialog = HitDialog(targets, source, self._window, typed=typed, massive=self._massive())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def mark() -> None:
            self._operations.mark_pc_hits(dialog.marked(), source)

        dialog.accepted.connect(mark)
        dialog.open()
        self.hit_dialog = dialog
        return dialog

    def offer_hits(self, offers: Sequence[PcHit], source: str, roll: RollRow,
                   mark: Mark) -> HitDialog:
        """An adversary's attack or feature touched tracked PCs: offer their marks and riders
        (window-modal), under the roll as it will be logged. ``mark`` gets what the GM ticked
        on *Mark*, nothing on *Not now*: the operation then logs the roll, its cost and those
        marks as one undo step."""
        from encounter_app.systems.daggerheart.ui.pc_hits import HitDialog  # see ui/__init__.py

        dialog = HitDialog(offers, source, self._window, massive=self._massive(), roll=roll)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: mark(dialog.choices()))
        dialog.rejected.connect(lambda: mark(()))
        dialog.open()
        self.hit_dialog = dialog
        return dialog

    def mark_stress(self, combatant_id: int) -> None:
        self._operations.mark_stress(combatant_id)

    def clear_stress(self, combatant_id: int) -> None:
        self._operations.clear_stress(combatant_id)

    def add_condition(self, combatant_id: int, name: str) -> None:
        self._operations.add_condition(combatant_id, name)

    def remove_condition(self, combatant_id: int, name: str) -> None:
        self._operations.remove_condition(combatant_id, name)

    def other_condition(self, combatant_id: int) -> None:
        try:
            row = self._row(combatant_id)
        except Refused as exc:
            self._report(str(exc), error=True)
            return
        from encounter_app.systems.daggerheart.ui.adversary_dialogs import (
            ConditionDialog,  # see ui/__init__.py
        )

        dialog = ConditionDialog(row, self._window)
        if dialog.exec() == dialog.DialogCode.Accepted:
            self.add_condition(combatant_id, dialog.condition())
        dialog.deleteLater()

    def fear_feature(self, combatant_id: int, feature: str) -> None:
        """A Fear feature used from its card: one Fear spent, the feature named in the ledger."""
        self._operations.fear_feature(combatant_id, feature)

    def slow_token(self, combatant_id: int, step: int) -> None:
        self._operations.slow_token(combatant_id, step)

    def spotlight(self, combatant_id: int, fear_reason: str | None = None) -> bool:
        if self._operations.refused():  # a finished encounter: said before the price is asked
            return False
        go, paid = self._price(combatant_id, fear_reason)
        if not go:
            return False
        note = None
        if paid is not None and fear_reason is None:
            note = f"{self._row(combatant_id).name}: another spotlight this GM turn"
        return self._operations.spotlight(combatant_id, paid, note)

    def clear_by_spotlight(self, combatant_id: int, name: str) -> bool:
        """Spend the adversary's spotlight to clear a temporary condition: one undo step."""
        go, paid = self._price(combatant_id, None)
        return go and self._operations.clear_by_spotlight(combatant_id, name, paid)

    def extra_gm_move(self) -> None:
        """An additional GM move (not a spotlight): asks what it is, spends a Fear."""
        from PySide6.QtWidgets import QInputDialog  # a dialog: see ui/__init__.py

        what, ok = QInputDialog.getText(
            self._window, "Additional GM move",
            f"An additional GM move costs a Fear ({self._session.fear} in the pool).\n"
            "What is the move? (the Fear ledger names it)")
        if ok:
            self._operations.extra_gm_move(what)

    def refill_tokens(self) -> None:
        self._operations.refill_tokens()

    def end_gm_turn(self) -> None:
        self._operations.end_gm_turn()

    def edit_stats(self, combatant_id: int) -> None:
        """Edit this adversary's own stat block; the library's entry stays as it is."""
        from encounter_app.systems.daggerheart.ui.library.actions import (
            edit_card_stats,  # see ui/__init__.py
        )

        edit_card_stats(self._operations, combatant_id, self._window)

    # -- the context menu -------------------------------------------------------------------

    def menu_for(self, combatant_id: int, parent: QWidget | None = None) -> QMenu:
        """The card's menu; every entry is a QAction with an objectName, for tests to trigger."""
        row = self._row(combatant_id)
        menu = QMenu(row.name, parent or self._window)
        menu.setObjectName("adversaryCardMenu")

        def add(text: str, name: str, slot: Callable[[], object], *, enabled: bool = True,
                target: QMenu = menu) -> QAction:
            action = target.addAction(text)
            action.setObjectName(name)
            action.setEnabled(enabled)
            action.triggered.connect(lambda _checked=False: slot())
            return action

        cid = combatant_id
        add("&Damage…\tD", "damageAction", lambda: self.damage(cid))
        if (use := self.use_feature) is not None and row.kind != "pc" and row.stats:
            self._add_uses(menu, row, use, add)
        add(f"Mark a &Stress ({row.stress_marked}/{row.stress_max})", "markStressAction",
            lambda: self.mark_stress(cid))
        add("&Clear a Stress", "clearStressAction", lambda: self.clear_stress(cid),
            enabled=row.stress_marked > 0)

        conditions = menu.addMenu("C&onditions")
        conditions.setObjectName("conditionsMenu")
        for name in (*adversaries.STANDARD_CONDITIONS,
                     *(c for c in row.conditions if c not in adversaries.STANDARD_CONDITIONS)):
            present = name in row.conditions
            toggle = self.remove_condition if present else self.add_condition
            action = add(name, f"condition:{name}", partial(toggle, cid, name), target=conditions)
            action.setCheckable(True)
            action.setChecked(present)
            if (words := condition_text(name)) is not None:
                action.setToolTip(f"{name}: {words} {SAME_DOES_NOT_STACK}")
                action.setStatusTip(f"{name}: {words}")
        conditions.setToolTipsVisible(True)
        conditions.addSeparator()
        add("&Other condition…", "otherConditionAction", lambda: self.other_condition(cid),
            target=conditions)
        if row.kind == "adversary" and row.conditions:
            conditions.addSeparator()
            for name in row.conditions:
                stress = name == VULNERABLE and from_stress(row)
                clear = add(f"Spend its spotlight to clear {name}", f"spotlightClear:{name}",
                            partial(self.clear_by_spotlight, cid, name), target=conditions,
                            enabled=not stress)
                clear.setToolTip("Its full Stress made it Vulnerable: clearing a Stress clears "
                                 "it" if stress else SPOTLIGHT_CLEARS)

        if adversaries.traits(row.stats).slow or row.slow_tokens:
            menu.addSeparator()
            add("Put a Slow &token on it", "addSlowTokenAction", lambda: self.slow_token(cid, +1),
                enabled=row.slow_tokens < adversaries.MAX_SLOW_TOKENS)
            add("Take its Slow token off", "removeSlowTokenAction",
                lambda: self.slow_token(cid, -1), enabled=row.slow_tokens > 0)

        if row.kind != "pc":  # a tracked PC's card: the GM's spotlight is not theirs
            menu.addSeparator()
            count = adversaries.spotlight_text(row)
            add(f"S&potlight it{f' ({count} this GM turn)' if count else ''}",
                "spotlightAction", lambda: self.spotlight(cid))
            fear = f"spend a Fear, {self._session.fear} left"
            add(f"Spotlight as an &additional GM move ({fear})", "extraMoveAction",
                lambda: self.spotlight(cid, "extra_move"))
            add(f"&Interrupt the players with it ({fear})", "interruptAction",
                lambda: self.spotlight(cid, "interrupt"))
            menu.addSeparator()
            add("Edit its stat &block…", "editStatBlockAction", lambda: self.edit_stats(cid),
                enabled=row.stats is not None)
            if (move_tier := self.move_tier) is not None:
                add("Mo&ve to another tier…", "tierMoveAction", lambda: move_tier(cid),
                    enabled=row.stats is not None)
        if (note := self._note) is not None:
            add("&Note (GM only)…" if not row.notes else "Edit &note (GM only)…", "noteAction",
                lambda: note(cid))
        if (cards := self._cards) is not None and not cards.delegate.compact:
            card = cards.currentIndex().data(RowRole)  # a group card's first Minion
            card_id = card.id if isinstance(card, CombatantRow) and card.id else cid
            compact = card_id in cards.delegate.compact_ids
            small = add("Co&mpact card", "compactCardAction",
                        lambda: cards.set_card_compact(card_id, not compact))
            small.setCheckable(True)
            small.setChecked(compact)
        menu.addSeparator()
        menu.addAction(self.end_turn_action)
        if (export := self._export) is not None and (stats := row.stats) is not None:
            menu.addSeparator()
            add("E&xport this adversary…", "exportAdversaryAction", lambda: export(stats))
        return menu

    @staticmethod
    def _add_uses(menu: QMenu, row: CombatantRow, use: Callable[[int, str | None], object],
                  add: Callable[..., QAction]) -> None:
        """The adversary's actions, each one click: its standard attack, then every feature
        with a reading (a Passive one when it attacks), with what it does in a few words."""
        assert row.id is not None and row.stats is not None, "an adversary's card"
        cid, stats = row.id, row.stats
        down = row.defeated
        menu.addSeparator()
        standard = features.use_of(row)
        add(f"&Attack: {standard.name} ({standard.damage})…\tA", "attackAction",
            lambda: use(cid, None), enabled=not down)
        for feature in stats.features:
            if not features.offered(feature):
                continue
            done = features.use_of(row, feature.name)
            what = {"attack": "attack", "reaction": f"{done.trait} Reaction Roll",
                    "damage": "damage"}[done.kind]
            said = ", ".join(p for p in (what, done.damage, done.cost) if p)
            action = add(f"{feature.name.replace('&', '&&')} ({said})…",
                         f"feature:{feature.name}", partial(use, cid, feature.name),
                         enabled=not down)
            action.setToolTip(done.words())
            action.setStatusTip(done.words())
        menu.setToolTipsVisible(True)
        menu.addSeparator()

    def show_menu(self, combatant_id: int, at: QPoint) -> None:
        try:
            menu = self.menu_for(combatant_id)
        except Refused as exc:
            self._report(str(exc), error=True)
            return
        menu.exec(at)
        menu.deleteLater()


class GmTurnBar(QWidget):
    """Buttons above the cards for the GM's turn; they act on the selected card."""

    def __init__(self, cards: AdversaryCardsView, card_actions: CardActions,
                 parent: QWidget | None = None, *, chosen: Chosen | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gmTurnBar")
        self._cards, self._actions = cards, card_actions
        self._chosen = chosen  # the combatant chosen last, in the order or on the cards
        self.damage_button = self._button("Damage…", "damageButton",
                                          "Type the damage the selected adversary took (key D)",
                                          card_actions.damage)
        self.spotlight_button = self._button(
            "Spotlight", "spotlightButton",
            "Give the selected adversary the spotlight (Relentless and Slow apply)",
            card_actions.spotlight)
        self.interrupt_button = self._button(
            "Interrupt (−1 Fear)", "interruptButton",
            "Spend a Fear to interrupt the players: the selected adversary takes the spotlight",
            lambda cid: card_actions.spotlight(cid, "interrupt"))
        self.end_button = QPushButton("End GM turn", objectName="endGmTurnButton")
        self.end_button.setAccessibleName("End GM turn")
        self.end_button.setToolTip(card_actions.end_turn_action.toolTip())
        self.end_button.clicked.connect(card_actions.end_gm_turn)
        hint = QLabel("More: right-click a card (Menu key)")
        hint.setObjectName("cardMenuHint")
        hint.setToolTip("Stress, conditions, Slow tokens, an additional GM move")
        self.hint = hint
        # A long name is cut at the window's edge rather than widening the window.
        hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._tips = {b: b.toolTip() for b in (self.damage_button, self.spotlight_button,
                                               self.interrupt_button)}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for button in (self.damage_button, self.spotlight_button, self.interrupt_button,
                       self.end_button):
            layout.addWidget(button)
        layout.addWidget(hint, 1)
        cards.selectionModel().selectionChanged.connect(self._update)
        cards.model().modelReset.connect(self._update)
        if chosen is not None:
            chosen.changed.connect(self._update)
        self._update()

    def _button(self, text: str, name: str, tip: str,
                slot: Callable[[int], object]) -> QPushButton:
        button: QPushButton = QPushButton(text, objectName=name)
        button.setAccessibleName(text.rstrip("…"))
        button.setToolTip(tip)
        button.clicked.connect(lambda: self._on_selected(slot))
        return button

    def selected_id(self) -> int | None:
        """Who the buttons act on: the selected card's combatant (a group card's first
        Minion still standing)."""
        index = self._cards.currentIndex()
        if not index.isValid() or not self._cards.selectionModel().isSelected(index):
            return None
        chosen = self._chosen.id if self._chosen is not None else None
        return chosen if chosen is not None else self._cards.acting_id(index)

    def _on_selected(self, slot: Callable[[int], object]) -> None:
        combatant_id = self.selected_id()
        if combatant_id is not None:
            slot(combatant_id)

    def _update(self, *_args: object) -> None:
        chosen = self.selected_id()
        selected = chosen is not None
        name = ""
        if chosen is not None:
            row = (self._chosen.row() if self._chosen is not None
                   else self._cards.currentIndex().data(RowRole))
            name = getattr(row, "name", "")
        adversary = selected and getattr(self._cards.currentIndex().data(RowRole), "kind",
                                         "") != "pc"
        for button in (self.damage_button, self.spotlight_button, self.interrupt_button):
            # A tracked PC's card takes damage; the GM's spotlight is for adversaries.
            button.setEnabled(selected if button is self.damage_button else adversary)
            # Named where it does not move the buttons: the tooltip, and the hint beside them.
            tip = self._tips[button]
            button.setToolTip(tip.replace("the selected adversary", name) if name else tip)
            button.setAccessibleDescription(f"Acts on {name}" if name else "")
        if not name:
            self.hint.setText("More: right-click a card (Menu key)")
            return
        from html import escape  # with the first card selected: html costs a start 16 M

        self.hint.setText(f"On <b>{escape(name)}</b> · right-click for more")
