"""Move to another tier: the stat block as it is beside the moved one, every moved number
editable, the new tier's benchmarks beside them, the features to check by hand, and where the
result goes (a new library entry, or only the one in the fight).

The numbers come from rules/tiers.py; choosing another tier fills them again from the
original. Nothing is kept until the GM presses Move: then the caller pushes one undo step.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import EnvironmentBlock, StatBlock
from encounter_app.domain.json_data import JsonObject
from encounter_app.rules import stat_blocks as limits
from encounter_app.rules import tiers
from encounter_app.rules.daggerheart import tier_benchmarks
from encounter_app.systems.daggerheart.services.library import tier_moves
from encounter_app.ui.widgets.dialog_buttons import accept_buttons
from encounter_app.ui.widgets.message import MessageLine
from encounter_app.ui.widgets.problem import ProblemLabel

# (field, label, bounds); damage is a line of text.
_ADVERSARY_NUMBERS = (
    ("attack_modifier", "&Attack", limits.ATTACK_MODIFIER),
    ("difficulty", "&Difficulty", limits.DIFFICULTY),
    ("major", "Ma&jor threshold", limits.THRESHOLD),
    ("severe", "&Severe threshold", limits.THRESHOLD),
    ("hp", "&HP", limits.HP),
    ("stress", "St&ress", limits.STRESS),
)
_ENVIRONMENT_NUMBERS = (("difficulty", "&Difficulty", limits.DIFFICULTY),)
LIBRARY, FIGHT, PLAN = "library", "fight", "plan"


def _signed(field: str, value: object) -> str:
    if value is None:
        return "—"
    if field == "attack_modifier" and isinstance(value, int):
        return f"{value:+d}"
    return str(value)


class TierMoveDialog(QDialog):
    """``targets``: (key, label) of where the moved block may go, the first chosen; ``taken``:
    names in the library, so a new entry's suggested name is free. The moved block is
    ``tier_moves.block_from(original, stats_json())``, of the original's kind."""

    def __init__(self, original: StatBlock | EnvironmentBlock,
                 targets: Sequence[tuple[str, str]], taken: Sequence[str] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tierMoveDialog")
        self.original = original
        self._environment = isinstance(original, EnvironmentBlock)
        self._taken = tuple(taken)
        self._move: tiers.Move | None = None
        noun = "environment" if self._environment else "adversary"
        self.setWindowTitle(f"Move {original.name} to another tier")

        self.tier = QComboBox(objectName="tierMoveTier")
        self.tier.setAccessibleName("New tier")
        for tier in range(limits.TIERS[0], limits.TIERS[1] + 1):
            if tier != original.tier:
                self.tier.addItem(f"Tier {tier}", tier)
        # One up by default; a tier 4 one goes down.
        self.tier.setCurrentIndex(self.tier.findData(min(original.tier + 1, 4)
                                                     if original.tier < 4 else 3))
        tier_row = QHBoxLayout()
        tier_label = QLabel(f"Move this tier {original.tier} {noun} to")
        tier_label.setBuddy(self.tier)
        tier_row.addWidget(tier_label)
        tier_row.addWidget(self.tier)
        tier_row.addStretch(1)

        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        self.now_header = QLabel(f"<b>Tier {original.tier} (now)</b>")
        self.moved_header = QLabel()
        self.bench_header = QLabel()
        for column, header in enumerate((self.now_header, self.moved_header,
                                         self.bench_header), start=1):
            grid.addWidget(header, 0, column)
        self.fields: dict[str, QSpinBox] = {}
        self.benchmarks: dict[str, QLabel] = {}
        numbers = _ENVIRONMENT_NUMBERS if self._environment else _ADVERSARY_NUMBERS
        original_json = original.to_json()
        row = 1
        for field, label, bounds in numbers:
            if field in ("major", "severe") and original_json.get(field) is None:
                continue  # a Minion (or a tiny ooze) has none, and keeps none
            box = QSpinBox(objectName=f"tierMove:{field}", minimum=bounds[0],
                           maximum=bounds[1])
            box.setAccessibleName(label.replace("&", ""))
            if field == "attack_modifier":
                box.valueChanged.connect(
                    lambda v, b=box: b.setPrefix("+" if v >= 0 else ""))
            box.valueChanged.connect(self._update)
            self.fields[field] = box
            row = self._grid_row(grid, row, label, _signed(field, original_json.get(field)), box,
                                 field)
        self.damage: QLineEdit | None = None
        if not self._environment:
            self.damage = QLineEdit(objectName="tierMove:damage")
            self.damage.setAccessibleName("Standard attack damage")
            self.damage.textChanged.connect(self._update)
            row = self._grid_row(grid, row, "Dama&ge", str(original_json["damage"]),
                                 self.damage, "damage")
        grid.setColumnStretch(4, 1)  # the columns keep their widths, whatever the tier

        self.check = MessageLine("tierMoveCheck")
        self.check.setTextFormat(Qt.TextFormat.RichText)
        # Room for what every other tier would say: choosing one moves nothing under it.
        self.check.reserve([self._check_text(tier_moves.plan(original, self.tier.itemData(i)),
                                             self.tier.itemData(i))
                            for i in range(self.tier.count())])

        where = QGroupBox("Keep it as")
        where_layout = QVBoxLayout(where)
        self.targets = QButtonGroup(self)
        self._target_keys: list[str] = []
        for n, (key, label) in enumerate(targets):
            button = QRadioButton(label, objectName=f"tierMoveTarget:{key}")
            self.targets.addButton(button, n)
            self._target_keys.append(key)
            where_layout.addWidget(button)
            button.setChecked(n == 0)
        self.name = QLineEdit(objectName="tierMoveName")
        self.name.setAccessibleName("New entry's name")
        self.name.textChanged.connect(self._update)
        name_row = QHBoxLayout()
        name_label = QLabel("&Name of the new entry")
        name_label.setBuddy(self.name)
        name_row.addWidget(name_label)
        name_row.addWidget(self.name, 1)
        where_layout.addLayout(name_row)
        self.targets.idToggled.connect(self._update)

        self.problem = ProblemLabel("tierMoveProblem", lines=2)
        self.buttons, self.ok_button = accept_buttons(self, "&Move")
        bottom = QHBoxLayout()
        bottom.addWidget(self.problem, 1)
        bottom.addWidget(self.buttons)

        layout = QVBoxLayout(self)
        layout.addLayout(tier_row)
        layout.addLayout(grid)
        layout.addWidget(self.check)
        layout.addWidget(where)
        layout.addStretch(1)
        layout.addLayout(bottom)

        self.tier.currentIndexChanged.connect(self._fill)
        self._fill()
        self.resize(620, self.sizeHint().height())

    def _grid_row(self, grid: QGridLayout, row: int, label: str, now: str, editor: QWidget,
                  field: str) -> int:
        title = QLabel(label)
        title.setBuddy(editor)
        grid.addWidget(title, row, 0)
        grid.addWidget(QLabel(now, objectName=f"tierMoveNow:{field}"), row, 1)
        metrics = self.fontMetrics()
        # Fixed widths: choosing another tier or typing never moves a field.
        editor.setFixedWidth(metrics.horizontalAdvance("4d12+15 direct phy/mag") + 16
                             if isinstance(editor, QLineEdit)
                             else metrics.horizontalAdvance("+999") + 48)
        grid.addWidget(editor, row, 2)
        bench = QLabel(objectName=f"tierMoveBenchmark:{field}")
        bench.setStyleSheet("color: gray")
        bench.setMinimumWidth(metrics.horizontalAdvance("4d8+10 to 4d12+15") + 12)
        self.benchmarks[field] = bench
        grid.addWidget(bench, row, 3)
        return row + 1

    # -- what the dialog says -------------------------------------------------------------------

    @property
    def to_tier(self) -> int:
        return int(self.tier.currentData())

    def target(self) -> str:
        return self._target_keys[max(0, self.targets.checkedId())]

    def _fill(self, *_args: object) -> None:
        """The rules' numbers for the chosen tier (the GM's edits start again from them)."""
        tier = self.to_tier
        move = tier_moves.plan(self.original, tier)
        self._move = move
        self.moved_header.setText(f"<b>Tier {tier} (moved)</b>")
        self.bench_header.setText(f"<b>Tier {tier} benchmark</b>")
        for field, box in self.fields.items():
            box.blockSignals(True)
            box.setValue(tiers.whole(move.stats, field))
            box.setPrefix("+" if field == "attack_modifier" and box.value() >= 0 else "")
            box.blockSignals(False)
        if self.damage is not None:
            self.damage.blockSignals(True)
            self.damage.setText(str(move.stats["damage"]))
            self.damage.blockSignals(False)
        self._benchmarks(tier)
        self.name.blockSignals(True)
        self.name.setText(tier_moves.free_name(self.original.name, tier, self._taken))
        self.name.blockSignals(False)
        self._say_check(move)
        self._update()

    def _benchmarks(self, tier: int) -> None:
        if self._environment:
            self.benchmarks["difficulty"].setText(
                f"{tiers.ENVIRONMENT_DIFFICULTY[tier]} (the tier's column)")
            return
        bench = tier_benchmarks(tier)
        toughness = tiers.default_toughness(self.original.tier, tier)
        hp_text = f"{toughness:+d} by default" if toughness else "as it was"
        hp_tip = ("The core rulebook raises HP and Stress by 1 to 3 when an adversary moves "
                  "from tier 1-2 to tier 3-4; the default here is the middle, and the same is "
                  "taken off on the way down. Edit it as you like.")
        for field in ("hp", "stress"):
            if field in self.benchmarks:
                self.benchmarks[field].setToolTip(hp_tip)
        for field, text in (("attack_modifier", f"{bench.attack:+d}"),
                            ("difficulty", str(bench.difficulty)),
                            ("major", str(bench.major)), ("severe", str(bench.severe)),
                            ("hp", hp_text), ("stress", hp_text),
                            ("damage", f"{bench.damage_low} to {bench.damage_high}")):
            if field in self.benchmarks:
                self.benchmarks[field].setText(text)
        if isinstance(self.original, StatBlock) and self.original.type == "Minion":
            for field in ("hp", "stress"):
                self.benchmarks[field].setText("a Minion's, as it was")

    def _say_check(self, move: tiers.Move) -> None:
        self.check.say(self._check_text(move, self.to_tier))

    @staticmethod
    def _check_text(move: tiers.Move, tier: int) -> str:
        """The features to check by hand after a move to ``tier``, and the rules' notes."""
        lines = [f"<li><b>{escape(c.feature)}</b>: {escape(c.damage)}"
                 + (f" (at the same place in tier {tier}: {escape(c.suggestion)})"
                    if c.suggestion else "") + "</li>" for c in move.check]
        text = ""
        if lines:
            text += ("<b>Check these features: they deal their own damage</b> (not changed)"
                     f"<ul style='margin:0'>{''.join(lines)}</ul>")
        if move.notes:
            text += "".join(f"<p style='margin:0'>{escape(n)}</p>" for n in move.notes)
        if not text:
            text = "<span style='color:gray'>No feature names damage of its own.</span>"
        return text

    def stats_json(self) -> JsonObject:
        """The moved stat block as the fields say it."""
        assert self._move is not None
        data = dict(self._move.stats)
        for field, box in self.fields.items():
            data[field] = box.value()
        if self.damage is not None:
            data["damage"] = self.damage.text().strip()
        if self.target() == LIBRARY:
            data["name"] = self.name.text().strip()
        return data

    def problems(self) -> dict[str, str]:
        """The problems of the fields shown here. Others came with the stat block (the SRD's
        tiny oozes have a Major threshold and no Severe) and this dialog cannot mend them: the
        stat-block editor does."""
        data = self.stats_json()
        found = (limits.environment_problems(data) if self._environment
                 else limits.adversary_problems(data))
        shown = {*self.fields, "damage", "name"}
        return {key: text for key, text in found.items() if key in shown}

    def _update(self, *_args: object) -> None:
        self.name.setEnabled(self.target() == LIBRARY)
        problems = self.problems()
        if self.target() == LIBRARY and self.name.text().strip() in self._taken:
            problems.setdefault("name", "The library already has an entry named "
                                f"{self.name.text().strip()}: give the new one another name.")
        first = next(iter(problems.values()), "")
        self.problem.say(first)
        self.ok_button.setEnabled(not problems)

    def accept(self) -> None:
        self._update()
        if self.ok_button.isEnabled():  # Enter in a field must not bypass the check
            super().accept()
