"""Where the *Players' rolls* tab goes beside the roll log, in every system, and the Roll menu's
*Type a player's roll…*.

The tab (ui/players/inbox_tab.py) is made the first time it is wanted: chosen, a roll waiting
(one kept from before a restart, or one just sent), or a roll to type. Until then a stand-in
holds its place, so the first paint pays for neither its module nor its widgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QTabWidget, QWidget

from encounter_app.services.phone_inbox import TITLE, PhoneInbox

if TYPE_CHECKING:
    from encounter_app.services.fight.session import EncounterSession
    from encounter_app.ui.players.inbox_tab import PhoneInboxTab


class InboxPlace(QObject):
    """The tab's place in ``tabs``: the stand-in, then the tab itself."""

    def __init__(self, tabs: QTabWidget, inbox: PhoneInbox, session: EncounterSession,
                 window: QWidget) -> None:
        super().__init__(window)
        self._tabs, self._inbox, self._session = tabs, inbox, session
        self._tab: PhoneInboxTab | None = None
        self._stand_in = QWidget(objectName="playerRolls")
        self._stand_in.setAccessibleName(TITLE)
        count = len(inbox.waiting)
        tabs.addTab(self._stand_in, f"{TITLE} ({count})" if count else TITLE)
        self.type_action = QAction("T&ype a player's roll…", window,
                                   objectName="typePlayerDiceAction")
        self.type_action.setToolTip("Record a roll a player made at the table with the "
                                    "table's dice, in this game's own roll")
        self.type_action.triggered.connect(lambda: self.tab.type_roll())
        tabs.currentChanged.connect(self._chosen)
        inbox.changed.connect(self._changed)

    @property
    def tab(self) -> PhoneInboxTab:
        """The tab, made now if it was not yet, in its stand-in's place."""
        if self._tab is None:
            from encounter_app.ui.players.inbox_tab import PhoneInboxTab  # see ui/__init__.py

            tabs, stand_in = self._tabs, self._stand_in
            tab = self._tab = PhoneInboxTab(self._inbox, self._session)
            place = tabs.indexOf(stand_in)
            if place >= 0:
                chosen = tabs.currentIndex() == place
                blocked = tabs.blockSignals(True)  # the same tab, another widget
                tabs.insertTab(place, tab, tabs.tabText(place))
                tabs.removeTab(place + 1)
                if chosen:
                    tabs.setCurrentIndex(place)
                tabs.blockSignals(blocked)
                tab.refresh()  # its title counts what waits
            stand_in.deleteLater()
        return self._tab

    def _chosen(self, _index: int) -> None:
        if self._tab is None and self._tabs.currentWidget() is self._stand_in:
            _ = self.tab

    def _changed(self, _name: str) -> None:
        if self._tab is None and self._inbox.waiting:
            _ = self.tab
