"""Guidance in the stat-block editor, through the window a GM uses: beside each number the
SRD's benchmark for the tier, under it where the number falls among the library's adversaries
of its tier and type, changed with each key typed, never moving the form, never stopping Save."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QPushButton

from encounter_app.domain import TemplateRow
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.services.library.guidance import store_peers
from encounter_app.systems.daggerheart.ui.library.stat_block_editor import StatBlockEditor

SENTRY = {s.name: s for s in load_sample_adversaries()}["Ashen Sentry"]
# Five tier 2 Bruisers: Difficulty 14-16 (usual 14.4-15.6 -> 15), HP 7-9, Major 10-12.
BRUISERS = [replace(SENTRY, name=f"Bruiser {n}", tier=2, difficulty=d, major=m, severe=m + 10,
                    hp=h, attack_modifier=2, damage="2d8+3 phy")
            for n, (d, m, h) in enumerate([(14, 10, 7), (15, 11, 8), (15, 11, 8), (15, 11, 8),
                                           (16, 12, 9)], start=1)]


def stock(program) -> None:
    """The five Bruisers in the store before the library is first read."""
    for stats in BRUISERS:
        program.store.insert_template(TemplateRow(id=None, stats=stats, source="own"))


def open_editor(qtbot, program, button: str, look) -> None:
    """Click the library's ``button`` ("New" or "Edit") and ``look(dialog)`` while it is open;
    ``look`` closes it."""
    actions = program.window.fight.library
    actions.library_action.trigger()
    seen: list[bool] = []

    def run() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, StatBlockEditor)
        try:
            look(dialog)
        finally:
            seen.append(True)
            if dialog.isVisible():
                dialog.reject()

    QTimer.singleShot(0, run)
    qtbot.mouseClick(actions.dock.findChild(QPushButton, f"adversary{button}Button"),
                     Qt.MouseButton.LeftButton)
    assert seen, "the editor never opened"


def type_into(qtbot, box, text: str) -> None:
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), text)


def test_typing_a_difficulty_moves_its_words_and_the_tier_moves_the_benchmark(
        qtbot, program) -> None:
    stock(program)
    words: list[tuple[str, str]] = []

    def look(dialog: StatBlockEditor) -> None:
        guide = dialog.guides["difficulty"]
        benchmark = dialog._benchmarks["difficulty"]
        assert benchmark.text() == "SRD 11"  # a new adversary starts at tier 1
        dialog.tier.setValue(2)
        dialog.type.setCurrentText("Bruiser")
        assert benchmark.text() == "SRD 14"
        assert dialog._benchmarks["thresholds"].text() == "SRD 10/20"
        assert dialog.guides["scope"].words == "Compared with the 5 tier 2 Bruisers in the library."
        save_at = dialog.ok_button.mapTo(dialog, QPoint(0, 0))
        field_at = dialog.difficulty.mapTo(dialog, QPoint(0, 0))
        dialog.difficulty.lineEdit().selectAll()
        for key in "15":  # 1, then 15: a line for each key
            qtbot.keyClicks(dialog.difficulty.lineEdit(), key)
            words.append((guide.words, dialog.difficulty.accessibleDescription()))
            # Nothing moved while the GM typed.
            assert dialog.ok_button.mapTo(dialog, QPoint(0, 0)) == save_at
            assert dialog.difficulty.mapTo(dialog, QPoint(0, 0)) == field_at
        qtbot.keyClick(dialog.difficulty.lineEdit(), Qt.Key.Key_Backspace)  # 1 again
        qtbot.keyClicks(dialog.difficulty.lineEdit(), "6")  # 16: the highest Bruiser's
        words.append((guide.words, dialog.difficulty.accessibleDescription()))

    open_editor(qtbot, program, "New", look)
    assert words[0] == ("outside all (14–16)", "Difficulty 1 is outside anything in the "
                        "library: tier 2 Bruisers have 14–16. The SRD's benchmark for the tier "
                        "is 14.")
    assert words[1][0] == "usual (15)"
    assert words[1][1].startswith("Difficulty 15 is within the usual range for tier 2 Bruisers")
    assert words[2][0] == "unusual (most 15)"


def test_an_outlier_is_saved_anyway_as_one_undo_step(qtbot, program) -> None:
    stock(program)

    def look(dialog: StatBlockEditor) -> None:
        dialog.name.setText("Iron Colossus")
        dialog.attack_name.setText("Crush")
        dialog.tier.setValue(2)
        dialog.type.setCurrentText("Bruiser")
        type_into(qtbot, dialog.hp, "30")
        type_into(qtbot, dialog.major, "40")
        type_into(qtbot, dialog.severe, "60")
        dialog.damage.setText("2d12+20 phy")
        assert dialog.guides["marks"].words.startswith("HP outside all (7–9); Stress")
        assert dialog.guides["thresholds"].words == ("Major outside all (10–12); "
                                                     "Severe outside all (20–22)")
        assert dialog.guides["damage"].words == "Average 33: outside all (12)"
        assert dialog.guides["thresholds"].font().bold()  # off the usual: said louder
        assert dialog.problems() == {} and dialog.ok_button.isEnabled()
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)

    open_editor(qtbot, program, "New", look)
    saved = {t.stats.name: t.stats for t in program.store.templates()}
    assert (saved["Iron Colossus"].hp, saved["Iron Colossus"].major) == (30, 40)
    assert program.undo_stack.undoText() == "New adversary Iron Colossus"


def test_editing_one_of_the_peers_leaves_it_out_of_its_own_comparison(qtbot, program) -> None:
    stock(program)
    actions = program.window.fight.library
    actions.library_action.trigger()
    page = actions.dock.widget().adversaries
    page.table.search.setText("Bruiser 5")
    page.view.selectRow(0)
    seen: list[str] = []

    def look(dialog: StatBlockEditor) -> None:
        # Four Bruisers are left: too few, so all tier 2 adversaries (those same four).
        seen.append(dialog.guides["scope"].words)
        seen.append(dialog.guides["difficulty"].words)

    open_editor(qtbot, program, "Edit", look)
    assert seen == ["Compared with all 4 tier 2 adversaries in the library (only 4 Bruisers).",
                    "outside all (14–15)"]


def test_a_minion_shows_no_threshold_guidance_and_a_new_tier_has_only_the_srd(qtbot) -> None:
    dialog = StatBlockEditor(replace(SENTRY, tier=4))  # no library at all
    qtbot.addWidget(dialog)
    assert dialog.guides["scope"].words.startswith("The library has none of tier 4")
    assert dialog.guides["difficulty"].words == "too few to compare"
    assert dialog._benchmarks["damage"].text() == "SRD 4d8+10 to 4d12+15"
    assert "The SRD's benchmark for the tier is 20." in dialog.difficulty.accessibleDescription()
    dialog.type.setCurrentText("Minion")
    assert dialog.guides["thresholds"].words == ""
    assert not dialog._benchmarks["thresholds"].isVisibleTo(dialog)


def test_a_cards_own_copy_is_guided_by_the_library_in_the_store(store) -> None:
    for stats in BRUISERS:
        store.insert_template(TemplateRow(id=None, stats=stats, source="own"))
    peers = store_peers(store, BRUISERS[0])
    assert len(peers.adversaries) == 4
    assert len(store_peers(store).adversaries) == 5
