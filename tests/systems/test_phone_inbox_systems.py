"""Each of the four systems' phone rolls through the real window's inbox: sent with "roll my
dice for me" (rolled on the rules thread in the form's dice), previewed, accepted as one undo
step whose log line the system reads back and words for the players as the phone was told."""

from __future__ import annotations

from pathlib import Path

import pytest

from encounter_app.app import launch
from encounter_app.domain.player_rolls import PhoneSubmission, RollStatus
from tests.helpers.phones import sight, snapshot
from tests.helpers.systems import KEYS

#: Each system's form and what its player picks; the GM's number.
SENT = {
    "daggerheart": ("action", (("trait", 2),), (("advantage", "advantage"), ("spend", "no")),
                    12),
    "casus_mus": ("skill", (), (("skill", "evade"),), 0),
    "ruins_and_raiders": ("trait", (), (("trait", "warrior"), ("action", "yes")), 12),
    "forge_of_power": ("check", (("bonus", 1),), (("attribute", "agility"),
                                                  ("advantage", "disadvantage")), 15),
}


@pytest.fixture(params=KEYS)
def launched(request, qapp, tmp_path: Path):
    made = launch(tmp_path / "data", seed=3, show=False, demo_system=request.param)
    yield made
    made.shutdown()


def test_a_phone_roll_rolled_for_the_player_is_accepted_as_the_systems_own(qtbot, launched):
    session, stack = launched.session, launched.undo_stack
    inbox = launched.window.phone_inbox
    key = session.system.key
    form, numbers, choices, gm_value = SENT[key]
    pc = next(row for row in session.combatants if row.kind == "pc")
    before = snapshot(session)
    with qtbot.waitSignal(inbox.changed, timeout=5000):
        inbox.receive(PhoneSubmission(pc.name, pc.id, form, numbers, choices, None,
                                      device="d1", page="p1"))
    [waiting] = inbox.waiting
    thrown = [k for k, _v in waiting.dice]
    expected = {"daggerheart": ["hope", "fear", "d6"], "casus_mus": ["d100"],
                "ruins_and_raiders": ["first", "second"], "forge_of_power": ["d20", "second"]}
    assert thrown == expected[key] and waiting.rolled_for_them
    preview = inbox.preview(waiting.id, gm_value)
    steps = stack.count()
    assert inbox.accept(waiting.id, gm_value)
    assert stack.count() == steps + 1
    [kept] = inbox.history(pc.name)
    assert kept.status is RollStatus.RECORDED and kept.result == preview
    logged = next(row for row in session.rolls if row.actor == pc.name)
    assert session.system.read_roll(logged) is not None
    words = session.system.roll_words(logged, sight(session))
    assert words.startswith(f"{pc.name}: ")
    assert str(preview.total) in logged.summary + logged.detail
    assert preview.text.split(" (")[0] in words
    stack.undo()
    assert snapshot(session) == before
    assert [r.id for r in inbox.waiting] == [waiting.id]
