"""The players' page: the program as a GM starts it, its page shared on the loopback address,
and the small clients the tests talk to the server with (aiohttp's, as a phone's browser would,
and a real Chromium through selenium: tests/players_page/webdriver.py, one for the whole run)."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
from typing import Any

import pytest


@pytest.fixture
def program(qtbot, tmp_path):
    """The program as a GM starts it, on the first-start demo fight, shown offscreen."""
    from encounter_app.app import launch

    launched = launch(tmp_path, seed=3, show=True)
    # Not qtbot.addWidget: a test that opens another encounter has the program delete this
    # window itself, and qtbot's closing it again at the end then fails; shutdown closes it.
    qtbot.waitExposed(launched.window)
    yield launched
    launched.shutdown()


@pytest.fixture
def shared(program):
    """The demo fight's players' page, shared on 127.0.0.1 and answering."""
    page = program.window.players_page
    page.share("127.0.0.1")
    assert page.server.ready.wait(10), "the server did not start"
    return page


PHONE = "test-phone-0000000000"  # a phone's claim token, as a page makes it (16..64 chars)


def ws_url(http_url: str, page: str = "", device: str = PHONE) -> str:
    """The page's socket: ``page`` the open tab's id (none yet: ""), ``device`` its phone's."""
    from urllib.parse import urlencode

    url = http_url.replace("http://", "ws://", 1) + "ws"
    query = {key: value for key, value in (("page", page), ("device", device)) if value}
    return url + (f"?{urlencode(query)}" if query else "")


async def messages(ws, count: int, timeout: float = 10) -> list[dict[str, Any]]:
    """The next ``count`` JSON messages a page receives."""
    got = []
    for _ in range(count):
        message = await asyncio.wait_for(ws.receive_str(), timeout)
        got.append(json.loads(message))
    return got


async def until(ws, kind: str, timeout: float = 10) -> dict[str, Any]:
    """The next message of ``kind`` (the others are skipped)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.receive_str(), timeout))
        if message["type"] == kind:
            return message


def apply(state: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """What a page holds after a ``view`` or ``delta`` message, as docs/phone_protocol.md says
    a page applies it: the view, the words and the characters."""
    if message["type"] == "view":
        return copy.deepcopy(message)
    assert state is not None and message["type"] == "delta"
    assert message["seq"] == state["seq"] + 1, "a gap: the page would ask for a resync"
    state = copy.deepcopy(state)
    state["seq"] = message["seq"]
    view = state["view"]
    for field in ("round", "fear", "countdowns", "rolls"):
        if field in message:
            view[field] = message[field]
    for field in ("words", "characters"):
        if field in message:
            state[field] = message[field]
    entries = {entry["key"]: entry for entry in view["order"]}
    entries.update(message.get("entries", {}))
    keys = message.get("keys", [entry["key"] for entry in view["order"]])
    view["order"] = [entries[key] for key in keys]
    return state


class Phone:
    """A page on a phone, as a test drives it: an aiohttp WebSocket client on a thread of its
    own (the test's thread runs the GM's Qt event loop meanwhile). Messages pile up in
    ``received``; ``state`` is what the page shows (its views and deltas applied: ``shown``);
    ``closed`` holds the close code once the server closed it."""

    def __init__(self, url: str) -> None:
        import threading

        self.url = url
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.closed: int | None = None
        self._loop = asyncio.new_event_loop()
        self._ws: Any = None
        self._opened = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        assert self._opened.wait(10), "the phone could not connect"

    def _run(self) -> None:
        self._loop.run_until_complete(self._talk())

    async def _talk(self) -> None:
        import aiohttp

        self._stop = asyncio.Event()
        async with aiohttp.ClientSession() as session, session.ws_connect(self.url) as ws:
            self._ws = ws
            self._opened.set()
            reader = asyncio.ensure_future(self._read(ws))
            stop = asyncio.ensure_future(self._stop.wait())
            await asyncio.wait((reader, stop), return_when=asyncio.FIRST_COMPLETED)
            stop.cancel()
            if not reader.done():  # the test closes it: this task alone touches the socket
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await reader
                await ws.close()

    async def _read(self, ws: Any) -> None:
        import aiohttp

        async for message in ws:
            if message.type is aiohttp.WSMsgType.TEXT:
                data = json.loads(message.data)
                if data["type"] in ("view", "delta"):
                    self.state = apply(self.state, data)
                self.received.append(data)
        self.closed = ws.close_code

    def shown(self) -> dict[str, Any] | None:
        """The players' view the page shows now (None before the first)."""
        return None if self.state is None else self.state["view"]

    def send(self, message: dict[str, Any]) -> None:
        asyncio.run_coroutine_threadsafe(self._ws.send_str(json.dumps(message)),
                                         self._loop).result(10)

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((m for m in reversed(self.received) if m["type"] == kind), None)

    def close(self) -> None:
        if self._thread.is_alive():
            with contextlib.suppress(RuntimeError):  # its loop just ended
                self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)


@pytest.fixture
def phones():
    """Phones the test opens (``phones(url)``), closed after it."""
    opened: list[Phone] = []

    def open_(url: str) -> Phone:
        phone = Phone(url)
        opened.append(phone)
        return phone

    yield open_
    for phone in opened:
        phone.close()


@pytest.fixture(scope="session")
def chromium_session():
    """One headless Chromium for every browser test of the run (starting one takes a second
    or two); each test gets it back phone-sized and light (``browser``)."""
    from tests.players_page.webdriver import chromium, chromium_missing

    if missing := chromium_missing():
        pytest.skip(missing)
    with chromium() as page:
        yield page


@pytest.fixture
def browser(chromium_session):
    """The browser, phone-sized and light, on a blank page; a test that left an uncaught
    JavaScript error in the page, or something its security policy refused, fails."""
    from tests.players_page.webdriver import PHONE

    page = chromium_session
    page.go("about:blank")
    page.screen(*PHONE)
    page.scheme("light")
    page.driver.get_log("browser")  # what earlier tests left
    page.tolerated = []
    yield page
    errors = [entry["message"] for entry in page.driver.get_log("browser")
              if entry["source"] in ("javascript", "security")
              and not any(words in entry["message"] for words in page.tolerated)]
    assert errors == [], f"the page threw: {errors}"


@pytest.fixture
def scripted():
    """The GM's side as a script (tests/players_page/scripted_server.py), serving the page."""
    from tests.players_page.scripted_server import ScriptedServer

    server = ScriptedServer()
    server.start()
    yield server
    server.stop()
