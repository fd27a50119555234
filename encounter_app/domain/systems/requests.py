"""Frozen roll requests of Casus Mus, Ruins & Raiders and Forge of Power, and how each is rolled.

They cross to the rules thread like the Daggerheart requests in rules_service.py; ``compute``
is called there with the worker's own random source.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from encounter_app.rules import casus_mus, forge_of_power, ruins_and_raiders
from encounter_app.rules.dice import RandomSource


@dataclass(frozen=True)
class SkillRollRequest:
    """Casus Mus: a d100 against a skill %, for one side of a clash (or a plain skill roll)."""

    actor: str
    skill: int
    skill_name: str = "skill"
    combatant_id: int | None = None


@dataclass(frozen=True)
class TraitCheckRequest:
    """Ruins & Raiders: 2d6 + trait against a challenge level (already with its modifiers)."""

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


@dataclass(frozen=True)
class Initiant:
    """One combatant in an initiative roll: ``rolls`` False means a fixed value (R&R foes)."""

    combatant_id: int
    name: str
    bonus: int
    rolls: bool = True


@dataclass(frozen=True)
class InitiativeRequest:
    """Everyone's initiative at once: ``system`` is "ruins_and_raiders" or "forge_of_power"."""

    system: str
    initiants: tuple[Initiant, ...]


@dataclass(frozen=True)
class InitiativeScore:
    """One combatant's initiative: the dice rolled (if any), the bonus and the total."""

    combatant_id: int
    name: str
    dice: tuple[int, ...]  # empty for a fixed value
    total: int
    bonus: int



def initiative_order(system_key: str, scores: Iterable[InitiativeScore]
                     ) -> list[InitiativeScore]:
    """The scores in turn order: high to low, ties to the higher bonus, then as given.

    Forge of Power's rules order it so (``forge_of_power.initiative_order``). Ruins & Raiders'
    text says nothing of ties; the program gives them to the higher Perception in the same way
    (``ruins_and_raiders.initiative_order``, which keeps ties as given, is not used here).
    """
    scores = list(scores)
    if system_key != "forge_of_power":
        return sorted(scores, key=lambda s: (-s.total, -s.bonus))
    entries = [forge_of_power.InitiativeEntry(name=s.name, total=s.total, bonus=s.bonus)
               for s in scores]
    score_of = {id(entry): score for entry, score in zip(entries, scores, strict=True)}
    return [score_of[id(entry)] for entry in forge_of_power.initiative_order(entries)]

def initiative_ties(scores: Iterable[InitiativeScore]) -> list[list[InitiativeScore]]:
    """Forge of Power: the groups, in turn order, still tied after the bonus
    (``forge_of_power.initiative_ties``): the text leaves their order to the GM."""
    groups: list[list[InitiativeScore]] = []
    for score in initiative_order("forge_of_power", scores):
        if groups and (groups[-1][0].total, groups[-1][0].bonus) == (score.total, score.bonus):
            groups[-1].append(score)
        else:
            groups.append([score])
    return [group for group in groups if len(group) > 1]


@dataclass(frozen=True)
class LevelCheckRequest:
    """Forge of Power: d20 + bonus against a DC. (A reroll is the same request again; the
    GM keeps either result: words.with_reroll.)"""

    actor: str
    bonus: int
    dc: int
    label: str = "check"
    advantage: bool = False
    disadvantage: bool = False
    combatant_id: int | None = None


@dataclass(frozen=True)
class FopTarget:
    """A Forge of Power attack's target: its name and the DC the attack must meet."""

    name: str
    dc: int
    combatant_id: int | None = None


@dataclass(frozen=True)
class FopAttackRequest:
    """Forge of Power: one attack roll compared with each target's own DC."""

    attacker: str
    bonus: int
    targets: tuple[FopTarget, ...]
    label: str = "Strike"
    advantage: bool = False
    disadvantage: bool = False
    combatant_id: int | None = None


SystemRequest = (SkillRollRequest | TraitCheckRequest | InitiativeRequest | LevelCheckRequest
                 | FopAttackRequest)
SYSTEM_REQUESTS = (SkillRollRequest, TraitCheckRequest, InitiativeRequest, LevelCheckRequest,
                   FopAttackRequest)


def _initiative(request: InitiativeRequest, rng: RandomSource) -> tuple[InitiativeScore, ...]:
    scores = []
    for who in request.initiants:
        dice: tuple[int, ...]
        if request.system == "ruins_and_raiders":
            if who.rolls:
                rolled = ruins_and_raiders.roll_initiative(who.bonus, rng)
                dice, total = rolled.dice, rolled.total
            else:
                dice, total = (), ruins_and_raiders.adversary_initiative(who.bonus)
        elif request.system == "forge_of_power":
            entry = forge_of_power.roll_initiative(who.name, who.bonus, rng)
            dice, total = (entry.total - who.bonus,), entry.total
        else:
            raise ValueError(f"{request.system!r} has no initiative roll")
        scores.append(InitiativeScore(who.combatant_id, who.name, tuple(dice), total, who.bonus))
    return tuple(scores)


def compute(request: SystemRequest, rng: RandomSource) -> Any:
    """Roll one request with the rules package; raises ValueError on a bad one."""
    if isinstance(request, SkillRollRequest):
        return casus_mus.roll_skill(request.skill, rng)
    if isinstance(request, TraitCheckRequest):
        return ruins_and_raiders.check(request.trait, request.challenge, rng)
    if isinstance(request, InitiativeRequest):
        return _initiative(request, rng)
    if isinstance(request, LevelCheckRequest):
        return forge_of_power.check(request.bonus, request.dc, rng,
                                    advantage=request.advantage,
                                    disadvantage=request.disadvantage)
    if isinstance(request, FopAttackRequest):
        if not request.targets:
            raise ValueError("an attack needs at least one target")
        return forge_of_power.attack(request.bonus, [t.dc for t in request.targets], rng,
                                     advantage=request.advantage,
                                     disadvantage=request.disadvantage)
    raise TypeError(f"not a system request: {type(request).__name__}")
