"""What happens at the table, each as one undo step: a player's action-roll outcome, a PC's
missed attack, a rest, a countdown ticked or added by hand, a hit marked on tracked PCs.

Each function builds a :class:`Compound` of the session's ordinary commands (SetFear,
UpdateCountdown, AddCountdown, RecordRoll, UpdateCombatant): pushing it does everything, one
Undo takes all of it back. They decide with the rules package and the session's current state,
so build the command right before pushing it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from encounter_app.domain import CombatantRow, CountdownRow, RollRow
from encounter_app.domain.countdown_steps import Event, Step, partner, steps
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import stored_id
from encounter_app.domain.system import RollerMarks
from encounter_app.rules.daggerheart import (
    FearPool,
    Outcome,
    RestKind,
    fear_gained,
    quick_phrase,
)
from encounter_app.rules.dice import DiceRoll
from encounter_app.services.fight.commands import (
    AddCountdown,
    LogEvent,
    RecordRoll,
    SetFear,
    UpdateCombatant,
    UpdateCountdown,
)
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession

# The log lines' payload classes (domain/logged.py) load with the first line written: a start
# draws the log, it writes none (docs/performance.md, issue 28).
if TYPE_CHECKING:
    from encounter_app.domain.logged import CountdownMove

REST_NAMES = {RestKind.SHORT: "Short rest", RestKind.LONG: "Long rest"}
NO_FEAR_REST = "Rest"  # a system without Daggerheart's Fear has one rest: its countdowns move
NOTHING_PAID = RollerMarks()  # a roll its roller paid nothing for


def rest_name(kind: RestKind, fear: bool) -> str:
    """ "Short rest" or "Long rest" in Daggerheart; plain "Rest" where resting gains no Fear
    (the other games' words have no short and long rest)."""
    return REST_NAMES[kind] if fear else NO_FEAR_REST


def mark_pc_hits(session: EncounterSession, rows: list[CombatantRow], source: str) -> Compound:
    """A hit marked on tracked PCs (HP, and an Armor Slot where used), each row as the hit
    leaves it (domain/pc_tracks.py): one undo step for all of them."""
    names = ", ".join(r.name for r in rows)
    compound = Compound(f"{source}: marked on {names}")
    for row in rows:
        compound.add(UpdateCombatant(session, row, f"Hit on {row.name}"))
    return compound


@fields_repr
@dataclass(frozen=True, repr=False)
class Party:
    """How many PCs a long rest counts, and where that number came from (for the log)."""

    size: int
    basis: str


def party(session: EncounterSession) -> Party:
    """The PCs in the spotlight order: they are the ones resting. The campaign's roster, then
    its party size, is the fallback for an encounter without PC rows (the GM tracks only
    adversaries, or rests between fights)."""
    pcs = sum(1 for c in session.combatants if c.kind == "pc")
    if pcs:
        return Party(pcs, f"{pcs} PC{'s' if pcs != 1 else ''} in the spotlight order")
    roster = len(session.store.pcs(stored_id(session.campaign)))
    if roster:
        return Party(roster, f"{roster} PC{'s' if roster != 1 else ''} on the campaign's "
                             "roster (none in the spotlight order)")
    size = session.campaign.party_size
    return Party(size, f"campaign party size {size} (no PC in the spotlight order)")


def _gain_fear(session: EncounterSession, compound: Compound, wanted: int, reason: str,
               note: str) -> int:
    """Add a SetFear for what the pool can really take; returns that (0 at the cap)."""
    gained = FearPool(session.fear).gain(wanted)
    if gained:
        compound.add(SetFear(session, session.fear + gained, reason, note))
    return gained


def _fear_text(session: EncounterSession, wanted: int, gained: int) -> str:
    if not wanted:
        return ""
    if not gained:
        return f"Fear already at {FearPool.cap}: no Fear gained"
    text = f"GM gains {gained} Fear ({session.fear} → {session.fear + gained})"
    if gained < wanted:
        text += f", {wanted - gained} lost to the cap of {FearPool.cap}"
    return text


def _advance(session: EncounterSession, compound: Compound, event: Outcome | Event,
             label: str) -> tuple[list[CountdownRow], list[Step]]:
    """Add an UpdateCountdown for every countdown ``event`` moves; returns the rows as they
    were and the steps."""
    rows = list(session.countdowns)
    moved = steps(rows, event)
    for s in moved:
        compound.add(UpdateCountdown(session, s.after, f"{label}: {s.before.name}"))
    return rows, moved


def _log(session: EncounterSession, compound: Compound, line: RollRow | None,
         moved: list[Step], cause: str, rows: list[CountdownRow]) -> None:
    """Add the event's own log line (if any), then one line per countdown it triggered."""
    for row in ([line] if line else []) + trigger_rows(moved, cause, rows):
        compound.add(RecordRoll(session, row))


def trigger_rows(moved: list[Step], cause: str,
                 countdowns: list[CountdownRow]) -> list[RollRow]:
    """One log line per countdown that triggered, so none scrolls by unseen."""
    from encounter_app.domain.logged import TriggerLine, line_json

    after = {s.after.id: s.after for s in moved}
    rows = []
    for s in moved:
        if not s.triggered:
            continue
        summary = f"⚠ {s.before.name} TRIGGERED"
        detail = f"{cause}."
        if s.looped:
            summary += f": loops back to {s.after.start} (×{s.after.loops})"
            if s.after.start != s.before.start:
                detail += f" Its start goes {s.before.start} → {s.after.start}."
        other = partner(s.before, countdowns)
        if other is not None:  # a linked pair is a race: say where the other one stands
            other = after.get(other.id, other)
            state = "triggered too" if other.triggered else f"has {other.value} left"
            detail += f" Its linked {other.kind} countdown {other.name} {state}."
        rows.append(RollRow(kind="countdown", summary=summary, detail=detail,
                            actor=s.before.name,
                            payload=line_json(TriggerLine(s.before.id, s.after.loops))))
    return rows


def _countdown_lines(moved: list[Step], rows: list[CountdownRow]) -> list[str]:
    lines = []
    for s in moved:
        line = s.text
        other = partner(s.before, rows)
        if other is not None:
            line += f" (linked with {other.name})"
        lines.append(line)
    return lines


def _moves(moved: list[Step]) -> tuple[CountdownMove, ...]:
    """The countdowns moved, as the log keeps them."""
    from encounter_app.domain.logged import CountdownMove

    return tuple(CountdownMove(s.before.id, s.before.name, s.before.value, s.after.value,
                               s.triggered, s.after.loops) for s in moved)


@fields_repr
@dataclass(repr=False)
class TableStep:
    """A built command and what it will do, in words for the guidance panel."""

    command: Compound
    summary: str  # the log line
    moved: list[Step]
    fear_gained: int
    happened: list[str]  # the Fear gained (or not), then one line per countdown moved


@fields_repr
@dataclass(frozen=True, repr=False)
class PlayerDice:
    """The Duality Dice behind an outcome, when the program knows them (a roll from the
    players' page, or two dice the GM typed): who rolled, the dice and the Difficulty."""

    name: str
    hope: int
    fear: int
    modifier: int
    difficulty: int
    rolled_for_them: bool = False  # the rules service rolled them ("Roll my Duality Dice")
    #: What ``modifier`` is made of, named (("trait", 2), ("Experience", 2)), when a phone
    #: said so; () for one number.
    parts: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        return self.hope + self.fear + self.modifier

    def words(self) -> str:
        sign = "+" if self.modifier >= 0 else "-"
        adds = (" ".join(f"{'+' if v >= 0 else '-'} {abs(v)} {label}" for label, v in self.parts)
                if self.parts else f"{sign} {abs(self.modifier)}")
        how = " (rolled for them)" if self.rolled_for_them else ""
        return (f"{self.name}: Hope {self.hope}, Fear {self.fear} {adds}"
                f" = {self.total} vs Difficulty {self.difficulty}{how}")


def record_outcome(session: EncounterSession, outcome: Outcome,
                   dice: PlayerDice | None = None, paid: RollerMarks = NOTHING_PAID
                   ) -> TableStep:
    """A player rolled ``outcome``: a Fear on "with Fear", every action countdown advances
    (standard 1, dynamic by the chart, linked pairs from the same outcome), all logged; with
    ``dice``, the log line names who rolled what against which Difficulty, and the roller's
    own tracks follow the dice as the system says (``SystemRules.roller_marks``: Daggerheart's
    Hope and Stress of a tracked PC), in the same step. ``paid``: what the roller paid for the
    roll before it was rolled (a Hope spent on an Experience, asked from the phone), in the
    same step too: the roll's own marks start from its rows, and its words come first."""
    compound = Compound(f"{dice.name} rolled {outcome.value}" if dice
                        else f"Player rolled {outcome.value}")
    wanted = fear_gained(outcome)
    gained = _gain_fear(session, compound, wanted, "roll_with_fear", outcome.value)
    fear_text = _fear_text(session, wanted, gained)
    rows, moved = _advance(session, compound, outcome, outcome.value)
    before = {row.id: row for row in paid.rows}
    fight = [before.get(row.id, row) for row in session.combatants]
    marks = (session.system.roller_marks(fight, dice.name, outcome) if dice else RollerMarks())
    for row in ({**before, **{row.id: row for row in marks.rows}}).values():
        compound.add(UpdateCombatant(session, row, f"{row.name}: {outcome.value}"))
    said = paid.said + marks.said
    line = outcome_row(outcome, gained, fear_text, moved, rows, dice, said)
    _log(session, compound, line, moved, f"A player rolled {outcome.value}", rows)
    return TableStep(compound, line.summary, moved, gained,
                     ([fear_text] if fear_text else []) + list(said)
                     + [s.text for s in moved])


def outcome_row(outcome: Outcome, gained: int, fear_text: str, moved: list[Step],
                rows: list[CountdownRow], dice: PlayerDice | None = None,
                roller: tuple[str, ...] = ()) -> RollRow:
    """The log line of a player's outcome: the Fear it gave, the countdowns it moved; with
    ``dice``, who rolled what against which Difficulty, and ``roller``, what it did to the
    roller's own tracks ("Ayla gains a Hope (3→4)")."""
    from encounter_app.domain.logged import OutcomeLine, line_json

    summary = f"{outcome.value}: {quick_phrase(outcome).split(' (')[0]}"
    if fear_text:
        summary += f"; {fear_text}"
    for said in roller:
        summary += f"; {said}"
    lines = _countdown_lines(moved, rows) or ["No countdown advanced"]
    logged = OutcomeLine(outcome, gained, _moves(moved))
    if dice is None:
        return RollRow(kind="outcome", summary=summary, detail="\n".join(lines),
                       payload=line_json(logged))
    logged = replace(logged, player=dice.name, hope=dice.hope, fear=dice.fear,
                     modifier=dice.modifier, difficulty=dice.difficulty)
    return RollRow(kind="outcome", actor=dice.name, summary=f"{dice.name}: {summary}",
                   detail="\n".join([dice.words(), *roller, *lines]),
                   payload=line_json(logged))


def pc_missed(session: EncounterSession) -> TableStep:
    """A PC missed an attack: the countdowns that tick on a miss (Volley of Arrows) tick 1."""
    compound = Compound("A PC missed an attack")
    rows, moved = _advance(session, compound, Event.PC_MISS, "PC missed")
    line = miss_row(moved, rows)
    _log(session, compound, line, moved, "A PC missed an attack", rows)
    return TableStep(compound, line.summary, moved, 0, [s.text for s in moved])


def miss_row(moved: list[Step], rows: list[CountdownRow]) -> RollRow:
    """The log line of a PC's missed attack: the countdowns that ticked on it."""
    from encounter_app.domain.logged import MissLine, line_json

    summary = "A PC missed an attack"
    if not moved:
        summary += ": no countdown ticks on a miss"
    return RollRow(kind="outcome", summary=summary,
                   detail="\n".join(_countdown_lines(moved, rows)),
                   payload=line_json(MissLine("pc_miss", _moves(moved))))


def rest(session: EncounterSession, kind: RestKind, fear_roll: DiceRoll | None,
         basis: str) -> TableStep:
    """The PCs rested: the GM gains the rolled Fear (capped at 12), long-term countdowns tick.

    ``fear_roll`` is the rules' ``rest_fear`` roll (1d4, or 1d4 + the PCs), made by the rules
    service; None in a system without Fear. ``basis`` says where the number of PCs came from.
    """
    name = rest_name(kind, fear_roll is not None)
    compound = Compound(name)
    reason = "short_rest" if kind is RestKind.SHORT else "long_rest"
    gained, fear_text = 0, ""
    if fear_roll is not None:
        gained = _gain_fear(session, compound, fear_roll.total, reason,
                            f"rolled {fear_roll.expression} = {fear_roll.total}")
        fear_text = _fear_text(session, fear_roll.total, gained) or "no Fear gained"
    compound.add(LogEvent(session, session.new_event("rest", what=name, visible=True)))
    rows, moved = _advance(session, compound, Event.REST, name)
    line = rest_row(kind, fear_roll, gained, fear_text, basis, moved, rows)
    _log(session, compound, line, moved, f"The party took a {name.lower()}", rows)
    happened = ([] if fear_roll is None
                else [f"{fear_roll.expression} = {fear_roll.total}", fear_text])
    return TableStep(compound, line.summary, moved, gained, happened + [s.text for s in moved])


def rest_row(kind: RestKind, fear_roll: DiceRoll | None, gained: int, fear_text: str,
             basis: str, moved: list[Step], rows: list[CountdownRow]) -> RollRow:
    """The log line of a rest: the Fear rolled and gained, the countdowns it ticked."""
    from encounter_app.domain.logged import RestLine, RestRoll, line_json, rest_key

    summary, lines = rest_name(kind, fear_roll is not None), []
    if fear_roll is not None:
        summary += f": {fear_roll.expression} = {fear_roll.total}; {fear_text}"
        lines.append(fear_roll.text)
        if kind is RestKind.LONG:
            lines.append(f"Party: {basis}")
    lines += _countdown_lines(moved, rows) or ["No long-term countdown"]
    roll = None if fear_roll is None else RestRoll(fear_roll.expression, fear_roll.total,
                                                   fear_roll.dice)
    return RollRow(kind="rest", summary=summary, detail="\n".join(lines),
                   payload=line_json(RestLine(rest_key(kind), gained, roll, _moves(moved))))


def tick(session: EncounterSession, row: CountdownRow) -> TableStep | None:
    """The GM ticks one countdown by hand (a GM move spent on it); a trigger is logged."""
    moved = steps([row], Event.HAND)
    if not moved:
        return None
    compound = Compound(f"Tick {row.name}")
    compound.add(UpdateCountdown(session, moved[0].after, f"Tick {row.name}"))
    _log(session, compound, None, moved, "Ticked by hand", list(session.countdowns))
    return TableStep(compound, moved[0].text, moved, 0, [moved[0].text])


def start_row(start_roll: RollRow, countdown: str) -> RollRow:
    """A countdown's rolled start, its payload naming the countdown (it has no id yet): the
    players see the roll only while that countdown is shown to them (domain/player_view.py)."""
    from encounter_app.domain.logged import DiceLine, line_json, read_line

    rolled = read_line(DiceLine, start_roll)
    if rolled is None:  # not a dice roll's payload: never shown to the players either
        return start_roll
    return replace(start_roll, payload=line_json(replace(rolled, countdown=countdown)))


def add_countdown(session: EncounterSession, row: CountdownRow, partner_id: int | None = None,
                  start_roll: RollRow | None = None) -> Compound:
    """Add ``row``, paired with countdown ``partner_id`` when given; a rolled start is logged
    first. A partner that is gone by now (removed while the start was rolling) is skipped."""
    compound = Compound(f"Add countdown {row.name}")
    if start_roll is not None:
        compound.add(RecordRoll(session, start_row(start_roll, row.name)))
    position = session.countdowns.index_of(partner_id)
    if position >= 0:
        other = session.countdowns[position]
        if other.link != other.id:
            compound.add(UpdateCountdown(session, replace(other, link=other.id),
                                         f"Link {other.name}"))
        row = replace(row, link=other.id)
    compound.add(AddCountdown(session, row))
    return compound
