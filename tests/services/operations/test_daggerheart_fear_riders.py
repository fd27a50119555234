"""The Fear an adversary's attack or feature gains the GM where its text says so
(systems/daggerheart/services/fear_riders.py): Momentum and Terrifying on each successful
attack, Spit Acid's Fear for a target with no Armor Slot to mark, and the features that count
the targets who failed or marked HP. Gained in the attack's own undo step, with its ledger line.

The fight is the demo's (Aria Vell: Evasion 9, thresholds 8/17, 4 Armor Slots; Brannoc:
Evasion 8, thresholds 9/19, 5 Armor Slots), with the SRD's adversaries joining it; the dice are
scripted.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from encounter_app.domain import Feature, StatBlock
from encounter_app.domain.adversaries import combatant_from
from encounter_app.exchange import srd
from encounter_app.exchange.problems import Problem
from encounter_app.rules.daggerheart import FEAR_CAP
from encounter_app.services.rolls.roller import Roller
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.services import fear_riders, feature_marks, features
from encounter_app.systems.daggerheart.services.fear_riders import Reached
from encounter_app.systems.daggerheart.services.features import ReactionResult
from encounter_app.systems.daggerheart.services.operations import DaggerheartOperations
from tests.helpers.features import BURROWER, scripted_service
from tests.helpers.operations import fight_operations
from tests.helpers.scripted import d

MOMENTUM = Feature("Momentum", "Reaction", "When the Bear makes a successful attack against a "
                                           "PC, you gain a Fear.")
BEAR = StatBlock(
    name="Bear", tier=1, type="Bruiser", difficulty=14, major=9, severe=17, hp=7, stress=2,
    attack_modifier=1, attack_name="Claws", attack_range="Melee", damage="1d8+3 phy",
    features=(MOMENTUM,))
TERRIFYING = Feature("Terrifying", "Passive", "When the Knight makes a successful attack, all "
                     "PCs within Close range lose a Hope and you gain a Fear.")
KNIGHT = replace(BEAR, name="Skeleton Knight", features=(TERRIFYING,))
AVALANCHE = Feature(
    "Avalanche", "Action",
    "Spend a Fear to have the Dragon unleash a huge downfall of snow and ice, covering all "
    "other creatures within Far range. All targets within this area must succeed on an "
    "Instinct Reaction Roll (18) or be buried in snow and rocks, becoming Vulnerable until they "
    "dig themselves out from the debris. For each PC that fails the reaction roll, you gain a "
    "Fear.", fear=True)
DRAGON = replace(BEAR, name="Young Ice Dragon", features=(AVALANCHE,))


@pytest.fixture
def play(demo_session, undo_stack, said):
    """``play(*draws)``: the operations over the demo fight, rolling ``draws``."""
    services = []

    def make(*draws):
        service, _script = scripted_service(*draws)
        services.append(service)
        roller = Roller(service, demo_session, undo_stack)
        ops = DaggerheartOperations(
            fight_operations(demo_session, undo_stack, roller.router, said), roller)
        return ops, roller

    yield make
    for service in services:
        service.shutdown()


def joined(ops, stats):
    assert ops.join(combatant_from(stats))
    return ops.session.combatants[-1]


def pcs(session):
    return [c for c in session.combatants if c.kind == "pc"]


def confirm(offers, _source, _roll, mark):
    """The GM's hit dialog, every mark kept as offered."""
    mark([feature_marks.default_marks(o) for o in offers])


def state(session):
    return (list(session.combatants), session.fear, list(session.fear_ledger),
            list(session.rolls))


def test_momentum_gains_a_fear_when_the_bears_attack_hits_in_the_same_step(
        qtbot, play, undo_stack, said):
    ops, roller = play(*d(20, 15), *d(8, 4))  # 15 + 1 = 16 hits Aria (Evasion 9)
    bear = joined(ops, BEAR)
    aria = pcs(ops.session)[0]
    before, steps = state(ops.session), undo_stack.count()
    with qtbot.waitSignal(roller.recorded):
        assert ops.attack(bear.id, None, [aria.id], ask=confirm)
    assert ops.session.fear == before[1] + 1
    gained = ops.session.fear_ledger[0]
    assert (gained.change, gained.reason, gained.note) == (1, "effect", "Bear: Momentum")
    assert "You gain a Fear (Momentum)" in ops.session.rolls[0].detail
    assert "You gain a Fear (Momentum)" in said[-1][0]
    assert undo_stack.count() == steps + 1  # the roll, the marks and the Fear: one step
    undo_stack.undo()
    assert state(ops.session) == before


