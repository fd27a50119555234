"""Library › Paste stat blocks…: one or several adversary stat blocks pasted as text (the book's
layout, the SRD's markdown, a PDF's copy), what was read of each beside it, field by field, and
*Add to library* once every block reads.

The text is the GM's to fix: it is read again as they type (``exchange.stat_text``), a moment
after they stop, on a thread of its own so a long text never stalls the typing; the newest
reading wins. What could not be read says so in words with a sign (and its line in the text is
tinted, with a sign in the margin); a number unusual for its tier is a warning, which does not
stop the adding. Choosing a problem selects its line in the text.

Nothing is added until the GM presses *Add to library*: then ``add`` (``ExchangeActions``'
``add_stat_blocks``: the duplicate question of File › Import, then one undo step) answers what
came of it; a refusal is said here and changes nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QGuiApplication, QIcon, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow, Feature, StatBlock
from encounter_app.domain.adversaries import Refused
from encounter_app.exchange.stat_text import ReadBlock, ReadField, TextProblem, read_stat_text
from encounter_app.systems.daggerheart.services.features import use_of
from encounter_app.ui.shell import theme
from encounter_app.ui.shell.settings import keep_geometry
from encounter_app.ui.widgets.message import MessageLine
from encounter_app.ui.widgets.numbered_text import NumberedTextEdit
from encounter_app.ui.widgets.problem import ProblemLabel

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from encounter_app.services.exchange_operations import Added

SOURCE = "pasted text"  # what the library's Source column says of them
GEOMETRY_KEY = "pasteStatBlocks/geometry"
READ_AFTER_MS = 300  # the pause in typing after which the text is read again
EMPTY = ("Paste one or several Daggerheart stat blocks on the left (Ctrl+V): the book's "
         "layout, the SRD's markdown or a PDF's copy.")
LINE_ROLE = Qt.ItemDataRole.UserRole  # the line of the text an item was read from
BLOCK_ROLE = Qt.ItemDataRole.UserRole + 1  # a block's place among those read

Reader = Callable[[str], tuple[ReadBlock, ...]]


def reading_words(stats: StatBlock, feature: Feature) -> str:
    """What ``feature`` does when the card's Use button plays it, in the card's own words
    (``features.use_of``): "Spit Acid +3 · Close · 2d6 phy · every target in range · …"."""
    row = CombatantRow(kind="adversary", name=stats.name, id=0, hp_max=stats.hp,
                       stress_max=stats.stress, stats=stats)
    try:
        return "Plays as: " + use_of(row, feature.name).words()
    except Refused:
        return "Read to the table: it makes no roll and deals no damage."


def count_line(blocks: Sequence[ReadBlock]) -> str:
    """ "3 stat blocks read, 1 with problems"."""
    if not blocks:
        return EMPTY
    broken = sum(1 for b in blocks if b.problems or b.block is None)
    unusual = sum(1 for b in blocks if b.unusual)
    words = [f"{len(blocks)} stat block{'' if len(blocks) == 1 else 's'} read",
             f"{broken} with problems" if broken else "no problems"]
    if unusual:
        words.append(f"{unusual} with numbers unusual for the tier")
    text = ", ".join(words) + "."
    if broken:
        text += " Fix the text on the left: choose a problem to find its line."
    return text


class _Wrapping(QStyledItemDelegate):
    """Rows as tall as their words wrapped at the column's width (a feature's text, what it
    plays as): Qt's tree sizes a row by one line of text and cuts the rest."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self._tree = tree

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
                 ) -> QSize:
        size = super().sizeHint(option, index)
        text = index.data()
        if not isinstance(text, str) or not text:
            return size
        width = self._tree.columnWidth(index.column()) - 8
        if index.column() == 0:  # the branch lines take the room on the left
            depth, parent = 1, index.parent()
            while parent.isValid():
                depth, parent = depth + 1, parent.parent()
            width -= depth * self._tree.indentation() + 20
        if width <= 40:
            return size
        rect = option.fontMetrics.boundingRect(QRect(0, 0, width, 100_000),
                                               Qt.TextFlag.TextWordWrap, text)
        return QSize(size.width(), max(size.height(), rect.height() + 4))


class _Reading(QObject):
    """Carries a reading from the reading thread back to the window's."""

    done = Signal(int, object)  # the reading's number, its blocks


