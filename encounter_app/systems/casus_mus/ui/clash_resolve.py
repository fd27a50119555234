"""Resolving a Casus Mus clash: the hitter's Combat Maneuvers, then its damage less armour.

The text's order ("CHOOSE CMs BEFORE ROLLING DAMAGE"): the maneuvers are ticked from a list
(the usual ones and the table's own, which *Add a maneuver…* extends for every clash to come),
at most as many as the table gave; rolling the damage locks them. The damage is the hitter's
weapon (remembered from its last clash), rolled on the rules thread or typed as the player
rolled it; the armour is the struck one's, editable for a shield or a spell.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.rules import dice
from encounter_app.services.rolls.router import RollRouter
from encounter_app.systems.casus_mus.services.clash import ClashFlow, Damage, armour, weapon_damage
from encounter_app.systems.casus_mus.services.maneuvers import ManeuverError
from encounter_app.systems.casus_mus.services.operations import CasusMusOperations
from encounter_app.ui.widgets.message import MessageLine
from encounter_app.ui.widgets.typed import typed_die


class ResolvePanel(QGroupBox):
    changed = Signal()  # a maneuver ticked, the damage rolled: the dialog says what is open

    def __init__(self, operations: CasusMusOperations, router: RollRouter,
                 row_of: Callable[[int], CombatantRow]) -> None:
        super().__init__("Resolve: Combat Maneuvers, then damage")
        self.setObjectName("clashResolve")
        self._operations, self._router, self._row_of = operations, router, row_of
        self.flow: ClashFlow | None = None
        self._prepared_for: tuple[int, int] | None = None  # (hitter, struck) the boxes show
        self.waiting = False
        self._own: set[str] = set()  # the table's own maneuvers in the list: they may go
        # Each line keeps its room: the list and the buttons under them stay where they are.
        self.allowed = MessageLine("maneuverCount", lines=2)
        self.list = QListWidget(objectName="maneuverList")
        self.list.setAccessibleName("Combat Maneuvers")
        self.list.setMinimumHeight(100)
        self.add_button = QPushButton("Add a maneuver…", objectName="addManeuver")
        self.add_button.setToolTip("A maneuver of your table, offered in every clash from now on")
        self.remove_button = QPushButton("Remove", objectName="removeManeuver")
        self.remove_button.setToolTip("Forget the selected maneuver (only your table's own)")
        self.expression = QLineEdit(objectName="damageExpression")
        self.expression.setAccessibleName("Damage dice")
        self.expression.setToolTip("The hitter's weapon damage, such as 1d8+1 (remembered for "
                                   "its next clash)")
        self.typed = typed_die(999, "typedDamage", "The damage a player rolled at the table")
        self.armour = QSpinBox(objectName="struckArmour")
        self.armour.setRange(0, 99)
        self.armour.setAccessibleName("Armour of the one struck")
        self.armour.setToolTip("Armour, shield or magic of the one struck: taken off the damage")
        self.roll_button = QPushButton("Roll damage", objectName="rollDamage")
        self.outcome = MessageLine("damageOutcome", lines=2)

        self._fill_list()
        edits = QHBoxLayout()
        edits.addWidget(self.add_button)
        edits.addWidget(self.remove_button)
        edits.addStretch()
        # Two rows for the damage: the dialog stays within a 1366x768 screen.
        damage = QGridLayout()
        damage.addWidget(_buddy("&Damage", self.expression), 0, 0)
        damage.addWidget(self.expression, 0, 1)
        damage.addWidget(self.typed, 0, 2)
        damage.addWidget(_buddy("&Armour", self.armour), 1, 0)
        damage.addWidget(self.armour, 1, 1)
        damage.addWidget(self.roll_button, 1, 2)
        damage.setColumnStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.allowed)
        layout.addWidget(self.list, 1)
        layout.addLayout(edits)
        layout.addLayout(damage)
        layout.addWidget(self.outcome)
        self.list.itemChanged.connect(self._ticked)
        self.list.currentItemChanged.connect(lambda *_a: self._enable())
        self.add_button.clicked.connect(self.add_maneuver)
        self.remove_button.clicked.connect(self.remove_maneuver)
        self.roll_button.clicked.connect(self.roll_damage)
        self.expression.textEdited.connect(lambda _t: self.outcome.clear())
        self._enable()

    # -- the list -------------------------------------------------------------------------------

    def _fill_list(self, chosen: tuple[str, ...] = ()) -> None:
        """The list from the store (read here, not on every refresh of the buttons)."""
        self.list.blockSignals(True)
        self.list.clear()
        offered = self._operations.maneuvers()
        self._own = {m.name for m in offered[self._operations.usual_maneuvers():]}
        for maneuver in offered:
            item = QListWidgetItem(maneuver.name)
            item.setToolTip(maneuver.text)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if maneuver.name in chosen
                               else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        self.list.blockSignals(False)

    def chosen(self) -> tuple[str, ...]:
        return tuple(self.list.item(i).text() for i in range(self.list.count())
                     if self.list.item(i).checkState() == Qt.CheckState.Checked)

    def _ticked(self, item: QListWidgetItem) -> None:
        flow = self.flow
        if flow is None:
            return
        if why := flow.why_not_maneuvers(self.chosen()):
            self.list.blockSignals(True)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.blockSignals(False)
            self.outcome.setText(why)
            return
        flow.choose_maneuvers(self.chosen())
        self.outcome.clear()
        self.changed.emit()

    def add_maneuver(self) -> None:
        name, ok = QInputDialog.getText(self, "Add a Combat Maneuver",
                                        "Name of the maneuver (kept for every clash):")
        if not ok or not name.strip():
            return
        text, ok = QInputDialog.getText(self, "Add a Combat Maneuver",
                                        f"What {name.strip()} does, as a reminder "
                                        "(optional):")
        if not ok:
            return
        try:
            made = self._operations.add_maneuver(name, text)
        except (ManeuverError, OSError) as exc:
            self.outcome.setText(str(exc))
            return
        self._fill_list(self.chosen())
        self.list.setCurrentRow(self.list.count() - 1)
        self.outcome.setText(f"{made.name} is kept for every clash to come.")

    def remove_maneuver(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        try:
            self._operations.remove_maneuver(item.text())
        except (ManeuverError, OSError) as exc:
            self.outcome.setText(str(exc))
            return
        name = item.text()
        self._fill_list(tuple(n for n in self.chosen() if n != name))
        if self.flow is not None and not self.flow.why_not_maneuvers(self.chosen()):
            self.flow.choose_maneuvers(self.chosen())
        self.outcome.setText(f"{name} is no longer offered.")
        self.changed.emit()

    # -- the damage -----------------------------------------------------------------------------

    def roll_damage(self) -> None:
        flow = self.flow
        if flow is None or self.waiting or flow.why_not_damage():
            return
        hitter, struck = flow.hitter(), flow.struck()
        assert hitter is not None and struck is not None
        text = self.expression.text().strip()
        try:
            dice.parse(text)
        except dice.DiceError as exc:
            self.outcome.setText(f"The damage {text!r} is not a dice expression: {exc}")
            self.expression.setFocus()
            return
        armour_value = self.armour.value()
        if typed := self.typed.value():
            self.typed.setValue(0)
            flow.set_damage(Damage(text, typed, f"{typed}, rolled at the table ({text})",
                                   armour_value))
            self.changed.emit()
            return
        self.waiting = True
        self.changed.emit()

        def answered(answer: RollResult[dice.DiceRoll]) -> None:
            self.waiting = False
            if flow is self.flow and not flow.why_not_damage():
                rolled: dice.DiceRoll = answer.result
                flow.set_damage(Damage(text, max(rolled.total, 0), rolled.text, armour_value))
            self.changed.emit()

        self._router.submit(DiceRequest(text, f"{hitter.name} damage"), answered,
                            "The damage roll")

    # -- what is open ---------------------------------------------------------------------------

    def show_flow(self, flow: ClashFlow | None) -> None:
        """Follow the clash: the boxes fill for a new hitter and struck, and only what the
        text allows now is enabled."""
        self.flow = flow
        hitter = flow.hitter() if flow else None
        struck = flow.struck() if flow else None
        if flow is not None and hitter is not None and struck is not None:
            pair = (hitter.combatant_id, struck.combatant_id)
            if pair != self._prepared_for:  # a new hitter (a reroll turned the clash)
                self._prepared_for = pair
                self.expression.setText(weapon_damage(self._row_of(hitter.combatant_id)))
                self.armour.setValue(armour(self._row_of(struck.combatant_id)))
                flow.maneuvers = ()
        if flow is not None and flow.maneuvers != self.chosen():
            self._fill_list(flow.maneuvers)  # the flow let a choice go (a reroll turned it)
        self._enable()

    def _enable(self) -> None:
        flow = self.flow
        open_cms = flow is not None and not flow.why_not_maneuvers() and not self.waiting
        self.list.setEnabled(open_cms)
        damage_why = "Follow the steps first." if flow is None else flow.why_not_damage()
        open_damage = not damage_why and not self.waiting
        for widget in (self.expression, self.typed, self.armour, self.roll_button):
            widget.setEnabled(open_damage)
        self.roll_button.setToolTip(damage_why or "Roll the hitter's damage (or take the "
                                                  "total typed at the table)")
        item = self.list.currentItem()
        self.remove_button.setEnabled(item is not None and item.text() in self._own)
        if flow is None or flow.result() is None:
            self.allowed.setText("Once someone hits, the winner picks Combat Maneuvers here, "
                                 "then rolls damage.")
        elif flow.hitter() is None:
            self.allowed.setText("Nobody hits: no maneuvers, no damage.")
        else:
            hitter = flow.hitter()
            assert hitter is not None
            allowed = flow.maneuvers_allowed()
            self.allowed.setText(
                f"<b>{hitter.name}</b> picks up to {allowed} "
                f"({len(flow.maneuvers)} chosen), before the damage." if allowed else
                f"<b>{hitter.name}</b> hits with no Combat Maneuvers: roll the damage.")
        if self.waiting:
            self.outcome.setText("Rolling the damage…")
        elif flow is not None and flow.damage is not None and flow.struck() is not None:
            struck = flow.struck()
            assert struck is not None
            self.outcome.setText(f"<b>{flow.damage.words(struck.name)}</b>")


def _buddy(text: str, widget: QWidget) -> QLabel:
    label = QLabel(text)
    label.setBuddy(widget)
    return label
