"""The environment editor: name, tier, type, Difficulty, impulses, potential adversaries and
features, each problem said at its field and Save disabled with the reason until it is valid."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from encounter_app.domain import EnvironmentBlock, Feature
from encounter_app.domain.json_data import JsonObject
from encounter_app.rules import stat_blocks as rules
from encounter_app.systems.daggerheart.ui.library.entry_lists import FeatureRow, ListEditor
from encounter_app.systems.daggerheart.ui.library.stat_block_forms import (
    FieldForm,
    ValidatedDialog,
    text_box,
)

NEW_ENVIRONMENT = EnvironmentBlock(name="", tier=1, type="Exploration", difficulty=12)


class EnvironmentEditor(ValidatedDialog):
    def __init__(self, block: EnvironmentBlock | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("environmentEditor")
        self.setWindowTitle(f"Edit {block.name}" if block else "New environment")
        self._common_fields("e.g. Drowned Chapel", "What the place looks and sounds like")
        self.type = QComboBox(objectName="environmentTypeCombo")
        self.type.setAccessibleName("Type")
        self.type.addItems(rules.ENVIRONMENT_TYPES)
        self.impulses = text_box("Impulses", 2, "What the place pushes for, e.g. flood, hide")
        self.adversaries = text_box("Potential adversaries", 2,
                                    "Who may be found here, e.g. bandits, eels")
        self.features: ListEditor[Feature] = ListEditor(FeatureRow, "Add feature", "features")

        form = FieldForm()
        form.field("&Name", self.name, "name")
        # Only the name can be wrong as typed: the boxes hold what the rules allow.
        form.field("&Tier", self.tier)
        form.field("T&ype", self.type)
        form.field("&Difficulty", self.difficulty)
        form.field("Descri&ption", self.description)
        form.field("&Impulses", self.impulses)
        form.field("Potential &adversaries", self.adversaries)
        self._assemble([form], [("Features", self.features)], 980, 560)
        self.set_block(block or NEW_ENVIRONMENT)
        self._watch(self.name.textChanged, self.tier.valueChanged,
                    self.type.currentIndexChanged, self.difficulty.valueChanged,
                    self.features.changed)

    def set_block(self, block: EnvironmentBlock) -> None:
        self.name.setText(block.name)
        self.tier.setValue(block.tier)
        self.type.setCurrentText(block.type)
        self.difficulty.setValue(block.difficulty)
        self.description.setPlainText(block.description)
        self.impulses.setPlainText(block.impulses)
        self.adversaries.setPlainText(block.potential_adversaries)
        self.features.set_values(block.features)

    def json(self) -> JsonObject:
        return {"name": self.name.text().strip(), "tier": self.tier.value(),
                "type": self.type.currentText(), "difficulty": self.difficulty.value(),
                "description": self.description.toPlainText().strip(),
                "impulses": self.impulses.toPlainText().strip(),
                "potential_adversaries": self.adversaries.toPlainText().strip(),
                "features": self.features.json()}

    def problems(self) -> dict[str, str]:
        return rules.environment_problems(self.json())

    def block(self) -> EnvironmentBlock:
        return EnvironmentBlock.from_json(self.json())

    value = block
