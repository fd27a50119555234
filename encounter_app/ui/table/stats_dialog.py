"""Add a combatant, or edit one's numbers, with the fields of the campaign's rule system."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.domain.system import StatField, StatsError, SystemRules
from encounter_app.ui.widgets.message import with_message
from encounter_app.ui.widgets.problem import ProblemLabel

KINDS = (("Adversary", "adversary"), ("PC", "pc"), ("NPC", "npc"))


class StatsDialog(QDialog):
    """Every number of the system as a box that only takes what the field allows."""

    def __init__(self, rules: SystemRules, parent: QWidget | None = None, *,
                 existing: CombatantRow | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statsDialog")
        self._rules, self._existing = rules, existing
        self.setWindowTitle(f"Edit {existing.name}" if existing else
                            f"Add a {rules.name} combatant")
        self.name = QLineEdit(objectName="combatantName")
        self.name.setAccessibleName("Name")
        self.kind = QComboBox(objectName="combatantKind")
        for label, key in KINDS:
            self.kind.addItem(label, key)
        self.name_problem = ProblemLabel("nameProblem", lines=2)  # its room always kept
        self.fields: dict[str, QSpinBox | QCheckBox] = {}
        form = QFormLayout()
        form.addRow("&Name", with_message(self.name, self.name_problem))
        form.addRow("&Kind", self.kind)
        # The typed sheet's numbers by the fields' keys (a row without one: the defaults).
        values = rules.sheet_values(existing.system_stats if existing else rules.defaults())
        for field in rules.pc_fields:
            form.addRow(field.label, self._editor(field, values[field.key]))
        if existing is not None:
            self.name.setText(existing.name)
            self.kind.setCurrentIndex(self.kind.findData(existing.kind))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.name.textChanged.connect(lambda _text: self.name_problem.say(""))

    def _editor(self, field: StatField, value: int) -> QWidget:
        editor: QSpinBox | QCheckBox
        if field.flag:
            editor = QCheckBox(objectName=f"stat_{field.key}", checked=bool(value))
        else:
            editor = QSpinBox(objectName=f"stat_{field.key}")
            editor.setRange(field.minimum, field.maximum)
            editor.setValue(value)
        editor.setAccessibleName(field.label)
        editor.setToolTip(field.help or f"{field.minimum} to {field.maximum}")
        self.fields[field.key] = editor
        return editor

    def stats(self) -> dict[str, int]:
        return {key: int(e.isChecked()) if isinstance(e, QCheckBox) else e.value()
                for key, e in self.fields.items()}

    def combatant(self) -> CombatantRow:
        """The new or edited row; raises StatsError (also shown at the field)."""
        row = self._rules.new_combatant(self.kind.currentData(), self.name.text(),
                                        self.stats())
        if self._existing is None:
            return row
        # Everything the dialog does not edit stays: marks, conditions, turn state, the GM's
        # note and the link to the party roster.
        old = self._existing
        return replace(old, kind=row.kind, name=row.name, hp_max=row.hp_max,
                       hp_marked=min(old.hp_marked, row.hp_max), system_stats=row.system_stats)

    def accept(self) -> None:
        try:
            self.combatant()
        except StatsError as exc:
            self.name_problem.say(exc.problems.get("name", str(exc)))
            self.name.setFocus()
            return
        super().accept()
