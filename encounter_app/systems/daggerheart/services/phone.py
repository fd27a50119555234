"""A Daggerheart roll from a player's phone, recorded as the GM accepts it: an action roll as
keys 1–5 record its outcome (services/fight/table.py ``record_outcome``: the Fear, the
countdowns, the roller's Hope and Stress) with the Hope it spends first, or a reaction roll's
own line with that Hope; one command, pushed by the inbox (systems/daggerheart/phone.py reads
the roll).
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from encounter_app.domain.logged import line_json
from encounter_app.domain.player_rolls import PhoneRoll
from encounter_app.domain.rows import CombatantRow, RollRow
from encounter_app.services.fight.commands import RecordRoll, UpdateCombatant
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.system import PhoneStep
from encounter_app.services.fight.table import PlayerDice, record_outcome
from encounter_app.systems.daggerheart import phone
from encounter_app.systems.daggerheart.pc_tracks import rolled_by
from encounter_app.systems.daggerheart.requests import DualityReactionLine


def roller(session: EncounterSession, roll: PhoneRoll) -> CombatantRow | None:
    """The PC who rolled: its row by id while it is in the fight, else the tracked PC of
    its name (as ``roller_marks`` finds it), else None."""
    submission = roll.submission
    found = next((row for row in session.combatants
                  if row.id is not None and row.id == submission.combatant_id), None)
    return found or rolled_by(list(session.combatants), submission.character)


def dice_of(reading: phone.Reading) -> PlayerDice:
    return PlayerDice(reading.name, reading.hope, reading.fear, reading.modifier,
                      reading.difficulty, reading.rolled_for_them, reading.parts)


def record(session: EncounterSession, roll: PhoneRoll, difficulty: int) -> PhoneStep:
    """The command that records ``roll`` against ``difficulty``; Refused (saying why) when it
    spends a Hope its PC does not have."""
    row = roller(session, roll)
    reading = phone.read(row, roll, difficulty)
    paid = phone.spent(row, reading)
    dice = dice_of(reading)
    if reading.form == phone.ACTION:
        step = record_outcome(session, reading.outcome(), dice, paid)
        return PhoneStep(step.command, reading.result(), (dice.words(), *step.happened))
    line = reaction_row(reading, dice, paid.said)
    parts: list[QUndoCommand] = [UpdateCombatant(session, r, f"{r.name}: a Hope spent")
                                 for r in paid.rows]
    parts.append(RecordRoll(session, line))
    return PhoneStep(Compound(f"{reading.name}'s reaction roll", parts), reading.result(),
                     (dice.words(), *paid.said))


def reaction_row(reading: phone.Reading, dice: PlayerDice, said: tuple[str, ...] = ()
                 ) -> RollRow:
    """A PC's reaction roll as the log keeps it: the total and the verdict, the dice against
    the Difficulty, the Hope it spent; no Fear, no countdown."""
    logged = DualityReactionLine(reading.name, reading.hope, reading.fear, reading.modifier,
                                 reading.difficulty, reading.combatant_id)
    summary = f"{reading.name}: reaction roll {logged.total}, {logged.verdict()}"
    for words in said:
        summary += f"; {words}"
    detail = [dice.words(), *said,
              "A reaction roll: no Hope or Fear from its dice, no countdown advances"]
    return RollRow(kind="reaction", actor=reading.name, summary=summary,
                   detail="\n".join(detail), payload=line_json(logged))

