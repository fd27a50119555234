"""Move to another tier as a GM does it: the preview opened from the library, a card's menu,
the Encounter menu and the builder; a number edited in it; Move pressed; one undo step."""

from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QRadioButton, QSpinBox

from encounter_app.domain import CombatantRow
from encounter_app.systems.daggerheart.ui.library.tier_dialog import TierMoveDialog
from tests.helpers.cards import trigger


@contextmanager
def preview(act):
    """Drive the Move to another tier preview the block opens with ``act(dialog)``; a failed
    check inside closes the dialog (a modal left open would hang the test) and is raised once
    the block is over."""
    errors: list[BaseException] = []
    seen: list[TierMoveDialog] = []

    def run():
        dialog = QApplication.activeModalWidget()
        if dialog is None:  # not open yet
            QTimer.singleShot(10, run)
            return
        try:
            assert isinstance(dialog, TierMoveDialog), dialog
            seen.append(dialog)
            act(dialog)
        except BaseException as exc:  # re-raised below, on the test's own stack
            errors.append(exc)
        finally:
            if dialog.isVisible():
                dialog.reject()

    QTimer.singleShot(0, run)
    yield seen
    if errors:
        raise errors[0]
    assert seen, "the preview never opened"


def field(dialog, name, kind=QSpinBox):
    widget = dialog.findChild(kind, f"tierMove:{name}")
    assert widget is not None, name
    return widget


def now(dialog, name):
    return dialog.findChild(QLabel, f"tierMoveNow:{name}").text()


def benchmark(dialog, name):
    return dialog.findChild(QLabel, f"tierMoveBenchmark:{name}").text()


def choose(dialog, key):
    dialog.findChild(QRadioButton, f"tierMoveTarget:{key}").setChecked(True)


def press_move(qtbot, dialog):
    assert dialog.ok_button.isEnabled(), dialog.problem.text()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


def library_page(program, tab="adversaries"):
    actions = program.window.fight.library
    actions.library_action.trigger()
    return getattr(actions.dock.widget(), tab)


def select(page, name):
    page.table.search.setText(name)
    page.view.selectRow(0)
    assert page.current().stats.name == name


def templates(program):
    return {t.stats.name: t.stats for t in program.store.templates()}


def named(program, name) -> CombatantRow:
    return next(c for c in program.session.combatants if c.name == name)


def status(program):
    return program.window.status_label.text()


# -- from the library ---------------------------------------------------------------------------


def test_from_the_library_side_by_side_edited_saved_as_a_new_entry_and_undone(qtbot, program):
    page = library_page(program)
    select(page, "Ashen Sentry")  # tier 1 Bruiser: +2, Difficulty 13, 9/16, HP 6, 1d10+4 phy
    action = page.findChild(type(page.edit_action), "adversaryTierMoveAction")
    assert action in page.entry_actions and action.isEnabled()
    before = templates(program)

    def edit(dialog):
        assert dialog.windowTitle() == "Move Ashen Sentry to another tier"
        # The stat block as it is, beside the moved one, for tier 2 first (one up).
        assert (now(dialog, "attack_modifier"), now(dialog, "difficulty"), now(dialog, "major"),
                now(dialog, "damage")) == ("+2", "13", "9", "1d10+4 phy")
        assert field(dialog, "difficulty").value() == 16
        dialog.tier.setCurrentIndex(dialog.tier.findData(3))
        # Moved by the benchmarks: attack +2, Difficulty +6, thresholds +13/+20, HP +2.
        assert [field(dialog, f).value() for f in ("attack_modifier", "difficulty", "major",
                                                    "severe", "hp", "stress")] == [
            4, 19, 22, 36, 8, 5]
        # 0.8 along tier 1's range, 3d10+6 at tier 3 would pass the +5 of the range cited
        # beside it: held at its top.
        assert field(dialog, "damage", QLineEdit).text() == "3d10+5 phy"
        assert benchmark(dialog, "difficulty") == "17"
        assert benchmark(dialog, "damage") == "3d8+3 to 3d12+5"
        assert benchmark(dialog, "hp") == "+2 by default"
        assert "rulebook" in dialog.findChild(QLabel, "tierMoveBenchmark:hp").toolTip()
        # Nothing moves when the tier changes: the fields keep their places.
        where = field(dialog, "damage", QLineEdit).geometry()
        dialog.tier.setCurrentIndex(dialog.tier.findData(4))
        assert field(dialog, "damage", QLineEdit).geometry() == where
        dialog.tier.setCurrentIndex(dialog.tier.findData(3))
        assert dialog.name.text() == "Ashen Sentry (Tier 3)"
        # The GM makes it a little softer.
        field(dialog, "difficulty").setValue(18)
        press_move(qtbot, dialog)

    with preview(edit):
        action.trigger()
    after = templates(program)
    moved = after["Ashen Sentry (Tier 3)"]
    assert (moved.tier, moved.difficulty, moved.attack_modifier, moved.major, moved.severe,
            moved.hp, moved.damage) == (3, 18, 4, 22, 36, 8, "3d10+5 phy")
    assert moved.features == before["Ashen Sentry"].features
    assert after["Ashen Sentry"] == before["Ashen Sentry"]  # the old entry stays
    assert page.current().stats.name == "Ashen Sentry (Tier 3)"  # the new one is selected
    assert "Ashen Sentry (Tier 3)" in status(program)
    assert program.undo_stack.undoText() == (
        "Move to another tier: new entry Ashen Sentry (Tier 3) (tier 1 to 3)")
    program.undo_stack.undo()
    assert templates(program) == before
    program.undo_stack.redo()
    assert templates(program)["Ashen Sentry (Tier 3)"] == moved


