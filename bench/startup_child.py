"""One fresh process for the start-up and memory measures: start, paint the window once, report.

    python -m bench.startup_child baseline DB_FILE  # QMainWindow + sqlmodel engine: the baseline
    python -m bench.startup_child app DATA_DIR      # the program, through encounter_app.app.launch
    python -m bench.startup_child bare              # the QMainWindow alone, for reference

It prints one JSON line: ``painted`` (time.monotonic() when the first paint of the window had
finished: CLOCK_MONOTONIC is one clock for every process, so the parent subtracts the moment it
started this one), ``launch_s`` (from calling launch to that paint; the app only),
``launch_cpu_s`` (the CPU time the process, all its threads, used in that span: on a busy
machine it grows far less than ``launch_s``, so it tells a slower program from a busier one) and
``maxrss_kb`` (peak resident memory so far: see ``peak_rss_kb``). "Painted" is the end of the
event that delivered the window's first paint event: a timer started from inside that paint
fires once the whole window, children included, has been drawn into the backing store. For the
app, that paint must show the fight: the spotlight order's and the cards' viewports painted
with a row placed at their top (a frame before the lists have rows would not count; the timer
is started again from their next paint).

The baseline is the program's own stack with nothing of the program: a bare QMainWindow of the
program's size, and before it sqlmodel imported and an SQLite file (DB_FILE, empty) opened
through a sqlmodel engine and a Session that runs ``SELECT 1`` on it. Both children start alike:
Qt first, then cycle collection paused (as encounter-app's main() does) until the window is
built, then the window shown. Nothing else is imported before the paint, so the ratio of the
two is what the program adds to its stack. ``bare`` is the baseline without the database (the
baseline of earlier budgets): the difference of the two is what sqlmodel costs a start.
"""

from __future__ import annotations

import gc
import json
import resource
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QAbstractItemView
    from sqlalchemy.engine import Engine

    from encounter_app.app import Launched

WIDTH, HEIGHT = 1400, 860  # the program's own first size


class FirstPaint(QObject):
    """Quits the application once ``window`` has been painted for the first time, and with it
    every one of ``lists`` with its rows (the app's spotlight order and cards)."""

    def __init__(self, app: QApplication, window: QWidget,
                 lists: tuple[QAbstractItemView, ...] = ()) -> None:
        super().__init__()
        self.app, self.window = app, window
        self.lists = lists
        self.waiting = {view.viewport() for view in lists}  # not yet painted with rows
        self.armed = False  # the timer that ends the measure is started
        self.report: dict[str, float] = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Paint and "painted" not in self.report
                and isinstance(watched, QWidget) and watched.window() is self.window):
            self.report.setdefault("seen", time.monotonic())
            self.waiting.discard(watched)
            if not self.armed and not self.waiting:
                self.armed = True
                QTimer.singleShot(0, self.painted)
        return False

    def painted(self) -> None:
        # A list painted before its first row was placed showed nothing of the fight: wait for
        # its next paint. (Imported here: the baseline's children make no more Qt types.)
        if self.lists:
            from PySide6.QtCore import QPoint

            unplaced = {view.viewport() for view in self.lists
                        if not view.indexAt(QPoint(8, 8)).isValid()}
            if unplaced:
                self.waiting, self.armed = unplaced, False
                return
        self.report["painted"] = time.monotonic()
        self.report["cpu"] = time.process_time()
        self.report["maxrss_kb"] = peak_rss_kb()
        self.app.quit()


def peak_rss_kb() -> int:
    """This process's peak resident memory in KiB.

    Linux's VmHWM, when there is one: getrusage's ru_maxrss survives execve, so a child
    started by a big parent would report the parent's peak instead of its own.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def open_database(db_file: Path) -> Engine:
    """Import sqlmodel and read from ``db_file`` through an engine, as a sqlmodel program's
    store does before it can show a row. Returns the engine, kept open like a program's."""
    from sqlmodel import Session, create_engine, select

    engine = create_engine(f"sqlite:///{db_file}")
    with Session(engine) as session:
        if session.exec(select(1)).one() != 1:
            raise RuntimeError(f"SELECT 1 on {db_file} did not give 1")
    return engine


def main(argv: list[str]) -> int:
    app = QApplication(sys.argv[:1])
    launched: Launched | None = None
    engine: Engine | None = None
    if argv[0] in ("baseline", "bare"):
        gc.disable()  # what encounter_app.startup does, without importing the program
        if argv[0] == "baseline":
            engine = open_database(Path(argv[1]))
        window = QMainWindow()
        window.resize(WIDTH, HEIGHT)
        gc.freeze()
        gc.enable()
        watcher = FirstPaint(app, window)
        app.installEventFilter(watcher)
        window.show()
    else:
        from encounter_app import startup

        startup.pause_collection()  # as encounter-app's main() does
        from encounter_app.app import launch

        start, start_cpu = time.monotonic(), time.process_time()
        launched = launch(Path(argv[1]), show=False)
        startup.resume_collection()  # as run.py does, once the window is built
        # The fight: the spotlight order and the cards, each painted with its rows.
        window = launched.window
        watcher = FirstPaint(app, window, (window.initiative.view, window.fight.cards))
        app.installEventFilter(watcher)
        window.show()
    QTimer.singleShot(30_000, app.quit)  # never hang a benchmark run
    app.exec()
    if launched is not None:
        watcher.report["launch_s"] = watcher.report["painted"] - start
        watcher.report["launch_cpu_s"] = watcher.report["cpu"] - start_cpu
        launched.shutdown()
    if engine is not None:
        engine.dispose()
    print(json.dumps(watcher.report))
    return 0 if "painted" in watcher.report else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
