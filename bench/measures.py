"""The measures that run inside the benchmark's own process: rolls, a reorder, the odds.

Each returns plain numbers; ``bench.__main__`` compares them with the budgets. They use the real
pieces (RulesService on its thread, the launched window's InitiativeModel, rules.odds), never a
stand-in, so a change that slows the program slows these too.
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop, QModelIndex, Qt, QTimer
from PySide6.QtWidgets import QApplication

from encounter_app.domain.requests import RollResult
from encounter_app.rules import odds
from encounter_app.rules.daggerheart import AttackResult
from encounter_app.services.rolls.rules_service import RulesService
from encounter_app.systems.daggerheart.requests import AttackRequest, Target
from encounter_app.systems.daggerheart.sample import load_sample_adversaries

if TYPE_CHECKING:
    from encounter_app.app import Launched

TARGETS = tuple(Target(f"Hero {n}", evasion) for n, evasion in enumerate((9, 10, 11, 12, 14)))
ATTACK = AttackRequest("Ashen Sentry 7", 2, "1d10+4 phy", TARGETS[:3], "Cinder Maul")


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100), nearest rank: the value q % of the samples stay under."""
    ordered = sorted(values)
    rank = max(1, round(q / 100 * len(ordered) + 0.5))
    return ordered[min(rank, len(ordered)) - 1]


def roll_round_trips(count: int = 1000) -> list[float]:
    """Seconds from submit() on the GUI thread to the ``rolled`` slot, one roll at a time."""
    service = RulesService(seed=1)
    loop = QEventLoop()
    answered: list[float] = []

    def rolled(_answer: RollResult[AttackResult]) -> None:
        answered.append(time.perf_counter())
        loop.quit()

    service.rolled.connect(rolled)
    times = []
    try:
        for _ in range(count + 20):  # the first 20 warm the thread and the caches
            start = time.perf_counter()
            service.submit(ATTACK)
            loop.exec()  # the answer can only arrive through this loop
            times.append(answered[-1] - start)
    finally:
        service.shutdown()
    return times[20:]


def rolls_per_second(count: int = 20_000) -> float:
    """Submit ``count`` rolls at once and count the answers as they arrive."""
    service = RulesService(seed=2)
    loop = QEventLoop()
    answers = 0

    def rolled(_answer: RollResult[AttackResult]) -> None:
        nonlocal answers
        answers += 1
        if answers == count:
            loop.quit()

    service.rolled.connect(rolled)
    give_up = QTimer(singleShot=True, interval=60_000)
    give_up.timeout.connect(loop.quit)
    try:
        start = time.perf_counter()
        for _ in range(count):
            service.submit(ATTACK)
        give_up.start()
        loop.exec()
        elapsed = time.perf_counter() - start
    finally:
        give_up.stop()
        service.shutdown()
    if answers != count:
        raise RuntimeError(f"only {answers} of {count} rolls came back")
    return count / elapsed


def gui_app() -> QApplication:
    """This process's QApplication, which ``bench.__main__`` makes before any window measure."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        raise RuntimeError("the window measures need a QApplication (bench.__main__ makes it)")
    return app


def settle(app: QApplication, seconds: float) -> None:
    """Run the event loop for a while: batched layouts and first paints finish."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)


