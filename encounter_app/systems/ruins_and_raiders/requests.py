"""Ruins & Raiders' rolls: a trait check (2d6 + trait against a challenge level, with the Wounds
of an attack), and the battle's initiative (PCs roll Perception, foes take Perception + 7); and
the system's log rows read back as typed values (``read_roll``, domain/logged.py)."""

from __future__ import annotations

from dataclasses import dataclass

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.initiative import Initiant, InitiativeRequest, InitiativeScore
from encounter_app.domain.logged import LoggedRoll, read_line
from encounter_app.domain.rows import RollRow
from encounter_app.rules import ruins_and_raiders
from encounter_app.rules.dice import RandomSource


def signed(value: int) -> str:
    return f"{'+' if value >= 0 else '-'} {abs(value)}"


def trait_text(request: TraitCheckRequest, result: ruins_and_raiders.TraitCheck) -> str:
    first, second = result.dice
    text = (f"2d6 ({first}, {second}) {signed(request.trait)} {request.trait_name}"
            f" = {result.total} vs challenge {request.challenge}")
    if request.reason:
        text += f" ({request.reason})"
    if result.natural == ruins_and_raiders.NATURAL_FAIL:
        text += "; natural 2 always fails"
    elif result.natural == ruins_and_raiders.NATURAL_SUCCESS:
        text += "; natural 12 always succeeds"
    return text


def trait_verdict(result: ruins_and_raiders.TraitCheck) -> str:
    """ "success, mox 3"; a natural 2 that would have succeeded says why it did not, rather
    than "failure, mox 2"."""
    if not result.success and result.mox > 0:
        return "failure: a natural 2 always fails"
    return f"{'success' if result.success else 'failure'}, mox {result.mox}"


@fields_repr
@dataclass(frozen=True, repr=False)
class TraitCheckRequest:
    """2d6 + trait against a challenge level (already with its modifiers)."""

    actor: str
    trait: int
    challenge: int
    trait_name: str = "trait"
    reason: str = ""  # how the challenge level was made, for the log
    combatant_id: int | None = None
    #: An attack: Brawn + weapon power + momentum - the target's Fortitude and armour, to
    #: which the mox is added for the Wounds of a hit; None for a task.
    wound_base: int | None = None
    target: str = ""
    #: The parts of ``wound_base`` in words ("Brawn 2 + weapon 3 - Fortitude 1"), for the log.
    wound_parts: str = ""
    target_id: int | None = None  # who takes the Wounds of a hit

    def compute(self, rng: RandomSource) -> ruins_and_raiders.TraitCheck:
        return ruins_and_raiders.check(self.trait, self.challenge, rng)

    def wounds(self, result: ruins_and_raiders.TraitCheck) -> int | None:
        """The Wounds a hit deals: mox + the attack's base, never below 0; None for a task
        or a miss."""
        if self.wound_base is None or not result.success:
            return None
        return max(result.mox + self.wound_base, 0)

    def describe(self, result: ruins_and_raiders.TraitCheck) -> RollRow:
        against = f" vs {self.target}" if self.target else ""
        summary = (f"{self.actor}: {self.trait_name} check{against} {result.total}, "
                   f"{trait_verdict(result)}")
        detail = trait_text(self, result)
        dealt = self.wounds(result)
        if dealt is not None and self.wound_base is not None:
            summary += f", {dealt} wounds"
            parts = (f" {self.wound_parts}" if self.wound_parts
                     else f" {signed(self.wound_base)}")
            detail += f"; wounds = mox {result.mox}{parts} = {dealt}"
        return RollRow(kind="trait", actor=self.actor, summary=summary, detail=detail)


@fields_repr
@dataclass(frozen=True, repr=False)
class RuinsInitiative(InitiativeRequest):
    """Everyone's initiative for the battle: 2d6 + Perception, or Perception + 7 for a foe
    that does not roll. The text says nothing of ties: the higher Perception goes first
    (``InitiativeRequest.order``), and the GM is never asked."""

    def score(self, who: Initiant, rng: RandomSource) -> InitiativeScore:
        if who.rolls:
            rolled = ruins_and_raiders.roll_initiative(who.bonus, rng)
            return InitiativeScore(who.combatant_id, who.name, tuple(rolled.dice),
                                   rolled.total, who.bonus)
        return InitiativeScore(who.combatant_id, who.name, (),
                               ruins_and_raiders.adversary_initiative(who.bonus), who.bonus)

    def line(self, score: InitiativeScore) -> str:
        if not score.dice:
            return f"{score.name}: Perception {score.bonus} + 7 = {score.total} (does not roll)"
        first, second = score.dice
        return (f"{score.name}: 2d6 ({first}, {second}) {signed(score.bonus)}"
                f" Perception = {score.total}")

    def ties(self, scores: object) -> list[list[InitiativeScore]]:
        return []


# -- the log's rows read back --------------------------------------------------------------------


@fields_repr
@dataclass(frozen=True, repr=False)
class TraitLine(LoggedRoll):
    """A logged trait check (a task, or an attack with its Wounds): request and result."""

    request: TraitCheckRequest
    result: ruins_and_raiders.TraitCheck

    @property
    def critical(self) -> bool:
        """A natural 12: it always succeeds."""
        return self.result.natural == ruins_and_raiders.NATURAL_SUCCESS

    @property
    def dice(self) -> str:
        return f"2d6 ({', '.join(map(str, self.result.dice))})"


@fields_repr
@dataclass(frozen=True, repr=False)
class InitiativeLine(LoggedRoll):
    """The battle's logged initiative: everyone's score."""

    request: RuinsInitiative
    result: tuple[InitiativeScore, ...]


RuinsLine = TraitLine | InitiativeLine


def read_roll(row: RollRow) -> RuinsLine | None:
    """A Ruins & Raiders row read back by its kind; None for a kind it does not log, or a
    payload not understood."""
    if row.kind == "trait":
        return read_line(TraitLine, row)
    if row.kind == "initiative":
        # An older version named the system in the request.
        return read_line(InitiativeLine, row, retired=("system",))
    return None
