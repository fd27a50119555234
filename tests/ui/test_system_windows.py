"""Casus Mus, Ruins & Raiders and Forge of Power windows, driven as a GM drives them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QGroupBox, QListView, QPushButton, QWidget

from encounter_app.app import launch
from encounter_app.services.fight import commands, turns
from encounter_app.systems.casus_mus.services import turns as cm_turns
from encounter_app.systems.casus_mus.state import CasusMusState
from encounter_app.systems.casus_mus.ui.clash_dialog import ClashDialog
from encounter_app.systems.forge_of_power.services import turns as fop_turns
from encounter_app.systems.forge_of_power.state import ForgeState
from encounter_app.systems.forge_of_power.ui.roll_dialog import FopRollDialog
from encounter_app.systems.ruins_and_raiders.services import turns as rr_turns
from encounter_app.systems.ruins_and_raiders.state import RuinsState
from encounter_app.systems.ruins_and_raiders.ui.trait_dialog import TraitCheckDialog
from encounter_app.ui.fight.models import RowRole
from encounter_app.ui.table.stats_dialog import StatsDialog


def open_program(qtbot, tmp_path, system):
    launched = launch(tmp_path, seed=3, show=True, demo_system=system)
    qtbot.addWidget(launched.window)
    qtbot.waitExposed(launched.window)
    return launched


@pytest.fixture
def opened(qtbot, tmp_path):
    """Start the program on a system's sample fight; everything started shuts down after."""
    started = []

    def open_(system):
        started.append(open_program(qtbot, tmp_path / system, system))
        return started[-1]

    yield open_
    for launched in started:
        launched.shutdown()


@pytest.fixture(params=["casus_mus", "ruins_and_raiders", "forge_of_power"])
def program(request, opened):
    return opened(request.param)


def child(window, cls, name):
    found = window.findChild(cls, name)
    assert found is not None, f"no {cls.__name__} named {name}"
    return found


def click(qtbot, window, name):
    qtbot.mouseClick(child(window, QPushButton, name), Qt.MouseButton.LeftButton)


def test_each_system_has_its_own_panel_and_no_fear(program):
    window = program.window
    system = program.session.campaign.system
    panel = child(window, QGroupBox, "systemPanel")
    assert panel.title().replace("&&", "&") == {
        "casus_mus": "Casus Mus", "ruins_and_raiders": "Ruins & Raiders",
        "forge_of_power": "Forge of Power"}[system]
    assert window.findChild(QWidget, "fearTracker") is None
    assert window.findChild(QListView, "fearLedger") is None
    cards = child(window, QListView, "combatantCards")
    assert cards.model().rowCount() == 7
    assert "&Roll" in [action.text() for action in window.menuBar().actions()]


def test_card_shows_the_systems_numbers(program):
    profile = program.window.fight.profile
    first = program.session.combatants[0]
    text = " ".join(profile.card_lines(first)) + profile.card_status(first)
    expected = {"casus_mus": "Combat 62%", "ruins_and_raiders": "Dodge 8 · Parry 12",
                "forge_of_power": "Defense 16"}[program.session.campaign.system]
    assert expected in text


def test_damage_and_heal_are_undoable(qtbot, program):
    table = program.window.fight
    first = program.session.combatants[0]
    assert table.operations.damage(first.id, 5)
    assert program.session.combatants[0].hp_marked == 5
    assert table.operations.heal(first.id, 99)
    assert program.session.combatants[0].hp_marked == 0
    program.undo_stack.undo()
    assert program.session.combatants[0].hp_marked == 5


def test_adding_a_combatant_checks_the_name_at_the_field(qtbot, program):
    dialog = StatsDialog(program.window.fight.rules, program.window)
    qtbot.addWidget(dialog)
    dialog.accept()
    assert dialog.result() != StatsDialog.DialogCode.Accepted
    problem = dialog.findChild(QWidget, "nameProblem")
    assert problem.text() == "A combatant needs a name."
    dialog.name.setText("Gristle")
    assert problem.text() == ""
    row = dialog.combatant()
    rules = program.window.fight.rules
    assert row.system_stats == rules.stats_from(rules.sheet_values(rules.defaults()))


# -- Casus Mus -------------------------------------------------------------------------------