def reorder_times(data_dir: Path, moves: int = 300
                  ) -> tuple[list[float], list[float], list[float]]:
    """Seconds for one drag-and-drop move in the launched window, database write included.

    The drop goes through InitiativeModel.dropMimeData as a view delivers it: the model pushes
    a MoveCombatant command, the session writes the store and moves its row, and the views
    follow. The time runs until the event loop has handled what the move posted (the lists'
    re-layout and repaint), so it is the cost of the frame that shows the move. Between moves
    the loop runs untimed until the card view has placed its later batches, as it does while
    a GM lets go of one row and picks up the next. Rows go anywhere in the list, near or far.
    Returns the frame times, the part spent in dropMimeData itself, and the GUI thread's CPU
    time for each frame (what the frame cost when no other process wanted the cores).
    """
    from encounter_app.app import launch

    app = gui_app()
    launched = launch(data_dir, show=True)
    try:
        settle(app, 2.0)
        model = launched.window.initiative_model
        count = model.rowCount()
        rng = random.Random(3)
        times, drops, cpu = [], [], []
        for _ in range(moves):
            source = rng.randrange(count)
            drop_row = rng.randrange(count + 1)
            if drop_row in (source, source + 1):
                drop_row = (source + 2) % (count + 1)
            mime = model.mimeData([model.index(source)])
            settle(app, 0.12)
            start, start_cpu = time.perf_counter(), time.thread_time()
            model.dropMimeData(mime, Qt.DropAction.MoveAction, drop_row, 0, QModelIndex())
            dropped = time.perf_counter()
            app.processEvents()
            times.append(time.perf_counter() - start)
            cpu.append(time.thread_time() - start_cpu)
            drops.append(dropped - start)
        stored = [c.id for c in launched.store.combatants(launched.session.encounter_id)]
        if stored != [c.id for c in launched.session.combatants]:
            raise RuntimeError("the store's order and the window's differ after the moves")
    finally:
        launched.shutdown()
    return times, drops, cpu


def odds_times() -> list[float]:
    """Seconds for one attack preview per sample adversary and d20 mode, caches emptied."""
    evasions = [target.evasion for target in TARGETS]
    times = []
    for stats in load_sample_adversaries():
        for advantage, disadvantage in ((False, False), (True, False), (False, True)):
            odds.clear_cache()
            start = time.perf_counter()
            preview = odds.attack_odds(stats.attack_modifier, evasions, stats.damage,
                                       advantage=advantage, disadvantage=disadvantage)
            times.append(time.perf_counter() - start)
            if abs(sum(preview.damage.values()) - 1) > 1e-9:
                raise RuntimeError(f"the damage odds of {stats.damage} do not add up to 1")
    return times


def summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "p99": percentile(values, 99),
            "max": max(values), "count": len(values)}


def launched_as_run(data_dir: Path) -> Launched:
    """The program on ``data_dir`` as ``encounter-app`` starts it: no cycle collection while
    it is built, and what was built frozen then (encounter_app/startup.py, run.py), so a
    collection later does not walk the fight's thousand rows again (half a second here)."""
    from encounter_app import startup
    from encounter_app.app import launch

    startup.pause_collection()
    try:
        return launch(data_dir, show=True)
    finally:
        startup.resume_collection()


