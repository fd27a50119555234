"""Daggerheart (SRD 1.0) from the GM's side of the table: adversary attack and reaction rolls, the
Fear pool, countdowns, damage thresholds, rest Fear and GM move guidance.

Where the texts are silent this module decides, and says so here so it is easy to change:

- A dynamic countdown that ticks past 0 stops at 0; the extra ticks are lost, also when it loops.
- A looping countdown resets as soon as it triggers; ``Countdown.loops`` counts the resets.
- A decreasing loop never starts below 1.
- A long-term countdown ticks 1 per rest, whatever its kind, and ignores action rolls.
- ``starting_fear`` is capped at 12 like every other Fear gain.
- Advantage with disadvantage cancel out: one d20.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

# the contract's reading of a feature's text lives in its own module, exported here
from encounter_app.rules.daggerheart_features import FeatureAction as FeatureAction
from encounter_app.rules.daggerheart_features import feature_action as feature_action
from encounter_app.rules.dice import DiceRoll, RandomSource, parse, roll, roll_expression

FEAR_CAP = 12


class Outcome(Enum):
    """The result of a player's action roll; the value is the label the rules use."""

    CRITICAL_SUCCESS = "Critical Success"
    SUCCESS_WITH_HOPE = "Success with Hope"
    SUCCESS_WITH_FEAR = "Success with Fear"
    FAILURE_WITH_HOPE = "Failure with Hope"
    FAILURE_WITH_FEAR = "Failure with Fear"


# --- a player's Duality Dice ---------------------------------------------------------------------

DUALITY_DIE = 12


def action_roll(hope: int, fear: int, modifier: int, difficulty: int) -> Outcome:
    """A player's action roll as rolled at the table (NOTES.md, SRD 1.0): the Hope and Fear d12,
    summed with the modifier, against the Difficulty.

    Matching dice are a Critical Success whatever the total. Otherwise the total meets or beats
    the Difficulty for a success, else a failure; "with Hope" when the Hope Die is higher, "with
    Fear" when the Fear Die is. ValueError for a die outside 1..12.
    """
    for name, die in (("Hope", hope), ("Fear", fear)):
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= DUALITY_DIE:
            raise ValueError(f"the {name} Die shows 1 to {DUALITY_DIE}, not {die!r}")
    if hope == fear:
        return Outcome.CRITICAL_SUCCESS
    success = hope + fear + modifier >= difficulty
    if hope > fear:
        return Outcome.SUCCESS_WITH_HOPE if success else Outcome.FAILURE_WITH_HOPE
    return Outcome.SUCCESS_WITH_FEAR if success else Outcome.FAILURE_WITH_FEAR


# --- the GM's d20 -------------------------------------------------------------------------------


def _roll_d20s(
    rng: RandomSource, advantage: bool, disadvantage: bool
) -> tuple[tuple[int, ...], int]:
    if advantage == disadvantage:  # neither, or both cancelling out
        natural = rng.randint(1, 20)
        return (natural,), natural
    d20s = (rng.randint(1, 20), rng.randint(1, 20))
    return d20s, max(d20s) if advantage else min(d20s)


def _d20_text(d20s: tuple[int, ...], natural: int, adds: Sequence[tuple[int, str]]) -> str:
    if len(d20s) == 1:
        text = f"d20 ({natural})"
    else:
        # The kept die is shown first only if it was drawn first: the log keeps draw order.
        drop = 1 if d20s[0] == natural else 0
        faces = ", ".join(f"{v} dropped" if i == drop else str(v) for i, v in enumerate(d20s))
        text = f"2d20 ({faces})"
    for value, label in adds:
        if value:
            text += f" {'-' if value < 0 else '+'} {abs(value)}{label}"
    return text


@dataclass(frozen=True)
class AttackResult:
    """An adversary's attack roll against one or more Evasions, and the damage if it hit."""

    d20s: tuple[int, ...]
    natural: int
    total: int
    critical: bool
    hits: tuple[bool, ...]  # one per evasion, in the order given
    damage: DiceRoll | None  # None when nothing was hit
    damage_total: int | None
    evasions: tuple[int, ...] = ()
    modifier: int = 0
    experience: int = 0

    @property
    def text(self) -> str:
        """One line for the roll log: ``"d20 (14) + 3 = 17 vs Evasion 12 hit, 18 miss; ..."``."""
        roll_text = _d20_text(
            self.d20s, self.natural, [(self.modifier, ""), (self.experience, " (experience)")]
        )
        text = f"{roll_text} = {self.total}" + (" (critical)" if self.critical else "")
        if self.evasions:
            verdicts = ", ".join(
                f"{e} {'hit' if h else 'miss'}"
                for e, h in zip(self.evasions, self.hits, strict=True)
            )
            text += f" vs Evasion {verdicts}"
        if self.damage is not None:
            text += f"; damage {self.damage.text}"
        return text


