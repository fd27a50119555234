"""Players' rolls in the GM's window: the queue a phone's roll waits in, and dice the GM types."""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget

from encounter_app.domain.player_rolls import PlayerRollSubmission
from encounter_app.rules.daggerheart import Outcome
from encounter_app.systems.daggerheart.ui.rolls.player_queue import PlayerRollQueue, TypedDiceDialog
from tests.helpers.modal import cancel_next_modal


def queue_of(program) -> tuple[PlayerRollQueue, list[tuple[str, str]]]:
    """The tab of the players' rolls, and what its inbox tells the phones."""
    queue = program.window.fight.player_queue
    assert queue.inbox is program.window.fight.player_rolls  # what the page hands rolls to
    told: list[tuple[str, str]] = []
    queue.inbox.tell = lambda page, text: told.append((page, text))
    return queue, told


def tab_text(program, queue) -> str:
    tabs = program.window.findChild(QTabWidget, "logTabs")
    return tabs.tabText(tabs.indexOf(queue))


def state(program) -> tuple[int, list[int]]:
    session = program.session
    return session.fear, [c.value for c in session.countdowns]


def test_a_roll_from_a_phone_waits_then_records_as_its_key_would(qtbot, program):
    queue, told = queue_of(program)
    before = state(program)
    assert tab_text(program, queue) == "Players' rolls"
    queue.inbox.receive(PlayerRollSubmission("Mira", 2, hope=3, fear=9, page="p1"))
    assert tab_text(program, queue) == "Players' rolls (1)"  # counted, nothing moved
    assert queue.list.item(0).text() == "Mira — Hope 3, Fear 9, +2 (rolled at the table)"
    queue.difficulty.setValue(12)
    assert queue.outcome.text().startswith("<b>Success with Fear</b>: 14 against 12")
    queue.accept()
    after_queue = state(program)
    log = program.session.rolls[0]
    assert log.summary.startswith("Mira: Success with Fear")
    assert "Mira: Hope 3, Fear 9 + 2 = 14 vs Difficulty 12" in log.detail
    assert told == [("p1", "Recorded: Success with Fear")]
    assert tab_text(program, queue) == "Players' rolls" and not queue.waiting
    # Exactly what key 3 (Success with Fear) does to Fear and the countdowns.
    program.undo_stack.undo()
    assert state(program) == before
    program.window.fight.outcomes.outcome_actions[Outcome.SUCCESS_WITH_FEAR].trigger()
    assert state(program) == after_queue


def test_matching_dice_are_a_critical_whatever_the_difficulty(qtbot, program):
    queue, _told = queue_of(program)
    queue.inbox.receive(PlayerRollSubmission("Mira", -3, hope=2, fear=2))
    queue.difficulty.setValue(30)
    queue.accept()
    assert program.session.rolls[0].summary.startswith("Mira: Critical Success")


def test_roll_my_duality_dice_is_rolled_on_the_rules_thread(qtbot, program):
    queue, _told = queue_of(program)
    queue.inbox.receive(PlayerRollSubmission("Mira", 1))
    qtbot.waitUntil(lambda: len(queue.waiting) == 1)
    waiting = queue.waiting[0]
    assert waiting.rolled_for_them and 1 <= waiting.hope <= 12 and 1 <= waiting.fear <= 12
    assert queue.list.item(0).text().endswith("(rolled for them)")


def test_a_roll_set_aside_records_nothing_and_says_so(qtbot, program):
    queue, told = queue_of(program)
    rolls = len(program.session.rolls)
    queue.inbox.receive(PlayerRollSubmission("Mira", 0, hope=5, fear=6, page="p2"))
    queue.dismiss()
    assert len(program.session.rolls) == rolls and not queue.waiting
    assert told == [("p2", "The GM set your roll aside.")]


def test_a_broken_submission_is_refused_with_the_reason(qtbot, program):
    queue, told = queue_of(program)
    queue.inbox.receive(PlayerRollSubmission("Mira", 0, hope=13, fear=2, page="p3"))
    assert not queue.waiting
    assert told == [("p3", "Not taken: The Hope Die shows 1 to 12.")]


def test_the_gm_types_a_players_dice_from_the_encounter_menu(qtbot, program):
    pc = next(c for c in program.session.combatants if c.kind == "pc")
    seen = []

    def type_them(dialog) -> None:
        assert isinstance(dialog, TypedDiceDialog)
        assert dialog.who.currentText() == pc.name  # the fight's PCs are offered
        dialog.hope.setValue(10)
        dialog.fear.setValue(4)
        dialog.modifier.setValue(1)
        dialog.difficulty.setValue(16)
        seen.append(dialog.outcome.text())
        dialog.record_button.click()

    cancel_next_modal(type_them)
    program.window.fight.type_dice_action.trigger()
    assert seen[0].startswith("<b>Failure with Hope</b>: 15 against 16")
    assert program.session.rolls[0].summary.startswith(f"{pc.name}: Failure with Hope")


def test_the_players_see_whose_roll_it_was(qtbot, program):
    from encounter_app.services.player_view import words_for_players

    queue, _told = queue_of(program)
    queue.inbox.receive(PlayerRollSubmission("Mira", 0, hope=9, fear=3))
    queue.difficulty.setValue(10)
    queue.accept()
    row = program.session.rolls[0]
    assert words_for_players(program.session, row).startswith(
        "Mira: Success with Hope")


def test_a_roll_the_page_takes_waits_in_the_queue_and_the_page_hears_back(qtbot, program,
                                                                         monkeypatch):
    page = program.window.players_page
    said: list[tuple[str, str]] = []
    monkeypatch.setattr(page, "tell", lambda who, text: said.append((who, text)))
    inbox = program.window.fight.player_rolls
    inbox.tell = page.tell
    page.take(PlayerRollSubmission("Mira", 1, hope=6, fear=6, page="phone"))
    queue = program.window.fight.player_queue
    assert [w.submission.name for w in queue.waiting] == ["Mira"]
    queue.accept()
    assert said == [("phone", "Your roll is in the GM's queue."),
                    ("phone", "Recorded: Critical Success")]


def test_the_tab_is_made_when_first_opened_or_when_a_roll_arrives(qtbot, program):
    # Not on screen at the first paint, so not made for it (docs/performance.md, issue 28):
    # a stand-in holds its place and title until the GM opens it or a roll comes in.
    fight, tabs = program.window.fight, program.window.findChild(QTabWidget, "logTabs")
    assert fight._player_queue is None
    titles = [tabs.tabText(i) for i in range(tabs.count())]
    assert titles == ["Roll log", "Fear ledger", "Players' rolls"]
    fight.player_rolls.receive(PlayerRollSubmission("Mira", 2, hope=3, fear=9, page="p1"))
    queue = fight._player_queue
    assert queue is not None and tabs.indexOf(queue) == 2  # in its stand-in's place
    assert tabs.tabText(2) == "Players' rolls (1)" and tabs.currentIndex() == 0
    assert queue.list.item(0).text() == "Mira — Hope 3, Fear 9, +2 (rolled at the table)"


def test_opening_the_tab_shows_the_queue(qtbot, program):
    fight, tabs = program.window.fight, program.window.findChild(QTabWidget, "logTabs")
    tabs.setCurrentIndex(2)
    assert fight._player_queue is not None and tabs.currentWidget() is fight.player_queue
    assert tabs.tabText(2) == "Players' rolls" and fight.player_queue.isVisible()
