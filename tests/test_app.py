"""Quitting the program: never a hang, and no roll the GM made is lost on the way out."""

from __future__ import annotations

import threading

from encounter_app.app import launch
from encounter_app.domain.requests import DiceRequest
from encounter_app.services.rolls.rules_service import RulesService, compute
from encounter_app.store import DB_NAME, Store, backups
from encounter_app.systems.daggerheart.requests import AttackRequest, Target
from tests.helpers.databases import dump
from tests.helpers.systems import SYSTEMS


def stored_summaries(data) -> list[str]:
    store = Store.open(data, SYSTEMS)
    try:
        return [r.summary for r in reversed(store.rolls(store.latest_encounter().id))]
    finally:
        store.close()


def test_quitting_right_after_rolling_keeps_every_roll(qtbot, tmp_path):
    launched = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(launched.window)
    window = launched.window
    pcs = [c for c in launched.session.combatants if c.kind == "pc"]
    for n in range(30):
        window.submit(DiceRequest(f"{n + 1}d6"))
    window.submit(AttackRequest("Chapel Warden", 2, "1d10+3 phy",
                                tuple(Target(p.name, p.evasion, p.id) for p in pcs)))
    # The GM quits at once, before any answer reached the window.
    assert len(launched.session.rolls) == 0
    window.close()
    assert launched.shutdown() is True

    summaries = stored_summaries(tmp_path)
    assert [s.split(" = ")[0] for s in summaries[:30]] == [f"{n + 1}d6" for n in range(30)]
    assert summaries[30].startswith("Chapel Warden Attack:")


def test_a_stuck_rules_thread_does_not_hang_quitting(qtbot, tmp_path):
    started, release = threading.Event(), threading.Event()

    def compute_or_hang(request, rng):
        if getattr(request, "expression", "") == "1d4":
            started.set()
            release.wait(30)
        return compute(request, rng)

    launched = launch(tmp_path, seed=3, rules_service=RulesService(seed=3, compute=compute_or_hang))
    qtbot.addWidget(launched.window)
    launched.window.submit(DiceRequest("2d6"))
    launched.window.submit(DiceRequest("1d4"))  # never finishes
    assert started.wait(5)
    try:
        assert launched.shutdown(timeout_ms=100) is False
        # The roll answered before the stuck one is in the log all the same.
        assert [s.split(" = ")[0] for s in stored_summaries(tmp_path)] == ["2d6"]
    finally:
        release.set()
        assert launched.rules_service.worker_thread.wait(5000)


def test_a_start_on_an_existing_fight_backs_it_up(qtbot, tmp_path):
    first = launch(tmp_path, seed=3, show=False)
    first.shutdown()
    assert backups.listing(tmp_path / DB_NAME) == []  # a brand-new demo needs no backup

    second = launch(tmp_path, seed=3, show=False)
    qtbot.addWidget(second.window)
    try:
        qtbot.waitUntil(lambda: backups.listing(second.store.path) != [], timeout=5000)
        [backup] = backups.listing(second.store.path)
        assert backup.kind == backups.AUTO
        assert dump(backup.path) == dump(second.store.path)
    finally:
        second.shutdown()


BROKEN_FIGHT = """
import sys
from PySide6.QtWidgets import QApplication
from encounter_app.app import launch
from encounter_app.domain.system import Catalog, Listed
from encounter_app.store import Store
from tests.coin_toss.system import CoinToss


class Broken(CoinToss):
    def fight(self, context):
        raise RuntimeError("the fight cannot be built")


app = QApplication([])
folder = sys.argv[1]
try:
    launch(folder, show=False, demo_system="coin_toss",
           systems=Catalog([Listed("coin_toss", "Coin Toss", Broken)]))
except RuntimeError as exc:
    print("refused:", exc)
Store.open(folder, Catalog([Listed("coin_toss", "Coin Toss", Broken)])).close()  # not held
print("reopened")
"""


def test_a_start_that_fails_leaves_no_thread_running(tmp_path):
    # The window could not be built after the rules thread had started: launch stops the
    # thread and closes the file before it raises, so the process ends as it should, never
    # with Qt's "QThread: Destroyed while thread is still running" and an abort.
    import os
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-c", BROKEN_FIGHT, str(tmp_path)],
                            capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["refused: the fight cannot be built", "reopened"]
    assert "QThread" not in result.stderr
