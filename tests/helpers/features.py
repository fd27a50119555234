"""Adversaries whose features the program plays in one click (issue 30), with the SRD's own
words, and a rules service whose dice are scripted, for exact tests of a feature's use.

The stat blocks are the SRD 1.0's (shared/data/srd/adversaries.json), copied so the tests run
without that file.
"""

from __future__ import annotations

from encounter_app.domain import Experience, Feature, StatBlock
from encounter_app.services.rolls.rules_service import RulesService
from tests.helpers.scripted import ScriptedRng

SPIT_ACID = Feature(
    "Spit Acid", "Action",
    "Make an attack against all targets in front of the Burrower within Close range. Targets "
    "the Burrower succeeds against take 2d6 physical damage and must mark an Armor Slot without "
    "receiving its benefits (they can still use armor to reduce the damage). If they can’t mark "
    "an Armor Slot, they must mark an additional HP and you gain a Fear.")
EARTH_ERUPTION = Feature(
    "Earth Eruption", "Action",
    "Mark a Stress to have the Burrower burst out of the ground. All creatures within Very "
    "Close range must succeed on an Agility Reaction Roll or be knocked over, making them "
    "Vulnerable until they next act.")
ACID_BATH = Feature(
    "Acid Bath", "Reaction",
    "When the Burrower takes Severe damage, all creatures within Close range are bathed in "
    "their acidic blood, taking 1d10 physical damage. This splash covers the ground within Very "
    "Close range with blood, and all creatures other than the Burrower who move through it take "
    "1d6 physical damage.")
BURROWER = StatBlock(
    name="Acid Burrower", tier=1, type="Solo", difficulty=14, major=8, severe=15, hp=8,
    stress=3, attack_modifier=3, attack_name="Claws", attack_range="Very Close",
    damage="1d12+2 phy", experiences=(Experience("Tremor Sense", 2),),
    features=(
        Feature("Relentless (3)", "Passive", "The Burrower can be spotlighted up to three "
                "times per GM turn. Spend Fear as usual to spotlight them."),
        EARTH_ERUPTION, SPIT_ACID, ACID_BATH,
    ))

HELLFIRE = Feature(
    "Hellfire", "Action",
    "Spend a Fear to rain down hellfire within Far range. All targets within the area must "
    "make an Agility Reaction Roll. Targets who fail take 1d20+3 magic damage. Targets who "
    "succeed take half damage.", fear=True)
MINOR_DEMON = StatBlock(
    name="Minor Demon", tier=1, type="Solo", difficulty=14, major=8, severe=15, hp=8, stress=4,
    attack_modifier=3, attack_name="Claws", attack_range="Melee", damage="1d8+6 phy",
    features=(HELLFIRE,))

DEATH_QUAKE = Feature(
    "Death Quake", "Reaction",
    "When the Construct marks their last HP, the magic powering them ruptures in an explosion "
    "of force. Make an attack with advantage against all targets within Very Close range. "
    "Targets the Construct succeeds against take 1d12+2 magic damage.")
CONSTRUCT = StatBlock(
    name="Construct", tier=1, type="Solo", difficulty=13, major=7, severe=15, hp=9, stress=4,
    attack_modifier=4, attack_name="Fist Slam", attack_range="Melee", damage="1d20 phy",
    features=(DEATH_QUAKE,))


def scripted_service(*draws: tuple[int, int]) -> tuple[RulesService, ScriptedRng]:
    """A rules service that rolls ``draws`` ((sides, value), tests/helpers/scripted.d) in
    order, whatever it is asked; the caller shuts it down."""
    script = ScriptedRng(*draws)
    return RulesService(compute=lambda request, _rng: request.compute(script)), script
