"""The library's count ("1 of 137") says the right numbers after each save, delete, import and
undo, while a search or filter hides what changed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from encounter_app.domain import TemplateRow
from encounter_app.store import Store
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.services.library.operations import LibraryShelves
from encounter_app.systems.daggerheart.services.library.shelves import Library
from encounter_app.systems.daggerheart.ui.library.models import TEMPLATE_COLUMNS
from encounter_app.systems.daggerheart.ui.library.panel import LibraryPage
from encounter_app.systems.daggerheart.ui.library.stat_block_html import adversary_html
from tests.helpers.operations import Said

SAMPLES = load_sample_adversaries()
RAT = replace(next(s for s in SAMPLES if s.type == "Minion"), name="Gutter Rat")


@pytest.fixture
def library(store: Store) -> Library:
    store.insert_templates([TemplateRow(None, s) for s in SAMPLES])
    return Library(store)


@pytest.fixture
def shelves(library: Library, undo_stack) -> LibraryShelves:
    return LibraryShelves.of(library, undo_stack, Said())


@pytest.fixture
def page(qtbot, shelves: LibraryShelves) -> LibraryPage:
    edits = [RAT]
    widget = LibraryPage(shelves.adversaries, TEMPLATE_COLUMNS, ("Bruiser", "Minion"),
                         lambda _stats: edits.pop(0), adversary_html, ())
    qtbot.addWidget(widget)
    widget.show()
    return widget


def count(page: LibraryPage) -> str:
    return page.table.count.text()


def test_the_count_follows_a_save_a_delete_and_undo_that_the_search_hides(page, undo_stack):
    total = len(SAMPLES)
    page.table.search.setText("ashen sentry")
    assert count(page) == f"1 of {total}"
    page.new()  # the Gutter Rat: saved, and not among what the search shows
    assert count(page) == f"1 of {total + 1}"
    undo_stack.undo()
    assert count(page) == f"1 of {total}"
    undo_stack.redo()
    assert count(page) == f"1 of {total + 1}"
    rat = next(r for r in page.shelf.rows if r.stats.name == "Gutter Rat")
    page.operations.delete([rat.id])
    assert count(page) == f"1 of {total}"
    undo_stack.undo()
    assert count(page) == f"1 of {total + 1}"
    page.table.search.setText("")
    assert count(page) == f"{total + 1} adversaries"


def test_the_count_follows_an_import_behind_a_filter(page, store, library):
    total = len(SAMPLES)
    page.table.tier.setCurrentIndex(page.table.tier.findData(4))  # none of the samples
    assert count(page) == f"0 of {total}"
    store.insert_templates([TemplateRow(None, replace(RAT, name=f"Imported {n}"),
                                        source="import") for n in range(3)])
    library.reload()  # what an import does once its rows are in the store
    assert count(page) == f"0 of {total + 3}"
