"""Hypothesis strategies for valid stat blocks and encounters: what our format must keep."""

from __future__ import annotations

from hypothesis import strategies as st

from encounter_app.domain.rows import CombatantRow, CountdownRow, Experience, Feature, StatBlock
from encounter_app.exchange import encounter_file as ef
from encounter_app.exchange.encounter_file import EncounterFile
from encounter_app.exchange.statblock import TYPES
from encounter_app.rules.daggerheart import FeatureAction
from encounter_app.rules.daggerheart_features import CONDITIONS, RANGES, TRAITS
from encounter_app.systems.daggerheart.state import DaggerheartState

# Anything a GM can type: every character but lone surrogates, which no keyboard makes.
text = st.text(st.characters(exclude_categories=("Cs",)), max_size=60)
names = text.filter(lambda s: s.strip())
types = st.one_of(st.sampled_from([t for t in TYPES if t != "Horde"]),
                  st.integers(1, 20).map(lambda n: f"Horde ({n}/HP)"))
damage = st.builds(lambda n, sides, flat, kind: f"{n}d{sides}{flat:+d}{kind}".replace("+0", ""),
                   st.integers(1, 6), st.sampled_from([4, 6, 8, 10, 12, 20]),
                   st.integers(-3, 15), st.sampled_from(["", " phy", " mag", " phy/mag"]))


# A feature's reading as the GM may correct it: any of what the rules know, within its limits
# (domain/feature_readings.py).
feature_actions = st.builds(
    FeatureAction, attack=st.booleans(), standard=st.booleans(),
    range=st.none() | st.sampled_from(RANGES), all_targets=st.booleans(),
    damage=st.none() | damage, direct=st.booleans(), advantage=st.booleans(),
    cost_stress=st.integers(0, 99), cost_fear=st.integers(0, 12),
    target_stress=st.integers(0, 99), armor_slot=st.booleans(),
    conditions=st.frozensets(st.sampled_from(CONDITIONS)),
    reaction_roll=st.none() | st.sampled_from(TRAITS),
    reaction_difficulty=st.none() | st.integers(1, 50), half_on_success=st.booleans())


@st.composite
def thresholds(draw) -> tuple[int | None, int | None]:
    major = draw(st.none() | st.integers(1, 199))
    severe = draw(st.none() | st.integers((major or 0) + 1, 200))
    return major, severe


@st.composite
def stat_blocks(draw) -> StatBlock:
    major, severe = draw(thresholds())
    return StatBlock(
        name=draw(names), tier=draw(st.integers(1, 4)), type=draw(types),
        difficulty=draw(st.integers(1, 50)), major=major, severe=severe,
        hp=draw(st.integers(1, 99)), stress=draw(st.integers(0, 99)),
        attack_modifier=draw(st.integers(-20, 20)), attack_name=draw(names),
        attack_range=draw(st.sampled_from(["Melee", "Very Close", "Close", "Far"]) | names),
        damage=draw(damage), description=draw(text), motives=draw(text),
        experiences=tuple(draw(st.lists(st.builds(Experience, names, st.integers(-10, 10)),
                                        max_size=3))),
        features=tuple(draw(st.lists(st.builds(
            Feature, names, st.sampled_from(["Passive", "Action", "Reaction"]), text,
            st.booleans(), st.none() | st.integers(1, 99), st.none() | feature_actions),
            max_size=4))),
    )


@st.composite
def combatants(draw) -> CombatantRow:
    hp_max, stress_max = draw(st.integers(0, 30)), draw(st.integers(0, 30))
    return CombatantRow(
        kind=draw(st.sampled_from(ef.COMBATANT_KINDS)), name=draw(names),
        evasion=draw(st.none() | st.integers(0, 30)), hp_max=hp_max,
        hp_marked=draw(st.integers(0, hp_max)), stress_max=stress_max,
        stress_marked=draw(st.integers(0, stress_max)),
        conditions=tuple(draw(st.lists(names, max_size=3))), hidden=draw(st.booleans()),
        stats=draw(st.none() | stat_blocks()), slow_tokens=draw(st.integers(0, 1)),
        spotlights=draw(st.integers(0, 4)), system_state=draw(daggerheart_states()))


@st.composite
def daggerheart_states(draw) -> DaggerheartState:
    """What a Daggerheart combatant keeps in play: a tracked PC's numbers, or a fresh state."""
    major, severe = draw(thresholds())
    armor = draw(st.integers(0, 12))
    return DaggerheartState(
        major=major, severe=severe, armor=armor, armor_marked=draw(st.integers(0, armor)),
        hope=draw(st.integers(0, 6)), vulnerable_from_stress=draw(st.booleans()),
        spotlight_tokens_used=draw(st.integers(0, 5)))


@st.composite
def countdowns(draw) -> CountdownRow:
    """A countdown as the program keeps one: from a start of 1 or more down to 0."""
    start = draw(st.integers(1, 99))
    return CountdownRow(
        name=draw(names), start=start, value=draw(st.integers(0, start)),
        kind=draw(st.sampled_from(ef.COUNTDOWN_KINDS)), loop=draw(st.sampled_from(ef.LOOPS)),
        long_term=draw(st.booleans()), trigger=draw(st.sampled_from(ef.TRIGGERS)),
        dice=draw(st.none() | st.sampled_from(["1d6", "2d4", "1d12"])),
        link=draw(st.none() | st.integers(1, 9)), loops=draw(st.integers(0, 9)))


@st.composite
def encounters(draw) -> EncounterFile:
    rows = tuple(draw(st.lists(combatants(), max_size=5)))
    return EncounterFile(
        name=draw(names), system="daggerheart", round=draw(st.integers(1, 50)),
        active=draw(st.none() | st.integers(0, len(rows) - 1)) if rows else None,
        scene_intensity=draw(st.sampled_from(ef.INTENSITIES)),
        seed=draw(st.none() | st.integers(0, 2**40)), fear=draw(st.none() | st.integers(0, 12)),
        combatants=rows, countdowns=tuple(draw(st.lists(countdowns(), max_size=4))))
