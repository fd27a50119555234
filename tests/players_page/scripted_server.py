"""The GM's side of the players' page as a script, for the page's browser tests.

A small aiohttp server on a thread of its own that serves resources/players_page/ under
``/p/KEY/`` with the real server's headers, and speaks the page's protocol (the players' page
protocol, issue 31) as plainly as it can: it sends what the test gives it (``view``,
``send``, ``close``), answers a claim, an unclaim, a roll and a resync as the GM's program
would, and records every message a page sent (``received``). It knows nothing of a fight:
the test writes the views and the characters. The real server is tested on its own
(test_server_security.py, test_snapshot.py) and with the page end to end (test_browser.py).
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from encounter_app.services.page_server import HEADERS as SERVED_HEADERS

PAGE = Path(__file__).resolve().parents[2] / "resources" / "players_page"
KEY = "test-key-" + "k" * 23
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml",
         ".png": "image/png", ".webmanifest": "application/manifest+json"}
DEVICE = re.compile(r"[A-Za-z0-9_-]{16,64}")
QUEUED = "Your roll is in the GM's queue."


def _headers() -> dict[str, str]:
    """The real server's headers; its policy lets the manifest in (``manifest-src``: without
    it ``default-src 'none'`` would keep a phone from installing the page)."""
    headers = dict(SERVED_HEADERS)
    policy = headers["Content-Security-Policy"]
    if "manifest-src" not in policy:
        headers["Content-Security-Policy"] = policy + "; manifest-src 'self'"
    return headers


class ScriptedServer:
    """Start with ``start()``; ``url`` is the page's address. ``characters`` maps a pick to
    the character a phone holding it is sent (``own``); ``claims`` maps a device to the pick
    it holds (kept across the page's reconnects, as the GM's program keeps it)."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, Any]]] = []  # (device, message)
        self.connected: list[dict[str, str]] = []  # each socket's query, in order
        self.characters: dict[str, dict[str, Any]] = {}
        self.claims: dict[str, str] = {}
        self.view: dict[str, Any] | None = None  # the view message a new page is sent
        self.answers = True  # answer claims, rolls and resyncs as the GM's program would
        self._sockets: dict[web.WebSocketResponse, str] = {}  # open page -> its device
        self._lock = threading.Condition()
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self.port = 0

    # -- the test's side ---------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/p/{KEY}/"

    def start(self) -> None:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def show(self, message: dict[str, Any]) -> None:
        """Make ``message`` (a "view") the one new pages get, and send it to the open ones."""
        self.view = message
        self._run(self._broadcast_view())

    def send(self, message: dict[str, Any], device: str | None = None) -> None:
        """Send ``message`` to every open page, or to those of ``device``."""
        self._run(self._send_all(json.dumps(message), device))

    def own(self, device: str) -> None:
        """Send ``device``'s pages their character as it is now in ``characters``."""
        self.send(self._own(device), device)

    def close(self, reason: str, text: str, code: int) -> None:
        """Close every page with a ``closed`` message first, as the GM's program does."""
        self._run(self._close(reason, text, code))

    def sent(self, kind: str) -> list[dict[str, Any]]:
        """The messages of ``kind`` the pages sent so far."""
        with self._lock:
            return [message for _device, message in self.received if message.get("type") == kind]

    def wait(self, condition: Callable[[], object], timeout: float = 10) -> None:
        """Until ``condition()`` holds, checked whenever a page sends something."""
        end = time.monotonic() + timeout
        with self._lock:
            while not condition():
                left = end - time.monotonic()
                assert left > 0, "the page did not send what the test waited for"
                self._lock.wait(left)

    def devices(self) -> list[str]:
        return [query.get("device", "") for query in self.connected]

    # -- the server's thread -----------------------------------------------------------------

    def _run(self, work: Any) -> None:
        asyncio.run_coroutine_threadsafe(work, self._loop).result(10)

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_get(f"/p/{KEY}/ws", self._socket)
        app.router.add_get(f"/p/{KEY}/{{name:[a-z0-9.-]*}}", self._file)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def _stop(self) -> None:
        for ws in list(self._sockets):
            await ws.close()
        assert self._runner is not None
        await self._runner.cleanup()

    async def _file(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"] or "index.html"
        path = PAGE / name
        if not path.is_file() or path.suffix not in TYPES:
            return web.Response(status=404, text="Not found")
        return web.Response(body=path.read_bytes(),
                            headers={**_headers(), "Content-Type": TYPES[path.suffix]})

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        device = request.query.get("device", "")
        with self._lock:
            self.connected.append(dict(request.query))
            self._lock.notify_all()
        if not DEVICE.fullmatch(device):
            await ws.send_json({"type": "closed", "reason": "revoked",
                                "text": "This page cannot be told apart from others."})
            await ws.close(code=4001)
            return ws
        self._sockets[ws] = device
        try:
            await ws.send_json({"type": "hello", "page": request.query.get("page") or "page-1"})
            if self.view is not None:
                await ws.send_json(self._view_for(device))
            await ws.send_json(self._own(device))
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    break
                data = json.loads(message.data)
                with self._lock:
                    self.received.append((device, data))
                    self._lock.notify_all()
                if self.answers:
                    await self._answer(ws, device, data)
        finally:
            self._sockets.pop(ws, None)
        return ws

    async def _answer(self, ws: web.WebSocketResponse, device: str, data: dict[str, Any]) -> None:
        kind = data.get("type")
        if kind == "claim":
            pick = data.get("pick")
            if pick not in self.characters:
                await ws.send_json({"type": "refused", "text": "That character is not here."})
            elif any(p == pick and d != device for d, p in self.claims.items()):
                await ws.send_json({"type": "refused",
                                    "text": "Another phone holds that character."})
            else:
                self.claims[device] = pick
                await self._send_all(json.dumps(self._own(device)), device)
                await self._broadcast_view()
        elif kind == "unclaim":
            self.claims.pop(device, None)
            await self._send_all(json.dumps(self._own(device)), device)
            await ws.send_json({"type": "told", "text": "You let your character go."})
            await self._broadcast_view()
        elif kind == "roll":
            await ws.send_json({"type": "sent", "text": QUEUED})
        elif kind == "resync" and self.view is not None:
            await ws.send_json(self._view_for(device))

    def _own(self, device: str) -> dict[str, Any]:
        pick = self.claims.get(device)
        return {"type": "own", "character": self.characters.get(pick) if pick else None}

    def _view_for(self, device: str) -> dict[str, Any]:
        """The view with each character marked held when another phone holds it."""
        assert self.view is not None
        held = {p for d, p in self.claims.items() if d != device}
        characters = [{**c, "held": c["pick"] in held} for c in self.view.get("characters", [])]
        return {**self.view, "characters": characters}

    async def _broadcast_view(self) -> None:
        for ws, device in list(self._sockets.items()):
            await ws.send_json(self._view_for(device))

    async def _send_all(self, text: str, device: str | None) -> None:
        for ws, its in list(self._sockets.items()):
            if device is None or its == device:
                await ws.send_str(text)

    async def _close(self, reason: str, text: str, code: int) -> None:
        for ws in list(self._sockets):
            await ws.send_json({"type": "closed", "reason": reason, "text": text})
            await ws.close(code=code)
