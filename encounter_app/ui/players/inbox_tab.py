"""The sidebar's *Players' rolls* tab, the same in every system: the rolls the players sent from
their phones, waiting for the GM, and a roll typed for a player without a phone.

What waits is the inbox's (services/phone_inbox.py, kept in the store): this tab lists it, oldest
first (who, which roll, the dice and whether they were rolled for the player or at the table).
For the chosen roll the GM gives what its form asks (the Difficulty, a DC: ``PhoneForm.gm_sets``;
nothing for a roll that asks nothing), sees what accepting would record (``inbox.preview``) and
*Accepts* it or *Sets it aside*; *Set aside all…* asks first. *Type a player's roll…* records a
roll from the table's dice for a PC whose player has no phone, with the forms the system offers
that PC (``phone_forms``). The tab only calls the inbox: the inbox records, one undo step each.

Nothing moves when a roll arrives or goes: the tab's title counts what waits, the answer's row
and the preview keep their room, and the list is where it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain.player_rolls import (
    PhoneForm,
    PhoneResult,
    PhoneRoll,
    PhoneSubmission,
    name_problem,
)
from encounter_app.domain.rows import CombatantRow
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.phone_inbox import TITLE, PhoneInbox
from encounter_app.ui.widgets.dialog_buttons import accept_buttons
from encounter_app.ui.widgets.message import MessageLine

GM_RANGE = (-99, 999)  # what a GM may give: a Difficulty, a DC, a challenge level

#: The forms a PC's phone (or the GM typing for its player) can send.
Forms = Callable[[CombatantRow], Sequence[PhoneForm]]
#: What a typed roll comes to, for the preview: (the PC, the roll, the GM's value).
Result = Callable[[CombatantRow, PhoneSubmission, int], PhoneResult]


def dice_words(form: PhoneForm | None, dice: Sequence[tuple[str, int]]) -> str:
    """Each die as the form names it, with what it shows: "Hope Die (d12) 9 · Fear Die..."."""
    labels = {} if form is None else {die.key: die.label for die in form.dice}
    return " · ".join(f"{labels.get(key, key)} {value}" for key, value in dice)


def roll_words(roll: PhoneRoll, form: PhoneForm | None) -> str:
    """A waiting roll in the list: who, which roll; its dice and how they were rolled."""
    title = form.title if form is not None else roll.submission.form
    how = "rolled for them" if roll.rolled_for_them else "rolled at the table"
    dice = dice_words(form, roll.dice)
    return f"{roll.submission.character} — {title}\n{dice + ' · ' if dice else ''}{how}"


def result_words(result: PhoneResult) -> str:
    """What accepting records, for the GM: "<b>Success with Hope</b>: 17 — Hope 9, ..."."""
    dice = f" — {result.dice}" if result.dice else ""
    return f"<b>{result.text}</b>: {result.total}{dice}"


WidgetT = TypeVar("WidgetT", bound=QWidget)


def _retained(widget: WidgetT) -> WidgetT:
    """Its room kept while hidden: nothing beside or under it moves."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    widget.setSizePolicy(policy)
    return widget


def _steady(box: QComboBox) -> QComboBox:
    """A combo box as wide as its place, whatever its entries: picking moves nothing."""
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(24)
    box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    return box


