"""Opens the player display on the screen the GM chose, full screen, and remembers the choice.

With a second screen (a projector, a monitor facing the table) the display fills it; on the
GM's only screen it opens as an ordinary window (F11 makes it full screen there too), since
covering the GM's own window would hide the controls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QObject, QSettings
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence, QScreen
from PySide6.QtWidgets import QMainWindow, QMenu

from encounter_app.services.fight.session import EncounterSession

if TYPE_CHECKING:
    from encounter_app.services.player_view import PlayerFeed
    from encounter_app.ui.players.display import PlayerDisplay

SCREEN_KEY = "playerDisplay/screen"
GEOMETRY_KEY = "playerDisplay/geometry"  # as a window on the GM's screen


def screen_label(number: int, screen: QScreen) -> str:
    size = screen.geometry().size()
    return f"Screen {number}: {screen.name() or 'unnamed'} ({size.width()}×{size.height()})"


class PlayerScreen(QObject):
    def __init__(self, window: QMainWindow, session: EncounterSession,
                 settings: QSettings) -> None:
        super().__init__(window)
        self._window, self._session, self._settings = window, session, settings
        self.display: PlayerDisplay | None = None  # made when first opened
        self.join_url = ""  # the players' page's address shown on it; "" for none
        self._feed: PlayerFeed | None = None
        self.action = QAction("&Player display", window, objectName="actionPlayerDisplay",
                              checkable=True, shortcut=QKeySequence("F5"))
        self.action.setToolTip("Open the players' window on the chosen screen (F5)")
        self.action.toggled.connect(self.set_shown)
        self.screen_menu = QMenu("Player display &screen", window)
        self.screen_menu.setObjectName("playerScreenMenu")
        self.screen_menu.aboutToShow.connect(self._fill_screens)

    def feed(self) -> PlayerFeed:
        """What the players may see of the fight, kept up to date: made when first asked for,
        by the display or by anything else that shows the players the fight."""
        if self._feed is None:
            from encounter_app.services.player_view import SessionFeed  # not at start

            self._feed = SessionFeed(self._session, self)
        return self._feed

    def set_join(self, url: str) -> None:
        """Show the players' page's QR code and address on the display ("": take it off)."""
        self.join_url = url
        if self.display is not None:
            self.display.set_join(url)

    def chosen_screen(self) -> QScreen:
        """The screen the GM picked; else one that is not the GM's; else the GM's own."""
        screens = QGuiApplication.screens()
        wanted = self._settings.value(SCREEN_KEY, "")
        for screen in screens:
            if screen.name() and screen.name() == wanted:
                return screen
        own = self._window.screen()
        return next((s for s in screens if s is not own), own)

    def choose(self, screen: QScreen) -> None:
        self._settings.setValue(SCREEN_KEY, screen.name())
        if self.display is not None and self.display.isVisible():
            self._place(self.display)

    def set_shown(self, shown: bool) -> None:
        if shown:
            if self.display is None:
                from encounter_app.ui.players.display import PlayerDisplay  # ui/__init__.py

                self.display = PlayerDisplay(self.feed(), self._window)
                self.display.closed.connect(self._closed)
                self.display.set_join(self.join_url)
            self._place(self.display)
        elif self.display is not None and self.display.isVisible():
            self.display.close()

    def _place(self, display: PlayerDisplay) -> None:
        screen = self.chosen_screen()
        if screen is self._window.screen():
            geometry = self._settings.value(GEOMETRY_KEY)
            if isinstance(geometry, QByteArray) and not display.isVisible():
                display.restoreGeometry(geometry)
            display.showNormal()
            return
        display.setScreen(screen)
        display.setGeometry(screen.geometry())
        display.showFullScreen()

    def _closed(self) -> None:
        assert self.display is not None  # the display's own signal: it exists
        if not self.display.isFullScreen():
            self._settings.setValue(GEOMETRY_KEY, self.display.saveGeometry())
        self.action.setChecked(False)

    def _fill_screens(self) -> None:
        self.screen_menu.clear()
        group = QActionGroup(self.screen_menu)
        chosen = self.chosen_screen()
        for number, screen in enumerate(QGuiApplication.screens(), 1):
            own = " — this window" if screen is self._window.screen() else ""
            action = QAction(screen_label(number, screen) + own, self.screen_menu,
                             checkable=True)
            action.setChecked(screen is chosen)
            action.triggered.connect(lambda _checked=False, s=screen: self.choose(s))
            group.addAction(action)
            self.screen_menu.addAction(action)
