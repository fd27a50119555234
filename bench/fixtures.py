"""Encounters of any size for the benchmarks, built through the store API like a GM's own.

Adversaries are the shipped sample stat blocks (features, experiences and all), every tenth
combatant is a PC, and the roll log holds what real rolls leave: each line is made by the rules
and ``roll_text.describe`` from an attack, a reaction or a dice roll, payload included.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from encounter_app.demo import load_sample_adversaries
from encounter_app.domain import CombatantRow
from encounter_app.domain.adversaries import combatant_from
from encounter_app.domain.requests import (
    AttackRequest,
    DiceRequest,
    ReactionRequest,
    RollRequest,
    RollResult,
    Target,
)
from encounter_app.domain.roll_text import describe
from encounter_app.domain.rows import stored_id
from encounter_app.services.rolls.rules_service import compute
from encounter_app.store import Store

PC_EVERY = 10  # one combatant in ten is a PC
BATCH = 1000  # rows written in one transaction (store.unit) while building a large log


def combatant_rows(count: int) -> list[CombatantRow]:
    """``count`` combatants: numbered copies of the sample adversaries, with a PC every tenth."""
    samples = load_sample_adversaries()
    rows = []
    for n in range(count):
        if n % PC_EVERY == 0:
            rows.append(CombatantRow(kind="pc", name=f"Hero {n // PC_EVERY + 1}",
                                     evasion=9 + n % 5, hp_max=6 + n % 2, stress_max=6))
        else:
            stats = samples[n % len(samples)]
            row = combatant_from(stats, f"{stats.name} {n}")
            rows.append(replace(row, hp_marked=n % (stats.hp + 1) // 2))
    return rows


def roll_answers(count: int, rows: list[CombatantRow], seed: int = 8) -> list[RollResult]:
    """``count`` answers as the rules service gives them: attacks, reactions and free dice."""
    rng = random.Random(seed)
    pcs = [Target(r.name, r.evasion or 10) for r in rows if r.kind == "pc"][:5]
    adversaries = [(r.name, r.stats) for r in rows if r.stats is not None]
    answers = []
    for n in range(count):
        name, stats = adversaries[n % len(adversaries)]
        request: RollRequest
        if n % 4 < 2:
            request = AttackRequest(name, stats.attack_modifier, stats.damage,
                                    tuple(pcs[: 1 + n % 3]), stats.attack_name,
                                    advantage=n % 7 == 0)
        elif n % 4 == 2:
            request = ReactionRequest(name, 10 + n % 6, bonus=n % 3)
        else:
            request = DiceRequest(("2d6+3", "1d20+5", "3d8 mag", "2d20kh1")[n // 4 % 4])
        answers.append(RollResult(n + 1, request, compute(request, rng)))
    return answers


def build_encounter(data_dir: Path, combatants: int, rolls: int) -> Path:
    """A data folder whose latest encounter has ``combatants`` combatants and ``rolls`` rolls."""
    store = Store.open(data_dir)
    try:
        campaign = store.create_campaign("Benchmark campaign", party_size=5, fear=4)
        encounter = store.create_encounter(stored_id(campaign), f"{combatants} combatants", seed=5)
        rows = combatant_rows(combatants)
        for row in rows:
            store.insert_combatant(encounter.id, row)
        _log_rolls(store, encounter.id, roll_answers(rolls, rows))
        first = store.combatants(encounter.id)[0]
        store.set_turn(encounter.id, first.id, 1)
    finally:
        store.close()
    return data_dir


def _log_rolls(store: Store, encounter_id: int, answers: list[RollResult]) -> None:
    """Log ``answers`` one insert_roll each, a transaction per ``BATCH`` (else one per roll)."""
    for start in range(0, len(answers), BATCH):
        with store.unit():
            for answer in answers[start:start + BATCH]:
                store.insert_roll(encounter_id, describe(answer))