def page_fanout(data_dir: Path, phones: int = 50, moves: int = 200
                ) -> tuple[list[float], list[float], list[float], int]:
    """The players' page shared on the loopback address with ``phones`` simulated phones
    connected (bench/page_phones.py, another process): for each drag-and-drop move, seconds
    from the GM's drop to the moment the last phone has the change, and the move's frame
    time on the GUI thread (as ``reorder_times``, and its CPU time) while they are connected;
    then the bytes a phone is sent for one combatant's change (a condition marked on one
    adversary)."""
    import json
    import subprocess
    import sys
    from dataclasses import replace

    from encounter_app.services.fight.commands import UpdateCombatant

    app = gui_app()
    launched = launched_as_run(data_dir)
    crowd = None
    try:
        page = launched.window.players_page
        assert page is not None
        url = page.share("127.0.0.1")
        assert page.server is not None and page.server.ready.wait(10)
        ws = url.replace("http://", "ws://", 1) + "ws"
        crowd = subprocess.Popen([sys.executable, "-m", "bench.page_phones", ws, str(phones)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert crowd.stdout is not None and crowd.stdin is not None
        if crowd.stdout.readline().strip() != "ready":
            raise RuntimeError("the simulated phones did not connect")
        settle(app, 1.0)
        model = launched.window.initiative_model
        count = model.rowCount()
        rng = random.Random(5)
        starts, frames, cpu = [], [], []
        for _ in range(moves):
            source = rng.randrange(count)
            drop_row = rng.randrange(count + 1)
            if drop_row in (source, source + 1):
                drop_row = (source + 2) % (count + 1)
            mime = model.mimeData([model.index(source)])
            settle(app, 0.15)  # every phone has the last change before the next move
            start, start_cpu = time.perf_counter(), time.thread_time()
            starts.append(time.monotonic())
            model.dropMimeData(mime, Qt.DropAction.MoveAction, drop_row, 0, QModelIndex())
            app.processEvents()
            frames.append(time.perf_counter() - start)
            cpu.append(time.thread_time() - start_cpu)
        settle(app, 0.3)
        session = launched.session
        marked = next(c for c in session.combatants if c.kind == "adversary" and not c.hidden)
        launched.undo_stack.push(UpdateCombatant(
            session, replace(marked, conditions=(*marked.conditions, "Vulnerable")), "Mark"))
        settle(app, 2.0)  # on a busy machine too, every phone has it
        crowd.stdin.write("report\n")
        crowd.stdin.flush()
        received: list[list[list[float]]] = json.loads(crowd.stdout.readline())
        crowd.wait(30)
    finally:
        if crowd is not None and crowd.poll() is None:
            crowd.kill()
        launched.shutdown()
    if any(len(got) != moves + 1 for got in received):
        raise RuntimeError("a phone missed a change or got one too many: "
                           f"{sorted({len(got) for got in received})} of {moves + 1}")
    fanout = [max(got[n][0] for got in received) - start for n, start in enumerate(starts)]
    update_bytes = max(int(got[moves][1]) for got in received)
    return fanout, frames, cpu, update_bytes


def page_flood_lag(data_dir: Path, pages: int = 64, seconds: float = 10.0,
                   per_second: float = 10.0) -> tuple[list[float], int, dict[str, int]]:
    """The GM window's event-loop lag while ``pages`` phones (bench/page_phones.py, another
    process), each holding a character of its own, send ``per_second`` rolls a second for
    ``seconds``: far past the limit the server keeps per character, so most are refused and
    the rest reach the GM's inbox. A timer asks for the GUI thread every 5 ms; each lag is
    how much later than that it got it. Returns the lags, the rolls sent and what the phones
    got back (how many of each answer)."""
    import json
    import queue
    import subprocess
    import sys
    import threading

    from PySide6.QtCore import QEventLoop

    app = gui_app()
    launched = launched_as_run(data_dir)
    crowd = None
    lines: queue.Queue[str] = queue.Queue()

    def line(within: float) -> str:
        """The crowd's next line, the GUI's events served meanwhile (the claims go through
        the GUI thread)."""
        end = time.perf_counter() + within
        while time.perf_counter() < end:
            try:
                return lines.get(timeout=0.01)
            except queue.Empty:
                app.processEvents()
        raise RuntimeError("the simulated phones did not answer")

    try:
        page = launched.window.players_page
        assert page is not None
        page.set_inbox(launched.window.phone_inbox)  # as app.py hands it over (once)
        url = page.share("127.0.0.1")
        assert page.server is not None and page.server.ready.wait(10)
        ws = url.replace("http://", "ws://", 1) + "ws"
        crowd = subprocess.Popen([sys.executable, "-m", "bench.page_phones", ws, str(pages),
                                  "flood", str(seconds), str(per_second)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert crowd.stdout is not None and crowd.stdin is not None
        out = crowd.stdout

        def read() -> None:
            for text in out:
                lines.put(text)

        threading.Thread(target=read, daemon=True).start()
        if line(90).strip() != "ready":
            raise RuntimeError("the simulated phones did not claim their characters")
        settle(app, 1.0)
        lags: list[float] = []
        interval = 0.005
        last = [time.perf_counter()]

        def tick() -> None:
            now = time.perf_counter()
            lags.append(max(0.0, now - last[0] - interval))
            last[0] = now

        ticker = QTimer(interval=round(interval * 1000), timerType=Qt.TimerType.PreciseTimer)
        ticker.timeout.connect(tick)
        loop = QEventLoop()
        QTimer.singleShot(round(seconds * 1000), loop.quit)
        crowd.stdin.write("go\n")
        crowd.stdin.flush()
        last[0] = time.perf_counter()
        ticker.start()
        loop.exec()
        ticker.stop()
        report = json.loads(line(30))
        crowd.wait(30)
        sent = int(report["sent"])
        answers = {str(k): int(v) for k, v in dict(report["answers"]).items()}
    finally:
        if crowd is not None and crowd.poll() is None:
            crowd.kill()
        launched.shutdown()
    return lags, sent, answers
