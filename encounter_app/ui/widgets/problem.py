"""ProblemLabel: what stops the GM from going on, said in words right under the field.

A disabled OK button alone leaves the GM guessing; every input that can block an action says
why with one of these, as soon as it is typed.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from encounter_app.ui.shell import theme


class ProblemLabel(QLabel):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setWordWrap(True)
        self.hide()

    def say(self, text: str) -> None:
        """Show ``text`` (hidden when empty); screen readers get it as the description."""
        if text:  # coloured for the theme in use now; an empty one is hidden and needs none
            self.setStyleSheet(theme.error_style(self))
        self.setText(text)
        self.setAccessibleDescription(text)
        self.setVisible(bool(text))
