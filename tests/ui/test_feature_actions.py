"""An adversary's every action in one click, in the window (issue 30): the Use buttons on its
card and the entries of its menu, the attack dialog's choice of the standard attack or a
feature, the hit dialog's riders, and the adversary's own reaction roll's Difficulty.

The fight is the demo's, with the SRD's Acid Burrower joining it; the dice are scripted.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QLabel

from encounter_app.app import launch
from encounter_app.domain import Feature
from encounter_app.domain.adversaries import combatant_from
from encounter_app.domain.player_rolls import PhoneSubmission, RollStatus
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.ui.rolls.dialogs import AttackDialog, ReactionDialog
from encounter_app.systems.daggerheart.ui.rolls.feature_dialog import FeatureDialog
from encounter_app.ui.fight.models import RowRole
from tests.helpers.features import BURROWER, scripted_service
from tests.helpers.modal import cancel_next_modal
from tests.helpers.scripted import d

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support propagateSizeHints\(\)",
                                       r"This plugin does not support raise\(\)")


@pytest.fixture
def table(qtbot, tmp_path):
    """``table(*draws)``: the program on the demo fight, the Acid Burrower joined, its dice
    scripted; returns the program, the Burrower and the script."""
    started = []

    def start(*draws):
        service, script = scripted_service(*draws)
        program = launch(tmp_path, seed=3, show=True, rules_service=service)
        started.append(program)
        qtbot.addWidget(program.window)
        qtbot.waitExposed(program.window)
        fight = program.window.fight
        assert fight.operations.join(combatant_from(BURROWER))
        return program, program.session.combatants[-1], script

    yield start
    for program in started:
        program.shutdown()


def pcs(program):
    return [c for c in program.session.combatants if c.kind == "pc"]


def card_of(program, combatant_id):
    fight = program.window.fight
    model = fight.cards_model
    return next(model.index(r, 0) for r in range(model.rowCount())
                if model.index(r, 0).data(RowRole).id == combatant_id)


def click_use(qtbot, program, combatant_id, feature):
    """A click on the feature's Use button on the adversary's card."""
    cards = program.window.fight.cards
    card = card_of(program, combatant_id)
    cards.scrollTo(card)
    layout = cards.card_layout(card)
    button = layout.use_buttons[layout.use_features.index(feature)]
    at = cards.visualRect(card).topLeft() + button.center()
    qtbot.mouseClick(cards.viewport(), Qt.MouseButton.LeftButton, pos=at)


def test_spit_acid_from_its_card_is_one_click_and_one_undo_step(qtbot, table):
    # d20 10 + 3 = 13 hits Aria (Evasion 9) and Brannoc (8); the 2d6 show 6 and 5: 11 damage.
    program, burrower, script = table(*d(20, 10), *d(6, 6, 5))
    fight, session = program.window.fight, program.session
    fight.track_pcs_action.trigger()
    aria, brannoc, wren = pcs(program)
    layout = fight.cards.card_layout(card_of(program, burrower.id))
    assert layout.use_features == ["Earth Eruption", "Spit Acid", "Acid Bath"]
    assert "[Use] Spit Acid — Action: Make an attack" in layout.text
    before = (list(session.combatants), session.fear, list(session.rolls))
    seen = []

    def aim(dialog):
        seen.append((dialog.feature(), [t.name for t in dialog.chosen()]))
        wren_row = dialog.list.item(2)  # Wren is out of reach: a click on the name unticks
        at = dialog.list.visualItemRect(wren_row).center() + QPoint(40, 0)
        qtbot.mouseClick(dialog.list.viewport(), Qt.MouseButton.LeftButton, pos=at)
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)

    cancel_next_modal(aim)
    click_use(qtbot, program, burrower.id, "Spit Acid")
    assert seen == [("Spit Acid", [aria.name, brannoc.name, wren.name])]  # all ticked
    hits = fight.card_actions
    qtbot.waitUntil(lambda: hits.hit_dialog is not None and hits.hit_dialog.isVisible())
    assert script.done and list(session.rolls) == before[2]  # logged with the marks, after
    dialog = hits.hit_dialog
    assert "Spit Acid: 13, hits" in dialog.findChild(QLabel, "hitRoll").text()
    riders = dialog.findChildren(QCheckBox, "hitRider:armor")
    assert len(riders) == 2 and all(r.isChecked() for r in riders)  # visible, ticked
    # Ticking an Armor Slot against the damage moves nothing: Mark stays under the pointer.
    mark_at, size = dialog.mark_button.geometry(), dialog.size()
    dialog._boxes[0].armor.setChecked(True)
    qtbot.wait(20)
    assert dialog.mark_button.geometry() == mark_at and dialog.size() == size
    steps = program.undo_stack.count()
    qtbot.mouseClick(dialog.mark_button, Qt.MouseButton.LeftButton)

    after = {r.id: r for r in session.combatants}
    # Aria: 11 is Major (8), her Armor Slot takes it to Minor: 1 HP, 2 Armor Slots with the acid.
    assert after[aria.id].hp_marked == 1 and pc_tracks.tracks(after[aria.id]).armor_marked == 2
    # Brannoc: 11 is Major (9): 2 HP, and the acid's Armor Slot.
    assert after[brannoc.id].hp_marked == 2
    assert pc_tracks.tracks(after[brannoc.id]).armor_marked == 1
    assert after[wren.id] == wren
    assert "damage 2d6 (6, 5) = 11 phy" in session.rolls[0].detail
    assert program.undo_stack.count() == steps + 1
    program.undo_stack.undo()
    assert (list(session.combatants), session.fear, list(session.rolls)) == before


def test_clicking_the_second_pcs_name_ticks_it_and_the_attack_goes_to_it(qtbot, table):
    program, burrower, _script = table(*d(20, 19), *d(12, 4))
    second = pcs(program)[1]

    def aim(dialog):
        assert dialog.feature() is None and [t.name for t in dialog.chosen()] == [
            pcs(program)[0].name]
        row = dialog.list.item(1)
        at = dialog.list.visualItemRect(row).center() + QPoint(40, 0)  # on the name
        qtbot.mouseClick(dialog.list.viewport(), Qt.MouseButton.LeftButton, pos=at)
        assert [t.name for t in dialog.chosen()] == [second.name]  # the tick moved there
        assert dialog.list.currentRow() == 1
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)

    cancel_next_modal(aim)
    with qtbot.waitSignal(program.window.roller.recorded):
        program.window.fight.rolls.attack(burrower.id)
    targets = program.session.rolls[0].payload["request"]["targets"]
    assert [t["name"] for t in targets] == [second.name]


def test_the_cards_menu_offers_every_feature_with_a_reading(qtbot, table):
    program, burrower, script = table()  # Earth Eruption names no damage: nothing rolled
    actions = program.window.fight.card_actions
    menu = actions.menu_for(burrower.id)
    names = [a.objectName() for a in menu.actions()]
    assert "attackAction" in names
    assert [n for n in names if n.startswith("feature:")] == [
        "feature:Earth Eruption", "feature:Spit Acid", "feature:Acid Bath"]  # not Relentless
    eruption = next(a for a in menu.actions() if a.objectName() == "feature:Earth Eruption")
    assert "Agility Reaction Roll" in eruption.text() and "1 Stress" in eruption.text()
    aria, brannoc, wren = pcs(program)

    def answer(dialog):
        assert isinstance(dialog, FeatureDialog)
        assert dialog.difficulty.value() == 14  # the text gives none: the Burrower's own
        assert not dialog.roll_button.isEnabled()  # three Reaction Rolls to say
        dialog.set_result(aria.id, total=9)
        dialog.set_result(brannoc.id, total=16)
        dialog.set_result(wren.id, succeeded=True)
        assert dialog.roll_button.isEnabled()
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)

    cancel_next_modal(answer)
    with qtbot.waitSignal(program.window.roller.recorded):
        eruption.trigger()
    menu.deleteLater()
    assert program.session.rolls[0].summary == (
        f"Acid Burrower Earth Eruption: {aria.name} fails; {brannoc.name} succeeds; "
        f"{wren.name} succeeds")
    assert program.session.combatants.by_id(burrower.id).stress_marked == 1
    assert script.done


def test_the_adversarys_reaction_roll_has_no_difficulty_until_the_gm_types_it(qtbot, table):
    _program, burrower, _script = table()
    dialog = ReactionDialog([burrower], fear=3, current_id=burrower.id)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.difficulty.text().strip() == ""  # not the Burrower's own 14
    assert not dialog.roll_button.isEnabled()
    assert "Type the Difficulty of what it resists" in dialog.explain.text()
    places = [w.geometry() for w in (dialog.roll_button, dialog.explain, dialog.advantage)]
    qtbot.keyClicks(dialog.difficulty, "15")
    assert dialog.roll_button.isEnabled() and dialog.request().difficulty == 15
    assert "Meets or beats" in dialog.explain.text()
    assert [w.geometry() for w in (dialog.roll_button, dialog.explain,
                                   dialog.advantage)] == places


def test_nothing_in_the_attack_dialog_moves_when_the_attack_changes(qtbot, table):
    program, burrower, _script = table()
    # A feature with a lot to say: its words take a line more than the others'.
    crush = Feature("Crushing Tide", "Action",
                    "Spend 2 Fear and mark a Stress to make an attack with advantage against all "
                    "targets within Far range. Targets the Burrower succeeds against take 2d10+4 "
                    "physical damage, must mark 2 Stress and an Armor Slot, and are Restrained "
                    "and Vulnerable.")
    burrower = replace(burrower, stats=replace(burrower.stats,
                                               features=(*burrower.stats.features, crush)))
    dialog = AttackDialog(burrower, pcs(program), fear=3)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    watched = (dialog.roll_button, dialog.list, dialog.advantage, dialog.description)
    places, size = [w.geometry() for w in watched], dialog.size()
    words = []
    for i in range(dialog.choice.count()):
        dialog.choice.setCurrentIndex(i)
        qtbot.wait(10)
        words.append(dialog.description.text())
        assert [w.geometry() for w in watched] == places and dialog.size() == size
    assert "Claws +3" in words[0] and "2d6 phy" in words[1]
    assert "marks an Armor Slot" in words[1]
    assert "with advantage" in words[2] and "costs 1 Stress and 2 Fear" in words[2]
    assert dialog.advantage.isChecked()  # the text says so


def test_ticking_an_armor_slot_in_the_hit_dialog_moves_nothing(qtbot, table):
    from encounter_app.systems.daggerheart.ui.pc_hits import HitDialog

    program, _burrower, _script = table()
    aria = pcs(program)[0]  # thresholds 8/17: 11 damage is Major, Minor with an Armor Slot
    dialog = HitDialog([(aria, 11)], "Claws")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    places, size = (dialog.mark_button.geometry(), dialog._boxes[0].armor.geometry()), dialog.size()
    dialog._boxes[0].armor.setChecked(True)
    qtbot.wait(20)
    assert "Minor, marks 1 HP and an Armor Slot" in dialog._boxes[0].result.text()
    assert (dialog.mark_button.geometry(), dialog._boxes[0].armor.geometry()) == places
    assert dialog.size() == size


def test_the_fear_badge_of_a_feature_that_rolls_uses_it_and_spends_nothing_alone(qtbot, table):
    # The Ashen Sentry's Flare Up: "Spend a Fear to vent fire: every creature within Very Close
    # range makes an Agility Reaction Roll (13) or takes 1d8 magic damage."
    program, _burrower, _script = table()
    session, cards = program.session, program.window.fight.cards
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    card = card_of(program, sentry.id)
    cards.scrollTo(card)
    layout = cards.card_layout(card)
    assert "Flare Up" in layout.use_features and "Flare Up" in layout.fear_features
    badge = layout.fear_badges[layout.fear_features.index("Flare Up")]
    fear, seen = session.fear, []
    cancel_next_modal(lambda dialog: seen.append((type(dialog), dialog.difficulty.value())))
    qtbot.mouseClick(cards.viewport(), Qt.MouseButton.LeftButton,
                     pos=cards.visualRect(card).topLeft() + badge.center())
    assert seen == [(FeatureDialog, 13)]  # the text's Difficulty
    assert session.fear == fear  # cancelled: its Fear is paid only with its roll


def test_reaction_rolls_sent_from_phones_answer_the_feature_in_its_one_step(qtbot, table):
    """Earth Eruption asks every PC for an Agility Reaction Roll: the two sent from phones fill
    their rows (a total; matching dice a success), the third is typed, and the feature's one
    undo step marks both phone rolls answered, what they came to shown on each phone."""
    program, burrower, script = table()
    inbox = program.window.phone_inbox
    aria, brannoc, wren = pcs(program)
    inbox.receive(PhoneSubmission(aria.name, aria.id, "reaction", numbers=(("trait", 1),),
                                  dice=(("hope", 3), ("fear", 4)), page="aria's phone"))
    inbox.receive(PhoneSubmission(brannoc.name, brannoc.id, "reaction",
                                  dice=(("hope", 2), ("fear", 2)), page="brannoc's phone"))
    assert len(inbox.waiting) == 2
    menu = program.window.fight.card_actions.menu_for(burrower.id)
    eruption = next(a for a in menu.actions() if a.objectName() == "feature:Earth Eruption")

    def answer(dialog):
        rows = {target.id: i for i, target in enumerate(dialog.targets)}
        assert dialog.totals[rows[aria.id]].value() == 8  # 3 + 4 + 1
        assert "From" in dialog.totals[rows[aria.id]].toolTip()
        assert dialog.outcomes[rows[brannoc.id]].currentData() is True  # 2 and 2: a critical
        dialog.set_result(wren.id, total=20)
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)

    cancel_next_modal(answer)
    steps = program.undo_stack.count()
    with qtbot.waitSignal(program.window.roller.recorded):
        eruption.trigger()
    menu.deleteLater()
    assert program.session.rolls[0].summary == (
        f"Acid Burrower Earth Eruption: {aria.name} fails; {brannoc.name} succeeds; "
        f"{wren.name} succeeds")
    assert program.undo_stack.count() == steps + 1 and inbox.waiting == ()
    answered = inbox.history(aria.name)[0]
    assert answered.status is RollStatus.RECORDED and answered.result.total == 8
    assert answered.note == "For Acid Burrower's Earth Eruption"
    program.undo_stack.undo()  # the feature and both answers, together
    assert len(inbox.waiting) == 2 and len(program.session.rolls) == 0
    assert script.done
