"""The dialog of an adversary's feature that makes no attack roll: the Reaction Roll it asks of
its targets (the Minor Demon's *Hellfire*: an Agility Reaction Roll, half damage on a success),
or damage its targets simply take (the Acid Burrower's *Acid Bath*).

One row per PC: ticked when the feature reaches every target, its Reaction Roll's total typed
(or only whether it succeeded), so the dialog hands the operation plain data
(``services.features.ReactionResult``), as a player's phone will. The Difficulty is the text's
number, else the adversary's own, and can be changed. Every line has its room from the start:
nothing moves while the GM types or ticks.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.systems.daggerheart.services.features import ReactionResult, Use
from encounter_app.systems.daggerheart.ui.rolls.dialogs import DIALOG_WIDTH, reserved_label
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.dialog_buttons import accept_buttons

MAX_TOTAL = 60  # a reaction roll's total: two d12s, a trait and then some
OUTCOMES = (("—", None), ("Succeeded", True), ("Failed", False))


class FeatureDialog(QDialog):
    """Who a feature reaches and how each target's Reaction Roll went; Roll rolls its damage."""

    def __init__(self, attacker: CombatantRow, use: Use, targets: Sequence[CombatantRow],
                 fear: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._attacker, self._use, self._fear = attacker, use, fear
        self._targets = [t for t in targets if t.id is not None]
        self.setObjectName("featureDialog")
        self.setWindowTitle(f"{attacker.name}: {use.name}")
        self.description = reserved_label("featureDescription", 3)
        self.description.setText(f"<b>{escape(use.heading())}</b><br>"
                                 + escape(" · ".join(use.details())))
        self.description.setToolTip(use.words())
        reaction = use.kind == "reaction"
        self.difficulty = QSpinBox(minimum=1, maximum=40, value=use.difficulty or 10,
                                   objectName="featureDifficulty")
        self.difficulty.setAccessibleName("Difficulty")
        self.difficulty.setToolTip("The text's Difficulty, else the adversary's own")
        layout = QVBoxLayout(self)
        layout.addWidget(self.description)
        if reaction:
            form = QFormLayout()
            form.addRow(f"{use.trait} Reaction Roll, Di&fficulty", self.difficulty)
            layout.addLayout(form)
        else:
            self.difficulty.hide()
        layout.addWidget(QLabel(
            ("Targets (every one in reach), each with the total it rolled or whether it "
             "succeeded:" if use.several else "Target (one), with the total it rolled or "
             "whether it succeeded:") if reaction else
            ("Targets (every one in reach) take the damage:" if use.several
             else "Target (one) takes the damage:"), wordWrap=True))
        grid = QGridLayout()
        self.ticks: list[QCheckBox] = []
        self.totals: list[QSpinBox] = []
        self.outcomes: list[QComboBox] = []
        for i, target in enumerate(self._targets):
            tick = QCheckBox(target.name, objectName=f"featureTarget:{target.name}")
            tick.setChecked(use.several or i == 0)
            total = QSpinBox(minimum=0, maximum=MAX_TOTAL, objectName="reactionTotal")
            total.setSpecialValueText(" ")  # empty until the player's total is typed
            total.setMinimumWidth(total.fontMetrics().horizontalAdvance("00") + 48)
            total.setAccessibleName(f"{target.name}'s reaction roll total")
            outcome = QComboBox(objectName="reactionOutcome")
            outcome.setAccessibleName(f"{target.name}'s reaction roll")
            for text, value in OUTCOMES:
                outcome.addItem(text, value)
            grid.addWidget(tick, i, 0)
            if reaction:
                grid.addWidget(total, i, 1)
                grid.addWidget(outcome, i, 2)
            else:
                total.hide()
                outcome.hide()
            self.ticks.append(tick)
            self.totals.append(total)
            self.outcomes.append(outcome)
            tick.toggled.connect(lambda on, at=i: self._ticked(at, on))
            total.valueChanged.connect(lambda _v, at=i: self._typed(at))
            outcome.currentIndexChanged.connect(self._update)
        grid.setColumnStretch(0, 1)
        layout.addLayout(grid)
        self.explain = reserved_label("featureExplain", 2)
        layout.addWidget(self.explain)
        self.buttons, self.roll_button = accept_buttons(
            self, "&Roll" if use.damage else "&Use")
        layout.addWidget(self.buttons)
        self.setMinimumWidth(DIALOG_WIDTH)
        self.difficulty.valueChanged.connect(self._difficulty_changed)
        self._update()
        first = self.totals[0] if reaction and self.totals else self.roll_button
        first.setFocus()  # the first total to type, else Roll

    def _ticked(self, at: int, on: bool) -> None:
        if on and not self._use.several:  # one target: a new tick moves the one
            for i, tick in enumerate(self.ticks):
                if i != at and tick.isChecked():
                    tick.blockSignals(True)
                    tick.setChecked(False)
                    tick.blockSignals(False)
        self._update()

    def _typed(self, at: int) -> None:
        """A total typed: its outcome follows the Difficulty (the GM may still pick one)."""
        total = self.totals[at].value()
        if total:
            succeeded = total >= self.difficulty.value()
            self.outcomes[at].setCurrentIndex(self.outcomes[at].findData(succeeded))
            if not self.ticks[at].isChecked():
                self.ticks[at].setChecked(True)
        self._update()

    def _difficulty_changed(self, *_args: object) -> None:
        for i in range(len(self._targets)):
            if self.totals[i].value():
                self._typed(i)
        self._update()

    def results(self) -> list[ReactionResult]:
        """Each ticked target's answer, as plain data for ``use_feature``."""
        reaction = self._use.kind == "reaction"
        answers = []
        for target, tick, total, outcome in zip(self._targets, self.ticks, self.totals,
                                                self.outcomes, strict=True):
            if not tick.isChecked() or target.id is None:
                continue
            if not reaction:
                answers.append(ReactionResult(target.id))
                continue
            value = outcome.currentData()
            answers.append(ReactionResult(target.id, total.value() or None,
                                          value if isinstance(value, bool) else None))
        return answers

    def chosen_difficulty(self) -> int | None:
        return self.difficulty.value() if self._use.kind == "reaction" else None

    def _update(self, *_args: object) -> None:
        use, attacker = self._use, self._attacker
        results = self.results()
        waiting = [t.name for t, tick, outcome in zip(self._targets, self.ticks, self.outcomes,
                                                      strict=True)
                   if tick.isChecked() and outcome.currentData() is None]
        message, problem = "", True
        if attacker.stress_marked + use.cost_stress > attacker.stress_max:
            message = (f"{attacker.name} has no Stress left to mark for {use.name} "
                       f"({attacker.stress_marked}/{attacker.stress_max} marked).")
        elif use.cost_fear > self._fear:
            message = f"{use.name} costs {use.cost_fear} Fear; the pool has {self._fear}."
        elif not results:
            message = "Tick a target."
        elif use.kind == "reaction" and waiting:
            message = (f"Type {waiting[0]}'s total, or pick whether the roll succeeded"
                       + (f" ({len(waiting)} to go)." if len(waiting) > 1 else "."))
        else:
            problem = False
            message = ("Roll its damage: " if use.damage else "Use it: ") + (
                "a target who fails takes all of it, one who succeeds half."
                if use.kind == "reaction" and use.half_on_success and use.damage else
                "a target who fails takes it, one who succeeds none."
                if use.kind == "reaction" and use.damage else
                "each ticked target takes it." if use.damage
                else "the log says who it reached.")
        self.explain.setText(escape(message))
        self.explain.setStyleSheet(theme.error_style(self.explain) if problem else "")
        self.roll_button.setEnabled(not problem)

    @property
    def targets(self) -> list[CombatantRow]:
        return list(self._targets)

    def set_result(self, combatant_id: int, *, total: int | None = None,
                   succeeded: bool | None = None, phone: str = "") -> None:
        """Fill a target's row (a test, or a player's phone, answers through here; ``phone``:
        the dice it came from, shown on the total)."""
        at = next(i for i, t in enumerate(self._targets) if t.id == combatant_id)
        if phone:
            self.totals[at].setToolTip(phone)
        self.ticks[at].setChecked(True)
        if total is not None:
            self.totals[at].setValue(total)
        if succeeded is not None:
            self.outcomes[at].setCurrentIndex(self.outcomes[at].findData(succeeded))
        self._update()

