"""Editable lists inside the stat-block editors: experiences (name and bonus) and features (name,
kind, Fear flag, countdown, text, and the GM's correction of what the text is read as, edited
in reading_panel.py), each entry with its own move up/down and remove buttons and its problems
said right under it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import Experience, Feature
from encounter_app.domain.feature_readings import reading_json
from encounter_app.domain.json_data import JSON, JsonObject
from encounter_app.rules.daggerheart import FeatureAction, feature_action
from encounter_app.rules.stat_blocks import COUNTDOWN, EXPERIENCE_BONUS, FEATURE_KINDS
from encounter_app.ui.widgets.problem import ProblemLabel

ValueT = TypeVar("ValueT")  # what a list's rows edit: an Experience, a Feature


class EntryRow(QFrame):
    """One entry: its fields, ▲ ▼ ✕ buttons, and a line for its problems."""

    changed = Signal()
    move_requested = Signal(object, int)  # the row, -1 up or +1 down
    remove_requested = Signal(object)
    chosen = Signal(object)  # the row: the GM went into one of its fields, or clicked it
    name: QLineEdit  # each kind's first field, focused when the GM adds an entry

    def __init__(self, noun: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.noun = noun
        self.up = self._tool("▲", f"Move this {noun} up",
                             lambda: self.move_requested.emit(self, -1))
        self.down = self._tool("▼", f"Move this {noun} down",
                               lambda: self.move_requested.emit(self, 1))
        self.remove = self._tool("✕", f"Remove this {noun}",
                                 lambda: self.remove_requested.emit(self))
        self.problem = ProblemLabel(f"{noun}Problem")
        self.tools = QHBoxLayout()
        self.tools.setSpacing(2)
        for button in (self.up, self.down, self.remove):
            self.tools.addWidget(button)

    def _tool(self, text: str, tip: str, slot: Callable[[], None]) -> QToolButton:
        button = QToolButton(text=text, toolTip=tip, autoRaise=True)
        button.setAccessibleName(tip)
        button.clicked.connect(slot)
        return button

    def json(self) -> JsonObject:
        raise NotImplementedError

    def _watch_focus(self) -> None:
        """Say ``chosen`` when any of the row's fields or buttons takes the keyboard or a
        click."""
        for child in self.findChildren(QWidget):
            child.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.FocusIn, QEvent.Type.MouseButtonPress):
            self.chosen.emit(self)
        return super().eventFilter(watched, event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.chosen.emit(self)
        super().mousePressEvent(event)

    def set_chosen(self, chosen: bool) -> None:
        """Tint the row the editor's other parts speak of with the highlight (a colour alone:
        nothing moves)."""
        palette = QPalette()  # nothing set: the window's own again
        if chosen:
            palette = QPalette(self.palette())
            window = palette.color(QPalette.ColorRole.Window)
            mark = palette.color(QPalette.ColorRole.Highlight)
            palette.setColor(QPalette.ColorRole.Window, QColor.fromRgbF(
                window.redF() * 0.8 + mark.redF() * 0.2,
                window.greenF() * 0.8 + mark.greenF() * 0.2,
                window.blueF() * 0.8 + mark.blueF() * 0.2))
        self.setPalette(palette)
        self.setAutoFillBackground(chosen)


class ExperienceRow(EntryRow):
    def __init__(self, value: Experience | None = None, parent: QWidget | None = None) -> None:
        super().__init__("experience", parent)
        self.name = QLineEdit(placeholderText="e.g. Tremor Sense")
        self.name.setAccessibleName("Experience name")
        self.bonus = QSpinBox(minimum=EXPERIENCE_BONUS[0], maximum=EXPERIENCE_BONUS[1], value=2,
                              prefix="", suffix="")
        self.bonus.setAccessibleName("Experience bonus")
        self.bonus.setToolTip("The bonus it adds to a roll, e.g. +2")
        if value is not None:
            self.name.setText(value.name)
            self.bonus.setValue(value.bonus)
        line = QHBoxLayout()
        line.addWidget(self.name, 1)
        line.addWidget(QLabel("Bonus"))
        line.addWidget(self.bonus)
        line.addLayout(self.tools)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(line)
        layout.addWidget(self.problem)
        self.name.textChanged.connect(self.changed)
        self.bonus.valueChanged.connect(self.changed)

    def json(self) -> JsonObject:
        return {"name": self.name.text().strip(), "bonus": self.bonus.value()}


class FeatureRow(EntryRow):
    def __init__(self, value: Feature | None = None, parent: QWidget | None = None) -> None:
        super().__init__("feature", parent)
        # The GM's correction of what the text is read as (None: as the text reads); kept by
        # every editor of features, edited where the editor shows it (reading_panel.py).
        self.reading: FeatureAction | None = None if value is None else value.reading
        self.name = QLineEdit(placeholderText="Feature name, e.g. Relentless (2)")
        self.name.setAccessibleName("Feature name")
        self.kind = QComboBox()
        self.kind.setAccessibleName("Feature kind")
        self.kind.addItems(FEATURE_KINDS)
        self.fear = QCheckBox("Fear feature")
        self.fear.setToolTip("Using it costs the GM a Fear")
        self.has_countdown = QCheckBox("Countdown")
        self.has_countdown.setToolTip("The feature has its own countdown, e.g. Countdown (4)")
        self.countdown = QSpinBox(minimum=COUNTDOWN[0], maximum=COUNTDOWN[1], value=4)
        self.countdown.setAccessibleName("Feature countdown")
        self.text = QPlainTextEdit(placeholderText="What it does, as the stat block says it")
        self.text.setAccessibleName("Feature text")
        self.text.setTabChangesFocus(True)
        self.text.setFixedHeight(self.fontMetrics().lineSpacing() * 3 + 14)
        if value is not None:
            self.name.setText(value.name)
            self.kind.setCurrentText(value.kind)
            self.fear.setChecked(value.fear)
            self.has_countdown.setChecked(value.countdown is not None)
            self.countdown.setValue(value.countdown or 4)
            self.text.setPlainText(value.text)
        self.countdown.setEnabled(self.has_countdown.isChecked())
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.name, 0, 0)
        grid.addWidget(self.kind, 0, 1)
        grid.addLayout(self.tools, 0, 2)
        flags = QHBoxLayout()
        flags.addWidget(self.fear)
        flags.addWidget(self.has_countdown)
        flags.addWidget(self.countdown)
        flags.addStretch(1)
        grid.addLayout(flags, 1, 0, 1, 3)
        grid.addWidget(self.text, 2, 0, 1, 3)
        grid.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(grid)
        layout.addWidget(self.problem)
        self.has_countdown.toggled.connect(self.countdown.setEnabled)
        for signal in (self.name.textChanged, self.kind.currentIndexChanged, self.fear.toggled,
                       self.has_countdown.toggled, self.countdown.valueChanged,
                       self.text.textChanged):
            signal.connect(self.changed)
        self._watch_focus()

    def read(self) -> FeatureAction | None:
        """What the text, as it is typed now, is read as (``rules.feature_action``)."""
        return feature_action(self.text.toPlainText())

    def action(self) -> FeatureAction | None:
        """What using the feature does: the GM's correction, else the text's reading."""
        return self.reading if self.reading is not None else self.read()

    def set_reading(self, reading: FeatureAction | None) -> None:
        """The GM's correction (None: read from the text again)."""
        if reading != self.reading:
            self.reading = reading
            self.changed.emit()

    def json(self) -> JsonObject:
        data: JsonObject = {
            "name": self.name.text().strip(), "kind": self.kind.currentText(),
            "text": self.text.toPlainText().strip(), "fear": self.fear.isChecked(),
            "countdown": self.countdown.value() if self.has_countdown.isChecked() else None}
        if self.reading is not None:
            data["reading"] = reading_json(self.reading)
        return data


