"""The campaign view's tabs: the encounter list and the party roster.

Each button is one of the campaign view's operations (services/campaigns/actions.py), one undo
step; a button that cannot act is disabled and the line under the buttons says why.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.rows import stored_id
from encounter_app.services.campaigns.actions import CampaignOperations
from encounter_app.ui.campaigns.forms import NameDialog, PcDialog
from encounter_app.ui.campaigns.models import EncounterListModel, EncounterSearch, PartyModel
from encounter_app.ui.widgets.listviews import PaintedListView
from encounter_app.ui.widgets.message import MessageLine
from encounter_app.ui.widgets.note_editor import NoteEditor


def _button(text: str, name: str, tip: str = "") -> QPushButton:
    button: QPushButton = QPushButton(text, objectName=name)
    button.setToolTip(tip)
    return button


def _why_label(name: str) -> MessageLine:
    """The line under a tab's buttons: two lines' room, kept whatever it says."""
    label = MessageLine(name, lines=2)
    label.setEnabled(False)  # greyed: a hint, not an error
    return label


class EncountersTab(QWidget):
    open_requested = Signal(int)  # the encounter id to open in the window
    recap_requested = Signal(int)  # a finished encounter's id: its recap, to read or save

    def __init__(self, operations: CampaignOperations, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        book = operations.book
        self._operations, self._book = operations, book
        self._open_id = open_id = operations.session.encounter_id
        self.model = EncounterListModel(operations, open_id, self)
        self.search_model = EncounterSearch(self)
        self.search_model.setSourceModel(self.model)
        self.search = QLineEdit(objectName="encounterSearch", clearButtonEnabled=True,
                                placeholderText="Search encounters by name, status or note")
        self.search.setAccessibleName("Search encounters")
        self.view = PaintedListView("No encounter yet: New… prepares one.")
        self.view.setObjectName("encounterList")
        self.view.setAccessibleName("Encounters")
        self.view.setModel(self.search_model)
        self.view.setSpacing(2)
        self.view.setAlternatingRowColors(True)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.view.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.new_button = _button("&New…", "newEncounterButton", "Prepare a new encounter (draft)")
        self.duplicate_button = _button("&Duplicate", "duplicateEncounterButton",
                                        "Copy as a template: adversaries and countdowns, "
                                        "without marks or rolls")
        self.open_button = _button("&Open", "openEncounterButton",
                                   "Run this encounter in the window (a draft becomes active)")
        self.finish_button = _button("&Finish", "finishEncounterButton",
                                     "Mark it done and keep a summary of how it went")
        self.rename_button = _button("Rena&me…", "renameEncounterButton")
        self.recap_button = _button("&Show recap…", "encounterRecapButton",
                                    "What happened in this finished encounter, the GM's or the "
                                    "players' version: to read, save or print")
        self.delete_button = _button("De&lete", "deleteEncounterButton",
                                     "Delete a draft (Undo brings it back)")
        self.why = _why_label("encounterWhy")
        self.note = NoteEditor("encounterNote", "Notes on this encounter (GM only)")
        self._note_for: int | None = None

        buttons = QHBoxLayout()
        for button in (self.new_button, self.duplicate_button, self.rename_button,
                       self.finish_button, self.delete_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.recap_button)
        buttons.addWidget(self.open_button)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.search)
        top_layout.addWidget(self.view, 1)
        top_layout.addLayout(buttons)
        top_layout.addWidget(self.why)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(self.note)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(split)

        self.search.textChanged.connect(self._search)
        self.view.selectionModel().currentChanged.connect(lambda *_: self._update())
        self.view.doubleClicked.connect(lambda _index: self.open_selected())
        self.new_button.clicked.connect(self.new)
        self.duplicate_button.clicked.connect(self.duplicate)
        self.open_button.clicked.connect(self.open_selected)
        self.recap_button.clicked.connect(self.recap_selected)
        self.finish_button.clicked.connect(self.finish)
        self.rename_button.clicked.connect(self.rename)
        self.delete_button.clicked.connect(self.delete)
        self.note.saved.connect(self._note_saved)
        for signal in (self.model.rowsInserted, self.model.rowsRemoved, self.model.dataChanged,
                       self.model.rowsMoved, self.model.modelReset):
            signal.connect(self._update)
        self._update()

    # -- selection --------------------------------------------------------------------------

    def selected_row(self) -> int:
        """The selected encounter's row in the book's list; -1 for none."""
        index = self.search_model.mapToSource(self.view.currentIndex())
        return index.row() if index.isValid() else -1

    def select(self, encounter_id: int | None) -> None:
        row = self._book.encounters.index_of(encounter_id)
        if row >= 0:
            index = self.search_model.mapFromSource(self.model.index(row))
            self.view.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            self.view.scrollTo(index)

    def _search(self, text: str) -> None:
        self.search_model.setFilterFixedString(text)
        # Dropping between filtered rows would land among rows the GM cannot see.
        self.view.setDragEnabled(not text)
        self._update()

    def _update(self, *_args: object) -> None:
        row = self.selected_row()
        entry = self._book.encounters[row] if row >= 0 else None
        if entry is None or entry.id != self._note_for:
            self.note.save()  # what was typed belongs to the encounter it was typed for
            self._note_for = None if entry is None else entry.id
        self.note.setEnabled(entry is not None)
        self.note.show_text("" if entry is None else entry.note)
        for button in (self.duplicate_button, self.rename_button, self.open_button):
            button.setEnabled(entry is not None)
        self.finish_button.setEnabled(entry is not None and entry.status != "done")
        self.recap_button.setEnabled(entry is not None and entry.status == "done")
        self.delete_button.setEnabled(entry is not None and entry.status == "draft"
                                      and entry.id != self._open_id)
        if entry is None:
            why = ("Select an encounter to open, copy, rename or finish it." if
                   len(self._book.encounters) else "")
        elif entry.status == "done":
            summary = (entry.summary.text(self._book.system.has_fear) if entry.summary
                       else "no summary")
            why = f"Finished: {summary}."
            why += " Show recap… tells what happened; Open shows the fight as it ended."
        elif entry.id == self._open_id:
            why = "This encounter is open in the window."
        elif entry.status == "active":
            why = "Only drafts can be deleted: this one has been run. Finish it instead."
        else:
            why = "Drag encounters to put them in the order you will run them."
        if self.search.text():
            why += " Clear the search to reorder."
        self.why.setText(why)

    # -- actions ----------------------------------------------------------------------------

    def new(self) -> None:
        dialog = NameDialog("New encounter", "The encounter", parent=self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.new_encounter(dialog.name())

    def new_encounter(self, name: str) -> int | None:
        """A new draft at the end of the list, selected; returns its id (None when the
        store refused it: the stack says why)."""
        new_id = self._operations.new_encounter(name)
        if new_id is not None:
            self.search.clear()
            self.select(new_id)
        return new_id

    def _selected_id(self) -> int | None:
        row = self.selected_row()
        return None if row < 0 else stored_id(self._book.encounters[row])

    def duplicate(self) -> None:
        encounter_id = self._selected_id()
        if encounter_id is not None:
            copy = self._operations.duplicate_encounter(encounter_id)
            if copy is not None:
                self.select(copy)

    def rename(self) -> None:
        row = self.selected_row()
        if row < 0:
            return
        entry = self._book.encounters[row]
        dialog = NameDialog("Rename encounter", "The encounter", entry.name, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self._operations.rename_encounter(stored_id(entry), dialog.name())

    def delete(self) -> None:
        encounter_id = self._selected_id()
        if encounter_id is not None and self.delete_button.isEnabled():
            self._operations.delete_encounter(encounter_id)

    def finish(self) -> None:
        """Finish the selected encounter, once the GM says so (Cancel is the default)."""
        from encounter_app.ui.shell.window_parts import ask_finish  # a dialog, when asked

        row = self.selected_row()
        if row >= 0 and ask_finish(self, self._book.encounters[row].name,
                                  self._book.system.has_fear):
            self._operations.finish_encounter(stored_id(self._book.encounters[row]))

    def open_selected(self) -> None:
        row = self.selected_row()
        if row >= 0:
            self.open_requested.emit(self._book.encounters[row].id)

    def recap_selected(self) -> None:
        """The selected encounter's recap, if it is finished."""
        row = self.selected_row()
        if row >= 0 and self._book.encounters[row].status == "done":
            self.recap_requested.emit(stored_id(self._book.encounters[row]))

    def _note_saved(self, text: str) -> None:
        if self._book.encounters.index_of(self._note_for) >= 0:
            assert self._note_for is not None
            self._operations.encounter_note(self._note_for, text)


