"""Small parts of the main window: the free dice line, the short Undo/Redo buttons, and a
finished encounter's banner (its recap, the way back) with the question asked before it is
finished."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

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


class FinishedBanner(QFrame):
    """Across the top of a finished encounter's window: it is finished, and how to go on."""

    TEXT = "Finished — reopen to continue. Turns, rolls, marks and Fear wait until then."

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("finishedBanner")
        self.setAccessibleName("Encounter finished")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#finishedBanner { background: #5b4a8a; }"
                           "#finishedBanner QLabel { color: white; font-weight: bold; }")
        self.label = QLabel(self.TEXT, objectName="finishedText")
        self.label.setWordWrap(True)
        self.reopen_button = QPushButton("Reopen encounter", objectName="reopenButton")
        self.reopen_button.setToolTip("Take the encounter up again where it ended "
                                      "(Encounter › Reopen encounter)")
        # The recap, offered where the GM looks once the fight is over, not pushed at them.
        self.recap_button = QPushButton("Session recap…", objectName="finishedRecapButton")
        self.recap_button.setToolTip("What happened, to read, save, print or show the players "
                                     "(Encounter › Session recap…)")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.recap_button)
        layout.addWidget(self.reopen_button)
        self.hide()


def finish_box(parent: QWidget, name: str, has_fear: bool) -> QMessageBox:
    """The question before an encounter is finished; Cancel, the safe answer, is the default.
    ``has_fear``: the system has Fear (``SystemRules.has_fear``), so the box names it."""
    box = QMessageBox(QMessageBox.Icon.Question, "Finish the encounter?",
                      f"Finish {name}?", QMessageBox.StandardButton.Cancel, parent)
    box.setObjectName("finishEncounterBox")
    fear = "Fear " if has_fear else ""
    box.setInformativeText("Its summary is kept in the campaign. A finished encounter takes "
                           f"no more turns, rolls, marks, {fear}or countdown ticks until you "
                           "reopen it (Encounter › Reopen encounter, or Undo).")
    finish = box.addButton("&Finish encounter", QMessageBox.ButtonRole.AcceptRole)
    finish.setObjectName("finishButton")
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    return box


def ask_finish(parent: QWidget, name: str, has_fear: bool) -> bool:
    """Ask whether to finish ``name``; True when the GM said Finish."""
    box = finish_box(parent, name, has_fear)
    box.exec()
    clicked = box.clickedButton()
    chosen = clicked is not None and clicked.objectName() == "finishButton"
    box.deleteLater()
    return chosen
