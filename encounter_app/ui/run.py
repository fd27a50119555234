"""Run the program in a QApplication: the normal event loop, the smoke test, or a screenshot."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from encounter_app.app import launch
from encounter_app.services.rules_service import DiceRequest, RollResult
from encounter_app.store import StoreError


def run(app: QApplication, data_dir: Path, *, seed: int | None = None,
        smoke_test: bool = False, screenshot: Path | None = None) -> int:
    try:
        launched = launch(data_dir, seed=seed, show=not smoke_test)
    except StoreError as exc:
        if smoke_test or screenshot:
            print(f"encounter-app: {exc}", file=sys.stderr)
        else:
            QMessageBox.critical(None, "Encounter Manager cannot open its data", str(exc))
        return 3
    try:
        if smoke_test:
            return _smoke_test(app, launched)
        if screenshot:
            return _screenshot(app, launched, screenshot)
        app.aboutToQuit.connect(launched.shutdown)
        return app.exec()
    finally:
        launched.shutdown()


def _smoke_test(app: QApplication, launched) -> int:
    """One roll through the worker thread and back, then exit: proves the whole chain runs."""
    outcome: dict[str, object] = {}

    def rolled(answer: RollResult) -> None:
        outcome["roll"] = answer.result
        app.quit()

    def failed(_request_id: int, message: str) -> None:
        outcome["error"] = message
        app.quit()

    launched.rules_service.rolled.connect(rolled)
    launched.rules_service.failed.connect(failed)
    launched.rules_service.submit(DiceRequest("2d12+1", "smoke test"))
    QTimer.singleShot(10_000, app.quit)
    app.exec()
    if "roll" not in outcome:
        print(f"smoke test failed: {outcome.get('error', 'no answer from the rules service')}",
              file=sys.stderr)
        return 1
    print(f"smoke test ok: {outcome['roll'].text}; "
          f"{len(launched.session.combatants)} combatants in {launched.store.path}")
    return 0


def _screenshot(app: QApplication, launched, path: Path) -> int:
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
