"""Undo commands: one per thing a GM does, each remembering what it needs to go both ways.

orange-canvas habit: a command stores the old and the new value (or the removed row and where
it was), so undo restores exactly and redo repeats exactly. A roll keeps its result: redo puts
the same dice back, it never rolls again. Several commands made by one click go into a
``Compound`` (compound.py), never into Qt's parent/child commands, which crash under PySide6.

The event log (the recap's history, store/events.py) is written by the commands themselves,
so every system's operations keep it: the spotlight moved and a new round (``SetTurn``), a
combatant defeated, hidden or shown (``UpdateCombatant``) or gone (``RemoveCombatant``), a
countdown started (``AddCountdown``), triggered, shown or hidden (``UpdateCountdown``), and
what an operation names itself (``LogEvent``: a rest). A command writes its lines in its redo
(the same rows, ids kept, in every later redo) and takes them out in its undo: they are part
of the GM's action, its transaction and its undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, CountdownRow, FearEventRow, RollRow, fear
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.rows import FightEventRow, stored_id
from encounter_app.services.fight.session import EncounterSession


class _Logs:
    """The event-log lines one command writes: made at its first redo, the same rows (ids
    kept) at every later one, taken out, newest first, by its undo."""

    def __init__(self) -> None:
        self.rows: list[FightEventRow] | None = None

    def write(self, session: EncounterSession, made: Callable[[], list[FightEventRow]]) -> None:
        rows = made() if self.rows is None else self.rows
        self.rows = [session.record_event(row) for row in rows]

    def erase(self, session: EncounterSession) -> None:
        for row in reversed(self.rows or []):
            session.unrecord_event(stored_id(row))


def down(row: CombatantRow) -> bool:
    """Every HP marked: the combatant is out of the fight (an adversary defeated, a PC down)."""
    return row.hp_max > 0 and row.hp_marked >= row.hp_max


class LogEvent(QUndoCommand):
    """A line of the event log an operation names itself (a rest), as a part of its step."""

    def __init__(self, session: EncounterSession, row: FightEventRow) -> None:
        super().__init__(row.what or row.kind)
        self._session, self._row = session, row

    def redo(self) -> None:
        self._row = self._session.record_event(self._row)

    def undo(self) -> None:
        self._session.unrecord_event(stored_id(self._row))


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
        self._logs = _Logs()

    def redo(self) -> None:
        row = self._row
        self._logs.write(self._session, lambda: [self._session.new_event(
            "left", name=row.name, combatant_id=row.id, what=row.kind,
            visible=not row.hidden)])
        self._session.remove_combatant(self._position)

    def undo(self) -> None:
        self._logs.erase(self._session)
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
        self._logs = _Logs()

    def redo(self) -> None:
        self._logs.write(self._session, self._events)
        self._session.set_turn(*self._new)

    def undo(self) -> None:
        self._session.set_turn(*self._old)
        self._logs.erase(self._session)

    def _events(self) -> list[FightEventRow]:
        """A new round begun; the spotlight moved to someone (or given again in a new round)."""
        session = self._session
        (old_id, old_round), (new_id, new_round) = self._old, self._new
        made = []
        if new_round > old_round:
            made.append(session.new_event("round", what=f"Round {new_round}", visible=True,
                                      round_=new_round))
        at = session.combatants.index_of(new_id)
        if at >= 0 and (new_id != old_id or new_round != old_round):
            row = session.combatants[at]
            made.append(session.new_event("turn", name=row.name, combatant_id=row.id,
                                      visible=not row.hidden, round_=new_round))
        return made


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
        self._logs = _Logs()

    def redo(self) -> None:
        self._session.update_combatant(self._new)
        self._logs.write(self._session, self._events)

    def undo(self) -> None:
        self._logs.erase(self._session)
        self._session.update_combatant(self._old)

    def _events(self) -> list[FightEventRow]:
        """Hidden from the players or shown again; every HP marked (its attacker: the
        session's, from the rolls of the same action)."""
        old, new, made = self._old, self._new, []
        if old.hidden != new.hidden:
            made.append(self._session.new_event("hidden" if new.hidden else "shown", name=new.name,
                                             combatant_id=new.id, visible=not new.hidden))
        if down(new) and not down(old):
            made.append(self._session.new_event("defeated", name=new.name, combatant_id=new.id,
                                            what=new.kind, visible=not new.hidden))
        return made


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
        self._logs = _Logs()

    def redo(self) -> None:
        self._row = self._session.add_countdown(self._row, self._position)
        row = self._row
        self._logs.write(self._session, lambda: [self._session.new_event(
            "countdown_started", name=row.name, countdown_id=row.id, what=str(row.start),
            visible=row.visible)])

    def undo(self) -> None:
        self._logs.erase(self._session)
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
        self._logs = _Logs()

    def redo(self) -> None:
        self._session.update_countdown(self._new)
        self._logs.write(self._session, self._events)

    def undo(self) -> None:
        self._logs.erase(self._session)
        self._session.update_countdown(self._old)

    def _events(self) -> list[FightEventRow]:
        """Shown to the players or made the GM's again; triggered (run out, or looped)."""
        old, new, made = self._old, self._new, []
        if old.visible != new.visible:
            made.append(self._session.new_event(
                "countdown_shown" if new.visible else "countdown_hidden", name=new.name,
                countdown_id=new.id, visible=new.visible))
        if (new.triggered and not old.triggered) or new.loops > old.loops:
            made.append(self._session.new_event("countdown_triggered", name=new.name,
                                            countdown_id=new.id, what=str(new.loops),
                                            visible=new.visible))
        return made


class RecordRoll(QUndoCommand):
    """Put a finished roll in the log. Undo takes it out; redo restores the same dice."""

    def __init__(self, session: EncounterSession, row: RollRow) -> None:
        super().__init__(f"Roll: {row.summary}")
        self._session, self._row = session, row

    def redo(self) -> None:
        self._row = self._session.add_roll(self._row)

    def undo(self) -> None:
        self._session.remove_roll(stored_id(self._row))  # stored by redo
