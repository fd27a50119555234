"""The players' page on their phones, their characters and their rolls back: the sharing of
it, for one window.

``PlayersPage`` (``window.players_page``) owns the page server (services/page_server.py) while
the GM shares. On the GUI thread it makes each new players' view (the same ``PlayerFeed`` the
player display renders) a ``Frame`` with the change since the last (services/page_frames.py),
and hands that plain data to the server's thread; a burst of changes is sent once, when the
event loop is next free.

A phone holds one character (docs/phone_protocol.md): which phone holds which is decided here,
kept in the store through a ``ClaimBook`` (so a restart keeps it) and mirrored to the server,
which checks each roll against the character's forms. The phone gets that character's own
sheet, forms and rolls (``own``: the system's ``phone_sheet`` and ``phone_forms``, the inbox's
``history``), again whenever they change, and nobody else's. Every page can open the players'
recap of the campaign's last finished encounter ("Last session"): made here from the
window's ``Recaps`` (``set_recaps``) when sharing starts and whenever an encounter is finished
or reopened, and handed to the server as plain text. A roll comes back from the
server's thread as a frozen ``PhoneSubmission`` through a queued signal and goes to the GM's
inbox (services/phone_inbox.py, ``set_inbox``), and out as ``roll_received``; the page hears
``sent``, or the inbox's refusal. ``claims`` and ``release`` are the Share dialog's
(ui/players/share_dialog.py).

Off until the GM turns it on, and off again at the next start unless the GM ticked *Keep
sharing* (the address then stays the same: key, interface and port are remembered).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QSettings, QTimer, Signal

from encounter_app.domain.rows import CombatantRow, stored_id
from encounter_app.domain.system import TurnOrder
from encounter_app.resources import resource
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.networks import interfaces

if TYPE_CHECKING:  # the server, asyncio and QtNetwork load when the GM first shares
    from encounter_app.domain.player_rolls import PhoneSubmission
    from encounter_app.services.page_frames import Character, Differ, LastSession, Own
    from encounter_app.services.page_server import Claim, PageServer
    from encounter_app.services.phone_inbox import PhoneInbox
    from encounter_app.services.player_view import PlayerFeed
    from encounter_app.services.recap import Recaps
    from encounter_app.store import Store

log = logging.getLogger(__name__)

LOOPBACK = "127.0.0.1"
KEEP_KEY = "playersPage/keep"  # share again at the next start, at the same address
HOST_KEY = "playersPage/host"
PORT_KEY = "playersPage/port"
SECRET_KEY = "playersPage/key"  # only while KEEP_KEY is set
RECEIVED = "Your roll is in the GM's queue."


def characters_of(combatants: list[CombatantRow], picks: dict[int, str]) -> tuple[Character, ...]:
    """The PCs a player may claim (``domain.player_view.rollers``: a hidden one too, its
    player is at the table), each under its pick name (made once per combatant, in
    ``picks``, so a page's choice stays valid while the fight changes)."""
    import secrets

    from encounter_app.domain.player_view import rollers
    from encounter_app.services.page_frames import Character

    chosen = []
    for row in rollers(combatants):
        assert row.id is not None  # rollers are stored combatants
        pick = picks.get(row.id)
        if pick is None:
            pick = picks[row.id] = secrets.token_urlsafe(6)
        chosen.append(Character(pick, row.name, row.id))
    return tuple(chosen)


NOT_KEPT = "The GM's program could not keep that: try again."


def released_words(name: str) -> str:
    return f"The GM let go of {name} for you: pick your character again."


def phone_label(device: str) -> str:
    """A phone as the GM reads it ("phone 3F2A"): from its token's hash, never the token."""
    return "phone " + hashlib.sha256(device.encode()).hexdigest()[:4].upper()


class ClaimBook(Protocol):
    """Where the campaign's claims are kept: device -> the character's name."""

    def load(self) -> dict[str, str]: ...

    def save(self, device: str, name: str | None) -> None:
        """``device`` holds ``name`` (None: nothing); whatever held ``name`` lets go."""


class StoreClaims:
    """The claims of one campaign, kept in the store (``Store.phone_claims``)."""

    def __init__(self, store: Store, campaign_id: int) -> None:
        self._store, self._campaign_id = store, campaign_id

    def load(self) -> dict[str, str]:
        return self._store.phone_claims(self._campaign_id)

    def save(self, device: str, name: str | None) -> None:
        self._store.set_phone_claim(self._campaign_id, device, name)


def store_claims(session: EncounterSession) -> ClaimBook:
    """The claims of the session's campaign: the store keeps them across restarts."""
    return StoreClaims(session.store, stored_id(session.campaign))


class PlayersPage(QObject):
    """The sharing of the players' page for one window's fight (``take_over`` passes it on
    to the next window's)."""

    roll_received = Signal(object)  # PhoneSubmission, on the GUI thread, after the inbox
    sharing_changed = Signal(bool)
    pages_changed = Signal(int)  # how many pages are open
    claims_changed = Signal()  # a phone claimed a character, let go of one, or was let go
    # From the server's thread; queued to this object's (the GUI) thread.
    _arrived = Signal(object)
    _asked = Signal(object)
    _counted = Signal(int)

    def __init__(self, session: EncounterSession, feed: Callable[[], PlayerFeed],
                 settings: QSettings, parent: QObject | None = None, *,
                 inbox: PhoneInbox | None = None,
                 claims: Callable[[EncounterSession], ClaimBook] = store_claims) -> None:
        super().__init__(parent)
        self._session, self._feed_of = session, feed
        self._settings = settings
        self._feed: PlayerFeed | None = None
        self._picks: dict[int, str] = {}
        self.server: PageServer | None = None
        self._differ: Differ | None = None
        self._book_of = claims
        self._book: ClaimBook | None = None  # read when first needed: not at the start
        self._claims: dict[str, str] = {}  # device -> the character's name
        self._owns: dict[str, Own | None] = {}  # device -> what its pages were last sent
        self._rows: dict[str, CombatantRow] = {}  # name -> the row its own was made from
        self._stale: set[str] = set()  # names whose rolls changed: their own is made again
        self._characters_changed = False
        self._pcs: list[tuple[int | None, str]] = []  # the PCs listed last, and the list
        self._listed: tuple[Character, ...] = ()
        self._words = ""  # the page's words for the fight's system, as JSON
        self._inbox: PhoneInbox | None = None
        self._recaps: Callable[[], Recaps] | None = None
        self._last: LastSession | None = None  # the players' recap the server has
        self._last_again = False  # sent even if unchanged: a new server has none
        # Made again once the step that finished (or reopened) an encounter is done, when
        # the event loop is next free: never from inside its transaction.
        self._last_timer = QTimer(self, singleShot=True, interval=0)
        self._last_timer.timeout.connect(self._send_last)
        self._taking = ""  # the page whose roll the inbox is taking now
        self._was_refused = False
        # A burst of changes (one GM action moves many rows) is written and sent once, when
        # the event loop is next free: the newest view.
        self._send_timer = QTimer(self, singleShot=True, interval=0)
        self._send_timer.timeout.connect(self._send_pending)
        self._arrived.connect(self.take)
        self._asked.connect(self._claim)
        self._counted.connect(self.pages_changed)
        self._watch(session)
        if inbox is not None:
            self.set_inbox(inbox)

    def _watch(self, session: EncounterSession) -> None:
        """A claimed character's own numbers change without the players' view changing."""
        rows = session.combatants
        for signal in (rows.inserted, rows.removed, rows.changed, rows.was_reset):
            signal.connect(self._schedule)
        # The open encounter finished, reopened or renamed: "Last session" may be another.
        session.entry_changed.connect(lambda _entry: self.refresh_last_session())

    @property
    def inbox(self) -> PhoneInbox | None:
        return self._inbox

    def set_inbox(self, inbox: PhoneInbox) -> None:
        """The GM's inbox the rolls go to; its answers go back to the pages."""
        if inbox is self._inbox:
            return
        if self._inbox is not None:
            with contextlib.suppress(RuntimeError):  # it was deleted with its window
                self._inbox.changed.disconnect(self._history_changed)
                self._inbox.refused.disconnect(self._refused)
        self._inbox = inbox
        inbox.changed.connect(self._history_changed)
        inbox.refused.connect(self._refused)
        if self.server is not None:  # the phones' rolls are this inbox's now
            self._history_changed("")

    def set_recaps(self, recaps: Callable[[], Recaps]) -> None:
        """Where the players' recap of the last finished encounter comes from (the window's
        ``Recaps``, asked for when first needed: a start that shares nothing makes none): the
        pages can open it ("Last session")."""
        self._recaps = recaps
        self.refresh_last_session()

    def refresh_last_session(self, *, again: bool = False) -> None:
        """An encounter of the campaign was finished, reopened or renamed: the pages' "Last
        session" is made again (once the event loop is free, after the window's first paint
        at a start that shares at once) and sent if it changed (``again``: even if not)."""
        self._last_again = self._last_again or again
        if self.server is not None and self._recaps is not None:
            self._last_timer.start()

    def _send_last(self) -> None:
        """The players' recap of the campaign's newest finished encounter, made here on the
        GUI thread, to the server as plain text."""
        from encounter_app.services.page_frames import LastSession
        from encounter_app.store.errors import StoreError

        again, self._last_again = self._last_again, False
        server, recaps = self.server, self._recaps
        if server is None or recaps is None:
            return
        try:
            recap = recaps().last_for_players(stored_id(self._session.campaign))
        except StoreError:  # the pages keep the one they have
            log.exception("the players' recap was not made")
            return
        last = None if recap is None else LastSession(recap.title, recap.html)
        if again or last != self._last:
            self._last = last
            server.set_last_session(last)

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

    def claims(self) -> Mapping[str, str]:
        """Who holds which character: the character's name -> the phone ("phone 3F2A")."""
        return {name: phone_label(device) for device, name in self._held().items()}

    # -- what the GM does ------------------------------------------------------------------------

    def share(self, host: str | None = None, port: int | None = None) -> str:
        """Serve the page; returns its address (with the key). Raises OSError, with nothing
        started, when the address cannot be used (the port is taken...)."""
        from encounter_app.services.page_frames import Differ
        from encounter_app.services.page_server import PageServer

        host = host or self.host
        kept = self.keep
        remembered = int(str(self._settings.value(PORT_KEY, 0) or 0)) if kept else 0
        key = str(self._settings.value(SECRET_KEY, "") or "") if kept else ""
        self.stop()

        def server_() -> PageServer:
            return PageServer(resource("players_page"), self._arrived.emit,
                              asked=self._asked.emit, key=key or None,
                              counted=self._counted.emit)

        server = server_()
        try:
            server.start(host, remembered if port is None else port)
        except OSError:
            if port is not None or not remembered:
                raise  # the port asked for is taken: say so
            server = server_()
            server.start(host, 0)  # the remembered port is taken now: any free one
        self.server, self._differ = server, Differ()  # a new server: new keys
        self._settings.setValue(HOST_KEY, host)
        if kept:
            self.set_keep(True)  # remember this address
        feed = self._feed_of()
        if feed is not self._feed:
            self._feed = feed
            feed.changed.connect(self._schedule)
        self._owns.clear()
        self._send_pending(everyone=True)  # there before the first page asks
        self.refresh_last_session(again=True)
        self.sharing_changed.emit(True)
        return server.url

    def stop(self) -> bool:
        """Stop sharing: tell and close every page and join the server's thread. False if it
        hung."""
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
        """A new address: every open page is told and closed, the old address answers 403."""
        if self.server is None:
            return ""
        url = self.server.new_key()
        if self.keep:
            self._settings.setValue(SECRET_KEY, self.server.key)
        self.sharing_changed.emit(True)
        return url

    def release(self, name: str) -> None:
        """Let go of ``name`` for the phone that holds it (the player lost it, or left): that
        phone is told, and picks a character again."""
        device = next((d for d, n in self._held().items() if n == name), None)
        if device is None:
            return
        if not self._keep_claim(device, None):
            return
        if self.server is not None:
            self.server.release(device, released_words(name))
        self._owns[device] = None

    def tell(self, page: str, text: str) -> None:
        """A short line for the page that sent a roll (nothing when it was typed by the GM)."""
        if self.server is not None and page:
            self.server.tell(page, text)

    def take_over(self, old: PlayersPage) -> None:
        """This window replaces ``old``'s (a restored backup, another encounter): the pages
        stay open and follow the new fight, each phone keeping its character if the new
        fight's campaign has it."""
        server, old.server = old.server, None
        if server is None:
            return
        with contextlib.suppress(RuntimeError):
            if old._feed is not None:
                old._feed.changed.disconnect(old._schedule)
        self._picks, self._differ, self._owns = old._picks, old._differ, old._owns
        server.answer_to(self._arrived.emit, self._asked.emit, self._counted.emit)
        self.server = server
        self._feed = self._feed_of()
        self._feed.changed.connect(self._schedule)
        self._send_pending(everyone=True)
        self.refresh_last_session(again=True)  # another campaign's, maybe
        self.sharing_changed.emit(True)

    # -- the phones' claims ------------------------------------------------------------------

    def _held(self) -> dict[str, str]:
        if self._book is None:
            self._book = self._book_of(self._session)
            self._claims = self._book.load()
        return self._claims

    def _keep_claim(self, device: str, name: str | None) -> bool:
        """``device`` holds ``name`` from now on (None: nothing), kept in the store; False
        when the store refused it (logged)."""
        from encounter_app.store.errors import StoreError

        self._held()
        assert self._book is not None
        try:
            self._book.save(device, name)
        except StoreError:
            log.exception("a phone's claim was not kept")
            return False
        self._claims = {d: n for d, n in self._claims.items() if d != device and n != name}
        if name is not None:
            self._claims[device] = name
        self._characters_changed = True
        self._schedule()
        self.claims_changed.emit()
        return True

    def _claim(self, ask: Claim) -> None:
        """A phone asks to hold a character, or to let go (here on the GUI thread)."""
        from encounter_app.services.page_server import NOT_IN_FIGHT, held_words

        if self.server is None:
            return
        server = self.server
        if not ask.pick:
            if self._held().get(ask.device) is not None:
                self._keep_claim(ask.device, None)
            self._send_owns({ask.device})
            return
        character = next((c for c in self._characters() if c.pick == ask.pick), None)
        if character is None:
            server.answer(ask.page, "refused", NOT_IN_FIGHT)
            return
        holder = next((d for d, n in self._held().items() if n == character.name), None)
        if holder is not None and holder != ask.device:
            server.answer(ask.page, "refused", held_words(character.name))
            return
        if holder is None and not self._keep_claim(ask.device, character.name):
            server.answer(ask.page, "refused", NOT_KEPT)
            return
        self._send_owns({ask.device})

    def _own(self, name: str, row: CombatantRow) -> Own:
        """``row``'s own sheet, forms and rolls, as its phone gets them."""
        from encounter_app.services.page_frames import Character, Own, own_text

        assert row.id is not None  # a character in the fight is stored
        system = self._session.system
        pick = self._picks.get(row.id)
        if pick is None:
            self._characters()  # every PC's pick made
            pick = self._picks[row.id]
        forms = system.phone_forms(row)
        history = self._inbox.history(name) if self._inbox is not None else ()
        text = own_text(Character(pick, name, row.id), system.phone_sheet(row), forms, history)
        return Own(name, pick, row.id, forms, text)

    def _send_owns(self, forced: Collection[str] = ()) -> None:
        """Each claimed phone's own character, to the server when it changed (``forced``: the
        devices sent it again anyway)."""
        server = self.server
        if server is None:
            return
        from encounter_app.domain.player_view import rollers

        rows: dict[str, CombatantRow] = {}
        for row in rollers(self._session.combatants):
            rows.setdefault(row.name, row)
        stale, self._stale = self._stale, set()
        claims = self._held()
        for device in set(self._owns) - set(claims):  # let go of
            if self._owns.pop(device) is not None:
                server.set_own(device, None)
        for device, name in claims.items():
            held = rows.get(name)
            was = self._owns.get(device)
            if held is None:
                own = None
            elif (was is not None and was.name == name and self._rows.get(name) is held
                  and name not in stale and device not in forced):
                continue  # unchanged
            else:
                own = self._own(name, held)
                self._rows[name] = held
            if device in forced or device not in self._owns or (
                    (was.text if was is not None else None)
                    != (own.text if own is not None else None)):
                self._owns[device] = own
                server.set_own(device, own)

    def _history_changed(self, name: str) -> None:
        """The inbox's rolls of ``name`` (every character's: "") changed."""
        self._stale.update([name] if name else self._held().values())
        self._schedule()

    # -- between the threads ------------------------------------------------------------------

    def _characters(self) -> tuple[Character, ...]:
        """The PCs a phone may claim: the last ones again while they stay as they were (the
        same objects, so the last frame's compare at once)."""
        pcs = [(c.id, c.name) for c in self._session.combatants if c.kind == "pc"]
        if pcs != self._pcs:
            self._pcs = pcs
            self._listed = characters_of(list(self._session.combatants), self._picks)
        return self._listed

    def _schedule(self, *_args: object) -> None:
        if self.server is not None:
            self._send_timer.start()

    def _send_pending(self, *, everyone: bool = False) -> None:
        """The newest view to every page, if it changed; each claimed phone's own, if that
        changed (``everyone``: to every claimed phone)."""
        from encounter_app.services.page_frames import words_text

        server, differ = self.server, self._differ
        if server is None or differ is None or self._feed is None:
            return
        if self._owns or self._held():
            self._send_owns(set(self._held()) if everyone else ())
        view = self._feed.view
        session = self._session
        characters = self._characters()
        if not self._words:
            system = session.system
            self._words = words_text(system.name, system.turn_order is TurnOrder.SPOTLIGHT)
        words = self._words
        last = differ.last
        if (not everyone and not self._characters_changed and last is not None
                and last.view is view and last.characters == characters
                and last.words == words):
            return
        ids = [c.id for c in session.combatants if not c.hidden]
        server.publish(differ.frame(view, ids, words, characters,
                                    characters_changed=self._characters_changed))
        self._characters_changed = False

    def take(self, submission: PhoneSubmission) -> None:
        """A player's roll, here on the GUI thread: to the GM's inbox; the page hears it is in
        the GM's queue (or the inbox's refusal), and it goes on as ``roll_received``."""
        self._taking, self._was_refused = submission.page, False
        try:
            if self._inbox is not None:
                self._inbox.receive(submission)
        finally:
            self._taking = ""
        if self.server is not None and submission.page and not self._was_refused:
            self.server.answer(submission.page, "sent", RECEIVED)
        self.roll_received.emit(submission)

    def _refused(self, page: str, words: str) -> None:
        """The inbox did not take a roll: its page hears why."""
        if page and page == self._taking:
            self._was_refused = True
        if self.server is not None and page:
            self.server.answer(page, "refused", words)