class PhoneInboxTab(QWidget):
    def __init__(self, inbox: PhoneInbox, session: EncounterSession,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerRolls")
        self.setAccessibleName(TITLE)
        self.inbox, self._session = inbox, session
        self._rolls: tuple[PhoneRoll, ...] = ()  # as listed
        self._gm_word = ""  # what the GM gives for the chosen roll
        self.list = QListWidget(objectName="playerRollQueue")
        self.list.setAccessibleName("Players' rolls waiting, oldest first")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setMinimumHeight(2 * self.list.fontMetrics().lineSpacing() + 8)
        self.empty = QLabel("No rolls from the players' phones. A roll made at the table can "
                            "be typed here too.", objectName="playerRollsEmpty", wordWrap=True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # The words and the list take turns in one place.
        self.waiting_place = QStackedWidget(objectName="playerRollsPlace")
        self.waiting_place.addWidget(self.empty)
        self.waiting_place.addWidget(self.list)
        self.gm_label = _retained(QLabel("Difficulty", objectName="queueGmLabel"))
        self.gm_value = QSpinBox(objectName="queueGmValue")
        self.gm_value.setRange(*GM_RANGE)
        self.gm_value.setAccessibleName("Difficulty of the roll")
        _retained(self.gm_value)
        self.gm_label.setBuddy(self.gm_value)
        self.preview = QLabel(objectName="queueOutcome", wordWrap=True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.preview.setAccessibleName("What accepting records")
        # Two lines kept from the start: choosing another roll never moves the buttons.
        self.preview.setMinimumHeight(2 * self.preview.fontMetrics().lineSpacing() + 4)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.accept_button = QPushButton("Accept", objectName="acceptPlayerRoll")
        self.accept_button.setToolTip("Record the roll as the game's rules say, one undo step; "
                                      "the phone hears what came of it")
        self.dismiss_button = QPushButton("Set aside", objectName="dismissPlayerRoll")
        self.dismiss_button.setToolTip("Take the roll off the list without recording it; the "
                                       "phone hears so (undo brings it back)")
        self.dismiss_all_button = QPushButton("Set aside all…",
                                              objectName="setAsidePlayerRolls")
        self.dismiss_all_button.setToolTip("Every roll waiting off the list, none recorded "
                                           "(asks first; one undo step)")
        self.type_button = QPushButton("Type a player's roll…", objectName="typePlayerDice")
        self.type_button.setToolTip("Record a roll a player made at the table with the "
                                    "table's dice, for a player without a phone")
        # Compact, and scrolled when the sidebar is short: the tab shares the sidebar with the
        # countdowns, which must keep their room.
        answer = QHBoxLayout()
        answer.addWidget(self.gm_label)
        answer.addWidget(self.gm_value)
        answer.addStretch()
        answer.addWidget(self.accept_button)
        answer.addWidget(self.dismiss_button)
        more = QHBoxLayout()
        more.addWidget(self.dismiss_all_button)
        more.addStretch()
        more.addWidget(self.type_button)
        inside = QWidget(objectName="playerRollsInside")
        content = QVBoxLayout(inside)
        content.setContentsMargins(4, 4, 4, 4)
        # The answer first: on a short sidebar the list shrinks, Accept stays in view.
        content.addLayout(answer)
        content.addWidget(self.preview)
        content.addWidget(self.waiting_place, 1)
        content.addLayout(more)
        scroll = self.scroller = QScrollArea(objectName="playerRollsScroll")
        scroll.setWidget(inside)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)
        self.list.currentRowChanged.connect(lambda _row: self._chosen())
        self.gm_value.valueChanged.connect(lambda _value: self._show_preview())
        self.accept_button.clicked.connect(self.accept)
        self.dismiss_button.clicked.connect(self.dismiss)
        self.dismiss_all_button.clicked.connect(self.dismiss_all)
        self.type_button.clicked.connect(self.type_roll)
        inbox.changed.connect(lambda _name: self.refresh())
        self.refresh()  # made when first wanted: rolls may wait already

    # -- what waits ------------------------------------------------------------------------------

    @property
    def waiting(self) -> tuple[PhoneRoll, ...]:
        return self._rolls

    def refresh(self) -> None:
        """The list as the inbox has it now, the chosen roll kept chosen while it waits."""
        chosen = self.current()
        at = self.list.currentRow()
        self._rolls = tuple(self.inbox.waiting)
        blocked = self.list.blockSignals(True)
        self.list.clear()
        for roll in self._rolls:
            item = QListWidgetItem(roll_words(roll, self.inbox.form_of(roll)))
            item.setData(Qt.ItemDataRole.AccessibleTextRole, item.text().replace("\n", "; "))
            self.list.addItem(item)
        ids = [roll.id for roll in self._rolls]
        if chosen is not None and chosen.id in ids:
            self.list.setCurrentRow(ids.index(chosen.id))
        elif self._rolls:  # the one after it moved up into its place (else the last)
            self.list.setCurrentRow(min(max(at, 0), len(self._rolls) - 1))
        self.list.blockSignals(blocked)
        self._chosen()
        # A short sidebar scrolls the tab: the answer's row (Accept) comes back into view
        # whenever the list changes, not left half out of sight after the last one went.
        self.scroller.ensureWidgetVisible(self.accept_button, 0, 0)

    def current(self) -> PhoneRoll | None:
        row = self.list.currentRow()
        return self._rolls[row] if 0 <= row < len(self._rolls) else None

    # -- the GM's answer -------------------------------------------------------------------------

    def accept(self) -> None:
        roll = self.current()
        if roll is not None and roll.id is not None:
            self.inbox.accept(roll.id, self._gm())

    def dismiss(self) -> None:
        roll = self.current()
        if roll is not None and roll.id is not None:
            self.inbox.set_aside(roll.id)

    def dismiss_all(self) -> None:
        count = len(self._rolls)
        if not count:
            return
        box = QMessageBox(QMessageBox.Icon.Question, "Set aside all the players' rolls?",
                          f"Set aside all {count} rolls waiting?" if count > 1 else
                          "Set aside the roll waiting?", QMessageBox.StandardButton.Cancel,
                          self.window())
        box.setObjectName("setAsideAllQuestion")
        box.setInformativeText("None of them is recorded, and each phone hears its roll was "
                               "set aside. Undo brings them all back.")
        go = box.addButton("Set aside all", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        if box.clickedButton() is go:
            self.inbox.set_aside_all()

    def type_roll(self) -> TypedRollDialog:
        """The dialog for a roll made at the table; recorded through the inbox if the GM
        records it."""
        system = self._session.system
        rows = [row for row in self._session.combatants if row.kind == "pc"]

        def result(row: CombatantRow, submission: PhoneSubmission, gm: int) -> PhoneResult:
            roll = PhoneRoll(None, self._session.encounter_id, submission,
                             submission.dice or (), rolled_for_them=False)
            return system.phone_result(row, roll, gm)

        dialog = TypedRollDialog(rows, system.phone_forms, result, self.window())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.typed.connect(self.inbox.record_typed)
        dialog.open()
        return dialog

    def _gm(self) -> int:
        return self.gm_value.value() if self._gm_word else 0

    # -- what is shown -----------------------------------------------------------------------------

    def _chosen(self) -> None:
        roll = self.current()
        form = None if roll is None else self.inbox.form_of(roll)
        word = form.gm_sets if form is not None else ""
        if word != self._gm_word or roll is None:
            # Another kind of value (a DC after a Difficulty): the form's own first offer.
            self._gm_word = word
            if form is not None and word:
                blocked = self.gm_value.blockSignals(True)
                self.gm_value.setValue(form.gm_default)
                self.gm_value.blockSignals(blocked)
        self.gm_label.setText(word or "Difficulty")
        self.gm_value.setAccessibleName(f"{word or 'Difficulty'} of the roll")
        self.gm_label.setVisible(bool(word))
        self.gm_value.setVisible(bool(word))
        self.waiting_place.setCurrentWidget(self.list if self._rolls else self.empty)
        self.accept_button.setEnabled(roll is not None)
        self.dismiss_button.setEnabled(roll is not None)
        self.dismiss_all_button.setEnabled(bool(self._rolls))
        self._show_preview()
        self._title()

    def _show_preview(self) -> None:
        roll = self.current()
        if roll is None or roll.id is None:
            self.preview.setText("")
            return
        if self.inbox.form_of(roll) is None:
            self.preview.setText(f"{self._session.system.name} no longer offers this roll: "
                                 "set it aside.")
            return
        result = self.inbox.preview(roll.id, self._gm())
        self.preview.setText("" if result is None else result_words(result))

    def _title(self) -> None:
        """The sidebar tab says how many wait, so a roll from a phone is seen without the
        window changing under the GM's hand."""
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QTabWidget):
            parent = parent.parentWidget()
        if parent is not None and (index := parent.indexOf(self)) >= 0:
            count = len(self._rolls)
            parent.setTabText(index, f"{TITLE} ({count})" if count else TITLE)


class TypedRollDialog(QDialog):
    """A roll a player made at the table, typed by the GM: who, which of the rolls that PC's
    phone would offer, its choices, numbers and dice as they landed, and what the GM gives.

    Every field has its place from the start (as many of each kind as any of these forms has),
    so picking another roll or choice shows and hides fields without moving any."""

    typed = Signal(object, int)  # (PhoneSubmission, the GM's value) when recorded

    def __init__(self, rows: Sequence[CombatantRow], forms: Forms, result: Result,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("typedRollDialog")
        self.setWindowTitle("A player's roll at the table")
        self._rows = [row for row in rows if row.id is not None]
        self._forms_of, self._result = forms, result
        self._listed: tuple[PhoneForm, ...] = ()  # the forms in the Roll box
        every = [form for row in self._rows for form in forms(row)]
        self.who = QComboBox(objectName="typedRollWho")
        self.who.setAccessibleName("Who rolled")
        for row in self._rows:
            self.who.addItem(row.name, row.id)
        self.form = QComboBox(objectName="typedRollForm")
        self.form.setAccessibleName("Which roll")
        for box in (self.who, self.form):
            _steady(box)
        self.dice_words = MessageLine("typedRollDice", lines=2)  # what the player threw
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        for line, (text, field) in enumerate((("&Who", self.who), ("&Roll", self.form))):
            label = QLabel(text)
            label.setBuddy(field)
            grid.addWidget(label, line, 0)
            grid.addWidget(field, line, 1)
        grid.addWidget(self.dice_words, 2, 1)
        line = 3
        labels: list[str] = ["Who", "Roll"]

        def slots(count: int, make: Callable[[], WidgetT]) -> list[tuple[QLabel, WidgetT]]:
            nonlocal line
            made = []
            for _ in range(count):
                label, field = _retained(QLabel()), _retained(make())
                label.setBuddy(field)
                grid.addWidget(label, line, 0)
                grid.addWidget(field, line, 1)
                made.append((label, field))
                line += 1
            return made

        def most(count: Callable[[PhoneForm], int]) -> int:
            return max((count(form) for form in every), default=0)

        self._choice_slots = slots(most(lambda f: len(f.choices)),
                                   lambda: _steady(QComboBox()))
        self._number_slots = slots(most(lambda f: len(f.numbers)), QSpinBox)
        self._die_slots = slots(most(lambda f: len(f.dice)), QSpinBox)
        [(self._gm_label, self.gm_value)] = slots(1, QSpinBox)  # what the GM gives
        self.gm_value.setObjectName("typedRollGm")
        self.gm_value.setRange(*GM_RANGE)
        for form in every:  # the labels' column as wide as its widest, whatever is shown
            labels += [c.label for c in form.choices] + [n.label for n in form.numbers]
            labels += [d.label for d in form.dice] + [form.gm_sets]
        metrics = self.fontMetrics()
        grid.setColumnMinimumWidth(0, max(metrics.horizontalAdvance(text) for text in labels)
                                   + 8)
        self.outcome = MessageLine("typedRollOutcome", lines=2)  # its room kept as dice change
        self.outcome.setTextFormat(Qt.TextFormat.RichText)
        self.buttons, self.record_button = accept_buttons(self, "Record")
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(self.outcome)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(480)

        self.who.currentIndexChanged.connect(lambda _i: self._fill_forms())
        self.form.currentIndexChanged.connect(lambda _i: self._fill_form())
        for _label, box in self._choice_slots:
            box.currentIndexChanged.connect(lambda _i: self._show_dice())
        for spin in [self.gm_value, *(spin for _label, spin in self._number_slots),
                     *(spin for _label, spin in self._die_slots)]:
            spin.valueChanged.connect(lambda _v: self._update())
        self._fill_forms()

    # -- the fields of the chosen roll ------------------------------------------------------------

    def row(self) -> CombatantRow | None:
        index = self.who.currentIndex()
        return self._rows[index] if 0 <= index < len(self._rows) else None

    def forms(self) -> tuple[PhoneForm, ...]:
        row = self.row()
        return () if row is None else tuple(self._forms_of(row))

    def chosen_form(self) -> PhoneForm | None:
        forms, index = self.forms(), self.form.currentIndex()
        return forms[index] if 0 <= index < len(forms) else None

    def _fill_forms(self) -> None:
        forms = self.forms()
        if forms == self._listed and self.form.count():
            self._update()  # another PC with the same rolls: what was typed stays
            return
        self._listed = forms
        blocked = self.form.blockSignals(True)
        key = self.form.currentData()
        self.form.clear()
        for form in forms:
            self.form.addItem(form.title, form.key)
        self.form.setCurrentIndex(max(0, self.form.findData(key)))
        self.form.blockSignals(blocked)
        self._fill_form()

    def _fill_form(self) -> None:
        form = self.chosen_form()
        choices = form.choices if form is not None else ()
        numbers = form.numbers if form is not None else ()
        for (label, field), choice in zip(self._choice_slots, [*choices, *[None] * 99],
                                          strict=False):
            blocked = field.blockSignals(True)
            field.clear()
            if choice is not None:
                for value, words in choice.options:
                    field.addItem(words, value)
                field.setAccessibleName(choice.label)
            label.setText(choice.label if choice is not None else "")
            label.setVisible(choice is not None)
            field.setVisible(choice is not None)
            field.blockSignals(blocked)
        for (label, spin), number in zip(self._number_slots, [*numbers, *[None] * 99],
                                         strict=False):
            blocked = spin.blockSignals(True)
            if number is not None:
                spin.setRange(number.low, number.high)
                spin.setValue(number.default)
                spin.setAccessibleName(number.label)
            label.setText(number.label if number is not None else "")
            label.setVisible(number is not None)
            spin.setVisible(number is not None)
            spin.blockSignals(blocked)
        word = form.gm_sets if form is not None else ""
        blocked = self.gm_value.blockSignals(True)
        if form is not None and word:
            self.gm_value.setValue(form.gm_default)
        self.gm_value.blockSignals(blocked)
        self._gm_label.setText(word)
        self.gm_value.setAccessibleName(word)
        self._gm_label.setVisible(bool(word))
        self.gm_value.setVisible(bool(word))
        self.dice_words.setText(form.dice_words if form is not None else
                                "No roll is offered for this character.")
        self._show_dice()

    def _choices(self) -> dict[str, str]:
        form = self.chosen_form()
        if form is None:
            return {}
        picked = {}
        for choice, (_label, field) in zip(form.choices, self._choice_slots, strict=False):
            picked[choice.key] = str(field.currentData())
        return picked

    def _show_dice(self) -> None:
        """The dice these choices throw (a d6 with advantage), each in its own place."""
        form = self.chosen_form()
        dice = form.dice_for(self._choices()) if form is not None else ()
        for (label, field), die in zip(self._die_slots, [*dice, *[None] * 99], strict=False):
            blocked = field.blockSignals(True)
            if die is not None:
                if field.accessibleName() != die.label or field.maximum() != die.sides:
                    field.setRange(1, die.sides)
                    field.setValue(1)
                field.setAccessibleName(die.label)
            label.setText(die.label if die is not None else "")
            label.setVisible(die is not None)
            field.setVisible(die is not None)
            field.blockSignals(blocked)
        self._update()

    def submission(self) -> PhoneSubmission | None:
        """The roll as typed; None when no roll is offered."""
        row, form = self.row(), self.chosen_form()
        if row is None or form is None:
            return None
        numbers = []
        for number, (_label, field) in zip(form.numbers, self._number_slots, strict=False):
            numbers.append((number.key, field.value()))
        choices = self._choices()
        dice = []
        for die, (_label, field) in zip(form.dice_for(choices), self._die_slots, strict=False):
            dice.append((die.key, field.value()))
        return PhoneSubmission(row.name, row.id, form.key, tuple(numbers),
                               tuple(choices.items()), tuple(dice))

    def gm(self) -> int:
        form = self.chosen_form()
        return self.gm_value.value() if form is not None and form.gm_sets else 0

    def problem(self) -> str:
        submission, form, row = self.submission(), self.chosen_form(), self.row()
        if submission is None or form is None or row is None:
            return "No roll is offered for this character." if row is not None else \
                "No PC in the fight."
        return name_problem(row.name) or form.problem(
            dict(submission.numbers), dict(submission.choices), dict(submission.dice or ()))

    def _update(self) -> None:
        problem = self.problem()
        self.record_button.setEnabled(not problem)
        submission, row = self.submission(), self.row()
        if problem or submission is None or row is None:
            self.outcome.setText(problem)
            return
        self.outcome.setText(result_words(self._result(row, submission, self.gm())))

    def accept(self) -> None:
        submission = self.submission()
        if submission is None or self.problem():
            return
        super().accept()
        self.typed.emit(submission, self.gm())
