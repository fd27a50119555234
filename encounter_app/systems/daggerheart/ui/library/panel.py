"""The library dock: adversaries and environments as searchable, filterable, sortable tables with
a preview of the selected stat block, and the actions a GM takes on them.

Changes to the library are the shelf's operations (services/library/operations.py), one undo
step each; what the GM does with an entry in the fight (add it, plan it in the builder, attach
it) is a signal the window turns into its own operation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import QItemSelectionModel, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QMenu,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import EnvironmentBlock, EnvironmentRow, StatBlock, TemplateRow
from encounter_app.domain.rows import stored_id
from encounter_app.rules.battle_points import ADVERSARY_TYPES
from encounter_app.rules.stat_blocks import ENVIRONMENT_TYPES
from encounter_app.systems.daggerheart.services.library.guidance import (
    library_peers,
    new_adversary,
)
from encounter_app.systems.daggerheart.services.library.operations import (
    LibraryShelves,
    ShelfOperations,
)
from encounter_app.systems.daggerheart.services.library.shelves import EntryT, StatsT
from encounter_app.systems.daggerheart.ui.library.models import (
    ENVIRONMENT_COLUMNS,
    TEMPLATE_COLUMNS,
    Column,
)
from encounter_app.systems.daggerheart.ui.library.stat_block_html import (
    adversary_html,
    environment_html,
)
from encounter_app.systems.daggerheart.ui.library.table import FilteredTable

SINGLE_USES = frozenset({"attach"})  # a fight has one environment
_AnswerT = TypeVar("_AnswerT", covariant=True)


class LibraryPage(QWidget, Generic[EntryT, StatsT]):
    """One shelf of the library: the search line, tier and type filters, table and preview.

    ``edit`` and ``preview`` take the shelf's kind of stat block (StatBlock for TemplateRow,
    EnvironmentBlock for EnvironmentRow): the shelf's operations say which (``stats_of``).
    """

    used = Signal(str, list)  # the use's name ("encounter", "builder", "attach"), the rows

    def __init__(self, operations: ShelfOperations[EntryT, StatsT],
                 columns: Sequence[Column[EntryT]], types: Sequence[str],
                 edit: Callable[[StatsT | None], StatsT | None],
                 preview: Callable[[StatsT], str], uses: Sequence[tuple[str, str, str]],
                 samples: Callable[[], list[EntryT]] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        shelf = operations.shelf
        noun = shelf.noun
        self._samples = samples
        self.setObjectName(f"{noun}Library")
        self.shelf, self.operations = shelf, operations
        self._edit, self._preview = edit, preview
        self.table = FilteredTable(shelf, columns, types, noun, self)
        self.view, self.proxy, self.model = self.table.view, self.table.proxy, self.table.model
        self.preview = QTextBrowser(objectName=f"{noun}Preview")
        self.preview.setAccessibleName(f"Selected {noun}")
        self.preview.setOpenLinks(False)

        # No Ctrl+N here: the window's "Add combatant" has it, and a floating dock shares
        # the window's shortcuts (the same key twice would make both ambiguous).
        self.new_action = self._action("&New…", f"Write a new {noun}", self.new)
        self.edit_action = self._action("&Edit…", f"Edit the selected {noun} (Enter)", self.edit)
        for enter_key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            enter = QAction(self.view, shortcut=QKeySequence(enter_key),
                            shortcutContext=Qt.ShortcutContext.WidgetShortcut)
            enter.triggered.connect(self.edit)
            self.view.addAction(enter)
        self.duplicate_action = self._action("D&uplicate", f"Copy the selected {noun}",
                                             self.duplicate)
        self.delete_action = self._action("&Delete", f"Delete the selected {shelf.plural} from "
                                          "the library (a fight keeps its own copy)",
                                          self.delete, QKeySequence.StandardKey.Delete)
        self.use_actions: dict[str, QAction] = {}
        self.entry_actions: list[QAction] = []  # more for one entry (Move to another tier…)
        # Two short rows rather than one long one: the dock fits beside the fight on a
        # 1366-pixel laptop screen.
        edits, uses_row = QHBoxLayout(), QHBoxLayout()
        for action, key in ((self.new_action, "New"), (self.edit_action, "Edit"),
                            (self.duplicate_action, "Duplicate"),
                            (self.delete_action, "Delete")):
            edits.addWidget(self._button(action, key))
        edits.addStretch(1)
        # A database from before the samples came, or one whose samples were all deleted,
        # gets them back in one (undoable) click.
        self.samples_button = QPushButton(f"Add the sample {shelf.plural}",
                                          objectName=f"{noun}SamplesButton")
        self.samples_button.setToolTip(f"The {shelf.plural} that come with Encounter Manager "
                                       "(the project's own, not SRD text)")
        self.samples_button.clicked.connect(self.add_samples)
        uses_row.addWidget(self.samples_button)
        uses_row.addStretch(1)
        for use, label, tip in uses:
            action = self._action(label, tip, lambda _=False, u=use: self.use(u))
            self.use_actions[use] = action
            uses_row.addWidget(self._button(action, use.capitalize()))
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.preview)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(split, 1)
        layout.addLayout(edits)
        layout.addLayout(uses_row)

        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        for signal in (self.proxy.dataChanged, self.proxy.rowsInserted, self.proxy.rowsRemoved,
                       self.proxy.modelReset, self.proxy.layoutChanged):
            signal.connect(self._selection_changed)
        # The source model's own signals too: the filter announces a removal before the
        # shelf's list has lost the row.
        for signal in (self.model.rowsInserted, self.model.rowsRemoved, self.model.modelReset,
                       self.model.dataChanged):
            signal.connect(self._source_changed)
        self._source_changed()
        self.view.doubleClicked.connect(self.edit)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._menu)
        if self.proxy.rowCount():  # something to read from the start
            self.view.selectRow(0)
        self._selection_changed()

    def _action(self, label: str, tip: str, slot: Callable[..., None],
                shortcut: QKeySequence | QKeySequence.StandardKey | None = None) -> QAction:
        action = QAction(label, self, toolTip=tip, statusTip=tip)
        action.triggered.connect(slot)
        if shortcut is not None:
            action.setShortcut(shortcut)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.view.addAction(action)
        return action

    def _button(self, action: QAction, key: str) -> QPushButton:
        button: QPushButton = QPushButton(action.text().replace("&", ""),
                                          objectName=f"{self.shelf.noun}{key}Button")
        button.setToolTip(action.toolTip())
        button.clicked.connect(action.trigger)
        action.enabledChanged.connect(button.setEnabled)
        button.setEnabled(action.isEnabled())
        return button

    # -- what is selected -----------------------------------------------------------------------

    def selected(self) -> list[EntryT]:
        return self.table.selected()

    def current(self) -> EntryT | None:
        chosen = self.selected()
        return chosen[0] if len(chosen) == 1 else None

    def select_id(self, entry_id: int) -> None:
        source_row = self.shelf.rows.index_of(entry_id)
        if source_row < 0:
            return
        index = self.proxy.mapFromSource(self.model.index(source_row, 0))
        if index.isValid():
            self.view.selectionModel().select(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
            self.view.setCurrentIndex(index)
            self.view.scrollTo(index)

    def _selection_changed(self, *_args: object) -> None:
        chosen = self.selected()
        one = len(chosen) == 1
        self.edit_action.setEnabled(one)
        self.duplicate_action.setEnabled(one)
        self.delete_action.setEnabled(bool(chosen))
        for use, action in self.use_actions.items():
            action.setEnabled(one if use in SINGLE_USES else bool(chosen))
        for action in self.entry_actions:
            action.setEnabled(one)
        if one:
            self.preview.setHtml(self._preview(self.operations.stats_of(chosen[0])))
        elif chosen:
            self.preview.setHtml(f"<p>{len(chosen)} selected.</p>")
        else:
            if not self.model.rowCount():
                empty = f"The library has no {self.shelf.plural} yet: write one with New…"
            elif not self.proxy.rowCount():
                empty = "Nothing matches the search and filters."
            else:
                empty = f"Select {'an' if self.shelf.noun[0] in 'aeiou' else 'a'} " \
                        f"{self.shelf.noun} to read its stat block."
            self.preview.setHtml(f"<p style='color:gray'>{empty}</p>")

    def _source_changed(self, *_args: object) -> None:
        self.samples_button.setVisible(
            self._samples is not None and not any(r.source == "sample" for r in self.shelf.rows))
        self._selection_changed()

    def _menu(self, point: QPoint) -> None:
        menu = QMenu(self)
        for action in (*self.use_actions.values(), None, self.edit_action,
                       self.duplicate_action, *self.entry_actions, self.delete_action, None,
                       self.new_action):
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.popup(self.view.viewport().mapToGlobal(point))

    def add_entry_action(self, action: QAction) -> None:
        """One more entry of the context menu, for one selected entry."""
        self.entry_actions.append(action)
        self._selection_changed()

    # -- what the GM does -----------------------------------------------------------------------

    def new(self) -> None:
        made = self._edit(None)
        if made is not None and (new_id := self.operations.new(made)) is not None:
            self.select_id(new_id)

    def edit(self, *_args: object) -> None:
        row = self.current()
        if row is None:
            return
        changed = self._edit(self.operations.stats_of(row))
        if changed is not None:
            self.operations.edit(stored_id(row), changed)

    def duplicate(self) -> None:
        row = self.current()
        if row is not None and (new_id := self.operations.duplicate(stored_id(row))) is not None:
            self.select_id(new_id)

    def delete(self) -> None:
        self.operations.delete([stored_id(r) for r in self.selected()])

    def add_samples(self) -> None:
        if self._samples is not None:
            self.operations.add_samples(self._samples())

    def use(self, name: str) -> None:
        chosen = self.selected()
        if chosen:
            self.used.emit(name, chosen)


AdversaryPage = LibraryPage[TemplateRow, StatBlock]
EnvironmentPage = LibraryPage[EnvironmentRow, EnvironmentBlock]


class EditorDialog(Protocol[_AnswerT]):
    """A stat-block editor as the library opens it: run, asked its answer, then let go."""

    def exec(self) -> int: ...
    def value(self) -> _AnswerT: ...
    def deleteLater(self) -> None: ...


def ask(dialog: EditorDialog[_AnswerT]) -> _AnswerT | None:
    """The dialog's answer, or None when the GM cancels."""
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    value = dialog.value() if accepted else None
    dialog.deleteLater()
    return value