def test_casus_mus_clash_dialog_walks_the_flow(qtbot, opened):
    program = opened("casus_mus")
    session, window = program.session, program.window
    pip, stoat = session.combatants[0], session.combatants[1]
    dialog = ClashDialog(session, window.roll_router, window.fight.operations, window,
                         attacker=pip.id)
    qtbot.addWidget(dialog)
    assert dialog.defender.row().id == stoat.id  # the first foe of the attacker
    react = dialog.steps["react"]
    assert not react.isEnabled() and react.toolTip() == "The attacker has not rolled."
    before = dialog.attacker.resources.text()
    dialog.step("attack")
    qtbot.waitUntil(lambda: dialog.flow.attacker.roll is not None)
    assert not dialog.attacker.isEnabled()  # who clashes is fixed once rolled
    # The Action Point is shown spent at once, not only once the clash is recorded.
    ap_before = int(before.split("/")[0].removeprefix("AP "))
    assert dialog.attacker.resources.text().startswith(f"AP {ap_before - 1}/")
    assert "this clash's spending counted" in dialog.attacker.resources.text()
    dialog.step("decline")
    assert dialog.verdict.text()
    # Seed 3: Pip's rolled attack succeeds, so he hits and rolls damage before the record.
    assert dialog.flow.hitter() is not None
    assert not dialog.record_button.isEnabled()
    assert dialog.record_button.toolTip() == (
        "Roll the hitter's damage first (or type what the player rolled).")
    dialog.resolve.roll_button.click()  # rolled on the rules thread
    qtbot.waitUntil(lambda: dialog.flow.damage is not None)
    assert dialog.record_button.isEnabled()
    dialog.accept()
    assert session.rolls[0].kind == "clash"
    assert cm_turns.ap_left(session.combatants[0]) == 2  # Pip (Hero) spent 1 of 3
    program.undo_stack.undo()
    assert cm_turns.ap_left(session.combatants[0]) == 3 and not session.rolls


def test_casus_mus_new_session_button_refreshes_luck(qtbot, opened):
    program = opened("casus_mus")
    window, session = program.window, program.session
    click(qtbot, window, "spendLpButton")  # on Pip, in the spotlight
    assert cm_turns.lp_left(session.combatants[0]) == 2
    assert "Luck Points 2 of 3" in child(window, QWidget, "resourceTarget").text()
    click(qtbot, window, "refreshLuckButton")
    assert cm_turns.lp_left(session.combatants[0]) == 3
    assert program.undo_stack.undoText() == "New session: refresh Luck Points"
    click(qtbot, window, "refreshLuckButton")
    assert "already has all their Luck Points" in window.status_label.text()


# -- Ruins & Raiders --------------------------------------------------------------------------

def test_ruins_roll_initiative_orders_the_list(qtbot, opened):
    program = opened("ruins_and_raiders")
    window, session = program.window, program.session
    click(qtbot, window, "rollInitiativeButton")
    qtbot.waitUntil(lambda: len(session.rolls) == 1)
    scores = [turns.effective_initiative(r) for r in session.combatants]
    assert scores == sorted(scores, reverse=True)
    warden = next(r for r in session.combatants if r.name == "Crypt Warden")
    assert warden.system_state.initiative == 1 + 7  # Perception + 7, not rolled
    assert session.active_id == session.combatants[0].id
    assert "Round 1" in child(window, QWidget, "roundStatus").text()
    program.undo_stack.undo()
    assert not session.rolls



def test_ruins_a_typed_initiative_before_any_roll_updates_the_status(qtbot, opened):
    program = opened("ruins_and_raiders")
    window, session = program.window, program.session
    status = child(window, QWidget, "roundStatus")
    assert "No initiative yet" in status.text()
    program.undo_stack.push(rr_turns.set_initiative(session, session.combatants[0].id, 14))
    assert "No initiative yet" not in status.text()
    program.undo_stack.undo()
    assert "No initiative yet" in status.text()

