"""The dialogs of File › Import and Export: every problem of a refused file, what to do with
each duplicate, and which adversaries to export."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain.rows import TemplateRow
from encounter_app.exchange.problems import Problem
from encounter_app.exchange.statblock import differences
from encounter_app.store.exchange import Choice, Duplicate
from encounter_app.ui.exchange.models import TemplateChoiceModel

CHOICE_LABELS: dict[Choice, str] = {"skip": "Skip it", "replace": "Replace the other",
                                    "keep": "Keep both"}


def _table(name: str, headers: list[str]) -> QTableWidget:
    table: QTableWidget = QTableWidget(0, len(headers), objectName=name)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setWordWrap(True)
    table.setAlternatingRowColors(True)
    header = table.horizontalHeader()
    for column in range(len(headers) - 1):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)
    return table


def _item(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setToolTip(text)
    return item


class ProblemsDialog(QDialog):
    """Why a file was refused: one row per problem, with its entry and field."""

    def __init__(self, source: str, problems: tuple[Problem, ...], parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.setObjectName("importProblemsDialog")
        self.setWindowTitle("Import refused")
        count = len(problems)
        heading = QLabel(f"<b>{source} was not imported</b>: {count} problem"
                         f"{'s' if count != 1 else ''}. Nothing was added or changed; correct "
                         "the file and import it again.")
        heading.setWordWrap(True)
        self.table = _table("importProblems", ["Entry", "Field", "Problem"])
        self.table.setAccessibleName("Problems in the file")
        for problem in problems:
            row = self.table.rowCount()
            self.table.insertRow(row)
            entry = ("whole file" if problem.entry is None
                     else f"{problem.section} {problem.entry}"
                     + (f": {problem.name}" if problem.name else ""))
            for column, text in enumerate((entry, problem.field, problem.message)):
                self.table.setItem(row, column, _item(text))
        self.table.resizeRowsToContents()
        self._text = "\n".join(str(p) for p in problems)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton("&Copy the list", QDialogButtonBox.ButtonRole.ActionRole)
        copy.setObjectName("copyProblemsButton")
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self._text))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(760, 420)


class DuplicatesDialog(QDialog):
    """For each adversary already in the library (or twice in the file): skip, replace, keep."""

    def __init__(self, source: str, duplicates: list[Duplicate], total: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("importDuplicatesDialog")
        self.setWindowTitle("Adversaries you already have")
        self._duplicates = duplicates
        count = len(duplicates)
        heading = QLabel(
            f"<b>{count} of the {total} adversaries in {source}</b> ha{'s' if count == 1 else 've'}"
            " the name and tier of one you already have. Choose what to do with each; "
            "<i>Replace</i> overwrites the other (Undo brings it back).")
        heading.setWordWrap(True)
        self.table = _table("importDuplicates", ["In the file", "Tier", "Same as",
                                                 "What to do"])
        self.table.setAccessibleName("Duplicate adversaries")
        self.combos: list[QComboBox] = []
        for duplicate in duplicates:
            row = self.table.rowCount()
            self.table.insertRow(row)
            stats = duplicate.stats
            self.table.setItem(row, 0, _item(f"{stats.name} (entry {duplicate.position + 1})"))
            self.table.setItem(row, 1, _item(str(stats.tier)))
            self.table.setItem(row, 2, _item(_same_as(duplicate)))
            combo = self._combo(f"duplicateChoice{row}")
            combo.setAccessibleName(f"What to do with {stats.name}")
            self.table.setCellWidget(row, 3, combo)
            self.combos.append(combo)
        self.table.horizontalHeader().setSectionResizeMode(
            3, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.all_combo = self._combo("duplicateChoiceAll")
        self.all_combo.setAccessibleName("What to do with every duplicate")
        apply_all = QPushButton("&Apply to all", objectName="applyToAllButton")
        apply_all.clicked.connect(self.apply_to_all)
        every = QHBoxLayout()
        every.addWidget(QLabel("For every duplicate:"))
        every.addWidget(self.all_combo)
        every.addWidget(apply_all)
        every.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Import")
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(
            "Import nothing from this file")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.table, 1)
        layout.addLayout(every)
        layout.addWidget(buttons)
        self.resize(900, 460)

    @staticmethod
    def _combo(name: str) -> QComboBox:
        combo = QComboBox(objectName=name)
        for choice, label in CHOICE_LABELS.items():
            combo.addItem(label, choice)
        return combo

    def apply_to_all(self) -> None:
        for combo in self.combos:
            combo.setCurrentIndex(self.all_combo.currentIndex())

    def choices(self) -> dict[int, Choice]:
        """What to do with each duplicate, by its position in the file."""
        return {d.position: combo.currentData()
                for d, combo in zip(self._duplicates, self.combos, strict=True)}


def _same_as(duplicate: Duplicate) -> str:
    """What the file's entry duplicates, and whether the two differ."""
    if duplicate.existing is not None:
        other = duplicate.existing.stats
        where = f"{other.name}, in the library ({duplicate.existing.source})"
    else:
        # Not in the library: then it repeats an earlier entry of the file (find_duplicates).
        assert duplicate.other is not None and duplicate.earlier is not None
        other = duplicate.other
        where = f"entry {duplicate.earlier + 1} of this file"
    changed = differences(other, duplicate.stats)
    return f"{where}: identical" if not changed else f"{where}: differs in {', '.join(changed)}"


class ExportChooser(QDialog):
    """Pick the adversaries to export: a filterable list with a checkbox each."""

    def __init__(self, templates: list[TemplateRow], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exportChooser")
        self.setWindowTitle("Export adversaries")
        self.model = TemplateChoiceModel(templates, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filter = QLineEdit(objectName="exportFilter",
                                placeholderText="Filter by name, type or tier, e.g. solo or tier 2")
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName("Filter the adversaries")
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QListView(objectName="exportList")
        self.view.setAccessibleName("Adversaries to export")
        self.view.setModel(self.proxy)
        self.view.setUniformItemSizes(True)
        self.view.setAlternatingRowColors(True)
        self.view.activated.connect(self._toggle)
        shown = QPushButton("Check all &shown", objectName="checkShownButton")
        shown.clicked.connect(lambda: self._check_shown(True))
        none = QPushButton("Uncheck all shown", objectName="uncheckShownButton")
        none.clicked.connect(lambda: self._check_shown(False))
        self.count = QLabel(objectName="exportCount")
        row = QHBoxLayout()
        row.addWidget(shown)
        row.addWidget(none)
        row.addStretch(1)
        row.addWidget(self.count)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("&Export…")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.view, 1)
        layout.addLayout(row)
        layout.addWidget(self.buttons)
        self.model.dataChanged.connect(self._counted)
        self._counted()
        self.resize(480, 560)

    def _toggle(self, index: QModelIndex) -> None:
        source = self.proxy.mapToSource(index)
        checked = self.model.data(source, Qt.ItemDataRole.CheckStateRole)
        self.model.setData(source, Qt.CheckState.Unchecked.value
                           if checked == Qt.CheckState.Checked.value
                           else Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)

    def _check_shown(self, checked: bool) -> None:
        rows = [self.proxy.mapToSource(self.proxy.index(r, 0)).row()
                for r in range(self.proxy.rowCount())]
        self.model.set_checked(rows, checked)

    def _counted(self, *_args: object) -> None:
        chosen = len(self.model.checked_ids())
        self.count.setText(f"{chosen} of {self.model.rowCount()} chosen")
        self.ok.setEnabled(chosen > 0)

    def chosen_ids(self) -> list[int]:
        return self.model.checked_ids()
