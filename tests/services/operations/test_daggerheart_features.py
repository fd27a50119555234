"""An adversary's feature in one click (issue 30; systems/daggerheart/services/features.py and
``DaggerheartOperations.attack`` / ``use_feature``): its cost, its roll with the adversary's
attack modifier (or the targets' Reaction Rolls), its own damage, and the PCs' marks and
riders, as one undo step; refused with the reason, changing nothing, when it cannot be paid.

The fight is the demo's (Aria Vell: Evasion 9, thresholds 8/17, 4 Armor Slots; Brannoc:
Evasion 8, thresholds 9/19, 5 Armor Slots; Wren Tallow: Evasion 12, thresholds 6/13) with the
SRD's adversaries joining it, and the dice are scripted.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from encounter_app.domain.adversaries import combatant_from
from encounter_app.services.rolls.roller import Roller
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.services import feature_marks, features
from encounter_app.systems.daggerheart.services.features import ReactionResult
from encounter_app.systems.daggerheart.services.operations import DaggerheartOperations
from tests.helpers.features import BURROWER, CONSTRUCT, MINOR_DEMON, scripted_service
from tests.helpers.operations import fight_operations
from tests.helpers.scripted import d


@pytest.fixture
def dice(qtbot):
    """Scripted dice: ``dice(*draws)`` makes the fight's rules service roll them."""
    services = []

    def make(*draws):
        service, script = scripted_service(*draws)
        services.append((service, script))
        return service, script

    yield make
    for service, _script in services:
        service.shutdown()


@pytest.fixture
def play(demo_session, undo_stack, said, dice):
    """``play(*draws)``: the operations over the demo fight, rolling ``draws``; returns them,
    the roller and the script."""

    def make(*draws):
        service, script = dice(*draws)
        roller = Roller(service, demo_session, undo_stack)
        ops = DaggerheartOperations(
            fight_operations(demo_session, undo_stack, roller.router, said), roller)
        return ops, roller, script

    return make


def pcs(session):
    return [c for c in session.combatants if c.kind == "pc"]


def joined(ops, stats):
    assert ops.join(combatant_from(stats))
    return ops.session.combatants[-1]


class Confirm:
    """The GM's hit dialog: keeps every rider as offered, and uses an Armor Slot against the
    damage on the PCs named in ``armor``."""

    def __init__(self, *armor):
        self.armor, self.offers, self.rolls = armor, [], []

    def __call__(self, offers, _source, roll, mark):
        self.offers, self.rolls = list(offers), [*self.rolls, roll]
        mark([replace(feature_marks.default_marks(o), use_armor=o.row.name in self.armor)
              for o in offers])


def state(session):
    return (list(session.combatants), session.fear, list(session.fear_ledger),
            list(session.rolls))


# -- Spit Acid: an attack on every target, its own damage, an Armor Slot ------------------------


def test_spit_acid_hits_two_tracked_pcs_for_2d6_and_an_armor_slot_in_one_undo_step(
        qtbot, play, undo_stack):
    # d20 10 + 3 = 13 hits Aria (9) and Brannoc (8); the 2d6 show 5 and 4: 9 damage.
    ops, roller, script = play(*d(20, 10), *d(6, 5, 4))
    burrower = joined(ops, BURROWER)
    aria, brannoc, _wren = pcs(ops.session)
    before, steps = state(ops.session), undo_stack.count()
    confirm = Confirm(aria.name)  # Aria marks an Armor Slot against the damage
    with qtbot.waitSignal(roller.recorded):
        assert ops.attack(burrower.id, "Spit Acid", [aria.id, brannoc.id], ask=confirm)
    assert script.done  # one d20, then the feature's own 2d6 (not the Claws' 1d12+2)

    assert [(o.row.name, o.damage, o.armor_slot) for o in confirm.offers] == [
        (aria.name, 9, True), (brannoc.name, 9, True)]
    after_aria = ops.session.combatants.by_id(aria.id)
    after_brannoc = ops.session.combatants.by_id(brannoc.id)
    # Aria: 9 is Major (8) but her Armor Slot takes it to Minor: 1 HP; the acid's Armor Slot too.
    assert after_aria.hp_marked == 1 and pc_tracks.tracks(after_aria).armor_marked == 2
    # Brannoc: 9 is Major (9): 2 HP, and the acid's Armor Slot.
    assert after_brannoc.hp_marked == 2 and pc_tracks.tracks(after_brannoc).armor_marked == 1

    line = ops.session.rolls[0]
    assert line.summary.startswith("Acid Burrower Spit Acid: 13, hits")
    assert "d20 (10) + 3 = 13" in line.detail
    assert f"vs Evasion: {aria.name} 9 hit, {brannoc.name} 8 hit" in line.detail
    assert "damage 2d6 (5, 4) = 9" in line.detail
    assert f"{aria.name} marks 1 HP, 2 Armor Slots" in line.detail
    assert f"{brannoc.name} marks 2 HP, an Armor Slot" in line.detail

    assert undo_stack.count() == steps + 1  # cost, roll, marks: one step
    undo_stack.undo()
    assert state(ops.session) == before
    undo_stack.redo()  # the same dice come back
    assert ops.session.rolls[0].detail == line.detail
    assert ops.session.combatants.by_id(aria.id) == after_aria


