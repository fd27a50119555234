"""What the chosen feature's text is read as, and the GM's correction of it, in the stat-block
editor: attack or not, standard, range, all targets, damage, direct, advantage, the Stress and
Fear it costs, the Stress, Armor Slot and conditions it puts on a target, the Reaction Roll it
asks and its Difficulty, half damage on a success (``rules.daggerheart.FeatureAction``).

The text stays the truth: until the GM changes something here, the panel follows the text as it
is typed (``feature_action``); a change makes the row's correction (``FeatureRow.reading``),
which the stat block keeps beside the text; *Read from the text* lets it go. A change that
brings everything back to what the text reads is no correction. Every field is always there,
enabled or not, so nothing moves while the GM types.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import Feature
from encounter_app.domain.feature_readings import LIMITS, NOTHING
from encounter_app.rules.daggerheart import FeatureAction
from encounter_app.rules.daggerheart_features import CONDITIONS, RANGES, TRAITS
from encounter_app.rules.stat_blocks import damage_problem
from encounter_app.systems.daggerheart.ui.library.entry_lists import (
    EntryRow,
    FeatureRow,
    ListEditor,
)
from encounter_app.ui.shell import theme

NOT_SAID = "Not said"  # a range or a trait the reading has none of
CHOOSE = "Choose a feature on the right to see what its text is read as."
AS_READ = "As its text reads. Change anything here to correct it."
NOTHING_READ = "Its text reads as nothing to roll. Tick what it does to correct that."
CORRECTED = "Corrected: this is played, not what the text reads."


class ReadingPanel(QGroupBox):
    """The chosen feature row's reading, editable; the rows of ``features`` say which is
    chosen (``ListEditor.chosen``), the first when the GM has chosen none."""

    def __init__(self, features: ListEditor[Feature], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("readingPanel")
        self.features = features
        self.row: FeatureRow | None = None
        self._showing = False  # the fields are being filled in, not edited by the GM
        self._build()
        features.chosen.connect(self.choose)
        features.changed.connect(self.follow)
        self.follow()

    # -- building -----------------------------------------------------------------------------

    def _build(self) -> None:
        def flag(text: str, name: str, tip: str) -> QCheckBox:
            box = QCheckBox(text, objectName=f"reading_{name}")
            box.setToolTip(tip)
            box.toggled.connect(self._edited)
            return box

        def number(name: str, label: str, low: int | None = None) -> QSpinBox:
            bottom, top = LIMITS[name]
            box = QSpinBox(objectName=f"reading_{name}", minimum=bottom if low is None else low,
                           maximum=top)
            box.setAccessibleName(label)
            box.valueChanged.connect(self._edited)
            return box

        self.status = QLabel(CHOOSE, objectName="readingStatus")
        # One line whatever it says: a longer message is cut, never wrapped onto a second.
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.reset = QPushButton("Read from the &text", objectName="readFromTextButton")
        self.reset.setToolTip("Let the correction go: play the feature as its text reads")
        self.reset.clicked.connect(self.read_from_text)
        self.attack = flag("Attack roll", "attack", "It makes an attack roll against its "
                                                    "targets' Evasion")
        self.standard = flag("Standard attack", "standard",
                             "The stat block's own attack (its damage, unless one is given)")
        self.all_targets = flag("All targets", "all_targets",
                                "Every target in range (or a group), not one")
        self.advantage = flag("Advantage", "advantage", "The attack is rolled with advantage")
        self.range = QComboBox(objectName="reading_range")
        self.range.setAccessibleName("Feature range")
        self.range.setToolTip("Not said: the standard attack's range")
        self.range.addItems((NOT_SAID, *RANGES))
        self.range.currentIndexChanged.connect(self._edited)
        self.damage = QLineEdit(objectName="reading_damage",
                                placeholderText="none; the standard attack's if standard")
        self.damage.setAccessibleName("Feature damage")
        self.damage.setToolTip("Its own damage as a card writes it, e.g. 2d6 phy")
        self.damage.textEdited.connect(self._edited)
        self.direct = flag("Direct", "direct", "Direct damage: Armor cannot reduce it")
        self.cost_stress = number("cost_stress", "Stress it costs")
        self.cost_fear = number("cost_fear", "Fear it costs")
        self.target_stress = number("target_stress", "Stress a target marks")
        self.armor_slot = flag("Armor Slot", "armor_slot", "A target it succeeds against marks "
                                                           "an Armor Slot")
        self.conditions = {name: flag(name, name.lower(), f"It makes a target {name}")
                           for name in CONDITIONS}
        self.trait = QComboBox(objectName="reading_reaction_roll")
        self.trait.setAccessibleName("Reaction Roll trait")
        self.trait.setToolTip("The Reaction Roll it asks of its targets")
        self.trait.addItems((NOT_SAID, *TRAITS))
        self.trait.currentIndexChanged.connect(self._edited)
        # 0 is no number: the adversary's Difficulty (shared/DESIGN.md, issue 30).
        self.difficulty = number("reaction_difficulty", "Reaction Roll Difficulty", low=0)
        self.difficulty.setSpecialValueText("adversary's")
        self.difficulty.setToolTip("The Reaction Roll's Difficulty: the text's number, else "
                                   "the adversary's Difficulty")
        self.half = flag("Half damage on a success", "half_on_success",
                         "A target who succeeds on the Reaction Roll takes half damage")

        rows = QVBoxLayout(self)
        rows.setSpacing(4)
        lines: tuple[tuple[QWidget | str | int, ...], ...] = (
                (self.status, 1, self.reset),
                (self.attack, self.standard, self.all_targets, self.advantage),
                ("&Range", self.range, "Da&mage", self.damage, 1, self.direct),
                ("It costs: Stress", self.cost_stress, "Fear", self.cost_fear),
                ("A target hit marks: Stress", self.target_stress, self.armor_slot,
                 *self.conditions.values()),
                ("Reaction Roll", self.trait, "Difficulty", self.difficulty, self.half))
        for parts in lines:
            rows.addLayout(_line(parts))
        self._fields: tuple[QWidget, ...] = (
            self.attack, self.standard, self.all_targets, self.advantage, self.range,
            self.damage, self.direct, self.cost_stress, self.cost_fear, self.target_stress,
            self.armor_slot, *self.conditions.values(), self.trait, self.difficulty, self.half)

    # -- which row ------------------------------------------------------------------------------

    def choose(self, row: EntryRow | None) -> None:
        """Show ``row``'s reading (a feature row of this editor's; None: none)."""
        chosen = row if isinstance(row, FeatureRow) and row in self.features.rows else None
        if chosen is self.row:
            return
        if self.row is not None and self.row in self.features.rows:
            self.row.set_chosen(False)
        self.row = chosen
        if chosen is not None:
            chosen.set_chosen(True)
        self._show()

    def follow(self) -> None:
        """After any edit of the list, or a new list: the chosen row again (the first, if it
        went)."""
        rows = self.features.rows
        if self.row not in rows:
            self.row = None
            self.choose(rows[0] if rows else None)
        self._show()

    # -- showing and editing --------------------------------------------------------------------

    def _show(self) -> None:
        row = self.row
        action = (row.action() if row is not None else None) or NOTHING
        name = row.name.text().strip() if row is not None else ""
        self.setTitle(f"What “{_short(name)}” does" if name else "What a feature does")
        self._showing = True
        try:
            for box, on in ((self.attack, action.attack), (self.standard, action.standard),
                            (self.all_targets, action.all_targets),
                            (self.advantage, action.advantage), (self.direct, action.direct),
                            (self.armor_slot, action.armor_slot),
                            (self.half, action.half_on_success),
                            *((box, name in action.conditions)
                              for name, box in self.conditions.items())):
                box.setChecked(on)
            self.range.setCurrentText(action.range or NOT_SAID)
            if " ".join(self.damage.text().split()) != (action.damage or ""):  # cursor kept
                self.damage.setText(action.damage or "")
            self.cost_stress.setValue(action.cost_stress)
            self.cost_fear.setValue(action.cost_fear)
            self.target_stress.setValue(action.target_stress)
            self.trait.setCurrentText(action.reaction_roll or NOT_SAID)
            self.difficulty.setValue(action.reaction_difficulty or 0)
        finally:
            self._showing = False
        for field in self._fields:
            field.setEnabled(row is not None)
        asked = action.reaction_roll is not None
        self.difficulty.setEnabled(row is not None and asked)
        self.half.setEnabled(row is not None and asked)
        corrected = row is not None and row.reading is not None
        self.reset.setEnabled(corrected)
        problem = reading_problem(row.reading) if row is not None else ""
        self.status.setStyleSheet(theme.error_style(self.status) if problem else "")
        self.status.setText(problem or (CHOOSE if row is None else CORRECTED if corrected
                                        else AS_READ if row.read() is not None
                                        else NOTHING_READ))
        self.status.setToolTip(self.status.text())  # all of it, where the line cuts it

    def action(self) -> FeatureAction:
        """The reading as the fields have it now."""
        damage = " ".join(self.damage.text().split()) or None
        trait = self.trait.currentText()
        asked = trait != NOT_SAID
        return FeatureAction(
            attack=self.attack.isChecked(), standard=self.standard.isChecked(),
            range=None if self.range.currentText() == NOT_SAID else self.range.currentText(),
            all_targets=self.all_targets.isChecked(), damage=damage,
            direct=self.direct.isChecked(), advantage=self.advantage.isChecked(),
            cost_stress=self.cost_stress.value(), cost_fear=self.cost_fear.value(),
            target_stress=self.target_stress.value(), armor_slot=self.armor_slot.isChecked(),
            conditions=frozenset(n for n, box in self.conditions.items() if box.isChecked()),
            reaction_roll=trait if asked else None,
            reaction_difficulty=(self.difficulty.value() or None) if asked else None,
            half_on_success=asked and self.half.isChecked())

    def _edited(self, *_args: object) -> None:
        """The GM changed a field: the row's correction, unless it is what the text reads."""
        if self._showing or self.row is None:
            return
        action = self.action()
        self.row.set_reading(None if action == (self.row.read() or NOTHING) else action)

    def read_from_text(self) -> None:
        if self.row is not None:
            self.row.set_reading(None)


def reading_problem(reading: FeatureAction | None) -> str:
    """What stops a correction from being saved, in words ("" when nothing): its damage must
    be one a card can roll, as a standard attack's."""
    if reading is None or reading.damage is None:
        return ""
    problem = damage_problem(reading.damage).removeprefix("Damage: ")
    return f"Corrected damage: {problem[:1].lower()}{problem[1:]}" if problem else ""


def _line(parts: tuple[QWidget | str | int, ...]) -> QHBoxLayout:
    """One line of the panel: widgets, a text that labels the widget after it, a number after
    a widget that makes it take the room; else the room is left at the line's end."""
    line = QHBoxLayout()
    label: QLabel | None = None
    for part in parts:
        if isinstance(part, str):
            label = QLabel(part)
            line.addWidget(label)
        elif isinstance(part, int):
            line.setStretch(line.count() - 1, part)
        else:
            if label is not None:
                label.setBuddy(part)
                label = None
            line.addWidget(part)
    if not any(isinstance(part, int) for part in parts):
        line.addStretch(1)
    return line


def _short(name: str) -> str:
    """A feature's name in the panel's title: short enough to keep the title's width."""
    return name if len(name) <= 32 else name[:31] + "…"
