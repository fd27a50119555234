"""Dice expressions: what a GM types in a stat block rolls the dice it says, in order."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from encounter_app.rules import casus_mus
from encounter_app.rules import forge_of_power as fop
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.rules.dice import (
    MAX_DICE,
    MAX_LENGTH,
    MAX_SIDES,
    MAX_TOTAL_DICE,
    DiceError,
    DiceRoll,
    DiceTerm,
    FlatTerm,
    Typed,
    max_dice,
    parse,
    roll,
)
from tests.helpers.scripted import ScriptedRng, d


@pytest.mark.parametrize(
    ("expression", "draws", "total", "text"),
    [
        ("3d6+2", d(6, 6, 5, 4), 17, "3d6 (6, 5, 4) + 2 = 17"),
        ("d20", d(20, 13), 13, "1d20 (13) = 13"),
        ("1d12+2 phy", d(12, 7), 9, "1d12 (7) + 2 = 9 phy"),
        ("3 mag", [], 3, "3 = 3 mag"),
        ("2d20kh1", d(20, 4, 17), 17, "2d20kh1 (4 dropped, 17) = 17"),
        ("2d20kl1+3", d(20, 4, 17), 7, "2d20kl1 (4, 17 dropped) + 3 = 7"),
        ("4d6kl3", d(6, 6, 1, 2, 3), 6, "4d6kl3 (6 dropped, 1, 2, 3) = 6"),
        ("4d6k3", d(6, 1, 6, 5, 4), 15, "4d6kh3 (1 dropped, 6, 5, 4) = 15"),
        ("  2D6 +  1   PHYSICAL ", d(6, 2, 3), 6, "2d6 (2, 3) + 1 = 6 phy"),
        ("2d6 Magic", d(6, 1, 1), 2, "2d6 (1, 1) = 2 mag"),
        ("1d8+4 phy/mag", d(8, 8), 12, "1d8 (8) + 4 = 12 phy/mag"),
        ("1d20-1d4-1", d(20, 10) + d(4, 3), 6, "1d20 (10) - 1d4 (3) - 1 = 6"),
        ("\u22122+d4", d(4, 4), 2, "-2 + 1d4 (4) = 2"),
        ("-1d4", d(4, 3), -3, "-1d4 (3) = -3"),
        ("d%", d(100, 42), 42, "1d100 (42) = 42"),
        ("1d20+5 direct physical damage", d(20, 1), 6, "1d20 (1) + 5 = 6 direct phy"),
        ("1d6+1d6", d(6, 2, 5), 7, "1d6 (2) + 1d6 (5) = 7"),
    ],
)
def test_every_grammar_form_rolls_what_it_says(expression, draws, total, text):
    rng = ScriptedRng(*draws)
    result = roll(expression, rng)
    assert (result.total, result.text) == (total, text)
    assert result.dice == tuple(v for _, v in draws)
    assert result.expression == expression  # the log shows what the GM typed
    assert rng.done


def test_dice_are_drawn_left_to_right_one_call_per_die():
    rng = ScriptedRng(*d(4, 1), *d(6, 2, 3), *d(8, 4))
    assert roll("1d4 + 2d6 + 1d8", rng).dice == (1, 2, 3, 4)
    assert rng.calls == [(1, 4), (1, 6), (1, 6), (1, 8)]


def test_dropped_dice_stay_in_the_roll_and_are_marked():
    result = roll("3d6kh1+2d6", ScriptedRng(*d(6, 2, 6, 3, 1, 1)))
    assert result.dice == (2, 6, 3, 1, 1)
    assert result.dropped == (0, 2)  # indexes into dice; the second term keeps all
    assert result.total == 8


def test_on_a_tie_the_first_die_is_kept_and_only_one_dropped():
    result = roll("2d20kh1", ScriptedRng(*d(20, 9, 9)))
    assert (result.total, result.dropped, result.text) == (9, (1,), "2d20kh1 (9, 9 dropped) = 9")


def test_damage_type_is_kept_on_the_roll():
    result = roll("1d12+2 physical", ScriptedRng(*d(12, 3)))
    assert (result.damage_type, result.direct) == ("phy", False)
    assert roll("4", ScriptedRng()).damage_type is None


def test_dice_roll_contract_fields_come_first_and_it_is_frozen():
    names = [f.name for f in dataclasses.fields(DiceRoll)]
    assert names[:4] == ["expression", "total", "dice", "text"]
    result = roll("1d6", ScriptedRng(*d(6, 4)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.total = 6  # type: ignore[misc]


@pytest.mark.parametrize(
    ("expression", "highest"),
    [
        ("3d6+2", 18),
        ("1d12+2 phy", 12),
        ("2d20kh1", 20),
        ("4d6kl3", 18),
        ("5 phy", 0),
        ("2d6-1d4", 8),
        ("d%", 100),
        ("1d8+2d10+3", 28),
    ],
)
def test_max_dice_is_the_highest_faces_without_flat_terms(expression, highest):
    assert max_dice(expression) == highest


def test_parse_validates_without_rolling_and_gives_a_tidy_form():
    expression = parse(" 2D6 + 3  PHYSICAL ")
    assert expression.terms == (DiceTerm(2, 6), FlatTerm(3))
    assert expression.damage_type == "phy"
    assert str(expression) == "2d6+3 phy"
    assert (expression.min_total, expression.max_total) == (5, 15)
    assert str(parse("2d20KL1 - 1 direct mag")) == "2d20kl1-1 direct mag"


@pytest.mark.parametrize(
    ("expression", "position", "names"),
    [
        ("2d6+x", 4, "unexpected 'x'"),
        ("2d6x", 3, "'x'"),
        ("0d6", 0, "0d6"),
        ("d0", 0, "d0"),
        (f"{MAX_DICE + 1}d6", 0, f"{MAX_DICE + 1}d6"),
        (f"1d6+{MAX_DICE + 1}d6", 4, f"{MAX_DICE + 1}d6"),
        (f"1d{MAX_SIDES + 1}", 0, f"1d{MAX_SIDES + 1}"),
        ("2d20kh3", 4, "2d20kh3"),
        ("2d20kh0", 4, "2d20kh0"),
        ("2d6k", 4, "keep"),
        ("2d6+", 4, "end"),
        ("2d6++1", 4, "'+'"),
        ("2dx", 2, "sides"),
        ("1d6 fire", 4, "'fire'"),
        ("1d6 phy x", 8, "'x'"),
        ("1d6 phy+1", 7, "'+'"),
        ("3 direct", 8, "damage type"),
        ("phy", 0, "'p'"),
        ("1d6 3", 4, "'3'"),
        ("12345678", 0, "too long"),
        ("2d6 * 2", 4, "'*'"),
        ("\u0663d6", 0, "'\u0663'"),  # an Arabic-Indic three is not a digit here
    ],
)
def test_invalid_expressions_say_what_and_where(expression, position, names):
    rng = ScriptedRng()
    with pytest.raises(DiceError) as caught:
        roll(expression, rng)
    message = str(caught.value)
    assert names in message
    assert f"at position {position} " in message
    assert repr(expression) in message
    assert caught.value.position == position
    assert isinstance(caught.value, ValueError)
    assert rng.calls == []  # nothing was drawn


@pytest.mark.parametrize("expression", ["", "   ", "\t\n"])
def test_empty_expression_is_a_dice_error(expression):
    with pytest.raises(DiceError, match="empty"):
        parse(expression)


def test_the_caps_themselves_are_allowed():
    result = roll(f"{MAX_DICE}d{MAX_SIDES}", random.Random(1))
    assert len(result.dice) == MAX_DICE
    assert all(1 <= v <= MAX_SIDES for v in result.dice)


def test_the_dice_of_one_whole_expression_are_limited_too():
    ten_terms = "+".join(["100d1000kh1"] * 10)  # 1000 dice: the limit itself
    assert len(roll(ten_terms, random.Random(1)).dice) == MAX_TOTAL_DICE == 1000
    rng = ScriptedRng()
    with pytest.raises(DiceError) as caught:
        roll(ten_terms + "+1d6", rng)
    assert str(caught.value) == (
        f"1d6 brings the dice to 1001 at position {len(ten_terms) + 1} in "
        f"{ten_terms + '+1d6'!r}: at most 1000 dice in one expression")
    assert caught.value.position == len(ten_terms) + 1
    assert rng.calls == []  # refused before a single die was drawn


def test_a_subtracted_or_kept_die_counts_as_rolled():
    with pytest.raises(DiceError, match="brings the dice to 1002 at position 63 "):
        parse("100d6-" * 9 + "100d6kl1-2d4")  # 900 + 100 + 2


def test_an_expression_is_at_most_200_characters():
    longest = "10" + "+1" * 99
    assert len(longest) == MAX_LENGTH == 200
    assert roll(longest, ScriptedRng()).total == 109
    text = "100d1000kh1+" * 10_000  # the 5 MB log line this limit is for
    with pytest.raises(DiceError) as caught:
        parse(text)
    assert str(caught.value) == ("dice expression '100d1000kh1+100d1000'... is 120000 characters "
                                 "long at position 200: at most 200")
    assert caught.value.position == MAX_LENGTH
    with pytest.raises(DiceError, match="is 201 characters long at position 200"):
        parse(longest + "1")


# --- properties ----------------------------------------------------------------------------------


@given(st.text())
def test_any_text_rolls_or_raises_dice_error(text):
    _roll_or_dice_error(text)


@given(st.text(alphabet="0123456789dDkKhHlL+-\u2212% /phymagicsrtd", max_size=30))
def test_dice_like_text_rolls_or_raises_dice_error(text):
    _roll_or_dice_error(text)


def _roll_or_dice_error(text: str) -> None:
    try:
        result = roll(text, random.Random(0))
    except DiceError:
        return
    assert isinstance(result, DiceRoll)
    assert isinstance(result.total, int)


@st.composite
def expressions(draw, signs: tuple[str, ...] = ("+", "-")) -> tuple[str, int, int, int]:
    """A valid expression with its own lowest total, highest total and number of dice."""
    parts, low, high, count_all = [], 0, 0, 0
    for index in range(draw(st.integers(1, 4))):
        sign = draw(st.sampled_from(signs))
        if draw(st.booleans()):
            value = draw(st.integers(0, 50))
            part, term_low, term_high = str(value), value, value
        else:
            count = draw(st.integers(1, 8))
            sides = draw(st.sampled_from([1, 2, 4, 6, 8, 10, 12, 20, 100]))
            keep = draw(st.sampled_from(["", "kh", "kl"]))
            kept = draw(st.integers(1, count)) if keep else count
            part = f"{count}d{sides}{keep}{kept if keep else ''}"
            term_low, term_high, count_all = kept, kept * sides, count_all + count
        if sign == "-":
            term_low, term_high = -term_high, -term_low
        parts.append(part if index == 0 and sign == "+" else f" {sign} {part}")
        low, high = low + term_low, high + term_high
    suffix = draw(st.sampled_from(["", " phy", " mag", " physical", " magic"]))
    return "".join(parts) + suffix, low, high, count_all


@given(expressions(), st.integers(0, 2**32))
def test_valid_totals_lie_between_the_lowest_and_highest(case, seed):
    text, low, high, count = case
    result = roll(text, random.Random(seed))
    assert low <= result.total <= high
    assert len(result.dice) == count
    parsed = parse(text)
    assert (parsed.min_total, parsed.max_total) == (low, high)


@given(expressions(signs=("+",)))
def test_all_highest_faces_give_the_highest_total(case):
    """Only for sums: with a subtracted die, its lowest face gives the highest total."""
    text, low, high, _ = case

    class Highest:
        def randint(self, a: int, b: int) -> int:
            return b

    class Lowest:
        def randint(self, a: int, b: int) -> int:
            return a

    assert roll(text, Highest()).total == high
    assert roll(text, Lowest()).total == low
    flat = sum(t.value for t in parse(text).terms if isinstance(t, FlatTerm))
    assert max_dice(text) == high - flat


@given(expressions(), st.integers(0, 2**32))
def test_same_seed_same_roll(case, seed):
    text = case[0]
    assert roll(text, random.Random(seed)) == roll(text, random.Random(seed))


@given(expressions())
def test_tidy_form_parses_to_the_same_expression(case):
    parsed = parse(case[0])
    assert parse(str(parsed)) == parsed



def test_dice_typed_at_the_table_are_graded_by_the_rules_functions():
    check = rr.check(2, 9, Typed(6, 6))  # natural 12: succeeds, mox at least 1
    assert (check.dice, check.natural, check.total, check.success) == ((6, 6), 12, 14, True)
    assert casus_mus.roll_skill(40, Typed(5)).grade == casus_mus.grade(5, 40)
    attack = fop.attack(3, [15, 25], Typed(20))  # a natural 20 lifts each level one step
    assert attack.levels == tuple(fop.level_for(23, dc, 20) for dc in (15, 25))


def test_a_typed_die_out_of_range_or_one_too_few_is_refused():
    with pytest.raises(ValueError, match="7 is not a roll of 1 to 6"):
        Typed(7).randint(1, 6)
    with pytest.raises(ValueError, match="more dice than were typed"):
        rr.check(0, 9, Typed(4))  # 2d6, one die typed


class Counting:
    """A random source that counts its draws: the work a roll costs, without timing it."""

    def __init__(self) -> None:
        self.draws = 0

    def randint(self, a: int, b: int) -> int:
        self.draws += 1
        return b


# Mostly valid terms, many of them big, so that the limits themselves are reached often.
terms = st.one_of(
    st.integers(0, 10**7).map(str),
    st.builds(lambda count, sides, keep: f"{count}d{sides}{keep}",
              st.integers(1, MAX_DICE + 1), st.sampled_from(["6", "%", "1000", "1001"]),
              st.sampled_from(["", "", "kh1", "kl1"])))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["+", "-", " + ", "\u2212"]), terms,
                          st.integers(1, 20)), min_size=1, max_size=8),
       st.sampled_from(["", " phy", " direct mag damage"]), st.integers(0, 40))
def test_any_accepted_expression_is_a_few_milliseconds_of_work(runs, tail, spaces):
    """However many terms, and however long: at most 1000 draws and a short roll text."""
    text = " " * spaces + "".join((sign + term) * times for sign, term, times in runs) + tail
    try:
        expression = parse(text)
    except DiceError as exc:
        assert exc.position is not None and 0 <= exc.position <= len(text)
        assert len(str(exc)) < 2 * MAX_LENGTH + 200  # one line, however long the text
        return
    assert len(text) <= MAX_LENGTH
    rolled = sum(t.count for t in expression.terms if isinstance(t, DiceTerm))
    assert rolled <= MAX_TOTAL_DICE
    source = Counting()
    result = roll(text, source)
    assert source.draws == len(result.dice) == rolled
    assert len(result.text) <= 12 * MAX_TOTAL_DICE + 10 * MAX_LENGTH  # "1000 dropped, " at most
