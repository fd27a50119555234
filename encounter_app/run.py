"""Run the program in a QApplication: the normal event loop, the smoke test, or a screenshot.

Before anything is built: the data folder must be writable and no other copy may be running
on it. Each way of not starting has its own exit status (exit_codes.py, shown by --help) and
a dialog, or a line on stderr with --smoke-test and --screenshot; none of them touches data.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget

from encounter_app import exit_codes, startup
from encounter_app.app import Launched, launch
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.rules.dice import DiceRoll
from encounter_app.store import DB_NAME, StoreError
from encounter_app.store.store import prepare_folder
from encounter_app.ui.shell.data_lock import DataFolderLock


def run(app: QApplication, data_dir: Path, *, seed: int | None = None,
        smoke_test: bool = False, screenshot: Path | None = None,
        demo_system: str | None = None, share_players: bool | int = False,
        host: str | None = None) -> int:
    """``share_players``: share the players' page before the window opens (True: at the
    remembered or any free port; a number: at that port), on ``host``, one of this
    computer's addresses (None: the one kept, else the network judged the table's)."""
    quiet = smoke_test or screenshot is not None  # no dialogs: a script is waiting
    if host is not None and (problem := _host_problem(host)):
        # A mistake on the command line, said where it was typed; nothing is opened.
        return _refuse(problem, exit_codes.USAGE, quiet=True)
    try:
        prepare_folder(Path(data_dir))
    except StoreError as exc:
        return _refuse(str(exc), _code(exc), quiet)
    lock = DataFolderLock(data_dir)
    if not lock.acquire():
        code = lock.refusal_code()
        return _refuse(lock.refusal(), code, quiet,
                       title="Encounter Manager is already running"
                       if code == exit_codes.RUNNING else "Encounter Manager cannot start")
    try:
        return _run_locked(app, data_dir, seed, smoke_test, screenshot, quiet, demo_system,
                           share_players, host)
    finally:
        lock.release()


def _migration_notice(database: Path) -> QWidget | None:
    """A small window while an older database is brought up to date: on a big campaign that
    takes seconds, and nothing else is on screen yet. None when there is nothing to migrate."""
    from encounter_app.store import migrate

    if not migrate.will_migrate(database):
        return None
    from PySide6.QtWidgets import QLabel  # only on the first start after an update

    notice = QLabel(
        f"Encounter Manager is bringing {database} up to date for this version.\n"
        "On a big campaign this takes a few seconds. A copy of the file as it was is kept "
        f"in {database.parent / 'backups'}.")
    notice.setObjectName("migrationNotice")
    notice.setWindowTitle("Encounter Manager: updating the database")
    notice.setWordWrap(True)
    notice.setMargin(24)
    notice.setMinimumWidth(480)
    notice.show()
    QApplication.processEvents()  # drawn before the work starts
    return notice


def _code(exc: StoreError) -> int:
    return exit_codes.for_store_error(exc)


def _refuse(message: str, code: int, quiet: bool,
            title: str = "Encounter Manager cannot open its data") -> int:
    if quiet:
        print(f"encounter-app: {message}", file=sys.stderr)
    else:
        from PySide6.QtWidgets import QMessageBox  # a dialog: ui/__init__.py

        QMessageBox.critical(None, title, message)
    return code


def _run_locked(app: QApplication, data_dir: Path, seed: int | None, smoke_test: bool,
                screenshot: Path | None, quiet: bool, demo_system: str | None,
                share_players: bool | int = False, host: str | None = None) -> int:
    notice = None if quiet else _migration_notice(Path(data_dir) / DB_NAME)
    try:
        launched = launch(data_dir, seed=seed, show=False, demo_system=demo_system)
    except StoreError as exc:
        return _refuse(str(exc), _code(exc), quiet)
    finally:
        startup.resume_collection()  # the window is built
        if notice is not None:
            notice.close()
    try:
        if launched.store.kept_aside is not None and not _recover(launched, quiet):
            code = exit_codes.DAMAGED
        elif share_players is not False and not _share(launched, share_players, host):
            code = exit_codes.USAGE
        elif smoke_test:
            code = _checked(launched, _smoke_test(app, launched))
        elif screenshot:
            code = _checked(launched, _screenshot(app, launched, screenshot))
        else:
            launched.window.show()
            app.aboutToQuit.connect(launched.shutdown)
            code = app.exec()
    finally:
        stopped = launched.shutdown()
    if not stopped:
        # The rules thread is stuck (logged). Python would destroy its running QThread on the
        # way out, which aborts the process: leave at once; every action is already saved.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def _checked(launched: Launched, code: int) -> int:
    """A quiet start's last word: 0 only of a sound file. SQLite's check of the whole file and
    the roll log's rows, which a normal start leaves until the window is drawn (AutoBackup,
    which tells the GM), are made here; damage is said, and the file left as it is."""
    if code != exit_codes.OK:
        return code
    store = launched.store
    problems = store.verify()
    if not problems:
        return code
    print(f"encounter-app: {store.path} is damaged ({'; '.join(problems[:3])}). The fight "
          "opened, but another part of the file cannot be read; the file was left as it is. "
          "Start Encounter Manager normally to keep a copy of it and go back to the newest "
          "backup from before the damage.", file=sys.stderr)
    return exit_codes.DAMAGED


def _recover(launched: Launched, quiet: bool) -> bool:
    """The database was damaged and set aside: offer the newest backup. False = stop here."""
    from encounter_app.ui.shell.backup_dialogs import DamagedDatabaseBox, damaged_message

    store = launched.store
    kept_aside = store.kept_aside
    assert kept_aside is not None, "called only when the store set a damaged database aside"
    offer = store.latest_usable_backup()
    if quiet:
        how = " Start Encounter Manager normally to be offered it." if offer else ""
        print(f"encounter-app: {damaged_message(kept_aside, store.path, offer, store.damage)}{how}",
              file=sys.stderr)
        return False
    box = DamagedDatabaseBox(kept_aside, store.path, offer, store.damage)
    box.exec()
    if offer is not None and box.wants_restore():  # the box offers a restore only with one
        try:
            launched.restore(offer.path)
        except StoreError as exc:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(None, "Restore a backup", f"{exc}\n\nThe new database "
                                                           "stays in use.")
    return True


def _host_problem(host: str) -> str:
    """Why ``host`` cannot be shared on, naming the addresses this computer has; "" if it
    can."""
    from encounter_app.services.networks import networks  # only with --host

    found = networks()
    if host in {network.address for network in found}:
        return ""
    return (f"--host {host} is not an address of this computer. It has: "
            + "; ".join(network.label for network in found))


def _share(launched: Launched, port: bool | int, host: str | None = None) -> bool:
    """--share-players: share the page and print its address; False (said) if it cannot."""
    page = launched.window.players_page
    assert page is not None, "app.py adds it"
    host = host or page.host
    try:
        url = page.share(host, port=None if port is True else int(port))
    except OSError as exc:
        print(f"encounter-app: the players' page could not be shared on {host}"
              f"{'' if port is True else f' port {int(port)}'}: {exc.strerror or exc}",
              file=sys.stderr)
        return False
    print(f"Players: {url}", flush=True)
    return True


def _smoke_test(app: QApplication, launched: Launched) -> int:
    """One roll through the worker thread and back, then exit: proves the whole chain runs."""
    rolls: list[DiceRoll] = []  # the roll's result (RollResult.result)
    errors: list[str] = []

    def rolled(answer: RollResult[DiceRoll]) -> None:
        rolls.append(answer.result)
        app.quit()

    def failed(_request_id: int, message: str) -> None:
        errors.append(message)
        app.quit()

    launched.rules_service.rolled.connect(rolled)
    launched.rules_service.failed.connect(failed)
    launched.rules_service.submit(DiceRequest("2d12+1", "smoke test"))
    # A timer of its own, stopped after: a single shot left pending would quit whatever event
    # loop runs next in this process (a second start in the same process, as the tests make).
    give_up = QTimer()
    give_up.setSingleShot(True)
    give_up.timeout.connect(app.quit)
    give_up.start(10_000)
    app.exec()
    give_up.stop()
    if not rolls:
        print(f"smoke test failed: {errors[-1] if errors else 'no answer from the rules service'}",
              file=sys.stderr)
        return 1
    print(f"smoke test ok: {rolls[0].text}; "
          f"{len(launched.session.combatants)} combatants in {launched.store.path}")
    return 0


def _screenshot(app: QApplication, launched: Launched, path: Path) -> int:
    window = launched.window
    window.resize(1440, 900)
    window.show()
    for _ in range(5):
        app.processEvents()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(path)):
        print(f"could not write {path}", file=sys.stderr)
        return 1
    print(f"saved {path}")
    return 0
