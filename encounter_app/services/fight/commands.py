"""Undo commands: one per thing a GM does, each remembering what it needs to go both ways.

orange-canvas habit: a command stores the old and the new value (or the removed row and where
it was), so undo restores exactly and redo repeats exactly. A roll keeps its result: redo puts
the same dice back, it never rolls again. Several commands made by one click go into a
``Compound`` (compound.py), never into Qt's parent/child commands, which crash under PySide6.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, CountdownRow, FearEventRow, RollRow, fear
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.rows import stored_id
from encounter_app.services.fight.session import EncounterSession


class AddCombatant(QUndoCommand):
    def __init__(self, session: EncounterSession, row: CombatantRow,
                 position: int | None = None) -> None:
        super().__init__(f"Add {row.name}")
        self._session, self._row, self._position = session, row, position

    def redo(self) -> None:
        position = len(self._session.combatants) if self._position is None else self._position
        self._position = position
        # The first redo gives the row its id; later redos reuse it, so other commands that
        # remember the id (marks, turn) still find it.
        self._row = self._session.add_combatant(self._row, position)

    def undo(self) -> None:
        self._session.remove_combatant(self._session.combatants.index_of(self._row.id))


class RemoveCombatant(QUndoCommand):
    def __init__(self, session: EncounterSession, row: int) -> None:
        self._row = session.combatants[row]
        super().__init__(f"Remove {self._row.name}")
        self._session, self._position = session, row
        self._was_active = session.active_id == self._row.id

    def redo(self) -> None:
        self._session.remove_combatant(self._position)

    def undo(self) -> None:
        self._session.add_combatant(self._row, self._position)
        if self._was_active:
            self._session.set_turn(self._row.id, self._session.round)


class MoveCombatant(QUndoCommand):
    def __init__(self, session: EncounterSession, source: int, destination: int) -> None:
        super().__init__(f"Move {session.combatants[source].name}")
        self._session, self._source, self._destination = session, source, destination

    def redo(self) -> None:
        self._session.move_combatant(self._source, self._destination)

    def undo(self) -> None:
        self._session.move_combatant(self._destination, self._source)


class SetTurn(QUndoCommand):
    """Move the spotlight (Next, or the GM picking who acts) and possibly the round."""

    def __init__(self, session: EncounterSession, active_id: int | None, round_: int,
                 text: str = "Next turn") -> None:
        super().__init__(text)
        self._session = session
        self._old = (session.active_id, session.round)
        self._new = (active_id, round_)

    def redo(self) -> None:
        self._session.set_turn(*self._new)

    def undo(self) -> None:
        self._session.set_turn(*self._old)


class SetFear(QUndoCommand):
    """Gain or spend Fear, with the reason the ledger records (see domain/fear.py)."""

    def __init__(self, session: EncounterSession, value: int, reason: str | None = None,
                 note: str = "", *, before: int | None = None) -> None:
        """``before``: the pool this change starts from, when an earlier part of the same step
        moves it first (a feature's Fear, then an Experience's); else the pool now."""
        old = session.fear if before is None else before
        change = value - old
        reason = reason or fear.default_reason(change)
        verb = "Gain" if change > 0 else "Spend"
        super().__init__(f"{verb} {abs(change)} Fear: {fear.reason_label(reason)}")
        self._session, self._old = session, old
        self._event = FearEventRow(change=change, value=value, reason=reason, note=note,
                                   encounter_id=session.encounter_id)

    def redo(self) -> None:
        self._event = self._session.record_fear(self._event)

    def undo(self) -> None:
        self._session.unrecord_fear(stored_id(self._event), self._old)  # stored by redo


def start_scene(session: EncounterSession, reason: str = "new_scene",
                note: str = "") -> SetFear:
    """A ledger line that moves no Fear: the scene's Fear is counted again after it (the GM's
    New scene, or a rest at the cap that gained none; ``domain/fear.py:SCENE_STARTS``)."""
    command = SetFear(session, session.fear, reason, note)
    command.setText(fear.reason_label(reason))
    return command


def spend_one_fear(session: EncounterSession, reason: str, note: str, refusal: str) -> SetFear:
    """One Fear out of the pool as a ledger line; Refused(``refusal``) when the pool is empty.

    Everything that costs the GM a Fear (an Experience on a roll, an interrupt, an extra move)
    asks here, so an empty pool is refused the same way everywhere.
    """
    if session.fear < 1:
        raise Refused(refusal)
    return SetFear(session, session.fear - 1, reason, note=note)


class UpdateCombatant(QUndoCommand):
    """Any change to one combatant's state: the whole row before and after."""

    def __init__(self, session: EncounterSession, new: CombatantRow, text: str) -> None:
        super().__init__(text)
        self._session = session
        self._old = session.combatants.by_id(new.id)
        self._new = new

    def redo(self) -> None:
        self._session.update_combatant(self._new)

    def undo(self) -> None:
        self._session.update_combatant(self._old)


class SetMarks(UpdateCombatant):
    """Mark or clear HP and Stress on a combatant: a pip clicked on its card."""

    def __init__(self, session: EncounterSession, combatant_id: int, hp_marked: int,
                 stress_marked: int) -> None:
        current = session.combatants.by_id(combatant_id)
        super().__init__(session, replace(current, hp_marked=hp_marked,
                                          stress_marked=stress_marked),
                         f"Marks on {current.name}")


class SetSceneIntensity(QUndoCommand):
    def __init__(self, session: EncounterSession, intensity: str) -> None:
        super().__init__(f"Scene intensity: {intensity}")
        self._session, self._old, self._new = session, session.scene_intensity, intensity

    def redo(self) -> None:
        self._session.set_scene_intensity(self._new)

    def undo(self) -> None:
        self._session.set_scene_intensity(self._old)


class AddCountdown(QUndoCommand):
    def __init__(self, session: EncounterSession, row: CountdownRow) -> None:
        super().__init__(f"Add countdown {row.name}")
        self._session, self._row, self._position = session, row, len(session.countdowns)

    def redo(self) -> None:
        self._row = self._session.add_countdown(self._row, self._position)

    def undo(self) -> None:
        self._session.remove_countdown(self._session.countdowns.index_of(self._row.id))


class RemoveCountdown(QUndoCommand):
    def __init__(self, session: EncounterSession, row: int) -> None:
        self._row = session.countdowns[row]
        super().__init__(f"Remove countdown {self._row.name}")
        self._session, self._position = session, row

    def redo(self) -> None:
        self._session.remove_countdown(self._position)

    def undo(self) -> None:
        self._session.add_countdown(self._row, self._position)


class UpdateCountdown(QUndoCommand):
    """Tick, reset or edit a countdown: the whole row before and after."""

    def __init__(self, session: EncounterSession, new: CountdownRow, text: str) -> None:
        super().__init__(text)
        self._session = session
        self._old = session.countdowns.by_id(new.id)
        self._new = new

    def redo(self) -> None:
        self._session.update_countdown(self._new)

    def undo(self) -> None:
        self._session.update_countdown(self._old)


class RecordRoll(QUndoCommand):
    """Put a finished roll in the log. Undo takes it out; redo restores the same dice."""

    def __init__(self, session: EncounterSession, row: RollRow) -> None:
        super().__init__(f"Roll: {row.summary}")
        self._session, self._row = session, row

    def redo(self) -> None:
        self._row = self._session.add_roll(self._row)

    def undo(self) -> None:
        self._session.remove_roll(stored_id(self._row))  # stored by redo
