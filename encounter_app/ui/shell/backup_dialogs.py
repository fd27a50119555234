"""File › Back up…, File › Restore…, and the offer to restore after a damaged database.

The dialogs only ask; the store does the copying (store/backups.py) and the app layer rebuilds
the window on a restored database (app.py).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.store import Store, backups
from encounter_app.ui.widgets.message import MessageLine

FILE_FILTER = "Encounter Manager database (*.db);;All files (*)"


def back_up(parent: QWidget, store: Store) -> Path | None:
    """Ask where to write a backup (a new file in backups/ is proposed) and write it there."""
    backups.folder(store.path).mkdir(exist_ok=True)
    name, _ = QFileDialog.getSaveFileName(parent, "Back up the database",
                                          str(backups.suggested_name(store.path)), FILE_FILTER)
    return back_up_to(parent, store, Path(name)) if name else None


def back_up_to(parent: QWidget, store: Store, target: Path) -> Path | None:
    """Write a backup of ``store`` to ``target``; refused, with nothing written, when the
    target is the database itself under any name, or a file SQLite keeps beside it."""
    if backups.is_part_of(target, store.path):
        QMessageBox.warning(parent, "Back up", f"{target} is the database itself (or a file "
                                               "SQLite keeps beside it); choose another file "
                                               "for the backup.")
        return None
    try:
        return backups.copy_database(store.path, target)
    except (OSError, sqlite3.Error) as exc:  # the disk; a file SQLite cannot write as one
        QMessageBox.warning(parent, "Back up", f"Could not write {target}: {exc}. "
                                               "Nothing else was changed.")
        return None


def damage_found(parent: QWidget, text: str, *, restore: Callable[[], None]) -> QMessageBox:
    """Tell the GM that the check after start found the file damaged, without stopping the
    fight (the box is not modal): *Restore a backup…* opens File › Restore…."""
    box = QMessageBox(QMessageBox.Icon.Warning, "The database is damaged",
                      "Part of the database is damaged. Your fight is open and can go on.",
                      QMessageBox.StandardButton.Close, parent)
    box.setInformativeText(text)
    box.setObjectName("damageFound")
    restore_button = box.addButton("&Restore a backup…", QMessageBox.ButtonRole.ActionRole)
    restore_button.clicked.connect(restore)
    box.setDefaultButton(QMessageBox.StandardButton.Close)
    box.setWindowModality(Qt.WindowModality.NonModal)  # the fight goes on behind it
    box.show()
    return box


class RestoreDialog(QDialog):
    """Pick a backup to put in place of the current database (or another file)."""

    def __init__(self, listing: list[backups.Backup], folder: Path,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("restoreDialog")
        self.setWindowTitle("Restore a backup")
        self._folder = folder
        explanation = QLabel(
            "Choose the backup to put in place of the database in use. What you have now is "
            "saved as a backup first, so you can come back to it the same way. The undo "
            "history is cleared: it belongs to the fight you are leaving.")
        explanation.setWordWrap(True)
        self.list = QListWidget(objectName="backupList")
        self.list.setAccessibleName("Backups, newest first")
        for backup in listing:
            item = QListWidgetItem(backup.label)
            item.setData(Qt.ItemDataRole.UserRole, str(backup.path))
            item.setToolTip(str(backup.path))
            self.list.addItem(item)
        self.empty = MessageLine("noBackups", lines=2)  # its room kept: the list stays
        self.empty.say("" if listing else f"No backups yet in {folder}.")
        self.other_button = QPushButton("&Other file…", objectName="otherBackupButton")
        self.other_button.clicked.connect(self.choose_other)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.restore_button = self.buttons.addButton(
            "&Restore", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.other_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(explanation)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty)
        layout.addWidget(self.buttons)
        self.list.currentRowChanged.connect(self._update)
        self.list.itemDoubleClicked.connect(self.accept)
        if listing:
            self.list.setCurrentRow(0)
        self._update()
        self.resize(520, 360)

    def _update(self) -> None:
        self.restore_button.setEnabled(self.chosen() is not None)

    def chosen(self) -> Path | None:
        item = self.list.currentItem()
        return None if item is None else Path(item.data(Qt.ItemDataRole.UserRole))

    def add_file(self, path: Path) -> None:
        """A backup kept somewhere else (a USB stick): listed first and chosen."""
        item = QListWidgetItem(f"{path.name}  (chosen file)")
        item.setData(Qt.ItemDataRole.UserRole, str(path))
        item.setToolTip(str(path))
        self.list.insertItem(0, item)
        self.list.setCurrentRow(0)
        self.empty.say("")

    def choose_other(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Restore from a file", str(self._folder),
                                              FILE_FILTER)
        if name:
            self.add_file(Path(name))


def ask_restore(parent: QWidget, store: Store) -> Path | None:
    dialog = RestoreDialog(backups.listing(store.path), backups.folder(store.path), parent)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    return dialog.chosen() if accepted else None


def damaged_message(kept_aside: Path, database: Path, offer: backups.Backup | None,
                    why: str = "") -> str:
    """What happened to a damaged database, and what can be done, in plain words."""
    found = f" ({why})" if why else ""
    text = (f"{database} is damaged{found}, so it was set aside (nothing was deleted) "
            f"and a new database was started.\n\nSet aside as:\n{kept_aside}")
    if offer is None:
        return text + ("\n\nThere is no backup to restore from. The damaged file stays where "
                       "it is, for a recovery tool.")
    return text + (f"\n\nThe newest backup that opens is from {offer.label}:\n{offer.path}"
                   "\n\nRestoring it brings back the fight as it was then.")


class DamagedDatabaseBox(QMessageBox):
    """At start: the database was damaged; restore the newest backup or start afresh?"""

    def __init__(self, kept_aside: Path, database: Path, offer: backups.Backup | None,
                 why: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("damagedDatabaseBox")
        self.setIcon(QMessageBox.Icon.Warning)
        self.setWindowTitle("Encounter Manager found a damaged database")
        self.setText("<b>Your database was damaged.</b>")
        self.setInformativeText(damaged_message(kept_aside, database, offer, why))
        # Long paths: a wider box than QMessageBox picks keeps each one on a line or two.
        self.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 520px; }")
        self.restore_button = None
        if offer is not None:
            self.restore_button = self.addButton("&Restore this backup",
                                                 QMessageBox.ButtonRole.AcceptRole)
        self.fresh_button = self.addButton(
            "Start with the &new database" if offer else "&OK",
            QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.restore_button or self.fresh_button)

    def wants_restore(self) -> bool:
        return self.restore_button is not None and self.clickedButton() is self.restore_button
