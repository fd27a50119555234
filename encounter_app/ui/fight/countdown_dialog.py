"""The Add countdown dialog: every kind of countdown in the Daggerheart text, and presets for
the text's own examples (holding breath underwater, Volley of Arrows, reinforcements).

The dialog only describes a countdown; the panel adds it (rolling a randomized start first).
Impossible combinations are not offered: a dynamic countdown ticks by the roll's outcome, a
long-term one on rests, and a linked pair is one progress and one consequence countdown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CountdownRow
from encounter_app.domain.countdown_steps import KIND_LABELS, MAX_START, can_link
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.rules import dice
from encounter_app.ui.widgets.message import MessageLine
from encounter_app.ui.widgets.problem import ProblemLabel

KINDS = (
    ("standard", "Standard: 1 on every action roll"),
    ("progress", "Progress: by the roll, towards something good"),
    ("consequence", "Consequence: by the roll, towards something bad"),
)
LOOPS = (
    ("none", "No loop"),
    ("loop", "Loop: back to its start when it triggers"),
    ("increasing", "Increasing loop: start +1 each time"),
    ("decreasing", "Decreasing loop: start −1 each time"),
)
TRIGGERS = (
    ("action", "Every action roll"),
    ("pc_miss", "When a PC misses an attack"),
    ("manual", "Only when I tick it"),
)
#: The preset's description wraps within this width (the fields' at the dialog's narrowest).
NOTE_WIDTH = 360
CUSTOM_NOTE = ("Your own countdown: name it and say how it ticks. The presets are the rules "
               "text's own examples.")
CHART = ("Progress / consequence ticks per outcome — Critical Success 3 / 0, Success with Hope "
         "2 / 0, Success with Fear 1 / 1, Failure with Hope 0 / 2, Failure with Fear 0 / 3.")


@fields_repr
@dataclass(frozen=True, repr=False)
class Preset:
    """A ready-made countdown the dialog offers: its name, start, note and how it ticks."""

    label: str
    name: str
    start: int
    note: str
    loop: str = "none"
    trigger: str = "action"
    dice: str | None = None


PRESETS = (
    Preset("Underwater: hold breath (Countdown 3)", "Holding breath underwater", 3,
           "A standard countdown (3): it advances whenever the PC takes an action. On a failure "
           "or a roll with Fear you can spend your GM move to tick it again (twice on a Failure "
           "with Fear). Once it ends, the PC marks a Stress whenever they take an action."),
    Preset("Volley of Arrows (Loop 3, ticks when a PC misses)", "Volley of Arrows", 3,
           "It ticks down when a PC misses an attack. When it triggers, the NPC releases a volley "
           "of arrows at a target of the PCs' choice, dealing 2d8+3 physical damage.",
           loop="loop", trigger="pc_miss"),
    Preset("Reinforcements (start: the Fear Die, 1d12)", "Reinforcements arrive", 6,
           "A fate roll sets the start: 1d12 for the Fear Die (or untick Roll and type what the "
           "player rolled). When it triggers, reinforcements arrive within Far range.",
           dice="1d12"),
)


@fields_repr
@dataclass(frozen=True, repr=False)
class CountdownSetup:
    """What the dialog describes: the countdown, the dice of a randomized start, its partner."""

    row: CountdownRow
    dice: str | None = None
    partner_id: int | None = None


def _combo(name: str, accessible: str, items: Sequence[tuple[object, str]]) -> QComboBox:
    combo = QComboBox(objectName=name)
    combo.setAccessibleName(accessible)
    for data, label in items:
        combo.addItem(label, data)
    return combo


def _select(combo: QComboBox, data: object) -> None:
    combo.setCurrentIndex(max(0, combo.findData(data)))


class CountdownDialog(QDialog):
    """Ask for a new countdown; OK stays disabled, with the reason shown, until it is valid."""

    def __init__(self, countdowns: Sequence[CountdownRow] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("countdownDialog")
        self.setWindowTitle("Add countdown")
        self._countdowns = {c.id: c for c in countdowns}
        partners = [c for c in countdowns if can_link(c, countdowns)]

        self.preset_combo = _combo("countdownPresetCombo", "Preset",
                                   [(None, "Custom")] + [(p, p.label) for p in PRESETS])
        # Room for the longest description from the start: picking a preset moves nothing.
        self.preset_note = MessageLine("countdownPresetNote")
        self.preset_note.reserve([CUSTOM_NOTE, *(p.note for p in PRESETS)], NOTE_WIDTH)
        self.preset_note.say(CUSTOM_NOTE)
        self.name_edit = QLineEdit(objectName="countdownNameEdit",
                                   placeholderText="What happens when it runs out?")
        self.name_edit.setAccessibleName("Countdown name")
        self.start_spin = QSpinBox(objectName="countdownStartSpin")
        self.start_spin.setAccessibleName("Starts at")
        self.start_spin.setRange(1, MAX_START)
        self.start_spin.setValue(4)
        self.roll_check = QCheckBox("Roll it:", objectName="countdownRollCheck")
        self.roll_check.setToolTip("A randomized start: the dice are rolled when you press OK, "
                                   "and the roll goes into the log")
        self.dice_edit = QLineEdit(objectName="countdownDiceEdit", placeholderText="e.g. 1d12")
        self.dice_edit.setAccessibleName("Dice for the start")
        self.kind_combo = _combo("countdownKindCombo", "Kind", KINDS)
        self.kind_combo.setToolTip(CHART)
        self.loop_combo = _combo("countdownLoopCombo", "Loop", LOOPS)
        self.trigger_combo = _combo("countdownTriggerCombo", "Ticks on", TRIGGERS)
        self.long_term_check = QCheckBox("Long-term: advances on rests, not on action rolls",
                                         objectName="countdownLongTermCheck")
        self.link_combo = _combo(
            "countdownLinkCombo", "Linked to",
            [(None, "Not linked")]
            + [(c.id, f"{c.name} ({KIND_LABELS[c.kind].lower()})") for c in partners])
        if not partners:
            self.link_combo.setToolTip("Add a progress or consequence countdown first; its "
                                       "partner is then added linked to it")
        self.error_label = ProblemLabel("countdownDialogError", lines=2)

        start_row = QHBoxLayout()
        start_row.addWidget(self.start_spin)
        start_row.addWidget(self.roll_check)
        start_row.addWidget(self.dice_edit, 1)
        form = QFormLayout()
        form.addRow("&Preset:", self.preset_combo)
        form.addRow("", self.preset_note)
        form.addRow("&Name:", self.name_edit)
        start_label = QLabel("&Starts at:")
        start_label.setBuddy(self.start_spin)  # a row of widgets gets no buddy by itself
        form.addRow(start_label, start_row)
        form.addRow("&Kind:", self.kind_combo)
        form.addRow("&Loop:", self.loop_combo)
        form.addRow("&Ticks on:", self.trigger_combo)
        form.addRow("", self.long_term_check)
        form.addRow("Lin&ked to:", self.link_combo)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(460)

        self.preset_combo.currentIndexChanged.connect(self._apply_preset)
        for signal in (self.name_edit.textChanged, self.dice_edit.textChanged,
                       self.roll_check.toggled, self.kind_combo.currentIndexChanged,
                       self.trigger_combo.currentIndexChanged, self.long_term_check.toggled,
                       self.link_combo.currentIndexChanged):
            signal.connect(self._update)
        self._update()

    @property
    def ok_button(self) -> QPushButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    # -- keeping the form consistent ----------------------------------------------------------

    def _apply_preset(self) -> None:
        preset: Preset | None = self.preset_combo.currentData()
        self.preset_note.say(preset.note if preset else CUSTOM_NOTE)
        if preset is None:
            return
        self.name_edit.setText(preset.name)
        self.start_spin.setValue(preset.start)
        self.roll_check.setChecked(preset.dice is not None)
        self.dice_edit.setText(preset.dice or "")
        _select(self.kind_combo, "standard")
        _select(self.loop_combo, preset.loop)
        _select(self.trigger_combo, preset.trigger)
        self.long_term_check.setChecked(False)
        _select(self.link_combo, None)

    def _update(self) -> None:
        partner = self._countdowns.get(self.link_combo.currentData())
        if partner is not None:  # a pair is one progress and one consequence countdown
            _select(self.kind_combo,
                    "consequence" if partner.kind == "progress" else "progress")
            self.long_term_check.setChecked(False)
        self.kind_combo.setEnabled(partner is None)
        self.long_term_check.setEnabled(partner is None)
        dynamic = self.kind_combo.currentData() != "standard"
        if dynamic:  # the chart reads the outcome of an action roll
            _select(self.trigger_combo, "action")
        self.trigger_combo.setEnabled(not dynamic and not self.long_term_check.isChecked())
        self.trigger_combo.setToolTip(
            "Long-term countdowns advance on rests" if self.long_term_check.isChecked()
            else "Dynamic countdowns tick by the action roll's outcome" if dynamic else "")
        self.link_combo.setEnabled(self.link_combo.count() > 1)
        rolled = self.roll_check.isChecked()
        self.start_spin.setEnabled(not rolled)
        self.dice_edit.setEnabled(rolled)
        problem = self.problem()
        self.error_label.say(problem)
        self.ok_button.setEnabled(not problem)

    def problem(self) -> str:
        """Why OK is disabled, in words; empty when the countdown can be added."""
        if not self.name_edit.text().strip():
            return "Give the countdown a name."
        if not self.roll_check.isChecked():
            return ""
        text = self.dice_edit.text().strip()
        if not text:
            return "Type the dice for a randomized start, e.g. 1d12, or untick Roll it."
        try:
            expression = dice.parse(text)
        except dice.DiceError as exc:
            return f"Start dice: {exc}"
        if expression.min_total < 1:
            return f"{text} can roll {expression.min_total}: a countdown starts at 1 or more."
        if expression.max_total > MAX_START:
            return (f"{text} can roll {expression.max_total}: a countdown starts at "
                    f"{MAX_START} at most.")
        return ""

    def accept(self) -> None:
        if not self.problem():  # Enter in a line edit must not bypass the check
            super().accept()

    # -- the answer ---------------------------------------------------------------------------

    def setup(self) -> CountdownSetup:
        start = self.start_spin.value()
        rolled = self.dice_edit.text().strip() if self.roll_check.isChecked() else None
        long_term = self.long_term_check.isChecked()
        row = CountdownRow(name=self.name_edit.text().strip(), start=start, value=start,
                           kind=self.kind_combo.currentData(),
                           loop=self.loop_combo.currentData(), long_term=long_term,
                           trigger="action" if long_term else self.trigger_combo.currentData(),
                           dice=rolled)
        return CountdownSetup(row, rolled, self.link_combo.currentData())

    def countdown(self) -> CountdownRow:
        """The countdown the dialog describes, full at its start (before any roll)."""
        return self.setup().row
