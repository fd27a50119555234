"""Daggerheart's rolls: an adversary's attack against PCs' Evasion (its standard attack or an
attack feature), a feature's damage against targets who made a Reaction Roll (or who simply
take it), its reaction or action roll against a Difficulty, and the exact odds of an attack
before it is rolled (never logged); and the system's log rows read back as typed values
(``read_roll``, domain/logged.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.logged import LoggedRoll, MissLine, OutcomeLine, read_line
from encounter_app.domain.rows import RollRow
from encounter_app.rules import daggerheart, dice
from encounter_app.rules.dice import DiceRoll, RandomSource

if TYPE_CHECKING:
    from encounter_app.rules.odds import AttackOdds


def _d20_text(d20s: tuple[int, ...], natural: int, advantage: bool, disadvantage: bool) -> str:
    if len(d20s) == 1:
        return f"d20 ({natural})"
    word = "advantage" if advantage and not disadvantage else "disadvantage"
    return f"2d20 {word} ({', '.join(map(str, d20s))}: keeps {natural})"


def _bonus_text(*bonuses: tuple[str, int]) -> str:
    return "".join(f" {'+' if v >= 0 else '-'} {abs(v)}{label}" for label, v in bonuses if v)


@fields_repr
@dataclass(frozen=True, repr=False)
class Target:
    """A PC an attack is aimed at: its name and Evasion."""

    name: str
    evasion: int
    combatant_id: int | None = None


@fields_repr
@dataclass(frozen=True, repr=False)
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
    cost: str = ""  # what the feature cost, paid with the roll ("1 Stress"), for the log

    def compute(self, rng: RandomSource) -> daggerheart.AttackResult:
        return daggerheart.adversary_attack(
            self.modifier, [t.evasion for t in self.targets], self.damage, rng,
            advantage=self.advantage, disadvantage=self.disadvantage,
            experience=self.experience)

    def describe(self, result: daggerheart.AttackResult) -> RollRow:
        names = [t.name for t in self.targets]
        hit = [n for n, h in zip(names, result.hits, strict=True) if h]
        missed = [n for n, h in zip(names, result.hits, strict=True) if not h]
        parts = []
        if hit:
            parts.append(f"hits {', '.join(hit)}")
        if missed:
            parts.append(f"misses {', '.join(missed)}")
        critical = "CRITICAL " if result.critical else ""
        summary = (f"{self.attacker} {self.attack_name}: {critical}{result.total}, "
                   + "; ".join(parts))
        if result.damage_total is not None:
            summary += f" for {result.damage_total} damage"
        experience = f" {self.experience_name or 'Experience'}"
        lines = [f"paid {self.cost}"] if self.cost else []
        lines += [
            f"{_d20_text(result.d20s, result.natural, self.advantage, self.disadvantage)}"
            f"{_bonus_text(('', self.modifier), (experience, self.experience))}"
            f" = {result.total}",
            "vs Evasion: " + ", ".join(
                f"{t.name} {t.evasion} {'hit' if h else 'miss'}"
                for t, h in zip(self.targets, result.hits, strict=True)),
        ]
        if result.damage is not None:
            lines.append(f"damage {result.damage.text}")
        return RollRow(kind="attack", actor=self.attacker, summary=summary,
                       detail="\n".join(lines))


@fields_repr
@dataclass(frozen=True, repr=False)
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

    def compute(self, rng: RandomSource) -> daggerheart.CheckResult:
        return daggerheart.reaction_roll(self.difficulty, rng, bonus=self.bonus,
                                         advantage=self.advantage,
                                         disadvantage=self.disadvantage)

    def describe(self, result: daggerheart.CheckResult) -> RollRow:
        verdict = "succeeds" if result.success else "fails"
        if result.critical:
            verdict = "succeeds (critical: no extra benefit)"
        d20 = _d20_text(result.d20s, result.natural, self.advantage, self.disadvantage)
        label = f" {self.experience_name}" if self.experience_name else ""
        detail = (f"{d20}{_bonus_text((label, self.bonus))} = {result.total}"
                  f" vs Difficulty {self.difficulty}")
        return RollRow(kind=self.kind, actor=self.actor, detail=detail,
                       summary=f"{self.actor}: {self.kind} roll {result.total}, {verdict}")


@fields_repr
@dataclass(frozen=True, repr=False)
class Reacted:
    """A target of a feature that asks a Reaction Roll (or that deals its damage to whoever it
    names): who, and how the roll went. ``succeeded`` None: no roll was asked, it takes the
    feature as written. ``total``: the player's total, when it was typed or sent."""

    name: str
    combatant_id: int | None = None
    succeeded: bool | None = None
    total: int | None = None


