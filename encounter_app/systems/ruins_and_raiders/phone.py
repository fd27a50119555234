"""Ruins & Raiders from a player's phone: a trait check, 2d6 + one of the PC's traits (the
sheet's number) against the challenge level the GM gives, graded as the GM's trait check
grades it; the PC's Wounds and actions left as the phone shows them.

As the trait check dialog does for a task, a Look given up this round adds +3 to a Perception
check and a Resist +3 to a Defiance check, and the check uses it up (services/round.py). The
player says whether the check is one of their two actions this round (the dialog's "Uses one of
the actor's two actions", ticked at first). The challenge level offered first is the text's
Moderate (12), as the dialog offers; the GM's number never reaches the phone: its result says
success or failure without the mox, as the players' view does.
"""

from __future__ import annotations

from encounter_app.domain.adversaries import Refused
from encounter_app.domain.player_rolls import (
    PhoneChoice,
    PhoneDie,
    PhoneForm,
    PhoneResult,
    PhoneRoll,
)
from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.system_data import value_of
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.rules.dice import Typed
from encounter_app.systems.ruins_and_raiders.requests import TraitCheckRequest, signed
from encounter_app.systems.ruins_and_raiders.sheet import LABELS
from encounter_app.systems.ruins_and_raiders.state import state_of, stats_of

TRAIT = "trait"  # the form's key, and its choice's
ACTION = "action"
TRAITS = ("warrior", "athlete", "perception", "brawn", "fortitude", "defiance")  # the dialog's
CHALLENGE = rr.CHALLENGE_LEVELS["Moderate"]
DICE_WORDS = "2d6: two six-sided dice, added to your trait"
#: The given-up actions a plain check of a trait counts (the dialog's "From this round").
GIVEN_UP_FOR = {"defiance": rr.Sacrifice.RESIST, "perception": rr.Sacrifice.LOOK}
YES, NO = "yes", "no"


def forms(row: CombatantRow) -> tuple[PhoneForm, ...]:
    """One trait check, each of the PC's traits offered with its number."""
    stats = stats_of(row)
    options = tuple((key, f"{LABELS[key]} {value_of(stats, key):+d}") for key in TRAITS)
    return (PhoneForm(
        TRAIT, "Trait check", DICE_WORDS,
        (PhoneDie("first", "First d6", rr.D6), PhoneDie("second", "Second d6", rr.D6)),
        choices=(PhoneChoice(TRAIT, "Trait", options),
                 PhoneChoice(ACTION, "One of your two actions this round?", (
                     (YES, "Yes: it uses an action"), (NO, "No: it takes no action")))),
        gm_sets="Challenge level", gm_default=CHALLENGE),)


def sheet(row: CombatantRow) -> tuple[tuple[str, str], ...]:
    """Wounds taken of what the PC can take, the actions left this round, the bonuses of
    actions given up; conditions."""
    state = state_of(row)
    lines = [("Wounds", f"{row.hp_marked} of {row.hp_max} taken"),
             ("Actions left", f"{state.actions} of {rr.ACTIONS_PER_ROUND} this round")]
    if given := list(dict.fromkeys(state.sacrificed)):
        lines.append(("Actions given up", ", ".join(
            f"{s.name.title()} +{s.bonus} {s.applies_to}" for s in given)))
    if row.conditions:
        lines.append(("Conditions", ", ".join(row.conditions)))
    return tuple(lines)


def given_up(row: CombatantRow, key: str) -> rr.Sacrifice | None:
    """The bonus of an action given up this round that a check of ``key`` counts."""
    sacrifice = GIVEN_UP_FOR.get(key)
    return sacrifice if sacrifice in state_of(row).sacrificed else None


def challenge_words(challenge: int) -> str:
    """ "Moderate 12" as the dialog names a level of the table, else the number the GM set."""
    level = next((name for name, value in rr.CHALLENGE_LEVELS.items() if value == challenge),
                 None)
    return f"{level} {challenge}" if level else f"set by the GM at {challenge}"


def request(row: CombatantRow | None, roll: PhoneRoll, challenge: int) -> TraitCheckRequest:
    """The check as the trait dialog would ask it for a task; Refused when the PC is not in
    the fight (its trait is its row's)."""
    if row is None:
        raise Refused(f"{roll.submission.character} is not in the fight: their trait check "
                      "cannot be made.")
    key = roll.submission.choice(TRAIT, TRAITS[0])
    trait, name = value_of(stats_of(row), key), LABELS[key]
    if (sacrifice := given_up(row, key)) is not None:
        trait += sacrifice.bonus
        name += f" +{sacrifice.bonus} {sacrifice.name.title()}"
    return TraitCheckRequest(row.name, trait, challenge, name, challenge_words(challenge),
                             row.id)


def check(made: TraitCheckRequest, roll: PhoneRoll) -> rr.TraitCheck:
    """The two d6 as thrown (or rolled for the player), graded by the rules."""
    return rr.check(made.trait, made.challenge, Typed(roll.die("first"), roll.die("second")))


def result(row: CombatantRow | None, roll: PhoneRoll, challenge: int) -> PhoneResult:
    """The total and success or failure, as the players read the check (no mox); for a PC no
    longer in the fight, that it cannot be graded (recording it is refused)."""
    if row is None:
        return PhoneResult(0, f"{roll.submission.character} is not in the fight now: this "
                              "roll cannot be graded")
    made = request(row, roll, challenge)
    checked = check(made, roll)
    first, second = checked.dice
    return PhoneResult(checked.total, "success" if checked.success else "failure",
                       f"2d6 ({first}, {second}) {signed(made.trait)} {made.trait_name}")
