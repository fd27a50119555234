"""Roll-log lines in each system's own words: a grade and its d100, mox, levels of success."""

from __future__ import annotations

from typing import Any

from encounter_app.domain import RollRow
from encounter_app.domain.systems.requests import (
    FopAttackRequest,
    InitiativeRequest,
    InitiativeScore,
    LevelCheckRequest,
    SkillRollRequest,
    TraitCheckRequest,
    initiative_order,
)
from encounter_app.rules import casus_mus, forge_of_power, ruins_and_raiders
from encounter_app.rules.casus_mus import Grade
from encounter_app.rules.forge_of_power import Level

GRADE_WORDS = {Grade.CRITICAL: "critical", Grade.SUCCESS: "success", Grade.FAILURE: "failure",
               Grade.FUMBLE: "fumble"}
LEVEL_WORDS = {Level.CRITICAL_SUCCESS: "Critical Success", Level.SUCCESS: "Success",
               Level.FAILURE: "Failure", Level.CRITICAL_FAILURE: "Critical Failure"}


def d100(roll: int) -> str:
    """A d100 as the dice show it: 7 is "07", 100 is "00"."""
    return "00" if roll == casus_mus.D100 else f"{roll:02d}"


def skill_text(roll: casus_mus.SkillRoll) -> str:
    return f"{d100(roll.roll)} vs {roll.skill}%: {GRADE_WORDS[roll.grade]}"


def _signed(value: int) -> str:
    return f"{'+' if value >= 0 else '-'} {abs(value)}"


def trait_text(request: TraitCheckRequest, result: ruins_and_raiders.TraitCheck) -> str:
    first, second = result.dice
    text = (f"2d6 ({first}, {second}) {_signed(request.trait)} {request.trait_name}"
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


def d20_text(check: forge_of_power.LevelCheck | forge_of_power.AttackRoll, bonus: int,
             advantage: bool, disadvantage: bool) -> str:
    if len(check.d20s) == 2:
        word = "advantage" if advantage else "disadvantage"
        dice = f"2d20 {word} ({', '.join(map(str, check.d20s))}: keeps {check.natural})"
    else:
        dice = f"d20 ({check.natural})"
    natural = ""
    if check.natural == forge_of_power.NATURAL_HIGH:
        natural = "; natural 20: one level up"
    elif check.natural == forge_of_power.NATURAL_LOW:
        natural = "; natural 1: one level down"
    return f"{dice} {_signed(bonus)} = {check.total}{natural}"


def level_row(request: LevelCheckRequest, check: forge_of_power.LevelCheck,
              payload: dict[str, Any]) -> RollRow:
    """A Forge of Power check (a reroll and the one kept: with_reroll)."""
    return RollRow(kind="fop_check", actor=request.actor, payload=payload,
                   summary=f"{request.actor}: {request.label} {check.total} vs DC {request.dc}, "
                           f"{LEVEL_WORDS[check.level]}",
                   detail=d20_text(check, request.bonus, request.advantage,
                                   request.disadvantage))


def describe(request: Any, result: Any, payload: dict[str, Any]) -> RollRow:
    """The log line of a system request's result."""
    if isinstance(request, SkillRollRequest):
        return RollRow(kind="skill", actor=request.actor, payload=payload,
                       summary=f"{request.actor}: {request.skill_name} {d100(result.roll)}, "
                               f"{GRADE_WORDS[result.grade]}",
                       detail=f"d100 {skill_text(result)}")
    if isinstance(request, TraitCheckRequest):
        against = f" vs {request.target}" if request.target else ""
        summary = (f"{request.actor}: {request.trait_name} check{against} {result.total}, "
                   f"{trait_verdict(result)}")
        detail = trait_text(request, result)
        if request.wound_base is not None and result.success:
            dealt = max(result.mox + request.wound_base, 0)
            summary += f", {dealt} wounds"
            parts = (f" {request.wound_parts}" if request.wound_parts
                     else f" {_signed(request.wound_base)}")
            detail += f"; wounds = mox {result.mox}{parts} = {dealt}"
        return RollRow(kind="trait", actor=request.actor, payload=payload, summary=summary,
                       detail=detail)
    if isinstance(request, InitiativeRequest):
        return initiative_row(request, result, payload)
    if isinstance(request, LevelCheckRequest):
        return level_row(request, result, payload)
    if isinstance(request, FopAttackRequest):
        return attack_row(request, result, payload)
    raise TypeError(f"no log text for {type(request).__name__}")


def initiative_row(request: InitiativeRequest, scores: tuple[InitiativeScore, ...],
                   payload: dict[str, Any]) -> RollRow:
    ordered = initiative_order(request.system, scores)
    summary = "Initiative: " + ", ".join(f"{s.name} {s.total}" for s in ordered)
    lines = []
    for s in ordered:
        if not s.dice:
            lines.append(f"{s.name}: Perception {s.bonus} + 7 = {s.total} (does not roll)")
        elif request.system == "ruins_and_raiders":
            lines.append(f"{s.name}: 2d6 ({s.dice[0]}, {s.dice[1]}) {_signed(s.bonus)}"
                         f" Perception = {s.total}")
        else:
            lines.append(f"{s.name}: d20 ({s.dice[0]}) {_signed(s.bonus)} = {s.total}")
    return RollRow(kind="initiative", actor="", summary=summary, detail="\n".join(lines),
                   payload=payload)


def attack_row(request: FopAttackRequest, result: forge_of_power.AttackRoll,
               payload: dict[str, Any]) -> RollRow:
    parts = [f"{LEVEL_WORDS[level]} vs {t.name} (DC {t.dc})"
             for t, level in zip(request.targets, result.levels, strict=True)]
    summary = f"{request.attacker} {request.label} {result.total}: " + "; ".join(parts)
    return RollRow(kind="fop_attack", actor=request.attacker, summary=summary, payload=payload,
                   detail=d20_text(result, request.bonus, request.advantage,
                                   request.disadvantage) + ", one roll for every target")


def with_reroll(kept: RollRow, other: RollRow, kept_new: bool) -> RollRow:
    """The log line of the result the GM kept after a reroll, naming the other one."""
    which = "the reroll" if kept_new else "the first roll"
    return RollRow(kind=kept.kind, actor=kept.actor, payload=kept.payload,
                   summary=f"{kept.summary} (rerolled, kept {which})",
                   detail=f"{kept.detail}\nNot kept: {other.summary}; {other.detail}")
