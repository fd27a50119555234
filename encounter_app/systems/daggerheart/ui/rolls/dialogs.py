"""Dialogs that set up a GM roll: an attack, a reaction or action roll, a fate roll.

Each returns a plain request for the rules service; spending Fear on an Experience is the
window's business (it is an undoable ledger line), the dialog only says which one was chosen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from html import escape
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
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow, Experience
from encounter_app.domain.adversaries import target_evasion
from encounter_app.domain.requests import DiceRequest
from encounter_app.systems.daggerheart.requests import (
    AttackRequest,
    OddsRequest,
    ReactionRequest,
)
from encounter_app.systems.daggerheart.services.features import (
    Use,
    attack_features,
    attack_request,
    standard_several,
    use_of,
)
from encounter_app.systems.daggerheart.services.odds_cache import OddsCache
from encounter_app.systems.daggerheart.ui.rolls.odds import percent
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.dialog_buttons import accept_buttons
from encounter_app.ui.widgets.message import MessageLine
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
        self.note = MessageLine("experienceNote")  # its line's room kept, said or not
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


def reserved_label(name: str, lines: int, parent: QWidget | None = None) -> QLabel:
    """A wrapped label with room for ``lines`` lines from the start, whose text never widens
    its dialog: what it says changes, nothing around it moves."""
    label = QLabel(parent, objectName=name, wordWrap=True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    label.setFixedHeight(lines * label.fontMetrics().lineSpacing() + 2)
    return label


DIALOG_WIDTH = 460  # room for a feature's two lines of words


class AttackDialog(QDialog):
    """Which PCs an adversary attacks, and with what: its standard attack or one of its attack
    features (the SRD's *Spit Acid*: its own range, damage, cost and riders, all targets ticked
    when it hits every target in range), with advantage, disadvantage or an Experience.

    A click on a PC's name ticks that PC (with one target, the tick moves there); the words of
    the chosen attack have their room from the start, so nothing moves when it changes.
    """

    def __init__(self, attacker: CombatantRow, targets: Sequence[CombatantRow], fear: int = 0,
                 damage: str | None = None, parent: QWidget | None = None, *,
                 odds: OddsCache | None = None, feature: str | None = None) -> None:
        super().__init__(parent)
        self._odds = odds  # each target's chance to hit, as the options change
        stats = attacker.stats
        if stats is None:  # RollActions.attack refuses such an attacker before asking
            raise ValueError(f"{attacker.name} has no stat block to attack with")
        self._stats, self._fear = stats, fear
        self.setWindowTitle(f"{attacker.name} attacks")
        self.setObjectName("attackDialog")
        self._attacker = attacker
        standard = use_of(attacker)
        if damage:  # what the standard attack deals now, as the caller worked it out
            standard = replace(standard, damage=damage)
        self._uses = [standard, *(use_of(attacker, f.name) for f in attack_features(attacker))]
        self._targets = [t for t in targets if t.evasion is not None]
        self.choice = QComboBox(objectName="attackChoice")
        self.choice.setAccessibleName("Attack with")
        for use in self._uses:
            what = "standard attack" if use.feature is None else use.cost or "no cost"
            self.choice.addItem(f"{use.name} ({what}) · {use.damage}", use.feature)
        if feature is not None and self.choice.findData(feature) >= 0:
            self.choice.setCurrentIndex(self.choice.findData(feature))
        self.description = reserved_label("attackDescription", 3)
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
        choose = QFormLayout()
        choose.addRow("Attack &with", self.choice)
        form = QFormLayout()
        form.addRow("E&xperience", self.experience)
        layout = QVBoxLayout(self)
        layout.addLayout(choose)
        layout.addWidget(self.description)
        # A standard attack has one target; a feature may allow several (the SRD's "all
        # targets within Close range"): then each ticked target is compared with one roll.
        self._several_features = standard_several(attacker)
        self.targets_label = reserved_label("attackTargetsLabel", 2)
        layout.addWidget(self.targets_label)
        layout.addWidget(self.list)
        layout.addWidget(self.advantage)
        layout.addWidget(self.disadvantage)
        layout.addLayout(form)
        self.problem = ProblemLabel("attackProblem")
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(DIALOG_WIDTH)
        self._shown: Use | None = None
        self._press: tuple[QListWidgetItem, Qt.CheckState] | None = None
        self._closed = False  # odds that come back after the dialog closed are dropped
        self.finished.connect(self._close_odds)
        self.list.itemPressed.connect(self._pressed)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemChanged.connect(self._target_ticked)
        self.list.itemChanged.connect(self._update)
        self.choice.currentIndexChanged.connect(self._chosen)
        self.experience.combo.currentIndexChanged.connect(self._update)
        for box in (self.advantage, self.disadvantage):
            box.toggled.connect(self._ask_odds)
        self.experience.combo.currentIndexChanged.connect(self._ask_odds)
        self._chosen()
        self.list.setFocus()  # the targets: the one thing the GM must choose (not Cancel)

    # -- what attacks -----------------------------------------------------------------------

    @property
    def _several(self) -> tuple[str, ...]:
        """The features that let this attack reach more than one target, by name."""
        use = self.use()
        if use.feature is None:
            return self._several_features
        return (use.name,) if use.several else ()

    def use(self) -> Use:
        """The attack chosen: the standard attack or one of the attack features."""
        return self._uses[max(0, self.choice.currentIndex())]

    def feature(self) -> str | None:
        """The attack feature chosen by name; None for the standard attack."""
        return self.use().feature

    def _chosen(self, *_args: object) -> None:
        use, before = self.use(), self._shown
        self._shown = use
        details = use.details()
        if use.feature is None:  # the standard attack: one target, unless a feature says
            details[0] = ("one roll against each ticked target" if self._several
                          else "one target")
            details = details[:1]
        self.description.setText(f"<b>{escape(use.heading())}</b><br>"
                                 + escape(" · ".join(details)))
        self.description.setToolTip(use.words())
        several = self._several
        self.targets_label.setText(
            f"Targets, with {' or '.join(several)} (one roll is compared with each Evasion):"
            if several else f"Target ({'a standard attack' if use.feature is None else use.name}"
                            " has one):")
        if use.advantage:  # the text says so; the GM may still untick it
            self.advantage.setChecked(True)
        elif before is not None and before.advantage:
            self.advantage.setChecked(False)
        if use.feature is not None and use.several:
            self.set_checked(range(self.list.count()))  # every target in range
        elif not several:
            ticked = [i for i in range(self.list.count())
                      if self.list.item(i).checkState() == Qt.CheckState.Checked]
            current = self.list.currentRow()
            keep = current if current in ticked else ticked[0] if ticked else current
            self.set_checked([keep] if keep >= 0 else [])
        self._update()
        self._ask_odds()

    # -- the odds -----------------------------------------------------------------------------

    def _ask_odds(self, *_args: object) -> None:
        if self._odds is None or not self._targets:
            return
        request = self.odds_request()
        self._odds.ask(request, lambda answer: self._show_odds(request, answer),
                       lambda _message: None)  # the preview under the cards says why

    def odds_request(self) -> OddsRequest:
        chosen = self.experience.chosen()
        use = self.use()
        return OddsRequest(use.modifier, self._evasions(), use.damage,
                           self.advantage.isChecked(), self.disadvantage.isChecked(),
                           chosen.bonus if chosen else 0)

    def _evasions(self) -> tuple[int, ...]:
        return tuple(target_evasion(t) for t in self._targets)

    def _close_odds(self, *_args: object) -> None:
        self._closed = True

    def _show_odds(self, request: OddsRequest, answer: AttackOdds) -> None:
        if self._closed or request != self.odds_request():
            return  # an option changed while these were worked out
        self.list.blockSignals(True)  # a new label is not a new choice of targets
        for i, (target, hit) in enumerate(zip(self._targets, answer.hit, strict=True)):
            self.list.item(i).setText(f"{target.name}  (Evasion {target.evasion})  —  "
                                      f"{percent(hit)} to hit")
        self.list.blockSignals(False)

    # -- the targets --------------------------------------------------------------------------

    def set_checked(self, rows: Iterable[int]) -> None:
        ticked = set(rows)
        self.list.blockSignals(True)  # one change of the targets, said once below
        for i in range(self.list.count()):
            state = Qt.CheckState.Checked if i in ticked else Qt.CheckState.Unchecked
            self.list.item(i).setCheckState(state)
        self.list.blockSignals(False)
        self._update()

    def chosen(self) -> list[CombatantRow]:
        return [t for i, t in enumerate(self._targets)
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def _pressed(self, item: QListWidgetItem) -> None:
        self._press = (item, item.checkState())

    def _clicked(self, item: QListWidgetItem) -> None:
        """A click on a PC's name (not on its box, which ticks by itself) ticks that PC; with
        one target, the tick moves there. (Before, the name was only highlighted while the
        first PC stayed ticked: the wrong PC was attacked.)"""
        pressed, self._press = self._press, None
        if pressed is None or pressed[0] is not item or item.checkState() != pressed[1]:
            return  # the box itself was clicked: it has ticked already
        ticked = item.checkState() == Qt.CheckState.Checked
        if self._several and ticked:
            item.setCheckState(Qt.CheckState.Unchecked)
        elif not ticked:
            item.setCheckState(Qt.CheckState.Checked)

    def _target_ticked(self, item: QListWidgetItem) -> None:
        """One target only, unless the attack allows several: a new tick moves the one, and
        the highlight goes with it."""
        if self._several or item.checkState() != Qt.CheckState.Checked:
            return
        self.list.blockSignals(True)
        for i in range(self.list.count()):
            if self.list.item(i) is not item:
                self.list.item(i).setCheckState(Qt.CheckState.Unchecked)
        self.list.blockSignals(False)
        self.list.setCurrentItem(item)

    def _update(self, *_args: object) -> None:
        use = self.use()
        fear = use.cost_fear + (1 if self.experience.chosen() is not None else 0)
        stress = self._attacker.stress_marked + use.cost_stress > self._attacker.stress_max
        payable = fear <= self._fear and not stress
        self.roll_button.setEnabled(bool(self.chosen()) and self.experience.affordable()
                                    and payable)
        problem = "" if self.chosen() else "Tick a target."
        if stress:
            problem = (f"{self._attacker.name} has no Stress left to mark for {use.name} "
                       f"({self._attacker.stress_marked}/{self._attacker.stress_max} marked).")
        elif fear > self._fear and use.cost_fear:
            problem = f"{use.name} costs {use.cost_fear} Fear; the pool has {self._fear}."
        self.problem.say(problem)

    def target_ids(self) -> list[int]:
        """The ticked PCs' ids, for the attack operation."""
        return [t.id for t in self.chosen() if t.id is not None]

    def experience_name(self) -> str:
        chosen = self.experience.chosen()
        return chosen.name if chosen else ""

    def request(self) -> AttackRequest:
        """The attack roll as chosen (the operation builds its own from the fight's rows)."""
        experience = self.experience.chosen()
        return attack_request(self.use(), self.chosen(), advantage=self.advantage.isChecked(),
                              disadvantage=self.disadvantage.isChecked(),
                              experience=experience)


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
        # No Difficulty until the GM types one: a reaction roll is made against the Difficulty
        # of what it resists (the PC's move), never the adversary's own.
        self.difficulty = QSpinBox(minimum=0, maximum=40, value=0, objectName="difficulty")
        self.difficulty.setSpecialValueText(" ")  # 0: not typed yet, shown empty
        self.difficulty.setAccessibleName("Difficulty")
        self.difficulty.setToolTip("The Difficulty of what it resists: the PC's move or the "
                                   "effect")
        self.penalty = QSpinBox(minimum=-10, maximum=0, value=0, objectName="penalty")
        self.penalty.setAccessibleName("Penalty")
        self.penalty.setToolTip("When the adversary is particularly weak against the move")
        self.experience = ExperienceChooser(fear)
        self.advantage = QCheckBox("Ad&vantage")
        self.disadvantage = QCheckBox("&Disadvantage")
        self.explain = reserved_label("reactionExplain", 2)
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
        for signal in (self.experience.combo.currentIndexChanged, self.penalty.valueChanged,
                       self.difficulty.valueChanged):
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
        typed = self.difficulty.value() > 0
        if self._actor() is None:
            message = "There is no adversary in this encounter to roll for."
        elif both:
            message = "Choose an Experience or a penalty, not both."
        elif not typed:
            message = ("Type the Difficulty of what it resists (the PC's move, the effect): "
                       "Roll waits for it.")
        else:
            message = "Meets or beats the Difficulty to succeed; a natural 20 always succeeds."
        self.explain.setText(escape(message))
        self.roll_button.setEnabled(self._actor() is not None and not both and typed
                                    and self.experience.affordable())

    def request(self) -> ReactionRequest:
        actor = self._actor()
        assert actor is not None, "Roll is disabled while there is no adversary"
        assert self.difficulty.value() > 0, "Roll is disabled until the Difficulty is typed"
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
