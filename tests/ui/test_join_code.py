"""The players' page's QR code on the player display (the projector), so the table scans it
from there: the GM's choice, off by default, shown only while the page is shared."""

from __future__ import annotations

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QMenu


def settle() -> None:
    """The layouts done (posted events)."""
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def test_off_by_default_and_offered_only_while_shared(qtbot, program):
    controls, page = program.window.table_controls, program.window.players_page
    action = controls.join_action
    assert action in program.window.findChild(QMenu, "playersMenu").actions()
    assert not action.isChecked() and not action.isEnabled()
    page.share("127.0.0.1")
    assert action.isEnabled() and not action.isChecked()
    display_shown = controls.player_screen.display
    assert display_shown is None or not display_shown.join.isVisible()


def test_asked_for_it_opens_the_display_with_the_code_big_and_the_address(qtbot, program):
    controls, page = program.window.table_controls, program.window.players_page
    page.share("127.0.0.1")
    controls.join_action.trigger()
    display = controls.player_screen.display
    assert display is not None and display.isVisible()
    display.resize(1280, 720)
    qtbot.waitUntil(lambda: display.join.isVisible())
    qr = display.join_qr.pixmap()
    assert qr.width() >= 720 * 0.35  # scanned from across a room
    assert display.join_address.accessibleDescription() == page.url
    assert display.join_address.text().replace("\u200b", "") == page.url
    # The code is the page's address: dark modules on white, as the dialog's.
    image = qr.toImage().convertToFormat(QImage.Format.Format_RGB32)
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 7)
               for y in range(0, image.height(), 7)}
    assert colours == {"#000000", "#ffffff"}


def test_hidden_when_sharing_stops_and_back_with_a_new_address(qtbot, program):
    controls, page = program.window.table_controls, program.window.players_page
    page.share("127.0.0.1")
    controls.join_action.trigger()
    display = controls.player_screen.display
    qtbot.waitUntil(lambda: display.join.isVisible())
    page.stop()
    assert not display.join.isVisible() and not controls.join_action.isEnabled()
    page.share("127.0.0.1")  # a new key: the code shown is the new address
    assert display.join.isVisible()
    assert display.join_address.accessibleDescription() == page.url
    old = page.url
    page.new_key()
    assert page.url != old and display.join_address.accessibleDescription() == page.url
    controls.join_action.trigger()  # the GM takes it off
    assert not display.join.isVisible()


def test_the_code_stays_on_the_display_when_another_encounter_opens(qtbot, program):
    page = program.window.players_page
    page.share("127.0.0.1")
    program.window.table_controls.join_action.trigger()
    campaign = program.session.campaign
    program.open_encounter(program.store.create_encounter(campaign.id, "The crypt").id)
    controls, page = program.window.table_controls, program.window.players_page
    assert controls.join_action.isChecked() and controls.join_action.isEnabled()
    display = controls.player_screen.display
    assert display is not None and display.isVisible() and display.join.isVisible()
    assert display.join_address.accessibleDescription() == page.url


def test_the_code_takes_no_room_from_the_spotlight_order(qtbot, program):
    controls, page = program.window.table_controls, program.window.players_page
    controls.player_screen.action.setChecked(True)
    display = controls.player_screen.display
    display.showNormal()
    display.resize(1024, 640)  # a window on the GM's own screen, as it first opens
    settle()
    width = display.order.width()
    page.share("127.0.0.1")
    controls.join_action.trigger()
    settle()
    assert display.join.isVisible()
    assert display.order.width() == width  # the long key wraps in its own column
    assert display.join_qr.pixmap().width() >= 200
