"""A look at the next modal dialog a click opens (``exec()`` blocks the test until it closes)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QMessageBox


def _on_next_modal(act: Callable[[QDialog], None]) -> None:
    """Once the next modal dialog is open: ``act(dialog)``; it is rejected if still open."""
    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog):
            QTimer.singleShot(10, poll)
            return
        try:
            act(dialog)
        finally:
            if dialog.isVisible():
                dialog.reject()

    QTimer.singleShot(0, poll)


def cancel_next_modal(look: Callable[[QDialog], None]) -> None:
    """Once the next modal dialog is open: ``look(dialog)``, then cancel it."""
    _on_next_modal(look)


def press_in_next_modal(button_text: str, words: list[str] | None = None) -> None:
    """Click the button whose text (without its "&") is ``button_text`` in the next modal
    dialog; ``words`` collects a message box's text and informative text."""
    def press(dialog: QDialog) -> None:
        if words is not None and isinstance(dialog, QMessageBox):
            words.append(f"{dialog.text()} {dialog.informativeText()}")
        buttons = {b.text().replace("&", ""): b for b in dialog.findChildren(QAbstractButton)}
        assert button_text in buttons, f"no {button_text!r} in {sorted(buttons)}"
        buttons[button_text].click()

    _on_next_modal(press)
