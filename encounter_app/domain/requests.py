"""The plain requests a GM's roll is made of, and the result that answers one.

They are frozen dataclasses: the only things that cross to the rules thread and back
(services/rolls/rules_service.py), and what the roll log's words are made from (roll_text.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from encounter_app.rules import daggerheart

if TYPE_CHECKING:
    from encounter_app.domain.systems.requests import SystemRequest


@dataclass(frozen=True)
class Target:
    """A PC an attack is aimed at: its name and Evasion."""

    name: str
    evasion: int
    combatant_id: int | None = None


@dataclass(frozen=True)
class AttackRequest:
    """An adversary's attack against one or more PCs, each with their own Evasion."""

    attacker: str
    modifier: int
    damage: str
    targets: tuple[Target, ...]
    attack_name: str = "Attack"
    advantage: bool = False
    disadvantage: bool = False
    experience: int = 0
    combatant_id: int | None = None
    experience_name: str = ""  # the Experience a Fear was spent on, for the log


@dataclass(frozen=True)
class ReactionRequest:
    """An adversary's reaction (or action) roll against a Difficulty.

    ``bonus`` is everything added to the d20: an Experience (bought with a Fear) or a penalty.
    """

    actor: str
    difficulty: int
    bonus: int = 0
    advantage: bool = False
    disadvantage: bool = False
    combatant_id: int | None = None
    kind: str = "reaction"  # or "action"
    experience_name: str = ""


@dataclass(frozen=True)
class DiceRequest:
    """Any dice expression, rolled as typed."""

    expression: str
    label: str = ""


@dataclass(frozen=True)
class RestRequest:
    """The Fear the GM gains when the PCs rest: 1d4, or 1d4 + the PCs on a long rest."""

    kind: daggerheart.RestKind
    party_size: int


@dataclass(frozen=True)
class OddsRequest:
    """The exact odds of an attack before it is rolled: no dice drawn, nothing logged."""

    modifier: int
    evasions: tuple[int, ...]
    damage: str
    advantage: bool = False
    disadvantage: bool = False
    experience: int = 0


# The other systems' requests (domain/systems/requests.py) are imported when one is
# computed: a Daggerheart start does not load those rules.
RollRequest = Union[AttackRequest, ReactionRequest, DiceRequest, RestRequest, OddsRequest,
                    "SystemRequest"]


@dataclass(frozen=True)
class RollResult:
    """What came back from the worker: the request it answers and the rules' own result."""

    request_id: int
    request: RollRequest
    result: Any = field(compare=False)  # AttackResult, CheckResult or DiceRoll: all frozen
