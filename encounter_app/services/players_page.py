"""The players' page on their phones, and their rolls back: the sharing of it, for one window.

``PlayersPage`` (``window.players_page``) owns the page server (services/page_server.py) while
the GM shares. On the GUI thread it writes each new players' view (the same ``PlayerFeed`` the
player display renders) as the page's JSON and hands that plain text to the server's thread; a
player's roll comes back from that thread as a frozen ``PlayerRollSubmission`` through a queued
signal and leaves as ``roll_received``, on this thread, for the GM's inbox (Daggerheart's:
systems/daggerheart/services/player_inbox.py). ``tell`` sends one page a short line
("Recorded: Success with Hope"). The window keeps only the action and the Share dialog
(ui/players/share.py, share_dialog.py).

Off until the GM turns it on, and off again at the next start unless the GM ticked *Keep
sharing* (the address then stays the same: key, interface and port are remembered).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, QTimer, Signal

from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.system import TurnOrder
from encounter_app.resources import resource
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.networks import interfaces

if TYPE_CHECKING:  # the server, asyncio and QtNetwork load when the GM first shares
    from encounter_app.domain.player_rolls import PlayerRollSubmission
    from encounter_app.domain.player_view import PlayerView
    from encounter_app.services.page_server import Character, PageServer, Snapshot
    from encounter_app.services.player_view import PlayerFeed

log = logging.getLogger(__name__)

LOOPBACK = "127.0.0.1"
KEEP_KEY = "playersPage/keep"  # share again at the next start, at the same address
HOST_KEY = "playersPage/host"
PORT_KEY = "playersPage/port"
SECRET_KEY = "playersPage/key"  # only while KEEP_KEY is set
RECEIVED = "Your roll is in the GM's queue."


def characters_of(combatants: list[CombatantRow], picks: dict[int, str]) -> tuple[Character, ...]:
    """The PCs a player may roll for (``domain.player_view.rollers``: a hidden one too, its
    player is at the table), each under its pick name (made once per combatant, in
    ``picks``, so a page's choice stays valid while the fight changes)."""
    import secrets

    from encounter_app.domain.player_view import rollers
    from encounter_app.services.page_server import Character

    chosen = []
    for row in rollers(combatants):
        assert row.id is not None  # rollers are stored combatants
        pick = picks.setdefault(row.id, secrets.token_urlsafe(6))
        chosen.append(Character(pick, row.name, row.id))
    return tuple(chosen)


class PlayersPage(QObject):
    """The sharing of the players' page for one window's fight (``take_over`` passes it on
    to the next window's)."""

    roll_received = Signal(object)  # PlayerRollSubmission, on the GUI thread
    sharing_changed = Signal(bool)
    pages_changed = Signal(int)  # how many pages are open
    # From the server's thread; queued to this object's (the GUI) thread.
    _arrived = Signal(object)
    _counted = Signal(int)

    def __init__(self, session: EncounterSession, feed: Callable[[], PlayerFeed],
                 settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session, self._feed_of = session, feed
        self._settings = settings
        self._feed: PlayerFeed | None = None
        self._picks: dict[int, str] = {}
        self.server: PageServer | None = None
        # A burst of changes (one GM action moves many rows) is written and sent once, when
        # the event loop is next free: the newest view.
        self._pending: PlayerView | None = None
        self._send_timer = QTimer(self, singleShot=True, interval=0)
        self._send_timer.timeout.connect(self._send_pending)
        self._arrived.connect(self.take)
        self._counted.connect(self.pages_changed)

    # -- state ---------------------------------------------------------------------------------

    @property
    def sharing(self) -> bool:
        return self.server is not None

    @property
    def url(self) -> str:
        return self.server.url if self.server is not None else ""

    @property
    def keep(self) -> bool:
        return self._settings.value(KEEP_KEY, False, type=bool) is True

    def set_keep(self, keep: bool) -> None:
        """Share again at the next start (at this same address), or not."""
        self._settings.setValue(KEEP_KEY, keep)
        if keep and self.server is not None:
            self._settings.setValue(SECRET_KEY, self.server.key)
            self._settings.setValue(PORT_KEY, self.server.address[1])
        elif not keep:
            self._settings.remove(SECRET_KEY)

    @property
    def host(self) -> str:
        """The address to listen on: the GM's choice while this computer still has it, else
        the first of the local network (else this computer only)."""
        choices = [address for _label, address in interfaces()]
        chosen = str(self._settings.value(HOST_KEY, "") or "")
        return chosen if chosen in choices else choices[0]

    # -- what the GM does ------------------------------------------------------------------------

    def share(self, host: str | None = None, port: int | None = None) -> str:
        """Serve the page; returns its address (with the key). Raises OSError, with nothing
        started, when the address cannot be used (the port is taken...)."""
        from encounter_app.services.page_server import PageServer

        host = host or self.host
        kept = self.keep
        remembered = int(str(self._settings.value(PORT_KEY, 0) or 0)) if kept else 0
        key = str(self._settings.value(SECRET_KEY, "") or "") if kept else ""
        self.stop()
        server = PageServer(resource("players_page"), self._arrived.emit, key=key or None,
                            counted=self._counted.emit)
        try:
            server.start(host, remembered if port is None else port)
        except OSError:
            if port is not None or not remembered:
                raise  # the port asked for is taken: say so
            server = PageServer(resource("players_page"), self._arrived.emit,
                                key=key or None, counted=self._counted.emit)
            server.start(host, 0)  # the remembered port is taken now: any free one
        self.server = server
        self._settings.setValue(HOST_KEY, host)
        if kept:
            self.set_keep(True)  # remember this address
        feed = self._feed_of()
        if feed is not self._feed:
            self._feed = feed
            feed.changed.connect(self._publish)
        server.publish(self.snapshot(feed.view))  # there before the first page asks
        self.sharing_changed.emit(True)
        return server.url

    def stop(self) -> bool:
        """Stop sharing: close every page and join the server's thread. False if it hung."""
        server, self.server = self.server, None
        if server is None:
            return True
        stopped = server.stop()
        if not stopped:
            log.warning("the players' page server did not stop in time")
        self.pages_changed.emit(0)
        self.sharing_changed.emit(False)
        return stopped

    def new_key(self) -> str:
        """A new address: every open page is closed and the old address answers 403."""
        if self.server is None:
            return ""
        url = self.server.new_key()
        if self.keep:
            self._settings.setValue(SECRET_KEY, self.server.key)
        self.sharing_changed.emit(True)
        return url

    def tell(self, page: str, text: str) -> None:
        """A short line for the page that sent a roll (nothing when it was typed by the GM)."""
        if self.server is not None and page:
            self.server.tell(page, text)

    def take_over(self, old: PlayersPage) -> None:
        """This window replaces ``old``'s (a restored backup, another encounter): the pages
        stay open and follow the new fight."""
        server, old.server = old.server, None
        if server is None:
            return
        with contextlib.suppress(RuntimeError):
            if old._feed is not None:
                old._feed.changed.disconnect(old._publish)
        self._picks = old._picks
        server.answer_to(self._arrived.emit, self._counted.emit)
        self.server = server
        self._feed = self._feed_of()
        self._feed.changed.connect(self._publish)
        server.publish(self.snapshot(self._feed.view))
        self.sharing_changed.emit(True)

    # -- between the threads ------------------------------------------------------------------

    def snapshot(self, view: PlayerView) -> Snapshot:
        """What every page is sent for ``view``, written here on the GUI thread."""
        from encounter_app.services.page_server import page_message

        system = self._session.system
        characters = characters_of(list(self._session.combatants), self._picks)
        return page_message(view, characters, system_name=system.name,
                            spotlight=system.turn_order is TurnOrder.SPOTLIGHT)

    def _publish(self, view: PlayerView) -> None:
        self._pending = view
        self._send_timer.start()

    def _send_pending(self) -> None:
        view, self._pending = self._pending, None
        if self.server is not None and view is not None:
            self.server.publish(self.snapshot(view))

    def take(self, submission: PlayerRollSubmission) -> None:
        """A player's roll, here on the GUI thread: the page hears it was received, and it
        goes on (``roll_received``) to whoever keeps the rolls waiting."""
        # Received first: the inbox's own answer (refused, recorded) comes after it.
        self.tell(submission.page, RECEIVED)
        self.roll_received.emit(submission)
