"""NoteEditor: a GM-only free-text note that is saved as one undo step when the GM is done.

Saved by its button or when the focus leaves it, so a note is never half written into the
undo history keystroke by keystroke, and never lost by clicking elsewhere.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

GM_ONLY = "Only you see this: never on the players' display."


class NoteEditor(QWidget):
    saved = Signal(str)  # the note's new text, when it differs from what was shown

    def __init__(self, name: str, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.edit = QPlainTextEdit(objectName=f"{name}Text", placeholderText=placeholder)
        self.edit.setAccessibleName(placeholder)
        self.edit.installEventFilter(self)
        self.save_button = QPushButton("Save note", objectName=f"{name}Save")
        self.save_button.setEnabled(False)
        self.save_button.clicked.connect(self.save)
        self.state = QLabel(GM_ONLY)
        self.state.setEnabled(False)
        row = QHBoxLayout()
        row.addWidget(self.state, 1)
        row.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit, 1)
        layout.addLayout(row)
        self._shown = ""
        self.edit.textChanged.connect(
            lambda: self.save_button.setEnabled(self.edit.toPlainText() != self._shown))

    def show_text(self, text: str) -> None:
        """Show the stored note (after an undo, or another item chosen) without saving.

        The same stored text again leaves what is being typed alone: a list refreshing must
        not wipe a note half written."""
        if text == self._shown:
            return
        self._shown = text
        self.edit.setPlainText(text)
        self.save_button.setEnabled(False)

    def save(self) -> None:
        text = self.edit.toPlainText()
        if text != self._shown:
            self._shown = text
            self.save_button.setEnabled(False)
            self.saved.emit(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.edit and event.type() == QEvent.Type.FocusOut:
            self.save()
        return super().eventFilter(watched, event)