def half_damage(damage: int) -> int:
    """Half of ``damage``, for a target who succeeds on a Reaction Roll that halves it.

    **Interpretation:** rounded down. The SRD's adversary texts say "half damage" and give no
    rounding; the program rounds halves down as it does everywhere (Forge of Power's saves,
    shared/rules/NOTES.md). Change it here.
    """
    return max(0, damage) // 2


@fields_repr
@dataclass(frozen=True, repr=False)
class FeatureRequest:
    """An adversary's feature that makes no attack roll: its damage (if it names any) rolled
    once for every target, each of whom made the Reaction Roll it asks (``trait``, against
    ``difficulty``) or simply takes it (Acid Bath: "all creatures within Close range ... taking
    1d10 physical damage"). A target who fails takes it all; one who succeeds takes half when
    ``half_on_success``, else none. No damage: nothing is rolled (the riders alone)."""

    actor: str
    feature: str
    damage: str  # "" when the feature names none
    targets: tuple[Reacted, ...]
    trait: str = ""  # the Reaction Roll's trait; "" when none is asked
    difficulty: int | None = None
    half_on_success: bool = False
    cost: str = ""  # what the feature cost, paid with the roll
    combatant_id: int | None = None

    def compute(self, rng: RandomSource) -> DiceRoll | None:
        return dice.roll(self.damage, rng) if self.damage else None

    def taken(self, result: DiceRoll | None) -> tuple[int, ...]:
        """The damage each target takes, in order (0: none)."""
        total = 0 if result is None else max(0, result.total)
        return tuple(
            total if t.succeeded is not True
            else half_damage(total) if self.half_on_success else 0 for t in self.targets)

    def outcome_words(self, target: Reacted) -> str:
        """ "fails", "succeeds (rolled 15)", or "" when no roll was asked."""
        if target.succeeded is None:
            return ""
        verdict = "succeeds" if target.succeeded else "fails"
        return verdict + (f" (rolled {target.total})" if target.total is not None else "")

    def describe(self, result: DiceRoll | None) -> RollRow:
        taken = self.taken(result)
        parts = []
        for target, damage in zip(self.targets, taken, strict=True):
            verdict = self.outcome_words(target).split(" (")[0]
            words = f"{target.name} {verdict}".strip()
            if result is not None:
                half = target.succeeded is True and damage
                words += (f": {damage} damage" + (" (half)" if half else "") if damage
                          else ": no damage")
            parts.append(words)
        summary = f"{self.actor} {self.feature}"
        if parts:
            summary += ": " + "; ".join(parts)
        lines = [f"paid {self.cost}"] if self.cost else []
        if self.trait:
            difficulty = f" ({self.difficulty})" if self.difficulty is not None else ""
            lines.append(f"{self.trait} Reaction Roll{difficulty}: " + ", ".join(
                f"{t.name} {self.outcome_words(t)}" for t in self.targets))
        if result is not None:
            lines.append(f"damage {result.text}"
                         + (", half on a success" if self.half_on_success and self.trait
                            else ""))
        return RollRow(kind="feature", actor=self.actor, summary=summary,
                       detail="\n".join(lines))


