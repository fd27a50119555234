"""The child the every-statement crash test (tests/store/test_crash_every_statement.py) kills:
one GM action, done as the window does it, SIGKILLed as its n-th SQL statement starts.

Run as a script it is a zygote, as crash_worker.py is: it imports the program's store, services
and Qt once (and reads the SRD file once), then for every request on stdin forks a child that
opens the data folder, builds what the window would (session, undo stack), sets the action up,
and performs it with a trace callback on the store's connection that counts statements:

    test -> zygote:  "<action> <n> <data folder>"
    child -> test:   "statements <JSON list>"   (n = 0 only: what the action ran, in order)
    zygote -> test:  "exit <wait status>"       when the child is gone

    n = -1  the set-up only, then the store is closed: the database before the action
    n = 0   the set-up and the whole action, then the store is closed: the database after it
    n >= 1  SIGKILLed as statement n of the action starts (SQLite calls the trace callback
            before it runs the statement); an action that runs fewer statements is killed
            right after it returns, before the store is closed (the log not copied back)

Each action is a function of the opened store: it sets up (reads, builds the session, does
what must already be on the undo stack) untraced, and returns the action itself.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

from PySide6.QtGui import QUndoCommand

from encounter_app.domain.rows import EnvironmentBlock, StatBlock
from encounter_app.exchange.reader import read_path
from encounter_app.rules.daggerheart import Outcome
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.table import record_outcome
from encounter_app.services.undo import UndoStack
from encounter_app.store import Store
from encounter_app.store.exchange import (
    apply_import,
    campaign_file,
    encounter_file,
    plan_import,
    recreate_campaign,
    recreate_encounter,
)
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.services.adversaries import end_gm_turn, pass_turn, spotlight
from encounter_app.systems.daggerheart.services.library.builder import (
    PlannedAdversary,
    start_encounter,
    start_new_encounter,
)
from encounter_app.systems.daggerheart.services.library.shelves import EncounterEnvironment
from tests.helpers.srd import srd_path
from tests.helpers.systems import SYSTEMS, create_demo
from tests.helpers.trace import raw_connection

CAMPAIGN_ID = ENCOUNTER_ID = 1
Action = Callable[[], object]


# -- the database every action starts from ------------------------------------------------


def prepare(data: Path) -> None:
    """The demo fight in the middle of a GM turn: three adversaries have had the spotlight
    (Bramble Stalker, last in the order, has it now), and "Reinforcements arrive" is one tick
    from triggering, so a player's outcome ticks both countdowns and logs a trigger too."""
    store = Store.open(data, SYSTEMS)
    try:
        encounter = create_demo(store, seed=1)
        assert (encounter.campaign_id, encounter.id) == (CAMPAIGN_ID, ENCOUNTER_ID)
        session, stack = _fight(store)
        by_name = {row.name: row.id for row in session.combatants}
        for name in ("Chapel Warden", "Ashen Sentry", "Bramble Stalker"):
            _push(stack, spotlight(session, by_name[name]).command)
        [reinforcements] = [r for r in store.countdowns(ENCOUNTER_ID)
                            if r.name == "Reinforcements arrive"]
        store.update_countdown(replace(reinforcements, value=1))
    finally:
        store.close()


# -- the actions --------------------------------------------------------------------------


def _fight(store: Store) -> tuple[EncounterSession, UndoStack]:
    """The open fight and the window's undo stack over the store."""
    session = EncounterSession(store, ENCOUNTER_ID, SYSTEMS)
    stack = UndoStack(store)
    stack.refused.connect(_refused)
    return session, stack


def _refused(message: str) -> None:
    print(message, file=sys.stderr)  # why the push below fails


def _push(stack: UndoStack, command: QUndoCommand) -> None:
    assert stack.do(command), f"{command.text()!r} was refused"


def _compound(command: QUndoCommand) -> Compound:
    assert isinstance(command, Compound), f"{command.text()!r} is not a compound here"
    return command


def outcome(store: Store) -> Action:
    """A player rolled a failure with Fear: a Fear and its ledger line, both countdowns tick
    (one triggers), the outcome and the trigger logged."""
    session, stack = _fight(store)
    return lambda: _push(stack, record_outcome(session, Outcome.FAILURE_WITH_FEAR).command)


def undo_outcome(store: Store) -> Action:
    """Undo of that outcome (pushed first, untraced): every part taken back, in reverse."""
    session, stack = _fight(store)
    _push(stack, record_outcome(session, Outcome.FAILURE_WITH_FEAR).command)

    def undo() -> None:
        stack.undo()
        assert stack.index() == 0, "the undo failed"
    return undo


def end_turn(store: Store) -> Action:
    """End GM turn: three spotlight counts reset, the spotlight to the first PC, round 2."""
    session, stack = _fight(store)
    return lambda: _push(stack, _compound(end_gm_turn(session).command))


