"""The players' page server: the page on the players' phones, and their rolls back to the GM.

An aiohttp HTTP and WebSocket server on its own thread and asyncio event loop (DESIGN.md, "The
players' page"). Nothing here knows Qt, the store or a widget: the GUI thread hands it plain
data (``publish``: the page's JSON, already written; ``tell``: a line for one page) through
``loop.call_soon_threadsafe``, and it hands back each valid roll as a frozen
``PlayerRollSubmission`` through the ``received`` callback, called on the server's thread (the
caller turns it into a queued Qt signal).

Security, all here:

- Every address carries the key (``/p/KEY/``, 192 random bits); without it, or with a wrong
  one, every path answers 403 and nothing of the fight. ``new_key`` revokes every open page
  (its socket closes with ``REVOKED``).
- Only the page's own few files are served, looked up by name in ``ASSETS``: no path reaches
  the disk, so nothing outside them can be asked for.
- A page may send only roll submissions, each at most ``MAX_MESSAGE`` bytes, at most
  ``RATE_COUNT`` in ``RATE_SECONDS`` per page, checked with ``submission_problem`` here too;
  a refused one is answered with the reason. At most ``MAX_CONNECTIONS`` pages at once.
- The page only ever receives what ``publish`` was given: the players' view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import socket
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVarTuple

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.player_rolls import PlayerRollSubmission, submission_problem

if TYPE_CHECKING:
    from aiohttp import web

    from encounter_app.domain.player_view import PlayerView

Ts = TypeVarTuple("Ts")  # the arguments of a call handed to the server's loop

MAX_CONNECTIONS = 64
MAX_MESSAGE = 1024  # bytes: a roll submission is under 200
RATE_COUNT, RATE_SECONDS = 5, 10.0  # messages a page may send in that many seconds
KEY_BYTES = 24  # secrets.token_urlsafe: 192 bits, 32 characters
REVOKED = 4001  # the WebSocket close code of a page whose key the GM replaced
PAGES_KEPT = 512  # page ids remembered (for a reply after the phone slept)
HEARTBEAT = 20.0  # seconds between pings: a dead phone's socket is closed

#: The page's files: the name in the address, the file in ``assets``, its content type.
ASSETS = {
    "": ("index.html", "text/html; charset=utf-8"),
    "page.css": ("page.css", "text/css; charset=utf-8"),
    "page.js": ("page.js", "text/javascript; charset=utf-8"),
}
FORBIDDEN = ("This address is not valid (it may be an old one). Ask the GM to show the "
             "players' page code again.")
HEADERS = {
    # No outside requests, no inline script, no framing; the key never leaves in a Referer.
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


@fields_repr
@dataclass(frozen=True, repr=False)
class Character:
    """A character a player may pick: ``pick`` is the page's opaque name for it (the store's
    id never reaches the page: its gaps would count hidden combatants)."""

    pick: str
    name: str
    combatant_id: int | None


@fields_repr
@dataclass(frozen=True, repr=False)
class Snapshot:
    """What every page is sent: ``text`` is the JSON message, written on the GUI thread."""

    text: str
    characters: tuple[Character, ...] = ()


class PageServer:
    """Serve the page on ``host``:``port`` from ``start`` until ``stop``.

    ``received`` is called on the server's thread with each valid submission; ``counted``
    (optional) with the number of open pages whenever it changes.
    """

    def __init__(self, assets: Path, received: Callable[[PlayerRollSubmission], None], *,
                 key: str | None = None,
                 counted: Callable[[int], None] | None = None,
                 max_connections: int = MAX_CONNECTIONS,
                 rate: tuple[int, float] = (RATE_COUNT, RATE_SECONDS)) -> None:
        self._assets_dir = assets
        self._received, self._counted = received, counted
        self._key = key or new_key()
        self._max_connections = max_connections
        self._rate = rate
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self._address: tuple[str, int] = ("", 0)
        # Owned by the server's thread from here on:
        self._snapshot = Snapshot(json.dumps({"type": "view", "view": None, "characters": []}))
        self._characters: dict[str, Character] = {}
        self._sockets: dict[web.WebSocketResponse, str] = {}  # each open page: its page id
        self._pages: OrderedDict[str, str] = OrderedDict()  # page id -> last word for it
        self._sent: dict[str, deque[float]] = {}
        self._stop = asyncio.Event()
        self._dirty = asyncio.Event()
        self._assets: dict[str, bytes] = {}
        self._tasks: set[asyncio.Future[object]] = set()
        self._open = 0  # pages connected or connecting
        self.ready = threading.Event()  # set once the server answers requests

    # -- the GUI thread's side -----------------------------------------------------------------

    @property
    def key(self) -> str:
        return self._key

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def address(self) -> tuple[str, int]:
        return self._address

    @property
    def url(self) -> str:
        host, port = self._address
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/p/{self._key}/"

    @property
    def connections(self) -> int:
        return len(self._sockets)

    def start(self, host: str, port: int = 0) -> str:
        """Listen on ``host``:``port`` (0: any free port) and serve from a new thread; returns
        the page's address with its key. Raises OSError (the address is taken, or not this
        computer's) with nothing started.

        The socket is bound here, so the address is known and phones can connect at once; the
        thread imports aiohttp (a sixth of a second) and then answers them.
        """
        assert self._thread is None, "a PageServer starts once"
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
            sock.listen(128)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        self._sock = sock
        self._address = (host, sock.getsockname()[1])
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="players-page", daemon=True)
        self._thread.start()
        return self.url

    def stop(self, timeout: float = 5.0) -> bool:
        """Close every page and the server, and join its thread; False if it did not end."""
        if self._thread is None or self._loop is None:
            return True
        with contextlib.suppress(RuntimeError):  # its loop already closed
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def publish(self, snapshot: Snapshot) -> None:
        """Send ``snapshot`` to every page, and to each that opens later."""
        self._call(self._set_snapshot, snapshot)

    def tell(self, page: str, text: str) -> None:
        """A short line for one page (kept for it until it reconnects, if it is asleep)."""
        self._call(self._tell, page, text)

    def new_key(self, key: str | None = None) -> str:
        """Replace the key: every open page is closed and the old address answers 403."""
        self._key = key or new_key()
        self._call(self._revoke)
        return self.url

    def answer_to(self, received: Callable[[PlayerRollSubmission], None],
                  counted: Callable[[int], None] | None = None) -> None:
        """Hand submissions and counts to these from now on (a rebuilt window's)."""
        self._received, self._counted = received, counted

    def _call(self, callback: Callable[[*Ts], None], *args: *Ts) -> None:
        if self._loop is None:  # not started: the server keeps it for when it starts
            callback(*args)
            return
        with contextlib.suppress(RuntimeError):  # stopped: nobody to send it to
            self._loop.call_soon_threadsafe(callback, *args)

    # -- the server's thread -----------------------------------------------------------------

    def _run(self) -> None:
        assert self._loop is not None
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._serve())
        finally:
            self._loop.close()

    async def _serve(self) -> None:
        from aiohttp import web  # here, on the server's thread: not at the program's start

        for name, (file, _type) in ASSETS.items():
            self._assets[name] = (self._assets_dir / file).read_bytes()
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.router.add_get("/p/{key}/ws", self._socket)
        app.router.add_get("/p/{key}/{name:[a-z.]*}", self._file)
        app.router.add_route("*", "/{tail:.*}", self._forbidden)
        runner = web.AppRunner(app, access_log=None, handle_signals=False,
                               shutdown_timeout=1.0)
        await runner.setup()
        assert self._sock is not None
        site = web.SockSite(runner, self._sock)
        await site.start()
        broadcaster = asyncio.create_task(self._broadcast())
        self.ready.set()
        try:
            await self._stop.wait()
        finally:
            broadcaster.cancel()
            for ws in list(self._sockets):
                await ws.close(code=1001, message=b"The GM stopped sharing")
            await runner.cleanup()

    def _allowed(self, request: web.Request) -> bool:
        return secrets.compare_digest(request.match_info.get("key", "").encode(),
                                      self._key.encode())

    async def _forbidden(self, _request: web.Request) -> web.StreamResponse:
        from aiohttp import web

        return web.Response(status=403, text=FORBIDDEN, headers=HEADERS)

    async def _file(self, request: web.Request) -> web.StreamResponse:
        from aiohttp import web

        if not self._allowed(request):
            return await self._forbidden(request)
        name = request.match_info["name"]
        if name not in ASSETS:
            return web.Response(status=404, text="Not found", headers=HEADERS)
        return web.Response(body=self._assets[name], content_type=ASSETS[name][1].split(";")[0],
                            charset="utf-8", headers=HEADERS)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        from aiohttp import WSMsgType, web

        if not self._allowed(request):
            return await self._forbidden(request)
        if self._open >= self._max_connections:
            return web.Response(status=503, headers=HEADERS,
                                text="Too many pages are open: close one and try again.")
        self._open += 1  # counted before the handshake, which lets other pages in meanwhile
        # Uncompressed: a fight's view is a few kB, and deflating it once per phone would
        # take the interpreter from the GM's window at every change.
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=HEARTBEAT,
                                   compress=False)
        try:
            await ws.prepare(request)
            asked = request.query.get("page", "")
            page = asked if asked in self._pages else secrets.token_urlsafe(12)
            self._remember(page)
            self._sockets[ws] = page
            self._count()
            await ws.send_str(json.dumps({"type": "hello", "page": page}))
            await ws.send_str(self._snapshot.text)
            if said := self._pages.get(page):
                await ws.send_str(json.dumps({"type": "told", "text": said}))
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    break  # a page sends text only
                await self._take(ws, page, message.data)
        finally:
            self._open -= 1
            if self._sockets.pop(ws, None) is not None:
                self._count()
        return ws

    async def _take(self, ws: web.WebSocketResponse, page: str, text: str) -> None:
        """One message from a page: a roll, or refused with the reason."""
        problem, submission = self._read(page, text)
        if submission is not None:
            self._received(submission)
            await ws.send_str(json.dumps({"type": "sent"}))
        else:
            await ws.send_str(json.dumps({"type": "refused", "text": problem}))

    def _read(self, page: str, text: str) -> tuple[str, PlayerRollSubmission | None]:
        if page not in self._pages:  # revoked while this message was on its way
            return "This address no longer works: ask the GM for the new code.", None
        count, seconds = self._rate
        now = time.monotonic()
        sent = self._sent.setdefault(page, deque(maxlen=count))
        if len(sent) == count and now - sent[0] < seconds:
            return (f"Too many rolls at once: at most {count} in {seconds:g} seconds. "
                    "Wait a moment and send it again."), None
        sent.append(now)
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if not isinstance(data, dict) or data.get("type") != "roll":
            return "The page can only send action rolls.", None
        pick = data.get("pick")
        character = self._characters.get(pick) if isinstance(pick, str) else None
        if character is None:
            return ("That character is not in the fight now: pick yours again."
                    if pick and isinstance(pick, str) else "Pick your character first."), None
        modifier, hope, fear = data.get("modifier", 0), data.get("hope"), data.get("fear")
        if problem := submission_problem(character.name, modifier, hope, fear):
            return problem, None
        return "", PlayerRollSubmission(character.name, modifier, hope, fear,
                                        character.combatant_id, page)

    def _remember(self, page: str) -> None:
        self._pages.setdefault(page, "")
        self._pages.move_to_end(page)
        while len(self._pages) > PAGES_KEPT:
            gone, _said = self._pages.popitem(last=False)
            self._sent.pop(gone, None)

    def _count(self) -> None:
        if self._counted is not None:
            self._counted(len(self._sockets))

    def _set_snapshot(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        self._characters = {c.pick: c for c in snapshot.characters}
        self._dirty.set()

    async def _broadcast(self) -> None:
        """One sender, so every page gets the snapshots in order; a burst of changes sends
        the newest."""
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            text = self._snapshot.text
            await asyncio.gather(*(self._send(ws, text) for ws in list(self._sockets)))

    @staticmethod
    async def _send(ws: web.WebSocketResponse, text: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):  # it is closing
            await ws.send_str(text)

    def _tell(self, page: str, text: str) -> None:
        if page not in self._pages:
            return  # revoked, or never this server's
        self._pages[page] = text
        message = json.dumps({"type": "told", "text": text})
        for ws, its_page in list(self._sockets.items()):
            if its_page == page:
                self._later(self._send(ws, message))

    def _revoke(self) -> None:
        self._pages.clear()
        self._sent.clear()
        for ws in list(self._sockets):
            self._later(ws.close(code=REVOKED, message=b"The GM made a new key"))

    def _later(self, work: Awaitable[object]) -> None:
        """Run ``work`` on the loop, holding it until done (a task nobody holds may vanish)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


# -- what a page is sent, written on the GUI thread ------------------------------------------


def page_message(view: PlayerView, characters: tuple[Character, ...] = (), *,
                 system_name: str = "", spotlight: bool = True) -> Snapshot:
    """The JSON a page is sent for ``view`` (a ``domain.player_view.PlayerView``): that view
    and nothing else, the characters a player may pick (by their pick names only), and the
    words of the fight's system."""
    words = {"system": system_name,
             "order": "Spotlight order" if spotlight else "Turn order",
             "active": "Spotlight" if spotlight else "Their turn"}
    text = json.dumps({"type": "view", "view": view, "words": words,
                       "characters": [{"pick": c.pick, "name": c.name} for c in characters]},
                      ensure_ascii=False, separators=(",", ":"), default=_fields)
    return Snapshot(text, characters)


def _fields(value: object) -> dict[str, object]:
    """A frozen dataclass of the view as its fields, for json.dumps: what ``PlayerView.to_json``
    gives (tests/players_page/test_snapshot.py), in a ninth of the time with 1000 combatants
    (nothing copied), on the GUI thread at every change."""
    if not hasattr(value, "__dataclass_fields__"):
        raise TypeError(f"{type(value).__name__} is not part of a players' view")
    fields: dict[str, object] = vars(value)  # a frozen dataclass's: its fields, nothing else
    return fields
