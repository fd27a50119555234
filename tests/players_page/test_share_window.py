"""Players › Share on this network… from the GM's window: off until turned on, the address as
text and QR code, a player's roll reaching the GM on the GUI thread, the page following the
fight, a new key, keeping it shared across starts, and no thread left after quitting."""

from __future__ import annotations

import contextlib
import threading

from PySide6.QtCore import QThread
from PySide6.QtWidgets import QApplication, QMenu

from encounter_app.app import launch
from encounter_app.domain.player_rolls import PhoneDie, PhoneForm, PhoneSubmission
from encounter_app.services.fight.commands import SetFear
from encounter_app.services.page_server import REVOKED
from encounter_app.services.players_page import RECEIVED
from encounter_app.ui.players.share_dialog import ShareDialog
from tests.players_page.conftest import PHONE, ws_url


def page_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "players-page"]


def test_off_until_the_gm_shares_then_address_and_qr_code(qtbot, program):
    window, page = program.window, program.window.players_page
    assert not page.sharing and page.url == ""
    menu = window.findChild(QMenu, "playersMenu")
    share = window.players_share
    assert share.action in menu.actions()
    share.action.trigger()
    dialog = window.findChild(ShareDialog, "shareDialog")
    assert dialog.isVisible()
    assert dialog.address.text() == "" and not dialog.new_key_button.isEnabled()
    loopback = dialog.network.findData("127.0.0.1")
    assert loopback >= 0  # binding to this computer alone is one choice
    dialog.network.setCurrentIndex(loopback)
    dialog.share_button.click()
    assert page.sharing
    assert dialog.address.text() == page.url
    assert page.url.startswith("http://127.0.0.1:") and page.server.key in page.url
    assert not dialog.qr.pixmap().isNull() and dialog.qr.pixmap().width() >= 200
    assert dialog.share_button.text() == "Stop sharing"
    dialog.copy_button.click()
    assert QApplication.clipboard().text() == page.url
    dialog.share_button.click()
    assert not page.sharing and dialog.address.text() == ""
    assert dialog.qr.pixmap().isNull()
    qtbot.waitUntil(lambda: not page_threads())


def test_a_player_s_roll_reaches_the_gm_on_the_gui_thread_and_the_page_hears_back(
        qtbot, shared, phones, monkeypatch):
    form = PhoneForm("check", "Check", "d6", (PhoneDie("die", "The die", 6),))
    monkeypatch.setattr(shared._session.system, "phone_forms", lambda row: (form,))
    with contextlib.suppress(RuntimeError, TypeError):
        shared.roll_received.disconnect()  # this test hears the rolls alone
    phone = phones(ws_url(shared.url))
    qtbot.waitUntil(lambda: phone.last("view") is not None)
    wren = next(c for c in phone.last("view")["characters"] if c["name"].startswith("Wren"))
    phone.send({"type": "claim", "pick": wren["pick"]})
    qtbot.waitUntil(lambda: (phone.last("own") or {}).get("character") is not None)
    threads = []
    shared.roll_received.connect(lambda _s: threads.append(QThread.currentThread()))
    with qtbot.waitSignal(shared.roll_received) as caught:
        phone.send({"type": "roll", "form": "check", "dice": {"die": 5}})
    submission = caught.args[0]
    wren_row = next(c for c in shared._session.combatants if c.name.startswith("Wren"))
    assert submission == PhoneSubmission(wren_row.name, wren_row.id, "check", (), (),
                                         (("die", 5),), PHONE, phone.last("hello")["page"])
    assert threads == [QApplication.instance().thread()]
    qtbot.waitUntil(lambda: phone.last("sent") is not None)
    assert phone.last("sent")["text"] == RECEIVED
    shared.tell(submission.page, "Recorded: Success with Hope")
    qtbot.waitUntil(lambda: (phone.last("told") or {}).get("text") == "Recorded: Success with Hope")


def test_the_page_follows_the_fight(qtbot, program, shared, phones):
    phone = phones(ws_url(shared.url))
    qtbot.waitUntil(lambda: phone.shown() is not None)
    assert phone.shown()["fear"] == program.session.fear
    program.undo_stack.push(SetFear(program.session, 9))
    qtbot.waitUntil(lambda: phone.shown()["fear"] == 9)
    program.window.next_turn()
    active = program.session.combatants[program.session.combatants.index_of(
        program.session.active_id)]
    qtbot.waitUntil(lambda: [e["name"] for e in phone.shown()["order"]
                             if e["active"]] == [active.name])


def test_new_key_closes_every_page(qtbot, program, shared, phones):
    old = shared.url
    phone = phones(ws_url(old))
    qtbot.waitUntil(lambda: phone.last("view") is not None)
    dialog = program.window.players_share.show_dialog()
    dialog.new_key_button.click()
    qtbot.waitUntil(lambda: phone.closed is not None)
    assert phone.closed == REVOKED
    assert shared.url != old and dialog.address.text() == shared.url


