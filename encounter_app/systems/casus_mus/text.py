"""Casus Mus's dice in words: a grade and its d100, as the log and the players read them."""

from __future__ import annotations

from encounter_app.rules import casus_mus
from encounter_app.rules.casus_mus import Grade

GRADE_WORDS = {Grade.CRITICAL: "critical", Grade.SUCCESS: "success", Grade.FAILURE: "failure",
               Grade.FUMBLE: "fumble"}


def d100(roll: int) -> str:
    """A d100 as the dice show it: 7 is "07", 100 is "00"."""
    return "00" if roll == casus_mus.D100 else f"{roll:02d}"


def skill_text(roll: casus_mus.SkillRoll) -> str:
    return f"{d100(roll.roll)} vs {roll.skill}%: {GRADE_WORDS[roll.grade]}"
