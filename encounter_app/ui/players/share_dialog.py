"""The *Share with the table* dialog: turn the players' page on or off, on which network, and
show its address as a QR code (segno) and as text; a new key closes every open page."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.services.networks import interfaces
from encounter_app.services.players_page import PlayersPage
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.message import MessageLine

QR_SIZE = 232  # px: big enough to scan from across a table, small enough for 1280x720


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


class ShareDialog(QDialog):
    def __init__(self, page: PlayersPage, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shareDialog")
        self.page = page
        self.setWindowTitle("Share with the table")
        intro = QLabel("Players open the page on their phones, on the same network as this "
                       "computer: no app, no account, no internet. They see what the player "
                       "display shows, and can send their action rolls to you.",
                       wordWrap=True)
        self.share_button = QPushButton("Share the players' page", objectName="shareButton",
                                        checkable=True)
        self.network = QComboBox(objectName="shareNetwork")
        self.network.setAccessibleName("Network to share on")
        for label, address in interfaces():
            self.network.addItem(label, address)
        self.network.setCurrentIndex(max(0, self.network.findData(page.host)))
        self.qr = QLabel(objectName="shareQr", alignment=Qt.AlignmentFlag.AlignCenter)
        self.qr.setFixedSize(QR_SIZE + 16, QR_SIZE + 16)
        self.qr.setAccessibleName("QR code of the players' page address")
        self.address = QLineEdit(objectName="shareAddress", readOnly=True)
        self.address.setAccessibleName("The players' page address")
        self.copy_button = QPushButton("Copy", objectName="shareCopy")
        self.copy_button.clicked.connect(self.copy)
        self.new_key_button = QPushButton("New key", objectName="shareNewKey")
        self.new_key_button.setToolTip("A new address: every open page is closed, and the old "
                                       "address no longer works")
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

        form = QFormLayout()
        form.addRow("&Network:", self.network)
        address_row = QHBoxLayout()
        address_row.addWidget(self.address, 1)
        address_row.addWidget(self.copy_button)
        address_row.addWidget(self.new_key_button)
        form.addRow("Address:", address_row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.share_button)
        layout.addLayout(form)
        layout.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.pages)
        layout.addWidget(self.keep)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)

        self.share_button.toggled.connect(self.set_sharing)
        self.network.activated.connect(self.choose_network)
        page.sharing_changed.connect(self.refresh)
        page.pages_changed.connect(self.show_pages)
        self.refresh()

    def set_sharing(self, on: bool) -> None:
        if on == self.page.sharing:
            return
        if on:
            self._share(self.network.currentData())
        else:
            self.page.stop()
            self.message.setText("Not shared: every page was closed.")

    def choose_network(self, _index: int) -> None:
        if self.page.sharing:  # move to the chosen network: the pages need the new address
            self._share(self.network.currentData())

    def _share(self, host: str) -> None:
        try:
            self.page.share(host)
        except OSError as exc:
            self.message.setText(f"The page could not be shared on {host}: "
                                 f"{exc.strerror or exc}. Pick another network, or try again.")
            self.message.setStyleSheet(theme.error_style(self))
            self.refresh()
            return
        self.message.setStyleSheet("")
        self.message.setText("Shared. Players scan the code, or type the address.")

    def new_key(self) -> None:
        if self.page.new_key():
            self.message.setStyleSheet("")
            self.message.setText("New key: every open page was closed; players scan the new "
                                 "code.")

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.address.text())
        self.message.setText("Address copied.")

    def show_pages(self, count: int) -> None:
        self.pages.setText(f"Pages open: {count}" if self.page.sharing else "")

    def refresh(self, *_args: object) -> None:
        sharing = self.page.sharing
        self.share_button.blockSignals(True)
        self.share_button.setChecked(sharing)
        self.share_button.blockSignals(False)
        self.share_button.setText("Stop sharing" if sharing else "Share the players' page")
        url = self.page.url
        self.address.setText(url)
        self.address.setCursorPosition(0)  # the start of it: http:// and the network's address
        self.address.setPlaceholderText("Not shared")
        self.copy_button.setEnabled(sharing)
        self.new_key_button.setEnabled(sharing)
        if sharing:
            self.qr.setPixmap(qr_pixmap(url))
        else:
            self.qr.clear()
            self.qr.setText("Not shared")
        self.show_pages(self.page.server.connections if self.page.server is not None else 0)