class LibraryPanel(QTabWidget):
    """The "Adversary library" dock's content: adversaries and environments."""

    def __init__(self, shelves: LibraryShelves, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("libraryPanel")
        # Held here too: the shelves and their row lists are the library's Qt children, and go
        # when it goes.
        self.library = shelves.library
        self.adversaries: AdversaryPage = LibraryPage(
            shelves.adversaries, TEMPLATE_COLUMNS, ADVERSARY_TYPES, self._edit_adversary,
            adversary_html,
            (("encounter", "Add to encounter",
              "Put the selected adversaries into the initiative order now"),
             ("builder", "Add to builder", "Plan the selected adversaries in the builder")),
            _sample_adversaries)
        self.environments: EnvironmentPage = LibraryPage(
            shelves.environments, ENVIRONMENT_COLUMNS, ENVIRONMENT_TYPES,
            self._edit_environment, environment_html,
            (("attach", "Attach to encounter",
              "Make the selected environment the fight's, shown in the sidebar"),),
            _sample_environments)
        self.addTab(self.adversaries, "&Adversaries")
        self.addTab(self.environments, "En&vironments")

    # The editors' modules load when one is first opened, not when the window starts.

    def _edit_adversary(self, stats: StatBlock | None) -> StatBlock | None:
        from encounter_app.systems.daggerheart.ui.library.stat_block_editor import (
            StatBlockEditor,  # see ui/__init__.py
        )

        peers = library_peers(self.library, stats)
        if stats is not None:
            return ask(StatBlockEditor(stats, self, peers=peers))
        # A new one starts at the tier and type the GM filters on (tier 1 Standard without),
        # its numbers ones the guidance beside them calls usual.
        filters = self.adversaries.table
        editor = StatBlockEditor(new_adversary(filters.tier.currentData() or 1,
                                               filters.type.currentData() or "Standard", peers),
                                 self, peers=peers)
        editor.setWindowTitle("New adversary")
        return ask(editor)

    def _edit_environment(self, block: EnvironmentBlock | None) -> EnvironmentBlock | None:
        from encounter_app.systems.daggerheart.ui.library.environment_editor import (
            EnvironmentEditor,  # see ui/__init__.py
        )

        return ask(EnvironmentEditor(block, self))


def _sample_adversaries() -> list[TemplateRow]:
    """What "Add the sample …" inserts; the samples load only when that is asked for."""
    from encounter_app.systems.daggerheart.sample import load_sample_adversaries

    return [TemplateRow(None, block, "sample") for block in load_sample_adversaries()]


def _sample_environments() -> list[EnvironmentRow]:
    from encounter_app.systems.daggerheart.sample import load_sample_environments

    return [EnvironmentRow(None, block, "sample") for block in load_sample_environments()]