def test_not_now_keeps_the_roll_and_its_cost_and_marks_nothing(qtbot, play):
    # The Bramble Stalker's Rake and Retreat: "Mark a Stress to make a standard attack".
    ops, roller, _script = play(*d(20, 18), *d(8, 3))
    stalker = next(c for c in ops.session.combatants if c.name == "Bramble Stalker")
    wren = pcs(ops.session)[2]

    def not_now(_offers, _source, _roll, mark):
        mark(())

    with qtbot.waitSignal(roller.recorded):
        assert ops.attack(stalker.id, "Rake and Retreat", [wren.id], ask=not_now)
    assert ops.session.combatants.by_id(stalker.id).stress_marked == 1  # paid
    assert ops.session.combatants.by_id(wren.id) == wren  # nothing marked
    assert "paid 1 Stress" in ops.session.rolls[0].detail
    assert "damage 1d8 (3) + 2 = 5 phy" in ops.session.rolls[0].detail  # the Thorned Claws'


# -- refusals ------------------------------------------------------------------------------------


def test_a_stress_cost_is_refused_when_the_adversarys_stress_is_full(play, said, undo_stack):
    ops, roller, _script = play()
    stalker = next(c for c in ops.session.combatants if c.name == "Bramble Stalker")
    assert ops.set_marks(stalker.id, 0, stalker.stress_max)
    before, steps = state(ops.session), undo_stack.count()
    assert not ops.attack(stalker.id, "Rake and Retreat", [pcs(ops.session)[0].id])
    assert roller.router.pending == 0  # nothing was rolled
    assert said.errors[-1] == ("Bramble Stalker must mark 1 Stress for Rake and Retreat and "
                               "has 0 left (3/3 marked): nothing was rolled.")
    assert state(ops.session) == before and undo_stack.count() == steps


def test_a_fear_cost_is_refused_with_no_fear(play, said, undo_stack):
    ops, roller, _script = play()
    demon = joined(ops, MINOR_DEMON)
    ops.fight.set_fear(0)
    before, steps = state(ops.session), undo_stack.count()
    assert not ops.use_feature(demon.id, "Hellfire",
                               [ReactionResult(p.id, succeeded=False) for p in pcs(ops.session)])
    assert roller.router.pending == 0
    assert said.errors[-1] == ("Not enough Fear for Minor Demon: Hellfire costs 1 Fear, the "
                               "pool has 0: nothing was rolled.")
    assert state(ops.session) == before and undo_stack.count() == steps


def test_the_fear_spent_while_the_dice_roll_leaves_nothing_logged(qtbot, play, said,
                                                                  undo_stack):
    ops, roller, script = play(*d(20, 3))
    demon = joined(ops, MINOR_DEMON)
    ops.fight.set_fear(1)
    steps, rolls = undo_stack.count(), len(ops.session.rolls)
    assert ops.use_feature(demon.id, "Hellfire", [ReactionResult(pcs(ops.session)[0].id, 5)])
    ops.fight.spend_fear()  # the GM spends the last Fear before the dice are in
    qtbot.waitUntil(lambda: script.done and roller.router.pending == 0)
    assert said.errors[-1] == ("Not enough Fear for Minor Demon: Hellfire costs 1 Fear, the "
                               "pool has 0: the roll was not logged.")
    assert len(ops.session.rolls) == rolls and undo_stack.count() == steps + 1


# -- a Reaction Roll: Hellfire, half damage on a success -----------------------------------------


