"""The adversary library as a GM uses it: search and filter, new/edit/duplicate/delete with undo,
add to the fight, and the models under it checked by Qt's model tester."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from encounter_app.domain import Feature, TemplateRow
from encounter_app.store import Store
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.services.library.operations import LibraryShelves
from encounter_app.systems.daggerheart.services.library.shelves import Library
from encounter_app.systems.daggerheart.ui.library.models import (
    TEMPLATE_COLUMNS,
    LibraryFilter,
    LibraryTableModel,
)
from encounter_app.systems.daggerheart.ui.library.panel import LibraryPage, LibraryPanel
from encounter_app.systems.daggerheart.ui.library.stat_block_html import adversary_html
from tests.helpers.operations import Said

SAMPLES = load_sample_adversaries()
BY_NAME = {s.name: s for s in SAMPLES}


@pytest.fixture
def library(store: Store) -> Library:
    store.insert_templates([TemplateRow(None, s) for s in SAMPLES])
    return Library(store)


@pytest.fixture
def edits():
    """What the editor dialog would answer, in order (None: the GM pressed Cancel)."""
    return []


@pytest.fixture
def page(qtbot, library: Library, undo_stack, edits) -> LibraryPage:
    shelves = LibraryShelves.of(library, undo_stack, Said())
    widget = LibraryPage(shelves.adversaries, TEMPLATE_COLUMNS, ("Bruiser", "Horde", "Minion"),
                         lambda _stats: edits.pop(0), adversary_html,
                         (("encounter", "Add to encounter", ""),))
    qtbot.addWidget(widget)
    widget.resize(640, 600)
    widget.show()
    return widget


def shown(page: LibraryPage) -> list[str]:
    return [page.proxy.row_at(r).stats.name for r in range(page.proxy.rowCount())]


def test_models_pass_the_model_tester(qtmodeltester, library: Library) -> None:
    model = LibraryTableModel(library.templates.rows, TEMPLATE_COLUMNS)
    qtmodeltester.check(model, force_py=True)
    proxy = LibraryFilter()
    proxy.setSourceModel(model)
    proxy.set_search("fear")
    proxy.set_tier(1)
    qtmodeltester.check(proxy, force_py=True)


def test_search_covers_names_descriptions_motives_features_and_experiences(page) -> None:
    page.table.search.setText("hedges")  # Bramble Stalker's description
    assert shown(page) == ["Bramble Stalker"]
    page.table.search.setText("HEDGE craft")  # its experience, any case, every word
    assert shown(page) == ["Bramble Stalker"]
    page.table.search.setText("never retreat")  # the Sentry's motives
    assert shown(page) == ["Ashen Sentry"]
    page.table.search.setText("vent fire")  # a feature's text
    assert shown(page) == ["Ashen Sentry"]
    page.table.search.setText("no such thing")
    assert shown(page) == []
    assert page.table.count.text() == f"0 of {len(SAMPLES)}"
    assert "Nothing matches" in page.preview.toPlainText()


def test_tier_and_type_filters(qtbot, library: Library, page) -> None:
    library.templates.add(TemplateRow(None, replace(BY_NAME["Ashen Sentry"], name="Old Sentry",
                                                    tier=2)))
    page.table.tier.setCurrentIndex(page.table.tier.findData(2))
    assert shown(page) == ["Old Sentry"]
    page.table.tier.setCurrentIndex(0)
    page.table.type.setCurrentIndex(page.table.type.findData("Horde"))
    assert shown(page) == ["Lanternfly Swarm"]  # its type reads "Horde (3/HP)"
    page.table.type.setCurrentIndex(page.table.type.findData("Bruiser"))
    page.table.tier.setCurrentIndex(page.table.tier.findData(1))
    assert sorted(shown(page)) == ["Ashen Sentry", "Mossback Golem"]


def test_columns_sort_numbers_as_numbers(library, page) -> None:
    library.templates.add(TemplateRow(None, replace(BY_NAME["Mire Widow"], name="Big", hp=12)))
    page.view.sortByColumn(4, Qt.SortOrder.DescendingOrder)  # HP: as text, "12" < "3"
    hp = [page.proxy.row_at(r).stats.hp for r in range(page.proxy.rowCount())]
    assert hp == sorted(hp, reverse=True) and hp[0] == 12
    page.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # names, whatever their case
    library.templates.add(TemplateRow(None, replace(BY_NAME["Cinder Imp"], name="ash wraith")))
    assert shown(page)[:2] == ["ash wraith", "Ashen Sentry"]


def test_new_edit_duplicate_delete_are_undoable(qtbot, page, store, undo_stack,
                                                edits) -> None:
    def rats() -> list[tuple[str, int]]:
        return [(t.stats.name, t.stats.hp) for t in store.templates() if "Rat" in t.stats.name]

    rat = replace(BY_NAME["Cinder Imp"], name="Gutter Rat")
    edits.append(rat)
    page.new()
    assert page.current().stats == rat and rats() == [("Gutter Rat", 1)]
    edits.append(replace(rat, hp=2))
    page.edit()
    assert rats() == [("Gutter Rat", 2)] and "HP 2" in page.preview.toPlainText()
    page.duplicate()
    assert page.current().stats.name == "Gutter Rat (copy)"
    ids = sorted(t.id for t in store.templates() if "Rat" in t.stats.name)
    page.table.search.setText("gutter")
    page.view.selectAll()
    page.delete()
    assert shown(page) == [] and rats() == []
    assert undo_stack.undoText() == "Delete 2 adversaries"

    undo_stack.undo()
    assert rats() == [("Gutter Rat", 2), ("Gutter Rat (copy)", 2)]
    assert sorted(shown(page)) == ["Gutter Rat", "Gutter Rat (copy)"]
    undo_stack.undo()
    assert rats() == [("Gutter Rat", 2)]
    undo_stack.undo()
    assert rats() == [("Gutter Rat", 1)]
    undo_stack.undo()
    assert rats() == [] and len(store.templates()) == len(SAMPLES)
    for _ in range(4):
        undo_stack.redo()
    assert rats() == [] and shown(page) == []
    undo_stack.undo()
    assert sorted(t.id for t in store.templates() if "Rat" in t.stats.name) == ids


def test_cancel_changes_nothing(page, undo_stack, edits) -> None:
    edits.append(None)
    page.new()
    page.view.selectRow(0)
    edits.append(None)
    page.edit()
    assert undo_stack.count() == 0


def test_a_library_of_600_filters_and_counts(qtbot, store: Store, undo_stack) -> None:
    many = [TemplateRow(None, replace(SAMPLES[n % len(SAMPLES)], name=f"Foe {n:03}",
                                      tier=n % 4 + 1,
                                      features=(Feature(f"Trick {n}", "Action", f"code{n}"),)))
            for n in range(600)]
    store.insert_templates(many)
    panel = LibraryPanel(LibraryShelves.of(Library(store), undo_stack, Said()))
    qtbot.addWidget(panel)
    table = panel.adversaries.table
    assert table.count.text() == "600 adversaries"
    table.search.setText("code599")
    assert table.proxy.rowCount() == 1
    table.search.setText("")
    table.tier.setCurrentIndex(table.tier.findData(3))
    assert table.count.text() == "150 of 600"


def test_opening_the_library_puts_the_keys_in_its_search(qtbot, program) -> None:
    """F3 and then a name searches: the fight's one-letter keys (A attacks, R asks a reaction
    roll) do not fire on the selected card while the GM types "Bear"."""
    window = program.window
    library = window.fight.library
    library.library_action.trigger()
    search = library.dock.widget().adversaries.table.search
    qtbot.waitUntil(search.hasFocus)
    rolls = list(program.session.rolls)
    qtbot.keyClicks(QApplication.focusWidget(), "Bear")
    assert search.text() == "Bear"
    assert list(program.session.rolls) == rolls and QApplication.activeModalWidget() is None
    library.library_action.trigger()  # closed: the keys go back to the fight
    assert not library.dock.isVisible()


def test_add_to_encounter_and_builder_from_the_library_dock(qtbot, program) -> None:
    window = program.window
    window.fight.library.library_action.trigger()
    panel = window.fight.library.dock.widget()
    assert panel is not None and panel.objectName() == "libraryPanel"
    page = panel.adversaries
    page.table.search.setText("ashen")
    page.view.selectRow(0)
    before = window.fight.cards_model.rowCount()
    page.use_actions["encounter"].trigger()
    names = [c.name for c in program.session.combatants]
    assert "Ashen Sentry 2" in names  # the demo already has an Ashen Sentry
    assert window.fight.cards_model.rowCount() == before + 1
    program.undo_stack.undo()
    assert window.fight.cards_model.rowCount() == before

    page.use_actions["builder"].trigger()
    builder = window.fight.library.open_builder()
    assert [p.stats.name for p in builder.plan()] == ["Ashen Sentry"]
    builder.close()
    window.fight.library.dock.close()


def test_entries_added_behind_its_back_appear_after_a_reload(qtbot, program) -> None:
    """What an import does: rows straight into the store, then the library reads them again."""
    actions = program.window.fight.library
    actions.library_action.trigger()
    table = actions.dock.widget().adversaries.table
    before = table.model.rowCount()
    program.store.insert_templates([TemplateRow(None, replace(SAMPLES[0], name="Imported One"),
                                                 source="import")])
    assert table.model.rowCount() == before
    actions.reload()
    table.search.setText("imported one")
    assert table.proxy.rowCount() == 1 and table.count.text() == f"1 of {before + 1}"
    assert table.proxy.index(0, 6).data() == "Imported"
    actions.dock.close()


def test_edit_opens_the_stat_block_editor_and_saves_as_one_undo_step(qtbot, program) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    actions = program.window.fight.library
    actions.library_action.trigger()
    page = actions.dock.widget().environments
    page.table.search.setText("market")
    page.view.selectRow(0)

    def change() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog.objectName() == "environmentEditor"
        dialog.difficulty.setValue(15)
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, change)
    qtbot.mouseClick(actions.dock.findChild(QPushButton, "environmentEditButton"),
                     Qt.MouseButton.LeftButton)
    stored = {e.stats.name: e.stats for e in program.store.environments()}
    assert stored["Lantern Market at Dusk"].difficulty == 15
    assert program.undo_stack.undoText() == "Edit Lantern Market at Dusk"
    program.undo_stack.undo()
    stored = {e.stats.name: e.stats for e in program.store.environments()}
    assert stored["Lantern Market at Dusk"].difficulty == 11
    actions.dock.close()


def test_typing_in_the_library_search_is_not_taken_for_the_windows_keys(qtbot, program) -> None:
    actions = program.window.fight.library
    actions.library_action.trigger()
    search = actions.dock.widget().adversaries.table.search
    search.setFocus()
    active, fear = program.session.active_id, program.session.fear
    qtbot.keyClicks(search, "nag+-1")  # N is Next turn, A Attack, + and - Fear, 1 an outcome
    assert search.text() == "nag+-1"
    assert (program.session.active_id, program.session.fear) == (active, fear)
    assert program.undo_stack.count() == 0
    actions.dock.close()


def test_the_samples_come_back_in_one_undoable_click(qtbot, store, undo_stack) -> None:
    # A database without the samples.
    panel = LibraryPanel(LibraryShelves.of(Library(store), undo_stack, Said()))
    qtbot.addWidget(panel)
    page = panel.environments
    assert page.samples_button.isVisibleTo(page) and "no environments yet" in \
        page.preview.toPlainText()
    qtbot.mouseClick(page.samples_button, Qt.MouseButton.LeftButton)
    assert page.table.count.text() == "4 environments"
    assert not page.samples_button.isVisibleTo(page)
    assert undo_stack.undoText() == "Add the sample environments"
    undo_stack.undo()
    assert page.model.rowCount() == 0 and store.environments() == []
    assert "no environments yet" in page.preview.toPlainText()
    assert page.samples_button.isVisibleTo(page)
    assert panel.adversaries.samples_button.isVisibleTo(panel.adversaries)


def test_enter_on_an_entry_edits_it(qtbot, page, undo_stack, edits) -> None:
    page.view.setFocus()
    page.view.selectRow(0)
    first = page.current()
    edits.append(replace(first.stats, difficulty=first.stats.difficulty + 1))
    qtbot.keyClick(page.view, Qt.Key.Key_Return)
    assert undo_stack.undoText() == f"Edit {first.stats.name}"


def test_letters_typed_in_the_library_table_jump_in_it_not_the_windows_keys(qtbot,
                                                                          program) -> None:
    actions = program.window.fight.library
    actions.library_action.trigger()
    table = actions.dock.widget().adversaries.table.view
    table.setFocus()
    table.selectRow(0)
    active, fear = program.session.active_id, program.session.fear
    qtbot.keyClicks(table, "n+-")  # N is Next turn, + and - Fear
    assert (program.session.active_id, program.session.fear) == (active, fear)
    assert program.undo_stack.count() == 0
    actions.dock.close()