def test_ruins_trait_check_builds_the_challenge_level(qtbot, opened):
    program = opened("ruins_and_raiders")
    rows = list(program.session.combatants)
    dialog = TraitCheckDialog(rows, rows[0].id)
    qtbot.addWidget(dialog)
    dialog.rush.setValue(1)
    request = dialog.request()
    assert (request.challenge, request.trait) == (12 + 3, 4)  # Hedda's Warrior 4, rushed
    dialog.rush.setValue(0)
    dialog.time.setCurrentIndex(dialog.time.findData(4))
    request = dialog.request()
    assert (request.challenge, request.trait) == (12, 4 + 6)  # four times the time
    dialog.mode.setCurrentIndex(1)
    dialog.spaces.setValue(3)
    assert dialog.request().challenge == 12 and dialog.trait.currentData() == "athlete"
    dialog.mode.setCurrentIndex(2)
    # The attack aims at Hedda's first foe, never at Hedda or an ally.
    aimed = rows[dialog.target.currentIndex()]
    assert aimed.kind != "pc" and aimed == next(r for r in rows if r.kind != "pc")
    dialog.target.setCurrentIndex(3)  # Ruin Jackal: Parry 9, Dodge 10
    dialog.range.setCurrentIndex(2)
    dialog.distance.setValue(11)
    dialog.defence.setCurrentIndex(1)
    assert dialog.request().challenge == 10 + 2
    dialog.unaware.setChecked(True)
    assert dialog.request().challenge == 4 + 2
    assert "against challenge 6" in dialog.summary.text()
    dialog.target.setCurrentIndex(0)
    assert not dialog.roll_button.isEnabled()


def test_ruins_a_trait_check_answered_after_its_actor_left_is_still_logged(
        qtbot, opened, monkeypatch):
    program = opened("ruins_and_raiders")
    session = program.session
    actors = []

    def accept(dialog):
        actors.append(dialog.actor_id())
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(TraitCheckDialog, "exec", accept)
    program.window.fight.check()  # the dice are rolled on the rules thread: answered later
    # Before the answer comes back, the actor leaves the fight (removed, or its adding undone).
    actor = session.combatants.by_id(actors[0])
    program.undo_stack.push(commands.RemoveCombatant(session, session.combatants.index_of(
        actor.id)))
    qtbot.waitUntil(lambda: len(session.rolls) == 1)
    assert session.rolls[0].actor == actor.name  # no action spent: there is no row to spend it


# -- Forge of Power ---------------------------------------------------------------------------

def test_forge_pass_the_turn_and_interrupt(qtbot, opened):
    program = opened("forge_of_power")
    window, session = program.window, program.session
    table = window.fight
    kestrel, hound = session.combatants[0], session.combatants[3]
    dialog = FopRollDialog(list(session.combatants), kestrel.id, window.roll_router,
                           table.operations.record, window, attack=True)
    qtbot.addWidget(dialog)
    assert [dialog.targets.item(i).checkState() for i in range(3)][2] == \
        Qt.CheckState.Checked  # the first foe: Clockwork Hound
    dialog.roll()
    qtbot.waitUntil(lambda: len(dialog.results) == 1)
    dialog.roll()  # an effect allows a reroll: keep either
    qtbot.waitUntil(lambda: len(dialog.results) == 2)
    # The choice's words wrap (a long roll once ran the dialog past 1366 pixels), and a
    # click on them chooses.
    assert dialog.second_text.wordWrap() and dialog.second_text.text().startswith("Reroll: ")
    dialog.resize(420, dialog.height())
    qtbot.mouseClick(dialog.second_text, Qt.MouseButton.LeftButton)
    assert dialog.second.isChecked() and dialog.minimumSizeHint().width() <= 600
    dialog.accept()
    assert "(rerolled, kept the reroll)" in session.rolls[0].summary
    assert table.interrupter.currentData() == hound.id
    click(qtbot, window, "interruptButton")
    assert session.active_id == hound.id
    assert fop_turns.acted(session.combatants[0])
    choices = [table.next_choice.itemData(i) for i in range(table.next_choice.count())]
    assert kestrel.id not in choices and hound.id not in choices
    window.next_action.trigger()
    assert session.active_id == choices[0]


def test_daggerheart_keeps_its_window(qtbot, opened):
    program = opened("daggerheart")
    from encounter_app.systems.daggerheart.ui.fight import DaggerheartFight

    assert isinstance(program.window.fight, DaggerheartFight)
    assert program.window.findChild(QWidget, "fearTracker") is not None
    assert program.window.findChild(QGroupBox, "systemPanel") is None
    assert program.window.log_tabs.accessibleName() == (
        "Roll log, Fear ledger and Players' rolls")


