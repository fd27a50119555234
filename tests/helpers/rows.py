"""Stat blocks the store, library and migration tests write and expect to read back whole.

BANDIT has a bit of everything (thresholds, experiences, a Fear feature); SHAMAN has no
thresholds and nothing optional, so both ends of a stat block are covered.
"""

from __future__ import annotations

from encounter_app.domain import Experience, Feature, StatBlock

BANDIT = StatBlock(
    name="Jagged Knife Bandit",
    tier=1,
    type="Standard",
    difficulty=12,
    major=8,
    severe=14,
    hp=5,
    stress=3,
    attack_modifier=1,
    attack_name="Daggers",
    attack_range="Melee",
    damage="1d8+1 phy",
    description="A cunning criminal in a cloak.",
    motives="Escape, profit, steal, throw smoke",
    experiences=(Experience("Thief", 2), Experience("Unseen", -1)),
    features=(
        Feature("Climber", "Passive", "Climbs as easily as it runs."),
        Feature("From Above", "Action", "Drops onto a target below.", fear=True),
        Feature("Backstab", "Reaction", "Deals extra damage when flanking."),
    ),
)

SHAMAN = StatBlock(
    name="Cave Shaman", tier=2, type="Support", difficulty=14, major=None, severe=None,
    hp=4, stress=5, attack_modifier=2, attack_name="Staff", attack_range="Close",
    damage="2d6 mag",
)
