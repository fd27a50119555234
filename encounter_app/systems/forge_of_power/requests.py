"""Forge of Power's rolls: a check (d20 + bonus against a DC, in levels of success), an attack
compared with each target's own DC, and everyone's initiative (d20 + bonus); and the system's
log rows read back as typed values (``read_roll``, domain/logged.py)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.initiative import Initiant, InitiativeRequest, InitiativeScore
from encounter_app.domain.logged import LoggedRoll, read_line
from encounter_app.domain.rows import RollRow
from encounter_app.rules import forge_of_power
from encounter_app.rules.dice import RandomSource
from encounter_app.systems.forge_of_power.order import forge_order
from encounter_app.systems.forge_of_power.text import LEVEL_WORDS, d20_text, signed


@fields_repr
@dataclass(frozen=True, repr=False)
class LevelCheckRequest:
    """d20 + bonus against a DC. (A reroll is the same request again; the GM keeps either
    result: words.with_reroll.)"""

    actor: str
    bonus: int
    dc: int
    label: str = "check"
    advantage: bool = False
    disadvantage: bool = False
    combatant_id: int | None = None

    def compute(self, rng: RandomSource) -> forge_of_power.LevelCheck:
        return forge_of_power.check(self.bonus, self.dc, rng, advantage=self.advantage,
                                    disadvantage=self.disadvantage)

    def describe(self, result: forge_of_power.LevelCheck) -> RollRow:
        return RollRow(kind="fop_check", actor=self.actor,
                       summary=f"{self.actor}: {self.label} {result.total} vs DC {self.dc}, "
                               f"{LEVEL_WORDS[result.level]}",
                       detail=d20_text(result, self.bonus, self.advantage, self.disadvantage))


@fields_repr
@dataclass(frozen=True, repr=False)
class FopTarget:
    """An attack's target: its name and the DC the attack must meet."""

    name: str
    dc: int
    combatant_id: int | None = None


@fields_repr
@dataclass(frozen=True, repr=False)
class FopAttackRequest:
    """One attack roll compared with each target's own DC."""

    attacker: str
    bonus: int
    targets: tuple[FopTarget, ...]
    label: str = "Strike"
    advantage: bool = False
    disadvantage: bool = False
    combatant_id: int | None = None

    def compute(self, rng: RandomSource) -> forge_of_power.AttackRoll:
        if not self.targets:
            raise ValueError("an attack needs at least one target")
        return forge_of_power.attack(self.bonus, [t.dc for t in self.targets], rng,
                                     advantage=self.advantage,
                                     disadvantage=self.disadvantage)

    def describe(self, result: forge_of_power.AttackRoll) -> RollRow:
        parts = [f"{LEVEL_WORDS[level]} vs {t.name} (DC {t.dc})"
                 for t, level in zip(self.targets, result.levels, strict=True)]
        return RollRow(kind="fop_attack", actor=self.attacker,
                       summary=f"{self.attacker} {self.label} {result.total}: "
                               + "; ".join(parts),
                       detail=d20_text(result, self.bonus, self.advantage, self.disadvantage)
                       + ", one roll for every target")


@fields_repr
@dataclass(frozen=True, repr=False)
class ForgeInitiative(InitiativeRequest):
    """Everyone rolls d20 + initiative bonus; who is still tied after the bonus is the GM's
    to order (``ties``)."""

    def score(self, who: Initiant, rng: RandomSource) -> InitiativeScore:
        entry = forge_of_power.roll_initiative(who.name, who.bonus, rng)
        return InitiativeScore(who.combatant_id, who.name, (entry.total - who.bonus,),
                               entry.total, who.bonus)

    def line(self, score: InitiativeScore) -> str:
        return f"{score.name}: d20 ({score.dice[0]}) {signed(score.bonus)} = {score.total}"

    def order(self, scores: Iterable[InitiativeScore]) -> list[InitiativeScore]:
        return forge_order(scores)


# -- the log's rows read back --------------------------------------------------------------------


@fields_repr
@dataclass(frozen=True, repr=False)
class CheckLine(LoggedRoll):
    """A logged check (the result the GM kept, after a reroll): request and result."""

    request: LevelCheckRequest
    result: forge_of_power.LevelCheck

    @property
    def critical(self) -> bool:
        return self.result.level is forge_of_power.Level.CRITICAL_SUCCESS

    @property
    def dice(self) -> str:
        return f"d20 ({', '.join(map(str, self.result.d20s))})"


@fields_repr
@dataclass(frozen=True, repr=False)
class FopAttackLine(LoggedRoll):
    """A logged attack: its request and the roll, one level of success a target."""

    request: FopAttackRequest
    result: forge_of_power.AttackRoll

    def __post_init__(self) -> None:
        self.one_per_target("result levels", self.result.levels, self.request.targets)

    @property
    def critical(self) -> bool:
        return forge_of_power.Level.CRITICAL_SUCCESS in self.result.levels

    @property
    def dice(self) -> str:
        return f"d20 ({', '.join(map(str, self.result.d20s))})"

    def targets(self) -> list[tuple[FopTarget, forge_of_power.Level]]:
        """Each target, and the attack's level of success against it."""
        return list(zip(self.request.targets, self.result.levels, strict=True))


@fields_repr
@dataclass(frozen=True, repr=False)
class InitiativeLine(LoggedRoll):
    """The battle's logged initiative: everyone's score."""

    request: ForgeInitiative
    result: tuple[InitiativeScore, ...]


ForgeLine = CheckLine | FopAttackLine | InitiativeLine


def read_roll(row: RollRow) -> ForgeLine | None:
    """A Forge of Power row read back by its kind; None for a kind it does not log, or a
    payload not understood."""
    if row.kind == "fop_check":
        # An older version kept the first roll of a reroll in the request ("original").
        return read_line(CheckLine, row, retired=("original",))
    if row.kind == "fop_attack":
        return read_line(FopAttackLine, row)
    if row.kind == "initiative":
        # An older version named the system in the request.
        return read_line(InitiativeLine, row, retired=("system",))
    return None
