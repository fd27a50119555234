"""The page server alone (no Qt): what a page with the key gets, and what anything else does
not: 403 without the key, no path outside the page's files, only valid, small, unhurried roll
submissions, at most so many pages, and a new key closing every page."""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import urllib.error
import urllib.request

import aiohttp
import pytest

from encounter_app.domain.player_rolls import PlayerRollSubmission
from encounter_app.resources import resource
from encounter_app.services.page_server import (
    MAX_MESSAGE,
    REVOKED,
    Character,
    PageServer,
    Snapshot,
)
from tests.players_page.conftest import messages, until, ws_url

SECRET_NAME = "Aria Vell"
VIEW = {"type": "view", "view": {"system": "daggerheart", "round": 2, "fear": 4,
                                 "order": [{"name": SECRET_NAME, "kind": "pc", "active": True,
                                            "defeated": False, "conditions": []}],
                                 "countdowns": [], "rolls": []},
        "characters": [{"pick": "p1", "name": SECRET_NAME}]}
ARIA = Character("p1", SECRET_NAME, 17)


@pytest.fixture
def server():
    received: list[PlayerRollSubmission] = []
    server = PageServer(resource("players_page"), received.append, max_connections=3,
                        rate=(3, 600.0))
    server.publish(Snapshot(json.dumps(VIEW), (ARIA,)))
    server.start("127.0.0.1")
    assert server.ready.wait(10)
    server.received = received
    yield server
    assert server.stop()


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def raw(server: PageServer, method: str, path: str) -> tuple[int, bytes]:
    """A request with the path exactly as written: no client tidies its dots away."""
    host, port = server.address
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.putrequest(method, path, skip_accept_encoding=True)
    connection.endheaders()
    answer = connection.getresponse()
    try:
        return answer.status, answer.read()
    finally:
        connection.close()


def run(coroutine):
    return asyncio.run(coroutine)


def test_the_key_is_long_and_random(server):
    other = PageServer(resource("players_page"), lambda _s: None)
    assert len(server.key) >= 22 and server.key != other.key  # 128 bits in base64 is 22
    assert f"/p/{server.key}/" in server.url


def test_with_the_key_the_page_and_its_files_are_served(server):
    status, body = get(server.url)
    assert status == 200 and b"<title>" in body
    for name in ("page.js", "page.css"):
        assert get(server.url + name)[0] == 200


@pytest.mark.parametrize("path", ["/", "/p/", "/p//", "/p/{wrong}/", "/p/{wrong}/page.js",
                                  "/p/{wrong}/ws", "/p/{key}x/", "/p/{short}/",
                                  "/index.html", "/page.js", "/favicon.ico"])
def test_without_the_right_key_everything_is_403_and_shows_nothing(server, path):
    wrong = "A" * len(server.key)
    status, body = raw(server, "GET", path.format(wrong=wrong, key=server.key,
                                                  short=server.key[:-1]))
    assert status == 403
    assert SECRET_NAME.encode() not in body and b"Aria" not in body


def test_the_old_snapshot_is_not_readable_without_the_key(server):
    async def refused():
        async with aiohttp.ClientSession() as session:
            url = ws_url(server.url.replace(server.key, "B" * len(server.key)))
            with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                await session.ws_connect(url)
            return caught.value.status

    assert run(refused()) == 403


@pytest.mark.parametrize("tail", ["../../pyproject.toml", "..%2f..%2fpyproject.toml",
                                  "%2e%2e/%2e%2e/pyproject.toml", "index.html",
                                  "..", "../..", "page.js/../../../encounter_app/app.py",
                                  "%2E%2E%2F%2E%2E%2Fpyproject.toml", "page.json", "resources"])
def test_no_path_reaches_anything_but_the_page_files(server, tail):
    status, body = raw(server, "GET", f"/p/{server.key}/{tail}")
    assert status in (403, 404)
    assert b"[project]" not in body and b"import" not in body


def test_only_reading_is_answered(server):
    for method in ("POST", "PUT", "DELETE"):
        status, _body = raw(server, method, f"/p/{server.key}/")
        assert status in (403, 405)


def test_a_page_gets_hello_then_the_view_and_its_roll_is_handed_over(server):
    async def roll():
        async with aiohttp.ClientSession() as session, session.ws_connect(
                ws_url(server.url)) as ws:
            hello, view = await messages(ws, 2)
            await ws.send_str(json.dumps({"type": "roll", "pick": "p1", "modifier": 2,
                                          "hope": 9, "fear": 4}))
            return hello, view, await until(ws, "sent")

    hello, view, _sent = run(roll())
    assert hello["type"] == "hello" and hello["page"]
    assert view == VIEW
    assert server.received == [PlayerRollSubmission(SECRET_NAME, 2, 9, 4, 17, hello["page"])]


