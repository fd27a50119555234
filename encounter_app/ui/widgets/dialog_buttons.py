"""The OK/Cancel row of a dialog that does one thing (Roll, Record…), with that one the default."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton


def accept_buttons(dialog: QDialog, label: str) -> tuple[QDialogButtonBox, QPushButton]:
    """Cancel and a ``label`` button that accepts and is the default (Enter presses it)."""
    # Parented now: setDefault tells the dialog only when it can find it, and without that the
    # dialog makes Cancel the default, so Enter would cancel the roll.
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, dialog)
    accept = buttons.addButton(label, QDialogButtonBox.ButtonRole.AcceptRole)
    accept.setDefault(True)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons, accept
