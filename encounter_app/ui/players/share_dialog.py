"""The *Share with the table* dialog: turn the players' page on or off, on which network, show
its address as a QR code (segno) and as text, and who holds which character.

Hard to break by accident: *Close* is the default button (Enter closes the dialog), and what
drops every phone (*Stop sharing*, *New key*, another network while shared) asks first, Cancel
the default, saying what happens to the phones. Each network is named by its kind (Wi-Fi,
Ethernet, a VPN, a virtual adapter: services/networks.py), the table's likely one first, with a
line under it when phones are unlikely to reach it. Everything keeps its room from the start:
nothing moves when a message, the count of pages or the list of characters changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtGui import QGuiApplication, QPixmap, QShowEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.services.networks import networks
from encounter_app.services.players_page import PlayersPage
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.listviews import PaintedListView
from encounter_app.ui.widgets.message import MessageLine

QR_SIZE = 232  # px: big enough to scan from across a table, small enough for 1280x720
CLAIM_ROWS = 4  # the list of who holds which character keeps room for this many


class Claims(Protocol):
    """Who holds which character on the players' page (``PlayersPage``'s, from the page
    server's branch): ``claims`` maps each held character's name to the phone's label."""

    @property
    def claims_changed(self) -> SignalInstance: ...

    def claims(self) -> Mapping[str, str]: ...

    def release(self, name: str) -> object: ...