def test_hellfire_deals_full_damage_to_a_failure_and_half_to_a_success(qtbot, play,
                                                                       undo_stack):
    # 1d20+3 shows 14: 17 damage. Aria fails her Agility Reaction Roll (a total of 11 against
    # the Demon's own Difficulty 14); Brannoc says he succeeded: half, 8 (17 / 2 rounded down).
    ops, roller, script = play(*d(20, 14))
    demon = joined(ops, MINOR_DEMON)
    aria, brannoc, _wren = pcs(ops.session)
    fear, steps = ops.session.fear, undo_stack.count()
    before = state(ops.session)
    confirm = Confirm()
    with qtbot.waitSignal(roller.recorded):
        assert ops.use_feature(demon.id, "Hellfire", [ReactionResult(aria.id, total=11),
                                                      ReactionResult(brannoc.id,
                                                                     succeeded=True)],
                               ask=confirm)
    assert script.done
    assert [(o.row.name, o.damage, o.why) for o in confirm.offers] == [
        (aria.name, 17, "failed"), (brannoc.name, 8, "succeeded: half damage")]
    assert ops.session.combatants.by_id(aria.id).hp_marked == 3  # 17: Severe (17)
    assert ops.session.combatants.by_id(brannoc.id).hp_marked == 1  # 8: Minor (Major 9)
    assert ops.session.fear == fear - 1
    line = ops.session.rolls[0]
    assert line.kind == "feature"
    assert line.summary == (f"Minor Demon Hellfire: {aria.name} fails: 17 damage; "
                            f"{brannoc.name} succeeds: 8 damage (half)")
    assert "Agility Reaction Roll (14)" in line.detail
    assert undo_stack.count() == steps + 1
    undo_stack.undo()
    assert state(ops.session) == before


# -- advantage -----------------------------------------------------------------------------------


def test_an_attack_the_text_makes_with_advantage_draws_two_d20s(qtbot, play):
    ops, roller, script = play(*d(20, 4, 17), *d(12, 6))
    construct = joined(ops, CONSTRUCT)
    wren = pcs(ops.session)[2]
    with qtbot.waitSignal(roller.recorded):
        assert ops.attack(construct.id, "Death Quake", [wren.id])
    assert script.done  # two d20s, then the feature's 1d12
    line = ops.session.rolls[0]
    assert "2d20 advantage (4, 17: keeps 17) + 4 = 21" in line.detail
    assert "damage 1d12 (6) + 2 = 8 mag" in line.detail  # its own, not the Fist Slam's 1d20


def test_earth_eruption_makes_those_who_fail_vulnerable_for_a_stress(qtbot, play):
    ops, roller, _script = play()  # no damage: nothing to roll
    burrower = joined(ops, BURROWER)
    aria, brannoc, _wren = pcs(ops.session)
    confirm = Confirm()
    with qtbot.waitSignal(roller.recorded):
        assert ops.use_feature(burrower.id, "Earth Eruption", [
            ReactionResult(aria.id, succeeded=False), ReactionResult(brannoc.id, total=14)],
            ask=confirm)
    assert [(o.row.name, o.damage, o.conditions) for o in confirm.offers] == [
        (aria.name, 0, ("Vulnerable",))]  # Brannoc met the Burrower's Difficulty 14
    assert ops.session.combatants.by_id(aria.id).conditions == ("Vulnerable",)
    assert ops.session.combatants.by_id(brannoc.id) == brannoc
    assert ops.session.combatants.by_id(burrower.id).stress_marked == 1
    assert ops.session.rolls[0].summary == (f"Acid Burrower Earth Eruption: {aria.name} fails; "
                                           f"{brannoc.name} succeeds")
    assert f"{aria.name} marks Vulnerable" in ops.session.rolls[0].detail


# -- what a feature is read as, and what marking its riders does ----------------------------------


def test_what_spit_acid_does_in_words():
    burrower = replace(combatant_from(BURROWER), id=1)
    use = features.use_of(burrower, "Spit Acid")
    assert (use.kind, use.damage, use.range, use.several, use.armor_slot) == (
        "attack", "2d6 phy", "Close", True, True)
    assert use.words() == ("Spit Acid +3 · Close · 2d6 phy · every target in range · a target "
                           "hit marks an Armor Slot · no cost")
    standard = features.use_of(burrower)
    assert (standard.name, standard.damage, standard.several) == ("Claws", "1d12+2 phy", False)


@pytest.mark.parametrize(("marks", "hp", "armor", "stress", "conditions"), [
    # An Armor Slot the feature asks with none free: an HP instead (Spit Acid's words).
    (dict(armor_slot=True), 1, 2, 5, ()),
    # Two Stress with one free: the last Stress (Vulnerable) and an HP for the other.
    (dict(stress=2), 1, 2, 6, ("Vulnerable",)),
    (dict(conditions=("Restrained",)), 0, 2, 5, ("Restrained",)),
])
def test_riders_a_pc_cannot_take_mark_hp_instead(marks, hp, armor, stress, conditions):
    from encounter_app.domain import CombatantRow
    from encounter_app.systems.daggerheart.state import DaggerheartState

    pc = CombatantRow(kind="pc", name="Wren", id=5, hp_max=6, stress_max=6, stress_marked=5,
                      evasion=12, system_state=DaggerheartState(major=6, severe=13, armor=2,
                                                                armor_marked=2))
    after = feature_marks.marked(pc, feature_marks.PcMarks(5, 0, **marks))
    assert (after.hp_marked, pc_tracks.tracks(after).armor_marked, after.stress_marked,
            after.conditions) == (hp, armor, stress, conditions)
