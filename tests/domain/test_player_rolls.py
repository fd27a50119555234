"""A phone's roll form, as every system hands it to the page and the inbox checks a roll by it:
which dice a choice throws, what the rules service rolls for a player, and every problem said in
words a player understands."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from encounter_app.domain.player_rolls import (
    PhoneChoice,
    PhoneDie,
    PhoneForm,
    PhoneNumber,
    PhoneRoll,
    PhoneSubmission,
    name_problem,
)

ADVANTAGE = PhoneChoice("advantage", "Advantage", (("none", "Neither"), ("advantage", "Add a d6"),
                                                   ("disadvantage", "Take a d6 off")))
DUALITY = PhoneForm(
    "action", "Action roll", "Duality Dice: d12 Hope + d12 Fear",
    (PhoneDie("hope", "Hope Die", 12), PhoneDie("fear", "Fear Die", 12),
     PhoneDie("d6", "d6", 6, when=("advantage", ("advantage", "disadvantage")))),
    (PhoneNumber("trait", "Trait", -10, 20),), (ADVANTAGE,), gm_sets="Difficulty",
    gm_default=12)


def test_a_die_shows_only_with_the_choice_that_throws_it():
    assert [d.key for d in DUALITY.dice_for({})] == ["hope", "fear"]
    assert [d.key for d in DUALITY.dice_for({"advantage": "disadvantage"})] == [
        "hope", "fear", "d6"]
    assert DUALITY.expression({"advantage": "advantage"}) == "1d12+1d12+1d6"
    assert DUALITY.expression({}) == "1d12+1d12"


@pytest.mark.parametrize(("numbers", "choices", "dice", "problem"), [
    ({}, {}, None, ""),
    ({"trait": 2}, {"advantage": "advantage"}, {"hope": 3, "fear": 12, "d6": 6}, ""),
    ({"trait": 21}, {}, None, "Trait is a whole number from -10 to 20."),
    ({"trait": "2"}, {}, None, "Trait is a whole number from -10 to 20."),
    ({"trait": True}, {}, None, "Trait is a whole number from -10 to 20."),
    ({}, {"advantage": "lots"}, None, "Advantage: pick one of the choices offered."),
    ({}, {"luck": "yes"}, None, "The roll names a choice this form does not have."),
    ({"bonus": 1}, {}, None, "The roll names a number this form does not have."),
    ({}, {}, {"hope": 3}, "Give the Fear Die as it landed, or have the dice rolled for you."),
    ({}, {}, {"hope": 13, "fear": 1}, "The Hope Die shows 1 to 12."),
    ({}, {}, {"hope": 0, "fear": 1}, "The Hope Die shows 1 to 12."),
    ({}, {}, {"hope": 3, "fear": 4, "d6": 2}, "The roll names a die this roll does not throw."),
    ({}, {"advantage": "advantage"}, {"hope": 3, "fear": 4},
     "Give the d6 as it landed, or have the dice rolled for you."),
])
def test_every_problem_is_said_in_words(numbers, choices, dice, problem):
    assert DUALITY.problem(numbers, choices, dice) == problem


@pytest.mark.parametrize(("name", "problem"), [
    ("Marlowe", ""), ("", "Pick your character first."), ("   ", "Pick your character first."),
    ("x" * 61, "A character's name is at most 60 characters.")])
def test_a_characters_name(name, problem):
    assert name_problem(name) == problem


@settings(max_examples=60)
@given(numbers=st.dictionaries(st.sampled_from(["trait", "bonus"]),
                               st.one_of(st.integers(-30, 30), st.text(max_size=3),
                                         st.booleans(), st.none())),
       choices=st.dictionaries(st.sampled_from(["advantage", "luck"]),
                               st.one_of(st.sampled_from(["none", "advantage", "x"]),
                                         st.integers())),
       dice=st.one_of(st.none(), st.dictionaries(
           st.sampled_from(["hope", "fear", "d6", "d20"]),
           st.one_of(st.integers(-2, 14), st.text(max_size=2), st.none()))))
def test_anything_a_page_sends_is_taken_or_refused_in_words_never_raises(numbers, choices,
                                                                         dice):
    problem = DUALITY.problem(numbers, choices, dice)
    assert isinstance(problem, str)
    if not problem and dice is not None:  # taken: exactly the dice its choices throw
        assert set(dice) == {d.key for d in DUALITY.dice_for(
            {k: str(v) for k, v in choices.items()})}


def test_a_kept_roll_tells_the_phone_nothing_of_the_store():
    roll = PhoneRoll(41, 7, PhoneSubmission("Marlowe", 3, "action", device="d", page="p"),
                     (("hope", 9), ("fear", 4)), rolled_for_them=True)
    assert roll.to_json() == {"form": "action", "status": "waiting",
                              "dice": [["hope", 9], ["fear", 4]], "rolled_for_them": True,
                              "total": None, "text": "", "dice_text": "", "note": ""}
    assert DUALITY.to_json()["dice"][2] == {"key": "d6", "label": "d6", "sides": 6,
                                            "when": ["advantage", ["advantage",
                                                                   "disadvantage"]]}