@dataclass(frozen=True)
class CheckResult:
    """A d20 check or reaction roll against a Difficulty."""

    d20s: tuple[int, ...]
    natural: int
    total: int
    success: bool
    critical: bool
    difficulty: int = 0
    bonus: int = 0

    @property
    def text(self) -> str:
        roll_text = _d20_text(self.d20s, self.natural, [(self.bonus, "")])
        verdict = "critical success" if self.critical else "success" if self.success else "failure"
        return f"{roll_text} = {self.total} vs Difficulty {self.difficulty}: {verdict}"


def adversary_attack(
    modifier: int,
    evasions: Sequence[int],
    damage: str,
    rng: RandomSource,
    *,
    advantage: bool = False,
    disadvantage: bool = False,
    experience: int = 0,
) -> AttackResult:
    """One attack roll compared with each target's Evasion (meets or beats hits).

    ``experience`` is the bonus of an Experience the GM spent a Fear on (the caller spends it).
    A natural 20 hits every target and adds the damage dice's highest faces to normal damage:
    3d6+2 deals 18+3d6+2. The d20s are drawn first, then damage only if something was hit.
    """
    # Check the damage first: a typo must not use up the d20 the table already saw rolled.
    expression = parse(damage)
    evasions = tuple(evasions)
    d20s, natural = _roll_d20s(rng, advantage, disadvantage)
    total = natural + modifier + experience
    critical = natural == 20
    hits = tuple(critical or total >= evasion for evasion in evasions)
    damage_roll = None
    if any(hits):
        extra = expression.max_dice if critical else 0
        damage_roll = roll_expression(
            expression, rng, text=damage, bonus=extra, bonus_label="critical"
        )
    return AttackResult(
        d20s=d20s,
        natural=natural,
        total=total,
        critical=critical,
        hits=hits,
        damage=damage_roll,
        damage_total=None if damage_roll is None else damage_roll.total,
        evasions=evasions,
        modifier=modifier,
        experience=experience,
    )


def reaction_roll(
    difficulty: int,
    rng: RandomSource,
    *,
    bonus: int = 0,
    advantage: bool = False,
    disadvantage: bool = False,
) -> CheckResult:
    """An adversary's reaction roll (or action roll: the same procedure) against a Difficulty.

    ``bonus`` is an Experience bought with Fear, or a penalty the GM imposes (Zombie Pack: -3).
    A natural 20 always succeeds "but confers no additional benefit".
    """
    d20s, natural = _roll_d20s(rng, advantage, disadvantage)
    total = natural + bonus
    critical = natural == 20
    return CheckResult(
        d20s=d20s,
        natural=natural,
        total=total,
        success=critical or total >= difficulty,
        critical=critical,
        difficulty=difficulty,
        bonus=bonus,
    )


# --- Fear --------------------------------------------------------------------------------------


class FearError(ValueError):
    """Not enough Fear to spend, or a Fear value outside 0-12."""


class FearPool:
    """The GM's Fear: never more than 12, carried over between sessions."""

    cap = FEAR_CAP

    def __init__(self, value: int = 0) -> None:
        self._value = 0
        self.value = value

    @property
    def value(self) -> int:
        return self._value

    @value.setter
    def value(self, value: int) -> None:
        if not 0 <= value <= self.cap:
            raise FearError(f"Fear must be between 0 and {self.cap}, not {value}")
        self._value = value

    @property
    def room(self) -> int:
        """How much more Fear the pool can take."""
        return self.cap - self._value

    def gain(self, n: int = 1) -> int:
        """Add up to ``n`` Fear; returns how much was really gained (it stops at 12)."""
        if n < 0:
            raise FearError(f"cannot gain a negative amount of Fear ({n}); spend it instead")
        gained = min(n, self.room)
        self._value += gained
        return gained

    def spend(self, n: int = 1) -> None:
        """Spend ``n`` Fear, or raise :class:`FearError` and change nothing if there is less."""
        if n < 0:
            raise FearError(f"cannot spend a negative amount of Fear ({n})")
        if n > self._value:
            raise FearError(f"cannot spend {n} Fear: the pool has {self._value}")
        self._value -= n

    def __repr__(self) -> str:
        return f"FearPool(value={self._value})"


