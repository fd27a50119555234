"""Scene intensity and the Fear spent in it, against the text's guide for that intensity."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.rules.daggerheart import SceneIntensity, scene_fear_range
from encounter_app.services.fight.operations import FightOperations


def guidance(spent: int, intensity: SceneIntensity) -> str:
    """"Fear spent 3 of 2–4: within the guide", in words (never colour alone)."""
    least, most = scene_fear_range(intensity)
    if spent < least:
        verdict = f"{least - spent} more to reach the guide"
    elif spent > most:
        verdict = f"{spent - most} over the guide"
    else:
        verdict = "within the guide"
    return f"Fear spent this scene: {spent} (guide {least}–{most}): {verdict}"


class SceneIntensityPanel(QWidget):
    """The scene's intensity, the Fear spent in it against the guide, and New scene, which
    counts that Fear from 0 again (``new_scene``: Daggerheart's operation; a rest does too)."""

    def __init__(self, operations: FightOperations, parent: QWidget | None = None, *,
                 new_scene: Callable[[], object] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scenePanel")
        self._operations = operations
        self._session = session = operations.session
        self.intensity = QComboBox(objectName="sceneIntensity")
        self.intensity.setAccessibleName("Scene intensity")
        self.intensity.setToolTip("How much Fear to spend in this scene (core GM mechanics)")
        for member in SceneIntensity:
            least, most = scene_fear_range(member)
            self.intensity.addItem(f"{member.value} ({least}–{most} Fear)", member.name.lower())
        self.spent = QLabel(objectName="sceneFearSpent")
        self.spent.setWordWrap(True)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel("Scene:"))
        row.addWidget(self.intensity, 1)
        self.new_scene_action = QAction("Ne&w scene", self, objectName="newSceneAction")
        self.new_scene_action.setToolTip("A new scene: the Fear spent in it counts from 0 (a "
                                         "rest starts one too), and with the Spotlight "
                                         "Tracker every PC's tokens refill")
        self.new_scene_action.setVisible(new_scene is not None)
        if new_scene is not None:
            self.new_scene_action.triggered.connect(new_scene)
            button = QToolButton(objectName="newSceneButton")
            button.setDefaultAction(self.new_scene_action)
            button.setAccessibleName("New scene")
            row.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.addLayout(row)
        layout.addWidget(self.spent)
        self.intensity.activated.connect(self._chosen)
        session.scene_changed.connect(self._show)
        self._show()

    def _chosen(self, index: int) -> None:
        self._operations.set_scene_intensity(self.intensity.itemData(index))

    def _show(self) -> None:
        current = SceneIntensity[self._session.scene_intensity.upper()]
        self.intensity.setCurrentIndex(self.intensity.findData(current.name.lower()))
        text = guidance(self._session.fear_spent_in_scene, current)
        self.spent.setText(text)
        self.spent.setAccessibleName(text)
