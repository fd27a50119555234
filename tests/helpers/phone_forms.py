"""Phone roll forms of three kinds, for the GM's *Players' rolls* tab (ui/players/inbox_tab.py)
whatever the systems' own forms are: a Duality action roll with a d6 when there is advantage
(asks a Difficulty), a d100 skill roll (asks nothing) and a d20 check (asks a DC); and
``offered``, which makes a system offer them to every PC."""

from __future__ import annotations

from encounter_app.domain.player_rolls import (
    PhoneChoice,
    PhoneDie,
    PhoneForm,
    PhoneNumber,
    PhoneResult,
    PhoneRoll,
)

ACTION = PhoneForm(
    "action", "Action roll", "Duality Dice: d12 Hope + d12 Fear",
    (PhoneDie("hope", "Hope Die", 12), PhoneDie("fear", "Fear Die", 12),
     PhoneDie("d6", "Advantage d6", 6, when=("advantage", ("advantage", "disadvantage")))),
    (PhoneNumber("trait", "Trait", -10, 20),),
    (PhoneChoice("advantage", "Advantage", (("none", "Neither"), ("advantage", "Advantage"),
                                            ("disadvantage", "Disadvantage"))),),
    gm_sets="Difficulty", gm_default=12)
SKILL = PhoneForm("skill", "Skill roll", "d100, roll under your skill",
                  (PhoneDie("d100", "Percentile die", 100),))
CHECK = PhoneForm("check", "Check", "d20 + bonus", (PhoneDie("d20", "d20", 20),),
                  (PhoneNumber("bonus", "Bonus", -5, 15),), gm_sets="DC", gm_default=15)
FORMS = (ACTION, SKILL, CHECK)


def result(form: PhoneForm, dice: dict[str, int], numbers: dict[str, int],
           gm_value: int) -> PhoneResult:
    """A plain reading: the dice and numbers added (a disadvantage d6 taken off), against
    the GM's value when the form asks one."""
    total = sum(v for k, v in dice.items() if k != "d6") + sum(numbers.values())
    if "d6" in dice:
        total += dice["d6"]
    words = ", ".join(f"{key} {value}" for key, value in dice.items())
    text = "Success" if not form.gm_sets or total >= gm_value else "Failure"
    return PhoneResult(total, text, words)


def offered(monkeypatch, system: object) -> None:
    """``system`` (its class) offers the three forms to every PC, and reads them plainly."""
    kind = type(system)
    monkeypatch.setattr(kind, "phone_forms", lambda _self, _row: FORMS)

    def phone_result(_self: object, _row: object, roll: PhoneRoll,
                     gm_value: int) -> PhoneResult:
        form = next(f for f in FORMS if f.key == roll.submission.form)
        return result(form, dict(roll.dice), dict(roll.submission.numbers), gm_value)

    monkeypatch.setattr(kind, "phone_result", phone_result)
