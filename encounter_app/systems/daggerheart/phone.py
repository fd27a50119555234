"""Daggerheart from a player's phone: the action and reaction rolls a PC's phone can send, each
naming the Duality Dice; the PC's own tracks as the phone shows them; and what a roll comes to.

Both forms throw the Duality Dice (a Hope d12 and a Fear d12) and add the trait the player
names; with advantage a d6 is thrown too and added, with disadvantage it is taken off. A player
may spend a Hope with the roll: on an Experience (its bonus is added) or to help an ally (their
own roll gains nothing from it; the ally rolls with advantage). The GM gives the Difficulty.

- **An action roll** is graded by ``rules.daggerheart.action_roll`` and recorded as keys 1–5
  record an outcome (services/fight/table.py ``record_outcome``): the GM's Fear on a roll with
  Fear, the countdowns, the roller's Hope and Stress from the dice, and the Hope spent first,
  one undo step (``services/phone.py``).
- **A reaction roll** gives no Hope and no Fear and moves no countdown; matching dice succeed
  whatever the total, with no more benefit. Logged as a "reaction" (``DualityReactionLine``).

**Interpretation** (the texts here name a PC's reaction roll, "have the PCs all make a Strength
or Agility Reaction Roll", without its rules): read as the SRD's Reaction Rolls, made with the
Duality Dice and a trait against a Difficulty, which "don't generate Hope or Fear" and are not
action rolls, so no countdown advances ("Standard countdowns advance every time a player makes
an action roll"); a critical succeeds "but confers no additional benefit", as the text says of
an adversary's. An Experience may be added to either roll; helping an ally is offered with an
action roll only (the SRD: allies cannot Help an Ally with a reaction roll).

The Difficulty offered first is 12, as the GM's *Players' rolls* tab offers: between the text's
benchmark of 10 ("trick an average stranger") and 15 ("disable a standard trap").
"""

from __future__ import annotations

from dataclasses import dataclass

from encounter_app.domain.adversaries import Refused
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.player_rolls import (
    PhoneChoice,
    PhoneDie,
    PhoneForm,
    PhoneNumber,
    PhoneResult,
    PhoneRoll,
)
from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.system import RollerMarks
from encounter_app.rules.daggerheart import DUALITY_DIE, Outcome, action_roll, quick_phrase
from encounter_app.systems.daggerheart.pc_tracks import HOPE_MAX, tracked, tracks, with_marks

ACTION, REACTION = "action", "reaction"
DIFFICULTY = 12  # offered first; the GM sets the roll's own
TRAIT_RANGE = (-10, 20)  # as the players' page took a modifier before
EXPERIENCE_RANGE = (1, 10)
EXPERIENCE_USUAL = 2  # a new character's Experiences are +2
ADVANTAGE_DIE = 6

NO, EXPERIENCE, HELP = "no", "experience", "help"
PLAIN, ADVANTAGE, DISADVANTAGE = "none", "advantage", "disadvantage"

_DICE = (
    PhoneDie("hope", "Hope Die (d12)", DUALITY_DIE),
    PhoneDie("fear", "Fear Die (d12)", DUALITY_DIE),
    PhoneDie("d6", "Advantage or disadvantage d6", ADVANTAGE_DIE,
             when=("advantage", (ADVANTAGE, DISADVANTAGE))),
)
_NUMBERS = (
    PhoneNumber("trait", "Trait (with any other modifier)", *TRAIT_RANGE),
    PhoneNumber("experience", "Experience's bonus, if you spend a Hope on one",
                *EXPERIENCE_RANGE, default=EXPERIENCE_USUAL),
)
_ADVANTAGE = PhoneChoice("advantage", "Advantage", (
    (PLAIN, "Neither"), (ADVANTAGE, "Advantage: add a d6"),
    (DISADVANTAGE, "Disadvantage: take a d6 off")))
_SPEND_ACTION = PhoneChoice("spend", "Spend a Hope", (
    (NO, "No"), (EXPERIENCE, "On an Experience: add its bonus"),
    (HELP, "To help an ally: your own roll gains nothing")))
_SPEND_REACTION = PhoneChoice("spend", "Spend a Hope", (
    (NO, "No"), (EXPERIENCE, "On an Experience: add its bonus")))
DICE_WORDS = ("Duality Dice: d12 Hope + d12 Fear, and a d6 with advantage or disadvantage")

FORMS = (
    PhoneForm(ACTION, "Action roll", DICE_WORDS, _DICE, _NUMBERS, (_ADVANTAGE, _SPEND_ACTION),
              gm_sets="Difficulty", gm_default=DIFFICULTY),
    PhoneForm(REACTION, "Reaction roll", DICE_WORDS, _DICE, _NUMBERS,
              (_ADVANTAGE, _SPEND_REACTION), gm_sets="Difficulty", gm_default=DIFFICULTY),
)


def forms(row: CombatantRow) -> tuple[PhoneForm, ...]:
    """Every PC's phone offers both rolls: the numbers are the player's to give."""
    return FORMS


