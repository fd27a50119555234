"""Properties of the roll log's payloads: every roll the program logs reads back as it was
rolled, every line it composes reads back as it was made, and no payload, however mangled,
makes the players' words fail (domain/logged.py)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.domain import CombatantRow, CountdownRow, RollRow
from encounter_app.domain.initiative import Initiant
from encounter_app.domain.json_data import JSON, to_json
from encounter_app.domain.logged import (
    CORE_KINDS,
    CountdownMove,
    DiceLine,
    LoggedRoll,
    MissLine,
    OutcomeLine,
    RestLine,
    RestRoll,
    TriggerLine,
    line_json,
    read_core,
)
from encounter_app.domain.player_view import Sight, roll_words
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.rules.casus_mus import Grade
from encounter_app.rules.daggerheart import Outcome
from encounter_app.rules.dice import DiceRoll
from encounter_app.services.rolls.rules_service import compute
from encounter_app.systems.casus_mus.requests import ClashDamage, ClashLine, SkillRollRequest
from encounter_app.systems.daggerheart.requests import (
    AttackRequest,
    DualityReactionLine,
    FeatureRequest,
    Reacted,
    ReactionRequest,
    Target,
)
from encounter_app.systems.forge_of_power.requests import (
    FopAttackRequest,
    FopTarget,
    ForgeInitiative,
    LevelCheckRequest,
)
from encounter_app.systems.ruins_and_raiders.requests import RuinsInitiative, TraitCheckRequest
from tests.domain.test_roll_payloads import NOT_UNDERSTOOD, SIGHT, WRITTEN
from tests.helpers.systems import SYSTEMS

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
NAMES = st.sampled_from(["Kestrel Ashby", "Clockwork Hound", "Slag Golem", "", "Ünïcode ✓"])
IDS = st.none() | st.integers(1, 40)
SMALL = st.integers(-5, 12)


def sides(check: st.SearchStrategy[Any]) -> st.SearchStrategy[tuple[Any, ...]]:
    return st.lists(check, min_size=1, max_size=4).map(tuple)


def initiants(rolls: st.SearchStrategy[bool]) -> st.SearchStrategy[tuple[Initiant, ...]]:
    return sides(st.builds(Initiant, st.integers(1, 40), NAMES, SMALL, rolls))


#: Every request a system logs, and the system whose ``read_roll`` reads it back ("" for the
#: core's dice roll).
REQUESTS = st.one_of(
    st.tuples(st.just(""), st.builds(DiceRequest, st.sampled_from(
        ["1d20", "2d6+1", "4d6kh3", "1d8+2 phy", "3", "2d20kl1-1"]), NAMES)),
    st.tuples(st.just("daggerheart"), st.builds(
        AttackRequest, NAMES, SMALL, st.sampled_from(["1d8+2", "2d10+4 mag", "3"]),
        sides(st.builds(Target, NAMES, st.integers(5, 20), IDS)), NAMES, st.booleans(),
        st.booleans(), st.integers(0, 3), IDS, NAMES)),
    st.tuples(st.just("daggerheart"), st.builds(
        ReactionRequest, NAMES, st.integers(5, 25), SMALL, st.booleans(), st.booleans(), IDS,
        st.sampled_from(["reaction", "action"]), NAMES)),
    st.tuples(st.just("daggerheart"), st.builds(
        FeatureRequest, NAMES, NAMES, st.sampled_from(["", "1d20+3 mag", "2d6", "4 phy"]),
        sides(st.builds(Reacted, NAMES, IDS, st.none() | st.booleans(), st.none() | SMALL)),
        st.sampled_from(["", "Agility"]), st.none() | st.integers(5, 25), st.booleans(),
        st.sampled_from(["", "1 Stress and 1 Fear"]), IDS)),
    st.tuples(st.just("casus_mus"), st.builds(SkillRollRequest, NAMES, st.integers(1, 99),
                                              NAMES, IDS)),
    st.tuples(st.just("ruins_and_raiders"), st.builds(
        TraitCheckRequest, NAMES, SMALL, st.integers(2, 18), NAMES, NAMES, IDS,
        st.none() | SMALL, NAMES, NAMES, IDS)),
    st.tuples(st.just("ruins_and_raiders"), st.builds(RuinsInitiative,
                                                      initiants(st.booleans()))),
    st.tuples(st.just("forge_of_power"), st.builds(
        LevelCheckRequest, NAMES, SMALL, st.integers(5, 25), NAMES, st.booleans(),
        st.booleans(), IDS)),
    st.tuples(st.just("forge_of_power"), st.builds(
        FopAttackRequest, NAMES, SMALL, sides(st.builds(FopTarget, NAMES, st.integers(5, 25),
                                                        IDS)),
        NAMES, st.booleans(), st.booleans(), IDS)),
    st.tuples(st.just("forge_of_power"), st.builds(ForgeInitiative, initiants(st.just(True)))),
)


def stored(row: RollRow) -> RollRow:
    """The row as the store gives it back: its payload through JSON text."""
    return replace(row, payload=json.loads(json.dumps(row.payload)))


def read(system: str, row: RollRow) -> LoggedRoll | None:
    return read_core(row) if row.kind in CORE_KINDS else SYSTEMS.get(system).read_roll(row)


@SETTINGS
@given(REQUESTS, st.integers(0, 2**32))
def test_any_logged_roll_of_every_system_reads_back_as_rolled(pair, seed):
    system, request = pair
    result = compute(request, random.Random(seed))
    line = read(system, stored(describe(RollResult(0, request, result))))
    assert line is not None
    assert line.request == request
    assert line.result == result
    assert to_json(line.result) == to_json(result)


MOVES = st.lists(st.builds(CountdownMove, IDS, NAMES, SMALL, SMALL, st.booleans(),
                           st.integers(0, 3)), max_size=3).map(tuple)
DICE = st.builds(DiceRoll, st.just("2d6"), SMALL, st.lists(st.integers(1, 6)).map(tuple),
                 NAMES)
CLASHES = st.builds(
    lambda attack, defence, hitter, fumbled, grades, damage, maneuvers: ClashLine(
        attack, defence, defence is not None, hitter, len(maneuvers), fumbled, 1,
        "Kestrel Ashby", grades[0], 2, "Clockwork Hound",
        None if defence is None else grades[1], maneuvers, damage),
    st.integers(1, 100), st.none() | st.integers(1, 100),
    st.sampled_from([None, "attacker", "defender"]),
    st.lists(st.sampled_from(["attacker", "defender"]), max_size=2, unique=True).map(tuple),
    st.tuples(st.sampled_from(list(Grade)), st.sampled_from(list(Grade))),
    st.none() | st.builds(ClashDamage, st.just("1d6+1"), SMALL, SMALL, SMALL),
    st.lists(st.sampled_from(["Disarm", "Trip", "Extra damage"]), max_size=2).map(tuple))
#: (kind, system, a line the program composes)
LINES = st.one_of(
    st.tuples(st.just("dice"), st.just(""), st.builds(
        DiceLine, st.builds(DiceRequest, st.just("2d6"), NAMES), DICE, st.none() | NAMES)),
    st.tuples(st.just("rest"), st.just(""), st.builds(
        RestLine, st.sampled_from(["short", "long"]), st.integers(0, 12),
        st.none() | st.builds(RestRoll, st.just("1d4+3"), SMALL,
                              st.lists(st.integers(1, 4), max_size=1).map(tuple)), MOVES)),
    st.tuples(st.just("countdown"), st.just(""), st.builds(TriggerLine, IDS, st.integers(0, 9))),
    st.tuples(st.just("outcome"), st.just("daggerheart"), st.builds(
        OutcomeLine, st.sampled_from(list(Outcome)), st.integers(0, 1), MOVES,
        st.none() | NAMES, st.none() | st.integers(1, 12), st.none() | st.integers(1, 12),
        st.none() | SMALL, st.none() | st.integers(5, 30))),
    st.tuples(st.just("outcome"), st.just("daggerheart"),
              st.builds(MissLine, st.just("pc_miss"), MOVES)),
    st.tuples(st.just("clash"), st.just("casus_mus"), CLASHES),
    st.tuples(st.just("reaction"), st.just("daggerheart"), st.builds(
        DualityReactionLine, NAMES, st.integers(1, 12), st.integers(1, 12), SMALL,
        st.integers(5, 30), IDS)),
)


@SETTINGS
@given(LINES)
def test_any_line_the_program_composes_reads_back_as_made(triple):
    kind, system, line = triple
    row = stored(RollRow(kind=kind, summary="", payload=line_json(line)))
    assert read(system, row) == line


def mangled(data: st.DataObject, value: JSON) -> JSON:
    """``value`` with one part of it deleted, or swapped for another JSON value."""
    junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=4),
                        lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                        max_leaves=6)
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        if data.draw(st.booleans()):
            return {k: v for k, v in value.items() if k != key}
        return {**value, key: mangled(data, value[key])}
    if isinstance(value, list) and value and data.draw(st.booleans()):
        at = data.draw(st.integers(0, len(value) - 1))
        return [*value[:at], mangled(data, value[at]), *value[at + 1:]]
    return data.draw(junk)


SIGHTS = st.sampled_from([SIGHT, Sight([], [], fear=False), Sight(
    [CombatantRow("pc", "Kestrel Ashby", 1, hidden=True)],
    [CountdownRow("Bell tower", 4, 2, id=7)], fear=True)])


@SETTINGS
@given(st.sampled_from([(s, k, p) for s, k, p, _ in WRITTEN] + NOT_UNDERSTOOD), SIGHTS,
       st.data())
def test_no_mangled_payload_makes_the_players_words_fail(written, sight, data):
    system, kind, payload = written
    row = RollRow(kind=kind, summary="", public=True,
                  payload=mangled(data, json.loads(payload)))
    words = roll_words(row, sight, SYSTEMS.get(system))  # never raises
    if read(system, row) is None:
        assert words == ""  # not understood, not shown
