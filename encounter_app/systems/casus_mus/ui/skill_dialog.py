"""A Casus Mus skill roll: who, which skill, the d100 (typed as the player rolled it or rolled
here), and on a failure the roller's own Luck Point to reroll or flip the digits.

Nothing is spent or logged until "Record": the Luck Point and the log line are one undo step.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.domain.requests import RollResult
from encounter_app.rules.casus_mus import LuckOption, SkillRoll, roll_skill
from encounter_app.rules.dice import Typed
from encounter_app.services.rolls.router import RollRouter
from encounter_app.systems.casus_mus.requests import SkillRollRequest
from encounter_app.systems.casus_mus.services.clash import SkillCheck
from encounter_app.systems.casus_mus.ui.clash_dialog import Chooser
from encounter_app.ui.widgets.dialog_buttons import accept_buttons
from encounter_app.ui.widgets.message import MessageLine
from encounter_app.ui.widgets.typed import typed_die


class SkillRollDialog(QDialog):
    def __init__(self, rows: list[CombatantRow], roller: int | None, roll_router: RollRouter,
                 record: Callable[[SkillCheck], bool], parent: QWidget | None = None, *,
                 skill: str = "willpower") -> None:
        super().__init__(parent)
        self.setObjectName("skillRollDialog")
        self.setWindowTitle("Skill roll — Casus Mus")
        self._router, self._record = roll_router, record
        self.check: SkillCheck | None = None
        self._waiting = False
        self.chooser = Chooser(rows, roller, skill, "skillRoller")
        box = QGroupBox("Who rolls")
        QVBoxLayout(box).addWidget(self.chooser)
        self.typed = typed_die(100, "typedSkillRoll", "The d100 the player rolled")
        self.roll_button = QPushButton("Roll d100", objectName="skillRoll")
        self.reroll_button = QPushButton("Luck Point: reroll", objectName="skillReroll")
        self.flip_button = QPushButton("Luck Point: flip digits", objectName="skillFlip")
        # Room for the roll and both Luck lines (each may wrap) from the start: nothing
        # moves as they come.
        self.story = MessageLine("skillStory", lines=5)
        self.story.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons, self.record_button = accept_buttons(self, "Record")
        self.record_button.setObjectName("recordSkillRoll")
        typed = QHBoxLayout()
        typed.addWidget(QLabel("The d100:"))
        typed.addWidget(self.typed)
        typed.addWidget(QLabel("<small>(as the player rolled it; 00 is 100)</small>"))
        typed.addStretch()
        steps = QHBoxLayout()
        for made in (self.roll_button, self.reroll_button, self.flip_button):
            steps.addWidget(made)
        layout = QVBoxLayout(self)
        layout.addWidget(box)
        layout.addLayout(typed)
        layout.addLayout(steps)
        layout.addWidget(self.story, 1)
        layout.addWidget(self.buttons)
        self.roll_button.clicked.connect(self.roll)
        self.reroll_button.clicked.connect(lambda: self.luck(LuckOption.REROLL))
        self.flip_button.clicked.connect(lambda: self.luck(LuckOption.FLIP))
        self.chooser.who.currentIndexChanged.connect(lambda _i: self._update())
        self.resize(560, 0)
        self._update()

    def roll(self) -> None:
        if self.check is not None or self._waiting:
            return
        check = self.check = SkillCheck(self.chooser.side())
        self._take(lambda roll, typed: check.roll(roll, typed=typed))

    def luck(self, option: LuckOption) -> None:
        check = self.check
        if check is None or self._waiting or check.why_not_luck(option):
            return
        if option is LuckOption.FLIP:
            check.luck(option)
            self._update()
        else:
            self._take(lambda roll, _typed: check.luck(option, roll))

    def _take(self, then: Callable[[SkillRoll, bool], None]) -> None:
        """The next d100: the typed one if the GM typed it, else one from the rules thread."""
        assert self.check is not None
        side = self.check.side
        if value := self.typed.value():
            self.typed.setValue(0)
            then(roll_skill(side.skill, Typed(value)), True)
            self._update()
            return
        self._waiting = True
        self._update()

        def answered(answer: RollResult[SkillRoll]) -> None:
            self._waiting = False
            then(answer.result, False)
            self._update()

        self._router.submit(SkillRollRequest(side.name, side.skill, side.skill_name,
                                             side.combatant_id), answered, "The skill roll")

    def _update(self) -> None:
        check = self.check
        self.chooser.setEnabled(check is None)
        self.chooser.show_points(check.side if check else None)
        self.roll_button.setEnabled(check is None and not self._waiting)
        for made, option in ((self.reroll_button, LuckOption.REROLL),
                             (self.flip_button, LuckOption.FLIP)):
            why = "Roll first." if check is None else check.why_not_luck(option)
            made.setEnabled(not why and not self._waiting)
            made.setToolTip(why or "Spend one of the roller's Luck Points on this failed roll")
        if self._waiting:
            self.story.setText("Rolling…")
        elif check is None:
            self.story.setText("Type the d100 the player rolled, or leave it to be rolled "
                               "here, then press Roll d100.")
        else:
            self.story.setText("<br>".join(check.events))
        self.record_button.setEnabled(check is not None and check.side.roll is not None
                                      and not self._waiting)

    def accept(self) -> None:
        check = self.check
        if check is None or check.side.roll is None or self._waiting:
            return
        if self._record(check):
            super().accept()
