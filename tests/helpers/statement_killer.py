"""The child the every-statement crash test (tests/store/test_crash_every_statement.py) kills:
one GM action, done as the window does it, SIGKILLed as its n-th SQL statement starts.

Run as a script (its argument: a folder for the files it writes) it is a zygote, as
crash_worker.py is: it imports the program's store, services and Qt once (reads the SRD file,
writes the files the imports read and loads each system's sample once), then for every request
on stdin forks a child that opens the data folder, builds what the window would (session, undo
stack), sets the action up, and performs it with a trace callback on the store's connection
that counts statements:

    test -> zygote:  "<action> <n> <data folder>"
    child -> test:   "statements <JSON list>"   (n = 0 only: what the action ran, in order)
    zygote -> test:  "exit <wait status>"       when the child is gone

    n = -1  the set-up only, then the store is closed: the database before the action
    n = 0   the set-up and the whole action, then the store is closed: the database after it
    n >= 1  SIGKILLed as statement n of the action starts (SQLite calls the trace callback
            before it runs the statement); an action that runs fewer statements is killed
            right after it returns, before the store is closed (the log not copied back)

Each action is a function of the opened store: it sets up (reads, builds the session, does
what must already be on the undo stack) untraced, and returns the action itself. The test hands
each a copy of the prepared database (``prepare``), or of a new, empty one (a first start, an
import into a new database).
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

from encounter_app.cli_import import import_into
from encounter_app.demo import first_start
from encounter_app.domain.rows import CountdownRow, EnvironmentBlock, StatBlock, stored_id
from encounter_app.exchange.campaign_file import write_campaign
from encounter_app.exchange.encounter_file import write_encounter
from encounter_app.exchange.reader import Parsed, read_path
from encounter_app.rules.daggerheart import Outcome
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.campaigns.operations import open_in_store
from encounter_app.services.exchange_commands import ImportTemplates
from encounter_app.services.exchange_operations import ExchangeOperations
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
from tests.helpers.systems import KEYS, SYSTEMS, create_demo
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


def undo_samples_import(store: Store) -> Action:
    """Undo of that import of the sample adversaries (pushed first, untraced): the five added
    go again and the two replaced come back, as the window's Undo does."""
    _session, stack = _fight(store)
    blocks = [replace(block, difficulty=block.difficulty + 1)
              for block in load_sample_adversaries()]
    plan = plan_import(store, blocks, "sample v2", {0: "replace", 2: "skip", 3: "replace"},
                       default="keep")
    _push(stack, ImportTemplates(store, plan, "sample v2", lambda: None))

    def undo() -> None:
        stack.undo()
        assert stack.index() == 0, "the undo failed"
    return undo


# -- opening another encounter, another campaign --------------------------------------------


def open_encounter(store: Store) -> Action:
    """Campaign › Manage campaigns… › Open on a draft of the open fight's campaign: it becomes
    active, the long-term countdown comes along from the demo's fight, and it is remembered as
    the encounter that reopens (what Launched.open_encounter writes before it rebuilds the
    window; tests/ui/test_one_transaction.py counts the window's commits)."""
    [tide] = [r for r in store.countdowns(ENCOUNTER_ID) if r.name == "Reinforcements arrive"]
    store.update_countdown(replace(tide, long_term=True))
    crypt = store.create_encounter(CAMPAIGN_ID, "The crypt")
    return lambda: open_in_store(store, crypt.id)


def _other_campaign(store: Store) -> tuple[int, int]:
    """A second campaign: a fight done last week with its long-term countdown, and a draft."""
    other = stored_id(store.create_campaign("Sablewood", system="daggerheart", fear=3))
    done = store.create_encounter(other, "Last week's fight", status="done")
    store.insert_countdown(done.id, CountdownRow("The heist", 6, 4, long_term=True))
    return other, store.create_encounter(other, "The vault").id


def open_other_campaign(store: Store) -> Action:
    """Open that draft of the other campaign: the open fight moves to another campaign."""
    _other, vault = _other_campaign(store)
    return lambda: open_in_store(store, vault)


def view_other_campaign(store: Store) -> Action:
    """The campaign view shows the other campaign, which it reopens at next time."""
    other, _vault = _other_campaign(store)
    book = CampaignBook(store, SYSTEMS, CAMPAIGN_ID)
    return lambda: book.view(other)


# -- a first start, and the files the command line and the window import --------------------


def first_start_of(key: str) -> Callable[[Store], Action]:
    """The first start with ``key``'s sample (launch's demo_system), on the new database
    Store.open made in an empty folder."""
    def setup(store: Store) -> Action:
        return lambda: first_start(store, SYSTEMS.get(key), seed=1)
    return setup


#: Where the zygote writes the files the imports read (its command line's argument).
FILES = Path(sys.argv[1]) if __name__ == "__main__" else Path()


@cache
def exported() -> dict[str, Path]:
    """The demo's encounter (with Fear 7) and campaign as the program writes them to files,
    made once in the zygote, read by each child as the command line and the window read."""
    folder = FILES / "exported"
    store = Store.open(folder, SYSTEMS)
    try:
        create_demo(store, seed=1)
        encounter = replace(encounter_file(store, ENCOUNTER_ID), fear=7)
        files = {"encounter": folder / "chapel-fight.json",
                 "campaign": folder / "chapel-campaign.json"}
        files["encounter"].write_text(write_encounter(encounter), encoding="utf-8")
        files["campaign"].write_text(write_campaign(campaign_file(store, CAMPAIGN_ID)),
                                     encoding="utf-8")
    finally:
        store.close()
    return files


def _read(kind: str) -> Parsed:
    parsed = read_path(SYSTEMS, exported()[kind])
    assert parsed.kind == kind, parsed
    return parsed


def cli_import_encounter(store: Store) -> Action:
    """encounter-app import of an encounter file: a new encounter of the campaign that opens,
    its Fear moved with a ledger line, and remembered as the one the window opens next. Into
    a new, empty database a campaign is made for it first (that was three commits: a failure
    after the first left an empty campaign)."""
    parsed = _read("encounter")
    return lambda: import_into(store, parsed, "skip")


def window_campaign_import(store: Store) -> Action:
    """File › Import of a campaign file in the window: one undo step, written by its redo."""
    session, stack = _fight(store)
    operations = ExchangeOperations(store, session, stack, lambda text, error=False: None)
    parsed = _read("campaign")

    def run() -> None:
        assert operations.import_campaign(parsed, lambda _id: None, lambda _id: None)
        assert stack.count() == 1
    return run


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
    "undo_import_samples": undo_samples_import,
    "open_encounter": open_encounter,
    "open_other_campaign": open_other_campaign,
    "view_other_campaign": view_other_campaign,
    **{f"first_start_{key}": first_start_of(key) for key in KEYS},
    "cli_import_encounter": cli_import_encounter,
    "cli_import_new_database": cli_import_encounter,  # handed a new, empty database
    "window_campaign_import": window_campaign_import,
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
    exported()
    for key in KEYS:  # each system's package and sample loaded once, before the forks
        SYSTEMS.get(key).sample()
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
