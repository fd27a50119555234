"""The three systems' rolls go through the rules thread and come back in their own words."""

from __future__ import annotations

from encounter_app.domain.initiative import Initiant
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.services.rolls.rules_service import RulesService, compute
from encounter_app.systems.casus_mus.requests import SkillRollRequest
from encounter_app.systems.forge_of_power.requests import (
    FopAttackRequest,
    FopTarget,
    LevelCheckRequest,
)
from encounter_app.systems.forge_of_power.text import with_reroll
from encounter_app.systems.ruins_and_raiders.requests import TraitCheckRequest
from tests.helpers.scripted import Scripted
from tests.helpers.systems import initiative_request


def line(request, *dice):
    rng = Scripted(*dice)
    result = compute(request, rng)
    assert rng.done
    return describe(RollResult(1, request, result))


def test_skill_roll_says_the_grade_and_the_d100_as_the_dice_show_it():
    row = line(SkillRollRequest("Pip", 62, "Combat"), 7)
    assert row.summary == "Pip: Combat 07, critical"
    assert row.detail == "d100 07 vs 62%: critical"
    assert line(SkillRollRequest("Pip", 62, "Combat"), 100).summary == "Pip: Combat 00, fumble"


def test_trait_check_says_mox():
    request = TraitCheckRequest("Hedda", 4, 12, "Warrior", "Moderate (12)")
    row = line(request, 5, 6)
    assert row.summary == "Hedda: Warrior check 15, success, mox 3"
    assert row.detail == "2d6 (5, 6) + 4 Warrior = 15 vs challenge 12 (Moderate (12))"


def test_naturals_2_and_12_are_named():
    low = line(TraitCheckRequest("Hedda", 10, 9, "Warrior"), 1, 1)
    # Not "failure, mox 3": a positive mox beside a failure contradicts itself.
    assert low.summary.endswith("failure: a natural 2 always fails")
    assert "mox" not in low.summary and "natural 2 always fails" in low.detail
    short = line(TraitCheckRequest("Hedda", 0, 9, "Warrior"), 1, 1)  # would fail anyway
    assert short.summary.endswith("failure, mox -7")
    high = line(TraitCheckRequest("Hedda", -3, 21, "Warrior"), 6, 6)
    assert "success, mox 1" in high.summary and "natural 12 always succeeds" in high.detail


def test_an_attack_that_hits_says_its_wounds():
    request = TraitCheckRequest("Hedda", 4, 10, "Warrior", "Parry 10", wound_base=5,
                                target="Jackal")
    row = line(request, 4, 4)  # 12 vs 10: mox 2, wounds 2 + 5
    assert row.summary == "Hedda: Warrior check vs Jackal 12, success, mox 2, 7 wounds"
    miss = line(request, 1, 2)
    assert "wounds" not in miss.summary


def test_level_of_success_and_natural_20():
    row = line(LevelCheckRequest("Lio", 5, 25, "Intellect check"), 20)
    assert row.summary == "Lio: Intellect check 25 vs DC 25, Critical Success"
    assert row.detail == "d20 (20) + 5 = 25; natural 20: one level up"
    row = line(LevelCheckRequest("Lio", 5, 15, advantage=True), 3, 12)
    assert row.detail == "2d20 advantage (3, 12: keeps 12) + 5 = 17"


def test_one_attack_roll_against_each_targets_own_dc():
    request = FopAttackRequest("Golem", 6, (FopTarget("Kestrel", 16), FopTarget("Doran", 18),
                                            FopTarget("Lio", 7)))
    row = line(request, 11)
    assert row.summary == ("Golem Strike 17: Success vs Kestrel (DC 16); Failure vs Doran "
                           "(DC 18); Critical Success vs Lio (DC 7)")


def test_a_reroll_keeps_either_and_names_the_other():
    first = line(LevelCheckRequest("Lio", 2, 15), 4)
    second = line(LevelCheckRequest("Lio", 2, 15), 17)
    kept = with_reroll(first, second, kept_new=False)
    assert kept.summary == "Lio: check 6 vs DC 15, Failure (rerolled, kept the first roll)"
    assert "Not kept: Lio: check 19 vs DC 15, Success" in kept.detail


def test_forge_initiative_is_d20_plus_bonus():
    request = initiative_request("forge_of_power", (Initiant(1, "Kestrel", 4),
                                                   Initiant(2, "Golem", -1)))
    row = line(request, 10, 19)
    assert row.summary == "Initiative: Golem 18, Kestrel 14"
    assert row.detail.splitlines() == ["Golem: d20 (19) - 1 = 18", "Kestrel: d20 (10) + 4 = 14"]


def test_the_rules_thread_rolls_them(qtbot):
    service = RulesService(seed=5)
    try:
        with qtbot.waitSignal(service.rolled) as blocker:
            service.submit(SkillRollRequest("Pip", 62))
        assert 1 <= blocker.args[0].result.roll <= 100
        with qtbot.waitSignal(service.failed) as blocker:
            service.submit(FopAttackRequest("Golem", 6, ()))
        assert blocker.args[1] == "an attack needs at least one target"
    finally:
        service.shutdown()
