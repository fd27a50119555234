"""Casus Mus rules: skill grades, digit flips, luck, and the opposed roll table cell by cell."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.rules import casus_mus as cm
from encounter_app.rules.casus_mus import Clash, Grade, flip, grade, resolve_clash
from tests.helpers.scripted import Scripted

CRIT, SUCC, FAIL, FUMB = Grade.CRITICAL, Grade.SUCCESS, Grade.FAILURE, Grade.FUMBLE


# --- grade ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "skill", "expected"),
    [
        # skill 55: critical at or under 6 (5.5 rounded up)
        (1, 55, CRIT),
        (6, 55, CRIT),
        (7, 55, SUCC),
        (55, 55, SUCC),
        (56, 55, FAIL),
        (95, 55, FAIL),
        (98, 55, FAIL),
        (99, 55, FUMB),
        (100, 55, FUMB),
        # skill 50: critical at or under exactly 5
        (5, 50, CRIT),
        (6, 50, SUCC),
        # 01-05 always succeed
        (5, 3, SUCC),
        (4, 0, SUCC),
        (1, 0, SUCC),  # skill 0: no critical (a tenth rounds up to 0)
        (1, 3, CRIT),  # skill 3: critical at 1
        (2, 3, SUCC),
        (6, 3, FAIL),
        # 96-00 always fail
        (96, 150, FAIL),
        (95, 150, SUCC),
        (15, 150, CRIT),
        (16, 150, SUCC),
        # fumble: only 00 at skill 100 or more
        (99, 99, FUMB),
        (99, 100, FAIL),
        (100, 100, FUMB),
        (99, 120, FAIL),
        (100, 120, FUMB),
        (10, 100, CRIT),
        (11, 100, SUCC),
        # a huge skill cannot make 96-98 succeed or 96 critical
        (96, 1000, FAIL),
        (95, 1000, CRIT),
    ],
)
def test_grade(roll: int, skill: int, expected: Grade) -> None:
    assert grade(roll, skill) == expected


@pytest.mark.parametrize("roll", [0, 101, -3])
def test_grade_rejects_rolls_outside_1_100(roll: int) -> None:
    with pytest.raises(ValueError, match=r"1\.\.100"):
        grade(roll, 50)


@given(skill=st.integers(-20, 300), roll=st.integers(1, 99))
def test_grade_monotone_in_roll(skill: int, roll: int) -> None:
    assert grade(roll, skill) >= grade(roll + 1, skill)


@given(roll=st.integers(1, 100), skill=st.integers(-20, 299))
def test_grade_monotone_in_skill(roll: int, skill: int) -> None:
    assert grade(roll, skill) <= grade(roll, skill + 1)


@given(roll=st.integers(1, 100), skill=st.integers(-20, 300))
def test_grade_bounds(roll: int, skill: int) -> None:
    g = grade(roll, skill)
    if roll <= 5:
        assert g >= SUCC
    if roll >= 96:
        assert g <= FAIL


# --- flip -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        (4, 40),
        (40, 4),
        (73, 37),
        (37, 73),
        (55, 55),
        (100, 100),
        (10, 1),
        (1, 10),
        (90, 9),
        (99, 99),
    ],
)
def test_flip(roll: int, expected: int) -> None:
    assert flip(roll) == expected


@given(st.integers(1, 100))
def test_flip_is_its_own_inverse(roll: int) -> None:
    # With 00 -> 00 and 10 -> 01, 1 and 10 swap into each other: no exception remains.
    assert flip(flip(roll)) == roll
    assert 1 <= flip(roll) <= 100


def test_flip_exhaustive_is_a_permutation() -> None:
    assert sorted(flip(r) for r in range(1, 101)) == list(range(1, 101))


@pytest.mark.parametrize("roll", [0, 101])
def test_flip_rejects_rolls_outside_1_100(roll: int) -> None:
    with pytest.raises(ValueError):
        flip(roll)


# --- points -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pow_", "expected"),
    [(1, 1), (3, 1), (6, 1), (7, 2), (12, 2), (13, 3), (18, 3), (19, 4), (24, 4), (25, 5), (0, 1)],
)
def test_luck_points(pow_: int, expected: int) -> None:
    assert cm.luck_points(pow_) == expected


def test_action_points() -> None:
    assert cm.action_points() == 2
    assert cm.action_points(hero=True) == 3


def test_spend_point() -> None:
    assert cm.spend_point(2) == 1
    assert cm.spend_point(3, 2) == 1
    with pytest.raises(ValueError, match="only 0 left"):
        cm.spend_point(0)


# --- rolls and luck ---------------------------------------------------------------------------


def test_roll_skill_draws_one_d100() -> None:
    rng = Scripted(100)
    result = cm.roll_skill(70, rng)
    assert rng.calls == [(1, 100)]
    assert (result.roll, result.skill, result.grade) == (100, 70, FUMB)


def test_reroll_own_failed_roll_new_roll_stands() -> None:
    failed = cm.roll_skill(40, Scripted(73))
    assert failed.grade == FAIL
    rng = Scripted(90)
    use = cm.reroll_own(failed, rng)
    assert rng.calls == [(1, 100)]
    assert use.option is cm.LuckOption.REROLL
    assert use.before is failed
    assert (use.after.roll, use.after.grade) == (90, FAIL)  # worse or not, it stands


def test_reroll_own_fumble_allowed() -> None:
    use = cm.reroll_own(cm.roll_skill(40, Scripted(99)), Scripted(12))
    assert (use.after.roll, use.after.grade) == (12, SUCC)


def test_flip_own_failed_roll() -> None:
    use = cm.flip_own(cm.roll_skill(40, Scripted(73)))
    assert use.option is cm.LuckOption.FLIP
    assert (use.after.roll, use.after.skill, use.after.grade) == (37, 40, SUCC)


def test_flip_own_other_cases() -> None:
    use = cm.flip_own(cm.roll_skill(40, Scripted(41)))
    assert (use.after.roll, use.after.grade) == (14, SUCC)
    use = cm.flip_own(cm.roll_skill(40, Scripted(100)))  # 00 stays 00
    assert (use.after.roll, use.after.grade) == (100, FUMB)
    use = cm.flip_own(cm.roll_skill(35, Scripted(40)))  # 40 -> 04: a critical at skill 35
    assert (use.after.roll, use.after.grade) == (4, CRIT)
    use = cm.flip_own(cm.roll_skill(30, Scripted(92)))  # 92 -> 29
    assert (use.after.roll, use.after.grade) == (29, SUCC)


@pytest.mark.parametrize("roll", [20, 3])
def test_luck_on_own_only_after_failing(roll: int) -> None:
    success = cm.roll_skill(40, Scripted(roll))
    with pytest.raises(ValueError, match="failed"):
        cm.flip_own(success)
    with pytest.raises(ValueError, match="failed"):
        cm.reroll_own(success, Scripted(50))


def test_force_reroll_any_roll() -> None:
    critical = cm.roll_skill(60, Scripted(3))
    rng = Scripted(77)
    use = cm.force_reroll(critical, rng)
    assert rng.calls == [(1, 100)]
    assert use.option is cm.LuckOption.FORCE_REROLL
    assert (use.after.roll, use.after.skill, use.after.grade) == (77, 60, FAIL)


def test_can_use_luck_on_own() -> None:
    assert [cm.can_use_luck_on_own(g) for g in (FUMB, FAIL, SUCC, CRIT)] == [
        True,
        True,
        False,
        False,
    ]


# --- the opposed roll table, cell by cell -----------------------------------------------------
# Rows: defender grade; columns: attacker grade. Rolls chosen so "higher" cells are not ties.

TABLE = [
    # defender criticals
    (CRIT, CRIT, None, 0, (), "Higher roll hits, no CMs"),  # hitter checked separately
    (SUCC, CRIT, "defender", 1, (), "Defender hits, gets one CM"),
    (FAIL, CRIT, "defender", 2, (), "Defender hits, gets two CMs"),
    (FUMB, CRIT, "defender", 3, ("attacker",), "Defender hits, gets three CMs"),
    # defender succeeds
    (CRIT, SUCC, "attacker", 1, (), "Attacker hits, gets one CM"),
    (SUCC, SUCC, None, 0, (), "Higher roll hits, no CMs"),
    (FAIL, SUCC, "defender", 1, (), "Defender hits, gets one CM"),
    (FUMB, SUCC, "defender", 2, ("attacker",), "Defender hits, gets two CMs"),
    # defender fails
    (CRIT, FAIL, "attacker", 2, (), "Attacker hits, gets two CMs"),
    (SUCC, FAIL, "attacker", 1, (), "Attacker hits, gets one CM"),
    (FAIL, FAIL, None, 0, (), "Both fail"),
    (FUMB, FAIL, None, 0, ("attacker",), "Attacker fumbles"),
    # defender fumbles
    (CRIT, FUMB, "attacker", 3, ("defender",), "Attacker hits, gets three CMs"),
    (SUCC, FUMB, "attacker", 2, ("defender",), "Attacker hits, gets two CMs"),
    (FAIL, FUMB, None, 0, ("defender",), "Defender fumbles"),
    (FUMB, FUMB, None, 0, ("attacker", "defender"), "Both fumble"),
]


@pytest.mark.parametrize(
    ("attacker", "defender", "hitter", "maneuvers", "fumbled", "cell"),
    [row for row in TABLE if row[0] != row[1] or row[0] in (FAIL, FUMB)],
)
def test_table_cell(
    attacker: Grade,
    defender: Grade,
    hitter: str | None,
    maneuvers: int,
    fumbled: tuple[str, ...],
    cell: str,
) -> None:
    clash = resolve_clash(attacker, 50, defender, 60)
    assert clash == Clash(hitter=hitter, maneuvers=maneuvers, fumbled=fumbled)
    assert clash.cell == cell


@pytest.mark.parametrize("same", [CRIT, SUCC])
@pytest.mark.parametrize(
    ("attacker_roll", "defender_roll", "hitter"),
    [(5, 3, "attacker"), (3, 5, "defender"), (4, 4, "defender")],  # equal: defender
)
def test_higher_roll_hits_on_same_grade(
    same: Grade, attacker_roll: int, defender_roll: int, hitter: str
) -> None:
    clash = resolve_clash(same, attacker_roll, same, defender_roll)
    assert (clash.hitter, clash.maneuvers, clash.fumbled) == (hitter, 0, ())
    assert clash.cell == "Higher roll hits, no CMs"


def test_equal_rolls_interpretation_is_a_named_constant() -> None:
    assert cm.EQUAL_ROLLS_GO_TO == "defender"


@pytest.mark.parametrize(
    ("attacker", "hitter", "maneuvers", "fumbled"),
    [
        (CRIT, "attacker", 2, ()),
        (SUCC, "attacker", 1, ()),
        (FAIL, None, 0, ()),
        (FUMB, None, 0, ("attacker",)),
    ],
)
def test_not_reacting_is_defender_fails(
    attacker: Grade, hitter: str | None, maneuvers: int, fumbled: tuple[str, ...]
) -> None:
    assert resolve_clash(attacker, 40, None, None) == Clash(hitter, maneuvers, fumbled)


def test_same_grade_needs_the_defender_roll() -> None:
    with pytest.raises(ValueError, match="defender_roll"):
        resolve_clash(SUCC, 40, SUCC, None)


def test_different_grades_need_no_defender_roll() -> None:
    assert resolve_clash(SUCC, 40, FAIL, None) == Clash("attacker", 1, ())


def test_resolve_clash_rejects_bad_rolls() -> None:
    with pytest.raises(ValueError):
        resolve_clash(SUCC, 0, FAIL, 50)
    with pytest.raises(ValueError):
        resolve_clash(SUCC, 40, FAIL, 101)


def test_real_exchange_from_rolls() -> None:
    # Attacker skill 65 rolls 07 (critical); defender skill 50 rolls 33 (success).
    clash = resolve_clash(grade(7, 65), 7, grade(33, 50), 33)
    assert clash == Clash("attacker", 1, ())


@given(
    attacker=st.sampled_from(list(Grade)),
    defender=st.sampled_from(list(Grade)),
    a_roll=st.integers(1, 100),
    d_roll=st.integers(1, 100),
)
def test_clash_properties(attacker: Grade, defender: Grade, a_roll: int, d_roll: int) -> None:
    clash = resolve_clash(attacker, a_roll, defender, d_roll)
    # maneuvers: one per grade of difference, only for a hitter
    if clash.hitter is None:
        assert clash.maneuvers == 0
    else:
        winner, loser = (attacker, defender) if clash.hitter == "attacker" else (defender, attacker)
        assert winner >= SUCC
        assert clash.maneuvers == winner - loser
    if attacker <= FAIL and defender <= FAIL:
        assert clash.hitter is None


# -- damage after the clash ("Armor/shield/magic can protect against damage") ----------------


@pytest.mark.parametrize(("damage", "armour", "taken"),
                         [(7, 2, 5), (2, 2, 0), (1, 4, 0), (0, 0, 0), (9, 0, 9)])
def test_armour_reduces_the_damage_never_below_zero(damage: int, armour: int,
                                                    taken: int) -> None:
    assert cm.damage_taken(damage, armour) == taken


@given(st.integers(0, 200), st.integers(0, 50))
def test_armour_takes_off_at_most_itself(damage: int, armour: int) -> None:
    taken = cm.damage_taken(damage, armour)
    assert 0 <= taken <= damage
    assert damage - taken <= armour


def test_negative_damage_or_armour_is_refused() -> None:
    with pytest.raises(ValueError):
        cm.damage_taken(-1, 0)


def test_the_texts_tail_whip_is_a_maneuver_and_names_are_unique() -> None:
    names = [m.name for m in cm.MANEUVERS]
    assert "Tail Whip" in names
    assert len(names) == len(set(names))
