"""The table's events through the session: a player's outcome, a PC's miss, a rest, a tick.

Every number here is from the Daggerheart texts: the dynamic advancement chart, "Countdown 3"
for holding one's breath underwater, Volley of Arrows (Loop 3), 1d4 / 1d4 + PCs Fear on rests.
"""

from __future__ import annotations

import gc

import pytest
from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, CountdownRow
from encounter_app.rules.daggerheart import Outcome, RestKind, rest_fear
from encounter_app.services.fight import table
from encounter_app.services.fight.commands import SetFear
from encounter_app.services.fight.compound import Compound
from tests.helpers.scripted import Scripted

CS, SH, SF, FH, FF = (Outcome.CRITICAL_SUCCESS, Outcome.SUCCESS_WITH_HOPE,
                      Outcome.SUCCESS_WITH_FEAR, Outcome.FAILURE_WITH_HOPE,
                      Outcome.FAILURE_WITH_FEAR)
# The text's DYNAMIC COUNTDOWN ADVANCEMENT chart: outcome -> (progress, consequence).
CHART = {FF: (0, 3), FH: (0, 2), SF: (1, 1), SH: (2, 0), CS: (3, 0)}


def add(session, undo_stack, name, start, partner_id=None, **kinds) -> CountdownRow:
    undo_stack.push(table.add_countdown(session, CountdownRow(name, start, start, **kinds),
                                   partner_id))
    return session.countdowns[len(session.countdowns) - 1]


def values(session) -> dict[str, int]:
    return {c.name: c.value for c in session.countdowns}


def outcome(session, undo_stack, o: Outcome) -> table.TableStep:
    step = table.record_outcome(session, o)
    undo_stack.push(step.command)
    return step


def linked_pair(session, undo_stack, start=12):
    escape = add(session, undo_stack, "The PCs escape", start, kind="progress")
    flood = add(session, undo_stack, "The chapel floods", start, escape.id, kind="consequence")
    return escape, flood


# -- dynamic countdowns: the chart, row by row -------------------------------------------------


@pytest.mark.parametrize("rolled", list(CHART))
def test_the_advancement_chart_row_by_row(session, undo_stack, store, rolled):
    linked_pair(session, undo_stack)
    progress, consequence = CHART[rolled]
    outcome(session, undo_stack, rolled)
    assert values(session) == {"The PCs escape": 12 - progress,
                               "The chapel floods": 12 - consequence}
    assert [c.value for c in store.countdowns(session.encounter_id)] == [12 - progress,
                                                                         12 - consequence]


def test_a_linked_pair_advances_together_from_one_outcome_and_undoes_as_one(session, undo_stack):
    linked_pair(session, undo_stack, start=6)
    escape, flood = session.countdowns
    assert escape.link == flood.link == escape.id
    before = undo_stack.count()
    outcome(session, undo_stack, SF)  # the only row that moves both
    assert undo_stack.count() == before + 1
    assert values(session) == {"The PCs escape": 5, "The chapel floods": 5}
    line = session.rolls[0]
    assert "The PCs escape 6 → 5 (linked with The chapel floods)" in line.detail
    assert "The chapel floods 6 → 5 (linked with The PCs escape)" in line.detail
    undo_stack.undo()
    assert values(session) == {"The PCs escape": 6, "The chapel floods": 6}


def test_a_linked_race_says_where_the_other_stands_when_one_triggers(session, undo_stack):
    linked_pair(session, undo_stack, start=3)
    outcome(session, undo_stack, FF)  # consequence 3: the chapel floods
    trigger, line = session.rolls[0], session.rolls[1]
    assert trigger.summary == "⚠ The chapel floods TRIGGERED"
    assert "The PCs escape has 3 left" in trigger.detail
    assert line.summary.startswith("Failure with Fear")
    assert session.countdowns[1].triggered


