"""File › Import…, Export adversaries…, Export encounter…: the window's side of the exchange.

``import_file(path)`` and ``export_templates(ids)`` are what other parts of the window (the
card menu, the library dock) call. Whatever asks the GM something goes through ``Prompts``,
so a test can answer without a real file picker or a modal dialog; what reads or writes the
store is the exchange's operations (services/exchange_operations.py).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from encounter_app.domain import StatBlock
from encounter_app.domain.rows import TemplateRow
from encounter_app.services.exchange_operations import ExchangeOperations
from encounter_app.services.undo import Stopped

# The readers, writers and the import's store side load with the first import or export: a
# start pays for the menu entries only (docs/performance.md).
if TYPE_CHECKING:
    from PySide6.QtWidgets import QProgressDialog

    from encounter_app.exchange.problems import Problem
    from encounter_app.exchange.reader import Parsed
    from encounter_app.services.exchange_operations import Added
    from encounter_app.store.exchange import Choice, Duplicate

# Stat blocks pasted into a .txt or .md file are read too (exchange/stat_text.py).
FILE_FILTER = ("Adversary and encounter files (*.json *.txt *.md);;"
               "Stat blocks as text (*.txt *.md);;All files (*)")


class Cancelled(Stopped):
    """The GM pressed Cancel on the progress dialog (during an import's undo step, the stack
    rolls it back: services/undo.py)."""


class Prompts:
    """Every question the exchange asks the GM, as real dialogs. Tests replace it."""

    # Qt's pickers, as attributes so a test can stand in for the GM's click.
    @staticmethod
    def get_open_file_name(parent: QWidget | None, caption: str, directory: str,
                           filters: str) -> tuple[str, str]:
        from PySide6.QtWidgets import QFileDialog

        return QFileDialog.getOpenFileName(parent, caption, directory, filters)

    @staticmethod
    def get_save_file_name(parent: QWidget | None, caption: str, directory: str,
                           filters: str) -> tuple[str, str]:
        from PySide6.QtWidgets import QFileDialog

        return QFileDialog.getSaveFileName(parent, caption, directory, filters)

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent
        self.folder = Path.home()  # the last folder a file was imported from or exported to

    def open_path(self) -> Path | None:
        name, _ = self.get_open_file_name(self.parent, "Import adversaries or an encounter",
                                          str(self.folder), FILE_FILTER)
        return self._chosen(name)

    def save_path(self, title: str, suggested: str) -> Path | None:
        name, _ = self.get_save_file_name(self.parent, title, str(self.folder / suggested),
                                          FILE_FILTER)
        return self._chosen(name)

    def _chosen(self, name: str) -> Path | None:
        if not name:
            return None
        self.folder = Path(name).parent
        return Path(name)

    def duplicates(self, source: str, found: list[Duplicate], total: int
                   ) -> dict[int, Choice] | None:
        from encounter_app.ui.exchange.dialogs import DuplicatesDialog

        dialog = DuplicatesDialog(source, found, total, self.parent)
        try:
            accepted = dialog.exec() == dialog.DialogCode.Accepted
            return dialog.choices() if accepted else None
        finally:
            dialog.deleteLater()

    def templates(self, templates: list[TemplateRow]) -> list[int] | None:
        from encounter_app.ui.exchange.dialogs import ExportChooser

        dialog = ExportChooser(templates, self.parent)
        try:
            accepted = dialog.exec() == dialog.DialogCode.Accepted
            return dialog.chosen_ids() if accepted else None
        finally:
            dialog.deleteLater()

    def problems(self, source: str, problems: tuple[Problem, ...]) -> None:
        from encounter_app.ui.exchange.dialogs import ProblemsDialog

        dialog = ProblemsDialog(source, problems, self.parent)
        dialog.exec()
        dialog.deleteLater()

    def done(self, title: str, text: str, details: str = "") -> None:
        from PySide6.QtWidgets import QMessageBox  # see ui/__init__.py

        box = QMessageBox(QMessageBox.Icon.Information, title, text,
                          QMessageBox.StandardButton.Ok, self.parent)
        box.setObjectName("exchangeResult")
        if details:
            box.setDetailedText(details)
        box.exec()
        box.deleteLater()

    def failed(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self.parent, title, text)

    def progress(self, label: str, total: int) -> QProgressDialog:
        from PySide6.QtWidgets import QProgressDialog

        dialog = QProgressDialog(label, "Cancel", 0, max(total, 1), self.parent)
        dialog.setObjectName("importProgress")
        dialog.setWindowTitle("Import")
        dialog.setMinimumDuration(400)  # a small file is done before it would flash up
        dialog.setMinimumWidth(360)
        dialog.setAutoReset(False)
        # Modal: setValue then draws the dialog and takes its Cancel click as the work goes on.
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        return dialog


class ExchangeActions(QObject):
    encounter_imported = Signal(int, str)  # the new encounter's id, what to tell the GM
    campaign_imported = Signal(int)  # the new campaign's id
    campaign_removed = Signal(int)  # an imported campaign, gone again with Undo
    library_changed = Signal()  # templates were imported, or the import undone or redone

    def __init__(self, operations: ExchangeOperations, window: QWidget,
                 prompts: Prompts | None = None) -> None:
        super().__init__(window)
        self._operations, self._session = operations, operations.session
        self._report = operations.say
        self.prompts = prompts or Prompts(window)
        self.import_action = QAction("&Import…", window, objectName="importAction",
                                     shortcut=QKeySequence("Ctrl+I"))
        self.import_action.setToolTip("Add adversaries (the SRD's adversaries.json or an "
                                      "exported file) or open an exported encounter")
        self.import_action.triggered.connect(lambda: self.import_file())
        self.export_adversaries_action = QAction("E&xport adversaries…", window,
                                                 objectName="exportAdversariesAction")
        self.export_adversaries_action.triggered.connect(lambda: self.export_templates())
        self.export_encounter_action = QAction("Export this &encounter…", window,
                                               objectName="exportEncounterAction")
        self.export_encounter_action.triggered.connect(self.export_encounter)
        self.export_campaign_action = QAction("Export this &campaign…", window,
                                              objectName="exportCampaignAction")
        self.export_campaign_action.setToolTip("The campaign with its party, notes and every "
                                               "encounter, to import on another computer")
        self.export_campaign_action.triggered.connect(self.export_campaign)

    def actions(self) -> list[QAction]:
        return [self.import_action, self.export_adversaries_action,
                self.export_encounter_action, self.export_campaign_action]

    # -- import -----------------------------------------------------------------------------

    def import_file(self, path: Path | None = None) -> bool:
        """Import ``path`` (asked for when None). True when something was imported."""
        from encounter_app.exchange.problems import ImportRefused
        from encounter_app.exchange.reader import read_path
        from encounter_app.importing import count

        path = path or self.prompts.open_path()
        if path is None:
            return False
        progress = self.prompts.progress(f"Reading {path.name}…", 1)
        try:
            parsed = read_path(self._session.systems, Path(path), self._ticker(progress))
        except Cancelled:
            self._report(f"Import of {path.name} cancelled; nothing was imported.")
            return False
        except ImportRefused as exc:
            progress.close()
            self._report(f"{path.name} was not imported: {count(len(exc.problems), 'problem')}",
                         error=True)
            self.prompts.problems(path.name, exc.problems)
            return False
        finally:
            progress.close()
            progress.deleteLater()
        if parsed.kind == "encounter":
            return self._import_encounter(parsed)
        if parsed.kind == "campaign":
            return self._import_campaign(parsed)
        return self._import_templates(parsed)

    def _ticker(self, progress: QProgressDialog) -> Callable[[int, int], None]:
        def tick(done: int, total: int) -> None:
            if progress.maximum() != total:
                progress.setMaximum(total)
            progress.setValue(done)  # a modal progress dialog keeps the window drawn
            if progress.wasCanceled():
                raise Cancelled
        return tick

    def _import_templates(self, parsed: Parsed) -> bool:
        from encounter_app.importing import count, some_names

        blocks = parsed.adversaries
        found = self._operations.duplicates(blocks)
        choices: dict[int, Choice] = {}
        if found:
            answer = self.prompts.duplicates(parsed.source, found, len(blocks))
            if answer is None:
                self._report(f"Import of {parsed.source} cancelled; nothing was imported.")
                return False
            choices = answer
        plan = self._operations.plan_templates(parsed, choices)
        progress = self.prompts.progress(f"Adding the adversaries of {parsed.source}…",
                                         len(plan.inserted) + len(plan.replaced))
        try:
            applied = self._operations.import_templates(parsed, plan, self._ticker(progress),
                                                        self.library_changed.emit)
        except Cancelled:
            self._report(f"Import of {parsed.source} cancelled; nothing was imported.")
            return False
        finally:
            progress.close()
            progress.deleteLater()
        if applied is None:
            return False  # said: the disk refused it, nothing was written
        added = len(applied.inserted) + len(applied.replaced)
        text = (f"Imported {count(added, 'adversary', 'adversaries')} from {parsed.source}"
                f"{applied.summary}.")
        self._report(text)
        details = []
        if applied.skipped:
            details.append("Skipped: " + some_names([s.name for s in applied.skipped], 50))
        details.extend(f"Note: {note}" for note in parsed.notes)
        notes = (f"\n\n{count(len(parsed.notes), 'value')} changed on the way in: see the "
                 "details." if parsed.notes else "")
        self.prompts.done("Import", f"{text}\n\nThey are in the library now; Undo takes the "
                                    f"import back.{notes}", "\n".join(details))
        return added > 0

    def add_stat_blocks(self, blocks: Sequence[StatBlock], source: str) -> Added | None:
        """Stat blocks read from a pasted text into the library, one undo step, each duplicate
        (by name and tier) as the GM chooses, as File › Import asks; None when the GM
        cancelled that choice (nothing written)."""
        found = self._operations.duplicates(blocks)
        choices: dict[int, Choice] = {}
        if found:
            answer = self.prompts.duplicates(source, found, len(blocks))
            if answer is None:
                return None
            choices = answer
        return self._operations.add_stat_blocks(blocks, source, choices,
                                                self.library_changed.emit)

    def _import_encounter(self, parsed: Parsed) -> bool:
        from encounter_app.exchange.problems import ImportRefused
        from encounter_app.importing import encounter_summary

        try:
            encounter = self._operations.import_encounter(parsed)
        except ImportRefused as exc:
            self.prompts.problems(parsed.source, exc.problems)
            return False
        if encounter is None:
            return False  # said: the disk refused it, nothing was written
        self.encounter_imported.emit(
            encounter.id, f"Opened {encounter_summary(parsed)} from {parsed.source}. The "
                          f"encounter you had open is kept; the undo history was cleared.")
        return True

    def _import_campaign(self, parsed: Parsed) -> bool:
        """A new campaign, beside the open one: the GM opens it from the campaign view. One
        undo step (services/exchange_commands.py)."""
        from encounter_app.importing import campaign_summary

        campaign = self._operations.import_campaign(parsed, self.campaign_imported.emit,
                                                    self.campaign_removed.emit)
        if campaign is None:
            return False  # said: the disk refused it, nothing was written
        text = (f"Imported {campaign_summary(parsed)} from {parsed.source}. Open it from "
                "Campaign › Manage campaigns…; Undo takes it back.")
        self._report(text)
        self.prompts.done("Import", text)
        return True

    # -- export -----------------------------------------------------------------------------

    def export_templates(self, ids: list[int] | None = None) -> Path | None:
        """Write library templates to a file: ``ids``, or the ones the GM picks when None."""
        templates = self._operations.templates()
        if ids is None:
            ids = self.prompts.templates(templates)
            if not ids:
                return None
        wanted = set(ids)
        chosen = [t.stats for t in templates if t.id in wanted]
        return self.export_stat_blocks(chosen)

    def export_stat_blocks(self, blocks: list[StatBlock]) -> Path | None:
        """Write these stat blocks (a card's, or library templates) to a file the GM names."""
        from encounter_app.exchange.native import write_adversaries
        from encounter_app.importing import count

        if not blocks:
            return None
        suggested = _file_name(blocks[0].name if len(blocks) == 1 else "adversaries")
        return self._write(f"Export {count(len(blocks), 'adversary', 'adversaries')}",
                           suggested, write_adversaries(blocks))

    def export_encounter(self) -> Path | None:
        from encounter_app.exchange.encounter_file import write_encounter

        exported = self._operations.encounter_file()
        return self._write("Export this encounter", _file_name(exported.name),
                           write_encounter(exported))

    def export_campaign(self) -> Path | None:
        from encounter_app.exchange.campaign_file import write_campaign

        exported = self._operations.campaign_file()
        return self._write("Export this campaign", _file_name(exported.name),
                           write_campaign(exported))

    def _write(self, title: str, suggested: str, text: str) -> Path | None:
        path = self.prompts.save_path(title, suggested)
        if path is None:
            return None
        try:
            write_atomically(path, text)
        except OSError as exc:
            self.prompts.failed(title, f"Could not write {path}: {exc.strerror or exc}. "
                                       "Nothing was written.")
            return None
        self._report(f"{title}: written to {path}")
        return path


def _file_name(name: str) -> str:
    safe = "".join(c if c.isalnum() or c in " -_" else " " for c in name)
    return ("-".join(safe.lower().split())[:60] or "adversaries") + ".json"


def write_atomically(path: Path, text: str) -> None:
    """Write the whole file or leave what was there: a full disk never leaves half a file."""
    path = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
