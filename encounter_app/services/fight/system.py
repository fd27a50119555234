"""What the services ask of a rule system's object, beyond its pure part (domain/system.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.system import SystemRules

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoCommand

    from encounter_app.domain.player_rolls import PhoneResult, PhoneRoll
    from encounter_app.domain.rows import CombatantRow
    from encounter_app.services.fight.session import EncounterSession


@fields_repr
@dataclass(frozen=True, repr=False)
class PhoneStep:
    """A player's roll from the phone, as the GM accepts it: the command that records it (the
    log line and whatever the system's rules make it do: Fear, Hope, countdowns), what came of
    it for the phone, and what happened in words for the GM."""

    command: QUndoCommand
    result: PhoneResult
    said: tuple[str, ...] = ()


def phone_roller(session: EncounterSession, roll: PhoneRoll) -> CombatantRow | None:
    """The PC who sent ``roll`` from a phone: by id while it is in the fight, else the PC of
    its name (the row may have come back under a new id), else None."""
    submission = roll.submission
    return next((row for row in session.combatants
                 if row.id is not None and row.id == submission.combatant_id), None) or next(
        (row for row in session.combatants
         if row.kind == "pc" and row.name == submission.character), None)


class SystemServices(SystemRules, Protocol):
    def new_game_session(self, session: EncounterSession) -> QUndoCommand | None:
        """A new game session: the open fight's per-session resources back (Casus Mus' Luck
        Points), as one command of the session's undo step; None when nothing changes."""

    def phone_record(self, session: EncounterSession, roll: PhoneRoll,
                     gm_value: int) -> PhoneStep:
        """The command that records ``roll`` (its dice known) as the GM accepts it against
        ``gm_value`` (its form's ``gm_sets``; 0 when none): not yet done, pushed by the inbox
        with its own change as one undo step. Raises ``Refused`` with the sentence why when
        the rules forbid it now (no Hope left to spend)."""
