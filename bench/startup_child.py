"""One fresh process for the start-up and memory measures: start, paint the window once, report.

    python -m bench.startup_child bare            # a bare QMainWindow: the baseline
    python -m bench.startup_child app DATA_DIR    # the program, through encounter_app.app.launch

It prints one JSON line: ``painted`` (time.monotonic() when the first paint of the window had
finished: CLOCK_MONOTONIC is one clock for every process, so the parent subtracts the moment it
started this one), ``launch_s`` (from calling launch to that paint; the app only) and
``maxrss_kb`` (peak resident memory so far: see ``peak_rss_kb``). "Painted" is the end of the
event that delivered the window's first paint event: a timer started from inside that paint
fires once the whole window, children included, has been drawn into the backing store.

Nothing but Qt and the program is imported before the paint, so both children pay the same.
"""

from __future__ import annotations

import json
import resource
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

WIDTH, HEIGHT = 1400, 860  # the program's own first size


class FirstPaint(QObject):
    """Quits the application once ``window`` has been painted for the first time."""

    def __init__(self, app: QApplication, window: QWidget) -> None:
        super().__init__()
        self.app, self.window = app, window
        self.report: dict[str, float] = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (not self.report and event.type() == QEvent.Type.Paint
                and isinstance(watched, QWidget) and watched.window() is self.window):
            self.report["seen"] = time.monotonic()
            QTimer.singleShot(0, self.painted)
        return False

    def painted(self) -> None:
        self.report["painted"] = time.monotonic()
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


def main(argv: list[str]) -> int:
    app = QApplication(sys.argv[:1])
    launched = None
    if argv[0] == "bare":
        window = QMainWindow()
        window.resize(WIDTH, HEIGHT)
        watcher = FirstPaint(app, window)
        app.installEventFilter(watcher)
        window.show()
    else:
        from pathlib import Path

        from encounter_app import startup

        startup.pause_collection()  # as encounter-app's main() does
        from encounter_app.app import launch

        start = time.monotonic()
        launched = launch(Path(argv[1]), show=False)
        startup.resume_collection()  # as ui/shell/run.py does, once the window is built
        watcher = FirstPaint(app, launched.window)
        app.installEventFilter(watcher)
        launched.window.show()
    QTimer.singleShot(30_000, app.quit)  # never hang a benchmark run
    app.exec()
    if launched is not None:
        watcher.report["launch_s"] = watcher.report["painted"] - start
        launched.shutdown()
    print(json.dumps(watcher.report))
    return 0 if "painted" in watcher.report else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
