"""The Casus Mus clash, step by step: who attacks whom, each roll, each Luck Point, the result.

The dialog shows the text's combat flow as buttons in its order; a step that is not open says
why in its tooltip. Once someone hits, the right-hand side resolves the clash as the text
orders it: the hitter's Combat Maneuvers (ticked from a list the GM can extend), then the
damage, rolled or typed, less the armour of the one struck. Nothing is spent or marked until
"Record the clash": then the AP, the LP, the damage and the log line are one undo step. Cancel
leaves everyone as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.domain.requests import RollResult
from encounter_app.domain.rows import stored_id
from encounter_app.rules.casus_mus import LuckOption, SkillRoll, roll_skill
from encounter_app.rules.dice import Typed
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.turns import stat
from encounter_app.services.rolls.router import RollRouter
from encounter_app.systems.casus_mus.phone import CLASH, DIE
from encounter_app.systems.casus_mus.requests import SkillRollRequest
from encounter_app.systems.casus_mus.services import turns
from encounter_app.systems.casus_mus.services.clash import ClashFlow, Side
from encounter_app.systems.casus_mus.services.operations import CasusMusOperations
from encounter_app.systems.casus_mus.sheet import LABELS
from encounter_app.systems.casus_mus.ui.clash_resolve import ResolvePanel
from encounter_app.ui.widgets.combo import combatant_combo
from encounter_app.ui.widgets.dialog_buttons import accept_buttons
from encounter_app.ui.widgets.message import MessageLine
from encounter_app.ui.widgets.typed import typed_die

if TYPE_CHECKING:
    from encounter_app.services.phone_inbox import PhoneInbox

SKILLS = ("combat", "evade", "willpower", "endurance")
ATTACK_SKILL, DEFENCE_SKILL = "combat", "evade"


class Chooser(QWidget):
    """A combatant, the skill it rolls and that skill's % (editable: a weapon, a spell...)."""

    def __init__(self, rows: list[CombatantRow], chosen: int | None, skill: str,
                 name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.rows = rows
        self.who = combatant_combo(rows, chosen, f"{name}Who")
        self.skill = QComboBox(objectName=f"{name}Skill")
        for key in SKILLS:
            self.skill.addItem(LABELS[key].replace(" %", ""), key)
        self.skill.setCurrentIndex(SKILLS.index(skill))
        self.value = QSpinBox(objectName=f"{name}Value", suffix=" %")
        self.value.setRange(1, 200)
        self.resources = QLabel()
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.who, 0, 0, 1, 2)
        layout.addWidget(self.skill, 1, 0)
        layout.addWidget(self.value, 1, 1)
        layout.addWidget(self.resources, 2, 0, 1, 2)
        self.who.currentIndexChanged.connect(self._fill)
        self.skill.currentIndexChanged.connect(self._fill)
        self._fill()

    def row(self) -> CombatantRow:
        return self.rows[self.who.currentIndex()]

    def _fill(self, *_args: object) -> None:
        row = self.row()
        self.value.setValue(stat(row, self.skill.currentData(), 50))
        self.show_points(None)

    def show_points(self, side: Side | None) -> None:
        """AP and LP left, counting what this clash has spent so far (``side``): the card
        changes when the clash is recorded, the dialog says it at once."""
        row = self.row()
        ap = turns.ap_left(row) - (side.ap_spent if side else 0)
        lp = side.lp_left if side else turns.lp_left(row)
        spent = " (this clash's spending counted)" if side and (
            side.ap_spent or side.lp_spent) else ""
        self.resources.setText(f"AP {ap}/{turns.ap_max(row)} · "
                               f"LP {lp}/{turns.lp_max(row)}{spent}")

    def side(self) -> Side:
        row = self.row()
        return Side(stored_id(row), row.name, self.value.value(), self.skill.currentText(),
                    ap=turns.ap_left(row), lp=turns.lp_left(row))