@pytest.mark.parametrize("system", ["casus_mus", "ruins_and_raiders", "forge_of_power"])
def test_a_screen_reader_hears_only_the_tabs_a_system_has(qtbot, opened, system):
    """No Fear ledger outside Daggerheart, so none is named beside the roll log; the players'
    rolls from their phones are in every system."""
    tabs = opened(system).window.log_tabs
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["Roll log", "Players' rolls"]
    assert tabs.accessibleName() == "Roll log and Players' rolls"
    assert tabs.tabBar().accessibleName() == "Roll log or Players' rolls"


def test_the_gm_screen_shows_the_systems_tables(qtbot, qtmodeltester, program):
    from PySide6.QtWidgets import QTableView

    window = program.window
    window.gm_screen_dock.show()
    screen = child(window, QWidget, "systemReference")
    first = screen.widget(0)
    assert isinstance(first, QTableView)
    qtmodeltester.check(first.model())
    cells = {"casus_mus": (4, 2, "Attacker hits, gets one CM"),  # no reaction; succeeds
             "ruins_and_raiders": (3, 1, "12"),  # Moderate
             "forge_of_power": (1, 1, "DC + 0 … DC + 9")}[window.session.campaign.system]
    row, column, text = cells
    assert first.model().index(row, column).data() == text


def test_editing_numbers_keeps_damage_and_turn_state(qtbot, program):
    from dataclasses import replace

    from encounter_app.services.fight.commands import UpdateCombatant

    session = program.session
    first = session.combatants[0]
    kept = {"casus_mus": CasusMusState(ap=0, weapon_damage="2d6"),
            "ruins_and_raiders": RuinsState(initiative=12, waiting=True),
            "forge_of_power": ForgeState(initiative=12, acted=True)}[session.system.key]
    program.undo_stack.push(UpdateCombatant(session, replace(
        first, hp_marked=first.hp_max - 1, system_state=kept), "set up"))
    dialog = StatsDialog(program.window.fight.rules, program.window,
                         existing=session.combatants[0])
    qtbot.addWidget(dialog)
    health = program.window.fight.rules.health_key
    dialog.fields[health].setValue(3)
    edited = dialog.combatant()
    assert (edited.id, edited.name) == (first.id, first.name)
    assert edited.hp_max == 3 and edited.hp_marked == 3  # never more marked than the track
    assert edited.system_state == kept
    assert program.window.fight.rules.sheet_values(edited.system_stats)[health] == 3


def test_editing_numbers_keeps_the_gm_note_and_the_roster_link(qtbot, program):
    from dataclasses import replace

    from encounter_app.services.fight.commands import UpdateCombatant

    session = program.session
    pc = next(c for c in session.combatants if c.pc_id is not None)
    program.undo_stack.push(UpdateCombatant(session, replace(pc, notes="owes the guild"),
                                            "note"))
    dialog = StatsDialog(program.window.fight.rules, program.window,
                         existing=session.combatants.by_id(pc.id))
    qtbot.addWidget(dialog)
    edited = dialog.combatant()
    assert (edited.notes, edited.pc_id) == ("owes the guild", pc.pc_id)


def test_double_clicking_a_card_gives_it_the_turn(qtbot, program):
    cards = child(program.window, QListView, "combatantCards")
    index = cards.model().index(2, 0)
    cards.doubleClicked.emit(index)
    assert program.session.active_id == program.session.combatants[2].id


def pips_clash(qtbot, opened) -> ClashDialog:
    """Casus Mus' clash dialog with Pip Thistlewhisker attacking."""
    program = opened("casus_mus")
    session, window = program.session, program.window
    dialog = ClashDialog(session, window.roll_router, window.fight.operations, window,
                         attacker=session.combatants[0].id)
    qtbot.addWidget(dialog)
    return dialog


