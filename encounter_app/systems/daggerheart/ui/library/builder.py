"""The encounter builder: party size and tier, adversaries picked from the library, the battle
point budget against the cost as a bar (red and worded when over), and "Start encounter".

The budget and cost come from rules/battle_points.py, line by line, so the GM sees why: the
automatic adjustments (a lower-tier adversary, no Bruisers/Hordes/Leaders/Solos, two Solos)
appear with their reason the moment they apply.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import EnvironmentBlock, StatBlock, TemplateRow
from encounter_app.domain.variants import ELITE, WEAKER, WORDS, Step
from encounter_app.rules import battle_points
from encounter_app.systems.daggerheart.services.library.builder import (
    PlannedAdversary,
    planned_variant,
)
from encounter_app.systems.daggerheart.services.library.shelves import (
    KEEP,
    EncounterEnvironment,
    Keep,
    Library,
)
from encounter_app.systems.daggerheart.ui.library.builder_models import (
    COUNT_COLUMN,
    CountDelegate,
    PlanModel,
)
from encounter_app.systems.daggerheart.ui.library.models import TEMPLATE_COLUMNS
from encounter_app.systems.daggerheart.ui.library.table import FilteredTable
from encounter_app.ui.widgets.problem import ProblemLabel

UNDER_COLOUR = "#8fd19e"  # a light green
OVER_COLOUR = "#f1948a"  # a light red


def budget_text(tally: battle_points.Tally) -> str:
    """The bar's words: never colour alone."""
    if tally.over:
        return f"{tally.over} over budget: {tally.cost} of {tally.budget} battle points"
    if tally.left:
        return f"{tally.cost} of {tally.budget} battle points: {tally.left} left"
    return f"{tally.cost} of {tally.budget} battle points: on budget"


def numbers_text(stats: StatBlock) -> str:
    """A stat block's numbers in one line: "Difficulty 12, 8/14, HP 5, Stress 2, +1, 1d8+4 phy"."""
    thresholds = ("no thresholds" if stats.major is None or stats.severe is None
                  else f"{stats.major}/{stats.severe}")
    return (f"Difficulty {stats.difficulty}, {thresholds}, HP {stats.hp}, Stress {stats.stress},"
            f" attack {stats.attack_modifier:+d}, {stats.damage}")


def variant_text(planned: PlannedAdversary, before: battle_points.Tally,
                 after: battle_points.Tally) -> str:
    """What adding a weaker or elite copy does: its numbers, its points and the budget line
    before and after (its plain words: a tooltip and a screen reader get them too)."""
    pick = planned.pick()
    if after.over:
        state = f"{after.over} over"
    elif after.left:
        state = f"{after.left} left"
    else:
        state = "on budget"
    points = battle_points.unit_cost(pick)
    return (f"{numbers_text(planned.stats)}. {points} point{'' if points == 1 else 's'} "
            f"({battle_points.cost_why(pick)}): {before.cost} of {before.budget} → "
            f"{after.cost} of {after.budget} battle points, {state}.")


def _lines_html(title: str, lines: tuple[battle_points.Line, ...]) -> str:
    rows = "".join(
        f"<tr><td align='right'>{line.points:+d}&nbsp;</td><td>{escape(line.label)}"
        + (f" <span style='color:gray'>— {escape(line.why)}</span>" if line.why else "")
        + "</td></tr>" for line in lines)
    return f"<b>{title}</b><table cellspacing='0'>{rows}</table>"


def _breakdown_room(label: QLabel) -> int:
    """The height of the budget's column with its title and all the lines it can have: the
    base and each adjustment (the SRD's exclude each other in pairs: six at most)."""
    lines = tuple(battle_points.Line(f"Adjustment {n}", 1, "why") for n in range(6))
    probe = QLabel()
    probe.setFont(label.font())
    probe.setTextFormat(Qt.TextFormat.RichText)
    probe.setText(_lines_html("Budget 99", lines))
    return probe.sizeHint().height() + 4


