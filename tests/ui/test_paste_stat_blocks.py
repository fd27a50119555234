"""Library › Paste stat blocks…: a pasted text read beside it, fixed there, added as one undo
step (the real reader, exchange/stat_text.py; no timing: each reading is waited for)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu

from encounter_app.domain.rows import StatBlock
from encounter_app.exchange.reader import read_path
from encounter_app.systems import default_systems
from encounter_app.systems.daggerheart.ui.library.paste_dialog import PasteDialog
from tests.exchange.stat_text_layouts import book, pdf, same_texts
from tests.ui.test_exchange import gm

# Two blocks as the book prints them, the second a Minion with flat damage and no thresholds.
TWO = """\
GRAVE MOTH
Tier 1 Skulk
A moth the size of a dog, its wings dusted with grave soil.
Motives & Tactics: Flutter, smother, flee the light
Difficulty: 12 | Thresholds: 6/11 | HP: 4 | Stress: 3
ATK: +1 | Wings: Very Close | 1d8+1 phy
Experience: Dark Sight +2
FEATURES
Smother - Action: Make an attack against a target within Very Close range. {smother}
Flit - Passive: The Moth can't be targeted by attacks from farther than Close range.

MOTH SWARMLING
Tier 1 Minion
A palm-sized moth.
Motives & Tactics: Swarm, distract
Difficulty: 10 | Thresholds: None | HP: 1 | Stress: 1
ATK: -1 | Bite: Melee | 2 phy
FEATURES
Minion (3) - Passive: The Swarmling is defeated when they take any damage. {minion}
""".format(smother="On a success, deal 1d6+2 physical damage and the target is Restrained.",
           minion="For every 3 damage a PC deals to the Swarmling, defeat an additional Minion "
                  "within range the attack would succeed against.")

BROKEN = TWO.replace("Difficulty: 12 |", "Difficulty: twelve |")  # line 5


def library(program):
    return sorted((t.id, t.stats.name, t.stats.tier, t.source) for t in program.store.templates())


def open_paste(program, qtbot) -> PasteDialog:
    """Library › Paste stat blocks…, from the window's own menu."""
    bar = program.window.menuBar()
    menu = next(a.menu() for a in bar.actions() if a.text() == "&Library")
    assert isinstance(menu, QMenu)
    action = next(a for a in menu.actions() if a.objectName() == "pasteStatBlocksAction")
    action.trigger()
    dialog = program.window.fight.library._paste
    assert isinstance(dialog, PasteDialog) and dialog.isVisible()
    qtbot.waitExposed(dialog)
    return dialog


def paste(qtbot, dialog: PasteDialog, text: str) -> None:
    """The text pasted (through the clipboard and the Paste button), then read."""
    QGuiApplication.clipboard().setText(text)
    with qtbot.waitSignal(dialog.read_done, timeout=20_000):
        dialog.paste_button.click()


def retype(qtbot, dialog: PasteDialog, text: str) -> None:
    with qtbot.waitSignal(dialog.read_done, timeout=20_000):
        dialog.text.setPlainText(text)


def shown(dialog: PasteDialog) -> dict[str, dict[str, str]]:
    """What the right side says, block by block: each field's label and value."""
    tree = dialog.tree
    found = {}
    for b in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(b)
        found[top.text(0)] = {top.child(c).text(0): top.child(c).text(1)
                              for c in range(top.childCount())}
    return found