def test_a_clash_takes_the_rolls_players_made_at_the_table(qtbot, opened):
    dialog = pips_clash(qtbot, opened)
    dialog.typed.setValue(71)  # Pip's player rolled 71 against 62%: a failure
    dialog.step("attack")
    assert dialog.flow.attacker.roll.roll == 71 and dialog.typed.value() == 0
    dialog.step("attacker_flip")  # 17: a success
    # The Stoat fumbles with 00, typed as the dice show it (the hint says "00 is 100"): not
    # 0, "rolled for me", which let the program roll anything instead.
    dialog.typed.selectAll()
    qtbot.keyClicks(dialog.typed, "00")
    dialog.typed.interpretText()
    assert dialog.typed.value() == 100
    dialog.step("react")
    assert dialog.flow.defender.roll.roll == 100
    assert dialog.verdict.text() == ("Pip Thistlewhisker hits and picks 2 Combat "
                                     "Maneuvers before rolling damage.")


def lio_checks(qtbot, opened) -> FopRollDialog:
    """Forge of Power's die roll for Lio Venn, on his Intellect (5)."""
    program = opened("forge_of_power")
    session, window = program.session, program.window
    lio = session.combatants[2]
    dialog = FopRollDialog(list(session.combatants), lio.id, window.roll_router,
                           window.fight.operations.record, window)
    qtbot.addWidget(dialog)
    dialog.attribute.setCurrentIndex(2)
    return dialog


def test_typed_dice_are_graded_like_rolled_ones(qtbot, opened):
    dialog = lio_checks(qtbot, opened)
    dialog.dc.setValue(25)
    dialog.typed.setValue(20)
    dialog.roll()
    assert dialog.results[0].summary == "Lio Venn: Check 25 vs DC 25, Critical Success"
    assert dialog.results[0].detail.endswith("(rolled at the table)")
    assert not dialog.typed_second.isEnabled()  # one d20 without advantage


def test_two_d20s_typed_with_advantage_keep_the_higher_and_say_so(qtbot, opened):
    dialog = lio_checks(qtbot, opened)
    dialog.dc.setValue(20)
    dialog.advantage.setChecked(True)
    assert dialog.typed_second.isEnabled()
    dialog.typed.setValue(4)
    dialog.roll()  # one of two typed: both or neither
    assert not dialog.results and "type both d20s" in dialog.problem.text()
    dialog.typed_second.setValue(17)
    dialog.roll()
    row = dialog.results[0]
    assert row.detail.startswith("2d20 advantage (4, 17: keeps 17) + 5 = 22")
    assert row.summary == "Lio Venn: Check 22 vs DC 20, Success"


def test_typed_trait_dice_are_both_or_neither(qtbot, opened):
    rows = list(opened("ruins_and_raiders").session.combatants)
    trait = TraitCheckDialog(rows, rows[0].id)
    qtbot.addWidget(trait)
    trait.typed[0].setValue(1)
    assert not trait.roll_button.isEnabled()  # one die typed: both or neither
    assert "Type both dice" in trait.summary.text()
    trait.typed[1].setValue(1)
    check = trait.typed_check()
    assert (check.natural, check.success) == (2, False)  # a natural 2 always fails
    assert trait.roll_button.text() == "Record"



@pytest.mark.parametrize("system", ["casus_mus", "ruins_and_raiders", "forge_of_power"])
def test_the_other_games_have_one_rest_in_their_own_words(qtbot, opened, system):
    """Short and long rest and the Fear are Daggerheart's: these games have one rest, which
    moves the campaign's long-term countdowns."""
    from encounter_app.ui.campaigns import dialog
    from encounter_app.ui.shell.shortcuts import plain

    launched = opened(system)
    window = launched.window
    encounter = next(a.menu() for a in window.menuBar().actions()
                     if plain(a.text()) == "Encounter")
    words = [plain(a.text()) for a in encounter.actions() if a.isVisible()]
    assert "Rest" in words
    assert not [w for w in words if "Short rest" in w or "Long rest" in w or "Fear" in w]
    window.rests.short_rest_action.trigger()
    assert launched.session.rolls[0].summary == "Rest"
    assert launched.undo_stack.undoText() == "Rest"

    manager = dialog.show_for(window)
    tab = manager.rest
    assert plain(tab.short_button.text()) == "Rest" and not tab.long_button.isVisibleTo(tab)
    assert "Fear" not in tab.rest_text.text()
    manager.close()