def test_a_miss_gains_no_fear(qtbot, play):
    ops, roller = play(*d(20, 2))  # 2 + 1 = 3 misses Aria
    bear = joined(ops, BEAR)
    fear = ops.session.fear
    with qtbot.waitSignal(roller.recorded):
        assert ops.attack(bear.id, None, [pcs(ops.session)[0].id], ask=confirm)
    assert ops.session.fear == fear
    assert "Fear" not in ops.session.rolls[0].detail


def test_terrifying_gains_a_fear_and_reminds_the_gm_of_the_hope(qtbot, play):
    ops, roller = play(*d(20, 15), *d(8, 4))
    knight = joined(ops, KNIGHT)
    fear = ops.session.fear
    with qtbot.waitSignal(roller.recorded):
        assert ops.attack(knight.id, None, [pcs(ops.session)[0].id], ask=confirm)
    assert ops.session.fear == fear + 1
    detail = ops.session.rolls[0].detail
    assert "You gain a Fear (Terrifying)" in detail
    assert "Terrifying: all PCs within Close range lose a Hope" in detail


def test_spit_acid_gains_a_fear_for_each_target_with_no_armor_slot_left(qtbot, play):
    ops, roller = play(*d(20, 10), *d(6, 1, 1))  # 13 hits both; 2 damage: Minor, 1 HP
    burrower = joined(ops, BURROWER)
    aria, brannoc, _wren = pcs(ops.session)
    full = pc_tracks.with_marks(aria, armor=pc_tracks.tracks(aria).armor)
    ops.session.update_combatant(full)  # Aria's every Armor Slot is marked
    fear = ops.session.fear
    with qtbot.waitSignal(roller.recorded):
        assert ops.attack(burrower.id, "Spit Acid", [aria.id, brannoc.id], ask=confirm)
    # Aria marks an additional HP for the Armor Slot she has not got: one Fear; Brannoc marks
    # his Armor Slot: none.
    assert ops.session.combatants.by_id(aria.id).hp_marked == 2
    assert ops.session.fear == fear + 1
    assert "You gain a Fear (Spit Acid)" in ops.session.rolls[0].detail
    assert ops.session.fear_ledger[0].note == "Acid Burrower: Spit Acid"


def test_avalanche_gains_a_fear_for_each_pc_who_fails_after_its_own_cost(qtbot, play):
    ops, roller = play()  # no damage to roll
    dragon = joined(ops, DRAGON)
    aria, brannoc, wren = pcs(ops.session)
    ops.fight.set_fear(3)
    with qtbot.waitSignal(roller.recorded):
        assert ops.use_feature(dragon.id, "Avalanche", [
            ReactionResult(aria.id, total=10), ReactionResult(brannoc.id, total=19),
            ReactionResult(wren.id, succeeded=False)], ask=confirm)
    # 3 - 1 (Avalanche's own Fear) + 2 (Aria and Wren failed)
    assert ops.session.fear == 4
    assert [(e.change, e.reason) for e in ops.session.fear_ledger[:2]] == [
        (2, "effect"), (-1, "adversary_feature")]  # newest first


def test_a_full_pool_gains_nothing_and_says_so(qtbot, play):
    ops, roller = play(*d(20, 15), *d(8, 4))
    bear = joined(ops, BEAR)
    ops.fight.set_fear(FEAR_CAP)
    ledger = len(ops.session.fear_ledger)
    with qtbot.waitSignal(roller.recorded):
        assert ops.attack(bear.id, None, [pcs(ops.session)[0].id], ask=confirm)
    assert ops.session.fear == FEAR_CAP and len(ops.session.fear_ledger) == ledger
    assert "No Fear gained: the pool is at its cap of 12 (Momentum)" in (
        ops.session.rolls[0].detail)


def test_near_the_cap_only_what_fits_is_gained_and_said(qtbot, play):
    ops, roller = play()
    dragon = joined(ops, DRAGON)
    aria, brannoc, wren = pcs(ops.session)
    ops.fight.set_fear(FEAR_CAP)  # Avalanche's own Fear leaves 11: room for one of three
    with qtbot.waitSignal(roller.recorded):
        assert ops.use_feature(dragon.id, "Avalanche", [
            ReactionResult(pc.id, succeeded=False) for pc in (aria, brannoc, wren)],
            ask=confirm)
    assert ops.session.fear == FEAR_CAP
    assert ops.session.fear_ledger[0].change == 1
    assert "You gain a Fear (Avalanche), the pool at its cap of 12" in (
        ops.session.rolls[0].detail)


