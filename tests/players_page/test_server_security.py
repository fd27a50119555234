"""The page server alone (no Qt): what a page with the key gets, and what anything else does
not: 403 without the key, no path outside the page's files, a phone's rolls only for the
character it holds and only as its forms allow, every refusal in words, a limit per character
that a fresh connection does not reset, at most so many pages (the one more told why), and a
new key or a stop telling every page before closing it."""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import urllib.error
import urllib.request

import aiohttp
import pytest

from encounter_app.domain.player_rolls import (
    PhoneChoice,
    PhoneDie,
    PhoneForm,
    PhoneNumber,
    PhoneSubmission,
)
from encounter_app.domain.player_view import PlayerEntry, PlayerView
from encounter_app.resources import resource
from encounter_app.services.page_frames import Character, Differ, Own, own_text, words_text
from encounter_app.services.page_server import (
    ASSETS,
    MAX_CONNECTIONS,
    MAX_MESSAGE,
    NO_DEVICE,
    REVOKED,
    STOPPED,
    TOO_MANY,
    PageServer,
)
from tests.players_page.conftest import PHONE, messages, until, ws_url

SECRET_NAME = "Aria Vell"
OTHER = "other-phone-00000000"
ACTION = PhoneForm(
    "action", "Action roll", "Duality Dice: d12 Hope + d12 Fear",
    (PhoneDie("hope", "Hope Die", 12), PhoneDie("fear", "Fear Die", 12),
     PhoneDie("d6", "Advantage Die", 6, when=("edge", ("advantage", "disadvantage")))),
    (PhoneNumber("modifier", "Modifier", -10, 20),),
    (PhoneChoice("edge", "Advantage", (("none", "None"), ("advantage", "Advantage"),
                                       ("disadvantage", "Disadvantage"))),))
ARIA, BRAM = Character("p1", SECRET_NAME, 17), Character("p2", "Bram", 18)
ARIA_OWN = Own(SECRET_NAME, "p1", 17, (ACTION,),
               own_text(ARIA, (("HP", "4 of 6 left"),), (ACTION,)))
BRAM_OWN = Own("Bram", "p2", 18, (), own_text(BRAM, (("HP", "1 of 9 left"),)))
VIEW = PlayerView("daggerheart", 2, 4, (PlayerEntry(SECRET_NAME, "pc", True, False),
                                        PlayerEntry("Bram", "pc", False, False)), (), ())


class Recorder:
    """What the server hands the GUI thread."""

    def __init__(self) -> None:
        self.rolls: list[PhoneSubmission] = []
        self.claims: list = []
        self.counts: list[int] = []


def serve(recorder: Recorder, **options) -> PageServer:
    server = PageServer(resource("players_page"), recorder.rolls.append,
                        asked=recorder.claims.append, counted=recorder.counts.append,
                        **options)
    differ = Differ()
    server.differ = differ
    server.publish(differ.frame(VIEW, [17, 18], words_text("Daggerheart", True), (ARIA, BRAM)))
    server.set_own(PHONE, ARIA_OWN)  # this phone holds Aria
    server.start("127.0.0.1")
    assert server.ready.wait(10)
    return server


@pytest.fixture
def recorder():
    return Recorder()


@pytest.fixture
def server(recorder):
    server = serve(recorder, max_connections=3, rate=(3, 600.0))
    yield server
    assert server.stop()


