"""Casus Mus in words: a grade and its d100, for the GM's log and for the players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import RollRow
from encounter_app.rules import casus_mus
from encounter_app.rules.casus_mus import Grade

GRADE_WORDS = {Grade.CRITICAL: "critical", Grade.SUCCESS: "success", Grade.FAILURE: "failure",
               Grade.FUMBLE: "fumble"}
_GRADE_NAMES = {grade.name: word for grade, word in GRADE_WORDS.items()}


def d100(roll: int) -> str:
    """A d100 as the dice show it: 7 is "07", 100 is "00"."""
    return "00" if roll == casus_mus.D100 else f"{roll:02d}"


def skill_text(roll: casus_mus.SkillRoll) -> str:
    return f"{d100(roll.roll)} vs {roll.skill}%: {GRADE_WORDS[roll.grade]}"


def _skill(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["actor"], request.get("combatant_id")):
        return ""
    return (f"{request['actor']}: {request['skill_name']} {d100(int(result['roll']))}, "
            f"{_GRADE_NAMES[result['grade']]}")


def _clash(payload: Mapping[str, Any], sight: Sight) -> str:
    """Shown when both sides are visible: a clash is between the two of them."""
    attacker, defender = payload["attacker_name"], payload["defender_name"]
    if not (sight.sees(attacker, payload["attacker_id"])
            and sight.sees(defender, payload["defender_id"])):
        return ""
    grades = _GRADE_NAMES[payload["attacker_grade"]] + " vs " + (
        _GRADE_NAMES[payload["defender_grade"]] if payload["reacted"] else "no reaction")
    hitter = {"attacker": attacker, "defender": defender}.get(payload["hitter"])
    if hitter is None:
        fumbled = [{"attacker": attacker, "defender": defender}[f] for f in payload["fumbled"]]
        verdict = "nobody hits" + (f" ({' and '.join(fumbled)} fumbled)" if fumbled else "")
    else:
        maneuvers = int(payload["maneuvers"])
        verdict = f"{hitter} hits" + (
            f" and picks {maneuvers} Combat Maneuver{'s' if maneuvers != 1 else ''}"
            if maneuvers else "")
    return f"Clash {attacker} → {defender} ({grades}): {verdict}"


PLAYER_WORDS = {"skill": _skill, "clash": _clash}


def player_words(row: RollRow, sight: Sight) -> str:
    words = PLAYER_WORDS.get(row.kind)
    return "" if words is None else words(row.payload, sight)