@fields_repr
@dataclass(frozen=True, repr=False)
class OddsRequest:
    """The exact odds of an attack before it is rolled: no dice drawn, nothing logged."""

    modifier: int
    evasions: tuple[int, ...]
    damage: str
    advantage: bool = False
    disadvantage: bool = False
    experience: int = 0

    def compute(self, rng: RandomSource) -> AttackOdds:
        # Imported on the rules thread at the first preview: icepool's import alone is a
        # third of the program's start-up (docs/performance.md). The rng is never touched.
        from encounter_app.rules import odds

        return odds.attack_odds(self.modifier, self.evasions, self.damage,
                                advantage=self.advantage, disadvantage=self.disadvantage,
                                experience=self.experience)

    def describe(self, result: AttackOdds) -> RollRow:
        return RollRow(kind="odds", summary=f"Odds of {self.damage}", detail=str(result))


# -- the log's rows read back --------------------------------------------------------------------


@fields_repr
@dataclass(frozen=True, repr=False)
class AttackLine(LoggedRoll):
    """A logged attack: its request and the rules' result, one hit flag a target."""

    request: AttackRequest
    result: daggerheart.AttackResult

    def __post_init__(self) -> None:
        self.one_per_target("result hits", self.result.hits, self.request.targets)

    @property
    def hit(self) -> bool:
        return any(self.result.hits)

    @property
    def critical(self) -> bool:
        return self.result.critical

    def targets(self) -> list[tuple[Target, bool]]:
        """Each target, and whether the attack hit it."""
        return list(zip(self.request.targets, self.result.hits, strict=True))


@fields_repr
@dataclass(frozen=True, repr=False)
class ReactionLine(LoggedRoll):
    """A logged reaction or action roll: its request and the rules' result."""

    request: ReactionRequest
    result: daggerheart.CheckResult

    @property
    def critical(self) -> bool:
        return self.result.critical


@fields_repr
@dataclass(frozen=True, repr=False)
class FeatureLine(LoggedRoll):
    """A logged feature that made no attack roll: its request (the targets and their Reaction
    Rolls) and its damage roll (None when it names no damage)."""

    request: FeatureRequest
    result: DiceRoll | None

    def targets(self) -> list[tuple[Reacted, int]]:
        """Each target, and the damage it took."""
        return list(zip(self.request.targets, self.request.taken(self.result), strict=True))


@fields_repr
@dataclass(frozen=True, repr=False)
class DualityReactionLine(LoggedRoll):
    """A PC's Reaction Roll with the Duality Dice, as its player sent it from the phone
    (systems/daggerheart/phone.py): the dice, all that was added to them (``modifier``: the
    trait, an Experience, the advantage d6 taken off or added) and the Difficulty. Its dice
    give no Hope and no Fear; matching dice succeed whatever the total, with no more benefit.
    Logged as a "reaction" (an adversary's is a ``ReactionLine``)."""

    player: str
    hope: int
    fear: int
    modifier: int
    difficulty: int
    combatant_id: int | None = None

    @property
    def total(self) -> int:
        return self.hope + self.fear + self.modifier

    @property
    def critical(self) -> bool:
        return self.hope == self.fear

    @property
    def dice(self) -> str:
        return f"Hope {self.hope}, Fear {self.fear}"

    @property
    def success(self) -> bool:
        return self.critical or self.total >= self.difficulty

    def verdict(self) -> str:
        """ "succeeds", "fails", or "succeeds (critical: no extra benefit)"."""
        if self.critical:
            return "succeeds (critical: no extra benefit)"
        return "succeeds" if self.success else "fails"


DaggerheartLine = (AttackLine | ReactionLine | FeatureLine | OutcomeLine | MissLine
                   | DualityReactionLine)


def read_roll(row: RollRow) -> DaggerheartLine | None:
    """A Daggerheart row read back by its kind; None for a kind it does not log, or a payload
    not understood. (A player's outcome and a PC's miss, both logged as "outcome", are made
    by the core: services/fight/table.py.)"""
    if row.kind == "attack":
        return read_line(AttackLine, row)
    if row.kind == "reaction":
        return read_line(ReactionLine, row) or read_line(DualityReactionLine, row)
    if row.kind == "action":
        return read_line(ReactionLine, row)
    if row.kind == "feature":
        return read_line(FeatureLine, row)
    if row.kind == "outcome":
        return read_line(MissLine, row) or read_line(OutcomeLine, row)
    return None
