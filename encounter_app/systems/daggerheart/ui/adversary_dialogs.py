"""Dialogs for what the GM types about an adversary: the damage it took, a custom condition.

Both check the text as it is typed and say what is wrong under the field; OK stays disabled
until the text is good, so a typo never loses what was typed.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow, adversaries
from encounter_app.domain.adversaries import Refused
from encounter_app.ui.shell import theme
from encounter_app.ui.widgets.message import MessageLine


class _CheckedTextDialog(QDialog):
    """A dialog with one line to type, a line under it saying what the text does or what is
    wrong with it, and OK enabled only when the text is good. Subclasses override ``check``."""

    def __init__(self, title: str, prompt: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.edit = QLineEdit()
        self.edit.setAccessibleName(prompt)
        self.prompt = QLabel(prompt)
        self.prompt.setBuddy(self.edit)
        # Two lines' room from the start: what the text does, or what is wrong with it,
        # changes as it is typed and moves nothing.
        self.message = MessageLine("checkMessage", lines=2)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button: QPushButton = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.layout_ = QVBoxLayout(self)
        self.layout_.addWidget(self.prompt)
        self.layout_.addWidget(self.edit)
        self.layout_.addWidget(self.message)
        self.edit.textChanged.connect(self.update_state)

    def check(self) -> str:
        """What the typed text would do; raise Refused when it cannot be used."""
        raise NotImplementedError

    def update_state(self, *_args: object) -> bool:
        try:
            text, ok = self.check(), True
        except Refused as exc:
            text, ok = str(exc), False
        self.message.setText(text)
        # Nothing typed yet is not an error: the hint stays in the normal colour.
        self.message.setStyleSheet("" if ok or not self.edit.text().strip()
                                   else theme.error_style(self))
        self.message.setAccessibleDescription(text)
        self.ok_button.setEnabled(ok)
        return ok

    def accept(self) -> None:
        if self.update_state():  # Enter in the line edit reaches here even with OK disabled
            super().accept()


class DamageDialog(_CheckedTextDialog):
    """How much damage an adversary took; for a Minion, which other Minions fall with it."""

    def __init__(self, target: CombatantRow, minions: Sequence[CombatantRow],
                 parent: QWidget | None = None, *, massive: bool = False) -> None:
        """``massive``: the campaign plays the optional Massive Damage rule."""
        super().__init__(f"Damage {target.name}", "&Damage dealt (after any reductions):",
                         parent)
        self._massive = massive
        self.setObjectName("damageDialog")
        self.edit.setObjectName("damageEdit")
        self.edit.setPlaceholderText("e.g. 12")
        self.message.setObjectName("damagePreview")
        self._target = target
        self._minions = list(minions)
        stats = target.stats
        thresholds = ("Minion: no thresholds, any damage defeats it"
                      if adversaries.traits(stats).minion
                      else f"Thresholds: Major {stats.major}, Severe {stats.severe}"
                      + (f", Massive Damage {2 * stats.severe}" if massive else "")
                      if stats and stats.major is not None and stats.severe is not None
                      else "No thresholds")
        self.layout_.insertWidget(0, QLabel(
            f"<b>{target.name}</b>: HP {target.hp_marked}/{target.hp_max} marked. {thresholds}."))
        self.minion_list = QListWidget(objectName="minionList")
        self.minion_list.setAccessibleName("Other Minions this hit also defeats")
        for minion in self._minions:
            item = QListWidgetItem(minion.name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setData(Qt.ItemDataRole.UserRole, minion.id)
            self.minion_list.addItem(item)
        self.minion_count = MessageLine("minionCount")
        self.minion_box = QWidget()
        box = QVBoxLayout(self.minion_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(QLabel("Pick the Minions within range that the attack would succeed "
                             "against:"))
        box.addWidget(self.minion_list)
        box.addWidget(self.minion_count)
        self._picks_minions = adversaries.traits(stats).minion_x is not None
        self.minion_box.setVisible(self._picks_minions)
        self.layout_.addWidget(self.minion_box)
        self.layout_.addWidget(self.buttons)
        self.minion_list.itemChanged.connect(self.update_state)
        self.update_state()

    def amount(self) -> int:
        return adversaries.parse_damage(self.edit.text())

    def chosen_minions(self) -> list[int]:
        return [self.minion_list.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.minion_list.count())
                if self.minion_list.item(i).checkState() == Qt.CheckState.Checked]

    def set_checked(self, rows: Sequence[int]) -> None:
        for i in range(self.minion_list.count()):
            self.minion_list.item(i).setCheckState(
                Qt.CheckState.Checked if i in rows else Qt.CheckState.Unchecked)

    def check(self) -> str:
        picked = self.chosen_minions()
        if not self._minions:
            self.minion_count.setText("No other Minion is still standing.")
        else:
            self.minion_count.setText(f"{len(picked)} picked")
        damage = adversaries.damage_to(self._target, self.amount(), massive=self._massive)
        extra = damage.extra_minions
        if self._minions and self._picks_minions:
            self.minion_count.setText(f"{len(picked)} picked of up to {extra} more "
                                      f"({damage.amount} damage ÷ "
                                      f"{adversaries.traits(self._target.stats).minion_x})")
        if damage.marks == 0:
            raise Refused(f"{damage.preview}: nothing to mark.")
        if len(picked) > extra:
            raise Refused(f"{damage.amount} damage defeats {extra} more Minion"
                          f"{'s' if extra != 1 else ''}: you picked {len(picked)}.")
        return f"{damage.amount} damage {damage.preview}."


class ConditionDialog(_CheckedTextDialog):
    """A condition of the GM's own ("Burning", "Frightened") for one adversary."""

    def __init__(self, target: CombatantRow, parent: QWidget | None = None) -> None:
        super().__init__(f"Condition on {target.name}", "&Condition:", parent)
        self.setObjectName("conditionDialog")
        self.edit.setObjectName("conditionEdit")
        self.edit.setPlaceholderText("e.g. Burning")
        self.edit.setMaxLength(adversaries.MAX_CONDITION_LENGTH + 10)  # room to see it is long
        self._target = target
        self.layout_.addWidget(self.buttons)
        self.update_state()

    def check(self) -> str:
        return adversaries.with_condition(self._target, self.edit.text()).message

    def condition(self) -> str:
        return adversaries.condition_name(self.edit.text())
