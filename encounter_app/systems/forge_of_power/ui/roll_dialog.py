"""Forge of Power die roll: a check against a DC, or one attack roll against each target's
Defense; then, if an effect allows, a reroll where the GM keeps either result.

Then the damage it deals: an attack's weapon damage (remembered per attacker) or the damage
of the effect saved against, rolled once on the rules thread or typed as the total a player
rolled; each target's or the saver's share by its level of success is shown before Record
(``damage.py``). Several creatures saving against one effect: "Record, next
saver" records one and keeps the damage (rolled once) for the next, who rolls its own d20.

Nothing is logged until "Record": the kept result (and the other one, named), the damage on
the cards and the weapon remembered are one undo step.
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
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.rules import forge_of_power as fop
from encounter_app.rules.dice import DiceRoll, Typed
from encounter_app.services.fight.turns import stat
from encounter_app.services.rolls.router import RollRouter
from encounter_app.systems.forge_of_power import damage as fd
from encounter_app.systems.forge_of_power.requests import (
    FopAttackRequest,
    FopTarget,
    LevelCheckRequest,
)
from encounter_app.systems.forge_of_power.sheet import LABELS
from encounter_app.systems.forge_of_power.state import state_of, stats_of
from encounter_app.systems.forge_of_power.text import with_reroll
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.combo import combatant_combo
from encounter_app.ui.widgets.dialog_buttons import accept_buttons
from encounter_app.ui.widgets.message import MessageLine
from encounter_app.ui.widgets.typed import typed_die

ATTRIBUTES = ("strength", "agility", "intellect", "willpower", "initiative")
#: Lines the result and the damage keep room for from the start, so nothing moves as they fill.
RESULT_LINES = 3
DAMAGE_LINES = 4
#: An attack's damage says a line a target: room for this many targets; more are cut (the
#: whole of it in the tooltip), so the dialog fits a laptop's screen.
TARGET_LINES = 5

Outcome = fop.AttackRoll | fop.LevelCheck
Record = Callable[[LevelCheckRequest | FopAttackRequest, RollRow, fd.Damage | None, str], bool]


def _typed_row(request: LevelCheckRequest | FopAttackRequest, *d20s: int
               ) -> tuple[RollRow, Outcome]:
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
    return replace(row, detail=f"{row.detail} (rolled at the table)"), result


class FopRollDialog(QDialog):
    def __init__(self, rows: list[CombatantRow], actor: int | None, roll_router: RollRouter,
                 record: Record, parent: QWidget | None = None, *, attack: bool = False,
                 target: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fopAttackDialog" if attack else "fopCheckDialog")
        self.setWindowTitle(("Attack roll" if attack else "Die roll") + " — Forge of Power")
        self.rows, self._router, self._record, self.attack = rows, roll_router, record, attack
        self.results: list[RollRow] = []
        self.outcomes: list[Outcome] = []  # the rules' result of each of ``results``
        self._waiting = False
        self._chosen_target = target  # a card the GM selected: the attack's first target
        self._rolled_damage: fd.DamageRoll | None = None
        self._damage_problem = ""
        self.actor = combatant_combo(rows, actor, "fopActor")
        self.attribute = QComboBox(objectName="fopAttribute")
        for key in ATTRIBUTES:
            self.attribute.addItem(LABELS[key], key)
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
        # The damage: the weapon's dice of an attack (each attacker's remembered), or what the
        # effect saved against deals; rolled once, or the total a player rolled at the table.
        self.damage_dice = QLineEdit(objectName="fopWeaponDamage" if attack
                                     else "fopSaveDamage")
        self.damage_dice.setPlaceholderText("e.g. 1d8" if attack else "e.g. 4d6, or 12")
        # Wide enough for its hint and a long expression ("2d10+3"): the row shares the
        # dialog's width with the total box and the button.
        self.damage_dice.setMinimumWidth(
            self.damage_dice.fontMetrics().horizontalAdvance("e.g. 4d6, or 12") + 24)
        self.damage_dice.setAccessibleName("Weapon damage" if attack
                                           else "Damage on this save")
        self.damage_dice.setToolTip(
            "The weapon's damage dice, rolled once for every target (kept for this "
            "combatant's next attack)" if attack else
            "What the effect deals: a Critical Success on the save takes none, a Success half "
            "(rounded down), a Failure all of it, a Critical Failure double")
        self.damage_typed = QSpinBox(objectName="fopDamageTyped", prefix="total ")
        self.damage_typed.setRange(0, 999)
        self.damage_typed.setSpecialValueText("rolled for me")
        self.damage_typed.setMinimumWidth(130)
        self.damage_typed.setAccessibleName("Damage total a player rolled")
        self.damage_typed.setToolTip("The damage total a player rolled at the table; leave at "
                                     "'rolled for me' to roll the dice here")
        self.damage_button = QPushButton("Roll damage", objectName="fopRollDamage")
        self.damage_button.setToolTip("Roll the damage dice once, on the rules thread")
        form = QFormLayout()
        form.addRow("&Who", self.actor)
        bonus = QHBoxLayout()
        bonus.addWidget(self.attribute, 1)
        bonus.addWidget(self.extra)
        form.addRow("Bonus", bonus)
        form.addRow("&Power" if attack else "&What", self.label)
        if attack:
            form.addRow("&Targets", self.targets)
            self.targets.setToolTip("Each target ticked is attacked by the one roll, against "
                                    "its own Defense")
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
        damage = QHBoxLayout()
        damage.addWidget(self.damage_dice, 1)
        damage.addWidget(self.damage_typed)
        damage.addWidget(self.damage_button)
        damage_label = QLabel("Weapon &damage" if attack else "Damage on a &save")
        damage_label.setBuddy(self.damage_dice)
        form.addRow(damage_label, damage)
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
            # Hidden until a reroll, their room kept: the choice coming moves nothing.
            policy = radio.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            radio.setSizePolicy(policy)
            radio.hide()
            words.hide()
        # The result and the damage keep their room from the start (a line a target for an
        # attack's damage), so nothing moves as they fill.
        self.problem = MessageLine("fopProblem", lines=RESULT_LINES)
        self.damage_text = MessageLine("fopDamage", lines=DAMAGE_LINES + (
            max(0, min(TARGET_LINES, len(rows) - 1) - 1) if attack else 0))
        self.damage_text.setAccessibleName("Damage dealt")
        self.buttons, self.record_button = accept_buttons(self, "Record")
        actions = QHBoxLayout()
        actions.addWidget(self.roll_button)
        actions.addWidget(self.reroll_button)
        # Several creatures saving against one effect: one damage roll, each its own d20.
        self.next_saver = QPushButton("Record, next saver", objectName="fopNextSaver")
        self.next_saver.setToolTip("Record this save, then another creature saves against the "
                                   "same effect: the same damage, its own d20")
        self.next_saver.setVisible(not attack)
        actions.addWidget(self.next_saver)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(actions)
        layout.addLayout(choices)
        layout.addWidget(self.problem)
        layout.addWidget(self.damage_text)
        layout.addWidget(self.buttons)
        self.roll_button.clicked.connect(self.roll)
        self.reroll_button.clicked.connect(self.roll)
        self.damage_button.clicked.connect(self.roll_damage)
        self.next_saver.clicked.connect(self.record_and_next)
        self.actor.currentIndexChanged.connect(self._fill_targets)
        self.actor.currentIndexChanged.connect(self._remembered_weapon)
        for flag in (self.advantage, self.disadvantage, self.second):
            flag.toggled.connect(lambda _on: self._update())
        self.damage_typed.valueChanged.connect(self._damage_edited)
        self.damage_dice.textChanged.connect(self._damage_edited)
        self.label.currentTextChanged.connect(lambda _text: self._update())
        self._fill_targets()
        self._remembered_weapon()
        self._update()
        self.resize(560, 0)

    def _fill_targets(self, *_args: object) -> None:
        actor = self.rows[self.actor.currentIndex()]
        self.targets.clear()
        # The card the GM chose starts ticked; else the first foe: the usual single target.
        chosen = self._chosen_target if self._chosen_target != actor.id else None
        first_foe = chosen is None
        for row in self.rows:
            if row.id == actor.id:
                continue
            item = QListWidgetItem(f"{row.name} (Defense {stats_of(row).defense})")
            item.setData(Qt.ItemDataRole.UserRole, row.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            foe = (row.kind == "adversary") != (actor.kind == "adversary")
            item.setCheckState(Qt.CheckState.Checked if (foe and first_foe) or row.id == chosen
                               else Qt.CheckState.Unchecked)
            first_foe = first_foe and not foe
            self.targets.addItem(item)

    def _remembered_weapon(self, *_args: object) -> None:
        """An attack starts with the weapon damage this attacker used last."""
        if self.attack:
            actor = self.rows[self.actor.currentIndex()]
            self.damage_dice.setText(state_of(actor).weapon_damage)

    def _damage_edited(self, *_args: object) -> None:
        self._damage_problem = ""
        self._update()

    def request(self) -> LevelCheckRequest | FopAttackRequest:
        actor = self.rows[self.actor.currentIndex()]
        bonus = stat(actor, self.attribute.currentData()) + self.extra.value()
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
                targets.append(FopTarget(row.name, stats_of(row).defense,
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
            row, outcome = _typed_row(request, *typed)
            self.results.append(row)
            self.outcomes.append(outcome)
            self.typed.setValue(0)
            self.typed_second.setValue(0)
            self._update()
            return
        self._waiting = True
        self._update()

        def answered(row: RollRow, outcome: Outcome) -> None:
            self._waiting = False
            self.results.append(row)
            self.outcomes.append(outcome)
            self._update()

        if isinstance(request, FopAttackRequest):
            self._router.submit(request, lambda answer: answered(describe(answer), answer.result),
                                "The attack roll")
        else:
            self._router.submit(request, lambda answer: answered(describe(answer), answer.result),
                                "The die roll")

    def roll_damage(self) -> None:
        """Roll the damage dice once, on the rules thread: every target shares the roll."""
        expression = self.damage_dice.text().strip()
        if not expression:
            self._damage_problem = ("Type the damage dice first (e.g. 1d8), or the total a "
                                    "player rolled at the table.")
            self._update()
            return
        problem = self._expression_problem()
        if problem:
            self._damage_problem = problem
            self._update()
            return
        self._waiting = True
        self._update()

        def answered(answer: RollResult[DiceRoll]) -> None:
            self._waiting = False
            self._rolled_damage = fd.DamageRoll(answer.result.total, answer.result.text)
            self._update()

        def failed(message: str) -> None:
            self._waiting = False
            self._damage_problem = f"The damage roll: {message}"
            self._update()

        actor = self.rows[self.actor.currentIndex()].name
        power = self.label.currentText().strip() or ("Strike" if self.attack else "Save")
        self._router.submit(DiceRequest(expression, f"{actor}'s {power} damage"), answered,
                            "The damage roll", failed)

    def _expression_problem(self) -> str | None:
        expression = self.damage_dice.text().strip()
        if not expression:
            return None
        return fd.check_expression(expression,
                                   "The weapon damage" if self.attack else "The damage")

    def damage_roll(self) -> fd.DamageRoll | None:
        """The damage total: typed at the table, else rolled here, else None (not yet)."""
        if self.damage_typed.value() > 0:
            return fd.typed_roll(self.damage_typed.value())
        return self._rolled_damage

    def kept_outcome(self) -> Outcome:
        return self.outcomes[1 if len(self.outcomes) == 2 and self.second.isChecked() else 0]

    def damage(self) -> fd.Damage | None:
        """What the kept result deals; None before a roll, and for a check without damage."""
        if not self.outcomes:
            return None
        outcome = self.kept_outcome()
        wanted = bool(self.damage_dice.text().strip()) or self.damage_typed.value() > 0
        if isinstance(outcome, fop.AttackRoll):
            request = self._request
            assert isinstance(request, FopAttackRequest)
            actor = self.rows[self.actor.currentIndex()]
            key = self.attribute.currentData()
            return fd.attack_damage(request, outcome.levels, self.damage_roll(),
                                    self.attribute.currentText(),
                                    stat(actor, key), wanted=wanted)
        if not wanted:
            return None  # a save against what deals no damage: the roll alone
        request = self._request
        assert isinstance(request, LevelCheckRequest)
        return fd.save_damage(request, outcome.level, self.damage_roll())

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
        self.next_saver.setEnabled(done and not self._waiting and self.damage() is not None)
        rolled = self._rolled_damage is not None
        self.damage_dice.setEnabled(not rolled and not self._waiting)
        self.damage_typed.setEnabled(not self._waiting)
        self.damage_button.setEnabled(not rolled and not self._waiting
                                      and self.damage_typed.value() == 0)
        if len(self.results) == 1:
            self.problem.setText(f"<b>{self.results[0].summary}</b><br>"
                                 f"<small>{self.results[0].detail}</small>")
        elif len(self.results) == 2:
            self.problem.setText("Keep which result?")
            self.first_text.say(f"First roll: {self.results[0].summary}")
            self.second_text.say(f"Reroll: {self.results[1].summary}")
            for shown in (self.first, self.second, self.first_text, self.second_text):
                shown.show()
        self._show_damage()

    def _show_damage(self) -> None:
        """The damage each one takes, or why it cannot be known yet; nothing moves."""
        lines: list[str] = []
        damage = self.damage()
        if self._damage_problem:
            lines.append(self._damage_problem)
        elif damage is not None:
            lines += damage.lines
        elif self.results and fd.is_save(self.label.currentText()):
            lines.append("No damage given: the save is logged alone.")
        elif not self.results and (roll := self.damage_roll()) is not None:
            lines.append(f"Damage {roll.text}")
        self.damage_text.setText("\n".join(lines))
        self.damage_text.setStyleSheet(theme.error_style(self) if self._damage_problem else "")

    def accept(self) -> None:
        if self._record_kept():
            super().accept()

    def record_and_next(self) -> None:
        """Record this save, then let the next creature save against the same effect: the
        same damage (rolled once, or typed), the same DC and attribute, a d20 of its own."""
        saver = self.actor.currentText()
        if not self._record_kept():
            return
        self.results.clear()
        self.outcomes.clear()
        for hidden in (self.first, self.second, self.first_text, self.second_text):
            hidden.hide()
        self.first.setChecked(True)
        self.actor.setCurrentIndex((self.actor.currentIndex() + 1) % self.actor.count())
        roll = self.damage_roll()
        same = f"the same damage, {roll.text}" if roll else "the same damage"
        self.problem.setText(f"Recorded {saver}'s save. Who saves next against {same}?")
        self._update()

    def _record_kept(self) -> bool:
        """Record the kept result and its damage; False (and said) when it cannot be."""
        if not self.results or self._waiting:
            return False
        problem = self._expression_problem()
        damage = self.damage()
        if problem is None and damage is not None and damage.missing:
            problem = ("Roll the damage (or type the total a player rolled at the table) "
                       "before recording.")
        if problem:
            self._damage_problem = problem
            self._update()
            return False
        weapon = self.damage_dice.text().strip() if self.attack else ""
        return self._record(self._request, self.kept(), damage, weapon)


class _ChoiceLabel(MessageLine):
    """A radio button's words, wrapped in two lines' room (kept while it is hidden); a click
    on them chooses the radio button."""

    def __init__(self, radio: QRadioButton) -> None:
        super().__init__(lines=2)
        self._radio = radio
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.setBuddy(radio)

    def say(self, text: str) -> None:
        super().say(text)
        self._radio.setAccessibleName(text)  # what a screen reader reads on the button

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._radio.setChecked(True)
        self._radio.setFocus()
        event.accept()
