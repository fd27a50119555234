"""Every Forge of Power level boundary under every kind of natural, and every Ruins & Raiders
challenge level met and missed by one, with the scripted dice the rules draw."""

from __future__ import annotations

import pytest

from encounter_app.rules import forge_of_power as fop
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.rules.forge_of_power import Level
from tests.helpers.scripted import Scripted

CF, F, S, CS = Level.CRITICAL_FAILURE, Level.FAILURE, Level.SUCCESS, Level.CRITICAL_SUCCESS
# margin (total - DC) -> level from the text's table, before the natural shifts it
BOUNDARIES = [(10, CS), (9, S), (0, S), (-1, F), (-10, F), (-11, CF)]
UP = {CF: F, F: S, S: CS, CS: CS}
DOWN = {CS: S, S: F, F: CF, CF: CF}


@pytest.mark.parametrize(("margin", "level"), BOUNDARIES)
@pytest.mark.parametrize("natural", [1, 2, 10, 19, 20])
def test_every_boundary_with_every_natural(margin: int, level: Level, natural: int) -> None:
    dc = 15
    expected = UP[level] if natural == 20 else DOWN[level] if natural == 1 else level
    assert fop.level_for(dc + margin, dc, natural) == expected
    # the same through check(): the bonus makes the total land on the boundary
    rolled = fop.check(dc + margin - natural, dc, Scripted(natural))
    assert (rolled.natural, rolled.total, rolled.level) == (natural, dc + margin, expected)


@pytest.mark.parametrize(("name", "level"), list(rr.CHALLENGE_LEVELS.items()))
def test_every_challenge_level_met_and_missed_by_one(name: str, level: int) -> None:
    # 2d6 of 3 + 4 = 7 with the trait making the total exactly the level: succeeds, mox 0
    met = rr.check(level - 7, level, Scripted(3, 4))
    assert (met.total, met.mox, met.success) == (level, 0, True)
    missed = rr.check(level - 8, level, Scripted(3, 4))
    assert (missed.mox, missed.success) == (-1, False)


@pytest.mark.parametrize(("times", "bonus"), [(2, 3), (3, 5), (4, 6), (5, 7), (6, 8), (8, 9),
                                              (10, 10)])
def test_extra_time_turns_a_miss_into_success(times: int, bonus: int) -> None:
    """The Fair (9) task a trait 0 character misses with 2d6 = 8 succeeds with the bonus."""
    assert not rr.check(0, 9, Scripted(4, 4)).success
    assert rr.check(rr.extra_time_bonus(times), 9, Scripted(4, 4)).mox == 8 + bonus - 9
