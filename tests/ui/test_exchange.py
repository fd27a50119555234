"""File › Import and Export in the window, answered by a scripted GM instead of file pickers."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QProgressDialog, QPushButton

from encounter_app.exchange.native import write_adversaries
from encounter_app.exchange.reader import read_path
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.ui.exchange.actions import Prompts
from encounter_app.ui.exchange.dialogs import DuplicatesDialog, ExportChooser, ProblemsDialog
from encounter_app.ui.exchange.models import TemplateChoiceModel
from tests.helpers.cards import trigger
from tests.helpers.systems import SYSTEMS
from tests.helpers.trace import commits, statements


class ScriptedGM(Prompts):
    """Answers every question as the test says, and remembers what it was shown."""

    def __init__(self, parent, *, open_path=None, save_path=None, choices=None, ids=None,
                 cancel_progress=False):
        super().__init__(parent)
        self.open_answer, self.save_answer = open_path, save_path
        self.choices, self.ids, self.cancel_progress = choices, ids, cancel_progress
        self.shown: dict[str, object] = {}
        self.progress_dialogs = []

    def open_path(self):
        return self.open_answer

    def save_path(self, title, suggested):
        self.shown["suggested"] = suggested
        return self.save_answer

    def duplicates(self, source, found, total):
        self.shown["duplicates"] = found
        return None if self.choices is None else {d.position: self.choices for d in found}

    def templates(self, templates):
        self.shown["templates"] = templates
        return self.ids

    def problems(self, source, problems):
        self.shown["problems"] = problems

    def done(self, title, text, details=""):
        self.shown["done"] = (text, details)

    def failed(self, title, text):
        self.shown["failed"] = text

    def progress(self, label, total):
        dialog = RecordingProgress(super().progress(label, total))
        if self.cancel_progress:
            dialog.cancel()
        self.progress_dialogs.append(dialog)
        return dialog


class RecordingProgress:
    """The real progress dialog, remembering every value it was given."""

    def __init__(self, dialog: QProgressDialog) -> None:
        self.dialog, self.values = dialog, []

    def setValue(self, value: int) -> None:
        self.values.append(value)
        self.dialog.setValue(value)

    def __getattr__(self, name):
        return getattr(self.dialog, name)


def gm(program, **answers) -> ScriptedGM:
    scripted = ScriptedGM(program.window, **answers)
    program.window.exchange.prompts = scripted
    return scripted


def library(program):
    return sorted((t.id, t.stats, t.source) for t in program.store.templates())


def test_the_srd_file_imports_from_the_menu_and_undoes(program, srd_file):
    before = library(program)
    scripted = gm(program, open_path=srd_file)
    program.window.exchange.import_action.trigger()
    assert len(program.store.templates()) == len(before) + 129
    text, details = scripted.shown["done"]
    assert text.startswith("Imported 129 adversaries from adversaries.json.")
    assert "entry 122 (Outer Realms Abomination), atk" in details
    assert program.window.status_label.text().startswith("Imported 129 adversaries")
    reading, adding = scripted.progress_dialogs
    assert (reading.maximum(), reading.values) == (129, list(range(1, 130)))  # every entry
    assert (adding.maximum(), adding.values) == (129, list(range(1, 130)))
    assert program.undo_stack.undoText() == "Import 129 adversaries from adversaries.json"

    after = library(program)
    program.undo_stack.undo()
    assert library(program) == before
    program.undo_stack.redo()
    assert library(program) == after  # the same ids come back


def test_a_bad_file_shows_every_problem_and_imports_nothing(program, srd_file, tmp_path):
    data = json.loads(srd_file.read_text(encoding="utf-8-sig"))
    data[2]["tier"] = "two"
    data[7]["thresholds"] = "9/3"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    before = library(program)
    scripted = gm(program, open_path=bad)
    assert not program.window.exchange.import_file()
    assert [(p.entry, p.field) for p in scripted.shown["problems"]] == [(3, "tier"),
                                                                        (8, "thresholds")]
    assert library(program) == before and program.undo_stack.count() == 0
    assert "bad.json was not imported: 2 problems" in program.window.status_label.text()


def our_file(tmp_path: Path, blocks) -> Path:
    path = tmp_path / "mine.json"
    path.write_text(write_adversaries(blocks), encoding="utf-8")
    return path


@pytest.mark.parametrize(("choice", "difficulties"), [
    ("skip", [13]), ("replace", [19]), ("keep", [13, 19])])
def test_a_duplicate_is_skipped_replaced_or_kept_as_the_gm_chose(program, tmp_path, choice,
                                                                 difficulties):
    sentry = next(s for s in load_sample_adversaries() if s.name == "Ashen Sentry")
    new = replace(sentry, name="Brand New Thing")
    path = our_file(tmp_path, [replace(sentry, difficulty=19), new])
    before = library(program)
    scripted = gm(program, open_path=path, choices=choice)
    program.window.exchange.import_file()
    [duplicate] = scripted.shown["duplicates"]
    assert (duplicate.position, duplicate.existing.stats.name) == (0, "Ashen Sentry")
    sentries = [t for t in program.store.templates() if t.stats.name == "Ashen Sentry"]
    assert sorted(t.stats.difficulty for t in sentries) == difficulties
    assert any(t.stats == new and t.source == "mine.json" for t in program.store.templates())
    program.undo_stack.undo()
    assert library(program) == before  # a replaced template comes back as it was


def test_cancelling_the_duplicates_imports_nothing(program, tmp_path):
    path = our_file(tmp_path, load_sample_adversaries())
    before = library(program)
    gm(program, open_path=path, choices=None)
    assert not program.window.exchange.import_file()
    assert library(program) == before and program.undo_stack.count() == 0
    assert "cancelled" in program.window.status_label.text()


def test_cancelling_the_progress_imports_nothing(program, srd_file):
    before = library(program)
    gm(program, open_path=srd_file, cancel_progress=True)
    assert not program.window.exchange.import_file()
    assert library(program) == before and program.undo_stack.count() == 0
    assert "cancelled" in program.window.status_label.text()


def test_export_a_selection_and_import_it_elsewhere(program, tmp_path):
    templates = program.store.templates()
    chosen = [templates[1].id, templates[3].id]
    target = tmp_path / "two.json"
    scripted = gm(program, ids=chosen, save_path=target)
    program.window.exchange.export_adversaries_action.trigger()
    assert scripted.shown["suggested"] == "adversaries.json"
    assert read_path(SYSTEMS, target).adversaries == (templates[1].stats, templates[3].stats)


def test_export_this_adversary_from_its_card(program, tmp_path):
    target = tmp_path / "one.json"
    scripted = gm(program, save_path=target)
    sentry = next(c for c in program.session.combatants if c.name == "Ashen Sentry")
    trigger(program, sentry.id, "exportAdversaryAction")
    assert scripted.shown["suggested"] == "ashen-sentry.json"
    assert read_path(SYSTEMS, target).adversaries == (sentry.stats,)


def test_an_unwritable_place_says_so(program, tmp_path):
    scripted = gm(program, save_path=tmp_path / "no-such-folder" / "x.json")
    assert program.window.exchange.export_encounter() is None
    assert "Could not write" in scripted.shown["failed"]


def test_an_exported_encounter_imports_as_a_new_encounter_and_opens(qtbot, program, tmp_path):
    window = program.window
    session = program.session
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    window.fight.set_marks(sentry.id, 2, 1)
    window.fight.fear_tracker.gain()
    fear = session.fear
    target = tmp_path / "fight.json"
    gm(program, save_path=target)
    window.exchange.export_encounter_action.trigger()
    window.fight.fear_tracker.spend()

    gm(program, open_path=target)
    with qtbot.waitSignal(window.open_encounter_requested) as opened:
        window.exchange.import_file()
    assert program.window is not window  # rebuilt on the imported encounter
    new = program.session
    assert new.encounter_id == opened.args[0] != session.encounter_id
    assert [(c.name, c.hp_marked, c.stress_marked) for c in new.combatants] == [
        (c.name, c.hp_marked, c.stress_marked) for c in session.combatants]
    assert [c.name for c in new.countdowns] == [c.name for c in session.countdowns]
    assert new.fear == fear and new.fear_ledger[0].reason == "imported"
    ledger = program.window.fight.fear_ledger_model
    assert ledger.data(ledger.index(0)) == (
        f"Gained 1 (Fear {fear}): Set by an imported encounter — with the encounter from "
        "fight.json")
    assert "Opened the encounter 'Ambush at the chapel steps'" in (
        program.window.status_label.text())


def test_duplicates_dialog_apply_to_all(qtbot, store, tmp_path):
    samples = load_sample_adversaries()
    from encounter_app.domain.rows import TemplateRow
    from encounter_app.store.exchange import find_duplicates

    store.insert_templates([TemplateRow(None, s, "sample") for s in samples])
    found = find_duplicates(store, [samples[0], replace(samples[1], hp=9, difficulty=1),
                                    samples[2]])
    dialog = DuplicatesDialog("mine.json", found, 3)
    qtbot.addWidget(dialog)
    assert dialog.table.item(0, 2).text().endswith("in the library (sample): identical")
    assert dialog.table.item(1, 2).text().endswith(": differs in Difficulty, HP")
    assert dialog.choices() == {0: "skip", 1: "skip", 2: "skip"}
    dialog.combos[1].setCurrentIndex(2)
    assert dialog.choices()[1] == "keep"
    dialog.all_combo.setCurrentIndex(1)
    dialog.findChild(QPushButton, "applyToAllButton").click()
    assert dialog.choices() == {0: "replace", 1: "replace", 2: "replace"}


def test_export_chooser_filters_and_checks(qtbot, qtmodeltester, store):
    from encounter_app.domain.rows import TemplateRow

    templates = store.insert_templates(
        [TemplateRow(None, s, "sample") for s in load_sample_adversaries()])
    qtmodeltester.check(TemplateChoiceModel(templates))
    dialog = ExportChooser(templates)
    qtbot.addWidget(dialog)
    assert not dialog.ok.isEnabled()
    qtbot.keyClicks(dialog.filter, "skulk")
    skulks = [t.id for t in templates if t.stats.type == "Skulk"]
    assert dialog.proxy.rowCount() == len(skulks) > 0
    dialog.findChild(type(dialog.ok), "checkShownButton").click()
    assert dialog.chosen_ids() == skulks and dialog.ok.isEnabled()
    assert dialog.count.text() == f"{len(skulks)} of {len(templates)} chosen"
    dialog.filter.clear()
    first = templates[0].id
    was_chosen = first in dialog.chosen_ids()
    dialog.view.activated.emit(dialog.proxy.index(0, 0))  # Enter or double-click toggles
    assert (first in dialog.chosen_ids()) != was_chosen


def test_problems_dialog_lists_entry_field_and_message(qtbot):
    from encounter_app.exchange.problems import Problem

    dialog = ProblemsDialog("bad.json", (Problem(3, "Bear", "tier", "expected a whole number"),
                                         Problem(None, "", "file", "is not JSON")))
    qtbot.addWidget(dialog)
    table = dialog.table
    assert [[table.item(r, c).text() for c in range(3)] for r in range(2)] == [
        ["entry 3: Bear", "tier", "expected a whole number"],
        ["whole file", "file", "is not JSON"]]


def test_imported_srd_adversaries_read_right_on_their_cards(srd_file):
    from encounter_app.systems.daggerheart.ui.card_layout import stat_line

    blocks = {s.name: s for s in read_path(SYSTEMS, srd_file).adversaries}
    assert stat_line(blocks["Tiny Green Ooze"]) == (
        "Difficulty 14 · Thresholds 4 / none · HP 2 · Stress 1")
    assert stat_line(blocks["Giant Rat"]).startswith("Difficulty 10 · Thresholds none")
    assert "Thresholds 8 / 15" in stat_line(blocks["Acid Burrower"])


def test_the_file_pickers_start_where_the_last_file_was(qtbot, tmp_path):
    from PySide6.QtWidgets import QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    prompts = Prompts(parent)
    target = tmp_path / "out" / "mine.json"
    asked = []

    def picker(_parent, _title, start, _filter):
        asked.append(start)
        return str(target), ""

    prompts.get_save_file_name = prompts.get_open_file_name = picker
    assert prompts.save_path("Export", "mine.json") == target
    assert prompts.open_path() == target
    assert asked == [str(Path.home() / "mine.json"), str(target.parent)]
    prompts.get_open_file_name = lambda *_args: ("", "")  # Cancel
    assert prompts.open_path() is None and prompts.folder == target.parent


def test_a_campaign_exported_from_the_menu_imports_beside_the_open_one(qtbot, program,
                                                                       tmp_path):
    window = program.window
    manager = window.manage_campaigns()
    before = [c.name for c in manager._book.campaigns]
    target = tmp_path / "chapel.json"
    scripted = gm(program, save_path=target)
    window.exchange.export_campaign_action.trigger()
    assert scripted.shown["suggested"] == "demo-the-drowned-chapel.json"

    gm(program, open_path=target)
    with qtbot.waitSignal(window.exchange.campaign_imported) as imported, \
            statements(program.store) as seen:
        assert window.exchange.import_file()
    # One undo step, written by its first redo in one transaction (issue 29: no second,
    # empty step after a write outside it).
    assert commits(seen) == 1 and program.undo_stack.count() == 1
    assert program.undo_stack.undoText() == f"Import the campaign {before[0]}"
    assert [c.name for c in manager._book.campaigns] == sorted(before * 2)
    assert program.store.campaign(imported.args[0]).name == before[0]
    assert program.window is window  # the open fight stays open

    program.undo_stack.undo()  # the import is one undo step: the campaign goes, all of it
    assert [c.name for c in manager._book.campaigns] == before
    assert len(program.store.campaigns()) == len(before)
    program.undo_stack.redo()
    assert [c.name for c in manager._book.campaigns] == sorted(before * 2)
    [again] = [c for c in program.store.campaigns() if c.id != program.session.campaign.id]
    assert [pc.name for pc in program.store.pcs(again.id)] == [
        pc.name for pc in program.store.pcs(program.session.campaign.id)]