class PasteDialog(QDialog):
    """The pasted text on the left, what was read of it on the right."""

    read_done = Signal()  # the text as it is now has been read and shown

    def __init__(self, add: Callable[[tuple[StatBlock, ...]], Added | None],
                 parent: QWidget | None = None, *, settings: QSettings | None = None,
                 reader: Reader = read_stat_text) -> None:
        super().__init__(parent)
        self.setObjectName("pasteStatBlocksDialog")
        self.setWindowTitle("Paste stat blocks")
        self._add, self._reader = add, reader
        self.blocks: tuple[ReadBlock, ...] = ()
        self.added: Added | None = None
        self._asked = 0  # the number of the newest reading asked for
        self._shown = 0  # ... and of the one shown
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="paste-read")
        self._reading = _Reading(self)
        self._reading.done.connect(self._show)
        self._timer = QTimer(self, singleShot=True, interval=READ_AFTER_MS)
        self._timer.timeout.connect(self.read_now)
        self._build()
        self.resize(1120, 660)
        keep_geometry(self, settings, GEOMETRY_KEY)
        self._icons = (QIcon(), QIcon(), QIcon())  # the style's, once shown
        self._show_blocks(())

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.text = NumberedTextEdit()
        self.text.setObjectName("pasteText")
        self.text.setAccessibleName("Pasted stat blocks")
        self.text.setPlaceholderText(EMPTY)
        self.text.setTabChangesFocus(True)  # Tab goes on to the reading, as in a form
        self.text.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.text.textChanged.connect(self._typed)
        self.paste_button = QPushButton("&Paste from clipboard", objectName="pasteButton")
        self.paste_button.setToolTip("Put the clipboard's text where the cursor is (Ctrl+V in "
                                     "the text does the same)")
        self.paste_button.clicked.connect(self.paste)
        left = QWidget()
        left_column = QVBoxLayout(left)
        left_column.setContentsMargins(0, 0, 0, 0)
        heading = QLabel("&Text (edit it to fix what was not read):")
        heading.setBuddy(self.text)
        left_column.addWidget(heading)
        left_column.addWidget(self.text, 1)
        row = QHBoxLayout()
        row.addWidget(self.paste_button)
        row.addStretch(1)
        left_column.addLayout(row)

        self.tree = QTreeWidget(objectName="pasteReading")
        self.tree.setAccessibleName("What was read, block by block")
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels(["Field", "Read as"])
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)  # a feature's whole text, over as many rows as it takes
        self.tree.setItemDelegate(_Wrapping(self.tree))
        # A scroll bar there from the start: one that came with a longer text would narrow the
        # columns under the GM's pointer (and rewrap every row).
        self.tree.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.tree.setUniformRowHeights(False)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(0, 210)
        header.sectionResized.connect(lambda *_: self.tree.scheduleDelayedItemsLayout())
        self.tree.currentItemChanged.connect(self._chosen)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemExpanded.connect(self._fill)
        right = QWidget()
        right_column = QVBoxLayout(right)
        right_column.setContentsMargins(0, 0, 0, 0)
        read_label = QLabel("&What was read:")
        read_label.setBuddy(self.tree)
        right_column.addWidget(read_label)
        right_column.addWidget(self.tree, 1)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, objectName="pasteSplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([520, 560])

        self.count = MessageLine("pasteCount", lines=2)
        self.count.setAccessibleName("What was read")
        self.problem = ProblemLabel("pasteProblem", lines=2)
        self.problem.setAccessibleName("Why nothing was added")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.add_button = self.buttons.addButton("&Add to library",
                                                 QDialogButtonBox.ButtonRole.AcceptRole)
        self.add_button.setObjectName("addToLibraryButton")
        self.add_button.setToolTip("Add every stat block read to the library (one undo step)")
        # Enter in the text is a new line; the button is pressed, never defaulted.
        self.add_button.setAutoDefault(False)
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setAutoDefault(False)
        self.buttons.accepted.connect(self.add)
        self.buttons.rejected.connect(self.reject)
        # Ctrl+Enter adds from anywhere in the dialog, the text included.
        add_key = QShortcut(QKeySequence("Ctrl+Return"), self)
        add_key.activated.connect(self.add)

        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.count)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        QWidget.setTabOrder(self.text, self.paste_button)
        QWidget.setTabOrder(self.paste_button, self.tree)
        QWidget.setTabOrder(self.tree, self.add_button)
        QWidget.setTabOrder(self.add_button, cancel)
        self.text.setFocus(Qt.FocusReason.OtherFocusReason)  # opened to paste: Ctrl+V at once

    # -- reading --------------------------------------------------------------------------------

    def paste(self) -> None:
        """The clipboard's text where the cursor is."""
        self.text.setFocus(Qt.FocusReason.OtherFocusReason)
        self.text.insertPlainText(QGuiApplication.clipboard().text())

    def set_text(self, text: str) -> None:
        """The whole text, as if the GM had pasted it into an empty box."""
        self.text.setPlainText(text)

    def _typed(self) -> None:
        self.add_button.setEnabled(False)  # until the text as it is now is read
        self.problem.say("")
        self._timer.start()

    def read_now(self) -> None:
        """Read the text as it is now, on the reading thread; ``read_done`` once shown."""
        self._timer.stop()
        self._asked += 1
        number, text = self._asked, self.text.toPlainText()
        if not text.strip():
            self._show(number, ())
            return
        future = self._pool.submit(self._reader, text)
        reading = self._reading

        def done(finished: Future[tuple[ReadBlock, ...]]) -> None:
            if finished.cancelled():
                return
            failure = finished.exception()
            result: object = failure if failure is not None else finished.result()
            with contextlib.suppress(RuntimeError):  # RuntimeError: the dialog is gone
                reading.done.emit(number, result)  # to the window's thread: a queued signal

        future.add_done_callback(done)

    def _show(self, number: int, blocks: object) -> None:
        if number != self._asked:
            return  # the GM typed since: a newer reading is on its way
        self._shown = number
        if isinstance(blocks, BaseException):  # the reader's contract says it never raises
            self._show_blocks(())
            self.count.say(f"The text could not be read: {blocks}")
        else:
            assert isinstance(blocks, tuple)
            self._show_blocks(blocks)
        self.read_done.emit()

    # -- what was read ------------------------------------------------------------------------

    def _show_blocks(self, blocks: tuple[ReadBlock, ...]) -> None:
        """Each block as one line; its fields under it, made when it is first opened (a block
        with a problem, or one of three or fewer, is open from the start), so a
        long text's reading is shown without a pause in the typing."""
        if blocks == self.blocks and self.tree.topLevelItemCount() == len(blocks):
            # Read as before (a space typed in a text): nothing moves.
            self.count.say(count_line(blocks))
            self._enable()
            return
        self.blocks = blocks
        style = self.style()
        self._icons = (style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
                       style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning),
                       style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton))
        bad, odd, good = self._icons
        error = QBrush(theme.error_colour(self.palette()))
        problem_lines: set[int] = set()
        unusual_lines: set[int] = set()
        self.tree.setUpdatesEnabled(False)
        self.tree.clear()
        for number, block in enumerate(blocks, 1):
            top = QTreeWidgetItem(self.tree)
            broken = bool(block.problems) or block.block is None
            top.setText(0, f"{number}. {block.name or '(no name)'}")
            top.setText(1, _block_words(block, broken))
            top.setIcon(0, bad if broken else odd if block.unusual else good)
            top.setData(0, LINE_ROLE, block.first_line)
            top.setData(0, BLOCK_ROLE, number - 1)
            top.setToolTip(1, top.text(1))
            if broken:
                top.setForeground(1, error)
            problem_lines.update(_line_of(block, f) for f in block.fields if f.problem)
            problem_lines.update(p.line for p in block.problems)
            unusual_lines.update(_line_of(block, f) for f in block.fields if f.unusual)
            unusual_lines.update(p.line for p in block.unusual)
            if broken or len(blocks) <= 3:
                self._fill(top)
                top.setExpanded(True)
            else:
                top.setChildIndicatorPolicy(
                    QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
        self.tree.setUpdatesEnabled(True)
        self.text.mark(problem_lines, unusual_lines)
        self.count.say(count_line(blocks))
        self._enable()

    def _fill(self, top: QTreeWidgetItem) -> None:
        """The block's fields, each feature with what it plays as, and its problems."""
        place = top.data(0, BLOCK_ROLE)
        if top.childCount() or not isinstance(place, int) or place >= len(self.blocks):
            return
        block = self.blocks[place]
        bad, odd, _good = self._icons
        error = QBrush(theme.error_colour(self.palette()))
        said: set[tuple[int | None, str]] = set()
        features = list(block.block.features) if block.block is not None else []
        for field in block.fields:
            item = self._field_item(top, block, field, bad, odd, error)
            said.update((field.line, text) for text in (field.problem, field.unusual) if text)
            feature = _feature_of(field, features) if field.field == "feature" else None
            if field.field == "feature":
                words = (reading_words(block.block, feature)
                         if feature is not None and block.block is not None
                         else "What it plays as shows once the block has no problem.")
                plays = QTreeWidgetItem(item, ["", words])
                plays.setToolTip(1, words)
                plays.setData(0, LINE_ROLE, field.line or block.first_line)
                item.setExpanded(True)
        for found, words, icon in ((block.problems, "Not read", bad),
                                   (block.unusual, "Unusual for its tier", odd)):
            for problem in found:
                if (problem.line, problem.message) not in said:
                    self._problem_item(top, problem, words, icon,
                                       error if icon is bad else None)

    @staticmethod
    def _field_item(top: QTreeWidgetItem, block: ReadBlock, field: ReadField,
                    bad: QIcon, odd: QIcon, error: QBrush) -> QTreeWidgetItem:
        if field.problem:
            value = f"Not read: {field.problem}"
        elif field.unusual:
            value = f"{field.value} (unusual for its tier: {field.unusual})"
        else:
            value = field.value or "(none)"
        where = f"line {field.line}" if field.line is not None else "missing"
        item = QTreeWidgetItem(top, [field.label, value])
        item.setToolTip(0, f"{field.label}: {where}")
        item.setToolTip(1, value)
        item.setData(0, LINE_ROLE, _line_of(block, field))
        if field.problem:
            item.setIcon(1, bad)
            item.setForeground(1, error)
        elif field.unusual:
            item.setIcon(1, odd)
        return item

    @staticmethod
    def _problem_item(top: QTreeWidgetItem, problem: TextProblem, words: str, icon: QIcon,
                      error: QBrush | None) -> None:
        item = QTreeWidgetItem(top, [f"{words} (line {problem.line})", problem.message])
        item.setToolTip(1, str(problem))
        item.setIcon(1, icon)
        item.setData(0, LINE_ROLE, problem.line)
        if error is not None:
            item.setForeground(1, error)

    def _enable(self) -> None:
        ready = (bool(self.blocks) and self._shown == self._asked
                 and all(b.block is not None and not b.problems for b in self.blocks))
        self.add_button.setEnabled(ready)

    def problem_items(self) -> list[QTreeWidgetItem]:
        """Every item that says something could not be read, in order."""
        found = []
        for b in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(b)
            children = [top.child(c) for c in range(top.childCount())] if top else []
            found += [child for child in children if child is not None
                      and "Not read" in (child.text(0)[:8], child.text(1)[:8])]
        return found

    def _chosen(self, item: QTreeWidgetItem | None, _previous: object = None) -> None:
        """A field or problem chosen: its line selected in the text."""
        if item is None:
            return
        line = item.data(0, LINE_ROLE)
        if isinstance(line, int):
            self.text.blockSignals(True)  # selecting is not typing
            self.text.select_line(line)
            self.text.blockSignals(False)

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        """Enter or a double click: to the text, on that line, to fix it."""
        self._chosen(item)
        self.text.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- adding ---------------------------------------------------------------------------------

    def add(self) -> None:
        """Every block read into the library, one undo step; the dialog closes once added."""
        if self._timer.isActive() or self._shown != self._asked:
            return  # the text as it is now is not read yet
        self._enable()
        if not self.add_button.isEnabled():
            return
        blocks = tuple(b.block for b in self.blocks if b.block is not None)
        answer = self._add(blocks)
        if answer is None:
            self.problem.say("Nothing was added: you cancelled the choice about duplicates.")
            return
        if answer.applied is None:
            self.problem.say(answer.message)
            return
        self.added = answer
        self.accept()

    # -- closing ----------------------------------------------------------------------------------

    def reject(self) -> None:
        """Escape or Cancel: asks first when there is text that was not added."""
        if self.added is None and self.text.toPlainText().strip() and not self.discard_ok():
            return
        super().reject()

    def discard_ok(self) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, "Paste stat blocks",
                          "Close without adding? The pasted text is not kept.",
                          QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("discardPasteBox")
        close = box.addButton("&Close without adding", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        answer = box.clickedButton() is close
        box.deleteLater()
        return answer

    def done(self, result: int) -> None:
        self._timer.stop()
        self._pool.shutdown(wait=False, cancel_futures=True)
        super().done(result)


def _line_of(block: ReadBlock, field: ReadField) -> int:
    """Where ``field`` was read; for one that is missing, where its problem says it should
    have been (an "HP is missing" on the stats line), else the block's first line."""
    if field.line is not None:
        return field.line
    said = {p.message: p.line for p in (*block.problems, *block.unusual)}
    return said.get(field.problem or field.unusual, block.first_line)


def _block_words(block: ReadBlock, broken: bool) -> str:
    lines = f"lines {block.first_line}–{block.last_line}"
    if broken:
        count = len(block.problems) or 1
        return f"Not read: {count} problem{'' if count == 1 else 's'} ({lines})"
    stats = block.block
    assert stats is not None
    words = f"Tier {stats.tier} {stats.type} ({lines})"
    if block.unusual:
        words += f"; {len(block.unusual)} unusual for its tier"
    return words


def _feature_of(field: ReadField, features: list[Feature]) -> Feature | None:
    """The read stat block's feature that ``field`` (a "feature" field) was read as: the one
    its ``index`` names, else the one its label names."""
    if 0 < field.index <= len(features):
        return features[field.index - 1]
    return next((f for f in features if f.name and f.name in field.label), None)
