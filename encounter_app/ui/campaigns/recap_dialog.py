"""Encounter › Session recap…: the recap of an encounter or of a whole game session, the GM's
version or the players' (services/recap.py), on screen, saved as Markdown or HTML, printed.

Opened from the Encounter menu and the finished encounter's banner (the open encounter), and
from the campaign view's encounter list (a finished one). It only reads: nothing here writes
the store. What the GM picks in the file picker goes through ``RecapFiles``, which keeps the
folder chosen last (in the program's settings) and which a test replaces.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.message import MessageLine

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtPrintSupport import QPrinter

    from encounter_app.services.recap import Recaps, RecapText

FOLDER_KEY = "recap/folder"  # the folder a recap was saved to last
MARKDOWN_FILTER = "Markdown (*.md);;All files (*)"
HTML_FILTER = "Web page (*.html);;All files (*)"


class RecapFiles:
    """Where recaps are saved: the folder chosen last (kept in the program's settings, so it
    is there at the next start), and Qt's file picker (an attribute: a test stands in)."""

    @staticmethod
    def get_save_file_name(parent: QWidget | None, caption: str, directory: str,
                           filters: str) -> tuple[str, str]:
        from PySide6.QtWidgets import QFileDialog

        return QFileDialog.getSaveFileName(parent, caption, directory, filters)

    def __init__(self, settings: QSettings | None = None) -> None:
        self._settings = settings
        kept = str(settings.value(FOLDER_KEY, "") or "") if settings is not None else ""
        self.folder = Path(kept) if kept and Path(kept).is_dir() else Path.home()

    def save_path(self, parent: QWidget, caption: str, suggested: str,
                  filters: str) -> Path | None:
        """The file the GM chose (None: cancelled), starting in the folder chosen last."""
        name, _ = self.get_save_file_name(parent, caption, str(self.folder / suggested),
                                          filters)
        if not name:
            return None
        self.folder = Path(name).parent
        if self._settings is not None:
            self._settings.setValue(FOLDER_KEY, str(self.folder))
        return Path(name)


