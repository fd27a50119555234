"""The GM's note on one combatant: asked for from the card or spotlight-order menu, saved as
one undo step. GM-only: it shows in the GM's tooltips and menus, never on a players' display."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from encounter_app.services.fight.operations import FightOperations
from encounter_app.ui.widgets.note_editor import GM_ONLY


class CombatantNoteDialog(QDialog):
    def __init__(self, name: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("combatantNoteDialog")
        self.setWindowTitle(f"Note on {name}")
        self.edit: QPlainTextEdit = QPlainTextEdit(text, objectName="combatantNoteText")
        self.edit.setAccessibleName(f"Note on {name}")
        self.edit.setPlaceholderText("Tactics, what they know, what they want…")
        hint = QLabel(GM_ONLY)
        hint.setEnabled(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.edit, 1)
        layout.addWidget(hint)
        layout.addWidget(buttons)
        self.resize(420, 260)

    def text(self) -> str:
        return self.edit.toPlainText()


def edit_note(parent: QWidget, operations: FightOperations, combatant_id: int) -> None:
    row = operations.session.combatants.by_id(combatant_id)
    dialog = CombatantNoteDialog(row.name, row.notes, parent)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        operations.note(combatant_id, dialog.text())
    dialog.deleteLater()
