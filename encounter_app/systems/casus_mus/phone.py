"""Casus Mus from a player's phone: a skill roll, one d100 against the PC's own skill % (the
player picks which skill; the number is the sheet's), graded as the GM's skill roll grades it;
the PC's HP, Action and Luck Points as the phone shows them.

The text reads a d100 as two ten-sided dice, a tens die and a units die ("flip the digits": swap
them); the phone asks for the number they make, 00 being 100 (``rules.casus_mus``: one d100).
Nothing is asked of the GM: the target is the PC's own number. A Luck Point on a failed roll
(reroll, or flip the digits) stays the GM's, in the skill roll dialog.

A clash's d100 (the attacker's or the defender's) is its own form, ``clash``: a clash is walked
step by step in the GM's clash dialog and recorded whole when it is settled (services/clash.py
``ClashFlow``), so the roll is not recorded on its own (that would log a second line): the
dialog takes it for the step that side rolls, and the clash's one undo step answers it.
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
from encounter_app.rules import casus_mus
from encounter_app.rules.casus_mus import SkillRoll
from encounter_app.rules.dice import Typed
from encounter_app.systems.casus_mus.sheet import LABELS
from encounter_app.systems.casus_mus.state import state_of, stats_of
from encounter_app.systems.casus_mus.text import GRADE_WORDS, d100

SKILL = "skill"  # the form's key, and its choice's
CLASH = "clash"  # a d100 for the clash the GM opened
SKILLS = ("combat", "evade", "willpower", "endurance")  # the sheet's skills, as the dialogs
DIE = "d100"
DICE_WORDS = "d100: a tens d10 and a units d10 read together (00 is 100)"


def skill_name(key: str) -> str:
    """ "Combat skill", "Evade": as the GM's clash and skill dialogs name them."""
    return LABELS[key].replace(" %", "")


def skill_of(row: CombatantRow, key: str) -> int:
    return value_of(stats_of(row), key)


def forms(row: CombatantRow) -> tuple[PhoneForm, ...]:
    """One skill roll, each of the PC's skills offered with its %."""
    options = tuple((key, f"{skill_name(key)} {skill_of(row, key)}%") for key in SKILLS)
    die = PhoneDie(DIE, "d100 (00 is 100)", 100)
    return (PhoneForm(SKILL, "Skill roll", DICE_WORDS, (die,),
                      choices=(PhoneChoice(SKILL, "Skill", options),)),
            PhoneForm(CLASH, "Clash roll (when the GM asks for it)", DICE_WORDS, (die,)))


def sheet(row: CombatantRow) -> tuple[tuple[str, str], ...]:
    """HP left, the Action Points left this round, the Luck Points left; conditions."""
    stats, state = stats_of(row), state_of(row)
    ap_max = casus_mus.action_points(bool(stats.hero))
    lp_max = casus_mus.luck_points(stats.pow)
    ap = ap_max if state.ap is None else state.ap
    lp = lp_max if state.lp is None else state.lp
    lines = [("HP", f"{row.hp_max - row.hp_marked} of {row.hp_max} left"),
             ("Action Points", f"{ap} of {ap_max} this round"),
             ("Luck Points", f"{lp} of {lp_max}")]
    if row.conditions:
        lines.append(("Conditions", ", ".join(row.conditions)))
    return tuple(lines)


def skill_roll(row: CombatantRow | None, roll: PhoneRoll) -> tuple[str, SkillRoll]:
    """The skill's name and the d100 graded against the PC's own %; Refused when the PC is
    not in the fight (its % is its row's)."""
    if row is None:
        raise Refused(f"{roll.submission.character} is not in the fight: their skill roll "
                      "cannot be graded.")
    key = roll.submission.choice(SKILL, SKILLS[0])
    return skill_name(key), casus_mus.roll_skill(skill_of(row, key), Typed(roll.die(DIE)))


def result(row: CombatantRow | None, roll: PhoneRoll) -> PhoneResult:
    """The d100 and its grade, in the log's words ("07", "critical"); for a PC no longer in
    the fight, that it cannot be graded (recording it is refused). A clash roll is the d100
    alone: the clash grades it against the skill its side rolls."""
    if roll.submission.form == CLASH:
        return PhoneResult(roll.die(DIE), f"d100 {d100(roll.die(DIE))} for the clash",
                           f"d100 {d100(roll.die(DIE))}")
    if row is None:
        return PhoneResult(0, f"{roll.submission.character} is not in the fight now: this "
                              "roll cannot be graded")
    name, rolled = skill_roll(row, roll)
    return PhoneResult(rolled.roll, GRADE_WORDS[rolled.grade],
                       f"{name}: d100 {d100(rolled.roll)} vs {rolled.skill}%")