def sheet(row: CombatantRow) -> tuple[tuple[str, str], ...]:
    """HP and Stress marked, and a tracked PC's Hope and Armor Slots; its conditions."""
    lines = [("HP", f"{row.hp_marked} of {row.hp_max} marked"),
             ("Stress", f"{row.stress_marked} of {row.stress_max} marked")]
    if tracked(row):
        now = tracks(row)
        lines += [("Hope", f"{now.hope} of {HOPE_MAX}"),
                  ("Armor", f"{now.armor_marked} of {now.armor} slots marked")]
    if row.conditions:
        lines.append(("Conditions", ", ".join(row.conditions)))
    return tuple(lines)


def _signed(value: int) -> str:
    return f"{'+' if value >= 0 else '-'}{abs(value)}"


@fields_repr
@dataclass(frozen=True, repr=False)
class Reading:
    """A phone's Duality roll read: who, the dice, what is added and why, the Hope it spends
    and the Difficulty. ``advantage``: the d6, negative with disadvantage, 0 without."""

    name: str
    form: str
    hope: int
    fear: int
    advantage: int
    trait: int
    experience: int  # added by a Hope spent on an Experience; 0 when none is
    spend: str  # NO, EXPERIENCE or HELP
    difficulty: int
    rolled_for_them: bool
    combatant_id: int | None = None

    @property
    def modifier(self) -> int:
        return self.trait + self.experience + self.advantage

    @property
    def total(self) -> int:
        return self.hope + self.fear + self.modifier

    @property
    def parts(self) -> tuple[tuple[str, int], ...]:
        """What is added to the dice, named: the trait always, the rest when there."""
        parts = [("trait", self.trait)]
        if self.experience:
            parts.append(("Experience", self.experience))
        if self.advantage:
            word = "advantage" if self.advantage > 0 else "disadvantage"
            parts.append((f"{word} d6", self.advantage))
        return tuple(parts)

    def outcome(self) -> Outcome:
        """An action roll's outcome (matching dice: a Critical Success)."""
        return action_roll(self.hope, self.fear, self.modifier, self.difficulty)

    def dice_words(self) -> str:
        """ "Hope 9, Fear 4, +2 trait, +2 Experience, -3 disadvantage d6": no Difficulty."""
        adds = ", ".join(f"{_signed(value)} {label}" for label, value in self.parts)
        return f"Hope {self.hope}, Fear {self.fear}, {adds}"

    def spend_words(self) -> str:
        """What the Hope spent does, for the player ("" when none is)."""
        if self.spend == EXPERIENCE:
            return f"a Hope spent on an Experience ({_signed(self.experience)})"
        if self.spend == HELP:
            return "a Hope spent to help an ally: this roll gains nothing from it"
        return ""

    def result(self) -> PhoneResult:
        """The outcome in the words the log and the players read (the players' view adds
        the name and the Fear the GM gained)."""
        if self.form == ACTION:
            outcome = self.outcome()
            text = f"{outcome.value}: {quick_phrase(outcome).split(' (')[0]}"
        else:
            text = f"reaction roll {reaction_verdict(self)}"
        if spent := self.spend_words():
            text += f" ({spent})"
        return PhoneResult(self.total, text, self.dice_words())


def reaction_verdict(reading: Reading) -> str:
    """As the log's ``DualityReactionLine.verdict`` words it."""
    if reading.hope == reading.fear:
        return "succeeds (critical: no extra benefit)"
    return "succeeds" if reading.total >= reading.difficulty else "fails"


def read(row: CombatantRow | None, roll: PhoneRoll, difficulty: int) -> Reading:
    """``roll`` (its dice known, its submission checked against its form) read against the
    Difficulty; ``row``, the roller in the fight, names it."""
    submission = roll.submission
    dice = dict(roll.dice)
    advantage = submission.choice("advantage", PLAIN)
    d6 = dice.get("d6", 0) if advantage in (ADVANTAGE, DISADVANTAGE) else 0
    spend = submission.choice("spend", NO)
    experience = (submission.number("experience", EXPERIENCE_USUAL)
                  if spend == EXPERIENCE else 0)
    return Reading(
        name=submission.character if row is None else row.name, form=submission.form,
        hope=dice["hope"], fear=dice["fear"], advantage=-d6 if advantage == DISADVANTAGE else d6,
        trait=submission.number("trait"), experience=experience, spend=spend,
        difficulty=difficulty, rolled_for_them=roll.rolled_for_them,
        combatant_id=submission.combatant_id if row is None else row.id)


def result(row: CombatantRow | None, roll: PhoneRoll, difficulty: int) -> PhoneResult:
    return read(row, roll, difficulty).result()


def spent(row: CombatantRow | None, reading: Reading) -> RollerMarks:
    """The Hope the roll spends, taken from the roller's tracked PC ``row`` before the dice
    count: its row after, and the words. Refused, saying why, when there is none to spend (or
    the fight does not track that PC's Hope)."""
    if reading.spend == NO:
        return RollerMarks()
    if row is None or not tracked(row):
        raise Refused(f"{reading.name}'s Hope is not tracked in this fight, so a Hope cannot "
                      "be spent from the phone: the player can send the roll without it.")
    hope = tracks(row).hope
    if hope < 1:
        raise Refused(f"{row.name} has no Hope to spend: the player can send the roll "
                      "without spending one.")
    why = ("on an Experience" if reading.spend == EXPERIENCE
           else "to help an ally (this roll gains nothing from it)")
    return RollerMarks((with_marks(row, hope=hope - 1),),
                       (f"{row.name} spends a Hope {why} ({hope}→{hope - 1})",))