def test_a_dynamic_countdown_ticking_past_zero_stops_at_zero(session, undo_stack):
    add(session, undo_stack, "Guards", 2, kind="consequence")
    outcome(session, undo_stack, FF)
    assert values(session) == {"Guards": 0}
    assert session.countdowns[0].triggered


# -- standard, long-term, loops ------------------------------------------------------------


def test_a_standard_countdown_ticks_once_on_every_outcome(session, undo_stack):
    add(session, undo_stack, "Bell tower", 5)
    for n, rolled in enumerate(CHART, start=1):
        outcome(session, undo_stack, rolled)
        assert values(session) == {"Bell tower": 5 - n}
    assert session.countdowns[0].triggered
    assert session.rolls[0].summary == "⚠ Bell tower TRIGGERED"


def test_a_triggered_countdown_stays_triggered_and_stops(session, undo_stack):
    add(session, undo_stack, "Bell tower", 1)
    outcome(session, undo_stack, SH)
    logged = len(session.rolls)
    step = outcome(session, undo_stack, SH)
    assert step.moved == []
    assert values(session) == {"Bell tower": 0}
    assert len(session.rolls) == logged + 1  # the outcome line, no second TRIGGERED line
    assert session.rolls[0].detail == "No countdown advanced"


def test_long_term_countdowns_advance_on_rests_only(session, undo_stack):
    add(session, undo_stack, "The ritual completes", 2, long_term=True)
    add(session, undo_stack, "Bell tower", 6)
    add(session, undo_stack, "Escape", 9, kind="progress")
    for rolled in CHART:
        outcome(session, undo_stack, rolled)
    assert values(session) == {"The ritual completes": 2, "Bell tower": 1, "Escape": 3}
    undo_stack.push(table.rest(session, RestKind.SHORT, rest_fear(RestKind.SHORT, 4, Scripted(2)),
                          "").command)
    assert values(session) == {"The ritual completes": 1, "Bell tower": 1, "Escape": 3}
    undo_stack.push(table.rest(session, RestKind.LONG, rest_fear(RestKind.LONG, 4, Scripted(1)),
                          "4 PCs").command)
    assert values(session) == {"The ritual completes": 0, "Bell tower": 1, "Escape": 3}
    assert session.rolls[0].summary == "⚠ The ritual completes TRIGGERED"
    assert session.rolls[0].detail == "The party took a long rest."


def test_a_loop_resets_to_its_start_and_counts(session, undo_stack):
    add(session, undo_stack, "Patrol", 2, loop="loop")
    outcome(session, undo_stack, SH)
    outcome(session, undo_stack, SH)
    [row] = session.countdowns
    assert (row.start, row.value, row.loops) == (2, 2, 1)
    assert session.rolls[0].summary == "⚠ Patrol TRIGGERED: loops back to 2 (×1)"
    assert "Patrol 1 → 0 ⚠ TRIGGERED, loops back to 2 (×1)" in session.rolls[1].detail


def test_an_increasing_loop_grows_by_one_each_time(session, undo_stack):
    add(session, undo_stack, "Storm", 2, loop="increasing")
    for _ in range(2 + 3):
        outcome(session, undo_stack, FH)
    [row] = session.countdowns
    assert (row.start, row.value, row.loops) == (4, 4, 2)
    assert "Its start goes 3 → 4." in session.rolls[0].detail


def test_a_decreasing_loop_shrinks_but_never_below_one(session, undo_stack):
    add(session, undo_stack, "Heartbeat", 2, loop="decreasing")
    for _ in range(2 + 1 + 1):
        outcome(session, undo_stack, SF)
    [row] = session.countdowns
    assert (row.start, row.value, row.loops) == (1, 1, 3)


# -- the texts' own countdowns --------------------------------------------------------------