def get(url: str) -> tuple[int, bytes, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read(), answer.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        return error.code, error.read(), ""


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


async def opened(session, server, device=PHONE, page=""):
    """A page on ``device``'s phone, past hello, its view and its own character."""
    ws = await session.ws_connect(ws_url(server.url, page, device))
    hello, view, own = await messages(ws, 3)
    assert (hello["type"], view["type"], own["type"]) == ("hello", "view", "own")
    ws.hello, ws.view, ws.own = hello, view, own
    return ws


async def answer_to(server, sent, device=PHONE) -> dict:
    """The answer to one message from a page of ``device``."""
    async with aiohttp.ClientSession() as session:
        ws = await opened(session, server, device)
        await ws.send_str(sent if isinstance(sent, str) else json.dumps(sent))
        answer = json.loads(await ws.receive_str(timeout=10))
        await ws.close()
        return answer


def roll(**fields) -> dict:
    return {"type": "roll", "form": "action", "numbers": {"modifier": 2},
            "choices": {"edge": "none"}, "dice": {"hope": 9, "fear": 4}, **fields}


def test_the_key_is_long_and_random(server):
    other = PageServer(resource("players_page"), lambda _s: None)
    assert len(server.key) >= 22 and server.key != other.key  # 128 bits in base64 is 22
    assert f"/p/{server.key}/" in server.url


def test_with_the_key_the_page_and_its_files_are_served(server):
    status, body, _type = get(server.url)
    assert status == 200 and b"<title>" in body
    for name in ("page.js", "page.css"):
        assert get(server.url + name)[0] == 200


def test_the_manifest_and_icons_are_served_with_their_types_and_a_missing_one_is_404(
        tmp_path, recorder):
    folder = tmp_path / "page"
    folder.mkdir()
    for name, (file, _type) in ASSETS.items():
        (folder / file).write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff" if file.endswith(".png")
                                    else f"<title>{name}</title>".encode())
    (folder / "icon-512.png").unlink()  # not there: the rest is served all the same
    server = PageServer(folder, recorder.rolls.append)
    server.start("127.0.0.1")
    try:
        assert server.ready.wait(10)
        for name, kind in (("manifest.webmanifest", "application/manifest+json"),
                           ("icon.svg", "image/svg+xml"), ("icon-192.png", "image/png"),
                           ("", "text/html")):
            status, body, content_type = get(server.url + name)
            assert status == 200 and content_type.startswith(kind)
            assert body == (folder / ASSETS[name][0]).read_bytes()
        assert get(server.url + "icon-512.png")[0] == 404
        assert get(server.url.replace(server.key, "A" * len(server.key)) + "icon.svg")[0] == 403
    finally:
        assert server.stop()


@pytest.mark.parametrize("path", ["/", "/p/", "/p//", "/p/{wrong}/", "/p/{wrong}/page.js",
                                  "/p/{wrong}/ws", "/p/{key}x/", "/p/{short}/",
                                  "/index.html", "/page.js", "/favicon.ico",
                                  "/p/{wrong}/manifest.webmanifest"])
def test_without_the_right_key_everything_is_403_and_shows_nothing(server, path):
    wrong = "A" * len(server.key)
    status, body = raw(server, "GET", path.format(wrong=wrong, key=server.key,
                                                  short=server.key[:-1]))
    assert status == 403
    assert SECRET_NAME.encode() not in body and b"Aria" not in body


def test_the_fight_is_not_readable_without_the_key(server):
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
                                  "%2E%2E%2F%2E%2E%2Fpyproject.toml", "page.json", "resources",
                                  "icon-1.png", ".git", "..%2e"])
def test_no_path_reaches_anything_but_the_page_files(server, tail):
    status, body = raw(server, "GET", f"/p/{server.key}/{tail}")
    assert status in (403, 404)
    assert b"[project]" not in body and b"import" not in body


def test_only_reading_is_answered(server):
    for method in ("POST", "PUT", "DELETE"):
        status, _body = raw(server, method, f"/p/{server.key}/")
        assert status in (403, 405)


def test_a_page_gets_hello_the_view_with_keys_and_its_own_character(server):
    async def look():
        async with aiohttp.ClientSession() as session:
            mine = await opened(session, server)
            other = await opened(session, server, OTHER)
            await mine.close()
            await other.close()
            return mine, other

    mine, other = run(look())
    assert mine.hello["page"] and mine.hello["page"] != other.hello["page"]
    view = mine.view
    assert view["seq"] == 1 and view["words"]["order"] == "Spotlight order"
    assert [e["name"] for e in view["view"]["order"]] == [SECRET_NAME, "Bram"]
    keys = [e["key"] for e in view["view"]["order"]]
    assert len(set(keys)) == 2 and not {"17", "18"} & set(keys)
    # Aria is held by this phone: held for the other phone, not for its own.
    assert view["characters"] == [{"pick": "p1", "name": SECRET_NAME, "held": False},
                                  {"pick": "p2", "name": "Bram", "held": False}]
    assert other.view["characters"][0]["held"] is True
    assert mine.own == json.loads(ARIA_OWN.text)
    assert mine.own["character"]["sheet"] == [["HP", "4 of 6 left"]]
    assert other.own == {"type": "own", "character": None}


