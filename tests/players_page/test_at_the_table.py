"""The players at the table, in every system's demo: a phone claims a PC, sends a roll in that
system's dice, sees it accepted with its dice and total, and sees its own character change when
the GM marks it; and a roll waiting when the GM's program is killed is there when it starts
again. Phones here are aiohttp clients speaking the page's protocol (the browser tests drive the
page itself in Chromium)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from dataclasses import replace
from typing import Any

import pytest

from encounter_app.app import launch
from encounter_app.domain.player_rolls import RollStatus
from tests.players_page.conftest import Phone

SYSTEM_KEYS = ("daggerheart", "casus_mus", "ruins_and_raiders", "forge_of_power")
DEVICE = "a-phone-of-the-table-0001"


def socket_url(url: str, device: str = DEVICE) -> str:
    return url.replace("http://", "ws://", 1) + f"ws?device={device}"


def a_roll_at_the_table(form: dict[str, Any]) -> dict[str, Any]:
    """The form as a player leaves it (every number and choice as offered first) with each
    die that shows landed on 2 (1 on a die of two sides)."""
    choices = {choice["key"]: choice["options"][0][0] for choice in form["choices"]}
    dice = {die["key"]: min(2, die["sides"]) for die in form["dice"]
            if die["when"] is None or choices.get(die["when"][0]) in die["when"][1]}
    return {"type": "roll", "form": form["key"], "numbers": {}, "choices": choices,
            "dice": dice}


def own(phone: Phone) -> dict[str, Any] | None:
    message = phone.last("own")
    return None if message is None else message["character"]


@pytest.mark.parametrize("system", SYSTEM_KEYS)
def test_a_player_claims_a_pc_rolls_and_sees_the_gms_answer(qapp, qtbot, tmp_path, system):
    launched = launch(tmp_path, seed=3, show=False, demo_system=system)
    phone = None
    try:
        page, inbox = launched.window.players_page, launched.window.phone_inbox
        assert page is not None
        url = page.share("127.0.0.1")
        assert page.server is not None and page.server.ready.wait(10)
        phone = Phone(socket_url(url))
        qtbot.waitUntil(lambda: phone.last("view") is not None, timeout=10_000)
        characters = phone.last("view")["characters"]
        pcs = [row for row in launched.session.combatants if row.kind == "pc"]
        assert [c["name"] for c in characters] == [row.name for row in pcs]

        mine, other = pcs[0], pcs[1]
        phone.send({"type": "claim", "pick": characters[0]["pick"]})
        qtbot.waitUntil(lambda: own(phone) is not None, timeout=10_000)
        character = own(phone)
        assert character["name"] == mine.name and character["forms"]
        assert other.name not in str([m for m in phone.received if m["type"] == "own"])

        form = character["forms"][0]
        phone.send(a_roll_at_the_table(form))
        qtbot.waitUntil(lambda: len(inbox.waiting) == 1, timeout=10_000)
        [waiting] = inbox.waiting
        assert waiting.submission.character == mine.name and not waiting.rolled_for_them
        qtbot.waitUntil(lambda: own(phone)["history"][:1] != [] and
                        own(phone)["history"][0]["status"] == "waiting", timeout=10_000)

        gm_value = next(f for f in page_forms(launched, mine) if f.key == form["key"]).gm_default
        assert inbox.accept(waiting.id, gm_value)
        qtbot.waitUntil(lambda: own(phone)["history"][0]["status"] == "recorded",
                        timeout=10_000)
        answered = own(phone)["history"][0]
        assert answered["total"] is not None and answered["text"] and answered["dice"]

        sheet = own(phone)["sheet"]
        row = launched.session.combatants.by_id(mine.id)
        assert launched.window.operations.update_combatant(
            replace(row, hp_marked=min(row.hp_marked + 1, row.hp_max)), "A hit")
        qtbot.waitUntil(lambda: own(phone)["sheet"] != sheet, timeout=10_000)
    finally:
        if phone is not None:
            phone.close()
        launched.shutdown()


def page_forms(launched, row):
    return launched.session.system.phone_forms(launched.session.combatants.by_id(row.id))


def test_a_roll_waiting_when_the_program_is_killed_is_there_when_it_starts_again(
        qapp, qtbot, tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    program = subprocess.Popen(
        [sys.executable, "-m", "encounter_app", "--data-dir", str(folder), "--demo",
         "daggerheart", "--seed", "3", "--share-players", "--host", "127.0.0.1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    phone = None
    try:
        assert program.stdout is not None
        line = program.stdout.readline()
        assert line.startswith("Players: "), line + (program.stderr.read()
                                                     if program.stderr else "")
        phone = Phone(socket_url(line.split(" ", 1)[1].strip()))
        qtbot.waitUntil(lambda: phone.last("view") is not None, timeout=20_000)
        phone.send({"type": "claim", "pick": phone.last("view")["characters"][0]["pick"]})
        qtbot.waitUntil(lambda: own(phone) is not None, timeout=20_000)
        phone.send(a_roll_at_the_table(own(phone)["forms"][0]))
        # Kept once the phone's own history says it waits (the store wrote it first).
        qtbot.waitUntil(lambda: bool(own(phone)["history"]), timeout=20_000)
        assert own(phone)["history"][0]["status"] == "waiting"
        program.send_signal(signal.SIGKILL)
        program.wait(20)
    finally:
        if phone is not None:
            phone.close()
        if program.poll() is None:
            program.kill()
            program.wait(20)
    (folder / "encounter.lock").unlink(missing_ok=True)  # a killed program leaves its lock

    launched = launch(folder, show=False)
    try:
        [waiting] = launched.window.phone_inbox.waiting
        assert waiting.status is RollStatus.WAITING
        pcs = [row.name for row in launched.session.combatants if row.kind == "pc"]
        assert waiting.submission.character == pcs[0]
    finally:
        launched.shutdown()
