"""The players' page server: the page on the players' phones, and their claims and rolls back
to the GM.

An aiohttp HTTP and WebSocket server on its own thread and asyncio event loop (DESIGN.md, "The
players' page"; the messages: docs/phone_protocol.md). Nothing here knows Qt, the store or a
widget: the GUI thread hands it plain frozen data through ``loop.call_soon_threadsafe``
(``publish``: each players' view as a ``Frame``, its delta already written; ``set_own``: a
claimed character's own sheet and forms, for its phone; ``tell`` and ``answer``: a line for one
page), and it hands back, through callbacks called on the server's thread (the caller turns
them into queued Qt signals), each roll that passed its checks as a frozen ``PhoneSubmission``
(``received``) and each claim a phone asks for as a ``Claim`` (``asked``): which phone holds
which character is the GUI thread's to decide and to keep.

Security, all here:

- Every address carries the key (``/p/KEY/``, 192 random bits); without it, or with a wrong
  one, every path answers 403 and nothing of the fight. ``new_key`` revokes every open page
  (told ``closed`` "revoked", then closed with ``REVOKED``).
- Only the page's own few files are served, looked up by name in ``ASSETS``: no path reaches
  the disk, so nothing outside them can be asked for.
- A page names its phone (``device``: the phone's own random token, 16 to 64 characters); a
  phone holds at most one character, and sends rolls for that one only, each checked against
  that character's forms (``PhoneForm.problem``). Every message is at most ``MAX_MESSAGE``
  bytes; at most ``RATE_COUNT`` in ``RATE_SECONDS`` of each kind, counted per claimed
  character (a phone's rolls, claims of a character), else per phone: a fresh connection
  starts no new count. Anything refused is answered with the reason, in words.
- At most ``MAX_CONNECTIONS`` pages at once: one more is told so (``closed`` "too_many") and
  closed with ``TOO_MANY``.
- A page only ever receives the players' view (``publish``), its own phone's character
  (``set_own``), the lines meant for it, and the players' recap of the last finished
  encounter (``set_last_session``: made on the GUI thread from the players' version,
  ``GET /p/KEY/last-session``; a page is told its title in a ``last`` message).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
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
from encounter_app.domain.player_rolls import PhoneForm, PhoneSubmission
from encounter_app.services.page_frames import (
    Character,
    Frame,
    LastSession,
    Own,
    characters_text,
    frame_text,
    last_text,
    message,
    own_text,
    view_text,
)

if TYPE_CHECKING:
    from aiohttp import web

log = logging.getLogger(__name__)

Ts = TypeVarTuple("Ts")  # the arguments of a call handed to the server's loop

MAX_CONNECTIONS = 64
MAX_MESSAGE = 1024  # bytes: a roll is under 300
RATE_COUNT, RATE_SECONDS = 5, 10.0  # messages of a kind in that many seconds (see the module)
KEY_BYTES = 24  # secrets.token_urlsafe: 192 bits, 32 characters
REVOKED = 4001  # the WebSocket close code of a page whose key the GM replaced
NO_DEVICE = 4002  # a page that did not name its phone
TOO_MANY = 4003  # a page beyond MAX_CONNECTIONS
STOPPED = 1001  # the GM stopped sharing ("going away")
PAGES_KEPT = 512  # page ids remembered (for a reply after the phone slept)
LIMITS_KEPT = 4096  # counts of recent messages kept (per character, per phone)
BACKLOG = 256  # messages waiting for one page: more, and it is closed (it reconnects)
HEARTBEAT = 20.0  # seconds between pings: a dead phone's socket is closed
DEVICE = re.compile(r"[A-Za-z0-9_-]{16,64}")

#: The page's files: the name in the address, the file in ``assets``, its content type.
ASSETS = {
    "": ("index.html", "text/html; charset=utf-8"),
    "page.css": ("page.css", "text/css; charset=utf-8"),
    "page.js": ("page.js", "text/javascript; charset=utf-8"),
    "manifest.webmanifest": ("manifest.webmanifest", "application/manifest+json"),
    "icon.svg": ("icon.svg", "image/svg+xml"),
    "icon-192.png": ("icon-192.png", "image/png"),
    "icon-512.png": ("icon-512.png", "image/png"),
}
LAST_SESSION = "last-session"  # the players' recap of the last finished encounter
# The recap is a whole page with its styles inline, and no script: its own policy.
LAST_SESSION_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                       "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
NO_LAST_SESSION = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>No recap yet</title></head>
<body style="font-family: system-ui, sans-serif; margin: 1.5rem; line-height: 1.5">
<h1>No recap yet</h1>
<p>The GM has not finished an encounter of this campaign yet. Once they do, its recap (what
you saw of it) opens here.</p>
<p><a href="./">Back to the fight</a></p>
</body></html>
"""
FORBIDDEN = ("This address is not valid (it may be an old one). Ask the GM to show the "
             "players' page code again.")