class PartyTab(QWidget):
    """The roster, and PCs joining the open fight."""

    def __init__(self, operations: CampaignOperations, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        book = operations.book
        self._operations, self._book, self._session = operations, book, operations.session
        self.model = PartyModel(book, self)
        self.view = QTableView(objectName="partyTable")
        self.view.setAccessibleName("Party")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self._size_columns()
        for signal in (self.model.modelReset, self.model.rowsInserted, self.model.dataChanged):
            signal.connect(self._size_columns)  # another system, another PC, longer name
        self.add_button = _button("&Add PC…", "addPcButton")
        self.edit_button = _button("&Edit…", "editPcButton")
        self.remove_button = _button("&Remove", "removePcButton",
                                     "Off the roster; a fight they are in keeps them")
        self.join_button = _button("&Join encounter", "joinSelectedButton",
                                   "The selected PCs join the open encounter")
        self.join_all_button = _button("Whole &party joins", "joinPartyButton",
                                       "Every PC of the roster joins the open encounter")
        self.why = _why_label("partyWhy")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.join_button)
        buttons.addWidget(self.join_all_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.why)

        self.add_button.clicked.connect(self.add)
        self.edit_button.clicked.connect(self.edit)
        self.view.doubleClicked.connect(lambda _index: self.edit())
        self.remove_button.clicked.connect(self.remove)
        self.join_button.clicked.connect(lambda: self.join(self.selected_pcs()))
        self.join_all_button.clicked.connect(lambda: self.join(list(self._book.party)))
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._update())
        for signal in (self.model.rowsInserted, self.model.rowsRemoved, self.model.modelReset):
            signal.connect(self._update)
        book.viewed_changed.connect(self._update)
        book.encounters.changed.connect(self._update)  # the open one may have been renamed
        self._update()

    def _size_columns(self, *_args: object) -> None:
        # Every column as wide as its text: a name is never cut short to fit eleven stats
        # (Ruins & Raiders); the table scrolls sideways instead. Sized here, not by the
        # header's ResizeToContents, which missed rows added after a model reset.
        self.view.horizontalHeader().setStretchLastSection(False)
        self.view.resizeColumnsToContents()

    def selected_rows(self) -> list[int]:
        return sorted(i.row() for i in self.view.selectionModel().selectedRows())

    def selected_pcs(self) -> list[PcRow]:
        return [self._book.party[r] for r in self.selected_rows()]

    def _update(self, *_args: object) -> None:
        rows = self.selected_rows()
        here = self._book.campaign_id == self._book.home_id
        self.edit_button.setEnabled(len(rows) == 1)
        self.remove_button.setEnabled(len(rows) == 1)
        self.join_button.setEnabled(here and bool(rows))
        self.join_all_button.setEnabled(here and len(self._book.party) > 0)
        if not here:
            why = "Open an encounter of this campaign to have its PCs join it."
        elif not len(self._book.party):
            why = "Add the party's PCs: they join any encounter of the campaign in one step."
        else:
            # By its entry, not the session's row: that keeps the name it opened with.
            here_now = self._book.encounters.by_id(self._session.encounter_id).name
            why = (f"PCs join “{here_now}” with their marks; marks made "
                   "there come back to the roster.")
        self.why.setText(why)

    def add(self) -> None:
        dialog = PcDialog(self._book.system, parent=self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.add_pc(dialog.pc())

    def add_pc(self, pc: PcRow) -> None:
        self._operations.add_pc(pc)

    def edit(self) -> None:
        rows = self.selected_rows()
        if len(rows) != 1:
            return
        dialog = PcDialog(self._book.system, self._book.party[rows[0]], self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self._operations.edit_pc(dialog.pc())

    def remove(self) -> None:
        rows = self.selected_rows()
        if len(rows) == 1:
            self._operations.remove_pc(stored_id(self._book.party[rows[0]]))

    def join(self, pcs: list[PcRow]) -> None:
        self._operations.join([stored_id(pc) for pc in pcs])