def test_bad_input_is_named_and_cancel_keeps_nothing(qtbot, program):
    page = library_page(program)
    select(page, "Ashen Sentry")
    before, steps = templates(program), program.undo_stack.count()

    def spoil(dialog):
        damage = field(dialog, "damage", QLineEdit)
        damage.selectAll()
        qtbot.keyClicks(damage, "3d")
        assert not dialog.ok_button.isEnabled()
        assert dialog.problem.isVisible() and dialog.problem.text().startswith("Damage:")
        damage.setText("3d10+6 phy")
        field(dialog, "severe").setValue(field(dialog, "major").value())
        assert dialog.problem.text() == "Severe (12) must be above Major (12)."
        field(dialog, "severe").setValue(21)
        dialog.name.setText("Ashen Sentry")  # a name the library has
        assert dialog.problem.text() == ("The library already has an entry named Ashen Sentry: "
                                         "give the new one another name.")
        dialog.name.setText("")
        assert dialog.problem.text() == "Give the adversary a name."
        assert not dialog.ok_button.isEnabled()
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)  # Enter does not get past the check
        assert dialog.isVisible()
        dialog.reject()

    with preview(spoil):
        page.entry_actions[0].trigger()
    assert templates(program) == before and program.undo_stack.count() == steps


def test_a_minion_shows_no_thresholds_and_keeps_its_hp(qtbot, program):
    page = library_page(program)
    select(page, "Cinder Imp")

    def look(dialog):
        assert dialog.findChild(QSpinBox, "tierMove:major") is None
        assert dialog.findChild(QSpinBox, "tierMove:severe") is None
        dialog.tier.setCurrentIndex(dialog.tier.findData(4))
        assert field(dialog, "hp").value() == 1
        assert benchmark(dialog, "hp") == "a Minion's, as it was"
        press_move(qtbot, dialog)

    with preview(look):
        page.entry_actions[0].trigger()
    imp = templates(program)["Cinder Imp (Tier 4)"]
    assert (imp.major, imp.severe, imp.hp, imp.difficulty) == (None, None, 1, 9 + 9)


def test_an_environment_takes_its_tiers_column_and_lists_its_damage(qtbot, program):
    page = library_page(program, "environments")
    select(page, "Collapsing Mine")  # tier 2, Difficulty 15; Falling Rock deals 1d10+3

    def look(dialog):
        assert dialog.findChild(QLineEdit, "tierMove:damage") is None
        assert dialog.to_tier == 3 and field(dialog, "difficulty").value() == 17
        assert "Falling Rock" in dialog.check.text() and "1d10+3" in dialog.check.text()
        assert "Check these features" in dialog.check.text()
        press_move(qtbot, dialog)

    with preview(look):
        page.findChild(type(page.edit_action), "environmentTierMoveAction").trigger()
    stored = {e.stats.name: e.stats for e in program.store.environments()}
    assert (stored["Collapsing Mine (Tier 3)"].tier,
            stored["Collapsing Mine (Tier 3)"].difficulty) == (3, 17)
    assert stored["Collapsing Mine"].difficulty == 15


# -- from the fight -----------------------------------------------------------------------------


def test_from_a_cards_menu_only_the_one_in_the_fight_changes(qtbot, program):
    sentry = named(program, "Ashen Sentry")
    library = templates(program)

    def edit(dialog):
        assert dialog.findChild(QRadioButton, "tierMoveTarget:fight").isChecked()
        assert not dialog.name.isEnabled()  # the fight's adversary keeps its name
        damage = field(dialog, "damage", QLineEdit)
        assert damage.text() == "2d10+4 phy"  # tier 2's range: 2d6+3 to 2d12+4
        damage.setText("2d10+6 phy")
        press_move(qtbot, dialog)

    with preview(edit):
        trigger(program, sentry.id, "tierMoveAction")
    moved = named(program, "Ashen Sentry")
    assert moved.id == sentry.id
    assert (moved.stats.tier, moved.stats.difficulty, moved.stats.damage) == (2, 16,
                                                                              "2d10+6 phy")
    assert moved.stats.name == "Ashen Sentry"
    stored = {c.id: c for c in program.store.combatants(program.session.encounter_id)}
    assert stored[sentry.id].stats == moved.stats
    assert templates(program) == library  # the library's entry is left alone
    window = program.window
    index = window.fight.cards_model.mapFromSource(
        window.initiative_model.index(program.session.combatants.index_of(sentry.id)))
    assert "2d10+6" in window.fight.cards.card_layout(index).text
    assert program.undo_stack.undoText() == (
        "Move Ashen Sentry from tier 1 to tier 2 (this fight only)")
    program.undo_stack.undo()
    assert named(program, "Ashen Sentry").stats == sentry.stats
    program.undo_stack.redo()
    assert named(program, "Ashen Sentry").stats == moved.stats