def starting_fear(party_size: int) -> int:
    """Fear at the start of a campaign: 1 per PC (at most 12)."""
    if party_size < 0:
        raise ValueError(f"party size cannot be negative ({party_size})")
    return min(party_size, FEAR_CAP)


def fear_gained(outcome: Outcome) -> int:
    """Fear the GM takes when a player rolls ``outcome``: 1 on the rolls "with Fear"."""
    return 1 if outcome in (Outcome.SUCCESS_WITH_FEAR, Outcome.FAILURE_WITH_FEAR) else 0


class RestKind(Enum):
    SHORT = "short"
    LONG = "long"


def rest_fear(kind: RestKind, party_size: int, rng: RandomSource) -> DiceRoll:
    """Fear the GM gains when the PCs rest: 1d4 for a short rest, 1d4 + the PCs for a long one.

    Returns the roll, for the log; pass its ``total`` to :meth:`FearPool.gain`, which caps it.
    """
    if party_size < 0:
        raise ValueError(f"party size cannot be negative ({party_size})")
    if kind is RestKind.LONG and party_size:
        return roll(f"1d4+{party_size}", rng)
    return roll("1d4", rng)


class SceneIntensity(Enum):
    INCIDENTAL = "Incidental"
    MINOR = "Minor"
    STANDARD = "Standard"
    MAJOR = "Major"
    CLIMACTIC = "Climactic"


_SCENE_FEAR = MappingProxyType(
    {
        SceneIntensity.INCIDENTAL: (0, 1),
        SceneIntensity.MINOR: (1, 3),
        SceneIntensity.STANDARD: (2, 4),
        SceneIntensity.MAJOR: (4, 8),
        SceneIntensity.CLIMACTIC: (6, 12),
    }
)


def scene_fear_range(intensity: SceneIntensity) -> tuple[int, int]:
    """How much Fear to spend in a scene of this intensity: (least, most)."""
    return _SCENE_FEAR[intensity]


# --- countdowns --------------------------------------------------------------------------------


class CountdownKind(Enum):
    STANDARD = "standard"
    PROGRESS = "progress"  # dynamic, towards something good for the PCs
    CONSEQUENCE = "consequence"  # dynamic, towards something bad


class LoopMode(Enum):
    NONE = "none"
    LOOP = "loop"
    INCREASING = "increasing"
    DECREASING = "decreasing"


# Dynamic countdown advancement chart: outcome -> (progress, consequence).
_DYNAMIC_CHART = MappingProxyType(
    {
        Outcome.FAILURE_WITH_FEAR: (0, 3),
        Outcome.FAILURE_WITH_HOPE: (0, 2),
        Outcome.SUCCESS_WITH_FEAR: (1, 1),
        Outcome.SUCCESS_WITH_HOPE: (2, 0),
        Outcome.CRITICAL_SUCCESS: (3, 0),
    }
)


def advancement(kind: CountdownKind, outcome: Outcome | None) -> int:
    """How far one action roll advances a countdown: 1 for a standard one, the chart otherwise.

    A dynamic countdown with no outcome (``None``) does not advance.
    """
    if kind is CountdownKind.STANDARD:
        return 1
    if outcome is None:
        return 0
    progress, consequence = _DYNAMIC_CHART[outcome]
    return progress if kind is CountdownKind.PROGRESS else consequence