def test_the_pages_stay_open_when_another_encounter_opens(qtbot, program, shared, phones):
    url = shared.url
    phone = phones(ws_url(url))
    qtbot.waitUntil(lambda: phone.last("view") is not None)
    campaign = program.session.campaign
    other = program.store.create_encounter(campaign.id, "The empty crypt")
    program.open_encounter(other.id)
    page = program.window.players_page
    assert page is not shared and page.sharing and page.url == url
    qtbot.waitUntil(lambda: phone.shown()["order"] == [])
    assert phone.closed is None


def test_off_again_at_the_next_start_unless_kept(qtbot, tmp_path):
    first = launch(tmp_path, seed=3, show=False)
    first.window.players_page.share("127.0.0.1")
    first.shutdown()
    assert not page_threads()
    second = launch(tmp_path, seed=3, show=False)
    try:
        assert not second.window.players_page.sharing
        second.window.players_page.share("127.0.0.1")
        second.window.players_page.set_keep(True)
        url = second.window.players_page.url
    finally:
        second.shutdown()
    third = launch(tmp_path, seed=3, show=False)
    try:
        assert third.window.players_page.sharing
        assert third.window.players_page.url == url  # the phones' address still works
        third.window.players_page.set_keep(False)
    finally:
        third.shutdown()
    assert not page_threads()
    fourth = launch(tmp_path, seed=3, show=False)
    try:
        assert not fourth.window.players_page.sharing
    finally:
        fourth.shutdown()


def test_quitting_joins_the_server_thread(qtbot, program, shared, phones):
    phone = phones(ws_url(shared.url))
    qtbot.waitUntil(lambda: phone.last("view") is not None)
    assert page_threads()
    program.shutdown()
    assert not page_threads()
    qtbot.waitUntil(lambda: phone.closed is not None)


def test_an_address_this_computer_no_longer_has_is_said_in_the_dialog(qtbot, program):
    page = program.window.players_page
    dialog = program.window.players_share.show_dialog()
    dialog.network.addItem("Old Wi-Fi: 192.0.2.123", "192.0.2.123")  # TEST-NET: not ours
    dialog.network.setCurrentIndex(dialog.network.count() - 1)
    dialog.share_button.click()
    assert not page.sharing and not page_threads()
    assert "could not be shared on 192.0.2.123" in dialog.message.text()
    assert not dialog.share_button.isChecked() and dialog.address.text() == ""


def test_a_kept_port_taken_meanwhile_gives_way_to_a_free_one(qtbot, tmp_path):
    import socket

    first = launch(tmp_path, seed=3, show=False)
    try:
        first.window.players_page.share("127.0.0.1")
        first.window.players_page.set_keep(True)
        port = first.window.players_page.server.address[1]
    finally:
        first.shutdown()
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", port))
        squatter.listen()
        second = launch(tmp_path, seed=3, show=False)
        try:
            page = second.window.players_page
            assert page.sharing and page.server.address[1] != port
        finally:
            second.shutdown()


def test_a_hidden_pcs_player_still_rolls_from_the_phone_and_the_pc_gains_its_hope(
        qtbot, program, shared, phones):
    from dataclasses import replace

    from encounter_app.services.fight.commands import UpdateCombatant
    from encounter_app.systems.daggerheart import pc_tracks

    session = program.session
    wren = next(c for c in session.combatants if c.name.startswith("Wren"))
    program.undo_stack.push(UpdateCombatant(session, replace(wren, hidden=True), "Hide"))
    phone = phones(ws_url(shared.url))
    # Not in the fight's order (the page follows the hiding a moment later)...
    qtbot.waitUntil(lambda: phone.last("view") is not None and wren.name not in [
        e["name"] for e in phone.last("view")["view"]["order"]])
    message = phone.last("view")
    # ... and still among the characters her player may pick.
    pick = next(c["pick"] for c in message["characters"] if c["name"] == wren.name)
    hope = pc_tracks.tracks(wren).hope
    queue = program.window.fight.player_queue
    phone.send({"type": "roll", "pick": pick, "modifier": 0, "hope": 9, "fear": 2})
    qtbot.waitUntil(lambda: len(queue.waiting) == 1)
    queue.difficulty.setValue(10)
    queue.accept()  # 11 against 10, the Hope Die higher: a Success with Hope
    qtbot.waitUntil(lambda: phone.last("told")["text"] == "Recorded: Success with Hope")
    assert pc_tracks.tracks(session.combatants.by_id(wren.id)).hope == hope + 1


def test_the_phone_reads_a_variant_as_its_adversarys_own_name(qtbot, program, shared, phones):
    from dataclasses import replace

    from encounter_app.services.fight.commands import UpdateCombatant

    session = program.session
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    program.undo_stack.push(UpdateCombatant(session, replace(sentry, name="Ashen Sentry (Elite) 2"),
                                            "Rename"))
    phone = phones(ws_url(shared.url))

    def names() -> list[str]:
        shown = phone.shown()
        return [] if shown is None else [e["name"] for e in shown["order"]]

    qtbot.waitUntil(lambda: "Ashen Sentry 2" in names())  # its number kept
    assert not any("Elite" in n for n in names())
