"""The players' page: the program as a GM starts it, its page shared on the loopback address,
and the small clients the tests talk to the server with (aiohttp's, as a phone's browser would,
and a WebDriver client for a real Chromium: tests/players_page/webdriver.py)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest


@pytest.fixture
def program(qtbot, tmp_path):
    """The program as a GM starts it, on the first-start demo fight, shown offscreen."""
    from encounter_app.app import launch

    launched = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(launched.window)
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


def ws_url(http_url: str, page: str = "") -> str:
    url = http_url.replace("http://", "ws://", 1) + "ws"
    return url + (f"?page={page}" if page else "")


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