class BuilderDialog(QDialog):
    """Plan a fight; ``start_requested`` carries the plan and the environment choice."""

    # (PlannedAdversary, ...), environment_choice(), the "+1d4 damage" box
    start_requested = Signal(tuple, object, bool)

    def __init__(self, library: Library, holder: EncounterEnvironment, party_size: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("encounterBuilder")
        self.setWindowTitle("Encounter builder")
        self._library, self._holder = library, holder
        self.plan_model = PlanModel(self)

        self.party_size = QSpinBox(objectName="partySizeSpin", minimum=1, maximum=12,
                                   value=max(1, party_size))
        self.party_size.setAccessibleName("Party size")
        self.party_size.setSuffix(" PCs")  # its width as the plural's: "1 PC" moves nothing
        self.party_size.setMinimumWidth(self.party_size.sizeHint().width())
        self.party_size.setSuffix(" PCs" if self.party_size.value() != 1 else " PC")
        self.party_size.valueChanged.connect(
            lambda n: self.party_size.setSuffix(" PC" if n == 1 else " PCs"))
        self.party_tier = QSpinBox(objectName="partyTierSpin", minimum=1, maximum=4)
        self.party_tier.setAccessibleName("Party tier")
        self.party_tier.setPrefix("Tier ")
        self.easier = QCheckBox(f"Easier or shorter fight ({battle_points.EASIER:+d})")
        self.harder = QCheckBox(f"Harder or longer fight ({battle_points.HARDER:+d})")
        self.extra_damage = QCheckBox(
            f"+1d4 damage to every adversary ({battle_points.EXTRA_DAMAGE:+d})")
        self.environment = QComboBox(objectName="builderEnvironment")
        self.environment.setAccessibleName("Environment")

        self.picker = FilteredTable(library.templates, TEMPLATE_COLUMNS[:4],
                                    battle_points.ADVERSARY_TYPES, "builder", self)
        self.add_button = QPushButton("Add ›", objectName="builderAddButton")
        self.add_button.setToolTip("Plan the selected adversaries (double-click works too)")
        self.variant_buttons = {
            step: QPushButton(f"Add {WORDS[step].lower()}",
                              objectName=f"builder{WORDS[step]}Button")
            for step in (WEAKER, ELITE)}
        # Its words take a fixed room: choosing another adversary moves nothing around it.
        self.variant_preview = QLabel(objectName="variantPreview", wordWrap=True)
        self.variant_preview.setTextFormat(Qt.TextFormat.RichText)
        self.variant_preview.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.variant_preview.setFixedHeight(self.fontMetrics().lineSpacing() * 4 + 6)
        self.variant_preview.setSizePolicy(QSizePolicy.Policy.Ignored,
                                           QSizePolicy.Policy.Fixed)
        self.plan_view = QTableView(objectName="builderPlan")
        self.plan_view.setAccessibleName("Planned adversaries")
        self.plan_view.setModel(self.plan_model)
        self.plan_view.setItemDelegateForColumn(COUNT_COLUMN, CountDelegate(self.plan_view))
        self.plan_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.plan_view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                       | QAbstractItemView.EditTrigger.EditKeyPressed
                                       | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.plan_view.verticalHeader().hide()
        self.plan_view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.plan_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.more_button = QPushButton("+1", objectName="builderMoreButton")
        self.more_button.setToolTip("One more of the selected adversary")
        self.fewer_button = QPushButton("−1", objectName="builderFewerButton")
        self.fewer_button.setToolTip("One fewer of the selected adversary")
        self.remove_button = QPushButton("Remove", objectName="builderRemoveButton")
        self.remove_button.setToolTip("Take the selected adversary out of the plan (Delete)")
        remove = QAction("Remove", self.plan_view,
                         shortcut=QKeySequence(QKeySequence.StandardKey.Delete),
                         shortcutContext=Qt.ShortcutContext.WidgetShortcut)
        remove.triggered.connect(self._remove)
        self.plan_view.addAction(remove)

        self.bar = QProgressBar(objectName="budgetBar")
        self.bar.setAccessibleName("Battle points")
        self.bar.setTextVisible(True)
        self.breakdown = QLabel(objectName="budgetBreakdown", wordWrap=True)
        self.breakdown.setTextFormat(Qt.TextFormat.RichText)
        self.breakdown.setAlignment(Qt.AlignmentFlag.AlignTop)
        # A fixed room, as tall as the budget with every line it can have: an adjustment
        # ticked or an adversary planned moves nothing; a long plan scrolls in it.
        self.breakdown_scroll = QScrollArea(objectName="budgetBreakdownScroll",
                                            widgetResizable=True)
        self.breakdown_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.breakdown_scroll.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.breakdown_scroll.setWidget(self.breakdown)
        self.breakdown_scroll.setFixedHeight(_breakdown_room(self.breakdown))
        self.problem = ProblemLabel("builderProblem")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.start_button = self.buttons.addButton(
            "&Start encounter", QDialogButtonBox.ButtonRole.AcceptRole)
        self.start_button.setObjectName("startEncounterButton")
        self.start_button.setToolTip("Put the planned adversaries into the initiative order "
                                     "with their cards, as one step you can undo")
        self._layout()

        for signal in (self.party_size.valueChanged, self.party_tier.valueChanged,
                       self.easier.toggled, self.harder.toggled, self.extra_damage.toggled,
                       self.plan_model.plan_changed):
            signal.connect(self._update)
        self.party_size.valueChanged.connect(self.plan_model.set_party_size)
        self.add_button.clicked.connect(self.add_selected)
        self.picker.view.doubleClicked.connect(self.add_selected)
        for step, button in self.variant_buttons.items():
            button.clicked.connect(lambda _=False, s=step: self.add_variant(s))
        self.picker.view.selectionModel().selectionChanged.connect(self._update_variants)
        self.more_button.clicked.connect(lambda: self._step(1))
        self.fewer_button.clicked.connect(lambda: self._step(-1))
        self.remove_button.clicked.connect(self._remove)
        self.plan_view.selectionModel().selectionChanged.connect(self._update_plan_buttons)
        self.buttons.rejected.connect(self.reject)
        self.start_button.clicked.connect(self.start)
        self.plan_model.set_party_size(self.party_size.value())
        self.refresh_environments()
        self._update()
        self._update_plan_buttons()

    def _layout(self) -> None:
        party = QHBoxLayout()
        for label, widget in (("&Party size", self.party_size), ("&Tier", self.party_tier)):
            title = QLabel(label)
            title.setBuddy(widget)
            party.addWidget(title)
            party.addWidget(widget)
        party.addSpacing(16)
        env_label = QLabel("En&vironment")
        env_label.setBuddy(self.environment)
        party.addWidget(env_label)
        party.addWidget(self.environment, 1)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("<b>Library</b>"))
        left_layout.addWidget(self.picker, 1)
        left_layout.addWidget(self.variant_preview)
        add_row = QHBoxLayout()
        for button in self.variant_buttons.values():
            add_row.addWidget(button)
        add_row.addStretch(1)
        add_row.addWidget(self.add_button)
        left_layout.addLayout(add_row)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(QLabel("<b>The fight</b>"))
        right_layout.addWidget(self.plan_view, 1)
        plan_buttons = QHBoxLayout()
        for button in (self.more_button, self.fewer_button, self.remove_button):
            plan_buttons.addWidget(button)
        plan_buttons.addStretch(1)
        right_layout.addLayout(plan_buttons)
        choices = QGroupBox("Adjustments you choose")
        choices_layout = QVBoxLayout(choices)
        for box in (self.easier, self.harder, self.extra_damage):
            choices_layout.addWidget(box)
        right_layout.addWidget(choices)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setChildrenCollapsible(False)
        split.setSizes([520, 480])

        layout = QVBoxLayout(self)
        layout.addLayout(party)
        layout.addWidget(split, 1)
        layout.addWidget(self.bar)
        layout.addWidget(self.breakdown_scroll)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.resize(1060, 680)

    # -- the plan -------------------------------------------------------------------------------

    def add(self, templates: list[TemplateRow]) -> None:
        for template in templates:
            self.plan_model.add(template)

    def add_selected(self, *_args: object) -> None:
        self.add(self.picker.selected())

    def variant(self, step: Step) -> PlannedAdversary | None:
        """A weaker or elite copy of the one adversary chosen in the library; None unless one
        is."""
        chosen = self.picker.selected()
        if len(chosen) != 1:
            return None
        return planned_variant(chosen[0].id, chosen[0].stats, step)

    def add_variant(self, step: Step) -> None:
        """Plan a weaker or elite copy of the adversary chosen in the library."""
        planned = self.variant(step)
        if planned is not None:
            self.plan_model.add_planned(planned)

    def _update_variants(self, *_args: object) -> None:
        before = self.tally()
        paragraphs = []
        for step, button in self.variant_buttons.items():
            planned = self.variant(step)
            button.setEnabled(planned is not None)
            if planned is None:
                button.setToolTip(f"Choose one adversary in the library to plan a "
                                  f"{WORDS[step].lower()} copy of it")
                button.setAccessibleDescription(button.toolTip())
                continue
            text = variant_text(planned, before, self.tally_of(self.plan_model.plan_with(
                planned)))
            button.setToolTip(text)
            button.setAccessibleDescription(text)
            paragraphs.append(f"<b>{escape(planned.stats.name)}:</b> {escape(text)}")
        if not paragraphs:
            paragraphs = ["<span style='color:gray'>Choose one adversary to plan a weaker or "
                          "an elite copy: one step down or up in its numbers, one battle "
                          "point less or more.</span>"]
        self.variant_preview.setText("<br>".join(paragraphs))

    def _plan_row(self) -> int:
        rows = self.plan_view.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def _step(self, step: int) -> None:
        row = self._plan_row()
        if row >= 0:
            self.plan_model.set_count(row, self.plan_model.plan[row].count + step)
            self._update_plan_buttons()

    def _remove(self) -> None:
        row = self._plan_row()
        if row >= 0:
            self.plan_model.remove(row)

    def _update_plan_buttons(self, *_args: object) -> None:
        row = self._plan_row()
        self.remove_button.setEnabled(row >= 0)
        self.more_button.setEnabled(row >= 0)
        self.fewer_button.setEnabled(row >= 0 and self.plan_model.plan[row].count > 1)

    def refresh_environments(self) -> None:
        """The environment choices: keep the fight's, none, or one from the library."""
        current = self._holder.block
        previous = (self._environments[self.environment.currentIndex()]
                    if self.environment.count() else KEEP)
        self._environments: list[EnvironmentBlock | Keep | None] = [KEEP]
        labels = [f"Keep: {current.name}" if current else "None"]
        if current is not None:
            self._environments.append(None)
            labels.append("None (detach it)")
        for row in self._library.environments.rows:
            self._environments.append(row.stats)
            labels.append(f"{row.stats.name} (Tier {row.stats.tier} {row.stats.type})")
        self.environment.clear()
        self.environment.addItems(labels)
        chosen = self._environments.index(previous) if previous in self._environments else 0
        self.environment.setCurrentIndex(chosen)

    def environment_choice(self) -> EnvironmentBlock | Keep | None:
        """KEEP, None to detach, or the environment to attach."""
        return self._environments[self.environment.currentIndex()]

    # -- the budget -----------------------------------------------------------------------------

    def tally(self) -> battle_points.Tally:
        return self.tally_of(self.plan_model.plan)

    def tally_of(self, plan: tuple[PlannedAdversary, ...]) -> battle_points.Tally:
        """The budget and cost of ``plan`` with the party and adjustments chosen here."""
        choices = battle_points.Choices(easier=self.easier.isChecked(),
                                        harder=self.harder.isChecked(),
                                        extra_damage=self.extra_damage.isChecked())
        return battle_points.tally(self.party_size.value(), self.party_tier.value(),
                                   [p.pick() for p in plan], choices)

    def _update(self, *_args: object) -> None:
        tally = self.tally()
        self.bar.setMaximum(max(1, tally.budget, tally.cost))
        self.bar.setValue(tally.cost)
        self.bar.setFormat(budget_text(tally))
        self.bar.setAccessibleDescription(budget_text(tally))
        # Light shades: the bar's words are drawn across the coloured part too.
        colour = OVER_COLOUR if tally.over else UNDER_COLOUR
        # Its own light groove and dark words, so they read in a dark theme as in a light one.
        self.bar.setStyleSheet(
            "QProgressBar { background: #ececec; color: #1a1a1a; border: 1px solid #9a9a9a;"
            " border-radius: 3px; text-align: center; }"
            f"QProgressBar::chunk {{ background: {colour}; border-radius: 2px; }}")
        self.bar.setProperty("over", bool(tally.over))
        self.breakdown.setText(
            "<table width='100%'><tr><td valign='top' width='50%'>"
            + _lines_html(f"Budget {tally.budget}", tally.budget_lines)
            + "</td><td valign='top'>"
            + _lines_html(f"Cost {tally.cost}", tally.cost_lines or (
                battle_points.Line("Nothing planned yet", 0),))
            + "</td></tr></table>")
        self._update_variants()  # the budget moved: so do the variants' effects
        problem = "" if self.plan_model.plan else "Add adversaries from the library first."
        self.problem.say(problem)
        self.start_button.setEnabled(not problem)

    # -- starting -------------------------------------------------------------------------------

    def plan(self) -> tuple[PlannedAdversary, ...]:
        return self.plan_model.plan

    def start(self) -> None:
        if not self.plan_model.plan:
            return
        choice = self.environment_choice()
        self.start_requested.emit(self.plan_model.plan, choice, self.extra_damage.isChecked())
        self.plan_model.clear()
        self.accept()
