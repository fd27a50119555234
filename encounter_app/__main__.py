"""Command line: encounter-app [--data-dir DIR] [--demo [SYSTEM]] [--smoke-test]
[--screenshot PNG] [--share-players [--host ADDRESS] [--port N]], and encounter-app import
FILE [--data-dir DIR] [--on-duplicate skip|replace|keep]."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from encounter_app import __version__, exit_codes, startup
from encounter_app.systems import LISTED

APP_NAME = "EncounterManager"
# Every rule system has a sample fight (its object's ``sample``). The registry lists them
# without importing them (or Qt), so --help still needs no display.
DEMO_SYSTEMS = tuple(entry.key for entry in LISTED)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="encounter-app",
        description="Run tabletop RPG encounters (Daggerheart first). To add adversaries or "
                    "an encounter from a file: encounter-app import FILE (see "
                    "encounter-app import --help).",
        epilog=exit_codes.epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="folder for encounter.db and its backups "
                             "(default: the user data folder)")
    parser.add_argument("--demo", nargs="?", const=DEMO_SYSTEMS[0], default=None,
                        choices=DEMO_SYSTEMS, metavar="SYSTEM",
                        help="start on a fresh demo fight in a throwaway folder (or in "
                             "--data-dir, which must then be empty); your data is not touched. "
                             f"SYSTEM is one of {', '.join(DEMO_SYSTEMS)} "
                             f"(default {DEMO_SYSTEMS[0]})")
    parser.add_argument("--seed", type=int, default=None, help="seed the dice (for demos)")
    parser.add_argument("--smoke-test", action="store_true",
                        help="build the window, make one roll through the worker, exit 0")
    parser.add_argument("--screenshot", type=Path, metavar="PNG",
                        help="draw the window, save it as PNG and exit")
    parser.add_argument("--share-players", action="store_true",
                        help="share the players' page on the local network at once, and "
                             "print its address (with its key) before the window opens")
    parser.add_argument("--host", default=None, metavar="ADDRESS",
                        help="with --share-players: the network to share on, as this "
                             "computer's address on it (127.0.0.1: this computer only; "
                             "default: the one kept, else the network judged the table's "
                             "Wi-Fi)")
    parser.add_argument("--port", type=int, default=None, metavar="N",
                        help="with --share-players: the port to listen on (default: the one "
                             "kept, else any free one)")
    args = parser.parse_args(argv)
    if args.port is not None and not args.share_players:
        parser.error("--port goes with --share-players")
    if args.host is not None and not args.share_players:
        parser.error("--host goes with --share-players")
    if args.port is not None and not 0 <= args.port <= 65535:
        parser.error("--port is a number from 0 to 65535")
    return args


def default_data_dir() -> Path:
    from platformdirs import user_data_dir  # only when no --data-dir is given

    return Path(user_data_dir(APP_NAME, appauthor=False))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["import"]:
        from encounter_app.cli_import import main as import_main  # no Qt window, no display

        return import_main(argv[1:], default_data_dir())
    args = parse_args(argv)
    data_dir = args.data_dir or default_data_dir()
    if args.demo:
        if args.data_dir is None:
            import tempfile

            data_dir = Path(tempfile.mkdtemp(prefix="encounter-demo-"))
        elif data_dir.exists() and any(data_dir.iterdir()):
            print(f"encounter-app: --demo needs an empty folder, and {data_dir} is not; "
                  "nothing was changed", file=sys.stderr)
            return exit_codes.USAGE

    startup.pause_collection()  # run.py resumes it once the window is built
    # The store (SQLAlchemy, sqlmodel) before Qt: PySide6's import hook reads the source of
    # every module imported after it, about 100 ms for SQLAlchemy's 390 (docs/performance.md).
    import encounter_app.store  # noqa: F401

    # isort: split
    # Qt is imported here, not at the top, so --help and --version work without a display.
    from PySide6.QtWidgets import QApplication

    from encounter_app.run import run
    from encounter_app.ui.shell.icon import app_icon

    existing = QApplication.instance()  # typed as the QCoreApplication it could be
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName("Encounter Manager")
    app.setApplicationVersion(__version__)
    app.setWindowIcon(app_icon())
    app.setDesktopFileName("encounter-app")  # the menu entry packaging/linux installs
    return run(app, data_dir, seed=args.seed, smoke_test=args.smoke_test,
               screenshot=args.screenshot, demo_system=args.demo,
               share_players=args.port if args.port is not None else args.share_players,
               host=args.host)


if __name__ == "__main__":
    sys.exit(main())
