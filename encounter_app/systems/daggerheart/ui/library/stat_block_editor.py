"""The stat-block editor: every field of a Daggerheart adversary, each problem said at its field,
Save disabled (with the reason beside it) until the stat block is valid.

The dialog only describes a stat block; the library pushes the undo command (AddEntry or
EditEntry) with what ``stats()`` returns. The rules of validity are in rules/stat_blocks.py.

Beside each number, as the GM types: the SRD's benchmark for the tier, and under it where the
number falls among the library's adversaries of the same tier and type (rules/guidance.py),
from the ``peers`` the caller read once (services/library/guidance.py). Guidance never
disables Save.

Under the features, what the chosen one's text is read as, which the GM may correct
(reading_panel.py); the correction is saved with the stat block.
"""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from encounter_app.domain import Experience, Feature, StatBlock
from encounter_app.domain.json_data import JsonObject
from encounter_app.rules import guidance
from encounter_app.rules import stat_blocks as rules
from encounter_app.rules.battle_points import ADVERSARY_TYPES
from encounter_app.systems.daggerheart.ui.library.entry_lists import (
    ExperienceRow,
    FeatureRow,
    ListEditor,
)
from encounter_app.systems.daggerheart.ui.library.guide_line import GuideLine
from encounter_app.systems.daggerheart.ui.library.reading_panel import (
    ReadingPanel,
    reading_problem,
)
from encounter_app.systems.daggerheart.ui.library.stat_block_forms import (
    FieldForm,
    ValidatedDialog,
    spin,
    text_box,
)

NEW_ADVERSARY = StatBlock(name="", tier=1, type="Standard", difficulty=12, major=7, severe=12,
                          hp=4, stress=3, attack_modifier=1, attack_name="",
                          attack_range="Melee", damage="1d8+2 phy")


