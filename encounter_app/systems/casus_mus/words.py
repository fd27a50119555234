"""Casus Mus in words: a grade and its d100, for the GM's log and for the players."""

from __future__ import annotations

from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import RollRow
from encounter_app.systems.casus_mus.requests import ClashLine, SkillLine, read_roll
from encounter_app.systems.casus_mus.text import GRADE_WORDS, d100


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
    line = read_roll(row)
    if line is None:
        return ""
    return _skill(line, sight) if isinstance(line, SkillLine) else _clash(line, sight)
