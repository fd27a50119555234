"""Marking damage on tracked PCs: after an adversary's attack or feature, or from a PC card's
Damage….

One box per PC touched: the damage (typed in when it came from the card), what it marks by the
PC's thresholds, an Armor Slot to mark instead of one threshold of it, and the riders the
feature puts on the PC (an Armor Slot, Stress, a condition), each ticked. After a roll, *Mark*
logs the roll with its cost and every PC's marks as one undo step, and *Not now* logs the roll
and its cost alone (``DaggerheartOperations.attack``); from the card, *Mark* is one step too.

Nothing moves while the GM ticks: every line has its room from the start (the result line is
as wide as its longest words), so *Mark* stays under the pointer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

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
from encounter_app.domain.rows import CombatantRow, RollRow
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.services.feature_marks import PcHit, PcMarks, marked
from encounter_app.ui.widgets.message import MessageLine

MAX_DAMAGE = 999
# The longest result line, for its room: the label never widens the dialog as it changes.
WIDEST_RESULT = "999 damage: Massive, marks 4 HP and an Armor Slot: HP 12/12 marked"


@fields_repr
@dataclass(repr=False)
class _PcBox:
    """One PC's part of the dialog."""

    offer: PcHit
    box: QGroupBox
    damage: QSpinBox
    result: MessageLine
    armor: QCheckBox
    riders: list[tuple[QCheckBox, str]]  # each rider's box and what it is ("armor", "stress",
    # or a condition's name)

    @property
    def row(self) -> CombatantRow:
        return self.offer.row


class HitDialog(QDialog):
    """Mark a hit on one or more tracked PCs by their thresholds, an Armor Slot if wanted, and
    the riders of the feature that hit them."""

    def __init__(self, targets: Sequence[PcHit | tuple[CombatantRow, int]], source: str,
                 parent: QWidget | None = None, *, typed: bool = False,
                 massive: bool = False, roll: RollRow | None = None) -> None:
        """``targets``: each PC and the damage it took (with a feature's riders: ``PcHit``);
        ``typed``: the GM types the damage (a PC card's Damage…), else it came from the roll
        (``roll``, its log row, shown on top) and is only shown; ``massive``: the campaign
        plays the optional Massive Damage rule (4 HP at twice Severe)."""
        super().__init__(parent)
        self._massive = massive
        self.setObjectName("pcHitDialog")
        self.setWindowTitle(f"Mark the hit: {source}")
        layout = QVBoxLayout(self)
        if roll is not None:  # the roll is logged with the marks: here is what it rolled
            rolled = QLabel(f"<b>{escape(roll.summary)}</b><br>"
                            + "<br>".join(escape(line) for line in roll.detail.splitlines()),
                            objectName="hitRoll", wordWrap=True)
            layout.addWidget(rolled)
        intro = QLabel("Each PC marks HP by their thresholds. An Armor Slot marked takes the "
                       "damage one threshold down (Severe to Major, Major to Minor, Minor to "
                       "none)." + (" Massive Damage: twice Severe or more marks 4 HP."
                                   if massive else ""))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        offers = [t if isinstance(t, PcHit) else PcHit(t[0], t[1]) for t in targets]
        self._boxes: list[_PcBox] = []
        for offer in offers:
            self._boxes.append(self._pc_box(offer, typed, several=len(offers) > 1))
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

    def _pc_box(self, offer: PcHit, typed: bool, several: bool) -> _PcBox:
        row = offer.row
        now = pc_tracks.tracks(row)
        why = f" · {offer.why}" if offer.why else ""
        box = QGroupBox(f"{row.name} · {now.thresholds_text()}{why}")
        box.setObjectName(f"pcHit:{row.name}")
        box.setCheckable(several)  # several PCs hit: each one can be left out
        inner = QVBoxLayout(box)
        spin = QSpinBox(minimum=0, maximum=MAX_DAMAGE, value=max(0, offer.damage))
        spin.setPrefix("Damage ")
        spin.setAccessibleName(f"Damage to {row.name}")
        spin.setEnabled(typed and now.has_thresholds)
        spin.setVisible(typed)
        # Two lines' room, wrapped, and the longest result's width: ticking an Armor Slot
        # moves nothing.
        result = MessageLine("hitResult", lines=2)
        result.setMinimumWidth(result.fontMetrics().horizontalAdvance(WIDEST_RESULT) + 4)
        armor = QCheckBox(f"Mark an Armor Slot to reduce the damage ({now.armor_free} of "
                          f"{now.armor} free)")
        armor.setObjectName("hitArmor")
        riders: list[tuple[QCheckBox, str]] = []
        if offer.armor_slot:
            riders.append((QCheckBox("Mark an Armor Slot without its benefit (an HP when "
                                     "none is left)"), "armor"))
        if offer.stress:
            riders.append((QCheckBox(f"Mark {offer.stress} Stress (an HP for each it has no "
                                     "room for)"), "stress"))
        riders += [(QCheckBox(f"Becomes {name}"), name) for name in offer.conditions]
        pc = _PcBox(offer, box, spin, result, armor, riders)
        spin.valueChanged.connect(lambda _value, p=pc: self._show(p))
        armor.toggled.connect(lambda _on, p=pc: self._show(p))
        box.toggled.connect(lambda _on, p=pc: self._show(p))
        for widget in (spin, result, armor):
            inner.addWidget(widget)
        if riders:
            inner.addWidget(QLabel("<b>Also, as the feature says:</b>"))
        for check, what in riders:
            check.setObjectName(f"hitRider:{what}")
            check.setChecked(True)  # the text says they do: the GM unticks what does not apply
            check.toggled.connect(lambda _on, p=pc: self._show(p))
            inner.addWidget(check)
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
            after = marked(pc.row, self._marks_of(pc), massive=self._massive)
            pc.result.setText(f"{hit.words(pc.armor.isChecked())}: HP {after.hp_marked}/"
                              f"{after.hp_max} marked")
        self.mark_button.setEnabled(bool(self.marked()))

    def _marks_of(self, pc: _PcBox) -> PcMarks:
        kept = {what for check, what in pc.riders if check.isChecked()}
        assert pc.row.id is not None, "a PC of the fight has its id"
        return PcMarks(pc.row.id, pc.damage.value(), pc.armor.isChecked() and pc.armor.isEnabled(),
                       "armor" in kept, pc.offer.stress if "stress" in kept else 0,
                       tuple(c for c in pc.offer.conditions if c in kept))

    def choices(self) -> list[PcMarks]:
        """What the GM marks on each PC left in (plain data for the operation)."""
        return [self._marks_of(pc) for pc in self._boxes
                if not (pc.box.isCheckable() and not pc.box.isChecked())]

    def marked(self) -> list[CombatantRow]:
        """Each PC as marking the hit leaves it (only those it changes)."""
        rows = []
        for pc, marks in ((pc, self._marks_of(pc)) for pc in self._boxes
                          if not (pc.box.isCheckable() and not pc.box.isChecked())):
            after = marked(pc.row, marks, massive=self._massive)
            if after != pc.row:
                rows.append(after)
        return rows