@dataclass(init=False)  # for __eq__ and __repr__; the __init__ below takes keywords
class Countdown:
    """A countdown from ``start`` to 0, when its effect triggers.

    ``triggered`` stays True once it has fired; ``finished`` means it fired and does not loop,
    so it will not move again. ``value``, ``triggered`` and ``loops`` can be given to restore a
    saved countdown.
    """

    start: int
    kind: CountdownKind
    loop: LoopMode
    long_term: bool
    value: int
    triggered: bool
    loops: int

    def __init__(
        self,
        start: int,
        kind: CountdownKind = CountdownKind.STANDARD,
        loop: LoopMode = LoopMode.NONE,
        long_term: bool = False,
        *,
        value: int | None = None,
        triggered: bool = False,
        loops: int = 0,
    ) -> None:
        if start < 1:
            raise ValueError(f"a countdown starts at 1 or more, not {start}")
        if value is not None and value < 0:
            raise ValueError(f"a countdown's value cannot be negative ({value})")
        self.start = start
        self.kind = kind
        self.loop = loop
        self.long_term = long_term
        self.value = start if value is None else value
        self.triggered = triggered
        self.loops = loops

    @property
    def finished(self) -> bool:
        return self.triggered and self.loop is LoopMode.NONE

    def advance(self, outcome: Outcome | None = None) -> bool:
        """A player made an action roll; returns True when this made the countdown trigger."""
        if self.long_term:
            return False
        return self._tick(advancement(self.kind, outcome))

    def rest(self) -> bool:
        """The party rested: long-term countdowns tick 1; returns True when that triggered it."""
        return self._tick(1) if self.long_term else False

    def tick(self, steps: int = 1) -> bool:
        """Advance it by hand, whatever its kind: the GM spends a move on it, or a feature's own
        trigger fired ("it ticks down when a PC misses an attack"). True when it triggered."""
        return self._tick(steps)

    def _tick(self, steps: int) -> bool:
        if steps <= 0 or self.finished:
            return False
        self.value = max(0, self.value - steps)
        if self.value:
            return False
        self.triggered = True
        if self.loop is not LoopMode.NONE:
            if self.loop is LoopMode.INCREASING:
                self.start += 1
            elif self.loop is LoopMode.DECREASING:
                self.start = max(1, self.start - 1)
            self.value = self.start
            self.loops += 1
        return True


# --- stat block benchmarks by tier ---------------------------------------------------------------


@dataclass(frozen=True)
class TierBenchmarks:
    """The SRD's adversary stat block benchmarks for one tier (NOTES.md): the attack modifier,
    the standard attack's damage range (lowest and highest usual dice), the Difficulty and the
    Major/Severe thresholds."""

    attack: int
    damage_low: str
    damage_high: str
    difficulty: int
    major: int
    severe: int


_TIER_BENCHMARKS = MappingProxyType({
    1: TierBenchmarks(1, "1d6+2", "1d12+4", 11, 7, 12),
    2: TierBenchmarks(2, "2d6+3", "2d12+4", 14, 10, 20),
    3: TierBenchmarks(3, "3d8+3", "3d12+5", 17, 20, 32),
    4: TierBenchmarks(4, "4d8+10", "4d12+15", 20, 25, 45),
})


def tier_benchmarks(tier: int) -> TierBenchmarks:
    """The benchmarks of ``tier`` (1-4); ValueError outside them."""
    if isinstance(tier, bool) or tier not in _TIER_BENCHMARKS:
        raise ValueError(f"tiers run from 1 to 4, not {tier!r}")
    return _TIER_BENCHMARKS[tier]


# --- damage ------------------------------------------------------------------------------------


def hp_marked(damage: int, major: int, severe: int, *, massive: bool = False) -> int:
    """HP to mark: 3 at or above Severe, 2 at or above Major, 1 below Major, 0 for no damage.

    ``massive``: the optional Massive Damage rule (NOTES.md): damage of at least twice the
    Severe threshold marks 4 HP instead of 3.

    Minions have no thresholds: callers do not use this for them but :func:`minions_defeated`.
    """
    if major > severe:
        raise ValueError(f"Major threshold {major} is above Severe {severe}")
    if damage <= 0:
        return 0
    if massive and damage >= 2 * severe:
        return 4
    if damage >= severe:
        return 3
    return 2 if damage >= major else 1


def minions_defeated(damage: int, minion_x: int) -> int:
    """Minions a hit defeats: any damage defeats one, and one more for every ``minion_x`` damage.

    The extra Minions must be in range and ones the attack would succeed against.
    """
    if minion_x < 1:
        raise ValueError(f"Minion (X) needs X of 1 or more, not {minion_x}")
    return 0 if damage <= 0 else 1 + damage // minion_x


FALL_VERY_CLOSE = "1d10+3 phy"
FALL_CLOSE = "1d20+5 phy"
FALL_FAR = "1d100+15 phy"  # "or death at the GM's discretion"
COLLISION = "1d20+5 direct phy"
# Falling damage by the range fallen.
FALLING_DAMAGE = MappingProxyType(
    {"Very Close": FALL_VERY_CLOSE, "Close": FALL_CLOSE, "Far": FALL_FAR, "Very Far": FALL_FAR}
)