def next_turn(store: Store) -> Action:
    """Next turn past the end of the order: to a PC, so the GM's turn ends too (a compound)."""
    session, stack = _fight(store)
    return lambda: _push(stack, _compound(pass_turn(session, *session.next_turn())))


def _planned_fight(store: Store) -> tuple[list[PlannedAdversary], EnvironmentBlock]:
    """Six adversaries of three stat blocks, and another place."""
    library = {row.stats.name: row for row in store.templates()}
    plan = [PlannedAdversary(library[name].id, library[name].stats, count)
            for name, count in (("Ashen Sentry", 2), ("Lanternfly Swarm", 1), ("Mire Widow", 3))]
    [place] = [row.stats for row in store.environments() if row.stats.name == "Collapsing Mine"]
    return plan, place


def start_fight(store: Store) -> Action:
    """The builder's Start encounter, added to the open fight."""
    session, stack = _fight(store)
    holder = EncounterEnvironment(store, ENCOUNTER_ID)
    plan, place = _planned_fight(store)
    return lambda: _push(stack, start_encounter(session, holder, plan, place))


def start_new_fight(store: Store) -> Action:
    """The same plan started as a new encounter while the demo's fight runs: the party and
    six adversaries in a new encounter of the campaign, in another place."""
    session, _stack = _fight(store)
    holder = EncounterEnvironment(store, ENCOUNTER_ID)
    plan, place = _planned_fight(store)
    return lambda: start_new_encounter(session, holder, plan, place)


def import_samples(store: Store) -> Action:
    """A newer edition of the sample adversaries (every one a duplicate of the library's):
    two replace their templates, one is skipped, the rest are added beside them."""
    blocks = [replace(block, difficulty=block.difficulty + 1)
              for block in load_sample_adversaries()]
    plan = plan_import(store, blocks, "sample v2", {0: "replace", 2: "skip", 3: "replace"},
                       default="keep")
    assert (len(plan.inserted), len(plan.replaced), len(plan.skipped)) == (5, 2, 1)
    return lambda: apply_import(store, plan)


@cache
def srd_blocks() -> tuple[str, tuple[StatBlock, ...]] | None:
    path = srd_path()
    if path is None:
        return None
    parsed = read_path(SYSTEMS, path)
    return parsed.template_source, tuple(parsed.adversaries)


def import_srd(store: Store) -> Action:
    """The SRD's 129 adversaries into the library (none of them a duplicate)."""
    found = srd_blocks()
    assert found is not None, "the SRD adversaries file is not beside the repository"
    source, blocks = found
    plan = plan_import(store, blocks, source)
    return lambda: apply_import(store, plan)


def campaign_import(store: Store) -> Action:
    """A campaign file (the demo campaign's own) as a new campaign: its party, its encounter
    with seven combatants and two countdowns."""
    file = campaign_file(store, CAMPAIGN_ID)
    return lambda: recreate_campaign(store, file)


def encounter_import(store: Store) -> Action:
    """An encounter file (the demo fight's own, with Fear 5) as a new encounter of the
    campaign: the Fear moves too, with its ledger line."""
    file = encounter_file(store, ENCOUNTER_ID)
    file = replace(file, fear=(file.fear or 0) + 2)
    return lambda: recreate_encounter(store, CAMPAIGN_ID, file, "from a test file")


ACTIONS: dict[str, Callable[[Store], Action]] = {
    "outcome": outcome,
    "undo_outcome": undo_outcome,
    "end_gm_turn": end_turn,
    "next_turn": next_turn,
    "start_encounter": start_fight,
    "start_new_encounter": start_new_fight,
    "import_samples": import_samples,
    "import_srd": import_srd,
    "recreate_campaign": campaign_import,
    "recreate_encounter": encounter_import,
}


# -- the child and the zygote -------------------------------------------------------------


def _say(line: str) -> None:
    os.write(1, f"{line}\n".encode())  # one unbuffered write: nothing waits in a buffer


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(60)  # never reached: the kernel ends the process before kill() returns


def _child(action: str, data: Path, n: int) -> None:
    store = Store.open(data, SYSTEMS)
    perform = ACTIONS[action](store)
    if n < 0:
        store.close()
        return
    seen: list[str] = []

    def count(statement: str) -> None:
        seen.append(statement)
        if len(seen) == n:
            _die()

    connection = raw_connection(store)
    connection.set_trace_callback(count)
    perform()
    if n:
        _die()  # after the action's last statement
    connection.set_trace_callback(None)
    store.close()
    _say("statements " + json.dumps([" ".join(s.split())[:100] for s in seen]))


def main() -> None:
    srd_blocks()  # read once here, not in every child
    for request in sys.stdin:
        action, n, folder = request.rstrip("\n").split(maxsplit=2)
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                _child(action, Path(folder), int(n))
                status = 0
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(status)
        _, status = os.waitpid(pid, 0)
        _say(f"exit {status}")


if __name__ == "__main__":
    main()
