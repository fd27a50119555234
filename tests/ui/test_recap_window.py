"""Encounter › Session recap…: where the GM sees the recap (issue 32). The menu entry in each
system's window, the dialog's two choices (what, whose), Save as Markdown and HTML (and a save
that fails), the recap offered once the encounter is finished, and the campaign view's recap
of a finished encounter."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from encounter_app.services.recap import RecapText
from encounter_app.ui.campaigns.recap_dialog import FOLDER_KEY, RecapDialog, RecapFiles, RecapOf
from tests.helpers.systems import KEYS

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support")


class Told:
    """Recaps as the dialog asks them, each text naming what was asked for."""

    def __init__(self) -> None:
        self.asked: list[tuple[object, ...]] = []

    @staticmethod
    def _text(title: str, players: bool) -> RecapText:
        whose = "players" if players else "GM"
        body = f"Round 2: Mira strikes. ({whose})" + ("" if players else " Difficulty 14.")
        return RecapText(title, f"# {title}\n\n{body}\n",
                         f"<!doctype html><title>{title}</title><h1>{title}</h1><p>{body}</p>")

    def encounter(self, encounter_id: int, *, players: bool) -> RecapText:
        self.asked.append(("encounter", encounter_id, players))
        return self._text(f"Recap: encounter {encounter_id}", players)

    def session(self, campaign_id: int, session_number: int, *, players: bool) -> RecapText:
        self.asked.append(("session", campaign_id, session_number, players))
        return self._text(f"Recap: session {session_number}", players)


class Picker(RecapFiles):
    """The file picker as the GM answers it: the next path in ``answers`` ("" cancels)."""

    def __init__(self, settings: QSettings | None, answers: list[str]) -> None:
        super().__init__(settings)
        self.answers = answers
        self.offered: list[str] = []  # the path the picker opened on, each time

    def get_save_file_name(self, parent, caption, directory, filters):  # type: ignore[override]
        self.offered.append(directory)
        return self.answers.pop(0), ""


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def dialog(qtbot, settings, tmp_path):
    def make(answers: list[str]) -> RecapDialog:
        shown = RecapDialog(Told(), Picker(settings, answers),  # type: ignore[arg-type]
                            RecapOf(7, "The Bridge", 1, 3))
        qtbot.addWidget(shown)
        shown.show()
        return shown

    return make


# -- the menu entry, in every system ------------------------------------------------------------


@pytest.mark.parametrize("system", KEYS)
def test_the_encounter_menu_opens_the_recap_in_every_system(launch_demo, system):
    program = launch_demo(system)
    window = program.window
    action = window.recap_action
    assert action in window.encounter_menu.actions() and action.isEnabled()
    action.trigger()
    dialog = window.recap_dialog
    assert dialog is not None and dialog.isVisible()
    name = program.store.encounter(program.session.encounter_id).name
    assert name in dialog.encounter_choice.text()
    assert name in dialog.view.toPlainText()  # the recap names the encounter
    # The same recap the players' version would be: only the version's choice differs.
    assert dialog.gm_choice.isChecked() and not dialog.players
    dialog.players_choice.click()
    assert "players" in dialog.windowTitle()
    assert dialog.recap == program.window.recaps.encounter(program.session.encounter_id,
                                                           players=True)


# -- the dialog's choices -----------------------------------------------------------------------


def test_the_two_choices_change_the_recap_shown(dialog):
    shown = dialog([])
    recaps = shown._recaps
    assert "Recap: encounter 7" in shown.view.toPlainText()
    assert "Difficulty 14" in shown.view.toPlainText()  # the GM's version, first
    assert not shown.session_picker.isEnabled()

    shown.players_choice.click()
    text = shown.view.toPlainText()
    assert "(players)" in text and "Difficulty" not in text
    assert "what the players saw" in shown.said.text()

    shown.session_choice.click()
    assert shown.session_picker.isEnabled()
    assert "Recap: session 3" in shown.view.toPlainText()  # the campaign's session now
    assert shown.session_picker.currentText() == "Game session 3 (now)"
    shown.session_picker.setCurrentIndex(2)
    assert "Recap: session 1" in shown.view.toPlainText()

    shown.gm_choice.click()
    assert "Difficulty 14" in shown.view.toPlainText()
    assert recaps.asked[-1] == ("session", 1, 1, False)
    shown.encounter_choice.click()
    assert recaps.asked[-1] == ("encounter", 7, False)


def test_save_writes_the_markdown_and_the_html_and_remembers_the_folder(dialog, tmp_path,
                                                                        settings):
    folder = tmp_path / "recaps"
    folder.mkdir()
    shown = dialog([str(folder / "bridge"), str(folder / "bridge.html")])
    shown.players_choice.click()
    recap = shown.recap
    assert recap is not None

    saved = shown.save_markdown()
    assert saved == folder / "bridge.md"  # the suffix added when the GM typed none
    assert saved.read_text(encoding="utf-8") == recap.markdown
    assert "Saved to" in shown.said.text() and str(saved) in shown.said.text()
    # The picker opened on a sensible name: the recap's title and whose version it is.
    assert Path(shown._files.offered[0]).name == "Recap - encounter 7 (players).md"

    saved_html = shown.save_html()
    assert saved_html == folder / "bridge.html"
    assert saved_html.read_text(encoding="utf-8") == recap.html
    assert Path(shown._files.offered[1]).parent == folder  # where the last one went
    assert settings.value(FOLDER_KEY) == str(folder)
    assert RecapFiles(settings).folder == folder  # and at the next start


def test_a_save_that_fails_says_so_and_loses_nothing(dialog, tmp_path):
    not_a_folder = tmp_path / "a file"
    not_a_folder.write_text("kept", encoding="utf-8")
    shown = dialog([str(not_a_folder / "recap.md"), ""])
    before = shown.view.toPlainText()

    assert shown.save_markdown() is None
    assert shown.said.text().startswith("Not saved:")
    assert str(not_a_folder) in shown.said.text()
    assert shown.said.styleSheet()  # said as a problem, in the error colour
    assert shown.isVisible() and shown.view.toPlainText() == before
    assert not_a_folder.read_text(encoding="utf-8") == "kept"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".recap-")] == []

    assert shown.save_html() is None  # the GM cancels the picker: nothing said, nothing written
    assert shown.said.text().startswith("Not saved:")


def test_a_save_replaces_a_file_only_once_the_new_one_is_whole(dialog, tmp_path):
    target = tmp_path / "recap.md"
    target.write_text("an older recap", encoding="utf-8")
    shown = dialog([str(target)])
    assert shown.save_markdown() == target
    assert target.read_text(encoding="utf-8") == shown.recap.markdown
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".recap-")] == []


# -- at Finish, and in the campaign view --------------------------------------------------------


def test_finishing_offers_the_recap_on_the_banner(program, qtbot):
    window = program.window
    banner = window.finished_banner
    assert not banner.isVisible()
    assert window.operations.finish_encounter()
    assert banner.isVisible() and banner.recap_button.isVisible()
    assert window.recap_dialog is None  # offered, not pushed on the GM
    banner.recap_button.click()
    dialog = window.recap_dialog
    assert dialog is not None and dialog.isVisible()
    name = program.store.encounter(program.session.encounter_id).name
    assert dialog.recap is not None and name in dialog.recap.title
    window.operations.reopen_encounter()
    assert not banner.isVisible()


def test_the_campaign_view_opens_a_finished_encounters_recap(program, qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    window = program.window
    manager = window.manage_campaigns()
    qtbot.waitExposed(manager)
    tab = manager.encounters
    new_id = tab.new_encounter("The Bridge")
    assert new_id is not None
    tab.select(new_id)
    assert not tab.recap_button.isEnabled()  # a draft has no recap yet
    tab._operations.finish_encounter(new_id)
    tab.select(new_id)
    assert tab.recap_button.isEnabled()
    assert "Show recap" in tab.why.text()

    # From the list with the keyboard: Tab to the button, Space presses it.
    manager.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is manager)
    tab.view.setFocus()
    for _ in range(12):
        if tab.recap_button.hasFocus():
            break
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert tab.recap_button.hasFocus()
    QTest.keyClick(tab.recap_button, Qt.Key.Key_Space)
    dialog = window.recap_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.parent() is manager  # over the campaign view, not behind it
    assert "The Bridge" in dialog.encounter_choice.text()
    assert dialog.recap == window.recaps.encounter(new_id, players=False)


def test_print_puts_the_printable_page_on_the_printer(dialog, tmp_path):
    from PySide6.QtPrintSupport import QPrinter

    shown = dialog([])
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "recap.pdf"))
    assert shown.print_to(printer)
    assert (tmp_path / "recap.pdf").read_bytes().startswith(b"%PDF")
    assert "recap.pdf" in shown.said.text()


def test_a_recap_that_cannot_be_read_is_said_and_nothing_is_saved(qtbot, settings):
    from encounter_app.store.errors import StoreError

    class Unreadable(Told):
        def encounter(self, encounter_id: int, *, players: bool) -> RecapText:
            if players:
                raise StoreError("combatant 4: name is not text")
            return super().encounter(encounter_id, players=players)

    shown = RecapDialog(Unreadable(), Picker(settings, []),  # type: ignore[arg-type]
                        RecapOf(7, "The Bridge", 1, 3))
    qtbot.addWidget(shown)
    shown.players_choice.click()
    assert "could not be made" in shown.said.text() and "combatant 4" in shown.said.text()
    assert shown.view.toPlainText() == "" and not shown.markdown_button.isEnabled()
    shown.gm_choice.click()
    assert "Recap: encounter 7" in shown.view.toPlainText() and shown.markdown_button.isEnabled()
    assert shown.said.text() == ""