@pytest.mark.parametrize(("message", "reason"), [
    ({"type": "roll", "pick": "p1", "modifier": 0, "hope": 13, "fear": 4}, "The Hope Die"),
    ({"type": "roll", "pick": "p1", "modifier": 0, "hope": 3, "fear": None}, "Give both dice"),
    ({"type": "roll", "pick": "p1", "modifier": 99}, "The modifier is a whole number"),
    ({"type": "roll", "pick": "p1", "modifier": "2"}, "The modifier is a whole number"),
    ({"type": "roll", "pick": "p1", "modifier": 1.5}, "The modifier is a whole number"),
    ({"type": "roll", "pick": "p1", "modifier": 0, "hope": True, "fear": 2}, "The Hope Die"),
    ({"type": "roll", "pick": "", "modifier": 0}, "Pick your character first"),
    ({"type": "roll", "pick": "p9", "modifier": 0}, "not in the fight now"),
    ({"type": "roll", "pick": ["p1"], "modifier": 0}, "Pick your character"),
    ({"type": "fear", "value": 12}, "only send action rolls"),
    ("not json {", "only send action rolls"),
    ([1, 2], "only send action rolls"),
])
def test_a_bad_submission_is_refused_with_its_reason_and_not_handed_over(server, message,
                                                                        reason):
    async def send():
        async with aiohttp.ClientSession() as session, session.ws_connect(
                ws_url(server.url)) as ws:
            await messages(ws, 2)
            await ws.send_str(message if isinstance(message, str) else json.dumps(message))
            return await until(ws, "refused")

    answer = run(send())
    assert reason in answer["text"]
    assert server.received == []


def test_a_message_over_the_size_limit_closes_that_page_and_changes_nothing(server):
    async def send():
        async with aiohttp.ClientSession() as session, session.ws_connect(
                ws_url(server.url)) as ws:
            await messages(ws, 2)
            padding = "x" * MAX_MESSAGE
            await ws.send_str(json.dumps({"type": "roll", "pick": "p1", "modifier": 1,
                                          "pad": padding}))
            message = await ws.receive(timeout=10)
            return message.type, ws.close_code

    kind, code = run(send())
    assert kind in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
    assert code == 1009  # message too big
    assert server.received == []


def test_a_page_sending_too_fast_is_refused_past_the_rate(server):
    async def send():
        async with aiohttp.ClientSession() as session, session.ws_connect(
                ws_url(server.url)) as ws:
            await messages(ws, 2)
            answers = []
            for _ in range(4):
                await ws.send_str(json.dumps({"type": "roll", "pick": "p1", "modifier": 1}))
                answers.append(json.loads(await ws.receive_str(timeout=10)))
            return answers

    answers = run(send())
    assert [a["type"] for a in answers] == ["sent", "sent", "sent", "refused"]
    assert "Too many rolls" in answers[-1]["text"]
    assert len(server.received) == 3


def test_connections_are_capped(server):
    async def crowd():
        async with aiohttp.ClientSession() as session:
            open_ = [await session.ws_connect(ws_url(server.url)) for _ in range(3)]
            with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                await session.ws_connect(ws_url(server.url))
            for ws in open_:
                await ws.close()
            # A closed page frees its place.
            again = await session.ws_connect(ws_url(server.url))
            await again.close()
            return caught.value.status

    assert run(crowd()) == 503


def test_a_new_key_closes_every_page_and_the_old_address_is_403(server):
    old_url = server.url

    async def revoked():
        async with aiohttp.ClientSession() as session:
            pages = [await session.ws_connect(ws_url(old_url)) for _ in range(2)]
            for ws in pages:
                await messages(ws, 2)
            new_url = server.new_key()
            codes = []
            for ws in pages:
                message = await ws.receive(timeout=10)
                assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                codes.append(ws.close_code)
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await session.ws_connect(ws_url(old_url))
            return codes, new_url

    codes, new_url = run(revoked())
    assert codes == [REVOKED, REVOKED]
    assert new_url != old_url
    assert get(old_url)[0] == 403
    assert get(new_url)[0] == 200


def test_a_word_for_a_sleeping_page_waits_for_it_to_come_back(server):
    async def asleep():
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(ws_url(server.url)) as ws:
                hello, _view = await messages(ws, 2)
            page = hello["page"]
            server.tell(page, "Recorded: Success with Hope")
            async with session.ws_connect(ws_url(server.url, page)) as ws:
                again, _view, told = await messages(ws, 3)
            async with session.ws_connect(ws_url(server.url, "made-up")) as ws:
                other, _view = await messages(ws, 2)
            return page, again, told, other

    page, again, told, other = run(asleep())
    assert again["page"] == page
    assert told == {"type": "told", "text": "Recorded: Success with Hope"}
    assert other["page"] not in (page, "made-up")  # a page id is the server's, never chosen


def test_stopping_joins_the_thread_and_frees_the_port(server):
    host, port = server.address
    assert server.stop()
    assert not server.running
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))  # free again


def test_a_taken_port_is_an_error_with_nothing_started(server):
    other = PageServer(resource("players_page"), lambda _s: None)
    with pytest.raises(OSError):
        other.start("127.0.0.1", server.address[1])
    assert not other.running
