"""Marking damage on tracked PCs: after an adversary's attack hits, or from a PC card's Damage….

One box per PC hit: the damage (typed in when it came from the card), what it marks by the PC's
thresholds, and an Armor Slot to mark instead of one threshold of it. *Mark* makes every PC's
marks one undo step; *Not now* leaves the PCs as they are (the roll stays in the log).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import CombatantRow
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.ui.widgets.message import MessageLine

MAX_DAMAGE = 999


@fields_repr
@dataclass(repr=False)
class _PcBox:
    """One PC's part of the dialog."""

    row: CombatantRow
    box: QGroupBox
    damage: QSpinBox
    result: MessageLine
    armor: QCheckBox


class HitDialog(QDialog):
    """Mark a hit on one or more tracked PCs by their thresholds, an Armor Slot if wanted."""

    def __init__(self, targets: Sequence[tuple[CombatantRow, int]], source: str,
                 parent: QWidget | None = None, *, typed: bool = False,
                 massive: bool = False) -> None:
        """``targets``: each PC and the damage it took; ``typed``: the GM types the damage
        (a PC card's Damage…), else it came from the roll and is only shown; ``massive``: the
        campaign plays the optional Massive Damage rule (4 HP at twice Severe)."""
        super().__init__(parent)
        self._massive = massive
        self.setObjectName("pcHitDialog")
        self.setWindowTitle(f"Mark the hit: {source}")
        layout = QVBoxLayout(self)
        intro = QLabel("Each PC marks HP by their thresholds. An Armor Slot marked takes the "
                       "damage one threshold down (Severe to Major, Major to Minor, Minor to "
                       "none)." + (" Massive Damage: twice Severe or more marks 4 HP."
                                   if massive else ""))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self._boxes: list[_PcBox] = []
        for row, damage in targets:
            self._boxes.append(self._pc_box(row, damage, typed, several=len(targets) > 1))
            layout.addWidget(self._boxes[-1].box)
        self.buttons = QDialogButtonBox()
        self.mark_button = self.buttons.addButton("&Mark", QDialogButtonBox.ButtonRole.AcceptRole)
        self.mark_button.setObjectName("markHitButton")
        self.buttons.addButton("&Not now", QDialogButtonBox.ButtonRole.RejectRole)
        self.mark_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        for pc in self._boxes:
            self._show(pc)
        # The first thing to fill: the damage when it is typed, else Mark itself.
        first = next((pc.damage for pc in self._boxes if typed and pc.damage.isEnabled()), None)
        (first or self.mark_button).setFocus()

    def _pc_box(self, row: CombatantRow, damage: int, typed: bool, several: bool) -> _PcBox:
        now = pc_tracks.tracks(row)
        box = QGroupBox(f"{row.name} · {now.thresholds_text()}")
        box.setObjectName(f"pcHit:{row.name}")
        box.setCheckable(several)  # several PCs hit: each one can be left out
        inner = QVBoxLayout(box)
        spin = QSpinBox(minimum=0, maximum=MAX_DAMAGE, value=max(0, damage))
        spin.setPrefix("Damage ")
        spin.setAccessibleName(f"Damage to {row.name}")
        spin.setEnabled(typed and now.has_thresholds)
        spin.setVisible(typed)
        # Two lines' room, wrapped: a longer result (an Armor Slot ticked) moves nothing.
        result = MessageLine("hitResult", lines=2)
        armor = QCheckBox(f"Mark an Armor Slot ({now.armor_free} of {now.armor} free)")
        armor.setObjectName("hitArmor")
        pc = _PcBox(row, box, spin, result, armor)
        spin.valueChanged.connect(lambda _value, p=pc: self._show(p))
        armor.toggled.connect(lambda _on, p=pc: self._show(p))
        box.toggled.connect(lambda _on, p=pc: self._show(p))
        for widget in (spin, result, armor):
            inner.addWidget(widget)
        return pc

    def _show(self, pc: _PcBox) -> None:
        hit = pc_tracks.hit_on(pc.row, pc.damage.value(), massive=self._massive)
        if hit is None:
            pc.result.setText("No thresholds set: mark its HP on its card, or set them in "
                              "Campaign › Manage campaigns › Party.")
            pc.armor.setEnabled(False)
        else:
            pc.armor.setEnabled(hit.armor_helps)
            if not hit.armor_helps:
                pc.armor.setChecked(False)
            after = pc_tracks.marked_by(pc.row, hit, pc.armor.isChecked())
            pc.result.setText(f"{hit.words(pc.armor.isChecked())}: HP {after.hp_marked}/"
                              f"{after.hp_max} marked")
        self.mark_button.setEnabled(bool(self.marked()))

    def marked(self) -> list[CombatantRow]:
        """Each PC as marking the hit leaves it (only those it changes)."""
        rows = []
        for pc in self._boxes:
            if pc.box.isCheckable() and not pc.box.isChecked():
                continue
            hit = pc_tracks.hit_on(pc.row, pc.damage.value(), massive=self._massive)
            if hit is None:
                continue
            after = pc_tracks.marked_by(pc.row, hit, pc.armor.isChecked())
            if after != pc.row:
                rows.append(after)
        return rows
