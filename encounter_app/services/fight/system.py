"""What the services ask of a rule system's object, beyond its pure part (domain/system.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from encounter_app.domain.system import SystemRules

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoCommand

    from encounter_app.services.fight.session import EncounterSession


class SystemServices(SystemRules, Protocol):
    def new_game_session(self, session: EncounterSession) -> QUndoCommand | None:
        """A new game session: the open fight's per-session resources back (Casus Mus' Luck
        Points), as one command of the session's undo step; None when nothing changes."""
