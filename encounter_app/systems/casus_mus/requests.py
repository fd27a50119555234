"""Casus Mus' roll: a d100 against a skill %, one side of a clash or a skill roll of its own."""

from __future__ import annotations

from dataclasses import dataclass

from encounter_app.domain.rows import RollRow
from encounter_app.rules import casus_mus
from encounter_app.rules.dice import RandomSource
from encounter_app.systems.casus_mus.words import GRADE_WORDS, d100, skill_text


@dataclass(frozen=True)
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
