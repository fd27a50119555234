"""Daggerheart's part of the window: adversary cards drawn as stat blocks, the GM's rolls and
the players' outcomes under them, Fear, the scene and the environment in the sidebar, the Fear
ledger beside the roll log, and the library with its builder.

The shell (``ui/shell/main_window.py``) places it; see ``ui/shell/fight.py`` for the contract.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, QPoint
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMenu, QToolBar, QVBoxLayout, QWidget

from encounter_app.domain import CombatantRow, spotlight_tokens
from encounter_app.domain.adversaries import Refused
from encounter_app.systems.daggerheart.services.odds_cache import OddsCache
from encounter_app.systems.daggerheart.services.operations import DaggerheartOperations
from encounter_app.systems.daggerheart.ui.card_menu import CardActions, GmTurnBar
from encounter_app.systems.daggerheart.ui.cards import AdversaryCardsView
from encounter_app.systems.daggerheart.ui.fear_tracker import FearTracker
from encounter_app.systems.daggerheart.ui.library.actions import LibraryActions
from encounter_app.systems.daggerheart.ui.rolls.actions import RollActions
from encounter_app.systems.daggerheart.ui.rolls.features import FeatureUses
from encounter_app.systems.daggerheart.ui.rolls.odds import OddsFollower, OddsPreview
from encounter_app.systems.daggerheart.ui.rolls.outcomes import OutcomeRecorder
from encounter_app.systems.daggerheart.ui.scene import SceneIntensityPanel
from encounter_app.ui.fight.initiative import InitiativeDelegate
from encounter_app.ui.fight.models import AdversaryCardsModel, FearLedgerModel
from encounter_app.ui.shell.chosen import NOBODY
from encounter_app.ui.shell.fight import FightContext
from encounter_app.ui.widgets.listviews import PaintedListView

if TYPE_CHECKING:
    from encounter_app.domain.player_rolls import PhoneRoll
    from encounter_app.services.operations import Kept


class DaggerheartFight(QObject):
    cards_name = "adversary cards"
    profile = None  # the order and the cards show Daggerheart's own numbers
    card_keys = ("On a selected card or row of the order (the one chosen last): A or Enter "
                 "attacks with it, D deals it damage, Shift+N opens its GM note, the Menu key "
                 "(Shift+F10) opens its card's menu.")

    def __init__(self, context: FightContext) -> None:
        super().__init__(context.window)
        self._context = context
        window, session, fight = context.window, context.session, context.operations
        self.session = session
        # Daggerheart's one way in for a GM action (the shared fight's is ``fight``).
        self.operations = operations = DaggerheartOperations(fight, context.roller,
                                                             window.phone_inbox)
        self.cards_model = AdversaryCardsModel(self)
        self.cards_model.setSourceModel(context.initiative_model)
        self.cards = AdversaryCardsView()
        self.cards.setModel(self.cards_model)
        self.card_actions = CardActions(operations, context.say, window,
                                        export=lambda stats: context.exchange.export_stat_blocks(
                                            [stats]), note=context.edit_note,
                                        cards=self.cards)
        self.chosen = context.chosen  # who the keys act on: the row or card chosen last
        self.gm_turn_bar = GmTurnBar(self.cards, self.card_actions, chosen=context.chosen)
        self.fear_tracker = FearTracker(fight, rests=context.rests)
        self.scene = SceneIntensityPanel(fight, new_scene=operations.new_scene)
        self.odds_cache = OddsCache(context.roller.router, self)
        # An adversary's attack or feature in one click: its dialog, then the cost, the roll
        # and (PCs tracked) the marks the hit dialog confirms, as one undo step.
        self.uses = FeatureUses(window, operations, context.say, odds=self.odds_cache,
                                offer=self.card_actions.offer_hits,
                                tracked=lambda: self.track_pcs_action.isChecked())
        self.card_actions.use_feature = self.uses.use
        self.rolls = RollActions(window, operations, context.say,
                                 odds=self.odds_cache, selected=lambda: context.chosen.id,
                                 uses=self.uses)
        self.outcomes = OutcomeRecorder(fight, context.rests)
        # A phone's action roll accepted (or one typed for a player) shows the text's guidance
        # as its key would.
        window.phone_inbox.recorded.connect(self._phone_recorded)
        self.odds_preview = OddsPreview(session, self.odds_cache)
        self.odds = OddsFollower(self.odds_preview, self.cards, session)
        # The library holds Daggerheart stat blocks and environments, and builds to its budget.
        self.library = LibraryActions(window, fight, context.exchange)
        self.library.encounter_started.connect(window.open_encounter_requested)
        self.card_actions.move_tier = self.library.tiers.card
        self.fear_ledger_model = FearLedgerModel(session, self)
        self.fear_ledger = PaintedListView("No Fear gained or spent yet.")
        self.fear_ledger.setObjectName("fearLedger")
        self.fear_ledger.setAccessibleName("Fear ledger")
        self.fear_ledger.setModel(self.fear_ledger_model)
        # Entries wrap over two lines in a narrow sidebar: shade every other one so each
        # gain or spend reads as one line of the ledger.
        self.fear_ledger.setAlternatingRowColors(True)
        self.fear_ledger.setSpacing(1)
        # A crowded fight: every card as a compact one (remembered with the window's layout).
        self.compact_action = QAction("&Compact cards", window, checkable=True)
        self.compact_action.setObjectName("compactCardsAction")
        self.compact_action.setToolTip("Show each card as its name, HP and Stress, attack and "
                                       "conditions; the whole stat block is in its tooltip")
        self.compact_action.toggled.connect(self.cards.set_compact)
        # PCs tracked in the fight (off by default, remembered): their cards, their HP in the
        # order, and an adversary's hit offered to be marked on them.
        self.track_pcs_action = QAction("Track &PCs (HP, Stress, Armor, Hope)", window,
                                        checkable=True)
        self.track_pcs_action.setObjectName("trackPcsAction")
        self.track_pcs_action.setToolTip("Give each PC a card with HP, Stress, Armor Slots, "
                                         "Hope and thresholds, and offer to mark an adversary's "
                                         "hit on them")
        self.track_pcs_action.toggled.connect(self.track_pcs)
        # Minions of one kind on one card with a box each (on by default, remembered).
        self.group_action = QAction("Group &Minions of one kind", window, checkable=True,
                                    checked=True)
        self.group_action.setObjectName("groupMinionsAction")
        self.group_action.setToolTip("Show Minions of one stat block as one card with their "
                                     "count and a box per Minion")
        self.group_action.toggled.connect(self.cards.set_group_minions)
        self.fear_up_action = QAction("Gain a &Fear", window, shortcut=QKeySequence("+"))
        self.fear_up_action.triggered.connect(self.fear_tracker.gain)
        self.fear_down_action = QAction("&Spend a Fear", window, shortcut=QKeySequence("-"))
        self.fear_down_action.triggered.connect(self.fear_tracker.spend)
        # The chosen one's keys (A is the Roll menu's attack, Enter and the Menu key the
        # shell's): with the keyboard in the order as much as on the cards.
        self.damage_action = QAction("Dama&ge the selected…", window, objectName="damageAction",
                                     shortcut=QKeySequence("D"))
        self.damage_action.setToolTip("Type the damage the selected combatant took (D)")
        self.damage_action.triggered.connect(self.damage_chosen)
        self.note_action = QAction("GM n&ote on the selected…", window,
                                   objectName="chosenNoteAction", shortcut=QKeySequence("Shift+N"))
        self.note_action.triggered.connect(self.note_chosen)

        self.centre = QWidget()
        centre = QVBoxLayout(self.centre)
        centre.setContentsMargins(0, 6, 0, 0)
        self.cards_title = QLabel("<b>Adversaries</b> — click pips to mark HP and Stress")
        centre.addWidget(self.cards_title)
        centre.addWidget(self.gm_turn_bar)
        centre.addWidget(self.cards, 1)
        centre.addWidget(self.odds_preview)
        centre.addWidget(self.outcomes)
        self.sidebar = [self.fear_tracker, self.scene, self.library.environment_panel]
        self.log_tabs = [(self.fear_ledger, "Fear ledger")]
        self.keyboard_chain = [self.fear_tracker]
        self.toolbar_actions = {self.rolls.attack_action: ("Attack", "attack"),
                                self.fear_down_action: ("Fear −", "fear-spend"),
                                self.fear_up_action: ("Fear +", "fear-gain")}
        self.tick_before: QAction | None = self.card_actions.end_turn_action

        self.cards.marks_requested.connect(self.set_marks)
        self.cards.track_requested.connect(self.set_track)
        self.cards.group_requested.connect(self.set_group)
        self.cards.attack_requested.connect(self.rolls.attack)
        self.cards.menu_requested.connect(self.card_actions.show_menu)
        self.cards.condition_clear_requested.connect(self.card_actions.remove_condition)
        self.cards.fear_feature_requested.connect(self.card_actions.fear_feature)
        self.cards.feature_requested.connect(self.uses.use)
        # What an import adds or its undo takes away shows in the library at once.
        context.exchange.library_changed.connect(self.library.reload)

    def _phone_recorded(self, roll: PhoneRoll, kept: Kept, difficulty: int,
                        happened: tuple[str, ...]) -> None:
        from encounter_app.systems.daggerheart import phone

        if roll.submission.form != phone.ACTION:
            return
        row = next((c for c in self.session.combatants if c.id == roll.submission.combatant_id),
                   None)
        reading = phone.read(row, roll, difficulty)
        self.outcomes.show_guidance(kept, reading.outcome(), happened)

    # -- the shell's menus ------------------------------------------------------------------

    def fill_encounter_menu(self, menu: QMenu) -> None:
        window = self._context.window
        window.add_keyed(menu, [self.fear_up_action, self.fear_down_action,
                                self.card_actions.end_turn_action, self.damage_action,
                                self.note_action])
        menu.addAction(self.card_actions.extra_move_action)
        menu.addAction(self.scene.new_scene_action)
        menu.addAction(self.card_actions.refill_action)
        menu.addSeparator()
        window.add_keyed(menu, self.outcomes.menu_actions())

    def fill_roll_menu(self, menu: QMenu) -> None:
        self._context.window.add_keyed(menu, self.rolls.keyed_actions)
        self.rolls.add_falls(menu)

    def fill_view(self, encounter_menu: QMenu, view_menu: QMenu, toolbar: QToolBar) -> None:
        self.library.fill(encounter_menu, view_menu, toolbar)
        view_menu.addSeparator()
        view_menu.addAction(self.compact_action)
        view_menu.addAction(self.track_pcs_action)
        view_menu.addAction(self.group_action)
        # The spotlight order exists now (the shell builds it after this part): a PC's row shows
        # its spotlight tokens while the campaign plays the Spotlight Tracker.
        view = self._context.window.initiative.view
        delegate = view.itemDelegate()
        if isinstance(delegate, InitiativeDelegate):
            delegate.tokens = lambda row: spotlight_tokens.token_text(
                row, self.session.campaign.options)
            self.session.options_changed.connect(view.viewport().update)

    def gm_screen(self) -> QWidget:
        from encounter_app.systems.daggerheart.ui.gm_screen import (
            GmScreen,  # opened on F2, not at start
        )

        return GmScreen()

    # -- what the GM asks of the shell ------------------------------------------------------

    def add_combatant(self) -> None:
        from encounter_app.systems.daggerheart.ui.add_combatant import (
            AddCombatantDialog,  # ui/__init__.py
        )

        dialog = AddCombatantDialog(self._context.store.templates(), self._context.window)
        if dialog.exec() == AddCombatantDialog.DialogCode.Accepted:
            self.join(dialog.combatant())

    def join(self, row: CombatantRow) -> None:
        """Add ``row`` at the end of the order, named apart from the others ("Sentry 2")."""
        self.operations.join(row)

    def activate(self, combatant_id: int) -> None:
        target = self.session.combatants.by_id(combatant_id)
        if target.kind == "adversary":  # Relentless and Slow apply, and the GM turn's price
            self.card_actions.spotlight(combatant_id)
            return
        # A PC with the Spotlight Tracker spends a token, or is refused with none left.
        self.operations.pass_spotlight(combatant_id)

    def next_turn(self) -> None:
        # Never to a PC out of spotlight tokens (the campaign's Spotlight Tracker).
        self.operations.next_turn()

    # -- the chosen one's keys ------------------------------------------------------------------

    def _chosen(self) -> CombatantRow | None:
        row = self.chosen.row()
        if row is None:
            self._context.say(NOBODY, error=True)
        return row

    def _untracked(self, row: CombatantRow, does: str) -> bool:
        """A PC while PCs are not tracked: said, as what ``does`` needs."""
        if row.kind != "pc" or self.track_pcs_action.isChecked():
            return False
        self._context.say(f"{row.name} is a PC: {does} needs PCs tracked (View › Track PCs).",
                          error=True)
        return True

    def attack_chosen(self) -> None:
        """A or Enter: the chosen adversary attacks (the one in the spotlight when none is)."""
        self.rolls.attack_with_active()

    def damage_chosen(self) -> None:
        """D: the Damage dialog for the chosen combatant (a tracked PC's hit dialog)."""
        row = self._chosen()
        if row is not None and row.id is not None and not self._untracked(row, "damage"):
            self.card_actions.damage(row.id)

    def note_chosen(self) -> None:
        row = self._chosen()
        if row is not None and row.id is not None:
            self._context.edit_note(row.id)

    def open_menu(self, combatant_id: int, at: QPoint, extra: Sequence[QAction] = ()) -> bool:
        """The card menu of ``combatant_id`` (none for a PC while PCs are not tracked)."""
        row = self.session.combatants.by_id(combatant_id)
        if row.kind == "pc" and not self.track_pcs_action.isChecked():
            return False
        try:
            menu = self.card_actions.menu_for(combatant_id)
        except Refused as exc:
            self._context.say(str(exc), error=True)
            return True
        if extra:
            menu.addSeparator()
            menu.addActions(list(extra))
        menu.exec(at)
        menu.deleteLater()
        return True

    def acting_id(self, card: QModelIndex) -> int | None:
        return self.cards.acting_id(card)

    def set_marks(self, combatant_id: int, hp_marked: int, stress_marked: int) -> None:
        # The last Stress marked makes it Vulnerable in the same step (conditions.py).
        self.operations.set_marks(combatant_id, hp_marked, stress_marked)

    def set_track(self, combatant_id: int, track: str, count: int) -> None:
        """A tracked PC's Armor Slots marked or Hope, clicked on its card."""
        self.operations.set_track(combatant_id, track, count)

    def set_group(self, lead_id: int, defeated: int) -> None:
        """A Minion group card's boxes clicked: that many of its Minions defeated, one step."""
        members, _active = self.cards.delegate.group_of(self.session.combatants.by_id(lead_id))
        self.operations.defeat_in_group([m.id for m in members if m.id is not None], defeated)

    # -- what the window remembers of the cards -----------------------------------------------

    @property
    def view_toggles(self) -> Mapping[str, QAction]:
        return {"cards/compact": self.compact_action, "cards/pcs": self.track_pcs_action,
                "cards/group_minions": self.group_action}

    @property
    def compact_ids(self) -> frozenset[int]:
        return frozenset(self.cards.delegate.compact_ids)

    def set_card_compact(self, combatant_id: int, compact: bool) -> None:
        self.cards.set_card_compact(combatant_id, compact)

    def track_pcs(self, tracked: bool) -> None:
        self.cards_model.show_pcs(tracked)
        self.cards_title.setText(
            "<b>Adversaries and PCs</b> — click pips to mark HP, Stress, Armor and Hope"
            if tracked else "<b>Adversaries</b> — click pips to mark HP and Stress")
        view = self._context.window.initiative.view
        delegate = view.itemDelegate()
        if isinstance(delegate, InitiativeDelegate):
            delegate.pcs_tracked = tracked
            view.viewport().update()

    def attack(self, combatant_id: int) -> None:
        self.rolls.attack(combatant_id)

    def card_for(self, source: QModelIndex) -> QModelIndex:
        """The card of ``source``; a Minion's is its group's card (none for a PC untracked)."""
        return self.cards.shown(self.cards_model.mapFromSource(source))

    def row_for(self, card: QModelIndex) -> QModelIndex:
        return self.cards_model.mapToSource(card)

    def reveal(self, source: QModelIndex) -> None:
        card = self.card_for(source)
        if card.isValid():
            self.cards.scrollTo(card)
