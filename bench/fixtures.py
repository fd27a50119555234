"""Encounters and campaigns of any size for the benchmarks, built through the store API like a
GM's own.

Adversaries are the shipped sample stat blocks (features, experiences and all), every tenth
combatant is a PC, and the roll log holds what real rolls leave: each line is made by the rules
and ``roll_text.describe`` from an attack, a reaction or a dice roll, payload included.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from encounter_app.domain import CombatantRow, CountdownRow, FearEventRow
from encounter_app.domain.adversaries import combatant_from
from encounter_app.domain.campaign_rows import EncounterEntry
from encounter_app.domain.requests import DiceRequest, RollRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.domain.rows import RollRow, stored_id
from encounter_app.services.rolls.rules_service import compute
from encounter_app.store import Store
from encounter_app.systems import default_systems
from encounter_app.systems.daggerheart.requests import AttackRequest, ReactionRequest, Target
from encounter_app.systems.daggerheart.sample import load_sample_adversaries

PC_EVERY = 10  # one combatant in ten is a PC
BATCH = 1000  # rows written in one transaction (store.unit) while building a large log

R = TypeVar("R")  # what a request's roll gives back


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


def logged_rolls(count: int, rows: list[CombatantRow], seed: int = 8) -> list[RollRow]:
    """``count`` roll-log lines made from answers as the rules service gives them: attacks,
    reactions and free dice."""
    rng = random.Random(seed)
    pcs = [Target(r.name, r.evasion or 10) for r in rows if r.kind == "pc"][:5]
    adversaries = [(r.name, r.stats) for r in rows if r.stats is not None]
    lines = []
    for n in range(count):
        name, stats = adversaries[n % len(adversaries)]
        if n % 4 < 2:
            lines.append(_logged(n + 1, AttackRequest(
                name, stats.attack_modifier, stats.damage, tuple(pcs[: 1 + n % 3]),
                stats.attack_name, advantage=n % 7 == 0), rng))
        elif n % 4 == 2:
            lines.append(_logged(n + 1, ReactionRequest(name, 10 + n % 6, bonus=n % 3), rng))
        else:
            lines.append(_logged(n + 1, DiceRequest(
                ("2d6+3", "1d20+5", "3d8 mag", "2d20kh1")[n // 4 % 4]), rng))
    return lines


def _logged(request_id: int, request: RollRequest[R], rng: random.Random) -> RollRow:
    """The log line of ``request``'s answer: rolled by the rules, described with its payload."""
    return describe(RollResult(request_id, request, compute(request, rng)))


def build_encounter(data_dir: Path, combatants: int, rolls: int) -> Path:
    """A data folder whose latest encounter has ``combatants`` combatants and ``rolls`` rolls."""
    store = Store.open(data_dir, default_systems())
    try:
        campaign = store.create_campaign("Benchmark campaign", system="daggerheart",
                                         party_size=5, fear=4)
        encounter = store.create_encounter(stored_id(campaign), f"{combatants} combatants", seed=5)
        rows = combatant_rows(combatants)
        for row in rows:
            store.insert_combatant(encounter.id, row)
        _log_rolls(store, encounter.id, logged_rolls(rolls, rows))
        first = store.combatants(encounter.id)[0]
        store.set_turn(encounter.id, first.id, 1)
    finally:
        store.close()
    return data_dir


def _log_rolls(store: Store, encounter_id: int, lines: list[RollRow]) -> None:
    """Log ``lines`` one insert_roll each, a transaction per ``BATCH`` (else one per roll)."""
    for start in range(0, len(lines), BATCH):
        with store.unit():
            for line in lines[start:start + BATCH]:
                store.insert_roll(encounter_id, line)


