"""The players' action rolls waiting for the GM, and the GM typing a player's two dice.

What waits is the inbox's (services/player_inbox.py): a roll from the players' page, or one
rolled for a player on the rules thread. This tab shows it, in the sidebar's *Players' rolls*,
until the GM sets the Difficulty and accepts it (recorded exactly as keys 1–5 record an outcome:
Fear, countdowns, the log line, the GM-move guidance, one undo step) or sets it aside. Nothing
moves on screen when one arrives: the tab's title counts them and the status bar says who sent
one. The GM can also type a player's two dice without any phone (*Type a player's dice…*).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain.player_rolls import submission_problem
from encounter_app.rules.daggerheart import Outcome, action_roll, quick_phrase
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.table import PlayerDice
from encounter_app.systems.daggerheart.services.player_inbox import (
    TITLE,
    PlayerRollInbox,
    Waiting,
)
from encounter_app.ui.widgets.dialog_buttons import accept_buttons
from encounter_app.ui.widgets.message import MessageLine

__all__ = ["TITLE", "PlayerRollQueue", "TypedDiceDialog"]

DEFAULT_DIFFICULTY = 12


def outcome_words(outcome: Outcome, dice: PlayerDice) -> str:
    return (f"<b>{outcome.value}</b>: {dice.total} against {dice.difficulty} — "
            f"{quick_phrase(outcome).split(' (')[0]}")


class PlayerRollQueue(QWidget):
    def __init__(self, inbox: PlayerRollInbox, session: EncounterSession,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerRolls")
        self.setAccessibleName(TITLE)
        self.inbox, self._session = inbox, session
        self.list = QListWidget(objectName="playerRollQueue")
        self.list.setAccessibleName("Players' rolls waiting")
        self.list.setWordWrap(True)
        self.list.hide()  # shown with the first roll; the words below say why it is empty
        self.empty = QLabel("No rolls from the players' page. A player's two dice can be "
                            "typed here too.", objectName="playerRollsEmpty")
        self.empty.setWordWrap(True)
        self.difficulty = QSpinBox(objectName="queueDifficulty")
        self.difficulty.setRange(1, 40)
        self.difficulty.setValue(DEFAULT_DIFFICULTY)
        self.difficulty.setAccessibleName("Difficulty of the roll")
        self.outcome = QLabel(objectName="queueOutcome")
        self.outcome.setWordWrap(True)
        self.outcome.setTextFormat(Qt.TextFormat.RichText)
        # Two lines kept from the start: choosing another roll never moves the buttons.
        self.outcome.setMinimumHeight(2 * self.outcome.fontMetrics().lineSpacing() + 4)
        self.accept_button = QPushButton("Accept", objectName="acceptPlayerRoll")
        self.accept_button.setToolTip("Record the outcome as keys 1–5 do: Fear, countdowns, "
                                      "log and the GM's moves, one undo step")
        self.dismiss_button = QPushButton("Set aside", objectName="dismissPlayerRoll")
        self.dismiss_button.setToolTip("Take the roll off the queue without recording it")
        self.type_button = QPushButton("Type a player's dice…", objectName="typePlayerDice")
        self.type_button.setToolTip("Record a player's Hope and Fear Dice as they rolled them")
        # Compact, and scrolled when the sidebar is short: the tab shares the sidebar with the
        # countdowns, which must keep their room (five at 1280x720).
        row = QHBoxLayout()
        label = QLabel("&Difficulty")
        label.setBuddy(self.difficulty)
        row.addWidget(label)
        row.addWidget(self.difficulty)
        row.addStretch()
        row.addWidget(self.accept_button)
        row.addWidget(self.dismiss_button)
        typed = QHBoxLayout()
        typed.addStretch()
        typed.addWidget(self.type_button)
        self.list.setMinimumHeight(2 * self.list.fontMetrics().lineSpacing() + 8)
        inside = QWidget(objectName="playerRollsInside")
        content = QVBoxLayout(inside)
        content.setContentsMargins(4, 4, 4, 4)
        # The answer first: on a short sidebar the list shrinks, Accept stays in view.
        content.addLayout(row)
        content.addWidget(self.outcome)
        content.addWidget(self.empty)
        content.addWidget(self.list, 1)
        content.addLayout(typed)
        scroll = QScrollArea(objectName="playerRollsScroll")
        scroll.setWidget(inside)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)
        self.list.currentRowChanged.connect(lambda _row: self._update())
        self.difficulty.valueChanged.connect(lambda _value: self._update())
        self.accept_button.clicked.connect(self.accept)
        self.dismiss_button.clicked.connect(self.dismiss)
        self.type_button.clicked.connect(self.type_dice)
        inbox.added.connect(self._added)
        inbox.removed.connect(self._removed)
        for waiting in inbox.waiting:  # the tab is made when first wanted: rolls may wait
            self.list.addItem(waiting.text())
        if self.list.count():
            self.list.setCurrentRow(0)
        self._update()

    def refresh(self) -> None:
        """Show what waits again, the tab's title included (once it is among the tabs)."""
        self._update()

    # -- what waits ----------------------------------------------------------------------------

    @property
    def waiting(self) -> tuple[Waiting, ...]:
        return self.inbox.waiting

    def _added(self, waiting: Waiting) -> None:
        self.list.addItem(waiting.text())
        if self.list.currentRow() < 0:
            self.list.setCurrentRow(0)
        self._update()

    def _removed(self, row: int) -> None:
        self.list.takeItem(row)
        self._update()

    # -- the GM's answer --------------------------------------------------------------------------

    def current(self) -> Waiting | None:
        row = self.list.currentRow()
        waiting = self.inbox.waiting
        return waiting[row] if 0 <= row < len(waiting) else None

    def accept(self) -> None:
        waiting = self.current()
        if waiting is not None:
            self.inbox.accept(waiting, self.difficulty.value())

    def dismiss(self) -> None:
        waiting = self.current()
        if waiting is not None:
            self.inbox.set_aside(waiting)

    def type_dice(self) -> None:
        names = [r.name for r in self._session.combatants if r.kind == "pc"]
        dialog = TypedDiceDialog(names, self.difficulty.value(), self.window())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            dice = dialog.dice()
            self.difficulty.setValue(dice.difficulty)
            self.inbox.record_typed(dice)

    # -- what is shown ----------------------------------------------------------------------------

    def _update(self) -> None:
        waiting = self.current()
        self.empty.setVisible(not self.waiting)
        self.list.setVisible(bool(self.waiting))
        self.accept_button.setEnabled(waiting is not None)
        self.dismiss_button.setEnabled(waiting is not None)
        if waiting is None:
            self.outcome.setText("")
        else:
            difficulty = self.difficulty.value()
            self.outcome.setText(outcome_words(waiting.outcome(difficulty),
                                               waiting.dice(difficulty)))
        self._title()

    def _title(self) -> None:
        """The sidebar tab says how many wait, so a roll from a phone is seen without the
        window changing under the GM's hand."""
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QTabWidget):
            parent = parent.parentWidget()
        if parent is not None and (index := parent.indexOf(self)) >= 0:
            count = len(self.waiting)
            parent.setTabText(index, f"{TITLE} ({count})" if count else TITLE)


