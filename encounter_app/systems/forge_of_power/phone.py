"""Forge of Power from a player's phone: a die roll, d20 + bonus against the DC the GM sets,
graded in levels of success as the GM's die roll dialog grades it; the PC's HP on the phone.

The bonus is one of the PC's attributes (the sheet's number) or none, plus any other bonus the
player names (a skill...), as the dialog adds its attribute and its extra. With advantage or
disadvantage a second d20 is thrown and the rules keep the higher or the lower ("you roll the
d20 twice and take the higher value"; with both, the text rolls once, so the phone offers one
or the other). The DC offered first is the text's Average (15), as the dialog offers; the phone
is told the total and the level, not the DC.
"""

from __future__ import annotations

from encounter_app.domain.adversaries import Refused
from encounter_app.domain.player_rolls import (
    PhoneChoice,
    PhoneDie,
    PhoneForm,
    PhoneNumber,
    PhoneResult,
    PhoneRoll,
)
from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.system_data import value_of
from encounter_app.rules import forge_of_power as fop
from encounter_app.rules.dice import Typed
from encounter_app.systems.forge_of_power.requests import LevelCheckRequest
from encounter_app.systems.forge_of_power.sheet import LABELS
from encounter_app.systems.forge_of_power.state import stats_of
from encounter_app.systems.forge_of_power.text import LEVEL_WORDS, d20_text

CHECK = "check"
ATTRIBUTES = ("strength", "agility", "intellect", "willpower")
NONE = "none"  # no attribute: the other bonus alone
PLAIN, ADVANTAGE, DISADVANTAGE = "none", "advantage", "disadvantage"
DC = fop.SAMPLE_DIFFICULTIES["Average"]
OTHER_BONUS = (-20, 30)  # the dialog's extra
DICE_WORDS = "d20, and a second d20 with advantage or disadvantage"


def forms(row: CombatantRow) -> tuple[PhoneForm, ...]:
    """One die roll, each of the PC's attributes offered with its number."""
    stats = stats_of(row)
    attributes = (*((key, f"{LABELS[key]} {value_of(stats, key):+d}") for key in ATTRIBUTES),
                  (NONE, "None: the other bonus alone"))
    return (PhoneForm(
        CHECK, "Die roll", DICE_WORDS,
        (PhoneDie("d20", "d20", fop.D20),
         PhoneDie("second", "Second d20", fop.D20,
                  when=("advantage", (ADVANTAGE, DISADVANTAGE)))),
        numbers=(PhoneNumber("bonus", "Other bonus (a skill…)", *OTHER_BONUS),),
        choices=(PhoneChoice("attribute", "Attribute", attributes),
                 PhoneChoice("advantage", "Advantage", (
                     (PLAIN, "Neither"), (ADVANTAGE, "Advantage: keep the higher d20"),
                     (DISADVANTAGE, "Disadvantage: keep the lower d20")))),
        gm_sets="DC", gm_default=DC),)


def request(row: CombatantRow | None, roll: PhoneRoll, dc: int) -> LevelCheckRequest:
    """The roll as the die roll dialog would ask it; Refused when the PC is not in the fight
    (its attribute is its row's)."""
    if row is None:
        raise Refused(f"{roll.submission.character} is not in the fight: their roll cannot "
                      "be made.")
    submission = roll.submission
    attribute = submission.choice("attribute", ATTRIBUTES[0])
    other = submission.number("bonus")
    if attribute == NONE:
        bonus, label = other, "Check"
    else:
        bonus, label = value_of(stats_of(row), attribute) + other, f"{LABELS[attribute]} check"
    advantage = submission.choice("advantage", PLAIN)
    return LevelCheckRequest(row.name, bonus, dc, label, advantage=advantage == ADVANTAGE,
                             disadvantage=advantage == DISADVANTAGE, combatant_id=row.id)


def check(made: LevelCheckRequest, roll: PhoneRoll) -> fop.LevelCheck:
    """The d20s as thrown (or rolled for the player), graded by the rules."""
    d20s = [roll.die("d20")] + ([roll.die("second")] if made.advantage or made.disadvantage
                                else [])
    return fop.check(made.bonus, made.dc, Typed(*d20s), advantage=made.advantage,
                     disadvantage=made.disadvantage)


def result(row: CombatantRow | None, roll: PhoneRoll, dc: int) -> PhoneResult:
    """The total and its level of success, in the log's words; for a PC no longer in the
    fight, that it cannot be graded (recording it is refused)."""
    if row is None:
        return PhoneResult(0, f"{roll.submission.character} is not in the fight now: this "
                              "roll cannot be graded")
    made = request(row, roll, dc)
    graded = check(made, roll)
    return PhoneResult(graded.total, LEVEL_WORDS[graded.level],
                       d20_text(graded, made.bonus, made.advantage, made.disadvantage))
