"""What a player's roll submission must be before the GM's queue takes it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.domain.player_rolls import PlayerRollSubmission, submission_problem


@pytest.mark.parametrize(("name", "modifier", "hope", "fear", "problem"), [
    ("Mira", 2, 7, 4, ""),
    ("Mira", 0, None, None, ""),
    ("", 0, None, None, "Pick your character first."),
    ("Mira", 0, 7, None, "Give both dice (Hope and Fear), or neither to have them rolled."),
    ("Mira", 0, 13, 4, "The Hope Die shows 1 to 12."),
    ("Mira", 0, 4, 0, "The Fear Die shows 1 to 12."),
    ("Mira", 99, None, None, "The modifier is a whole number from -10 to 20."),
    ("Mira", True, None, None, "The modifier is a whole number from -10 to 20."),
    ("x" * 61, 0, None, None, "A character's name is at most 60 characters."),
])
def test_submission_problems_name_what_is_wrong(name, modifier, hope, fear, problem):
    assert submission_problem(name, modifier, hope, fear) == problem


@given(st.integers(1, 12), st.integers(1, 12), st.integers(-10, 20))
def test_any_two_dice_and_a_usual_modifier_are_taken(hope, fear, modifier):
    assert submission_problem("Mira", modifier, hope, fear) == ""
    assert PlayerRollSubmission("Mira", modifier, hope, fear).rolled_at_table
