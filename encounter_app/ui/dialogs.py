"""Small dialogs that ask the GM for what an action needs: who joins, whom an attack targets."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from encounter_app.demo import combatant_from
from encounter_app.services.rules_service import AttackRequest, Target
from encounter_app.store import CombatantRow, TemplateRow
from encounter_app.ui.problem import ProblemLabel

KINDS = (("pc", "Player character"), ("adversary", "Adversary from the library"),
         ("npc", "NPC"))


def _spin(low: int, high: int, value: int, name: str) -> QSpinBox:
    spin = QSpinBox(minimum=low, maximum=high, value=value)
    spin.setAccessibleName(name)
    return spin


class AddCombatantDialog(QDialog):
    """Who joins the fight: a PC or NPC typed in, or an adversary from the library."""

    def __init__(self, templates: Sequence[TemplateRow], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add combatant")
        self.setObjectName("addCombatantDialog")
        self._templates = list(templates)
        self.kind = QComboBox()
        self.kind.setAccessibleName("Kind")
        for key, label in KINDS:
            self.kind.addItem(label, key)

        self.template = QComboBox()
        self.template.setAccessibleName("Adversary")
        for t in self._templates:
            self.template.addItem(f"{t.stats.name} (Tier {t.stats.tier} {t.stats.type})", t.id)
        self.adversary_name = QLineEdit(placeholderText="as in the library")
        self.adversary_name.setAccessibleName("Name in this fight")
        adversary_page = QWidget()
        adversary_form = QFormLayout(adversary_page)
        adversary_form.addRow("&Adversary", self.template)
        adversary_form.addRow("Na&me", self.adversary_name)

        self.name = QLineEdit()
        self.name.setAccessibleName("Name")
        self.evasion = _spin(0, 40, 10, "Evasion")
        self.hp = _spin(1, 20, 6, "HP slots")
        self.stress = _spin(0, 20, 6, "Stress slots")
        person_page = QWidget()
        person_form = QFormLayout(person_page)
        person_form.addRow("&Name", self.name)
        person_form.addRow("&Evasion", self.evasion)
        person_form.addRow("&HP", self.hp)
        person_form.addRow("&Stress", self.stress)

        self.pages = QStackedWidget()
        self.pages.addWidget(person_page)
        self.pages.addWidget(adversary_page)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.problem = ProblemLabel("addCombatantProblem")
        top = QFormLayout()
        top.addRow("&Kind", self.kind)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.pages)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

        self.kind.currentIndexChanged.connect(self._update)
        self.name.textChanged.connect(self._update)
        self._update()

    def _update(self) -> None:
        adversary = self.kind.currentData() == "adversary"
        self.pages.setCurrentIndex(1 if adversary else 0)
        if adversary:
            problem = "" if self.template.count() else "The adversary library is empty."
        else:
            problem = "" if self.name.text().strip() else "Give the combatant a name."
        self.problem.say(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    def combatant(self) -> CombatantRow:
        kind = self.kind.currentData()
        if kind == "adversary":
            template = self._templates[self.template.currentIndex()]
            return combatant_from(template.stats, self.adversary_name.text().strip() or None)
        return CombatantRow(kind=kind, name=self.name.text().strip(),
                            evasion=self.evasion.value(), hp_max=self.hp.value(),
                            stress_max=self.stress.value())


class AttackDialog(QDialog):
    """Which PCs an adversary's attack targets, and with advantage or disadvantage."""

    def __init__(self, attacker: CombatantRow, targets: Sequence[CombatantRow],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        stats = attacker.stats
        self.setWindowTitle(f"{attacker.name} attacks")
        self.setObjectName("attackDialog")
        self._attacker = attacker
        self._targets = [t for t in targets if t.evasion is not None]
        heading = QLabel(
            f"<b>{stats.attack_name or 'Attack'}</b> {stats.attack_modifier:+d} · "
            f"{stats.attack_range} · {stats.damage}")
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
        self.advantage = QCheckBox("Ad&vantage")
        self.disadvantage = QCheckBox("&Disadvantage")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.roll_button = self.buttons.addButton("&Roll", QDialogButtonBox.ButtonRole.AcceptRole)
        self.roll_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(QLabel("Targets (one roll is compared with each Evasion):"))
        layout.addWidget(self.list)
        layout.addWidget(self.advantage)
        layout.addWidget(self.disadvantage)
        self.problem = ProblemLabel("attackProblem")
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.list.itemChanged.connect(self._update)
        self._update()

    def set_checked(self, rows: Sequence[int]) -> None:
        for i in range(self.list.count()):
            state = Qt.CheckState.Checked if i in rows else Qt.CheckState.Unchecked
            self.list.item(i).setCheckState(state)

    def chosen(self) -> list[CombatantRow]:
        return [t for i, t in enumerate(self._targets)
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def _update(self, *_args) -> None:
        self.roll_button.setEnabled(bool(self.chosen()))
        self.problem.say("" if self.chosen() else "Tick at least one target.")

    def request(self) -> AttackRequest:
        stats = self._attacker.stats
        return AttackRequest(
            attacker=self._attacker.name, modifier=stats.attack_modifier, damage=stats.damage,
            attack_name=stats.attack_name or "Attack",
            targets=tuple(Target(t.name, t.evasion, t.id) for t in self.chosen()),
            advantage=self.advantage.isChecked(), disadvantage=self.disadvantage.isChecked(),
            combatant_id=self._attacker.id,
        )
