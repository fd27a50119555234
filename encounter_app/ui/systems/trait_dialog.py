"""Ruins & Raiders trait check: 2d6 + trait against a challenge level built from the text's rules.

A task (the challenge level table, extra time, rushing), a jump (4 per space), or an attack on
another combatant's Dodge or Parry with range, prone and surprise; the dialog shows the
challenge level and how it was made before anything is rolled.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.domain.rows import stored_id
from encounter_app.domain.systems.requests import TraitCheckRequest
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.rules.dice import Typed
from encounter_app.rules.systems import system
from encounter_app.ui.systems.combo import combatant_combo
from encounter_app.ui.systems.profiles import dodge_parry
from encounter_app.ui.systems.typed import typed_die
from encounter_app.ui.widgets.dialog_buttons import accept_buttons

TRAITS = ("warrior", "athlete", "perception", "brawn", "fortitude", "defiance")
TIMES = (1, 2, 3, 4, 5, 6, 8, 10)
TASK, JUMP, ATTACK, OPPOSED = range(4)


def _form(parent: QStackedWidget) -> QFormLayout:
    page = QWidget()
    parent.addWidget(page)
    form = QFormLayout(page)
    form.setContentsMargins(0, 0, 0, 0)
    return form


class TraitCheckDialog(QDialog):
    def __init__(self, rows: list[CombatantRow], actor: int | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("traitCheckDialog")
        self.setWindowTitle("Trait check — Ruins & Raiders")
        self.setMinimumWidth(440)
        self.rows = rows
        rules = system("ruins_and_raiders")
        self.actor = combatant_combo(rows, actor, "traitActor")
        self.trait = QComboBox(objectName="traitName")
        for key in TRAITS:
            self.trait.addItem(rules.field(key).label, key)
        self.mode = QComboBox(objectName="traitMode")
        self.mode.addItems(["A task", "A jump", "An attack", "An opponent (opposed)"])
        self.pages = QStackedWidget()

        task = _form(self.pages)
        self.level = QComboBox(objectName="challengeLevel")
        for name, value in rr.CHALLENGE_LEVELS.items():
            self.level.addItem(f"{name} ({value})", value)
        self.level.setCurrentIndex(3)
        self.time = QComboBox(objectName="extraTime")
        for times in TIMES:
            self.time.addItem("usual time" if times == 1 else
                              f"×{times} the time (+{rr.extra_time_bonus(times)})", times)
        self.rush = QSpinBox(objectName="rushHalvings", suffix=" halving(s) of the time")
        self.rush.setRange(0, 5)
        self.rush.setSpecialValueText("not rushed")
        self.rush.setToolTip("Rushing: the challenge level rises by 3 for each halving of "
                             "the time")
        task.addRow("Challenge &level", self.level)
        task.addRow("Extra &time", self.time)
        task.addRow("&Rushing", self.rush)

        jump = _form(self.pages)
        self.spaces = QSpinBox(objectName="jumpSpaces", suffix=" spaces")
        self.spaces.setRange(1, 20)
        jump.addRow("&Spaces to jump", self.spaces)

        attack = _form(self.pages)
        self.target = combatant_combo(rows, None, "attackTarget")
        self.defence = QComboBox(objectName="attackDefence")
        self.defence.addItems(["Parry (melee)", "Dodge"])
        self.range = QComboBox(objectName="attackRange")
        self.range.addItems(["Melee", "Short range (thrown)", "Long range (bows, spells)"])
        self.distance = QSpinBox(objectName="attackDistance", suffix=" spaces")
        self.distance.setRange(1, 200)
        self.unaware = QCheckBox("Target is unaware (surprise: flat 4 + range)",
                                 objectName="targetUnaware")
        self.target_prone = QCheckBox("Target is prone", objectName="targetProne")
        self.attacker_prone = QCheckBox("Attacker is prone", objectName="attackerProne")
        self.charge = QSpinBox(objectName="chargeSpaces", suffix=" spaces charged")
        self.charge.setRange(0, 100)
        self.charge.setToolTip("Momentum: +1 damage for every 3 spaces")
        attack.addRow("&Target", self.target)
        attack.addRow("&Defence", self.defence)
        attack.addRow("&Range", self.range)
        attack.addRow("Dist&ance", self.distance)
        attack.addRow("", self.unaware)
        attack.addRow("", self.target_prone)
        attack.addRow("", self.attacker_prone)
        attack.addRow("&Charge", self.charge)

        # NOTES.md: "Trait check: 2d6 + trait against ... an opponent's trait + 7."
        opposed = _form(self.pages)
        self.opponent = combatant_combo(rows, None, "opposedBy")
        self.opponent_trait = QComboBox(objectName="opposedTrait")
        for key in TRAITS:
            self.opponent_trait.addItem(rules.field(key).label, key)
        opposed.addRow("&Opponent", self.opponent)
        opposed.addRow("Opponent's tr&ait", self.opponent_trait)

        self.typed = (typed_die(6, "typedFirstD6", "The first d6 a player rolled"),
                      typed_die(6, "typedSecondD6", "The second d6 a player rolled"))
        typed = QHBoxLayout()
        typed.addWidget(QLabel("2d6 rolled:"))
        for box in self.typed:
            typed.addWidget(box)
            box.valueChanged.connect(self._update)
        self.uses_action = QCheckBox("Uses one of the actor's two actions", checked=True,
                                     objectName="usesAction")
        self.summary = QLabel(objectName="challengeSummary")
        self.summary.setWordWrap(True)
        # Room for three lines from the start: the summary grows as the GM types, and the
        # buttons under it must not move.
        self.summary.setMinimumHeight(3 * self.summary.fontMetrics().lineSpacing())
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.buttons, self.roll_button = accept_buttons(self, "Roll 2d6")
        form = QFormLayout()
        form.addRow("&Who", self.actor)
        form.addRow("T&rait", self.trait)
        form.addRow("&Against", self.mode)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.pages)
        layout.addLayout(typed)
        layout.addWidget(self.uses_action)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        for widget in (self.actor, self.trait, self.level, self.time, self.target,
                       self.defence, self.range, self.opponent, self.opponent_trait):
            widget.currentIndexChanged.connect(self._update)
        for spin in (self.rush, self.spaces, self.distance, self.charge):
            spin.valueChanged.connect(self._update)
        for check in (self.unaware, self.target_prone, self.attacker_prone):
            check.toggled.connect(self._update)
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.actor.currentIndexChanged.connect(self._aim_at_a_foe)
        self._aim_at_a_foe()
        self._mode_changed(TASK)

    def _row(self, combo: QComboBox) -> CombatantRow:
        return self.rows[combo.currentIndex()]

    def _aim_at_a_foe(self, *_args: object) -> None:
        """The attack's target: the first foe of the one who acts (PCs against the others),
        unless the GM has already picked a foe; never the actor or an ally by default."""
        actor = self._row(self.actor)
        for combo in (self.target, self.opponent):
            target = self._row(combo)
            if target.id != actor.id and (target.kind == "pc") != (actor.kind == "pc"):
                continue
            foe = next((i for i, row in enumerate(self.rows)
                        if (row.kind == "pc") != (actor.kind == "pc")), None)
            if foe is not None:
                combo.setCurrentIndex(foe)

    def _mode_changed(self, mode: int) -> None:
        self.pages.setCurrentIndex(mode)
        # A stacked widget is as tall as its tallest page; only the shown one counts here.
        for index in range(self.pages.count()):
            policy = QSizePolicy.Policy.Preferred if index == mode else \
                QSizePolicy.Policy.Ignored
            page = cast(QWidget, self.pages.widget(index))  # None only past count()
            page.setSizePolicy(policy, policy)
        self.adjustSize()
        self.trait.setCurrentIndex(TRAITS.index("athlete") if mode == JUMP else
                                   self.trait.currentIndex())
        self._update()

    def request(self) -> TraitCheckRequest:
        """The check as the dialog stands: challenge level, bonus and, for an attack, wounds."""
        actor = self._row(self.actor)
        key = self.trait.currentData()
        trait = int(actor.system_stats.get(key, 0))
        name = self.trait.currentText()
        mode = self.mode.currentIndex()
        if mode == TASK:
            times = self.time.currentData()
            bonus = rr.extra_time_bonus(times)
            challenge = self.level.currentData() + rr.rush_penalty(self.rush.value())
            level = list(rr.CHALLENGE_LEVELS)[self.level.currentIndex()]
            parts = [f"{level} {rr.CHALLENGE_LEVELS[level]}"]
            if self.rush.value():
                parts.append(f"rushed +{rr.rush_penalty(self.rush.value())}")
            if bonus:
                parts.append(f"×{times} time gives +{bonus} to the roll")
                name += f" +{bonus} extra time"
            return TraitCheckRequest(actor.name, trait + bonus, challenge, name,
                                     "; ".join(parts), actor.id)
        if mode == JUMP:
            spaces = self.spaces.value()
            return TraitCheckRequest(actor.name, trait, rr.jump_challenge(spaces), name,
                                     f"jump {spaces} spaces: 4 per space", actor.id)
        if mode == OPPOSED:
            opponent = self._row(self.opponent)
            against = int(opponent.system_stats.get(self.opponent_trait.currentData(), 0))
            return TraitCheckRequest(
                actor.name, trait, rr.opposed_challenge(against), name,
                f"{opponent.name}'s {self.opponent_trait.currentText()} {against} "
                f"+ {rr.OPPOSED_BASE}", actor.id)
        target = self._row(self.target)
        dodge, parry = dodge_parry(target)
        melee = self.range.currentIndex() == 0
        distance = self.distance.value()
        range_mod = 0 if melee else rr.range_penalty(
            rr.Range.SHORT if self.range.currentIndex() == 1 else rr.Range.LONG, distance)
        kind = rr.Attack.MELEE if melee else rr.Attack.RANGED
        prone = rr.prone_modifier(kind, target_prone=self.target_prone.isChecked(),
                                  attacker_prone=self.attacker_prone.isChecked())
        if self.unaware.isChecked():
            challenge = rr.surprise_challenge(range_mod)
            parts = [f"unaware: flat {rr.SURPRISE_CHALLENGE}"]
        else:
            defence = parry if self.defence.currentIndex() == 0 else dodge
            label = "Parry" if self.defence.currentIndex() == 0 else "Dodge"
            challenge = rr.attack_challenge(defence, prone)
            parts = [f"{label} {defence}"] + ([f"prone {prone:+d}"] if prone else [])
        challenge += 0 if self.unaware.isChecked() else range_mod
        if range_mod:
            parts.append(f"range +{range_mod}")
        momentum = rr.momentum_damage(self.charge.value())
        s, t = actor.system_stats, target.system_stats
        adds = [("Brawn", int(s.get("brawn", 0))), ("weapon", int(s.get("weapon_power", 0))),
                ("momentum", momentum)]
        takes = [("Fortitude", int(t.get("fortitude", 0))), ("armour", int(t.get("armour", 0)))]
        wound_base = sum(v for _w, v in adds) - sum(v for _w, v in takes)
        # Every part, named, as rules.ruins_and_raiders.wounds adds them (zeros say so too).
        wound_parts = " ".join([f"+ {w} {v}" for w, v in adds if v or w != "momentum"]
                               + [f"- {w} {v}" for w, v in takes])
        if momentum:
            parts.append(f"momentum +{momentum} damage")
        return TraitCheckRequest(actor.name, trait, challenge, name, "; ".join(parts), actor.id,
                                 wound_base=wound_base, target=target.name,
                                 wound_parts=wound_parts, target_id=target.id)

    def _update(self, *_args: object) -> None:
        melee = self.range.currentIndex() == 0
        self.distance.setEnabled(not melee)  # melee: adjacent
        # Options that contradict each other cannot both be set: more time or rushing, and a
        # charge's momentum only for a melee attack.
        extra_time = self.time.currentData() != 1
        self.rush.setEnabled(not extra_time)
        self.time.setEnabled(self.rush.value() == 0)
        self.charge.setEnabled(melee)
        for spin, allowed in ((self.rush, not extra_time), (self.charge, melee)):
            if not allowed and spin.value():
                spin.blockSignals(True)
                spin.setValue(0)
                spin.blockSignals(False)
        request = self.request()
        mode = self.mode.currentIndex()
        other = self.target if mode == ATTACK else self.opponent
        same = (mode in (ATTACK, OPPOSED)
                and self._row(self.actor).id == self._row(other).id)
        self.summary.setText(
            "An attack needs a target other than the attacker." if same and mode == ATTACK
            else "An opposed check needs an opponent other than the actor." if same else
            f"<b>2d6 {request.trait:+d} against challenge {request.challenge}</b>"
            f" ({request.reason})")
        half = [box.value() for box in self.typed].count(0) == 1
        if half and not same:
            self.summary.setText(self.summary.text() + "<br>Type both dice, or neither.")
        self.roll_button.setEnabled(not same and not half)
        self.roll_button.setText("Record" if self.typed_check() else "Roll 2d6")

    def typed_check(self) -> rr.TraitCheck | None:
        """The check as the dice a player rolled show it; None to let the program roll."""
        dice = tuple(box.value() for box in self.typed)
        if 0 in dice:
            return None
        request = self.request()
        return rr.check(request.trait, request.challenge, Typed(*dice))

    def actor_id(self) -> int:
        return stored_id(self._row(self.actor))