def test_the_clash_steps_follow_a_change_of_attacker_or_defender(qtbot, opened):
    dialog = pips_clash(qtbot, opened)
    attack = dialog.steps["attack"]
    assert attack.isEnabled()
    dialog.defender.who.setCurrentIndex(dialog.attacker.who.currentIndex())  # Pip against Pip
    assert not attack.isEnabled() and attack.toolTip() == "Pick two different combatants."
    dialog.defender.who.setCurrentIndex((dialog.attacker.who.currentIndex() + 1)
                                        % dialog.defender.who.count())
    assert attack.isEnabled() and attack.toolTip() == ""


@pytest.mark.parametrize("system", ["casus_mus", "ruins_and_raiders", "forge_of_power"])
def test_next_chooses_the_card_in_the_spotlight_so_the_buttons_act_on_it(qtbot, opened,
                                                                         system):
    program = opened(system)
    window, session = program.window, program.session
    table = window.fight
    last = session.combatants[len(session.combatants) - 1]
    table.cards.setCurrentIndex(window.initiative_model.index(len(session.combatants) - 1))
    assert table.cards.selected_id() == last.id
    window.next_action.trigger()
    active = session.active_id
    assert active is not None and active != last.id
    assert table.cards.selected_id() == active  # not the card chosen before
    assert table.target().id == active
    chosen = window.initiative.view.currentIndex().data(RowRole)
    assert chosen.id == active  # the order shows the same one