def test_from_a_cards_menu_saved_as_a_new_entry_the_fight_stays(qtbot, program):
    sentry = named(program, "Ashen Sentry")

    def save(dialog):
        choose(dialog, "library")
        assert dialog.name.isEnabled() and dialog.name.text() == "Ashen Sentry (Tier 2)"
        press_move(qtbot, dialog)

    with preview(save):
        trigger(program, sentry.id, "tierMoveAction")
    assert named(program, "Ashen Sentry").stats == sentry.stats
    assert templates(program)["Ashen Sentry (Tier 2)"].tier == 2
    program.undo_stack.undo()
    assert "Ashen Sentry (Tier 2)" not in templates(program)


def test_the_fights_environment_moves_from_the_encounter_menu(qtbot, program):
    actions = program.window.fight.library
    mine = next(e for e in program.store.environments() if e.stats.name == "Collapsing Mine")
    actions.attach(mine)
    assert actions.environment_tier_action.isEnabled()

    def move(dialog):
        dialog.tier.setCurrentIndex(dialog.tier.findData(1))
        assert field(dialog, "difficulty").value() == 11
        press_move(qtbot, dialog)

    with preview(move):
        actions.environment_tier_action.trigger()
    assert (actions.holder.block.tier, actions.holder.block.difficulty) == (1, 11)
    assert program.store.encounter_environment(program.session.encounter_id).tier == 1
    program.undo_stack.undo()
    assert actions.holder.block == mine.stats


def test_from_the_builder_the_planned_adversary_moves(qtbot, program):
    actions = program.window.fight.library
    bramble = next(t for t in program.store.templates() if t.stats.name == "Bramble Stalker")
    builder = actions.open_builder([bramble])
    builder.plan_model.set_count(0, 2)
    builder.plan_view.selectRow(0)
    move = builder.plan_view.findChild(type(actions.builder_action), "builderTierMoveAction")
    assert move in builder.plan_view.actions()
    library = templates(program)

    def accept(dialog):
        assert dialog.findChild(QRadioButton, "tierMoveTarget:plan").isChecked()
        press_move(qtbot, dialog)

    with preview(accept):
        move.trigger()
    [planned] = builder.plan()
    assert (planned.stats.name, planned.stats.tier, planned.count) == ("Bramble Stalker", 2, 2)
    assert templates(program) == library  # a draft: nothing in the library
    builder.close()


def test_the_move_in_the_fight_is_one_transaction_and_a_refused_write_changes_nothing(
        qtbot, program, monkeypatch):
    from encounter_app.store.errors import WriteFailed
    from tests.helpers.trace import commits, statements

    sentry = named(program, "Ashen Sentry")
    steps = program.undo_stack.count()

    def refuse(*_args, **_kwargs):
        raise WriteFailed("The disk holding the data folder is full: free some space and try "
                          "again.", "SQLITE_FULL")

    with monkeypatch.context() as patched:
        patched.setattr(program.store, "update_combatant", refuse)
        with preview(lambda dialog: press_move(qtbot, dialog)):
            trigger(program, sentry.id, "tierMoveAction")
    assert named(program, "Ashen Sentry").stats == sentry.stats
    assert program.undo_stack.count() == steps
    assert "is full" in status(program) and "Move Ashen Sentry" in status(program)

    with statements(program.store) as seen, preview(lambda dialog: press_move(qtbot, dialog)):
        trigger(program, sentry.id, "tierMoveAction")
    assert named(program, "Ashen Sentry").stats.tier == 2
    assert commits(seen) == 1 and program.undo_stack.count() == steps + 1


def test_a_tiny_ooze_without_a_severe_threshold_moves_and_keeps_none(qtbot, program):
    from dataclasses import replace

    from encounter_app.domain import TemplateRow

    sentry = templates(program)["Ashen Sentry"]
    # As the SRD's Tiny Green Ooze: a Major threshold and no Severe.
    program.store.insert_templates([TemplateRow(None, replace(
        sentry, name="Tiny Ooze", type="Skulk", major=4, severe=None))])
    program.window.fight.library.reload()
    page = library_page(program)
    select(page, "Tiny Ooze")

    def move(dialog):
        assert dialog.findChild(QSpinBox, "tierMove:severe") is None
        assert field(dialog, "major").value() == 7
        press_move(qtbot, dialog)

    with preview(move):
        page.entry_actions[0].trigger()
    ooze = templates(program)["Tiny Ooze (Tier 2)"]
    assert (ooze.major, ooze.severe) == (7, None)
