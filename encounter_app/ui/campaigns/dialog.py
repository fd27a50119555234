"""The campaign view (Campaign › Manage campaigns…, Ctrl+Shift+O): pick, create, rename and
archive campaigns; their encounters, party, notes; rests and new game sessions between fights.

Everything here is one of the view's operations (services/campaigns/actions.py), one undo step
on the window's stack. Opening another encounter is not: the window is rebuilt on it (app.py),
and the undo history goes with the old one.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CampaignRow
from encounter_app.domain.rows import stored_id
from encounter_app.rules.daggerheart import FEAR_CAP
from encounter_app.services.campaigns.actions import CampaignOperations
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.fight.session import EncounterSession
from encounter_app.store import Store
from encounter_app.store.campaigns import OPEN_CAMPAIGN
from encounter_app.ui.campaigns.forms import NameDialog, NewCampaignDialog
from encounter_app.ui.campaigns.models import CampaignsModel, VisibleCampaigns
from encounter_app.ui.campaigns.rules_tab import RulesTab
from encounter_app.ui.campaigns.tabs import EncountersTab, PartyTab, _button, _why_label
from encounter_app.ui.fight.models import RowRole
from encounter_app.ui.widgets.message import MessageLine
from encounter_app.ui.widgets.note_editor import NoteEditor

if TYPE_CHECKING:  # the window imports this module when the view is first opened
    from encounter_app.ui.shell.fight import ShellWindow


#: A rest in words: with Fear (Daggerheart), and in the other games' own words (one rest).
REST_TEXTS = (
    "The GM gains 1d4 Fear on a short rest, 1d4 + the number of PCs on a long rest (the pool "
    f"holds {FEAR_CAP}). Long-term countdowns advance one on any rest; they are the campaign's "
    "and come along to the encounter you open. The roll and what moved go into the roll log; "
    "Undo takes it back.",
    "A rest advances the campaign's long-term countdowns one step; they come along to the "
    "encounter you open. What moved goes into the roll log; Undo takes it back.",
)


class RestTab(QWidget):
    """Between fights: the rests (the window's own actions, so they log and undo the same),
    where the Fear pool and the long-term countdowns stand, and a new game session."""

    def __init__(self, book: CampaignBook, session: EncounterSession,
                 rests: tuple[QAction, QAction], new_session: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._book, self._session = book, session
        self.short_button = _button("&Short rest", "shortRestButton")
        self.long_button = _button("&Long rest", "longRestButton")
        self.session_button = _button("New &game session", "newSessionButton")
        self.short_button.clicked.connect(rests[0].trigger)
        self.long_button.clicked.connect(rests[1].trigger)
        self.session_button.clicked.connect(new_session)
        # Each line keeps its room whatever it says (another campaign viewed, a rest taken):
        # the buttons under and after them stay where they are.
        self.rest_text = MessageLine("restExplain")
        self.rest_text.reserve(REST_TEXTS)
        self.standing = MessageLine("restStanding", lines=2)
        self.standing.setTextFormat(Qt.TextFormat.RichText)
        self.last_rest = MessageLine("lastRest", lines=4)
        self.last_rest.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.why = _why_label("restWhy")
        self.session_text = QLabel(objectName="sessionExplain", wordWrap=True)

        rest_box = QGroupBox("Rests")
        rest_buttons = QHBoxLayout()
        rest_buttons.addWidget(self.short_button)
        rest_buttons.addWidget(self.long_button)
        rest_buttons.addStretch(1)
        rest_layout = QVBoxLayout(rest_box)
        for widget in (self.rest_text, self.standing):
            rest_layout.addWidget(widget)
        rest_layout.addLayout(rest_buttons)
        rest_layout.addWidget(self.why)
        rest_layout.addWidget(self.last_rest)
        session_box = QGroupBox("Game sessions")
        session_buttons = QHBoxLayout()
        session_buttons.addWidget(self.session_button)
        session_buttons.addStretch(1)
        session_layout = QVBoxLayout(session_box)
        session_layout.addWidget(self.session_text)
        session_layout.addLayout(session_buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(rest_box)
        layout.addWidget(session_box)
        layout.addStretch(1)
        book.viewed_changed.connect(self.update_text)
        session.fear_changed.connect(lambda _value: self.update_text())
        session.countdowns.changed.connect(lambda _row: self.update_text())
        session.rolls.inserted.connect(lambda _first, _last: self._rolled())
        self.update_text()

    def _rolled(self) -> None:
        newest = self._session.rolls[0] if len(self._session.rolls) else None
        if newest is not None and newest.kind == "rest":
            self.last_rest.say(f"Last rest: {newest.summary}\n{newest.detail}")

    def update_text(self) -> None:
        campaign = self._book.campaign
        rules = self._book.system
        here = campaign.id == self._book.home_id
        self.rest_text.say(REST_TEXTS[0] if rules.has_fear else REST_TEXTS[1])
        home = self._session.system.has_fear
        self.short_button.setText("&Short rest" if home else "&Rest")
        self.long_button.setVisible(home)
        if here:
            clocks = [c for c in self._session.countdowns if c.long_term]
            lines = ([f"Fear now: <b>{self._session.fear}</b> of {FEAR_CAP}"]
                     if rules.has_fear else [])
            lines.append("Long-term countdowns: " + (", ".join(
                f"{escape(c.name)} <b>{c.value}</b>/{c.start}" for c in clocks) or "none"))
            self.standing.say("<br>".join(lines))
        else:
            self.standing.say("")
        self.short_button.setEnabled(here)
        self.long_button.setEnabled(here)
        self.why.say("" if here else
                     "Open an encounter of this campaign to rest: its countdowns advance.")
        self.session_text.setText(
            f"This is game session {campaign.session_number}. Starting a new one counts it and "
            "refreshes what lasts a session (such as Casus Mus Luck Points).")


class CampaignManager(QDialog):
    open_requested = Signal(int)  # encounter id

    def __init__(self, operations: CampaignOperations, rests: tuple[QAction, QAction],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaignManager")
        self.setWindowTitle("Campaigns")
        book, session = operations.book, operations.session
        self._operations, self._book = operations, book
        self.campaigns_model = CampaignsModel(book, self)
        self.visible = VisibleCampaigns(book, self)
        self.visible.setSourceModel(self.campaigns_model)
        self.picker = QComboBox(objectName="campaignPicker")
        self.picker.setAccessibleName("Campaign")
        self.picker.setModel(self.visible)
        # One width whatever the campaigns are called: a name or a summary that changes (an
        # encounter finished, a campaign added) never moves the buttons beside it.
        self.picker.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.setMinimumContentsLength(32)
        self.show_archived = QCheckBox("Show archi&ved", objectName="showArchived")
        self.new_button = _button("&New campaign…", "newCampaignButton")
        self.rename_button = _button("&Rename…", "renameCampaignButton")
        self.archive_button = QPushButton("Un&archive", objectName="archiveCampaignButton")
        # As wide as its longer word: archiving moves nothing beside it.
        self.archive_button.setMinimumWidth(self.archive_button.sizeHint().width())
        self.archive_button.setText("&Archive")
        self.info = QLabel(objectName="campaignInfo")

        self.encounters = EncountersTab(operations)
        self.party = PartyTab(operations)
        self.notes = NoteEditor("campaignNote", "Notes on this campaign (GM only)")
        self.rest = RestTab(book, session, rests, self.new_session)
        self.rules = RulesTab(operations)
        self.tabs = QTabWidget(objectName="campaignTabs")
        self.tabs.addTab(self.encounters, "&Encounters")
        self.tabs.addTab(self.party, "&Party")
        self.tabs.addTab(self.notes, "No&tes")
        self.tabs.addTab(self.rest, "Between &fights")
        self.tabs.addTab(self.rules, "R&ules")

        top = QHBoxLayout()
        label = QLabel("&Campaign:")
        label.setBuddy(self.picker)
        top.addWidget(label)
        top.addWidget(self.picker, 1)
        top.addWidget(self.show_archived)
        top.addWidget(self.new_button)
        top.addWidget(self.rename_button)
        top.addWidget(self.archive_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.info)
        layout.addWidget(self.tabs, 1)

        self.show_archived.toggled.connect(self._show_archived)
        self.picker.activated.connect(self._picked)
        self.new_button.clicked.connect(self.new_campaign)
        self.rename_button.clicked.connect(self.rename)
        self.archive_button.clicked.connect(self.toggle_archived)
        self.notes.saved.connect(self._note_saved)
        self.encounters.open_requested.connect(self.open_requested)
        book.viewed_changed.connect(self._viewed_changed)
        self.campaigns_model.dataChanged.connect(lambda *_: self._viewed_changed())
        for rows in (book.encounters, book.party):
            rows.inserted.connect(lambda *_: self._show_info())
            rows.removed.connect(lambda *_: self._show_info())
        self._session = session
        # Marks on a PC's combatant are written to the roster by the store: show them.
        session.combatants.changed.connect(self._combatant_changed)
        self._viewed_changed()
        self.resize(900, 600)

    def _combatant_changed(self, row: int) -> None:
        if self._session.combatants[row].pc_id is not None:
            self._book.reload_party()

    # -- the picker -------------------------------------------------------------------------

    def _show_archived(self, show: bool) -> None:
        self.visible.set_show_archived(show)
        self._sync_picker()

    def _picked(self, row: int) -> None:
        campaign = self.visible.index(row, 0).data(RowRole)
        if campaign is not None and campaign.id != self._book.campaign_id:
            self.notes.save()
            self._book.view(campaign.id)

    def _sync_picker(self) -> None:
        for row in range(self.visible.rowCount()):
            if self.visible.index(row, 0).data(RowRole).id == self._book.campaign_id:
                self.picker.setCurrentIndex(row)
                return

    def _viewed_changed(self) -> None:
        campaign = self._book.campaign
        self.visible.invalidate()
        self._sync_picker()
        self.archive_button.setText("Un&archive" if campaign.archived else "&Archive")
        self.archive_button.setToolTip(
            "Back into the campaign picker" if campaign.archived
            else "Out of the picker (Show archived brings it back); nothing is deleted")
        self._show_info()
        self.notes.show_text(campaign.note)

    def _show_info(self) -> None:
        campaign = self._book.campaign
        where = " · the open encounter is in this campaign" if (
            campaign.id == self._book.home_id) else ""
        self.info.setText(f"{self._book.system.name} · game session "
                          f"{campaign.session_number} · {len(self._book.encounters)} "
                          f"encounter{'s' if len(self._book.encounters) != 1 else ''} · "
                          f"{len(self._book.party)} PC{'s' if len(self._book.party) != 1 else ''}"
                          f"{where}")

    # -- campaign actions -------------------------------------------------------------------

    def new_campaign(self) -> None:
        dialog = NewCampaignDialog(self._book.systems.names(), self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.create_campaign(dialog.name(), dialog.system_key())

    def create_campaign(self, name: str, system_key: str) -> CampaignRow | None:
        """Create it and show it, on the Party tab: the party is what it needs first."""
        self.notes.save()
        campaign = self._operations.create_campaign(name, system_key)
        if campaign is not None:
            self._book.view(stored_id(campaign))
            self.tabs.setCurrentWidget(self.party)
        return campaign

    def rename(self) -> None:
        campaign = self._book.campaign
        dialog = NameDialog("Rename campaign", "The campaign", campaign.name, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self._operations.rename_campaign(dialog.name())

    def toggle_archived(self) -> None:
        self._operations.toggle_archived()

    def new_session(self) -> None:
        self._operations.new_game_session()

    def _note_saved(self, text: str) -> None:
        self._operations.campaign_note(text)

    def done(self, result: int) -> None:
        self.notes.save()
        self.encounters.note.save()
        super().done(result)


def show_for(window: ShellWindow) -> CampaignManager:
    """Show ``window``'s campaign view, made the first time it is asked for."""
    # The window holds it as a QDialog, so as not to import this module at start-up.
    manager = window.campaign_manager
    if not isinstance(manager, CampaignManager):
        manager = window.campaign_manager = build(window)
    if manager.isVisible():  # already open, maybe behind: bring it up
        manager.raise_()
        manager.activateWindow()
    manager.show()
    return manager


def build(window: ShellWindow) -> CampaignManager:
    """The campaign view of ``window``: its store, session, stack and hooks."""
    store, session = window.store, window.session
    book = CampaignBook(store, window.systems, stored_id(session.campaign),
                        remembered_campaign(store))
    operations = CampaignOperations(book, session, window.session_hooks, window.undo_stack,
                                    window.show_message)
    manager = CampaignManager(operations, (window.rests.short_rest_action,
                                           window.rests.long_rest_action), window)
    book.setParent(manager)
    window.undo_stack.rolled_back.connect(book.reload)
    manager.open_requested.connect(lambda encounter_id: window.open_encounter_requested.emit(
        encounter_id, ""))  # no message: app.py says what was opened
    window.exchange.campaign_imported.connect(book.campaign_arrived)  # File › Import…
    window.exchange.campaign_removed.connect(book.campaign_gone)  # …and its Undo
    book.campaigns.changed.connect(lambda _row: window.update_title())
    book.encounters.changed.connect(lambda _row: window.update_title())
    manager.encounters.recap_requested.connect(
        lambda encounter_id: window.show_recap(encounter_id, manager))
    if window.players_page is not None:  # another encounter finished: "Last session"
        page = window.players_page
        book.encounters.changed.connect(lambda _row: page.refresh_last_session())
    return manager


def remembered_campaign(store: Store) -> int | None:
    """The campaign the view showed last time, if it is still there."""
    value = store.recalled(OPEN_CAMPAIGN) or ""
    ids = {c.id for c in store.campaigns()}
    return int(value) if value.isdigit() and int(value) in ids else None
