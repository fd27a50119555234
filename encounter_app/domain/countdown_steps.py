"""How the table's events move the countdowns: an action roll's outcome, a PC's miss, a rest,
or the GM's own tick. The arithmetic is the rules' ``Countdown``; this module only picks which
countdowns an event concerns, and says in words what happened, for the log and the sidebar.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from encounter_app.domain import CountdownRow
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.rules.daggerheart import Countdown, CountdownKind, LoopMode, Outcome

#: The highest start (and value) a countdown can have: two digits on the card.
MAX_START = 99

KIND_LABELS = {"standard": "Standard", "progress": "Progress", "consequence": "Consequence"}
LOOP_LABELS = {"none": "", "loop": "Loop", "increasing": "Increasing loop",
               "decreasing": "Decreasing loop"}
TRIGGER_LABELS = {"action": "ticks on every action roll", "pc_miss": "ticks when a PC misses",
                  "manual": "ticks only by hand"}


class Event(Enum):
    """What else, besides an action roll's outcome, moves countdowns."""

    PC_MISS = "pc_miss"  # a PC missed an attack (Volley of Arrows)
    REST = "rest"  # the party rested: long-term countdowns
    HAND = "hand"  # the GM ticked it by hand


@fields_repr
@dataclass(frozen=True, repr=False)
class Step:
    """One countdown moved: the row before and after, and whether it triggered."""

    before: CountdownRow
    after: CountdownRow
    triggered: bool

    @property
    def looped(self) -> bool:
        return self.after.loops > self.before.loops

    @property
    def text(self) -> str:
        """``"Rising water 3 → 2"``; a trigger says so, and where a loop starts again."""
        after = 0 if self.triggered else self.after.value
        text = f"{self.before.name} {self.before.value} → {after}"
        if self.triggered:
            text += " ⚠ TRIGGERED"
            if self.looped:
                text += f", loops back to {self.after.start} (×{self.after.loops})"
        return text


def to_rules(row: CountdownRow) -> Countdown:
    return Countdown(row.start, CountdownKind(row.kind), LoopMode(row.loop), row.long_term,
                     value=row.value, triggered=row.value <= 0, loops=row.loops)


def step(row: CountdownRow, event: Outcome | Event) -> Step | None:
    """What ``event`` does to ``row``; None when it leaves it where it was."""
    countdown = to_rules(row)
    if isinstance(event, Outcome):
        triggered = row.trigger == "action" and countdown.advance(event)
    elif event is Event.PC_MISS:
        triggered = row.trigger == "pc_miss" and not row.long_term and countdown.tick()
    elif event is Event.REST:
        triggered = countdown.rest()
    else:
        triggered = countdown.tick()
    after = replace(row, start=countdown.start, value=countdown.value, loops=countdown.loops)
    if after == row:
        return None
    return Step(row, after, triggered)


def steps(rows: Iterable[CountdownRow], event: Outcome | Event) -> list[Step]:
    """Every countdown ``event`` moves, in the sidebar's order (a damaged one stays as it is)."""
    return [s for s in (step(row, event) for row in rows if not row.damaged) if s is not None]


def partner(row: CountdownRow, rows: Sequence[CountdownRow]) -> CountdownRow | None:
    """The other countdown of ``row``'s linked pair, if it is still there."""
    if row.link is None:
        return None
    return next((r for r in rows if r.link == row.link and r.id != row.id), None)


def can_link(row: CountdownRow, rows: Sequence[CountdownRow]) -> bool:
    """A dynamic, action-driven countdown not already in a pair can take a partner."""
    return (row.kind in ("progress", "consequence") and not row.long_term
            and row.trigger == "action" and partner(row, rows) is None)


def traits(row: CountdownRow, rows: Sequence[CountdownRow] = ()) -> list[str]:
    """Short words for what the countdown is: kind, loop, what ticks it, its pair, its dice."""
    words = [KIND_LABELS.get(row.kind, row.kind)]
    if row.loop != "none":
        words.append(LOOP_LABELS.get(row.loop, row.loop))
    if row.long_term:
        words.append("long-term: ticks on rests")
    elif row.kind != "standard" and row.trigger == "action":
        words.append("ticks by the roll's outcome")
    else:
        words.append(TRIGGER_LABELS.get(row.trigger, row.trigger))
    other = partner(row, rows)
    if other is not None:
        words.append(f"linked with {other.name}")
    if row.dice:
        words.append(f"start rolled on {row.dice}")
    words.append("shown to players" if row.visible else "GM only")
    return words
