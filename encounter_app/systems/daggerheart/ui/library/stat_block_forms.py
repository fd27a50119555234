"""What the stat-block editors share: a form with a problem line under each field, and a dialog
whose Save stays disabled, with the first problem beside it, until there are none.

Both editors lay out alike: the fields on the left, the lists (experiences, features) in a
scrolling column on the right.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.rules import stat_blocks as rules
from encounter_app.systems.daggerheart.ui.library.entry_lists import EntryList
from encounter_app.ui.widgets.message import with_message
from encounter_app.ui.widgets.problem import ProblemLabel


def spin(bounds: tuple[int, int], name: str, *, signed: bool = False) -> QSpinBox:
    box = QSpinBox(minimum=bounds[0], maximum=bounds[1])
    box.setAccessibleName(name)
    if signed:
        box.setPrefix("+")  # a negative value brings its own sign
        box.valueChanged.connect(lambda v: box.setPrefix("+" if v >= 0 else ""))
    return box


def text_box(name: str, lines: int, placeholder: str) -> QPlainTextEdit:
    box = QPlainTextEdit(placeholderText=placeholder)
    box.setAccessibleName(name)
    box.setTabChangesFocus(True)
    box.setFixedHeight(box.fontMetrics().lineSpacing() * lines + 14)
    return box


class FieldForm(QFormLayout):
    """A form whose rows each have a problem line under them: one line's room, kept whether
    or not there is a problem, so a problem said never moves the fields below it."""

    def __init__(self) -> None:
        super().__init__()
        # Line edits and text boxes take the width; spin boxes keep theirs.
        self.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.problems: dict[str, ProblemLabel] = {}

    def field(self, label: str, widget: QWidget | QLayout, *keys: str,
              buddy: QWidget | None = None) -> None:
        """A row; ``keys``: the problems said on its line (none: the row has no line, for a
        field that holds only what the rules allow, such as a number box bounded by them);
        ``buddy`` is the widget the label's shortcut focuses in a row of several (a row that
        is a layout needs one)."""
        title = QLabel(label)
        focused = buddy if buddy is not None else widget
        if not isinstance(focused, QWidget):
            raise TypeError(f"the row {label!r} is a layout: name its buddy")
        title.setBuddy(focused)
        if not keys:
            self.addRow(title, widget)
            return
        # One line for the row, whatever its keys (Major and Severe share one), in the
        # field's cell.
        problem = ProblemLabel(f"{keys[0]}Problem")
        self.addRow(title, with_message(widget, problem))
        for key in keys:
            self.problems[key] = problem


class ValidatedDialog(QDialog):
    """A stat-block dialog: ``problems()`` by field, each said at its field and the first beside
    a Save button that stays disabled until there are none."""

    def _common_fields(self, name_hint: str, description_hint: str) -> None:
        """Name, tier, Difficulty and description: what every stat block has."""
        self.name = QLineEdit(objectName="nameEdit", placeholderText=name_hint)
        self.name.setAccessibleName("Name")
        self.tier = spin(rules.TIERS, "Tier")
        self.difficulty = spin(rules.DIFFICULTY, "Difficulty")
        self.description = text_box("Description", 3, description_hint)

    def _assemble(self, left: Sequence[QLayout | QWidget],
                  lists: Sequence[tuple[str, EntryList]], width: int, height: int,
                  split: tuple[int, int] = (5, 6), under_lists: QWidget | None = None) -> None:
        """Fields on the left, the titled lists scrolling on the right, Save at the bottom;
        ``split``: how the width is shared between the two columns; ``under_lists``: what
        stays under the lists as they scroll (what the chosen feature is read as)."""
        self._problem_labels: dict[str, ProblemLabel] = {}
        column = QVBoxLayout()
        for item in left:
            if isinstance(item, QLayout):
                column.addLayout(item)
            else:
                column.addWidget(item)
            forms = [item] if isinstance(item, FieldForm) else item.findChildren(FieldForm)
            for form in forms:
                self._problem_labels.update(form.problems)
        column.addStretch(1)
        self._lists = tuple(editor for _title, editor in lists)
        content = QWidget()
        content_layout = QVBoxLayout(content)
        for title, editor in lists:
            content_layout.addWidget(QLabel(f"<b>{title}</b>"))
            content_layout.addWidget(editor)
        content_layout.addStretch(1)
        scroll = QScrollArea(objectName="listsScroll")
        scroll.setWidgetResizable(True)
        scroll.setWidget(content)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        columns = QHBoxLayout()
        columns.addLayout(column, split[0])
        if under_lists is None:
            columns.addWidget(scroll, split[1])
        else:
            right = QVBoxLayout()
            right.addWidget(scroll, 1)
            right.addWidget(under_lists)
            columns.addLayout(right, split[1])

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.problem = ProblemLabel(f"{self.objectName()}Problem", lines=2)
        bottom = QHBoxLayout()
        bottom.addWidget(self.problem, 1)
        bottom.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addLayout(bottom)
        self.resize(width, height)

    def _watch(self, *signals: SignalInstance) -> None:
        """Check again whenever one of these changes, and once now."""
        for signal in signals:
            signal.connect(self._update)
        self._update()

    def _update(self, *_args: object) -> None:
        self._say_problems()

    @property
    def ok_button(self) -> QPushButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Save)

    def problems(self) -> dict[str, str]:
        raise NotImplementedError

    def value(self) -> object:
        """The stat block the fields describe (check ``problems()`` first); each editor says
        which kind."""
        raise NotImplementedError

    def _say_problems(self) -> None:
        problems = self.problems()
        said: dict[ProblemLabel, list[str]] = {}  # a row's line says each of its keys'
        for key, label in self._problem_labels.items():
            said.setdefault(label, []).extend([problems[key]] if key in problems else [])
        for label, texts in said.items():
            label.say(" ".join(texts))
        for editor in self._lists:
            editor.show_problems(problems)
        first = next(iter(problems.values()), "")
        more = len(problems) - 1
        self.problem.say(first + (f" — and {more} more to fix." if more > 0 else ""))
        self.ok_button.setEnabled(not problems)

    def accept(self) -> None:
        if not self.problems():  # Enter in a line edit must not bypass the check
            super().accept()
