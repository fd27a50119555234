"""Casus Mus' roll: a d100 against a skill %, one side of a clash or a skill roll of its own;
and the system's log rows read back as typed values (``read_roll``, domain/logged.py)."""

from __future__ import annotations

from dataclasses import dataclass

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.json_data import DataError
from encounter_app.domain.logged import LoggedRoll, read_line
from encounter_app.domain.rows import RollRow
from encounter_app.rules import casus_mus
from encounter_app.rules.casus_mus import Grade
from encounter_app.rules.dice import RandomSource
from encounter_app.systems.casus_mus.text import GRADE_WORDS, d100, skill_text


@fields_repr
@dataclass(frozen=True, repr=False)
class SkillRollRequest:
    """A d100 against a skill %, for one side of a clash (or a plain skill roll)."""

    actor: str
    skill: int
    skill_name: str = "skill"
    combatant_id: int | None = None

    def compute(self, rng: RandomSource) -> casus_mus.SkillRoll:
        return casus_mus.roll_skill(self.skill, rng)

    def describe(self, result: casus_mus.SkillRoll) -> RollRow:
        return RollRow(kind="skill", actor=self.actor,
                       summary=f"{self.actor}: {self.skill_name} {d100(result.roll)}, "
                               f"{GRADE_WORDS[result.grade]}",
                       detail=f"d100 {skill_text(result)}")


# -- the log's rows read back --------------------------------------------------------------------


@fields_repr
@dataclass(frozen=True, repr=False)
class SkillLine(LoggedRoll):
    """A logged skill roll: its request and the rules' result."""

    request: SkillRollRequest
    result: casus_mus.SkillRoll

    @property
    def critical(self) -> bool:
        return self.result.grade is Grade.CRITICAL


@fields_repr
@dataclass(frozen=True, repr=False)
class ClashDamage:
    """The hitter's damage in a clash: rolled, less the armour of the one struck."""

    expression: str
    rolled: int
    armour: int
    taken: int


SIDES = ("attacker", "defender")


@fields_repr
@dataclass(frozen=True, repr=False)
class ClashLine(LoggedRoll):
    """A clash as its log row keeps it (services/clash.ClashFlow.log_row): each side's d100
    and grade, who hits and with how many Combat Maneuvers, who fumbled."""

    attacker: int  # the attacker's d100
    defender: int | None  # the defender's; None when it did not roll
    reacted: bool
    hitter: casus_mus.Side | None
    maneuvers: int
    fumbled: tuple[str, ...]  # "attacker", "defender"
    attacker_id: int | None
    attacker_name: str
    attacker_grade: Grade
    defender_id: int | None
    defender_name: str
    defender_grade: Grade | None
    chosen_maneuvers: tuple[str, ...] = ()
    damage: ClashDamage | None = None

    def __post_init__(self) -> None:
        if any(side not in SIDES for side in self.fumbled):
            raise DataError("fumbled", f"expected {' or '.join(SIDES)}: {self.fumbled}")
        if self.reacted and self.defender_grade is None:
            raise DataError("defender_grade", "missing for a defender who reacted")

    @property
    def critical(self) -> bool:
        return Grade.CRITICAL in (self.attacker_grade, self.defender_grade)

    def name(self, side: str) -> str:
        return self.attacker_name if side == "attacker" else self.defender_name


CasusLine = SkillLine | ClashLine


def read_roll(row: RollRow) -> CasusLine | None:
    """A Casus Mus row read back by its kind; None for a kind it does not log, or a payload
    not understood (a clash logged before its sides were named in it, among them)."""
    if row.kind == "skill":
        return read_line(SkillLine, row)
    if row.kind == "clash":
        return read_line(ClashLine, row)
    return None
