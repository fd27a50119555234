"""Players › Share on this network… from the GM's window: off until turned on, the address as
text and QR code, a player's roll reaching the GM on the GUI thread, the page following the
fight, a new key, keeping it shared across starts, and no thread left after quitting."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox

from encounter_app.app import launch
from encounter_app.domain.player_rolls import PhoneDie, PhoneForm, PhoneResult, PhoneSubmission
from encounter_app.services.fight.commands import SetFear
from encounter_app.services.networks import networks
from encounter_app.services.page_server import REVOKED
from encounter_app.services.players_page import RECEIVED
from encounter_app.ui.players.share_dialog import ShareDialog
from tests.helpers.modal import cancel_next_modal, press_in_next_modal
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
    assert dialog.share_button.text().replace("&", "") == "Stop sharing…"
    dialog.copy_button.click()
    assert QApplication.clipboard().text() == page.url
    press_in_next_modal("Stop sharing")
    dialog.share_button.click()
    assert not page.sharing and dialog.address.text() == ""
    assert dialog.qr.pixmap().isNull()
    qtbot.waitUntil(lambda: not page_threads())


def test_a_player_s_roll_reaches_the_gm_on_the_gui_thread_and_the_page_hears_back(
        qtbot, shared, phones, monkeypatch):
    form = PhoneForm("check", "Check", "d6", (PhoneDie("die", "The die", 6),))
    monkeypatch.setattr(shared._session.system, "phone_forms", lambda row: (form,))
    monkeypatch.setattr(shared._session.system, "phone_result",
                        lambda row, roll, gm: PhoneResult(roll.die("die"), "a five"))
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
    press_in_next_modal("New key")
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

    session, inbox = program.session, program.window.phone_inbox
    shared.set_inbox(inbox)  # as app.py hands it over (once)
    wren = next(c for c in session.combatants if c.name.startswith("Wren"))
    program.undo_stack.push(UpdateCombatant(session, replace(wren, hidden=True), "Hide"))
    phone = phones(ws_url(shared.url))
    # Not in the fight's order (the page follows the hiding a moment later)...
    qtbot.waitUntil(lambda: phone.shown() is not None and wren.name not in [
        e["name"] for e in phone.shown()["order"]])
    # ... and still among the characters her player may claim.
    pick = next(c["pick"] for c in phone.state["characters"] if c["name"] == wren.name)
    phone.send({"type": "claim", "pick": pick})
    qtbot.waitUntil(lambda: (phone.last("own") or {}).get("character") is not None)
    assert phone.last("own")["character"]["name"] == wren.name
    hope = pc_tracks.tracks(wren).hope
    phone.send({"type": "roll", "form": "action", "numbers": {"trait": 0},
                "choices": {"advantage": "none", "spend": "no"},
                "dice": {"hope": 9, "fear": 2}})
    qtbot.waitUntil(lambda: len(inbox.waiting) == 1)
    assert inbox.accept(inbox.waiting[0].id, 10)  # 11 against 10, Hope higher: with Hope
    qtbot.waitUntil(lambda: phone.last("own")["character"]["history"][0]["status"]
                    == "recorded")
    assert "Success with Hope" in phone.last("own")["character"]["history"][0]["text"]
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


# -- the Share dialog is hard to break by accident ----------------------------------------------

class FakeClaims(QObject):
    """What PlayersPage says of who holds which character (the page server's branch), as the
    dialog asks it."""

    claims_changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.held: dict[str, str] = {}
        self.released: list[str] = []

    def claims(self) -> dict[str, str]:
        return dict(self.held)

    def release(self, name: str) -> bool:
        self.released.append(name)
        self.held.pop(name, None)
        self.claims_changed.emit()
        return True


def shared_dialog(qtbot, program, claims=None) -> ShareDialog:
    dialog = ShareDialog(program.window.players_page, program.window, claims=claims)
    dialog.network.setCurrentIndex(dialog.network.findData("127.0.0.1"))
    dialog.share_button.click()
    assert program.window.players_page.sharing
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_enter_closes_the_dialog_and_never_stops_sharing_or_makes_a_new_key(
        qtbot, program, monkeypatch):
    page = program.window.players_page
    dialog = shared_dialog(qtbot, program)
    url = page.url
    asked: list[object] = []  # a question would be Enter pressing a button: answered No
    monkeypatch.setattr(ShareDialog, "_ask", lambda _self, *words: asked.append(words))
    assert dialog.close_button.isDefault()
    for widget in (dialog.share_button, dialog.new_key_button, dialog.address,
                   dialog.copy_button, dialog.network):
        dialog.show()
        dialog.activateWindow()
        widget.setFocus()
        qtbot.keyClick(widget, Qt.Key.Key_Return)
        assert not asked and not dialog.isVisible(), widget.objectName()
        assert page.sharing and page.url == url  # the phones keep their page


def test_stop_sharing_asks_first_and_cancel_keeps_every_phone(qtbot, program, phones):
    page = program.window.players_page
    dialog = shared_dialog(qtbot, program)
    phone = phones(ws_url(page.url))
    qtbot.waitUntil(lambda: dialog.pages.text() == "Shared: 1 page is open.")
    said: list[str] = []
    press_in_next_modal("Cancel", said)
    dialog.share_button.click()
    assert page.sharing and dialog.share_button.isChecked() and phone.closed is None
    assert "1 page is open now" in said[0] and "loses the fight" in said[0]
    assert "scans the new code" in said[0]  # not kept: the address will be new
    press_in_next_modal("Stop sharing")
    dialog.share_button.click()
    assert not page.sharing and not dialog.share_button.isChecked()
    qtbot.waitUntil(lambda: phone.closed is not None)


def test_the_question_before_stopping_is_answered_by_cancel_by_default(qtbot, program):
    page = program.window.players_page
    dialog = shared_dialog(qtbot, program)

    def default(box) -> None:
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
        qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter: the default, Cancel

    cancel_next_modal(default)
    dialog.share_button.click()
    assert page.sharing


def test_new_key_asks_first_and_cancel_keeps_the_address(qtbot, program, phones):
    page = program.window.players_page
    dialog = shared_dialog(qtbot, program)
    url = page.url
    phone = phones(ws_url(url))
    qtbot.waitUntil(lambda: dialog.pages.text() == "Shared: 1 page is open.")
    said: list[str] = []
    press_in_next_modal("Cancel", said)
    dialog.new_key_button.click()
    assert page.url == url and phone.closed is None
    assert "old address and QR code stop working" in said[0]
    press_in_next_modal("New key")
    dialog.new_key_button.click()
    assert page.url != url and dialog.address.text() == page.url
    qtbot.waitUntil(lambda: phone.closed == REVOKED)


def test_kept_sharing_says_the_phones_come_back_after_a_stop(qtbot, program):
    page = program.window.players_page
    dialog = shared_dialog(qtbot, program)
    dialog.keep.setChecked(True)
    said: list[str] = []
    press_in_next_modal("Cancel", said)
    dialog.share_button.click()
    assert "address stays the same" in said[0]
    page.set_keep(False)


def test_the_networks_are_named_and_the_loopback_one_is_last(qtbot, program):
    dialog = ShareDialog(program.window.players_page, program.window)
    labels = [dialog.network.itemText(i) for i in range(dialog.network.count())]
    assert labels[-1] == "This computer only: 127.0.0.1"
    assert [dialog.network.itemData(i) for i in range(dialog.network.count())] == [
        n.address for n in networks()]
    dialog.network.setCurrentIndex(dialog.network.count() - 1)
    assert "Only a browser on this computer" in dialog.network_hint.text()


def test_moving_to_another_network_while_shared_asks_first(qtbot, program):
    page = program.window.players_page
    dialog = shared_dialog(qtbot, program)
    dialog.network.addItem("Wi-Fi (wlan9): 192.0.2.123", "192.0.2.123")  # TEST-NET: not ours
    url = page.url
    said: list[str] = []
    press_in_next_modal("Cancel", said)
    dialog.network.setCurrentIndex(dialog.network.count() - 1)
    dialog.network.activated.emit(dialog.network.currentIndex())
    assert page.url == url and "every player scans the new code" in said[0]
    assert dialog.network.currentData() == "127.0.0.1"  # back to the one in use


def test_who_holds_which_character_and_release(qtbot, program):
    claims = FakeClaims()
    dialog = shared_dialog(qtbot, program, claims)
    assert dialog.holders.isVisible() and dialog.holders_model.rowCount() == 0
    assert not dialog.release_button.isEnabled()
    claims.held = {"Wren": "Phone 1", "Aria": "Phone 2"}
    claims.claims_changed.emit()
    rows = [dialog.holders_model.item(r).text() for r in range(dialog.holders_model.rowCount())]
    assert rows == ["Aria — Phone 2", "Wren — Phone 1"]
    dialog.holders.setCurrentIndex(dialog.holders_model.index(1, 0))
    assert dialog.release_button.isEnabled()
    dialog.release_button.click()
    assert claims.released == ["Wren"]
    assert [dialog.holders_model.item(r).text()
            for r in range(dialog.holders_model.rowCount())] == ["Aria — Phone 2"]
    assert "Wren was let go" in dialog.message.text()
    assert not dialog.release_button.isEnabled()


def test_without_claims_the_list_is_not_offered(qtbot, program):
    dialog = shared_dialog(qtbot, program)
    assert not dialog.holders.isVisible() and not dialog.release_button.isVisible()


def test_the_characters_held_show_while_not_shared_and_can_be_let_go(qtbot, program):
    claims = FakeClaims()
    claims.held = {"Wren": "phone 3F2A"}
    dialog = ShareDialog(program.window.players_page, program.window, claims=claims)
    assert not program.window.players_page.sharing
    assert dialog.holders_model.item(0).text() == "Wren — phone 3F2A"
    dialog.holders.setCurrentIndex(dialog.holders_model.index(0, 0))
    dialog.release_button.click()
    assert claims.released == ["Wren"] and dialog.holders_model.rowCount() == 0