@pytest.mark.parametrize("device", ["", "short", "x" * 65, "has space in it 0000",
                                    "\u00e9" * 20, "../../../../etc/passwd"])
def test_a_page_that_names_no_proper_phone_is_told_and_closed(server, device):
    async def visit():
        async with aiohttp.ClientSession() as session, session.ws_connect(
                ws_url(server.url, device=device)) as ws:
            said = json.loads(await ws.receive_str(timeout=10))
            closing = await ws.receive(timeout=10)
            return said, closing.type, ws.close_code

    said, kind, code = run(visit())
    assert said == {"type": "closed", "reason": "device",
                    "text": "This page could not tell which phone it is on: reload it."}
    assert kind in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert code == NO_DEVICE


def test_the_held_character_s_roll_is_handed_over_as_a_submission(server, recorder):
    async def send():
        async with aiohttp.ClientSession() as session:
            ws = await opened(session, server)
            await ws.send_str(json.dumps(roll(choices={"edge": "advantage"},
                                              dice={"hope": 9, "fear": 4, "d6": 5})))
            await ws.send_str(json.dumps(roll(numbers={}, choices={}, dice=None)))
            await ws.send_str(json.dumps({"type": "resync"}))  # answered: all was handed on
            await until(ws, "view")
            await ws.close()
            return ws.hello["page"]

    page = run(send())
    assert recorder.rolls == [
        PhoneSubmission(SECRET_NAME, 17, "action", (("modifier", 2),), (("edge", "advantage"),),
                        (("hope", 9), ("fear", 4), ("d6", 5)), PHONE, page),
        # What the page left out is the form's default; no dice: roll them for me.
        PhoneSubmission(SECRET_NAME, 17, "action", (("modifier", 0),), (("edge", "none"),),
                        None, PHONE, page)]


@pytest.mark.parametrize(("sent", "reason"), [
    (roll(dice={"hope": 13, "fear": 4}), "The Hope Die shows 1 to 12."),
    (roll(dice={"hope": 3}), "Give the Fear Die as it landed"),
    (roll(dice={"hope": 3, "fear": 2, "d6": 4}), "names a die this roll does not throw"),
    (roll(choices={"edge": "advantage"}), "Give the Advantage Die as it landed"),
    (roll(numbers={"modifier": 99}), "Modifier is a whole number from -10 to 20."),
    (roll(numbers={"modifier": "2"}), "Modifier is a whole number"),
    (roll(numbers={"modifier": 1.5}), "Modifier is a whole number"),
    (roll(numbers={"modifier": True}), "Modifier is a whole number"),
    (roll(numbers={"hope": 3}), "names a number this form does not have"),
    (roll(choices={"edge": "double"}), "Advantage: pick one of the choices offered."),
    (roll(dice={"hope": True, "fear": 2}), "The Hope Die shows 1 to 12."),
    (roll(form="attack"), "Your character has no such roll now"),
    (roll(form=None), "Your character has no such roll now"),
    (roll(numbers=[1]), "The page sent something this program does not take"),
    (roll(dice="9 and 4"), "The page sent something this program does not take"),
    ({"type": "roll", "pick": "p1", "modifier": 0, "hope": 9, "fear": 4},
     "Your character has no such roll now"),  # the page before phones held characters
    ({"type": "fear", "value": 12}, "The page sent something this program does not take"),
    ({"kind": "roll"}, "The page sent something this program does not take"),
    ("not json {", "The page sent something this program does not take"),
    ("[1, 2]", "The page sent something this program does not take"),
    ({"type": "claim"}, "Pick your character first."),
    ({"type": "claim", "pick": ["p1"]}, "Pick your character first."),
    ({"type": "claim", "pick": "p9"}, "That character is not in the fight now"),
])
def test_a_bad_message_is_refused_in_words_and_not_handed_over(server, recorder, sent, reason):
    answer = run(answer_to(server, sent))
    assert answer["type"] == "refused" and reason in answer["text"]
    assert recorder.rolls == [] and recorder.claims == []


