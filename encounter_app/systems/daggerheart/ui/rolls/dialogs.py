"""Dialogs that set up a GM roll: an attack, a reaction or action roll, a fate roll.

Each returns a plain request for the rules service; spending Fear on an Experience is the
window's business (it is an undoable ledger line), the dialog only says which one was chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow, Experience
from encounter_app.domain.adversaries import several_target_features, target_evasion
from encounter_app.domain.requests import DiceRequest
from encounter_app.systems.daggerheart.requests import (
    AttackRequest,
    OddsRequest,
    ReactionRequest,
    Target,
)
from encounter_app.systems.daggerheart.services.odds_cache import OddsCache
from encounter_app.systems.daggerheart.ui.rolls.odds import percent
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.dialog_buttons import accept_buttons
from encounter_app.ui.widgets.problem import ProblemLabel

if TYPE_CHECKING:  # icepool loads with it; the odds module is imported where used
    from encounter_app.rules.odds import AttackOdds


class ExperienceChooser(QWidget):
    """Pick one of an adversary's Experiences to add to a roll, for a Fear; says when it can't."""

    def __init__(self, fear: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fear = fear
        self.combo = QComboBox(objectName="experienceChoice")
        self.combo.setAccessibleName("Experience (costs a Fear)")
        self.note = QLabel(objectName="experienceNote")
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.combo)
        layout.addWidget(self.note)
        self.combo.currentIndexChanged.connect(self._explain)
        self.set_experiences(())

    def set_experiences(self, experiences: Sequence[Experience]) -> None:
        self.combo.clear()
        self.combo.addItem("None", None)
        for experience in experiences:
            self.combo.addItem(f"{experience} (spend a Fear)", experience)
        self.combo.setEnabled(bool(experiences))
        self._explain()

    def chosen(self) -> Experience | None:
        data = self.combo.currentData()  # None, or the Experience itself
        return data if isinstance(data, Experience) else None

    def affordable(self) -> bool:
        return self.chosen() is None or self._fear >= 1

    def _explain(self, *_args: object) -> None:
        if self.combo.count() == 1:
            self.note.setText("This adversary has no Experiences.")
        elif self.chosen() is not None and self._fear < 1:
            self.note.setText("No Fear in the pool: an Experience costs a Fear.")
        elif self.chosen() is not None:
            self.note.setText(f"Spends 1 of your {self._fear} Fear.")
        else:
            self.note.setText("")
        self.note.setStyleSheet(theme.error_style(self) if not self.affordable() else "")


class AttackDialog(QDialog):
    """Which PCs an adversary's attack targets, with advantage, disadvantage or an Experience."""

    def __init__(self, attacker: CombatantRow, targets: Sequence[CombatantRow], fear: int = 0,
                 damage: str | None = None, parent: QWidget | None = None, *,
                 odds: OddsCache | None = None) -> None:
        super().__init__(parent)
        self._odds = odds  # each target's chance to hit, as the options change
        stats = attacker.stats
        if stats is None:  # RollActions.attack refuses such an attacker before asking
            raise ValueError(f"{attacker.name} has no stat block to attack with")
        self._stats = stats
        self.setWindowTitle(f"{attacker.name} attacks")
        self.setObjectName("attackDialog")
        self._attacker = attacker
        self._damage = damage or stats.damage
        self._targets = [t for t in targets if t.evasion is not None]
        heading = QLabel(
            f"<b>{stats.attack_name or 'Attack'}</b> {stats.attack_modifier:+d} · "
            f"{stats.attack_range} · {self._damage}")
        self.list = QListWidget()
        self.list.setAccessibleName("Targets")
        for target in self._targets:
            item = QListWidgetItem(f"{target.name}  (Evasion {target.evasion})")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)
        if self.list.count():
            self.list.item(0).setCheckState(Qt.CheckState.Checked)
            self.list.setCurrentRow(0)
        if odds is not None and self._targets:  # room for "— 55% to hit", so nothing jumps
            widest = max(self.list.fontMetrics().horizontalAdvance(
                f"{t.name}  (Evasion {t.evasion})  —  100% to hit") for t in self._targets)
            self.list.setMinimumWidth(widest + 60)  # the check box, the frame, a scroll bar
        self.advantage = QCheckBox("Ad&vantage")
        self.disadvantage = QCheckBox("&Disadvantage")
        self.experience = ExperienceChooser(fear)
        self.experience.set_experiences(stats.experiences)
        self.buttons, self.roll_button = accept_buttons(self, "&Roll")
        form = QFormLayout()
        form.addRow("E&xperience", self.experience)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        # A standard attack has one target; a feature may allow several (the SRD's "all
        # targets within Close range"): then each ticked target is compared with one roll.
        self._several = several_target_features(stats)
        layout.addWidget(QLabel(
            f"Targets, with {' or '.join(self._several)} (one roll is compared with each "
            "Evasion):" if self._several else "Target (a standard attack has one):",
            objectName="attackTargetsLabel", wordWrap=True))
        layout.addWidget(self.list)
        layout.addWidget(self.advantage)
        layout.addWidget(self.disadvantage)
        layout.addLayout(form)
        self.problem = ProblemLabel("attackProblem")
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.list.itemChanged.connect(self._target_ticked)
        self.list.itemChanged.connect(self._update)
        self.experience.combo.currentIndexChanged.connect(self._update)
        for box in (self.advantage, self.disadvantage):
            box.toggled.connect(self._ask_odds)
        self.experience.combo.currentIndexChanged.connect(self._ask_odds)
        self._update()
        self._ask_odds()
        self.list.setFocus()  # the targets: the one thing the GM must choose (not Cancel)

    def _ask_odds(self, *_args: object) -> None:
        if self._odds is None or not self._targets:
            return
        request = self.odds_request()
        self._odds.ask(request, lambda answer: self._show_odds(request, answer),
                       lambda _message: None)  # the preview under the cards says why

    def odds_request(self) -> OddsRequest:
        chosen = self.experience.chosen()
        return OddsRequest(self._stats.attack_modifier, self._evasions(), self._damage,
                           self.advantage.isChecked(), self.disadvantage.isChecked(),
                           chosen.bonus if chosen else 0)

    def _evasions(self) -> tuple[int, ...]:
        return tuple(target_evasion(t) for t in self._targets)

    def _show_odds(self, request: OddsRequest, answer: AttackOdds) -> None:
        if request != self.odds_request():
            return  # an option changed while these were worked out
        self.list.blockSignals(True)  # a new label is not a new choice of targets
        for i, (target, hit) in enumerate(zip(self._targets, answer.hit, strict=True)):
            self.list.item(i).setText(f"{target.name}  (Evasion {target.evasion})  —  "
                                      f"{percent(hit)} to hit")
        self.list.blockSignals(False)

    def set_checked(self, rows: Sequence[int]) -> None:
        for i in range(self.list.count()):
            state = Qt.CheckState.Checked if i in rows else Qt.CheckState.Unchecked
            self.list.item(i).setCheckState(state)

    def chosen(self) -> list[CombatantRow]:
        return [t for i, t in enumerate(self._targets)
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def _target_ticked(self, item: QListWidgetItem) -> None:
        """One target only, unless a feature allows several: a new tick moves the one."""
        if self._several or item.checkState() != Qt.CheckState.Checked:
            return
        self.list.blockSignals(True)
        for i in range(self.list.count()):
            if self.list.item(i) is not item:
                self.list.item(i).setCheckState(Qt.CheckState.Unchecked)
        self.list.blockSignals(False)

    def _update(self, *_args: object) -> None:
        self.roll_button.setEnabled(bool(self.chosen()) and self.experience.affordable())
        self.problem.say("" if self.chosen() else "Tick a target.")

    def request(self) -> AttackRequest:
        stats = self._stats
        experience = self.experience.chosen()
        return AttackRequest(
            attacker=self._attacker.name, modifier=stats.attack_modifier, damage=self._damage,
            attack_name=stats.attack_name or "Attack",
            targets=tuple(Target(t.name, target_evasion(t), t.id) for t in self.chosen()),
            advantage=self.advantage.isChecked(), disadvantage=self.disadvantage.isChecked(),
            experience=experience.bonus if experience else 0,
            experience_name=experience.name if experience else "",
            combatant_id=self._attacker.id,
        )


class ReactionDialog(QDialog):
    """An adversary's reaction roll (a PC's move forces it) or action roll, against a Difficulty.

    The text's two ways to bend it: spend a Fear to add a relevant Experience (the Masked
    Thief's Acrobatics +3), or impose a penalty when it is weak against the move (the Zombie
    Pack's -3 against a Fireball). A natural 20 succeeds, with no other benefit.
    """

    def __init__(self, adversaries: Sequence[CombatantRow], fear: int,
                 current_id: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Reaction or action roll")
        self.setObjectName("reactionDialog")
        self._adversaries = list(adversaries)
        self.actor = QComboBox(objectName="reactionActor")
        self.actor.setAccessibleName("Adversary")
        for row in self._adversaries:
            self.actor.addItem(row.name, row.id)
        if current_id is not None and self.actor.findData(current_id) >= 0:
            self.actor.setCurrentIndex(self.actor.findData(current_id))
        self.kind = QComboBox(objectName="reactionKind")
        self.kind.setAccessibleName("Kind of roll")
        self.kind.addItem("Reaction roll", "reaction")
        self.kind.addItem("Action roll", "action")
        self.difficulty = QSpinBox(minimum=1, maximum=40, value=13, objectName="difficulty")
        self.difficulty.setAccessibleName("Difficulty")
        self.penalty = QSpinBox(minimum=-10, maximum=0, value=0, objectName="penalty")
        self.penalty.setAccessibleName("Penalty")
        self.penalty.setToolTip("When the adversary is particularly weak against the move")
        self.experience = ExperienceChooser(fear)
        self.advantage = QCheckBox("Ad&vantage")
        self.disadvantage = QCheckBox("&Disadvantage")
        self.explain = QLabel(objectName="reactionExplain")
        self.explain.setWordWrap(True)
        self.buttons, self.roll_button = accept_buttons(self, "&Roll")
        form = QFormLayout()
        form.addRow("&Adversary", self.actor)
        form.addRow("&Roll", self.kind)
        form.addRow("Di&fficulty", self.difficulty)
        form.addRow("E&xperience", self.experience)
        form.addRow("&Penalty", self.penalty)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.advantage)
        layout.addWidget(self.disadvantage)
        layout.addWidget(self.explain)
        layout.addWidget(self.buttons)
        self.actor.currentIndexChanged.connect(self._actor_changed)
        for signal in (self.experience.combo.currentIndexChanged, self.penalty.valueChanged):
            signal.connect(self._update)
        self._actor_changed()
        # The Difficulty is what the GM must give (the adversary starts on the chosen card):
        # typed over at once, never into Cancel.
        self.difficulty.setFocus()
        self.difficulty.selectAll()

    def _actor(self) -> CombatantRow | None:
        index = self.actor.currentIndex()
        return self._adversaries[index] if index >= 0 else None

    def _actor_changed(self, *_args: object) -> None:
        actor = self._actor()
        self.experience.set_experiences(actor.stats.experiences if actor and actor.stats else ())
        self._update()

    def _update(self, *_args: object) -> None:
        both = self.experience.chosen() is not None and self.penalty.value() < 0
        if self._actor() is None:
            message = "There is no adversary in this encounter to roll for."
        elif both:
            message = "Choose an Experience or a penalty, not both."
        else:
            message = "Meets or beats the Difficulty to succeed; a natural 20 always succeeds."
        self.explain.setText(message)
        self.roll_button.setEnabled(self._actor() is not None and not both
                                    and self.experience.affordable())

    def request(self) -> ReactionRequest:
        actor = self._actor()
        assert actor is not None, "Roll is disabled while there is no adversary"
        experience = self.experience.chosen()
        bonus = experience.bonus if experience else self.penalty.value()
        return ReactionRequest(
            actor=actor.name, difficulty=self.difficulty.value(), bonus=bonus,
            advantage=self.advantage.isChecked(), disadvantage=self.disadvantage.isChecked(),
            combatant_id=actor.id, kind=self.kind.currentData(),
            experience_name=experience.name if experience else ("penalty" if bonus else ""),
        )


class FateRollDialog(QDialog):
    """A fate roll: one Duality Die (the Hope or the Fear d12) and what rides on it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Fate roll")
        self.setObjectName("fateDialog")
        self.hope = QRadioButton("&Hope Die (d12)")
        self.fear = QRadioButton("&Fear Die (d12)")
        self.fear.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.hope)
        group.addButton(self.fear)
        self.stake = QLineEdit(
            placeholderText="On a 4 or lower, the fire spreads beyond this house.")
        self.stake.setAccessibleName("What is at stake")
        self.note = QLabel("Say what is at stake before the roll.")
        self.buttons, self.roll_button = accept_buttons(self, "&Roll")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Leave an outcome entirely to chance."))
        layout.addWidget(self.hope)
        layout.addWidget(self.fear)
        stake_label = QLabel("&Stake:")
        stake_label.setBuddy(self.stake)  # Alt+S goes to the field
        layout.addWidget(stake_label)
        layout.addWidget(self.stake)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        self.stake.textChanged.connect(self._update)
        self._update()
        self.stake.setFocus()  # say what is at stake first: the keys type it, nothing else

    def _update(self, *_args: object) -> None:
        self.roll_button.setEnabled(bool(self.stake.text().strip()))

    def request(self) -> DiceRequest:
        die = "Hope" if self.hope.isChecked() else "Fear"
        return DiceRequest("1d12", f"Fate roll, {die} Die ({self.stake.text().strip()})")
