"""A player's roll from the phone as the tests send it: a submission for a PC of the open fight,
the roll the inbox would keep (its dice known), the GM's accept pushed as one undo step, and
every submission a form takes (a hypothesis strategy)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from hypothesis import strategies as st

from encounter_app.domain.player_rolls import PhoneForm, PhoneRoll, PhoneSubmission
from encounter_app.domain.player_view import Sight
from encounter_app.domain.rows import CombatantRow, RollRow


def phone_roll(session, row: CombatantRow, form: str, dice: Mapping[str, int], *,
               numbers: Mapping[str, int] | None = None,
               choices: Mapping[str, str] | None = None,
               rolled_for_them: bool = False) -> PhoneRoll:
    """``row``'s player sent ``form`` with these numbers and choices; ``dice`` as thrown at the
    table, or (``rolled_for_them``) as the rules service rolled them."""
    submission = PhoneSubmission(
        character=row.name, combatant_id=row.id, form=form,
        numbers=tuple((numbers or {}).items()), choices=tuple((choices or {}).items()),
        dice=None if rolled_for_them else tuple(dice.items()), device="phone-1", page="p1")
    return PhoneRoll(None, session.encounter_id, submission, tuple(dice.items()),
                     rolled_for_them)


def form_of(session, row: CombatantRow, key: str) -> PhoneForm:
    return next(form for form in session.system.phone_forms(row) if form.key == key)


def checked(session, row: CombatantRow, roll: PhoneRoll) -> PhoneRoll:
    """``roll``, after its form said it is one it takes (as the inbox checks it)."""
    submission = roll.submission
    form = form_of(session, row, submission.form)
    problem = form.problem(dict(submission.numbers), dict(submission.choices),
                           dict(roll.dice))
    assert problem == "", problem
    return roll


def accept(session, undo_stack, roll: PhoneRoll, gm_value: int):
    """The GM accepts ``roll``: its system's command pushed as one undo step."""
    step = session.system.phone_record(session, roll, gm_value)
    before = undo_stack.count()
    assert undo_stack.do(step.command)
    assert undo_stack.count() == before + 1
    return step


def snapshot(session) -> tuple[object, ...]:
    """All a recorded roll may change, from the store itself: the Fear, the countdowns, the
    combatants, the log, the roster."""
    store, encounter_id = session.store, session.encounter_id
    return (store.campaign(session.campaign.id).fear, store.countdowns(encounter_id),
            store.combatants(encounter_id), [r.summary for r in store.rolls(encounter_id)],
            store.pcs(session.campaign.id))


def newest(session, kind: str) -> RollRow:
    """The newest roll of ``kind`` in the log (a trigger's line may come after it)."""
    return next(row for row in session.rolls if row.kind == kind)


def sight(session) -> Sight:
    return Sight(list(session.combatants), list(session.countdowns),
                 fear=session.system.has_fear)


@st.composite
def submissions(draw: st.DrawFn, form: PhoneForm) -> tuple[dict[str, int], dict[str, str],
                                                            dict[str, int] | None]:
    """(numbers, choices, dice or None) that ``form`` takes: each choice one of its values,
    each number in range, the dice its choices throw (or None: roll them for me)."""
    choices = {choice.key: draw(st.sampled_from(choice.values)) for choice in form.choices}
    numbers = {number.key: draw(st.integers(number.low, number.high))
               for number in form.numbers}
    dice = {die.key: draw(st.integers(1, die.sides)) for die in form.dice_for(choices)}
    rolled = draw(st.booleans())
    assert form.problem(numbers, choices, None if rolled else dice) == ""
    return numbers, choices, None if rolled else dice


def dice_of(form: PhoneForm, choices: Mapping[str, str], rolled: list[int]) -> dict[str, int]:
    """The dice the rules service rolled for ``form.expression(choices)``, by their keys."""
    return {die.key: value for die, value in zip(form.dice_for(choices), rolled, strict=True)}


def graded_without_its_pc(session, undo_stack, made: PhoneRoll, gm_value: int) -> None:
    """A roll of a PC no longer in the fight: the preview says it cannot be graded, and
    recording it (as a stranger's) is refused, saying so, with no undo step."""
    import pytest

    from encounter_app.domain.adversaries import Refused

    left = session.system.phone_result(None, made, gm_value)
    assert (left.total, left.text) == (
        0, f"{made.submission.character} is not in the fight now: this roll cannot be graded")
    stranger = replace(made, submission=replace(made.submission, character="Nobody",
                                                combatant_id=None))
    steps = undo_stack.count()
    with pytest.raises(Refused, match=r"^Nobody is not in the fight"):
        session.system.phone_record(session, stranger, gm_value)
    assert undo_stack.count() == steps
