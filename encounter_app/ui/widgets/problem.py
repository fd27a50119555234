"""ProblemLabel: what stops the GM from going on, said in words right under the field.

A disabled OK button alone leaves the GM guessing; every input that can block an action says
why with one of these, as soon as it is typed. Its room is kept whether or not there is a
problem (a MessageLine), so the fields and buttons around it never move.
"""

from __future__ import annotations

from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.message import MessageLine


class ProblemLabel(MessageLine):
    def __init__(self, name: str, *, lines: int = 1) -> None:
        super().__init__(name, lines=lines)

    def say(self, text: str) -> None:
        """Show ``text`` (nothing when it is empty: its room stays); screen readers get it as
        the description."""
        if text:  # coloured for the theme in use now; an empty one shows nothing and needs none
            self.setStyleSheet(theme.error_style(self))
        self.setAccessibleDescription(text)
        super().say(text)
