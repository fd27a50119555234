"""The writer the crash test kills: GM actions through the Store, each announced once committed.

Run as a script it is a zygote: it loads the store layer once, then for every request on stdin
forks a child that opens the data folder and performs actions until it is killed. Forking
saves the second of interpreter start-up per kill point, so one test can kill dozens of times.

    test -> zygote:  "<data folder> <index of the first action>"
    zygote -> test:  "pid <child's pid>"
    child -> test:   "done <i>" once action i is committed, for i = first, first + 1, ...
    zygote -> test:  "exit <wait status>" when the child is gone

The actions are a pure function of their index and the fight so far, so the test replays them
on a ``Fight`` (plain lists) to know exactly what the database must hold after n of them.
"""

from __future__ import annotations

import os
import random
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from encounter_app.domain import CombatantRow, CountdownRow, RollRow
from encounter_app.store import Store
from tests.helpers.systems import SYSTEMS

CAMPAIGN_ID = 1
ENCOUNTER_ID = 1
MAX_ACTIONS_PER_CHILD = 400  # the test kills long before; a child never exits on its own


@dataclass
class Fight:
    """What the database holds, as the test can compare it."""

    combatants: list[tuple[str, int, int]] = field(default_factory=list)  # name, HP, Stress
    countdowns: list[tuple[str, int]] = field(default_factory=list)  # name, value
    rolls: list[str] = field(default_factory=list)  # oldest first
    fear: int = 0
    active: str | None = None
    round: int = 1


def choose(i: int, fight: Fight) -> tuple:
    """Action i: an operation and its arguments, decided by i and the fight so far."""
    rng = random.Random(i)
    n, m = len(fight.combatants), len(fight.countdowns)
    options = ["add", "fear", "roll", "countdown"]
    if n:
        options += ["remove", "marks", "turn"] + (["move"] if n > 1 else [])
        if n > 12:
            options = ["remove", "move"]  # keep the lists short enough to stay fast
    if m:
        options += ["tick"] + (["drop"] if m > 3 else [])
    op = rng.choice(options)
    if op == "add":
        return op, f"c{i}", rng.randint(0, n)
    if op in ("remove", "turn"):
        return op, rng.randrange(n)
    if op == "move":
        return op, rng.randrange(n), rng.randrange(n)
    if op == "marks":
        return op, rng.randrange(n), rng.randint(0, 6), rng.randint(0, 6)
    if op == "fear":
        return op, rng.randint(0, 12)
    if op == "roll":
        return op, f"roll {i}"
    if op == "countdown":
        return op, f"t{i}", rng.randint(1, 8)
    return op, rng.randrange(m)  # tick, drop


def apply_to_fight(fight: Fight, action: tuple) -> None:
    op, *args = action
    if op == "add":
        fight.combatants.insert(args[1], (args[0], 0, 0))
    elif op == "remove":
        name = fight.combatants.pop(args[0])[0]
        if fight.active == name:
            fight.active = None
    elif op == "move":
        fight.combatants.insert(args[1], fight.combatants.pop(args[0]))
    elif op == "marks":
        fight.combatants[args[0]] = (fight.combatants[args[0]][0], args[1], args[2])
    elif op == "turn":
        fight.active, fight.round = fight.combatants[args[0]][0], fight.round + 1
    elif op == "fear":
        fight.fear = args[0]
    elif op == "roll":
        fight.rolls.append(args[0])
    elif op == "countdown":
        fight.countdowns.append((args[0], args[1]))
    elif op == "tick":
        name, value = fight.countdowns[args[0]]
        fight.countdowns[args[0]] = (name, max(0, value - 1))
    elif op == "drop":
        fight.countdowns.pop(args[0])


def apply_to_store(store: Store, action: tuple) -> None:
    """The same action through the Store: one committed transaction."""
    op, *args = action
    eid = ENCOUNTER_ID
    if op == "add":
        store.insert_combatant(eid, CombatantRow(kind="pc", name=args[0], hp_max=6,
                                                 stress_max=6), args[1])
    elif op == "remove":
        store.remove_combatant(store.combatants(eid)[args[0]].id)
    elif op == "move":
        store.move_combatant(eid, args[0], args[1])
    elif op == "marks":
        row = store.combatants(eid)[args[0]]
        store.update_combatant(replace(row, hp_marked=args[1], stress_marked=args[2]))
    elif op == "turn":
        store.set_turn(eid, store.combatants(eid)[args[0]].id, store.encounter(eid).round + 1)
    elif op == "fear":
        store.set_fear(CAMPAIGN_ID, args[0])
    elif op == "roll":
        store.insert_roll(eid, RollRow(kind="dice", summary=args[0], payload={"dice": [4, 2]}))
    elif op == "countdown":
        store.insert_countdown(eid, CountdownRow(args[0], args[1], args[1]))
    elif op == "tick":
        row = store.countdowns(eid)[args[0]]
        store.update_countdown(replace(row, value=max(0, row.value - 1)))
    elif op == "drop":
        store.remove_countdown(store.countdowns(eid)[args[0]].id)


def fight_after(n: int) -> Fight:
    fight = Fight()
    for i in range(n):
        apply_to_fight(fight, choose(i, fight))
    return fight


def read_fight(store: Store) -> Fight:
    combatants = store.combatants(ENCOUNTER_ID)
    encounter = store.encounter(ENCOUNTER_ID)
    names = {c.id: c.name for c in combatants}
    return Fight(
        combatants=[(c.name, c.hp_marked, c.stress_marked) for c in combatants],
        countdowns=[(c.name, c.value) for c in store.countdowns(ENCOUNTER_ID)],
        rolls=[r.summary for r in reversed(store.rolls(ENCOUNTER_ID))],
        fear=store.campaign(CAMPAIGN_ID).fear,
        active=names.get(encounter.active_combatant_id),
        round=encounter.round,
    )


def prepare(data: Path) -> None:
    """The campaign and encounter every child writes into (made before any kill)."""
    store = Store.open(data, SYSTEMS)
    try:
        campaign = store.create_campaign("Crash test", system="daggerheart", fear=0)
        encounter = store.create_encounter(campaign.id, "Under fire")
        assert (campaign.id, encounter.id) == (CAMPAIGN_ID, ENCOUNTER_ID)
    finally:
        store.close()


def _say(line: str) -> None:
    os.write(1, f"{line}\n".encode())  # one unbuffered write: nothing waits in a buffer


def _child(data: Path, first: int) -> None:
    fight = fight_after(first)
    store = Store.open(data, SYSTEMS)
    for i in range(first, first + MAX_ACTIONS_PER_CHILD):
        action = choose(i, fight)
        apply_to_store(store, action)
        apply_to_fight(fight, action)
        _say(f"done {i}")
    time.sleep(60)  # wait to be killed: exiting by itself would let its pid be reused


def main() -> None:
    for request in sys.stdin:
        folder, first = request.rsplit(maxsplit=1)
        pid = os.fork()
        if pid == 0:
            try:
                _child(Path(folder), int(first))
            finally:
                os._exit(1)
        _say(f"pid {pid}")
        _, status = os.waitpid(pid, 0)
        _say(f"exit {status}")


if __name__ == "__main__":
    main()