class ListEditor(QWidget, Generic[ValueT]):
    """A list of entry rows with an Add button; ``changed`` on any edit, add, move or remove.
    ``make_row`` makes a row showing a value (an empty one for None)."""

    changed = Signal()
    chosen = Signal(object)  # a row the GM went into

    def __init__(self, make_row: Callable[[ValueT | None], EntryRow], add_label: str, key: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._make_row, self.key = make_row, key
        self.rows: list[EntryRow] = []
        self._list = QVBoxLayout()
        self._list.setContentsMargins(0, 0, 0, 0)
        self._list.setSpacing(4)
        self.add_button = QPushButton(add_label)
        self.add_button.setObjectName(f"add{key.capitalize()}Button")
        self.add_button.clicked.connect(lambda: self.add_row(focus=True))
        self.empty = QLabel("None yet.")
        self.empty.setEnabled(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty)
        layout.addLayout(self._list)
        bottom = QHBoxLayout()
        bottom.addWidget(self.add_button)
        bottom.addStretch(1)
        layout.addLayout(bottom)

    def set_values(self, values: Sequence[ValueT]) -> None:
        for row in list(self.rows):
            self._remove(row, announce=False)
        for value in values:
            self.add_row(value, announce=False)
        self._refresh()

    def add_row(self, value: ValueT | None = None, *, focus: bool = False, announce: bool = True
                ) -> EntryRow:
        row = self._make_row(value)
        row.changed.connect(self.changed)
        row.move_requested.connect(self.move_row)
        row.remove_requested.connect(self._remove)
        row.chosen.connect(self.chosen)
        self.rows.append(row)
        self._list.addWidget(row)
        if focus:
            row.name.setFocus()
        if announce:
            self._refresh()
            self.changed.emit()
        return row

    def _remove(self, row: EntryRow, announce: bool = True) -> None:
        self.rows.remove(row)
        self._list.removeWidget(row)
        row.hide()
        row.deleteLater()
        if announce:
            self._refresh()
            self.changed.emit()

    # Not "move": that would hide QWidget.move(x, y).
    def move_row(self, row: EntryRow, step: int) -> None:
        old = self.rows.index(row)
        new = old + step
        if not 0 <= new < len(self.rows):
            return
        self.rows.insert(new, self.rows.pop(old))
        self._list.removeWidget(row)
        self._list.insertWidget(new, row)
        self._refresh()
        self.changed.emit()

    def _refresh(self) -> None:
        self.empty.setVisible(not self.rows)
        for n, row in enumerate(self.rows):
            row.up.setEnabled(n > 0)
            row.down.setEnabled(n < len(self.rows) - 1)

    def json(self) -> list[JSON]:
        return [row.json() for row in self.rows]

    def show_problems(self, problems: Mapping[str, str]) -> None:
        """Each row says the problems whose field path starts with its own ("features.2.")."""
        for n, row in enumerate(self.rows):
            prefix = f"{self.key}.{n}."
            # Under its own row "Feature 2: " goes without saying.
            said = [m.split(": ", 1)[-1] for k, m in problems.items() if k.startswith(prefix)]
            row.problem.say(" ".join(m[:1].upper() + m[1:] for m in said))


# The lists the editors hold (what ValidatedDialog lays out and tells its problems).
EntryList = ListEditor[Experience] | ListEditor[Feature]