def test_a_forge_initiative_tie_after_the_bonus_is_put_to_the_gm(qtbot, opened, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    from encounter_app.domain.initiative import InitiativeScore
    from encounter_app.systems.forge_of_power.requests import ForgeInitiative

    program = opened("forge_of_power")
    session, window = program.session, program.window
    first, second = session.combatants[0], session.combatants[1]
    scores = [InitiativeScore(first.id, first.name, (10,), 12, 2),
              InitiativeScore(second.id, second.name, (10,), 12, 2),
              InitiativeScore(session.combatants[2].id, "Lio", (11,), 12, 1)]
    ties = ForgeInitiative(()).ties(scores)  # Lio's lower bonus settles his place; the two are tied
    assert [[s.name for s in group] for group in ties] == [[first.name, second.name]]
    asked = []

    def choose(_parent, _title, text, names, *_args):
        asked.append(text)
        return second.name, True

    monkeypatch.setattr(QInputDialog, "getItem", choose)
    window.fight.ask_ties(ties)
    assert "are tied at 12 (bonus +2). Who goes first?" in asked[0]
    assert [c.id for c in session.combatants][:2] == [second.id, first.id]
    assert program.undo_stack.undoText() == f"Initiative tie: {second.name}, then {first.name}"
    program.undo_stack.undo()
    assert [c.id for c in session.combatants][:2] == [first.id, second.id]


def test_ruins_a_hit_shows_every_part_of_its_wounds_and_marks_them_in_the_same_step(
        qtbot, opened, monkeypatch):
    program = opened("ruins_and_raiders")
    session, window = program.session, program.window
    hedda = session.combatants[0]
    jackal = next(r for r in session.combatants if r.kind != "pc")

    def accept(dialog):  # the GM fills the dialog: Hedda attacks the Jackal, dice 6 and 6
        dialog.actor.setCurrentIndex(dialog.rows.index(next(r for r in dialog.rows
                                                             if r.id == hedda.id)))
        dialog.mode.setCurrentIndex(2)
        dialog.target.setCurrentIndex(dialog.rows.index(next(r for r in dialog.rows
                                                              if r.id == jackal.id)))
        dialog.uses_action.setChecked(False)
        for box in dialog.typed:
            box.setValue(6)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(TraitCheckDialog, "exec", accept)
    steps = program.undo_stack.count()
    window.fight.check()
    log = session.rolls[0]
    brawn, weapon = hedda.system_stats.brawn, hedda.system_stats.weapon_power
    fortitude, armour = jackal.system_stats.fortitude, jackal.system_stats.armour
    assert (f"+ Brawn {brawn} + weapon {weapon} - Fortitude {fortitude} - armour {armour}"
            in log.detail)
    dealt = int(log.detail.rsplit("= ", 1)[1].split()[0])
    assert dealt > 0 and f"{dealt} wounds" in log.summary
    after = session.combatants.by_id(jackal.id)
    assert after.hp_marked == min(jackal.hp_marked + dealt, jackal.hp_max)
    assert program.undo_stack.count() == steps + 1  # the roll and the wounds: one step
    program.undo_stack.undo()
    assert session.combatants.by_id(jackal.id).hp_marked == jackal.hp_marked
    assert not session.rolls or session.rolls[0] != log


def test_ruins_trait_check_refuses_contradictions_and_keeps_its_buttons_still(qtbot, opened):
    rows = list(opened("ruins_and_raiders").session.combatants)
    dialog = TraitCheckDialog(rows, rows[0].id)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.time.setCurrentIndex(dialog.time.findData(4))  # four times the time...
    assert not dialog.rush.isEnabled()  # ...cannot also be rushed
    dialog.time.setCurrentIndex(dialog.time.findData(1))
    dialog.rush.setValue(2)
    assert not dialog.time.isEnabled()
    dialog.mode.setCurrentIndex(2)
    dialog.charge.setValue(6)
    dialog.range.setCurrentIndex(2)  # a long-range attack: no charge
    assert not dialog.charge.isEnabled() and dialog.charge.value() == 0
    assert "momentum" not in dialog.request().reason
    # The summary keeps its room: typing one die (a second line) moves no button.
    qtbot.wait(10)
    at = dialog.roll_button.mapTo(dialog, dialog.roll_button.rect().topLeft())
    dialog.typed[0].setValue(3)
    qtbot.wait(10)
    assert "Type both dice" in dialog.summary.text()
    assert dialog.roll_button.mapTo(dialog, dialog.roll_button.rect().topLeft()) == at


def test_ruins_an_opposed_check_is_against_the_opponents_trait_plus_7(qtbot, opened):
    # NOTES.md: "Trait check: 2d6 + trait against ... an opponent's trait + 7."
    rows = list(opened("ruins_and_raiders").session.combatants)
    dialog = TraitCheckDialog(rows, rows[0].id)
    qtbot.addWidget(dialog)
    dialog.mode.setCurrentIndex(3)
    # The opponent is Hedda's first foe, never Hedda or an ally.
    assert rows[dialog.opponent.currentIndex()] == next(r for r in rows if r.kind != "pc")
    dialog.opponent.setCurrentIndex(3)  # Ruin Jackal
    dialog.opponent_trait.setCurrentIndex(dialog.opponent_trait.findData("perception"))
    request = dialog.request()
    assert (request.trait, request.challenge) == (4, 3 + 7)  # Warrior 4; Perception 3
    assert request.reason == "Ruin Jackal's Perception 3 + 7"
    assert "against challenge 10" in dialog.summary.text()
    dialog.opponent.setCurrentIndex(0)  # Hedda against herself
    assert not dialog.roll_button.isEnabled()
    assert "opponent other than the actor" in dialog.summary.text()


def test_ruins_an_action_given_up_shows_its_bonus_on_the_card(qtbot, opened, monkeypatch):
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QInputDialog

    from encounter_app.systems.ruins_and_raiders.ui.profile import profile
    from tests.helpers.systems import SYSTEMS

    ruins_status = profile(SYSTEMS.get("ruins_and_raiders")).card_status

    program = opened("ruins_and_raiders")
    session, window = program.session, program.window
    window.next_action.trigger()  # the spotlight chooses the card the action is for
    actor = session.active_id
    asked = []

    def choose(_parent, _title, text, names, *_args):
        asked.append((text, names))
        return names[1], True  # Defend

    monkeypatch.setattr(QInputDialog, "getItem", choose)
    give_up = next(a for a in window.findChildren(QAction) if "Give up an action" in a.text())
    assert give_up.shortcut().toString() == "G"
    give_up.trigger()
    row = next(r for r in session.combatants if r.id == actor)
    assert asked[0][0] == f"{row.name} gives up an action for:"
    assert asked[0][1][0] == "Aim: +3 next attack" and len(asked[0][1]) == 5
    assert "Defend +3" in ruins_status(row)
    assert "Actions ●○" in ruins_status(row)  # one of the two actions given up
    assert program.undo_stack.undoText().endswith("gives up an action: Defend "
                                                  "(+3 Dodge and Parry)")