def test_holding_breath_underwater_runs_out_after_three_actions(session, undo_stack):
    add(session, undo_stack, "Holding breath underwater", 3)  # "a standard countdown (3)"
    outcome(session, undo_stack, SH)
    outcome(session, undo_stack, FH)
    assert not session.countdowns[0].triggered
    outcome(session, undo_stack, CS)
    assert session.countdowns[0].triggered
    assert session.rolls[0].summary == "⚠ Holding breath underwater TRIGGERED"


def test_volley_of_arrows_loops_on_pc_misses_only(session, undo_stack):
    add(session, undo_stack, "Volley of Arrows", 3, loop="loop", trigger="pc_miss")
    for rolled in CHART:
        outcome(session, undo_stack, rolled)
    assert values(session) == {"Volley of Arrows": 3}
    for left in (2, 1):
        undo_stack.push(table.pc_missed(session).command)
        assert values(session) == {"Volley of Arrows": left}
    step = table.pc_missed(session)
    undo_stack.push(step.command)
    [row] = session.countdowns
    assert (row.value, row.loops) == (3, 1)
    assert step.moved[0].triggered
    assert session.rolls[0].summary == "⚠ Volley of Arrows TRIGGERED: loops back to 3 (×1)"
    assert session.rolls[1].summary == "A PC missed an attack"


def test_a_miss_with_no_volley_says_so(session, undo_stack):
    add(session, undo_stack, "Bell tower", 3)
    undo_stack.push(table.pc_missed(session).command)
    assert values(session) == {"Bell tower": 3}
    assert session.rolls[0].summary == "A PC missed an attack: no countdown ticks on a miss"


def test_manual_countdowns_move_only_by_hand(session, undo_stack):
    add(session, undo_stack, "Hourglass", 2, trigger="manual", loop="loop")
    outcome(session, undo_stack, FF)
    undo_stack.push(table.pc_missed(session).command)
    assert values(session) == {"Hourglass": 2}
    for _ in range(2):
        undo_stack.push(table.tick(session, session.countdowns[0]).command)
    assert (session.countdowns[0].value, session.countdowns[0].loops) == (2, 1)
    assert session.rolls[0].summary == "⚠ Hourglass TRIGGERED: loops back to 2 (×1)"
    assert session.rolls[0].detail == "Ticked by hand."


# -- Fear -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rolled", list(CHART))
def test_a_fear_only_on_the_rolls_with_fear(session, undo_stack, store, rolled):
    step = outcome(session, undo_stack, rolled)
    expected = 1 if rolled in (SF, FF) else 0
    assert session.fear == expected == step.fear_gained
    assert store.campaign(session.campaign.id).fear == expected
    ledger = [(e.change, e.reason, e.note) for e in session.fear_ledger]
    assert ledger == ([(1, "roll_with_fear", rolled.value)] if expected else [])
    if expected:
        assert "GM gains 1 Fear (0 → 1)" in session.rolls[0].summary


def test_no_fear_and_no_ledger_line_at_the_cap(session, undo_stack):
    undo_stack.push(SetFear(session, 12))
    ledger = len(session.fear_ledger)
    outcome(session, undo_stack, FF)
    assert session.fear == 12
    assert len(session.fear_ledger) == ledger
    assert "Fear already at 12: no Fear gained" in session.rolls[0].summary


def test_undoing_an_outcome_puts_everything_back_in_one_step(session, undo_stack, store):
    add(session, undo_stack, "Bell tower", 1)
    linked_pair(session, undo_stack, start=3)
    undo_stack.push(SetFear(session, 5))
    state = (session.fear, list(session.fear_ledger), list(session.countdowns),
             list(session.rolls))
    outcome(session, undo_stack, FF)
    assert session.fear == 6 and len(session.rolls) == 3  # the outcome, two TRIGGERED lines
    undo_stack.undo()
    assert (session.fear, list(session.fear_ledger), list(session.countdowns),
            list(session.rolls)) == state
    assert store.campaign(session.campaign.id).fear == 5
    assert store.countdowns(session.encounter_id) == state[2]
    assert store.rolls(session.encounter_id) == []
    undo_stack.redo()
    assert session.fear == 6
    assert values(session) == {"Bell tower": 0, "The PCs escape": 3, "The chapel floods": 0}
    assert [r.summary for r in store.rolls(session.encounter_id)] == [
        "⚠ The chapel floods TRIGGERED", "⚠ Bell tower TRIGGERED",
        "Failure with Fear: No, and...; GM gains 1 Fear (5 → 6)"]


