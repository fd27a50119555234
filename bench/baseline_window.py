"""The packaging benchmark's baseline: the program's stack with nothing of the program.

    baseline-window [--smoke-test] [--data-dir DIR]

The same baseline as `make bench`'s (bench/startup_child.py's ``baseline``): after
``QApplication`` it imports sqlmodel, makes an engine on an empty SQLite file
(``DIR/baseline.db``; without ``--data-dir``, a temporary folder removed at the end) and runs
``session.exec(select(1))`` in a ``Session``, which opens the file; then it builds a bare
``QMainWindow`` of the program's first size (1400x860). Cycle collection is paused from before
the import until the window is built, as encounter-app's main() does (encounter_app/startup.py).

`--smoke-test` builds the window without showing it, runs the event loop once and exits, as the
program's own smoke test does (it builds its window on its data folder without showing it, runs
the event loop until one roll comes back, and exits). bench/packaging.py gives it a folder of
its own with ``--data-dir``, as it gives the program one: the file is made by the first,
unrecorded start, and every measured start opens it again, as the program opens its database.
"""

from __future__ import annotations

import gc
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

WIDTH, HEIGHT = 1400, 860  # the program's own first size, as in bench/startup_child.py


def data_dir(argv: list[str]) -> Path | None:
    if "--data-dir" not in argv:
        return None
    try:
        return Path(argv[argv.index("--data-dir") + 1])
    except IndexError:
        raise SystemExit("baseline-window: --data-dir needs a folder") from None


def open_database(db_file: Path) -> Engine:
    """Import sqlmodel and read from ``db_file`` through an engine, as a sqlmodel program's
    store does before it can show a row. Returns the engine, kept open like a program's."""
    from sqlmodel import Session, create_engine, select

    engine = create_engine(f"sqlite:///{db_file}")
    with Session(engine) as session:
        if session.exec(select(1)).one() != 1:
            raise RuntimeError(f"SELECT 1 on {db_file} did not give 1")
    return engine


def run(app: QApplication, folder: Path, smoke_test: bool) -> int:
    gc.disable()  # what encounter_app.startup does, without importing the program
    folder.mkdir(parents=True, exist_ok=True)
    engine = open_database(folder / "baseline.db")
    window = QMainWindow()
    window.resize(WIDTH, HEIGHT)
    gc.freeze()
    gc.enable()
    if smoke_test:
        QTimer.singleShot(0, app.quit)
    else:
        window.show()
    code = app.exec()
    engine.dispose()
    return code


def main(argv: list[str]) -> int:
    app = QApplication(sys.argv[:1])
    smoke_test = "--smoke-test" in argv
    folder = data_dir(argv)
    if folder is not None:
        return run(app, folder, smoke_test)
    with tempfile.TemporaryDirectory(prefix="baseline-window-") as scratch:
        return run(app, Path(scratch), smoke_test)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