# -- the readings, against every SRD sentence that gains a Fear ---------------------------------

# The features whose Fear the program gains, by what it counts; the other SRD sentences that
# gain a Fear are left to the GM (a condition it cannot see, dice, or not an attack's).
WATCHING = {"Momentum", "Terrifying", "Death Glare", "Doombringer"}
OWN = {"Spit Acid": "no_armor", "Hail of Boulders": "several", "Suppressing Blast": "hp",
       "Paralyzing Shock": "hp", "Tormented Screams": "failed", "Mind Dance": "failed",
       "Avalanche": "failed", "Beam of Decay": "any_failed"}


def srd_blocks(srd_file) -> list[StatBlock]:
    problems: list[Problem] = []
    blocks = srd.read(json.loads(srd_file.read_text(encoding="utf-8-sig")), problems, [])
    assert not problems
    return blocks


def use_for(block: StatBlock, feature: Feature | None) -> features.Use:
    row = replace(combatant_from(block), id=1)
    return features.use_of(row, None if feature is None else feature.name)


def test_every_srd_sentence_that_gains_a_fear_is_read_or_left_to_the_gm(srd_file):
    read_watching, read_own = set(), {}
    for block in srd_blocks(srd_file):
        row = replace(combatant_from(block), id=1)
        standard = features.use_of(row)
        if fear_riders.gain(row, standard, Reached(hits=1)).fear:
            read_watching |= set(fear_riders.gain(row, standard, Reached(hits=1)).sources)
        for feature in block.features:
            if "gain a Fear" not in feature.text or feature.action is None:
                continue
            if feature.kind == "Passive" and not feature.action.attack:
                continue
            use = features.use_of(row, feature.name)
            counts = {"no_armor": Reached(hits=2, no_armor=2),
                      "hp": Reached(hits=2, failed=2, hp_marked=2),
                      "failed": Reached(hits=2, failed=2),
                      "any_failed": Reached(failed=2),
                      "several": Reached(hits=2)}
            for what, reached in counts.items():
                own = fear_riders.gain(replace(row, stats=replace(
                    block, features=(feature,))), use, reached)
                if own.fear and feature.name in own.sources:
                    read_own.setdefault(feature.name, set()).add(what)
    assert read_watching == WATCHING
    assert {name: ({OWN[name]} <= found) for name, found in read_own.items()} == {
        name: True for name in OWN}


@pytest.mark.parametrize(("text", "reached", "fear"), [
    # Spit Acid: one for each target who marked an HP for want of an Armor Slot
    ("Make an attack … If they can’t mark an Armor Slot, they must mark an additional HP and "
     "you gain a Fear.", Reached(hits=3, no_armor=2), 2),
    ("Make an attack … If they succeed against more than one target, you gain a Fear.",
     Reached(hits=1), 0),
    ("Make an attack … If they succeed against more than one target, you gain a Fear.",
     Reached(hits=3), 1),
    ("… You gain a Fear for each target who marked HP from this attack.",
     Reached(hits=3, hp_marked=2), 2),
    ("Targets who fail lose a Hope and you gain a Fear for each.", Reached(failed=3), 3),
    ("Targets who fail take 2d20+12 magic damage and you gain a Fear.", Reached(failed=3), 1),
    ("Targets who fail take 2d20+12 magic damage and you gain a Fear.", Reached(failed=0), 0),
    ("If the Spy escapes the scene to report their findings, you gain 1d4 Fear.",
     Reached(failed=3), 0),
])
def test_a_features_own_text_counts_its_fear_over_the_targets(text, reached, fear):
    feature = Feature("It", "Action", text)
    block = replace(BEAR, features=(feature,))
    row = replace(combatant_from(block), id=1)
    use = replace(features.use_of(row), feature="It", kind="reaction")
    assert fear_riders.gain(row, use, reached).fear == fear


def test_pack_tactics_condition_is_left_to_the_gm():
    wolf = replace(BEAR, name="Dire Wolf", features=(Feature(
        "Pack Tactics", "Passive", "If the Wolf makes a successful standard attack and another "
        "Dire Wolf is within Melee range of the target, deal 1d6+5 physical damage instead of "
        "their standard damage and you gain a Fear."),))
    row = replace(combatant_from(wolf), id=1)
    assert fear_riders.gain(row, features.use_of(row), Reached(hits=1)).fear == 0