class StatBlockEditor(ValidatedDialog):
    """Edit an adversary stat block (or write a new one when ``stats`` is None)."""

    def __init__(self, stats: StatBlock | None = None, parent: QWidget | None = None, *,
                 peers: guidance.Peers | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statBlockEditor")
        self.setWindowTitle(f"Edit {stats.name}" if stats else "New adversary")
        self._peers = peers if peers is not None else guidance.Peers()
        self._scopes: dict[tuple[int, str], guidance.Scope] = {}
        self._build()
        self.set_stats(stats or NEW_ADVERSARY)
        self._watch(self.name.textChanged, self.tier.valueChanged,
                    self.type.currentIndexChanged, self.horde_size.valueChanged,
                    self.difficulty.valueChanged, self.major.valueChanged,
                    self.severe.valueChanged, self.hp.valueChanged, self.stress.valueChanged,
                    self.attack_modifier.valueChanged, self.attack_name.textChanged,
                    self.attack_range.currentIndexChanged, self.damage.textChanged,
                    self.experiences.changed, self.features.changed)
        self.name.setFocus()

    # -- building -----------------------------------------------------------------------------

    def _build(self) -> None:
        self._common_fields("e.g. Ashen Sentry", "What the GM sees and says")
        self.type = QComboBox(objectName="typeCombo")
        self.type.setAccessibleName("Type")
        self.type.addItems(ADVERSARY_TYPES)
        self.horde_size = spin(rules.HORDE_SIZE, "Horde size per HP")
        self.horde_size.setSuffix(" per HP")
        self.horde_size.setToolTip("Horde (N/HP): how many creatures each HP stands for")
        _keep_room(self.horde_size)  # the type's list keeps its width when it shows
        self.major = spin(rules.THRESHOLD, "Major threshold")
        self.severe = spin(rules.THRESHOLD, "Severe threshold")
        self.no_thresholds = QLabel("None: any damage defeats a Minion.")
        self.no_thresholds.setEnabled(False)
        # As tall as the number boxes it stands for: the rows under it stay.
        self.no_thresholds.setFixedHeight(self.major.sizeHint().height())
        self.hp = spin(rules.HP, "HP")
        self.stress = spin(rules.STRESS, "Stress")
        self.attack_modifier = spin(rules.ATTACK_MODIFIER, "Attack modifier", signed=True)
        self.attack_name = QLineEdit(objectName="attackNameEdit",
                                     placeholderText="e.g. Cinder Maul")
        self.attack_name.setAccessibleName("Standard attack name")
        self.attack_range = QComboBox(objectName="rangeCombo")
        self.attack_range.setAccessibleName("Range")
        self.attack_range.addItems(rules.RANGES)
        self.damage = QLineEdit(objectName="damageEdit", placeholderText="e.g. 1d12+2 phy")
        self.damage.setAccessibleName("Damage")
        self.motives = text_box("Motives and tactics", 2, "e.g. Guard, crush, never retreat")
        self._build_guides()
        self.experiences: ListEditor[Experience] = ListEditor(ExperienceRow, "Add experience",
                                                              "experiences")
        self.features: ListEditor[Feature] = ListEditor(FeatureRow, "Add feature", "features")
        self.reading = ReadingPanel(self.features)

        type_row = QHBoxLayout()
        type_row.addWidget(self.type, 1)
        type_row.addWidget(self.horde_size)
        threshold_row = QHBoxLayout()
        self._thresholds: list[QWidget] = []
        for label, box in (("Major", self.major), ("Severe", self.severe)):
            self._thresholds += [QLabel(label), box]
        for widget in self._thresholds:
            threshold_row.addWidget(widget)
        threshold_row.addWidget(self.no_thresholds)
        threshold_row.addStretch(1)
        marks_row = QHBoxLayout()
        marks_row.addWidget(self.hp)
        marks_row.addWidget(QLabel("Stress"))
        marks_row.addWidget(self.stress)
        marks_row.addStretch(1)

        threshold_row.insertWidget(threshold_row.count() - 1, self._benchmarks["thresholds"])

        # A problem line (its room always kept) under what the GM types: the name, the
        # thresholds (Severe above Major), the attack's name and damage. The number boxes and
        # lists hold only what the rules allow, so they keep no line: were one ever wrong, the
        # line beside Save would say it.
        basics = FieldForm()
        basics.field("&Name", self.name, "name")
        basics.field("&Tier", self.tier)
        basics.field("T&ype", type_row, buddy=self.type)
        basics.addRow("", self.guides["scope"])
        basics.field("&Difficulty", _beside(self.difficulty, self._benchmarks["difficulty"]),
                     buddy=self.difficulty)
        basics.addRow("", self.guides["difficulty"])
        basics.field("T&hresholds", threshold_row, "major", "severe", buddy=self.major)
        basics.addRow("", self.guides["thresholds"])
        basics.field("H&P", marks_row, buddy=self.hp)
        basics.addRow("", self.guides["marks"])
        basics.field("Descri&ption", self.description)
        basics.field("&Motives && tactics", self.motives)
        attack = FieldForm()
        attack.field("Modi&fier", _beside(self.attack_modifier,
                                          self._benchmarks["attack_modifier"]),
                     buddy=self.attack_modifier)
        attack.addRow("", self.guides["attack_modifier"])
        attack.field("N&ame", self.attack_name, "attack_name")
        attack.field("&Range", self.attack_range)
        damage_row = QHBoxLayout()
        damage_row.addWidget(self.damage, 1)
        damage_row.addWidget(self._benchmarks["damage"])
        attack.field("Dama&ge", damage_row, "damage", buddy=self.damage)
        attack.addRow("", self.guides["damage"])
        attack_box = QGroupBox("Standard attack")
        attack_box.setLayout(attack)
        # The left column a little wider than the lists: the guidance lines want the room.
        self._assemble([basics, attack_box],
                       [("Experiences", self.experiences), ("Features", self.features)],
                       1040, 660, (1, 1), self.reading)

    def _build_guides(self) -> None:
        """The guidance lines under the numbers and the SRD benchmarks beside them."""
        self.guides = {key: GuideLine(f"{key}Guide") for key in
                       ("scope", "difficulty", "thresholds", "marks", "attack_modifier",
                        "damage")}
        self._benchmarks: dict[str, QLabel] = {}
        for key in ("difficulty", "thresholds", "attack_modifier", "damage"):
            label = QLabel(objectName=f"{key}Benchmark")
            label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            # As wide as the widest tier's, so a tier changed moves nothing beside it.
            label.setMinimumWidth(max(label.fontMetrics().horizontalAdvance(
                _benchmark_text(key, tier)) for tier in range(1, 5)) + 4)
            self._benchmarks[key] = label

    # -- reading and writing the fields ---------------------------------------------------------

    def set_stats(self, stats: StatBlock) -> None:
        self.name.setText(stats.name)
        self.tier.setValue(stats.tier)
        base = rules.base_type(stats.type)
        self.type.setCurrentText(base if base in ADVERSARY_TYPES else "Standard")
        self.horde_size.setValue(rules.horde_size(stats.type) or 2)
        self.difficulty.setValue(stats.difficulty)
        self.major.setValue(stats.major or 7)
        self.severe.setValue(stats.severe or 12)
        self.hp.setValue(stats.hp)
        self.stress.setValue(stats.stress)
        self.attack_modifier.setValue(stats.attack_modifier)
        self.attack_name.setText(stats.attack_name)
        self.attack_range.setCurrentText(stats.attack_range)
        self.damage.setText(stats.damage)
        self.description.setPlainText(stats.description)
        self.motives.setPlainText(stats.motives)
        self.experiences.set_values(stats.experiences)
        self.features.set_values(stats.features)
        self.reading.follow()

    def json(self) -> JsonObject:
        """The stat block as the fields have it, valid or not (what the rules check)."""
        base = self.type.currentText()
        minion = base == "Minion"
        return {
            "name": self.name.text().strip(), "tier": self.tier.value(),
            "type": rules.type_text(base, self.horde_size.value()),
            "difficulty": self.difficulty.value(),
            "major": None if minion else self.major.value(),
            "severe": None if minion else self.severe.value(),
            "hp": self.hp.value(), "stress": self.stress.value(),
            "attack_modifier": self.attack_modifier.value(),
            "attack_name": self.attack_name.text().strip(),
            "attack_range": self.attack_range.currentText(),
            "damage": " ".join(self.damage.text().split()),
            "description": self.description.toPlainText().strip(),
            "motives": self.motives.toPlainText().strip(),
            "experiences": self.experiences.json(),
            "features": self.features.json(),
        }

    def problems(self) -> dict[str, str]:
        problems = rules.adversary_problems(self.json())
        for n, row in enumerate(self.features.rows):
            if isinstance(row, FeatureRow) and (problem := reading_problem(row.reading)):
                # Said in the reading's own line (and beside Save), not under the row: the
                # panel's line is always there, so nothing moves.
                problems[f"readings.{n}"] = f"Feature {n + 1}: {problem[:1].lower()}{problem[1:]}"
        return problems

    def stats(self) -> StatBlock:
        return StatBlock.from_json(self.json())

    value = stats

    def _update(self, *_args: object) -> None:
        base = self.type.currentText()
        self.horde_size.setVisible(base == "Horde")
        minion = base == "Minion"
        # What goes away is hidden before what comes is shown (the thresholds' benchmark too):
        # for a moment both would be there, and the window would grow to hold them.
        leaving = [self.no_thresholds] if not minion else [*self._thresholds,
                                                           self._benchmarks["thresholds"]]
        for widget in leaving:
            widget.hide()
        for widget in ([*self._thresholds] if not minion else [self.no_thresholds]):
            widget.show()
        self._say_problems()
        self._say_guidance()

    # -- guidance -------------------------------------------------------------------------------

    def scope(self) -> guidance.Scope:
        """The library's adversaries these numbers are compared with (kept per tier and type)."""
        key = (self.tier.value(), self.type.currentText())
        if key not in self._scopes:
            self._scopes[key] = self._peers.scope(*key)
        return self._scopes[key]

    def guide(self, key: str) -> guidance.Guide:
        return guidance.guide_in(key, self.json(), self.scope())

    def _say_guidance(self) -> None:
        scope, block = self.scope(), self.json()
        guides = {key: guidance.guide_in(key, block, scope) for key in guidance.NUMBERS}
        self.guides["scope"].say(scope.describe())
        minion = self.type.currentText() == "Minion"
        lines = {"difficulty": ("difficulty",), "attack_modifier": ("attack_modifier",),
                 "damage": ("damage",), "marks": ("hp", "stress"),
                 "thresholds": () if minion else ("major", "severe")}
        for line, keys in lines.items():
            shown = [guides[k] for k in keys]
            words = "; ".join((f"{guidance.LABELS[g.key]} " if len(shown) > 1 else "")
                              + g.short() for g in shown)
            if line == "damage" and guides["damage"].value is not None:
                words = f"Average {_average(guides['damage'])}: {words}"
            notable = any(g.band not in (None, guidance.Band.USUAL) for g in shown)
            self.guides[line].say(words, notable=notable,
                                  description=" ".join(g.sentence() for g in shown))
        for key, box in (("difficulty", self.difficulty), ("major", self.major),
                         ("severe", self.severe), ("hp", self.hp), ("stress", self.stress),
                         ("attack_modifier", self.attack_modifier), ("damage", self.damage)):
            box.setAccessibleDescription(guides[key].sentence())
        tier = self.tier.value()
        for key, label in self._benchmarks.items():
            label.setText(_benchmark_text(key, tier))
        self._benchmarks["thresholds"].setVisible(not minion)


def _keep_room(widget: QWidget) -> None:
    """Hidden, ``widget`` keeps its room in its row: what is beside it does not move."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    widget.setSizePolicy(policy)


def _beside(field: QWidget, label: QLabel) -> QHBoxLayout:
    """A number with its benchmark beside it."""
    row = QHBoxLayout()
    row.addWidget(field)
    row.addWidget(label)
    row.addStretch(1)
    return row


def _benchmark_text(key: str, tier: int) -> str:
    """"SRD 11", "SRD 7/12": the tier's benchmark as the SRD's table prints it."""
    if key == "thresholds":
        major, severe = guidance.benchmark("major", tier), guidance.benchmark("severe", tier)
        return f"SRD {major}/{severe}"
    return f"SRD {guidance.benchmark(key, tier)}"


def _average(guide: guidance.Guide) -> str:
    value = guide.value
    assert value is not None
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"
