"""The dialog that asks who joins the fight."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow, TemplateRow
from encounter_app.domain.adversaries import combatant_from
from encounter_app.ui.widgets.problem import ProblemLabel

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