def test_a_phone_holding_no_character_cannot_roll(server, recorder):
    answer = run(answer_to(server, roll(), device=OTHER))
    assert answer == {"type": "refused", "text": "Pick your character first: the rolls you "
                                                 "send are that character's."}
    assert recorder.rolls == []


def test_a_claim_goes_to_the_gui_and_a_held_character_is_refused_in_words(server, recorder):
    answer = run(answer_to(server, {"type": "claim", "pick": "p1"}, device=OTHER))
    assert answer == {"type": "refused", "text": f"{SECRET_NAME} is held by another phone. "
                      "Pick your own character, or ask the GM to let go of "
                      f"{SECRET_NAME} for you."}

    async def claim():
        async with aiohttp.ClientSession() as session:
            ws = await opened(session, server, OTHER)
            await ws.send_str(json.dumps({"type": "claim", "pick": "p2"}))
            await ws.send_str(json.dumps({"type": "unclaim"}))
            await ws.send_str(json.dumps({"type": "resync"}))
            await until(ws, "view")
            await ws.close()
            return ws.hello["page"]

    page = run(claim())
    assert [(c.device, c.page, c.pick) for c in recorder.claims] == [(OTHER, page, "p2"),
                                                                      (OTHER, page, "")]


def test_own_goes_to_its_phone_only_and_a_release_says_so(server):
    async def watch():
        async with aiohttp.ClientSession() as session:
            aria = await opened(session, server)
            bram = await opened(session, server, OTHER)
            server.set_own(OTHER, BRAM_OWN)
            bram_own = await until(bram, "own")
            server.release(PHONE, "The GM let go of Aria Vell for you: pick your character "
                                  "again.")
            released, told = await until(aria, "own"), await until(aria, "told")
            await bram.send_str(json.dumps({"type": "resync"}))
            view = await until(bram, "view")
            await aria.send_str(json.dumps({"type": "resync"}))
            seen = [json.loads(await aria.receive_str(timeout=10)) for _ in range(2)]
            await aria.close()
            await bram.close()
            return bram_own, released, told, view, seen

    bram_own, released, told, view, seen = run(watch())
    assert bram_own["character"]["name"] == "Bram"
    assert released == {"type": "own", "character": None}
    assert told["text"] == "The GM let go of Aria Vell for you: pick your character again."
    # Bram's phone: Aria free again, Bram its own (not held by another).
    assert [c["held"] for c in view["characters"]] == [False, False]
    # Aria's phone never saw Bram's own numbers.
    assert [m["type"] for m in seen] == ["view", "own"] and seen[1]["character"] is None
    assert "1 of 9 left" not in json.dumps(seen)


def test_a_new_frame_goes_as_a_delta_and_a_page_asking_again_gets_the_whole_view(server):
    async def follow():
        async with aiohttp.ClientSession() as session:
            ws = await opened(session, server)
            view = PlayerView("daggerheart", 3, 4, VIEW.order, (), ())
            server.publish(server.differ.frame(view, [17, 18], words_text("Daggerheart", True),
                                               (ARIA, BRAM)))
            delta = await until(ws, "delta")
            await ws.send_str(json.dumps({"type": "resync"}))
            again = await until(ws, "view")
            await ws.close()
            return delta, again

    delta, again = run(follow())
    assert delta == {"type": "delta", "seq": 2, "round": 3}
    assert again["seq"] == 2 and again["view"]["round"] == 3


def test_a_message_over_the_size_limit_closes_that_page_and_changes_nothing(server, recorder):
    async def send():
        async with aiohttp.ClientSession() as session:
            ws = await opened(session, server)
            await ws.send_str(json.dumps(roll(pad="x" * MAX_MESSAGE)))
            message = await ws.receive(timeout=10)
            while message.type is aiohttp.WSMsgType.TEXT:
                message = await ws.receive(timeout=10)
            return message.type, ws.close_code

    kind, code = run(send())
    assert kind in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
    assert code == 1009  # message too big
    assert recorder.rolls == []


