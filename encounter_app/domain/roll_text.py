"""Turn a finished roll into a roll-log line a GM reads at a glance: summary, then breakdown."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from encounter_app.domain import RollRow
from encounter_app.domain.requests import AttackRequest, DiceRequest, ReactionRequest, RollResult


def _d20_text(d20s: tuple[int, ...], natural: int, advantage: bool, disadvantage: bool) -> str:
    if len(d20s) == 1:
        return f"d20 ({natural})"
    word = "advantage" if advantage and not disadvantage else "disadvantage"
    return f"2d20 {word} ({', '.join(map(str, d20s))}: keeps {natural})"


def _bonus_text(*bonuses: tuple[str, int]) -> str:
    return "".join(f" {'+' if v >= 0 else '-'} {abs(v)}{label}" for label, v in bonuses if v)


def _plain(value: Any) -> Any:
    """JSON-able copy of frozen dataclasses, enums and tuples, for the log's payload column."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def describe(answer: RollResult) -> RollRow:
    """The log line for a result, with the whole request and result kept as its payload."""
    request, result = answer.request, answer.result
    payload = {"request": _plain(request), "result": _plain(result)}
    if isinstance(request, AttackRequest):
        return _describe_attack(request, result, payload)
    if isinstance(request, ReactionRequest):
        verdict = "succeeds" if result.success else "fails"
        if result.critical:
            verdict = "succeeds (critical: no extra benefit)"
        d20 = _d20_text(result.d20s, result.natural, request.advantage, request.disadvantage)
        label = f" {request.experience_name}" if request.experience_name else ""
        detail = (f"{d20}{_bonus_text((label, request.bonus))} = {result.total}"
                  f" vs Difficulty {request.difficulty}")
        return RollRow(kind=request.kind, actor=request.actor, payload=payload,
                       summary=f"{request.actor}: {request.kind} roll {result.total}, {verdict}",
                       detail=detail)
    if isinstance(request, DiceRequest):
        label = f"{request.label}: " if request.label else ""
        return RollRow(kind="dice", actor=request.label, payload=payload,
                       summary=f"{label}{request.expression} = {result.total}", detail=result.text)
    # The other systems' words load with their first roll (see rules_service.compute).
    from encounter_app.domain.systems import words
    from encounter_app.domain.systems.requests import SYSTEM_REQUESTS

    if isinstance(request, SYSTEM_REQUESTS):
        return words.describe(request, result, payload)
    raise TypeError(f"no log text for {type(request).__name__}")


def _describe_attack(request: AttackRequest, result: Any, payload: dict[str, Any]) -> RollRow:
    names = [t.name for t in request.targets]
    hit = [n for n, h in zip(names, result.hits, strict=True) if h]
    missed = [n for n, h in zip(names, result.hits, strict=True) if not h]
    parts = []
    if hit:
        parts.append(f"hits {', '.join(hit)}")
    if missed:
        parts.append(f"misses {', '.join(missed)}")
    critical = "CRITICAL " if result.critical else ""
    summary = (f"{request.attacker} {request.attack_name}: {critical}{result.total}, "
               + "; ".join(parts))
    if result.damage_total is not None:
        summary += f" for {result.damage_total} damage"
    experience = f" {request.experience_name or 'Experience'}"
    lines = [
        f"{_d20_text(result.d20s, result.natural, request.advantage, request.disadvantage)}"
        f"{_bonus_text(('', request.modifier), (experience, request.experience))}"
        f" = {result.total}",
        "vs Evasion: " + ", ".join(
            f"{t.name} {t.evasion} {'hit' if h else 'miss'}"
            for t, h in zip(request.targets, result.hits, strict=True)
        ),
    ]
    if result.damage is not None:
        lines.append(f"damage {result.damage.text}")
    return RollRow(kind="attack", actor=request.attacker, summary=summary,
                   detail="\n".join(lines), payload=payload)