def qr_pixmap(text: str, size: int = QR_SIZE) -> QPixmap:
    """``text`` as a QR code: dark on white whatever the theme, as phone cameras read best."""
    import io

    import segno  # only when the GM shares

    code = segno.make(text, error="m")
    buffer = io.BytesIO()
    modules = code.symbol_size(scale=1, border=2)[0]
    code.save(buffer, kind="png", scale=max(1, size // modules), border=2, dark="#000000",
              light="#ffffff")
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


def pages_words(count: int) -> str:
    return "no page is open" if count == 0 else (
        "1 page is open" if count == 1 else f"{count} pages are open")


class ShareDialog(QDialog):
    def __init__(self, page: PlayersPage, parent: QWidget | None = None, *,
                 claims: Claims | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shareDialog")
        self.page, self.claims = page, claims
        self._pages = 0
        self.setWindowTitle("Share with the table")
        intro = QLabel("Players open the page on their phones, on the same network as this "
                       "computer: no app, no account, no internet. Each holds their own "
                       "character, sees what the player display shows and sends you their "
                       "rolls.", wordWrap=True)
        self.share_button = QPushButton("Share the players' page", objectName="shareButton",
                                        checkable=True)
        self.network = QComboBox(objectName="shareNetwork")
        self.network.setAccessibleName("Network to share on")
        self.network.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.network.setMinimumContentsLength(28)  # its width never follows its entries
        self.network_hint = MessageLine("shareNetworkHint", lines=2)
        self._fill_networks()
        self.qr = QLabel(objectName="shareQr", alignment=Qt.AlignmentFlag.AlignCenter)
        self.qr.setFixedSize(QR_SIZE + 16, QR_SIZE + 16)
        self.qr.setAccessibleName("QR code of the players' page address")
        self.address = QLineEdit(objectName="shareAddress", readOnly=True)
        self.address.setAccessibleName("The players' page address")
        self.copy_button = QPushButton("&Copy", objectName="shareCopy")
        self.copy_button.clicked.connect(self.copy)
        self.new_key_button = QPushButton("New &key…", objectName="shareNewKey")
        self.new_key_button.setToolTip("A new address: every open page is closed, and the old "
                                       "address no longer works (asks first)")
        self.new_key_button.clicked.connect(self.new_key)
        # The count and the message keep their room: sharing, copying or a new key moves
        # nothing under them.
        self.pages = MessageLine("sharePages")
        self.keep = QCheckBox("Keep sharing when Encounter Manager starts again",
                              objectName="shareKeep")
        self.keep.setChecked(page.keep)
        self.keep.toggled.connect(page.set_keep)
        self.message = MessageLine("shareMessage", lines=2)
        self.message.setAccessibleName("Sharing message")
        # Who holds which character: a list of its own height, whatever it holds.
        self.holders_model = QStandardItemModel(self)
        self.holders = PaintedListView("No phone holds a character.")
        self.holders.setObjectName("shareHolders")
        self.holders.setAccessibleName("Characters held by phones")
        self.holders.setModel(self.holders_model)
        self.holders.setFixedHeight(CLAIM_ROWS * (self.holders.fontMetrics().lineSpacing() + 6)
                                    + 8)
        self.release_button = QPushButton("&Release", objectName="shareRelease")
        self.release_button.setToolTip("Let the selected character go: its phone may pick a "
                                       "character again, and another phone may take it")
        self.release_button.clicked.connect(self.release)
        holders_title = QLabel("Phones and their &characters:")
        holders_title.setBuddy(self.holders)

        form = QFormLayout()
        form.addRow("&Network:", self.network)
        form.addRow("", self.network_hint)
        address_row = QHBoxLayout()
        address_row.addWidget(self.address, 1)
        address_row.addWidget(self.copy_button)
        address_row.addWidget(self.new_key_button)
        form.addRow("Address:", address_row)
        controls = QVBoxLayout()
        controls.addWidget(self.share_button)
        controls.addLayout(form)
        controls.addWidget(self.pages)
        holders_box = QWidget(objectName="shareHoldersBox")
        holders_layout = QVBoxLayout(holders_box)
        holders_layout.setContentsMargins(0, 0, 0, 0)
        holders_layout.addWidget(holders_title)
        holders_layout.addWidget(self.holders)
        release_row = QHBoxLayout()
        release_row.addStretch(1)
        release_row.addWidget(self.release_button)
        holders_layout.addLayout(release_row)
        holders_box.setVisible(claims is not None)  # from the start: nothing moves after
        controls.addSpacing(6)
        controls.addWidget(holders_box)
        controls.addStretch(1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.close)
        self.close_button = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        grid = QGridLayout()
        grid.setHorizontalSpacing(16)
        grid.addLayout(controls, 0, 0)
        grid.addWidget(self.qr, 0, 1, Qt.AlignmentFlag.AlignTop)
        grid.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addWidget(self.keep)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(760)
        # Enter closes the dialog wherever the keyboard is: no other button is pressed by it
        # (Space still presses the one with the focus).
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
        self.close_button.setAutoDefault(True)
        self.close_button.setDefault(True)

        self.share_button.toggled.connect(self.set_sharing)
        self.network.activated.connect(self.choose_network)
        self.network.currentIndexChanged.connect(self._show_hint)
        self.holders.selectionModel().selectionChanged.connect(self._enable_release)
        page.sharing_changed.connect(self.refresh)
        page.pages_changed.connect(self.show_pages)
        if claims is not None:
            claims.claims_changed.connect(self._show_holders)
        self.refresh()

    # -- the networks -----------------------------------------------------------------------------

    def _fill_networks(self) -> None:
        """This computer's networks now, the one in use (or kept) chosen."""
        blocked = self.network.blockSignals(True)
        self.network.clear()
        for network in networks():
            self.network.addItem(network.label, network.address)
            self.network.setItemData(self.network.count() - 1, network.hint,
                                     Qt.ItemDataRole.ToolTipRole)
        self.network.setCurrentIndex(max(0, self.network.findData(self._host())))
        self.network.blockSignals(blocked)
        self._show_hint()

    def _host(self) -> str:
        server = self.page.server
        return server.address[0] if server is not None else self.page.host

    def _show_hint(self, *_args: object) -> None:
        hint = self.network.currentData(Qt.ItemDataRole.ToolTipRole)
        self.network_hint.setText(str(hint or ""))

    def showEvent(self, event: QShowEvent) -> None:
        if not self.isVisible():  # opened again: a Wi-Fi may have been joined meanwhile
            self._fill_networks()
        super().showEvent(event)

    # -- what the GM does -------------------------------------------------------------------------

    def _ask(self, title: str, question: str, what_happens: str, yes: str) -> bool:
        """Ask before something that drops the phones; Cancel is the default."""
        box = QMessageBox(QMessageBox.Icon.Question, title, question,
                          QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("shareQuestion")
        box.setInformativeText(what_happens)
        go = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is go

    def _phones_now(self) -> str:
        count = self._pages
        return ("No page is open now." if count == 0 else
                "1 page is open now: that phone" if count == 1 else
                f"{count} pages are open now: each phone")

    def set_sharing(self, on: bool) -> None:
        if on == self.page.sharing:
            return
        if on:
            self._share(self.network.currentData())
            return
        again = ("The address stays the same: when you share again, the pages come back by "
                 "themselves." if self.page.keep else
                 "When you share again the address is new: every player scans the new code.")
        drops = (f"{self._phones_now()} loses the fight at once and says you stopped "
                 "sharing. " if self._pages else f"{self._phones_now()} ")
        if not self._ask("Stop sharing?", "Stop sharing the players' page?", drops + again,
                         "Stop sharing"):
            self.refresh()  # the button as it was
            return
        self.page.stop()
        self._say("Not shared: every page was closed.")

    def choose_network(self, _index: int) -> None:
        if not self.page.sharing:
            self._show_hint()
            return
        host = self.network.currentData()
        if host == self._host():
            return
        drops = (f"{self._phones_now()} loses the fight" if self._pages else
                 self._phones_now().rstrip("."))
        if not self._ask("Share on another network?",
                         f"Share on {self.network.currentText()}?",
                         f"The address changes: {drops}, and every player scans the new "
                         "code.", "Share there"):
            self._fill_networks()  # back to the one in use
            return
        self._share(host)

    def _share(self, host: str) -> None:
        try:
            self.page.share(host)
        except OSError as exc:
            self._say(f"The page could not be shared on {host}: {exc.strerror or exc}. Pick "
                      "another network, or try again.", error=True)
            self.refresh()
            return
        self._say("Shared. Players scan the code, or type the address.")

    def new_key(self) -> None:
        if not self.page.sharing:
            return
        closed = (f"{self._phones_now()} is closed" if self._pages else
                  self._phones_now().rstrip("."))
        if not self._ask("Make a new key?", "Make a new key for the players' page?",
                         f"{closed}, and the old address and QR code stop working: every "
                         "player scans the new code. Do it when someone who should not have "
                         "the address has it.", "New key"):
            return
        if self.page.new_key():
            self._say("New key: every open page was closed; players scan the new code.")

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.address.text())
        self._say("Address copied.")

    def release(self) -> None:
        name = self._selected_holder()
        if self.claims is None or not name:
            return
        self.claims.release(name)
        self._say(f"{name} was let go: that phone may pick a character again.")

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message.setStyleSheet(theme.error_style(self) if error else "")
        self.message.setText(text)

    # -- what is shown -----------------------------------------------------------------------------

    def show_pages(self, count: int) -> None:
        self._pages = count if self.page.sharing else 0
        self.pages.setText(f"Shared: {pages_words(count)}." if self.page.sharing else "")

    def _selected_holder(self) -> str:
        rows = self.holders.selectionModel().selectedRows()
        return str(rows[0].data(Qt.ItemDataRole.UserRole)) if rows else ""

    def _show_holders(self, *_args: object) -> None:
        chosen = self._selected_holder()
        # Kept across stops and restarts: a phone comes back to its character.
        held = dict(self.claims.claims()) if self.claims is not None else {}
        self.holders_model.clear()
        for name, phone in sorted(held.items(), key=lambda item: item[0].casefold()):
            item = QStandardItem(f"{name} — {phone}")
            item.setData(name, Qt.ItemDataRole.UserRole)
            item.setEditable(False)
            self.holders_model.appendRow(item)
            if name == chosen:
                self.holders.setCurrentIndex(item.index())
        self._enable_release()

    def _enable_release(self, *_args: object) -> None:
        self.release_button.setEnabled(bool(self._selected_holder()))

    def refresh(self, *_args: object) -> None:
        sharing = self.page.sharing
        blocked = self.share_button.blockSignals(True)
        self.share_button.setChecked(sharing)
        self.share_button.blockSignals(blocked)
        self.share_button.setText("&Stop sharing…" if sharing else "&Share the players' page")
        url = self.page.url
        self.address.setText(url)
        self.address.setCursorPosition(0)  # the start of it: http:// and the network's address
        self.address.setPlaceholderText("Not shared")
        self.copy_button.setEnabled(sharing)
        self.new_key_button.setEnabled(sharing)
        if sharing:
            self.qr.setPixmap(qr_pixmap(url))
            index = self.network.findData(self._host())
            if index >= 0:
                self.network.setCurrentIndex(index)
        else:
            self.qr.clear()
            self.qr.setText("Not shared")
        self.show_pages(self.page.server.connections if self.page.server is not None else 0)
        self._show_holders()
