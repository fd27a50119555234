"""The OK/Cancel row of a dialog that does one thing (Roll, Record…), with that one the default."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton


def accept_buttons(dialog: QDialog, label: str) -> tuple[QDialogButtonBox, QPushButton]:
    """Cancel and a ``label`` button that accepts and is the default (Enter presses it)."""
    # Imported here: a module that defines a dialog imports this one, and setting up PySide's
    # QDialogButtonBox (its enums) is a cost of every start otherwise (issue 28).
    from PySide6.QtWidgets import QDialogButtonBox

    # Parented now: setDefault tells the dialog only when it can find it, and without that the
    # dialog makes Cancel the default, so Enter would cancel the roll.
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, dialog)
    accept = buttons.addButton(label, QDialogButtonBox.ButtonRole.AcceptRole)
    accept.setDefault(True)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons, accept
