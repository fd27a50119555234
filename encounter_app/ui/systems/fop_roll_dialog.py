"""Forge of Power die roll: a check against a DC, or one attack roll against each target's
Defense; then, if an effect allows, a reroll where the GM keeps either result.

Nothing is logged until "Record": the kept result (and the other one, named) is one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.domain.systems.requests import FopAttackRequest, FopTarget, LevelCheckRequest
from encounter_app.domain.systems.words import with_reroll
from encounter_app.rules import forge_of_power as fop
from encounter_app.rules.dice import Typed
from encounter_app.rules.systems import system
from encounter_app.services.rolls.router import RollRouter
from encounter_app.ui.systems.combo import combatant_combo
from encounter_app.ui.systems.typed import typed_die
from encounter_app.ui.widgets.dialog_buttons import accept_buttons

ATTRIBUTES = ("strength", "agility", "intellect", "willpower", "initiative")


def _typed_row(request: LevelCheckRequest | FopAttackRequest, *d20s: int) -> RollRow:
    """The log line of the d20s a player rolled at the table, graded by the rules as their
    own: two with advantage or disadvantage (the rules keep the higher or the lower, and the
    log says which and why), else one."""
    result: fop.AttackRoll | fop.LevelCheck
    flags = {"advantage": request.advantage, "disadvantage": request.disadvantage}
    if isinstance(request, FopAttackRequest):
        result = fop.attack(request.bonus, [t.dc for t in request.targets], Typed(*d20s),
                            **flags)
    else:
        result = fop.check(request.bonus, request.dc, Typed(*d20s), **flags)
    row = describe(RollResult(0, request, result))
    return replace(row, detail=f"{row.detail} (rolled at the table)")


class FopRollDialog(QDialog):
    def __init__(self, rows: list[CombatantRow], actor: int | None, roll_router: RollRouter,
                 record: Callable[[LevelCheckRequest | FopAttackRequest, RollRow], bool],
                 parent: QWidget | None = None, *, attack: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("fopAttackDialog" if attack else "fopCheckDialog")
        self.setWindowTitle(("Attack roll" if attack else "Die roll") + " — Forge of Power")
        self.rows, self._router, self._record, self.attack = rows, roll_router, record, attack
        self.results: list[RollRow] = []
        self._waiting = False
        rules = system("forge_of_power")
        self.actor = combatant_combo(rows, actor, "fopActor")
        self.attribute = QComboBox(objectName="fopAttribute")
        for key in ATTRIBUTES:
            self.attribute.addItem(rules.field(key).label, key)
        self.extra = QSpinBox(objectName="fopExtra", prefix="+ ")
        self.extra.setRange(-20, 30)
        self.extra.setToolTip("A skill or any other bonus added to the attribute")
        self.label = QComboBox(objectName="fopLabel", editable=True)
        self.label.addItems(["Strike", "Attack"] if attack else ["Check", "Save"])
        self.dc = QSpinBox(objectName="fopDc")
        self.dc.setRange(0, 60)
        self.dc.setValue(15)
        self.presets = QComboBox(objectName="fopPresets")
        for name, value in fop.SAMPLE_DIFFICULTIES.items():
            self.presets.addItem(f"{name} ({value})", value)
        self.presets.setCurrentIndex(1)
        self.presets.currentIndexChanged.connect(
            lambda _i: self.dc.setValue(self.presets.currentData()))
        self.targets = QListWidget(objectName="fopTargets")
        self.targets.setMinimumHeight(150)
        self.typed = typed_die(20, "typedD20", "The d20 a player rolled")
        # With advantage or disadvantage the player rolls two: both are typed, the rules keep
        # one and the log says so (one box made the log read as a plain roll).
        self.typed_second = typed_die(20, "typedD20Second", "The second d20 a player rolled")
        self.advantage = QCheckBox("Advantage", objectName="fopAdvantage")
        self.disadvantage = QCheckBox("Disadvantage", objectName="fopDisadvantage")
        form = QFormLayout()
        form.addRow("&Who", self.actor)
        bonus = QHBoxLayout()
        bonus.addWidget(self.attribute, 1)
        bonus.addWidget(self.extra)
        form.addRow("Bonus", bonus)
        form.addRow("&Power" if attack else "&What", self.label)
        if attack:
            form.addRow("&Targets (each against their Defense)", self.targets)
        else:
            dc = QHBoxLayout()
            dc.addWidget(self.presets, 1)
            dc.addWidget(self.dc)
            form.addRow("DC", dc)
        flags = QHBoxLayout()
        flags.addWidget(self.advantage)
        flags.addWidget(self.disadvantage)
        flags.addStretch()
        form.addRow("", flags)
        dice = QHBoxLayout()
        dice.addWidget(self.typed)
        dice.addWidget(self.typed_second)
        dice.addStretch()
        rolled = QLabel("d20 &rolled")  # a row of two boxes: the label's key goes to the first
        rolled.setBuddy(self.typed)
        form.addRow(rolled, dice)
        self.roll_button = QPushButton("Roll d20", objectName="fopRoll")
        self.reroll_button = QPushButton("Reroll (keep either)", objectName="fopReroll")
        self.reroll_button.setToolTip("An effect lets you reroll: the same roll again, then "
                                      "pick which result to use")
        # Which result to keep: a radio button and its words beside it, wrapped (a radio
        # button's own text does not wrap, and a long roll ran the dialog past 1366 pixels).
        self.first = QRadioButton(objectName="keepFirst")
        self.second = QRadioButton(objectName="keepSecond")
        self.first.setChecked(True)
        self.first_text, self.second_text = _ChoiceLabel(self.first), _ChoiceLabel(self.second)
        choices = QGridLayout()
        choices.setColumnStretch(1, 1)
        for row, (radio, words) in enumerate(((self.first, self.first_text),
                                              (self.second, self.second_text))):
            choices.addWidget(radio, row, 0, Qt.AlignmentFlag.AlignTop)
            choices.addWidget(words, row, 1)
            radio.hide()
            words.hide()
        self.problem = QLabel(objectName="fopProblem")
        self.problem.setWordWrap(True)
        self.buttons, self.record_button = accept_buttons(self, "Record")
        actions = QHBoxLayout()
        actions.addWidget(self.roll_button)
        actions.addWidget(self.reroll_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(actions)
        layout.addLayout(choices)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.roll_button.clicked.connect(self.roll)
        self.reroll_button.clicked.connect(self.roll)
        self.actor.currentIndexChanged.connect(self._fill_targets)
        for flag in (self.advantage, self.disadvantage):
            flag.toggled.connect(lambda _on: self._update())
        self._fill_targets()
        self._update()
        self.resize(520, 0)

    def _fill_targets(self, *_args: object) -> None:
        actor = self.rows[self.actor.currentIndex()]
        self.targets.clear()
        first_foe = True  # the first foe starts ticked: the usual single-target attack
        for row in self.rows:
            if row.id == actor.id:
                continue
            item = QListWidgetItem(f"{row.name} (Defense {row.system_stats.get('defense', 10)})")
            item.setData(Qt.ItemDataRole.UserRole, row.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            foe = (row.kind == "adversary") != (actor.kind == "adversary")
            item.setCheckState(Qt.CheckState.Checked if foe and first_foe
                               else Qt.CheckState.Unchecked)
            first_foe = first_foe and not foe
            self.targets.addItem(item)

    def request(self) -> LevelCheckRequest | FopAttackRequest:
        actor = self.rows[self.actor.currentIndex()]
        bonus = int(actor.system_stats.get(self.attribute.currentData(), 0)) + self.extra.value()
        label = self.label.currentText().strip() or ("Strike" if self.attack else "Check")
        flags = {"advantage": self.advantage.isChecked(),
                 "disadvantage": self.disadvantage.isChecked()}
        if not self.attack:
            return LevelCheckRequest(actor.name, bonus, self.dc.value(), label,
                                     combatant_id=actor.id, **flags)
        by_id = {r.id: r for r in self.rows}
        targets = []
        for i in range(self.targets.count()):
            item = self.targets.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                row = by_id[item.data(Qt.ItemDataRole.UserRole)]
                targets.append(FopTarget(row.name, int(row.system_stats.get("defense", 10)),
                                         row.id))
        return FopAttackRequest(actor.name, bonus, tuple(targets), label,
                                combatant_id=actor.id, **flags)

    def roll(self) -> None:
        request = self.request()
        if isinstance(request, FopAttackRequest) and not request.targets:
            self.problem.setText("Tick at least one target.")
            return
        self._request = request
        two = request.advantage != request.disadvantage
        typed = [box.value() for box in ((self.typed, self.typed_second) if two
                                         else (self.typed,))]
        if any(typed):
            if not all(typed):
                self.problem.setText("With advantage or disadvantage type both d20s the "
                                     "player rolled (or leave both to be rolled for you).")
                return
            self.results.append(_typed_row(request, *typed))
            self.typed.setValue(0)
            self.typed_second.setValue(0)
            self._update()
            return
        self._waiting = True
        self._update()

        def answered(answer: RollResult) -> None:
            self._waiting = False
            self.results.append(describe(answer))
            self._update()

        self._router.submit(request, answered, "The die roll")

    def kept(self) -> RollRow:
        if len(self.results) == 1:
            return self.results[0]
        new = self.second.isChecked()
        kept, other = (self.results[1], self.results[0]) if new else self.results
        return with_reroll(kept, other, new)

    def _update(self) -> None:
        done = bool(self.results)
        for widget in (self.actor, self.attribute, self.extra, self.label, self.dc,
                       self.presets, self.targets, self.advantage, self.disadvantage):
            widget.setEnabled(not done and not self._waiting)
        self.typed.setEnabled(len(self.results) < 2 and not self._waiting)
        two = self.advantage.isChecked() != self.disadvantage.isChecked()
        self.typed_second.setEnabled(two and len(self.results) < 2 and not self._waiting)
        self.roll_button.setEnabled(not done and not self._waiting)
        self.reroll_button.setEnabled(len(self.results) == 1 and not self._waiting)
        self.record_button.setEnabled(done and not self._waiting)
        if len(self.results) == 1:
            self.problem.setText(f"<b>{self.results[0].summary}</b><br>"
                                 f"<small>{self.results[0].detail}</small>")
        elif len(self.results) == 2:
            self.problem.setText("Keep which result?")
            self.first_text.say(f"First roll: {self.results[0].summary}")
            self.second_text.say(f"Reroll: {self.results[1].summary}")
            for shown in (self.first, self.second, self.first_text, self.second_text):
                shown.show()

    def accept(self) -> None:
        if self.results and self._record(self._request, self.kept()):
            super().accept()


class _ChoiceLabel(QLabel):
    """A radio button's words, wrapped; a click on them chooses the radio button."""

    def __init__(self, radio: QRadioButton) -> None:
        super().__init__()
        self._radio = radio
        self.setWordWrap(True)
        self.setBuddy(radio)

    def say(self, text: str) -> None:
        self.setText(text)
        self._radio.setAccessibleName(text)  # what a screen reader reads on the button

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._radio.setChecked(True)
        self._radio.setFocus()
        event.accept()