# --- GM moves ----------------------------------------------------------------------------------

_MINOR_MOVES = (
    "An adversary attacks",
    "The PC marks a Stress",
    "You introduce a new threat",
    "You raise the stakes of the conflict",
)
_MAJOR_MOVES = (
    "You put them in immediate danger",
    "They become the focus of multiple adversaries",
    "They are separated from their party",
    "They lose an important opportunity for good",
)
_RESPONSES = {
    Outcome.CRITICAL_SUCCESS: "Let the player describe their success, then give them an "
                              "additional opportunity or advantage.",
    Outcome.SUCCESS_WITH_HOPE: "Let the player describe their success, then show how the world "
                               "reacts to it.",
    Outcome.SUCCESS_WITH_FEAR: "Work with the player to describe their success, then take a Fear "
                               "and make a GM move to introduce a minor consequence, "
                               "complication, or cost:",
    Outcome.FAILURE_WITH_HOPE: "Describe how the PC fails to get what they want, then make a GM "
                               "move to introduce a minor consequence, complication, or cost:",
    Outcome.FAILURE_WITH_FEAR: "Describe how things go wrong, then make a GM move to introduce a "
                               "major consequence, complication, or cost:",
}
SOFT_MOVES = ("Soft moves go easier on the players: they give the party new information about "
              "the scene and offer them an opportunity to react to it.")
HARD_MOVES = ("Hard moves are harsher, more impactful, or more direct: the PCs don't get an "
              "opening to interrupt, alter, or anticipate the outcome.")


# outcome -> (quick reference phrase, the GM's response)
_GUIDANCE = {
    Outcome.CRITICAL_SUCCESS: (
        "Yes, and... (an extra opportunity or advantage)",
        (_RESPONSES[Outcome.CRITICAL_SUCCESS],),
    ),
    Outcome.SUCCESS_WITH_HOPE: (
        "Yes, and...",
        (_RESPONSES[Outcome.SUCCESS_WITH_HOPE],),
    ),
    Outcome.SUCCESS_WITH_FEAR: ("Yes, but... (take a Fear; a minor consequence)", _MINOR_MOVES),
    Outcome.FAILURE_WITH_HOPE: ("No, but... (a minor consequence)", _MINOR_MOVES),
    Outcome.FAILURE_WITH_FEAR: ("No, and... (take a Fear; a major consequence)", _MAJOR_MOVES),
}
EXAMPLE_GM_MOVES = (
    "Show how the world reacts",
    "Ask a question and build on the answer",
    "Make an NPC act in accordance with their motive",
    "Drive a PC to take action by dangling their goals in front of them",
    "Signal an imminent off-screen threat",
    "Reveal an unwelcome truth or unexpected danger",
    "Force the group to split up",
    "Make a PC mark Stress",
    "Make a move the characters don't see",
    "Show the collateral damage",
    "Clear an adversary's condition",
    "Shift the environment",
    "Spotlight an adversary",
    "Capture someone or something important",
    "Use a PC's backstory against them",
    "Take away an opportunity permanently",
)
FEAR_SPENDS = (
    "Interrupt the players to steal the spotlight and make a move",
    "Make an additional GM move",
    "Use an adversary's Fear Feature",
    "Use an environment's Fear Feature",
    "Add an adversary's Experience to a roll",
)


def gm_response(outcome: Outcome) -> str:
    """The text's sentence for how the GM answers ``outcome`` ("Choosing GM moves")."""
    return _RESPONSES[outcome]


def consequence(outcome: Outcome) -> str | None:
    """"minor" or "major" when ``outcome`` calls for a consequence move from a list, else None."""
    if outcome is Outcome.FAILURE_WITH_FEAR:
        return "major"
    if outcome in (Outcome.SUCCESS_WITH_FEAR, Outcome.FAILURE_WITH_HOPE):
        return "minor"
    return None


def with_hope(outcome: Outcome) -> bool:
    """True on the rolls with Hope (a Critical Success counts): use softer moves on those."""
    return not fear_gained(outcome)


def gm_moves(outcome: Outcome) -> tuple[str, ...]:
    """The GM's response the rules list for a player's ``outcome`` (softer on Hope)."""
    return _GUIDANCE[outcome][1]


def quick_phrase(outcome: Outcome) -> str:
    """The quick reference phrase: ``"Yes, but..."`` for a Success with Fear."""
    return _GUIDANCE[outcome][0]