HEADERS = {
    # No outside requests, no inline script, no framing; the key never leaves in a Referer.
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; "
                               "manifest-src 'self'; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}

# What a page is told, in words a player understands.
STOPPED_WORDS = ("The GM stopped sharing the fight. This page picks it up again by itself "
                 "when the GM shares it.")
REVOKED_WORDS = ("The GM made a new address for the players' page, so this one no longer "
                 "works: ask the GM for the new code and scan it.")
NO_DEVICE_WORDS = "This page could not tell which phone it is on: reload it."
NOT_TAKEN = "The page sent something this program does not take: reload the page."
NOT_CLAIMED = "Pick your character first: the rolls you send are that character's."
NO_SUCH_FORM = "Your character has no such roll now: pick one of the rolls offered."
NOT_IN_FIGHT = "That character is not in the fight now: pick yours again."
PICK_FIRST = "Pick your character first."
TOO_FAST = "Too many requests at once: wait a moment and try again."


def too_many_words(limit: int) -> str:
    return (f"Too many pages are open on this fight ({limit}): close one on another phone "
            "and reload this one.")


def too_many_rolls(count: int, seconds: float) -> str:
    return (f"Too many rolls at once: at most {count} in {seconds:g} seconds. Wait a moment "
            "and send it again.")


def held_words(name: str) -> str:
    return (f"{name} is held by another phone. Pick your own character, or ask the GM to let "
            f"go of {name} for you.")


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


@fields_repr
@dataclass(frozen=True, repr=False)
class Claim:
    """A phone asks to hold a character (``pick``, as the page knows it), or, with ``pick``
    "", to let go of the one it holds."""

    device: str
    page: str
    pick: str


class _Page:
    """One open page: its socket, its id, its phone, the last view it has (``seq``), and what
    waits to be sent to it, in order (its writer task sends it). A close waits its turn too:
    the writer then hands it to the page's handler (``closing``), which closes the socket
    itself, so the phone's answer to the close is read (a close from another task while the
    handler reads would cut the connection short)."""

    __slots__ = ("closing", "device", "id", "queue", "seq", "ws")

    def __init__(self, ws: web.WebSocketResponse, page: str, device: str) -> None:
        self.ws, self.id, self.device = ws, page, device
        self.seq = 0
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.closing: asyncio.Future[tuple[int, str]] = (
            asyncio.get_running_loop().create_future())

    def put(self, text: str) -> None:
        if self.queue.qsize() >= BACKLOG:  # a phone that reads nothing: let it reconnect
            while not self.queue.empty():  # (and have the whole view again then)
                self.queue.get_nowait()
            self.close(1013, "")
            return
        self.queue.put_nowait(text)

    def close(self, code: int, reason: str, *, said: str = "") -> None:
        """Close the page after what waits for it; ``said`` first (a ``closed`` message)."""
        if said:
            self.queue.put_nowait(message("closed", reason=reason, text=said))
        self.queue.put_nowait((code, reason))


class PageServer:
    """Serve the page on ``host``:``port`` from ``start`` until ``stop``.

    ``received`` is called on the server's thread with each roll that passed its checks,
    ``asked`` with each claim a phone asks for, ``counted`` with the number of open pages
    whenever it changes.
    """

    def __init__(self, assets: Path, received: Callable[[PhoneSubmission], None], *,
                 asked: Callable[[Claim], None] | None = None,
                 key: str | None = None,
                 counted: Callable[[int], None] | None = None,
                 max_connections: int = MAX_CONNECTIONS,
                 rate: tuple[int, float] = (RATE_COUNT, RATE_SECONDS)) -> None:
        self._assets_dir = assets
        self._received, self._asked, self._counted = received, asked, counted
        self._key = key or new_key()
        self._max_connections = max_connections
        self._rate = rate
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self._address: tuple[str, int] = ("", 0)
        # Owned by the server's thread from here on:
        self._frame: Frame | None = None
        self._characters: dict[str, Character] = {}  # the frame's, by pick
        self._view: tuple[int, str] = (0, "")  # the whole view's text, for that frame's seq
        self._lists: dict[str | None, str] = {}  # characters' text for a phone holding ...
        self._owned: dict[str, Own] = {}  # device -> the character it holds, in the fight
        self._last: LastSession | None = None  # the players' recap of the last encounter
        self._live: dict[web.WebSocketResponse, _Page] = {}  # every open page
        self._pages: OrderedDict[str, str] = OrderedDict()  # page id -> last word for it
        self._limits: OrderedDict[str, deque[float]] = OrderedDict()
        self._stop = asyncio.Event()
        self._assets: dict[str, bytes] = {}
        self._tasks: set[asyncio.Future[object]] = set()
        self._handlers: set[asyncio.Task[object]] = set()  # each open page's
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
        return len(self._live)

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
        """Tell every page, close it and the server, and join its thread; False if it did not
        end."""
        if self._thread is None or self._loop is None:
            return True
        with contextlib.suppress(RuntimeError):  # its loop already closed
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def publish(self, frame: Frame) -> None:
        """Bring every page to ``frame`` (its delta, or the whole view), and each that opens
        later."""
        self._call(self._set_frame, frame)

    def set_own(self, device: str, own: Own | None) -> None:
        """The character ``device``'s phone holds now (None: none, or not in the fight): its
        pages get it at once, and whenever they open."""
        self._call(self._set_own, device, own)

    def release(self, device: str, text: str) -> None:
        """The GM let go of ``device``'s character: its pages get no character and ``text``."""
        self._call(self._release, device, text)

    def tell(self, page: str, text: str) -> None:
        """A short line for one page (kept for it until it reconnects, if it is asleep)."""
        self._call(self._tell, page, text)

    def answer(self, page: str, kind: str, text: str) -> None:
        """``sent`` or ``refused`` with ``text``, to one page if it is open."""
        self._call(self._answer, page, kind, text)

    def new_key(self, key: str | None = None) -> str:
        """Replace the key: every open page is told and closed, the old address answers 403."""
        self._key = key or new_key()
        self._call(self._revoke)
        return self.url

    def set_last_session(self, last: LastSession | None) -> None:
        """The players' recap of the campaign's last finished encounter (None: none): every
        page is told its title, and ``last-session`` serves it."""
        self._call(self._set_last, last)

    def answer_to(self, received: Callable[[PhoneSubmission], None],
                  asked: Callable[[Claim], None] | None = None,
                  counted: Callable[[int], None] | None = None) -> None:
        """Hand rolls, claims and counts to these from now on (a rebuilt window's)."""
        self._received, self._asked, self._counted = received, asked, counted

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
            try:
                self._assets[name] = (self._assets_dir / file).read_bytes()
            except OSError as exc:  # a page without its icon still works: 404 for it
                log.warning("the players' page file %s is missing: %s", file, exc)
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.router.add_get("/p/{key}/ws", self._socket)
        app.router.add_get(f"/p/{{key}}/{LAST_SESSION}", self._last_session)
        app.router.add_get("/p/{key}/{name:[a-z0-9.-]*}", self._file)
        app.router.add_route("*", "/{tail:.*}", self._forbidden)
        runner = web.AppRunner(app, access_log=None, handle_signals=False,
                               shutdown_timeout=1.0)
        await runner.setup()
        assert self._sock is not None
        site = web.SockSite(runner, self._sock)
        await site.start()
        self.ready.set()
        try:
            await self._stop.wait()
        finally:
            for page in list(self._live.values()):
                page.close(STOPPED, "stopped", said=STOPPED_WORDS)
            if self._handlers:  # each page told and closed, for at most a second
                await asyncio.wait(list(self._handlers), timeout=1.0)
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
        body = self._assets.get(name) if name in ASSETS else None
        if body is None:
            return web.Response(status=404, text="Not found", headers=HEADERS)
        return web.Response(body=body, headers={**HEADERS, "Content-Type": ASSETS[name][1]})

    async def _last_session(self, request: web.Request) -> web.StreamResponse:
        from aiohttp import web

        if not self._allowed(request):
            return await self._forbidden(request)
        last = self._last
        headers = {**HEADERS, "Content-Security-Policy": LAST_SESSION_POLICY,
                   "Content-Type": "text/html; charset=utf-8"}
        if last is None:
            return web.Response(status=404, text=NO_LAST_SESSION, headers=headers)
        return web.Response(text=last.html, headers=headers)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        from aiohttp import web

        if not self._allowed(request):
            return await self._forbidden(request)
        if self._open >= 2 * self._max_connections:  # a flood of handshakes: not even told
            return web.Response(status=503, headers=HEADERS,
                                text=too_many_words(self._max_connections))
        self._open += 1  # counted before the handshake, which lets other pages in meanwhile
        # Uncompressed: deflating each message once per phone would take the interpreter
        # from the GM's window at every change.
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=HEARTBEAT,
                                   compress=False)
        try:
            await ws.prepare(request)
            device = request.query.get("device", "")
            if len(self._live) >= self._max_connections:
                await self._turn_away(ws, "too_many", too_many_words(self._max_connections),
                                      TOO_MANY)
                return ws
            if not DEVICE.fullmatch(device):
                await self._turn_away(ws, "device", NO_DEVICE_WORDS, NO_DEVICE)
                return ws
            asked = request.query.get("page", "")
            page = _Page(ws, asked if asked in self._pages else secrets.token_urlsafe(12),
                         device)
            self._remember(page.id)
            self._live[ws] = page
            self._later(self._write(page))
            self._count()
            page.put(message("hello", page=page.id))
            self._bring_up(page, whole=True)
            self._send_own(page)
            if self._last is not None:
                page.put(last_text(self._last))
            if said := self._pages.get(page.id):
                page.put(message("told", text=said))
            handler = asyncio.current_task()
            assert handler is not None
            self._handlers.add(handler)
            try:
                await self._serve_page(page)
            finally:
                self._handlers.discard(handler)
        finally:
            self._open -= 1
            gone = self._live.pop(ws, None)
            if gone is not None:
                gone.close(1000, "")  # its writer ends
                self._count()
        return ws

    async def _serve_page(self, page: _Page) -> None:
        """Read the page's messages until it goes, or until it is to be closed."""
        reader = asyncio.ensure_future(self._read(page))
        try:
            await asyncio.wait((reader, page.closing), return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not reader.done():
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await reader
        if page.closing.done() and not page.ws.closed:
            code, reason = page.closing.result()
            with contextlib.suppress(ConnectionError, RuntimeError):
                await page.ws.close(code=code, message=reason.encode())

    async def _read(self, page: _Page) -> None:
        from aiohttp import WSMsgType

        async for received in page.ws:
            if received.type is not WSMsgType.TEXT:
                break  # a page sends text only
            self._take(page, received.data)

    @staticmethod
    async def _turn_away(ws: web.WebSocketResponse, reason: str, text: str,
                         code: int) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await ws.send_str(message("closed", reason=reason, text=text))
            await ws.close(code=code, message=reason.encode())

    async def _write(self, page: _Page) -> None:
        """Send ``page`` what is put for it, in order, until it is to be closed."""
        while True:
            item = await page.queue.get()
            if isinstance(item, tuple):
                if not page.closing.done():
                    page.closing.set_result(item)
                return
            try:
                await page.ws.send_str(item)
            except (ConnectionError, RuntimeError):  # it is closing
                return

    def _take(self, page: _Page, text: str) -> None:
        """One message from a page: done, handed on, or refused with the reason."""
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        kind = data.get("type") if isinstance(data, dict) else None
        own = self._owned.get(page.device)
        if not isinstance(data, dict) or kind not in ("roll", "claim", "unclaim", "resync"):
            self._refuse(page, NOT_TAKEN)
            return
        if kind == "roll":
            counted = f"roll {own.name}" if own is not None else f"phone {page.device}"
            if not self._within(counted):
                self._refuse(page, too_many_rolls(*self._rate))
                return
            problem = self._roll(page, own, data)
        elif kind == "claim":
            problem = self._claim(page, data.get("pick"))
        elif kind == "unclaim":
            counted = f"claim {own.name}" if own is not None else f"phone {page.device}"
            problem = "" if self._within(counted) else TOO_FAST
            if not problem and self._asked is not None:
                self._asked(Claim(page.device, page.id, ""))
        else:  # resync
            problem = "" if self._within(f"phone {page.device}") else TOO_FAST
            if not problem:
                self._bring_up(page, whole=True)
                self._send_own(page)
        if problem:
            self._refuse(page, problem)

    def _roll(self, page: _Page, own: Own | None, data: dict[str, object]) -> str:
        """A roll checked and handed on; or why not."""
        if own is None:
            return NOT_CLAIMED
        form = own.form(data.get("form"))
        if form is None:
            return NO_SUCH_FORM
        numbers, choices, dice = data.get("numbers", {}), data.get("choices", {}), data.get("dice")
        if (not isinstance(numbers, dict) or not isinstance(choices, dict)
                or not (dice is None or isinstance(dice, dict))):
            return NOT_TAKEN
        if problem := form.problem(numbers, choices, dice):
            return problem
        self._received(submission(own, form, numbers, choices, dice, page.device, page.id))
        return ""

    def _claim(self, page: _Page, pick: object) -> str:
        if not isinstance(pick, str) or not pick:
            return PICK_FIRST
        character = self._characters.get(pick)
        if not self._within(f"claim {character.name if character else page.device}"):
            return TOO_FAST
        if character is None:
            return NOT_IN_FIGHT
        if any(own.name == character.name and device != page.device
               for device, own in self._owned.items()):
            return held_words(character.name)
        if self._asked is not None:
            self._asked(Claim(page.device, page.id, pick))
        return ""

    def _within(self, counted: str) -> bool:
        """One more message counted under ``counted``, if within the rate (else False)."""
        count, seconds = self._rate
        now = time.monotonic()
        sent = self._limits.get(counted)
        if sent is None:
            sent = self._limits[counted] = deque(maxlen=count)
            while len(self._limits) > LIMITS_KEPT:
                self._limits.popitem(last=False)
        else:
            self._limits.move_to_end(counted)
        if len(sent) == count and now - sent[0] < seconds:
            return False
        sent.append(now)
        return True

    def _refuse(self, page: _Page, text: str) -> None:
        page.put(message("refused", text=text))

    def _remember(self, page: str) -> None:
        self._pages.setdefault(page, "")
        self._pages.move_to_end(page)
        while len(self._pages) > PAGES_KEPT:
            self._pages.popitem(last=False)

    def _count(self) -> None:
        if self._counted is not None:
            self._counted(len(self._live))

    # -- what the GUI thread hands over ---------------------------------------------------------

    def _set_frame(self, frame: Frame) -> None:
        self._frame = frame
        self._characters = {c.pick: c for c in frame.characters}
        self._lists.clear()
        for page in self._live.values():
            self._bring_up(page)

    def _bring_up(self, page: _Page, *, whole: bool = False) -> None:
        """Send ``page`` the newest frame: its delta when the page has the one before."""
        frame = self._frame
        if frame is None or (page.seq == frame.seq and not whole):
            return
        text = frame_text(frame, -1 if whole else page.seq,
                          lambda: self._list_for(page.device), self._whole_view)
        page.seq = frame.seq
        page.put(text)

    def _whole_view(self) -> str:
        frame = self._frame
        assert frame is not None
        if self._view[0] != frame.seq:  # written once for all pages, when the first needs it
            self._view = (frame.seq, view_text(frame))
        return self._view[1]

    def _list_for(self, device: str) -> str:
        """The characters as ``device``'s pages get them: held, those another phone holds."""
        own = self._owned.get(device)
        mine = own.name if own is not None else None
        text = self._lists.get(mine)
        if text is None:
            assert self._frame is not None
            held = {o.name for o in self._owned.values()} - {mine}
            text = self._lists[mine] = characters_text(self._frame.characters, held)
        return text

    def _set_own(self, device: str, own: Own | None) -> None:
        if own is None:
            self._owned.pop(device, None)
        else:
            self._owned[device] = own
        self._lists.clear()
        for page in self._live.values():
            if page.device == device:
                self._send_own(page)

    def _send_own(self, page: _Page) -> None:
        own = self._owned.get(page.device)
        page.put(own.text if own is not None else own_text(None))

    def _set_last(self, last: LastSession | None) -> None:
        if last == self._last:
            return
        self._last = last
        said = last_text(last)
        for page in self._live.values():
            page.put(said)

    def _release(self, device: str, text: str) -> None:
        self._set_own(device, None)
        for page in self._live.values():
            if page.device == device:
                page.put(message("told", text=text))

    def _tell(self, page: str, text: str) -> None:
        if page not in self._pages:
            return  # revoked, or never this server's
        self._pages[page] = text
        self._answer(page, "told", text)

    def _answer(self, page: str, kind: str, text: str) -> None:
        said = message(kind, text=text)
        for each in self._live.values():
            if each.id == page:
                each.put(said)

    def _revoke(self) -> None:
        self._pages.clear()
        for page in list(self._live.values()):
            page.close(REVOKED, "revoked", said=REVOKED_WORDS)

    def _later(self, work: Awaitable[object]) -> None:
        """Run ``work`` on the loop, holding it until done (a task nobody holds may vanish)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def submission(own: Own, form: PhoneForm, numbers: dict[str, object],
               choices: dict[str, object], dice: dict[str, object] | None, device: str,
               page: str) -> PhoneSubmission:
    """A roll that passed ``form.problem``, as the GM's inbox takes it: every number and
    choice of the form (its defaults where the page gave none), the dice it throws."""
    chosen = tuple((c.key, str(choices.get(c.key, c.values[0]))) for c in form.choices)
    given = tuple((n.key, _whole(numbers.get(n.key, n.default))) for n in form.numbers)
    thrown = (None if dice is None else
              tuple((d.key, _whole(dice[d.key])) for d in form.dice_for(dict(chosen))))
    return PhoneSubmission(own.name, own.combatant_id, form.key, given, chosen, thrown,
                           device, page)


def _whole(value: object) -> int:
    assert isinstance(value, int), "PhoneForm.problem let only whole numbers through"
    return value
