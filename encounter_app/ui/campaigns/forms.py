"""The campaign view's small dialogs: a name, a new campaign, a PC of the party.

Each says what is wrong right under the field and keeps OK disabled until it is fixed
(ProblemLabel); nothing typed is lost to a rejected value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.system import StatField, SystemRules
from encounter_app.ui.campaigns.models import MARKED
from encounter_app.ui.widgets.message import with_message
from encounter_app.ui.widgets.problem import ProblemLabel


class _Form(QDialog):
    """A form whose OK is enabled only while every check passes."""

    def __init__(self, title: str, name: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName(name)
        self.form = QFormLayout()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self._checks: list[Callable[[], bool]] = []

    def ok_button(self) -> QPushButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def add_check(self, check: Callable[[], bool]) -> None:
        self._checks.append(check)

    def validate(self) -> bool:
        ok = all([check() for check in self._checks])  # every check says its problem
        self.ok_button().setEnabled(ok)
        return ok

    def accept(self) -> None:
        if self.validate():
            super().accept()

    def name_row(self, label: str, text: str, what: str) -> QLineEdit:
        edit: QLineEdit = QLineEdit(text, objectName="nameEdit")
        edit.setAccessibleName(label.replace("&", ""))
        problem = ProblemLabel("nameProblem")  # its room kept: nothing moves when it speaks
        self.form.addRow(label, with_message(edit, problem))

        def check() -> bool:
            message = "" if edit.text().strip() else f"{what} needs a name."
            problem.say(message)
            return not message
        self.add_check(check)
        edit.textChanged.connect(self.validate)
        return edit


class NameDialog(_Form):
    """Ask for a name (rename a campaign or an encounter, name a new encounter)."""

    def __init__(self, title: str, what: str, text: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(title, "nameDialog", parent)
        self.edit = self.name_row("&Name", text, what)
        self.edit.selectAll()
        self.validate()
        self.resize(420, self.sizeHint().height())

    def name(self) -> str:
        return self.edit.text().strip()


class NewCampaignDialog(_Form):
    def __init__(self, systems: Mapping[str, str], parent: QWidget | None = None) -> None:
        super().__init__("New campaign", "newCampaignDialog", parent)
        self.edit = self.name_row("&Name", "", "The campaign")
        self.system = QComboBox(objectName="systemCombo")
        self.system.setAccessibleName("Rule system")
        for key, name in systems.items():  # key to name, the program's default first
            self.system.addItem(name, key)
        self.form.addRow("&Rule system", self.system)
        hint = QLabel("The rule system cannot be changed later: the party's stats, the turn "
                      "order and the Fear pool all follow from it.", wordWrap=True)
        hint.setObjectName("systemHint")
        self.form.addRow("", hint)
        self.validate()
        self.resize(460, self.sizeHint().height())

    def name(self) -> str:
        return self.edit.text().strip()

    def system_key(self) -> str:
        key: str = self.system.currentData()
        return key


class _NumberField:
    """One number typed in, checked by its StatField (or a marks range) as it is typed."""

    def __init__(self, field: StatField, value: int, form: _Form) -> None:
        self.field = field
        self.edit = QLineEdit(str(value), objectName=f"stat_{field.key}")
        self.edit.setAccessibleName(field.label)
        self.edit.setToolTip(field.help or f"{field.minimum} to {field.maximum}")
        self.edit.setMaximumWidth(90)
        self.problem = ProblemLabel(f"problem_{field.key}")
        form.form.addRow(f"{field.label}", with_message(self.edit, self.problem))
        self.edit.textChanged.connect(form.validate)
        self.limit: Callable[[], int] | None = None  # a marks field: at most the track

    def value(self) -> int | None:
        try:
            return int(self.edit.text().strip())
        except ValueError:
            return None

    def valid_value(self) -> int:
        """The number once check() has passed, as it has when the dialog is accepted."""
        value = self.value()
        assert value is not None, f"{self.field.label} is not a whole number"
        return value

    def check(self) -> bool:
        value = self.value()
        if value is None:
            message = f"{self.field.label} must be a whole number."
        else:
            message = self.field.check(value)
            if not message and self.limit is not None and value > self.limit():
                message = f"{self.field.label} cannot be more than {self.limit()}."
        self.problem.say(message)
        return not message


class PcDialog(_Form):
    """A PC of the party: name and the system's stats (its ``pc_fields``), with its marks."""

    def __init__(self, system: SystemRules, pc: PcRow | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__("Edit PC" if pc else "Add PC", "pcDialog", parent)
        self._system, self._pc = system, pc or PcRow(name="", stats=system.defaults())
        self.edit = self.name_row("&Name", self._pc.name, "The character")
        self.numbers: dict[str, _NumberField] = {}
        self.flags: dict[str, QCheckBox] = {}
        sheet = system.sheet_values(self._pc.stats)
        for field in system.pc_fields:
            current = sheet[field.key]
            if field.flag:
                box = QCheckBox(field.label, objectName=f"stat_{field.key}",
                                checked=bool(current))
                box.setToolTip(field.help)
                self.form.addRow("", box)
                self.flags[field.key] = box
                continue
            number = self.numbers[field.key] = _NumberField(field, current, self)
            self.add_check(number.check)
        self.marks: dict[str, _NumberField] = {}
        for key, attribute in MARKED.items():
            if key in self.numbers:
                label = f"{self.numbers[key].field.label} marked"
                mark = _NumberField(StatField(attribute, label, 0, 0, 999),
                                    getattr(self._pc, attribute), self)
                mark.limit = lambda k=key: self.numbers[k].value() or 0
                self.marks[attribute] = mark
                self.add_check(mark.check)
        self.note = QLineEdit(self._pc.note, objectName="pcNote")
        self.note.setAccessibleName("Note (GM only)")
        self.form.addRow("N&ote (GM only)", self.note)
        self.validate()
        self.resize(440, self.sizeHint().height())

    def pc(self) -> PcRow:
        stats = {key: number.valid_value() for key, number in self.numbers.items()}
        stats.update({key: int(box.isChecked()) for key, box in self.flags.items()})
        marks = {key: number.valid_value() for key, number in self.marks.items()}
        return PcRow(name=self.edit.text().strip(), stats=self._system.stats_from(stats),
                     id=self._pc.id,
                     hp_marked=marks.get("hp_marked", 0),
                     stress_marked=marks.get("stress_marked", 0),
                     armor_marked=marks.get("armor_marked", 0), note=self.note.text())