def file_stem(title: str) -> str:
    """A file name from a recap's title ("Recap: The Bridge (session 3)" ->
    "Recap - The Bridge (session 3)"): no character a file system refuses."""
    stem = re.sub(r'[<>:"/\\|?*\x00-\x1f]+', " - ", title)
    stem = " ".join(stem.split()).strip(" .-")
    return (stem or "Recap")[:120]


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a file there already is replaced only
    once the new one is written. Raises OSError with nothing changed."""
    handle, temporary = tempfile.mkstemp(prefix=".recap-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@dataclass(frozen=True)
class RecapOf:
    """Which recaps the dialog offers: one encounter's, and its campaign's game sessions."""

    encounter_id: int
    encounter_name: str
    campaign_id: int
    session_number: int  # the campaign's game session now: the one offered first


class RecapDialog(QDialog):
    """The recap on screen with its two choices (what: the encounter or a game session; whose:
    the GM's or the players'), and Save as Markdown…, Save as HTML…, Print…."""

    def __init__(self, recaps: Recaps, files: RecapFiles, of: RecapOf,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recapDialog")
        self.setWindowTitle("Session recap")
        self._recaps, self._files, self._of = recaps, files, of
        self.recap: RecapText | None = None

        self.encounter_choice = QRadioButton(f"This &encounter: {of.encounter_name}",
                                             objectName="recapEncounter")
        self.session_choice = QRadioButton("The whole game &session:",
                                           objectName="recapSession")
        self.session_picker = QComboBox(objectName="recapSessionNumber")
        self.session_picker.setAccessibleName("Game session")
        for number in range(max(1, of.session_number), 0, -1):
            now = " (now)" if number == of.session_number else ""
            self.session_picker.addItem(f"Game session {number}{now}", number)
        self.what = QButtonGroup(self)
        self.what.addButton(self.encounter_choice)
        self.what.addButton(self.session_choice)
        self.encounter_choice.setChecked(True)

        self.gm_choice = QRadioButton("The &GM's version: everything", objectName="recapGm")
        self.players_choice = QRadioButton(
            "The &players' version: only what the players saw", objectName="recapPlayers")
        self.players_choice.setToolTip("No hidden combatant, no countdown kept from them, no "
                                       "roll they were not shown, no Difficulty")
        self.whose = QButtonGroup(self)
        self.whose.addButton(self.gm_choice)
        self.whose.addButton(self.players_choice)
        self.gm_choice.setChecked(True)

        self.view = QTextBrowser(objectName="recapText")
        self.view.setAccessibleName("Recap")
        self.view.setOpenLinks(False)  # a recap links nowhere the program should go
        self.said = MessageLine("recapSaid", lines=2)
        self.said.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.markdown_button = QPushButton("Save as &Markdown…", objectName="saveRecapMarkdown")
        self.html_button = QPushButton("Save as &HTML…", objectName="saveRecapHtml")
        self.html_button.setToolTip("A web page to print or share: it opens in any browser")
        self.print_button = QPushButton("P&rint…", objectName="printRecap")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        for button in (self.markdown_button, self.html_button, self.print_button):
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
            button.setAutoDefault(False)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)

        choices = QGridLayout()
        what_label, whose_label = QLabel("Recap of:"), QLabel("Version:")
        choices.addWidget(what_label, 0, 0)
        choices.addWidget(self.encounter_choice, 0, 1, 1, 2)
        choices.addWidget(self.session_choice, 1, 1)
        choices.addWidget(self.session_picker, 1, 2)
        choices.addWidget(whose_label, 2, 0)
        choices.addWidget(self.gm_choice, 2, 1, 1, 2)
        choices.addWidget(self.players_choice, 3, 1, 1, 2)
        choices.setColumnStretch(3, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(choices)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.said)
        layout.addWidget(buttons)

        # Each choice: one button let go of, one taken up; the one taken up shows the recap.
        self.what.buttonToggled.connect(self._toggled)
        self.whose.buttonToggled.connect(self._toggled)
        self.session_picker.currentIndexChanged.connect(lambda _i: self._chosen())
        self.markdown_button.clicked.connect(self.save_markdown)
        self.html_button.clicked.connect(self.save_html)
        self.print_button.clicked.connect(self.print_recap)
        self._chosen()
        room = QSize(760, 640)  # a page's width of text; never past a small laptop's screen
        if (screen := self.screen()) is not None:
            room = room.boundedTo(screen.availableGeometry().size() * 0.9)
        self.resize(room)

    # -- what is shown ----------------------------------------------------------------------

    @property
    def players(self) -> bool:
        return self.players_choice.isChecked()

    def _toggled(self, _button: QRadioButton, on: bool) -> None:
        if on:
            self._chosen()

    def _chosen(self) -> None:
        """Show the recap the two choices name."""
        from encounter_app.store.errors import StoreError

        of = self._of
        self.session_picker.setEnabled(self.session_choice.isChecked())
        try:
            if self.session_choice.isChecked():
                number = int(self.session_picker.currentData())
                recap = self._recaps.session(of.campaign_id, number, players=self.players)
            else:
                recap = self._recaps.encounter(of.encounter_id, players=self.players)
        except StoreError as exc:  # a row that cannot be read: said, nothing to save
            self.recap = None
            self.view.clear()
            for button in (self.markdown_button, self.html_button, self.print_button):
                button.setEnabled(False)
            self._say(f"The recap could not be made: {exc}", error=True)
            return
        for button in (self.markdown_button, self.html_button, self.print_button):
            button.setEnabled(True)
        self.recap = recap
        self.setWindowTitle(f"{recap.title} ({'players' if self.players else 'GM'})")
        # The Markdown on screen: it takes the window's own colours, light or dark; the HTML
        # page (its own paper and ink) is what is saved and printed.
        self.view.setMarkdown(recap.markdown)
        self._say("The players' version: what the players saw, and nothing else."
                  if self.players else "")

    # -- saving, printing -------------------------------------------------------------------

    def save_markdown(self) -> Path | None:
        return self._save("Save the recap as Markdown", ".md", MARKDOWN_FILTER,
                          lambda recap: recap.markdown)

    def save_html(self) -> Path | None:
        return self._save("Save the recap as a web page", ".html", HTML_FILTER,
                          lambda recap: recap.html)

    def _save(self, caption: str, suffix: str, filters: str,
              text_of: Callable[[RecapText], str]) -> Path | None:
        recap = self.recap
        if recap is None:
            return None
        who = " (players)" if self.players else ""
        path = self._files.save_path(self, caption, file_stem(recap.title) + who + suffix,
                                     filters)
        if path is None:
            return None
        if not path.suffix:
            path = path.with_suffix(suffix)
        try:
            write_whole(path, text_of(recap))
        except OSError as exc:
            why = exc.strerror or str(exc)
            self._say(f"Not saved: {path.parent} refused it ({why}). The recap is still here: "
                      "save it to another folder.", error=True)
            return None
        self._say(f"Saved to {path}")
        return path

    def print_recap(self) -> bool:
        """The printable page on a printer (or a PDF, as the system's print dialog offers)."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        if self.recap is None:
            return False
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self.recap.title)
        dialog = QPrintDialog(printer, self)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
        finally:
            dialog.deleteLater()
        return self.print_to(printer)

    def print_to(self, printer: QPrinter) -> bool:
        """The recap's printable page (its HTML, as Qt lays it out) on ``printer``."""
        from PySide6.QtGui import QTextDocument

        recap = self.recap
        if recap is None:
            return False
        document = QTextDocument()
        document.setHtml(recap.html)
        document.print_(printer)
        self._say(f"Sent {recap.title} to {printer.outputFileName() or printer.printerName()}.")
        return True

    def _say(self, text: str, *, error: bool = False) -> None:
        self.said.setStyleSheet(theme.error_style(self.said) if error else "")
        self.said.setAccessibleDescription(text)
        self.said.say(text)