def test_the_roll_limit_is_the_character_s_and_a_fresh_connection_does_not_reset_it(
        server, recorder):
    async def send():
        answers = []
        async with aiohttp.ClientSession() as session:
            for _connection in range(2):  # two rolls a connection, each connection fresh
                ws = await opened(session, server)
                for _ in range(2):
                    await ws.send_str(json.dumps(roll()))
                await ws.send_str(json.dumps({"type": "resync"}))  # the last it answers
                while (answer := json.loads(await ws.receive_str(timeout=10)))["type"] != "view":
                    answers.append(answer)
                await ws.close()
        return answers

    # The rolls handed over are answered by the GUI thread ("sent"): none here.
    answers = run(send())
    assert answers == [{"type": "refused", "text": "Too many rolls at once: at most 3 in 600 "
                                                   "seconds. Wait a moment and send it again."}]
    assert len(recorder.rolls) == 3


def test_the_65th_page_is_told_why_and_closed(recorder):
    server = serve(recorder)

    async def crowd():
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            pages = [await opened(session, server, f"crowd-phone-{n:010d}")
                     for n in range(MAX_CONNECTIONS)]
            async with session.ws_connect(ws_url(server.url, device="one-phone-too-many")
                                          ) as late:
                said = json.loads(await late.receive_str(timeout=10))
                closing = await late.receive(timeout=10)
                code = late.close_code
            await pages[0].close()  # a closed page frees its place
            again = await opened(session, server, "one-phone-too-many")
            for ws in [again, *pages[1:]]:
                await ws.close()
            return said, closing.type, code, again.hello

    try:
        said, kind, code, hello = run(crowd())
    finally:
        assert server.stop()
    assert said == {"type": "closed", "reason": "too_many",
                    "text": "Too many pages are open on this fight (64): close one on another "
                            "phone and reload this one."}
    assert kind in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and code == TOO_MANY
    assert hello["type"] == "hello"
    assert max(recorder.counts) == MAX_CONNECTIONS


def test_a_new_key_tells_every_page_and_the_old_address_is_403(server):
    old_url = server.url

    async def revoked():
        async with aiohttp.ClientSession() as session:
            pages = [await opened(session, server, device) for device in (PHONE, OTHER)]
            new_url = server.new_key()
            said, codes = [], []
            for ws in pages:
                said.append(await until(ws, "closed"))
                message = await ws.receive(timeout=10)
                assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                codes.append(ws.close_code)
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await session.ws_connect(ws_url(old_url))
            return said, codes, new_url

    said, codes, new_url = run(revoked())
    assert codes == [REVOKED, REVOKED]
    assert all(s["reason"] == "revoked" and "ask the GM for the new code" in s["text"]
               for s in said)
    assert new_url != old_url
    assert get(old_url)[0] == 403
    assert get(new_url)[0] == 200


def test_stopping_tells_every_page_closes_it_and_frees_the_port(server):
    host, port = server.address

    async def stopped():
        async with aiohttp.ClientSession() as session:
            ws = await opened(session, server)
            # Stopped from another thread (the GM's), while this phone reads on.
            stopping = asyncio.get_running_loop().run_in_executor(None, server.stop)
            said = await until(ws, "closed")
            message = await ws.receive(timeout=10)
            assert await stopping
            return said, message.type, ws.close_code

    said, kind, code = run(stopped())
    assert said == {"type": "closed", "reason": "stopped",
                    "text": "The GM stopped sharing the fight. This page picks it up again by "
                            "itself when the GM shares it."}
    assert kind in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and code == STOPPED
    assert not server.running
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))  # free again


def test_a_word_for_a_sleeping_page_waits_for_it_to_come_back(server):
    async def asleep():
        async with aiohttp.ClientSession() as session:
            ws = await opened(session, server)
            page = ws.hello["page"]
            await ws.close()
            server.tell(page, "Recorded: Success with Hope")
            server.answer(page, "sent", "not kept: it is asleep")
            ws = await opened(session, server, page=page)
            told = json.loads(await ws.receive_str(timeout=10))
            await ws.close()
            other = await opened(session, server, page="made-up")
            await other.close()
            return page, ws.hello, told, other.hello

    page, again, told, other = run(asleep())
    assert again["page"] == page
    assert told == {"type": "told", "text": "Recorded: Success with Hope"}
    assert other["page"] not in (page, "made-up")  # a page id is the server's, never chosen


def test_a_taken_port_is_an_error_with_nothing_started(server):
    other = PageServer(resource("players_page"), lambda _s: None)
    with pytest.raises(OSError):
        other.start("127.0.0.1", server.address[1])
    assert not other.running
