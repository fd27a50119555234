"""A look at the next modal dialog a click opens (``exec()`` blocks the test until it closes)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog


def cancel_next_modal(look: Callable[[QDialog], None]) -> None:
    """Once the next modal dialog is open: ``look(dialog)``, then cancel it."""
    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog):
            QTimer.singleShot(10, poll)
            return
        try:
            look(dialog)
        finally:
            dialog.reject()

    QTimer.singleShot(0, poll)
