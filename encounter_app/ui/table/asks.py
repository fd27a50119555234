"""A number the GM types on a card table (damage, healing, an initiative rolled at the table),
in a small dialog: a short title (a window manager elides a long one), the combatant's name in
the question, and the button saying what it does."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QFormLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from encounter_app.ui.widgets.dialog_buttons import accept_buttons


class NumberDialog(QDialog):
    def __init__(self, parent: QWidget | None, title: str, label: str, action: str,
                 value: int, minimum: int, maximum: int) -> None:
        super().__init__(parent)
        self.setObjectName("askNumberDialog")
        self.setWindowTitle(title)
        self.number = QSpinBox(objectName="askedNumber")
        self.number.setRange(minimum, maximum)
        self.number.setValue(value)
        self.number.selectAll()
        self.number.setAccessibleName(label.rstrip(":"))
        self.buttons, self.accept_button = accept_buttons(self, action)
        form = QFormLayout()
        form.addRow(QLabel(label), self.number)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        # Room for the title bar's "Damage — Encounter Manager" beside its buttons.
        self.setMinimumWidth(max(360, self.sizeHint().width()))


def ask_number(parent: QWidget, title: str, label: str, action: str, value: int,
               minimum: int, maximum: int) -> int | None:
    """The number typed, or None when the GM cancelled."""
    dialog = NumberDialog(parent, title, label, action, value, minimum, maximum)
    answered = dialog.exec() == QDialog.DialogCode.Accepted
    number = dialog.number.value()
    dialog.deleteLater()
    return number if answered else None
