"""Players › Share on this network…: the action, and the Share dialog it opens.

The sharing itself (the page server, its key, the view written for the phones, the rolls they
send) is ``services/players_page.py``'s ``PlayersPage``; the window keeps only this way to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from encounter_app.services.players_page import PlayersPage

if TYPE_CHECKING:  # the dialog (and QR codes) load when the GM first opens it
    from encounter_app.ui.players.share_dialog import Claims, ShareDialog


class ShareControls(QObject):
    """*Share on this network…* for one window's ``page``."""

    def __init__(self, window: QWidget, page: PlayersPage) -> None:
        super().__init__(window)
        self._window, self.page = window, page
        self.dialog: ShareDialog | None = None
        # Who holds which character, with *Release* in the dialog: the page's claims.
        self.claims: Claims | None = page
        self.action = QAction("Share on this &network…", window, objectName="sharePageAction")
        self.action.setToolTip("Show the fight on the players' phones, and take their rolls: "
                               "an address and a QR code for the local network")
        self.action.triggered.connect(self.show_dialog)

    def show_dialog(self) -> ShareDialog:
        from encounter_app.ui.players.share_dialog import ShareDialog  # when first asked for

        if self.dialog is None:
            self.dialog = ShareDialog(self.page, self._window, claims=self.claims)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog
