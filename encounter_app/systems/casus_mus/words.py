"""Casus Mus in words: a grade and its d100, for the GM's log and for the players."""

from __future__ import annotations

from typing import TYPE_CHECKING

from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import RollRow
from encounter_app.rules import casus_mus
from encounter_app.rules.casus_mus import Grade

if TYPE_CHECKING:
    from encounter_app.systems.casus_mus.requests import ClashLine, SkillLine

GRADE_WORDS = {Grade.CRITICAL: "critical", Grade.SUCCESS: "success", Grade.FAILURE: "failure",
               Grade.FUMBLE: "fumble"}


def d100(roll: int) -> str:
    """A d100 as the dice show it: 7 is "07", 100 is "00"."""
    return "00" if roll == casus_mus.D100 else f"{roll:02d}"


def skill_text(roll: casus_mus.SkillRoll) -> str:
    return f"{d100(roll.roll)} vs {roll.skill}%: {GRADE_WORDS[roll.grade]}"


def _skill(line: SkillLine, sight: Sight) -> str:
    request = line.request
    if not sight.sees(request.actor, request.combatant_id):
        return ""
    return (f"{request.actor}: {request.skill_name} {d100(line.result.roll)}, "
            f"{GRADE_WORDS[line.result.grade]}")


def _clash(line: ClashLine, sight: Sight) -> str:
    """Shown when both sides are visible: a clash is between the two of them."""
    attacker, defender = line.attacker_name, line.defender_name
    if not (sight.sees(attacker, line.attacker_id) and sight.sees(defender, line.defender_id)):
        return ""
    grades = GRADE_WORDS[line.attacker_grade] + " vs " + (
        GRADE_WORDS[line.defender_grade] if line.reacted and line.defender_grade is not None
        else "no reaction")
    if line.hitter is None:
        fumbled = [line.name(side) for side in line.fumbled]
        verdict = "nobody hits" + (f" ({' and '.join(fumbled)} fumbled)" if fumbled else "")
    else:
        maneuvers = line.maneuvers
        verdict = f"{line.name(line.hitter)} hits" + (
            f" and picks {maneuvers} Combat Maneuver{'s' if maneuvers != 1 else ''}"
            if maneuvers else "")
    return f"Clash {attacker} → {defender} ({grades}): {verdict}"


def player_words(row: RollRow, sight: Sight) -> str:
    # Imported here: requests.py words its log lines with this module's words.
    from encounter_app.systems.casus_mus.requests import SkillLine, read_roll

    line = read_roll(row)
    if line is None:
        return ""
    return _skill(line, sight) if isinstance(line, SkillLine) else _clash(line, sight)
