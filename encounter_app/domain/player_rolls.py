"""A player's roll from their phone, in any system: the form it is sent with, the roll itself,
and what became of it.

Plain, frozen data, without Qt: a form crosses to the page as JSON; a submission crosses from
the page server's thread to the GUI thread (DESIGN.md, "The players' page"), waits in the
GM's inbox (kept in the store: store/phone.py) and is recorded only when the GM accepts it
(services/phone_inbox.py).

Each system says which forms a claimed character's phone offers (``SystemRules.phone_forms``):
the dice the player throws at the table, named so they know what to pick up ("Duality Dice:
d12 Hope + d12 Fear"), the numbers they add and the choices they make (advantage, a Hope
spent). A roll is either the dice as thrown at the table or, with ``dice`` None, a request to
roll them (the rules service rolls ``PhoneForm.expression`` on its thread). The system reads
the result (``phone_result``) and records it (``phone_record``, one undo step with the
inbox's own change).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.json_data import JsonObject

NAME_LIMIT = 60  # a character's name on the page
HISTORY = 8  # the rolls of their own a phone is shown, newest first


@fields_repr
@dataclass(frozen=True, repr=False)
class PhoneDie:
    """One die the player throws: ``key`` names it in a submission ("hope"), ``label`` on the
    page ("Hope Die"). ``when`` shows it only while a choice has one of the values given
    (``("advantage", ("advantage", "disadvantage"))``: the d6 of an advantage)."""

    key: str
    label: str
    sides: int
    when: tuple[str, tuple[str, ...]] | None = None


@fields_repr
@dataclass(frozen=True, repr=False)
class PhoneNumber:
    """A whole number the player adds or names (a trait, a bonus), from ``low`` to ``high``."""

    key: str
    label: str
    low: int
    high: int
    default: int = 0


@fields_repr
@dataclass(frozen=True, repr=False)
class PhoneChoice:
    """One choice of several: ``options`` are (value, words), the first the default."""

    key: str
    label: str
    options: tuple[tuple[str, str], ...]

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(value for value, _words in self.options)


@fields_repr
@dataclass(frozen=True, repr=False)
class PhoneForm:
    """One kind of roll a phone can send (Daggerheart's action roll, a Casus Mus skill roll).

    ``gm_sets`` is what the GM gives when accepting it ("Difficulty"; "" for nothing), with
    ``gm_default`` offered first."""

    key: str
    title: str
    dice_words: str  # what to throw, for the player: "Duality Dice: d12 Hope + d12 Fear"
    dice: tuple[PhoneDie, ...]
    numbers: tuple[PhoneNumber, ...] = ()
    choices: tuple[PhoneChoice, ...] = ()
    gm_sets: str = ""
    gm_default: int = 0

    def dice_for(self, choices: Mapping[str, str]) -> tuple[PhoneDie, ...]:
        """The dice thrown with these choices, in the form's order."""
        return tuple(die for die in self.dice
                     if die.when is None or choices.get(die.when[0]) in die.when[1])

    def expression(self, choices: Mapping[str, str]) -> str:
        """What the rules service rolls for a player who asked it to: each die of
        ``dice_for``, in order ("1d12+1d12+1d6"); its dice come back in the same order."""
        return "+".join(f"1d{die.sides}" for die in self.dice_for(choices))

    def problem(self, numbers: Mapping[str, object], choices: Mapping[str, object],
                dice: Mapping[str, object] | None) -> str:
        """Why a roll of this form cannot be taken, in words for the player; "" when it can.
        Every number, choice and die the form has must be given and in range (the choices
        first: they say which dice there are); nothing else may be."""
        for choice in self.choices:
            if choices.get(choice.key, choice.values[0]) not in choice.values:
                return f"{choice.label}: pick one of the choices offered."
        if set(choices) - {c.key for c in self.choices}:
            return "The roll names a choice this form does not have."
        for number in self.numbers:
            value = numbers.get(number.key, number.default)
            if not _whole(value) or not number.low <= value <= number.high:  # type: ignore[operator]
                return f"{number.label} is a whole number from {number.low} to {number.high}."
        if set(numbers) - {n.key for n in self.numbers}:
            return "The roll names a number this form does not have."
        if dice is None:
            return ""
        thrown = self.dice_for({key: str(value) for key, value in choices.items()})
        for die in thrown:
            value = dice.get(die.key)
            if value is None:
                return f"Give the {die.label} as it landed, or have the dice rolled for you."
            if not _whole(value) or not 1 <= value <= die.sides:  # type: ignore[operator]
                return f"The {die.label} shows 1 to {die.sides}."
        if set(dice) - {die.key for die in thrown}:
            return "The roll names a die this roll does not throw."
        return ""

    def to_json(self) -> JsonObject:
        """The form as the page builds it."""
        return {"key": self.key, "title": self.title, "dice_words": self.dice_words,
                "dice": [{"key": d.key, "label": d.label, "sides": d.sides,
                          "when": None if d.when is None else [d.when[0], list(d.when[1])]}
                         for d in self.dice],
                "numbers": [{"key": n.key, "label": n.label, "low": n.low, "high": n.high,
                             "default": n.default} for n in self.numbers],
                "choices": [{"key": c.key, "label": c.label,
                             "options": [[value, words] for value, words in c.options]}
                            for c in self.choices]}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@fields_repr
@dataclass(frozen=True, repr=False)
class PhoneSubmission:
    """One roll a player sent from the phone holding ``character`` (or the GM typed for
    them: ``device`` and ``page`` empty)."""

    character: str  # the character's name, as the page showed it
    combatant_id: int | None  # its row in the fight, when known
    form: str  # the PhoneForm's key
    numbers: tuple[tuple[str, int], ...] = ()
    choices: tuple[tuple[str, str], ...] = ()
    dice: tuple[tuple[str, int], ...] | None = None  # None: roll them for me
    device: str = ""  # the phone's claim (opaque, kept by the phone across reloads)
    page: str = ""  # the open page that sent it (opaque)

    def number(self, key: str, default: int = 0) -> int:
        return dict(self.numbers).get(key, default)

    def choice(self, key: str, default: str = "") -> str:
        return dict(self.choices).get(key, default)

    @property
    def rolled_at_table(self) -> bool:
        return self.dice is not None


@fields_repr
@dataclass(frozen=True, repr=False)
class PhoneResult:
    """What came of a roll, for the phone and the GM: "Success with Hope" at 17."""

    total: int
    text: str  # the outcome in the system's words
    dice: str = ""  # the dice as read: "Hope 9, Fear 4, +2"


class RollStatus(Enum):
    WAITING = "waiting"  # in the GM's inbox
    RECORDED = "recorded"  # the GM accepted it: in the roll log
    SET_ASIDE = "set_aside"  # the GM let it go unrecorded
    REFUSED = "refused"  # it could not be taken (``note`` says why)


@fields_repr
@dataclass(frozen=True, repr=False)
class PhoneRoll:
    """One roll in the inbox as the store keeps it: the submission, its dice once known (the
    player's or the rules service's, by key), and what became of it."""

    id: int | None
    encounter_id: int
    submission: PhoneSubmission
    dice: tuple[tuple[str, int], ...]  # every die thrown, by key
    rolled_for_them: bool
    status: RollStatus = RollStatus.WAITING
    result: PhoneResult | None = None  # once recorded
    note: str = ""  # a refusal's or a setting aside's words

    def die(self, key: str) -> int:
        return dict(self.dice)[key]

    def to_json(self) -> JsonObject:
        """For the phone's history: no id of the store, nothing of another character."""
        result = self.result
        return {"form": self.submission.form, "status": self.status.value,
                "dice": [[key, value] for key, value in self.dice],
                "rolled_for_them": self.rolled_for_them,
                "total": None if result is None else result.total,
                "text": "" if result is None else result.text,
                "dice_text": "" if result is None else result.dice,
                "note": self.note}


def name_problem(name: str) -> str:
    """Why ``name`` cannot be a character's on the page; "" when it can."""
    if not name.strip():
        return "Pick your character first."
    if len(name) > NAME_LIMIT:
        return f"A character's name is at most {NAME_LIMIT} characters."
    return ""