class Note(QUndoCommand):
    def __init__(self, log: list[str], name: str) -> None:
        super().__init__(name)
        self.log, self.name = log, name

    def redo(self) -> None:
        self.log.append(f"do {self.name}")

    def undo(self) -> None:
        self.log.append(f"undo {self.name}")


def test_a_compound_undoes_its_parts_in_reverse(undo_stack):
    log: list[str] = []
    undo_stack.push(Compound("both", [Note(log, "a"), Note(log, "b")]))
    undo_stack.undo()
    assert log == ["do a", "do b", "undo b", "undo a"]
    assert undo_stack.count() == 1 and undo_stack.undoText() == ""


def test_compound_commands_survive_the_stack_dropping_them(session, undo_stack):
    """PySide6 child commands crash on clear(); a Compound's parts must not."""
    add(session, undo_stack, "Bell tower", 2)
    outcome(session, undo_stack, SF)
    undo_stack.undo()
    undo_stack.redo()
    undo_stack.clear()
    gc.collect()
    outcome(session, undo_stack, SF)  # still usable
    assert values(session) == {"Bell tower": 0}


# -- rests ----------------------------------------------------------------------------------


def test_a_short_rest_gains_1d4_fear(session, undo_stack):
    roll = rest_fear(RestKind.SHORT, 4, Scripted(3))
    step = table.rest(session, RestKind.SHORT, roll, "")
    undo_stack.push(step.command)
    assert session.fear == 3
    assert [(e.change, e.reason) for e in session.fear_ledger] == [(3, "short_rest")]
    assert session.rolls[0].summary == "Short rest: 1d4 = 3; GM gains 3 Fear (0 → 3)"
    undo_stack.undo()
    assert session.fear == 0 and not session.fear_ledger and not session.rolls


def test_a_long_rest_gains_1d4_plus_the_pcs_capped_at_12(session, undo_stack):
    undo_stack.push(SetFear(session, 7))
    roll = rest_fear(RestKind.LONG, 4, Scripted(4))  # 1d4+4 = 8, but only 5 fit
    step = table.rest(session, RestKind.LONG, roll, "4 PCs in the spotlight order")
    undo_stack.push(step.command)
    assert session.fear == 12
    assert (session.fear_ledger[0].change, session.fear_ledger[0].reason) == (5, "long_rest")
    line = session.rolls[0]
    assert line.summary == ("Long rest: 1d4+4 = 8; GM gains 5 Fear (7 → 12), "
                            "3 lost to the cap of 12")
    assert "Party: 4 PCs in the spotlight order" in line.detail


def test_the_party_is_the_pcs_in_the_order_else_the_campaign(session, undo_stack):
    assert table.party(session) == table.Party(
        3, "campaign party size 3 (no PC in the spotlight order)")
    session.add_combatant(CombatantRow(kind="pc", name="Aria", evasion=9))
    session.add_combatant(CombatantRow(kind="adversary", name="Warden"))
    session.add_combatant(CombatantRow(kind="pc", name="Wren", evasion=12))
    assert table.party(session) == table.Party(2, "2 PCs in the spotlight order")


def test_without_pcs_in_the_order_the_roster_counts(session):
    from encounter_app.domain.campaign_rows import PcRow

    for position, name in enumerate(("Ash", "Birch", "Cedar", "Dune")):
        session.store.insert_pc(session.campaign.id, PcRow(name=name), position)
    assert table.party(session) == table.Party(
        4, "4 PCs on the campaign's roster (none in the spotlight order)")
