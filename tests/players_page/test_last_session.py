"""The players' page's "Last session" (issue 32): once the GM finishes an encounter, every page
is told (a ``last`` message, docs/phone_protocol.md) and ``/p/KEY/last-session`` answers the
players' version of its recap, made on the GUI thread; before that, and after a reopen, 404
with a page that says so; with a wrong key, 403 as every address."""

from __future__ import annotations

import urllib.error
import urllib.request

from encounter_app.domain.rows import stored_id
from encounter_app.services.page_server import LAST_SESSION
from tests.players_page.conftest import ws_url


def get(url: str) -> tuple[int, str, dict[str, str]]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode(), dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


def told(phone) -> list[object]:
    """The titles of every ``last`` message the phone was sent, in order."""
    return [m["title"] for m in phone.received if m["type"] == "last"]


def test_a_finished_encounter_opens_on_the_page_as_the_players_saw_it(program, shared, phones,
                                                                       qtbot):
    window, url = program.window, shared.url
    status, body, _ = get(url + LAST_SESSION)
    assert status == 404 and "No recap yet" in body
    wrong = url.replace(shared.server.key, "x" * len(shared.server.key))
    assert get(wrong + LAST_SESSION)[0] == 403

    phone = phones(ws_url(url))
    qtbot.waitUntil(lambda: phone.shown() is not None, timeout=10_000)
    assert told(phone) == []  # nothing finished: the page shows no link

    assert window.operations.finish_encounter()
    campaign = stored_id(program.session.campaign)
    recap = window.recaps.encounter(program.session.encounter_id, players=True)
    assert window.recaps.last_for_players(campaign) == recap
    qtbot.waitUntil(lambda: told(phone) == [recap.title], timeout=10_000)
    status, body, headers = get(url + LAST_SESSION)
    assert status == 200 and body == recap.html  # the players' version, as made
    assert headers["Content-Type"].startswith("text/html")
    policy = headers["Content-Security-Policy"]
    assert "script-src" not in policy and "default-src 'none'" in policy
    assert headers["Referrer-Policy"] == "no-referrer"

    # A page opened now is told at once, after hello.
    late = phones(ws_url(url, device="late-phone-00000000"))
    qtbot.waitUntil(lambda: told(late) == [recap.title], timeout=10_000)
    kinds = [m["type"] for m in late.received]
    assert kinds.index("hello") < kinds.index("last")

    assert window.operations.reopen_encounter()  # nothing of the campaign is finished now
    qtbot.waitUntil(lambda: told(phone) == [recap.title, None], timeout=10_000)
    assert get(url + LAST_SESSION)[0] == 404
    window.undo_stack.undo()  # finished again
    qtbot.waitUntil(lambda: told(phone) == [recap.title, None, recap.title], timeout=10_000)
    assert get(url + LAST_SESSION)[1] == recap.html


def test_another_encounter_finished_in_the_campaign_view_becomes_the_last_session(
        program, shared, phones, qtbot):
    window, url = program.window, shared.url
    phone = phones(ws_url(url))
    qtbot.waitUntil(lambda: phone.shown() is not None, timeout=10_000)
    manager = window.manage_campaigns()
    tab = manager.encounters
    other = tab.new_encounter("The Bridge")
    assert other is not None
    assert tab._operations.finish_encounter(other)
    recap = window.recaps.encounter(other, players=True)
    assert "The Bridge" in recap.title
    qtbot.waitUntil(lambda: told(phone) == [recap.title], timeout=10_000)
    assert get(url + LAST_SESSION)[1] == recap.html
    manager.close()


def test_sharing_again_tells_the_pages_of_the_last_session(program, qtbot, phones):
    window = program.window
    page = window.players_page
    assert window.operations.finish_encounter()  # finished while nobody shares
    url = page.share("127.0.0.1")
    assert page.server.ready.wait(10)
    phone = phones(ws_url(url))
    title = window.recaps.last_for_players(stored_id(program.session.campaign)).title
    qtbot.waitUntil(lambda: told(phone) == [title], timeout=10_000)
    assert get(url + LAST_SESSION)[0] == 200