def test_two_pasted_blocks_show_field_by_field_and_are_added_as_one_undo_step(program, qtbot):
    before = library(program)
    steps = program.undo_stack.count()
    dialog = open_paste(program, qtbot)
    assert not dialog.add_button.isEnabled()  # nothing read yet
    paste(qtbot, dialog, TWO)

    blocks = shown(dialog)
    assert list(blocks) == ["1. Grave Moth", "2. Moth Swarmling"]
    moth = blocks["1. Grave Moth"]
    assert moth["Difficulty"] == "12" and moth["Thresholds"] == "6 / 11"
    assert moth["Damage"] == "1d8+1 phy" and moth["Experience 1"] == "Dark Sight +2"
    assert blocks["2. Moth Swarmling"]["Damage"] == "2 phy"
    # Each feature with what its Use button would play, in the card's words.
    smother = next(dialog.tree.topLevelItem(0).child(c)
                   for c in range(dialog.tree.topLevelItem(0).childCount())
                   if "Smother" in dialog.tree.topLevelItem(0).child(c).text(0))
    assert smother.child(0).text(1).startswith("Plays as: Smother +1")
    assert "1d6+2 phy" in smother.child(0).text(1) and "Restrained" in smother.child(0).text(1)
    flit = next(dialog.tree.topLevelItem(0).child(c)
                for c in range(dialog.tree.topLevelItem(0).childCount())
                if "Flit" in dialog.tree.topLevelItem(0).child(c).text(0))
    assert flit.child(0).text(1).startswith("Read to the table")
    assert dialog.count.text().startswith("2 stat blocks read, no problems")
    assert library(program) == before  # nothing added until the GM says so

    assert dialog.add_button.isEnabled()
    dialog.add_button.click()
    assert not dialog.isVisible()
    after = library(program)
    added = [(name, tier, source) for _id, name, tier, source in after
             if (_id, name, tier, source) not in before]
    assert added == [("Grave Moth", 1, "pasted text"), ("Moth Swarmling", 1, "pasted text")]
    assert program.undo_stack.count() == steps + 1
    assert program.undo_stack.undoText() == "Add 2 stat blocks from pasted text"
    assert "Added 2 stat blocks to the library" in program.window.status_label.text()
    swarmling = next(t.stats for t in program.store.templates() if t.stats.name == "Moth Swarmling")
    assert (swarmling.major, swarmling.severe, swarmling.damage) == (None, None, "2 phy")

    program.undo_stack.undo()
    assert library(program) == before  # both gone with one Undo
    program.undo_stack.redo()
    assert library(program) == after


def test_a_broken_text_names_its_problem_and_line_and_adds_nothing_until_fixed(program,
                                                                               qtbot):
    before = library(program)
    dialog = open_paste(program, qtbot)
    paste(qtbot, dialog, BROKEN)

    assert not dialog.add_button.isEnabled()
    assert dialog.count.text().startswith("2 stat blocks read, 1 with problems")
    top = dialog.tree.topLevelItem(0)
    assert top.text(0) == "1. Grave Moth" and top.text(1).startswith("Not read: 1 problem")
    problems = dialog.problem_items()
    assert len(problems) == 1
    said = problems[0].text(1) + problems[0].text(0)
    assert "Not read" in said and "twelve" in said  # in words, not by colour alone
    assert not problems[0].icon(1).isNull()  # and with a sign
    assert dialog.text.marked()[0] == {5}  # the line tinted, its sign in the margin

    # Choosing the problem selects its line in the text.
    dialog.tree.setCurrentItem(problems[0])
    assert dialog.text.selected_line() == 5
    assert dialog.text.textCursor().selectedText() == BROKEN.splitlines()[4]
    # Enter on it hands the text the keyboard, on that line, to fix it there.
    dialog.tree.itemActivated.emit(problems[0], 1)
    assert dialog.text.hasFocus() or QApplication.focusWidget() is dialog.text
    dialog.add()  # Ctrl+Enter or a click while it is disabled: nothing
    assert library(program) == before and dialog.isVisible()

    # Fixed in the text: read again, and now it can be added.
    cursor = dialog.text.textCursor()
    cursor.insertText("Difficulty: 12 | Thresholds: 6/11 | HP: 4 | Stress: 3")
    with qtbot.waitSignal(dialog.read_done, timeout=20_000):
        dialog.text.setTextCursor(cursor)
    assert dialog.count.text().startswith("2 stat blocks read, no problems")
    assert dialog.problem_items() == [] and dialog.text.marked()[0] == set()
    assert dialog.add_button.isEnabled()
    dialog.add_button.click()
    assert len(library(program)) == len(before) + 2


def test_a_duplicate_is_asked_about_as_file_import_asks(program, qtbot):
    """The second paste of the same text: the GM's choice of File › Import, here "skip"."""
    dialog = open_paste(program, qtbot)
    paste(qtbot, dialog, TWO)
    dialog.add_button.click()
    before = library(program)
    scripted = gm(program, choices="skip")
    dialog = open_paste(program, qtbot)
    paste(qtbot, dialog, TWO)
    dialog.add_button.click()
    assert [d.stats.name for d in scripted.shown["duplicates"]] == ["Grave Moth",
                                                                     "Moth Swarmling"]
    assert library(program) == before
    assert dialog.isVisible() and "Nothing was added" in dialog.problem.text()

    scripted.choices = "keep"
    dialog.add_button.click()
    assert len(library(program)) == len(before) + 2 and not dialog.isVisible()


