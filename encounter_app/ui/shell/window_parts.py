"""Two small parts of the main window: the free dice line and the short Undo/Redo buttons."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QPushButton, QToolButton, QVBoxLayout, QWidget

from encounter_app.rules import dice
from encounter_app.ui.widgets.problem import ProblemLabel


class DiceRoller(QWidget):
    """A line to type any dice expression; it says what is wrong before anything is rolled."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit(placeholderText="Roll dice, e.g. 2d6+3 or 1d20+5",
                              objectName="diceEdit")
        self.edit.setAccessibleName("Dice expression")
        self.button = QPushButton("Roll", objectName="diceRollButton")
        self.button.setAccessibleName("Roll the dice expression")
        self.error = ProblemLabel("diceError")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(self.button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.error)
        self.edit.textChanged.connect(self.validate)
        self.validate()

    def validate(self) -> bool:
        text = self.edit.text().strip()
        message = ""
        if text:
            try:
                dice.parse(text)
            except dice.DiceError as exc:
                message = str(exc)
        self.error.say(message)
        self.button.setEnabled(bool(text) and not message)
        return bool(text) and not message


class StackButton(QToolButton):
    """A short "Undo"/"Redo" button whose tooltip names the command it would undo or redo."""

    def __init__(self, label: str, name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setText(label)
        self._word = label.split()[-1]
        self.setAccessibleName(self._word)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.setEnabled(False)
        self.describe("")

    def describe(self, command: str) -> None:
        self.setToolTip(f"{self._word} {command}" if command
                        else f"Nothing to {self._word.lower()}")
