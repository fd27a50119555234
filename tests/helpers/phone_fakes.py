"""Phone roll forms of three kinds and an inbox kept in memory, for the GM's *Players' rolls*
tab (ui/players/inbox_tab.py) before and beside the store-backed inbox: a Duality action roll
with a d6 when there is advantage (asks a Difficulty), a d100 skill roll (asks nothing) and a
d20 check (asks a DC)."""

from __future__ import annotations

from encounter_app.domain.player_rolls import (
    PhoneChoice,
    PhoneDie,
    PhoneForm,
    PhoneNumber,
    PhoneResult,
    PhoneRoll,
    PhoneSubmission,
)
from encounter_app.services.phone_inbox import PhoneInbox

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


class FakeInbox(PhoneInbox):
    """What the tab asks of the inbox, kept in a list; what the GM did, remembered."""

    def __init__(self, forms: tuple[PhoneForm, ...] = FORMS) -> None:
        super().__init__()
        self.forms = {form.key: form for form in forms}
        self._waiting: list[PhoneRoll] = []
        self._next = 1
        self.accepted: list[tuple[int, int]] = []
        self.set_aside_ids: list[int] = []
        self.typed: list[tuple[PhoneSubmission, int]] = []

    def add(self, character: str, form: str, dice: dict[str, int], *,
            rolled_for_them: bool = False, numbers: dict[str, int] | None = None,
            choices: dict[str, str] | None = None) -> PhoneRoll:
        submission = PhoneSubmission(character, None, form, tuple((numbers or {}).items()),
                                     tuple((choices or {}).items()),
                                     None if rolled_for_them else tuple(dice.items()),
                                     device="d" * 22, page="p")
        roll = PhoneRoll(self._next, 1, submission, tuple(dice.items()), rolled_for_them)
        self._next += 1
        self._waiting.append(roll)
        self.changed.emit(character)
        return roll

    @property
    def waiting(self) -> tuple[PhoneRoll, ...]:
        return tuple(self._waiting)

    def form_of(self, roll: PhoneRoll) -> PhoneForm | None:
        return self.forms.get(roll.submission.form)

    def _take(self, roll_id: int) -> PhoneRoll:
        roll = next(r for r in self._waiting if r.id == roll_id)
        self._waiting.remove(roll)
        self.changed.emit(roll.submission.character)
        return roll

    def preview(self, roll_id: int, gm_value: int) -> PhoneResult:
        roll = next(r for r in self._waiting if r.id == roll_id)
        form = self.forms[roll.submission.form]
        return result(form, dict(roll.dice), dict(roll.submission.numbers), gm_value)

    def accept(self, roll_id: int, gm_value: int) -> bool:
        self.accepted.append((roll_id, gm_value))
        self._take(roll_id)
        return True

    def set_aside(self, roll_id: int) -> bool:
        self.set_aside_ids.append(roll_id)
        self._take(roll_id)
        return True

    def set_aside_all(self) -> int:
        count = len(self._waiting)
        self.set_aside_ids += [r.id for r in self._waiting]
        self._waiting.clear()
        self.changed.emit("")
        return count

    def record_typed(self, submission: PhoneSubmission, gm_value: int) -> bool:
        self.typed.append((submission, gm_value))
        return True