class TypedDiceDialog(QDialog):
    """A player's Hope and Fear Dice as they rolled them, the modifier and the Difficulty."""

    def __init__(self, names: list[str], difficulty: int, parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.setObjectName("typedDiceDialog")
        self.setWindowTitle("A player's action roll")
        self.who = QComboBox(objectName="typedDiceWho", editable=True)
        self.who.addItems(names)
        self.who.setAccessibleName("Who rolled")
        self.hope = self._die("typedHope", "Hope Die")
        self.fear = self._die("typedFear", "Fear Die")
        self.modifier = QSpinBox(objectName="typedModifier")
        self.modifier.setRange(-10, 20)
        self.difficulty = QSpinBox(objectName="typedDifficulty")
        self.difficulty.setRange(1, 40)
        self.difficulty.setValue(difficulty)
        self.outcome = MessageLine("typedOutcome", lines=2)  # its room kept as dice change
        self.outcome.setTextFormat(Qt.TextFormat.RichText)
        self.buttons, self.record_button = accept_buttons(self, "Record")
        form = QFormLayout()
        form.addRow("&Who", self.who)
        form.addRow("&Hope Die", self.hope)
        form.addRow("&Fear Die", self.fear)
        form.addRow("&Modifier", self.modifier)
        form.addRow("&Difficulty", self.difficulty)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.outcome)
        layout.addWidget(self.buttons)
        for box in (self.hope, self.fear, self.modifier, self.difficulty):
            box.valueChanged.connect(lambda _value: self._update())
        self.who.currentTextChanged.connect(lambda _text: self._update())
        self._update()

    @staticmethod
    def _die(name: str, what: str) -> QSpinBox:
        box = QSpinBox(objectName=name)
        box.setRange(1, 12)
        box.setAccessibleName(what)
        return box

    def dice(self) -> PlayerDice:
        return PlayerDice(self.who.currentText().strip(), self.hope.value(), self.fear.value(),
                          self.modifier.value(), self.difficulty.value())

    def _update(self) -> None:
        dice = self.dice()
        problem = submission_problem(dice.name, dice.modifier, dice.hope, dice.fear)
        self.record_button.setEnabled(not problem)
        self.outcome.setText(problem or outcome_words(
            action_roll(dice.hope, dice.fear, dice.modifier, dice.difficulty), dice))

    def accept(self) -> None:
        dice = self.dice()
        if not submission_problem(dice.name, dice.modifier, dice.hope, dice.fear):
            super().accept()