def test_a_refused_write_changes_nothing_and_says_so_in_the_window(program, qtbot,
                                                                   monkeypatch):
    from encounter_app.store import exchange
    from encounter_app.store.errors import WriteFailed

    before, steps = library(program), program.undo_stack.count()
    dialog = open_paste(program, qtbot)
    paste(qtbot, dialog, TWO)

    def full_disk(*_args, **_kwargs):
        raise WriteFailed("The disk is full: free some space and try again.", "SQLITE_FULL")

    monkeypatch.setattr(exchange, "insert_template", full_disk)
    dialog.add_button.click()
    assert dialog.isVisible()
    assert "Nothing was added" in dialog.problem.text()
    assert "disk is full" in dialog.problem.text()
    assert library(program) == before and program.undo_stack.count() == steps


def test_escape_with_text_asks_first(program, qtbot, monkeypatch):
    dialog = open_paste(program, qtbot)
    paste(qtbot, dialog, TWO)
    monkeypatch.setattr(dialog, "discard_ok", lambda: False)
    qtbot.keyClick(dialog.tree, Qt.Key.Key_Escape)
    assert dialog.isVisible()  # the GM said no: the text is still there
    monkeypatch.setattr(dialog, "discard_ok", lambda: True)
    qtbot.keyClick(dialog.tree, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_the_dialog_remembers_its_size(program, qtbot):
    dialog = open_paste(program, qtbot)
    dialog.resize(640, 420)
    dialog.reject()  # nothing typed: no question
    dialog = open_paste(program, qtbot)
    assert (dialog.width(), dialog.height()) == (640, 420)


def test_only_a_system_with_a_library_has_the_menu(launch_demo):
    window = launch_demo("casus_mus").window
    assert "&Library" not in [a.text() for a in window.menuBar().actions()]


def srd_blocks(srd_file: Path) -> tuple[StatBlock, ...]:
    return read_path(default_systems(), srd_file).adversaries


@pytest.mark.parametrize("layout", [book, pdf])
def test_the_srds_129_pasted_are_read_and_added(program, qtbot, srd_file, layout):
    """Written out by the reader's own tests' writers (tests/exchange/stat_text_layouts.py)."""
    srd = srd_blocks(srd_file)
    before = library(program)
    dialog = open_paste(program, qtbot)
    retype(qtbot, dialog, "\n\n".join(layout(s) for s in srd))
    assert dialog.count.text().startswith("129 stat blocks read, no problems")
    assert [same_texts(b.block) for b in dialog.blocks if b.block] == [same_texts(s)
                                                                       for s in srd]
    gm(program, choices="keep")  # the demo's library has some of them already
    dialog.add_button.click()
    assert not dialog.isVisible(), dialog.problem.text()
    assert len(library(program)) == len(before) + 129
    program.undo_stack.undo()
    assert library(program) == before


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_it_fits_a_laptop_screen(program, qtbot, size):
    dialog = open_paste(program, qtbot)
    screen = dialog.screen().availableGeometry()
    assert dialog.frameGeometry().width() <= max(size[0], screen.width())
    dialog.resize(size[0] - 40, size[1] - 80)
    assert dialog.width() <= size[0] and dialog.height() <= size[1]
    assert dialog.minimumSizeHint().width() <= size[0] - 40
    assert dialog.minimumSizeHint().height() <= size[1] - 80


def test_the_operation_checks_every_block_as_an_import_does(program):
    """Plain data in: a block no import would take refuses them all, nothing written."""
    from dataclasses import replace

    from encounter_app.exchange.stat_text import read_stat_text

    good = [b.block for b in read_stat_text(TWO)]
    assert all(good)
    before, steps = library(program), program.undo_stack.count()
    answer = program.window.exchange.add_stat_blocks(
        [good[0], replace(good[1], damage="lots")], "pasted text")
    assert answer is not None and answer.applied is None
    assert answer.message.startswith("Nothing was added: stat block 2 (Moth Swarmling)")
    assert library(program) == before and program.undo_stack.count() == steps


def test_the_reader_tests_broken_text_names_each_problem_where_it_is(program, qtbot):
    """tests/exchange/stat_texts/broken_two_blocks.txt: every problem a line of the reading,
    each choosing its own line (a missing HP: the stats line, where it should be)."""
    text = (Path(__file__).parents[1] / "exchange" / "stat_texts"
            / "broken_two_blocks.txt").read_text(encoding="utf-8")
    dialog = open_paste(program, qtbot)
    retype(qtbot, dialog, text)
    assert dialog.count.text().startswith("2 stat blocks read, 2 with problems")
    assert not dialog.add_button.isEnabled()
    found = {}
    for item in dialog.problem_items():
        dialog.tree.setCurrentItem(item)
        found[item.text(0)] = dialog.text.selected_line()
    assert found["Difficulty"] == 5 and found["HP"] == 5 and found["Damage"] == 6
    assert found["Thresholds"] == 15
    assert dialog.text.marked()[0] >= {5, 6, 7, 9, 15}