class ClashDialog(QDialog):
    def __init__(self, session: EncounterSession, roll_router: RollRouter,
                 operations: CasusMusOperations, parent: QWidget | None = None, *,
                 attacker: int | None = None, defender: int | None = None,
                 inbox: PhoneInbox | None = None) -> None:
        super().__init__(parent)
        # A player's clash roll sent from the phone answers their side's step, unless the GM
        # typed one; the rolls used are answered with the clash.
        self._inbox = inbox
        self.phone_rolls: list[int] = []
        self.setObjectName("clashDialog")
        self.setWindowTitle("Clash — Casus Mus combat flow")
        self._session, self._router, self._operations = session, roll_router, operations
        self.flow: ClashFlow | None = None
        self._waiting = False
        rows = [r for r in session.combatants if not r.defeated]
        if defender is None:
            defender = next((r.id for r in rows if r.id != attacker
                             and (r.kind == "pc") != (self._kind(attacker) == "pc")), None)
        self.attacker = Chooser(rows, attacker, ATTACK_SKILL, "attacker")
        self.defender = Chooser(rows, defender, DEFENCE_SKILL, "defender")
        sides = QHBoxLayout()
        for title, chooser in (("Attacker", self.attacker), ("Defender", self.defender)):
            box = QGroupBox(title)
            QVBoxLayout(box).addWidget(chooser)
            sides.addWidget(box)

        self.typed = typed_die(100, "typedRoll", "The next d100, as a player rolled it")
        self.steps: dict[str, QPushButton] = {}
        steps = QGridLayout()
        for n, (key, text) in enumerate((
            ("attack", "1. Attacker spends 1 AP and rolls"),
            ("attacker_reroll", "Attacker: Luck Point, reroll"),
            ("attacker_flip", "Attacker: Luck Point, flip digits"),
            ("defender_force", "Defender: Luck Point, force attacker to reroll"),
            ("react", "2. Defender spends 1 AP, reacts and rolls"),
            ("decline", "2. Defender does not react"),
            ("attacker_force", "Attacker: Luck Point, force defender to reroll"),
            ("defender_reroll", "Defender: Luck Point, reroll"),
            ("defender_flip", "Defender: Luck Point, flip digits"),
        )):
            made = QPushButton(text, objectName=f"step_{key}")
            made.clicked.connect(lambda _checked=False, k=key: self.step(k))
            self.steps[key] = made
            steps.addWidget(made, n // 3, n % 3)
        self.story = QLabel(objectName="clashStory")
        self.story.setWordWrap(True)
        self.story.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.story.setMinimumHeight(120)
        self.story.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.verdict = MessageLine("clashVerdict", lines=2)  # the story's room stays
        font = self.verdict.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.verdict.setFont(font)
        self.resolve = ResolvePanel(operations, roll_router, session.combatants.by_id)
        self.resolve.changed.connect(self._update)
        self.buttons, self.record_button = accept_buttons(self, "Record the clash")
        self.record_button.setObjectName("recordClash")
        layout = QVBoxLayout(self)
        layout.addLayout(sides)
        typed = QHBoxLayout()
        typed.addWidget(QLabel("The next roll:"))
        typed.addWidget(self.typed)
        typed.addWidget(QLabel("<small>(type what a player rolled on the table; 00 is "
                               "100)</small>"))
        typed.addStretch()
        layout.addLayout(steps)
        layout.addLayout(typed)
        # The story of the clash beside its resolution: the dialog stays within 1366x768.
        below = QHBoxLayout()
        story = QVBoxLayout()
        story.addWidget(self.story, 1)
        story.addWidget(self.verdict)
        below.addLayout(story, 3)
        below.addWidget(self.resolve, 2)
        layout.addLayout(below, 1)
        layout.addWidget(self.buttons)
        self.resize(960, 640)
        # Another attacker or defender: the steps say what that one can do (a button greyed
        # with the old combatant's reason stayed so).
        for chooser in (self.attacker, self.defender):
            chooser.who.currentIndexChanged.connect(lambda _index: self._update())
        self._update()

    def _kind(self, combatant_id: int | None) -> str:
        index = self._session.combatants.index_of(combatant_id)
        return self._session.combatants[index].kind if index >= 0 else "pc"

    # -- the steps ----------------------------------------------------------------------------

    def _why_not(self, key: str) -> str:
        flow = self.flow
        if self._waiting:
            return "Waiting for the dice."
        if flow is None:
            if key != "attack":
                return "The attacker has not rolled."
            if self.attacker.row().id == self.defender.row().id:
                return "Pick two different combatants."
            return "" if self.attacker.side().ap >= 1 else (
                f"{self.attacker.row().name} has no Action Points left this round.")
        return {
            "attack": flow.why_not_attack(),
            "attacker_reroll": flow.why_not_own_luck(flow.attacker),
            "attacker_flip": flow.why_not_flip(flow.attacker),
            "defender_force": flow.why_not_force(flow.defender),
            "react": flow.why_not_react(),
            "decline": "" if flow.attacker.roll and flow.reacted is None else
                       "Only once, after the attacker rolls.",
            "attacker_force": flow.why_not_force(flow.attacker) if flow.reacted else
                              "The defender has not reacted with a roll.",
            "defender_reroll": flow.why_not_own_luck(flow.defender) if flow.reacted else
                               "The defender did not roll.",
            "defender_flip": flow.why_not_flip(flow.defender) if flow.reacted else
                             "The defender did not roll.",
        }[key]

    def step(self, key: str) -> None:
        why = self._why_not(key)
        if why:
            return
        flow = self.flow
        if key == "attack":
            self.flow = ClashFlow(self.attacker.side(), self.defender.side())
            self._roll(self.flow.attacker, self.flow.attack)
        elif flow is None:  # _why_not opens no other step before the attack
            return
        elif key == "decline":
            flow.decline()
        elif key.endswith("_flip"):
            side = flow.attacker if key.startswith("attacker") else flow.defender
            flow.own_luck(side, LuckOption.FLIP)
        elif key.endswith("_reroll"):
            side = flow.attacker if key.startswith("attacker") else flow.defender
            self._roll(side, lambda roll: flow.own_luck(side, LuckOption.REROLL, roll))
        elif key == "defender_force":
            self._roll(flow.attacker, lambda roll: flow.force(flow.defender, roll))
        elif key == "attacker_force":
            self._roll(flow.defender, lambda roll: flow.force(flow.attacker, roll))
        elif key == "react":
            self._roll(flow.defender, flow.react)
        self._update()

    def _roll(self, side: Side, then: Callable[[SkillRoll], None]) -> None:
        if self.typed.value():  # a player rolled at the table: the step takes that roll
            value = self.typed.value()
            self.typed.setValue(0)
            then(roll_skill(side.skill, Typed(value)))
            return
        if (sent := self._sent(side)) is not None:  # sent from that player's phone
            then(roll_skill(side.skill, Typed(sent)))
            return
        self._waiting = True

        def answered(answer: RollResult[SkillRoll]) -> None:
            self._waiting = False
            then(answer.result)
            self._update()

        self._router.submit(SkillRollRequest(side.name, side.skill, side.skill_name,
                                             side.combatant_id), answered, "The clash roll")

    def _sent(self, side: Side) -> int | None:
        """The d100 of the oldest clash roll ``side``'s player sent and the clash has not used
        yet; None when there is none (or the side is no PC)."""
        if self._inbox is None:
            return None
        row = next((r for r in self._session.combatants if r.id == side.combatant_id), None)
        if row is None or row.kind != "pc":
            return None
        roll = self._inbox.oldest(row.name, CLASH, skip=self.phone_rolls)
        if roll is None or roll.id is None:
            return None
        self.phone_rolls.append(roll.id)
        return roll.die(DIE)

    def _update(self) -> None:
        for key, made in self.steps.items():
            why = self._why_not(key)
            made.setEnabled(not why)
            made.setToolTip(why)
        locked = self.flow is not None
        self.attacker.setEnabled(not locked)
        self.defender.setEnabled(not locked)
        self.attacker.show_points(self.flow.attacker if self.flow else None)
        self.defender.show_points(self.flow.defender if self.flow else None)
        events = self.flow.events if self.flow else []
        self.story.setText("<br>".join(events) if events else
                           "Pick the attacker and the defender and the skills they roll, "
                           "then follow the steps from 1.")
        verdict = self.flow.verdict() if self.flow else ""
        self.verdict.setText(verdict)
        self.resolve.show_flow(self.flow)
        why = "Follow the steps first." if self.flow is None else self.flow.why_not_record()
        self.record_button.setEnabled(not why and not self._waiting and not self.resolve.waiting)
        self.record_button.setToolTip(why)

    def accept(self) -> None:
        flow = self.flow
        if flow is None or flow.why_not_record() or self.resolve.waiting:
            return
        if self._operations.record_clash(flow, self.phone_rolls):
            super().accept()