def build_campaign(data_dir: Path, done: int, rolls: int, *, rolls_per_done: int = 100,
                   pcs: int = 4, adversaries: int = 4, countdowns: int = 2,
                   fear_events: int = 6) -> Path:
    """A data folder with one campaign that has grown: ``done`` finished encounters and an
    active one, the encounter that opens; ``rolls`` roll-log lines in all.

    Each encounter has the party (``pcs`` PCs) and ``adversaries`` sample adversaries, and
    ``countdowns`` countdowns. A finished one has ``rolls_per_done`` rolls, all adversaries
    but one defeated, ``fear_events`` lines of the campaign's Fear ledger, a few rounds, and
    status "done" with the summary the store gives from those records (what Finish in the
    campaign view writes). The open encounter has the rest of the rolls (80,000 of 100,000
    with 200 done): opening reads the newest page of its log, so a store that read more of the
    open log than that page would show here. (With the rolls spread evenly instead, the
    sqlite3 store took as long to open: it reads every page of the file at start either way,
    in PRAGMA quick_check.) The campaign's whole Fear ledger is read at every opening too.
    """
    if rolls < done * rolls_per_done:
        raise ValueError(f"{rolls} rolls do not fill {done} encounters of {rolls_per_done}")
    store = Store.open(data_dir, default_systems())
    try:
        campaign = store.create_campaign("Grown campaign", system="daggerheart",
                                         party_size=pcs, fear=0)
        fear = 0
        for n in range(done):
            encounter = store.create_encounter(stored_id(campaign), f"Fight {n + 1}", seed=n,
                                               status="active")
            rows = party_and_adversaries(pcs, adversaries, first=n * adversaries)
            rows = [replace(row, hp_marked=row.hp_max) if row.kind != "pc" else row
                    for row in rows[:-1]] + rows[-1:]
            with store.unit():
                _fill(store, encounter.id, rows, countdowns)
                for k in range(fear_events):
                    change = -min(fear, 2) if k % 3 == 2 else 1
                    fear += change
                    store.record_fear(stored_id(campaign), FearEventRow(
                        change, fear, "a roll with Fear" if change > 0 else "a spotlight",
                        encounter_id=encounter.id))
                store.set_turn(encounter.id, None, 3 + n % 4)
            _log_rolls(store, encounter.id, logged_rolls(rolls_per_done, rows, seed=n))
            store.update_encounter_entry(EncounterEntry(
                encounter.name, encounter.id, "done", f"Session {n // 4 + 1}",
                store.summarize(encounter.id), encounter.seed))
        encounter = store.create_encounter(stored_id(campaign), "The fight now", seed=done,
                                           status="active")
        rows = party_and_adversaries(pcs, adversaries, first=done * adversaries)
        with store.unit():
            _fill(store, encounter.id, rows, countdowns)
        _log_rolls(store, encounter.id,
                   logged_rolls(rolls - done * rolls_per_done, rows, seed=done))
        store.set_turn(encounter.id, stored_id(store.combatants(encounter.id)[0]), 2)
    finally:
        store.close()
    return data_dir


def party_and_adversaries(pcs: int, adversaries: int, first: int = 0) -> list[CombatantRow]:
    """The party's ``pcs`` PCs, then ``adversaries`` sample adversaries from the ``first``."""
    samples = load_sample_adversaries()
    rows = [CombatantRow(kind="pc", name=f"Hero {k + 1}", evasion=9 + k % 5, hp_max=6,
                         stress_max=6) for k in range(pcs)]
    for n in range(first, first + adversaries):
        stats = samples[n % len(samples)]
        rows.append(combatant_from(stats, f"{stats.name} {n % adversaries + 1}"))
    return rows


def _fill(store: Store, encounter_id: int, rows: list[CombatantRow], countdowns: int) -> None:
    for row in rows:
        store.insert_combatant(encounter_id, row)
    for k in range(countdowns):
        start = 4 + k * 2
        store.insert_countdown(encounter_id, CountdownRow(
            f"Countdown {k + 1}", start, start - 2, kind="progress" if k % 2 else "standard"))
