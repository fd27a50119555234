"""The player's action roll, recorded by the GM in one click or key, and what to do next.

Players roll their own Duality Dice; the GM presses 1–5 for the outcome (6 when a PC missed an
attack). The fight's operation does the bookkeeping (Fear, countdowns, log: one undo step);
this strip shows the
text's guidance for the outcome, softer on Hope and harder on Fear. The rests (ui/fight/rests.py)
report here too: they are the other thing at the table that gains Fear and moves countdowns.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from encounter_app.rules.daggerheart import (
    EXAMPLE_GM_MOVES,
    HARD_MOVES,
    SOFT_MOVES,
    Outcome,
    consequence,
    gm_moves,
    gm_response,
    quick_phrase,
    with_hope,
)
from encounter_app.services.fight.operations import FightOperations
from encounter_app.services.fight.table import PlayerDice
from encounter_app.services.operations import Kept
from encounter_app.ui.fight.rests import RestActions

# outcome -> (key, object name)
OUTCOME_KEYS = {
    Outcome.CRITICAL_SUCCESS: ("1", "outcomeCriticalSuccess"),
    Outcome.SUCCESS_WITH_HOPE: ("2", "outcomeSuccessWithHope"),
    Outcome.SUCCESS_WITH_FEAR: ("3", "outcomeSuccessWithFear"),
    Outcome.FAILURE_WITH_HOPE: ("4", "outcomeFailureWithHope"),
    Outcome.FAILURE_WITH_FEAR: ("5", "outcomeFailureWithFear"),
}
MISS_KEY = "6"
PLACEHOLDER = ("When a player rolls, press the outcome (keys 1–5): the Fear, the countdowns "
               "and the log follow, and the text's GM moves show here. 6: a PC missed an "
               "attack. Rests are in the Encounter menu.")


def _tip(outcome: Outcome) -> str:
    fear = " The GM gains a Fear." if not with_hope(outcome) else ""
    return (f"{outcome.value} — {quick_phrase(outcome)}.{fear} Advances the countdowns "
            f"(key {OUTCOME_KEYS[outcome][0]})")


def guidance_html(outcome: Outcome, happened: str) -> str:
    """The panel's text for ``outcome``: what happened, the text's response, the move list."""
    from html import escape  # here: html's entities cost every start 16 M instructions

    hope = with_hope(outcome)
    lines = [f"<b>{escape(outcome.value)}</b> — <i>{escape(quick_phrase(outcome))}</i>"]
    if happened:
        lines.append(f"<small>{escape(happened)}</small>")
    lines.append(escape(gm_response(outcome)))
    if cost := consequence(outcome):
        moves = " • ".join(escape(m) for m in gm_moves(outcome))
        lines.append(f"<b>{cost.capitalize()} consequence:</b> {moves}")
    kind = "Soft move" if hope else "Hard move"
    lines.append(f"<b>{kind}</b>, on a roll with {'Hope' if hope else 'Fear'}: "
                 f"{escape(SOFT_MOVES if hope else HARD_MOVES)}")
    return "<br>".join(lines)


GUIDANCE_LINES = 5  # the guidance's fixed height; an outcome's text is four to six lines


class OutcomeRecorder(QFrame):
    """Five outcome buttons, "PC missed an attack", and the guidance for the last one."""

    def __init__(self, operations: FightOperations, rests: RestActions,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._operations = operations
        self._last: Kept | None = None  # the step the panel describes
        self.setObjectName("outcomeRecorder")
        self.setAccessibleName("Player action roll outcomes")
        self.setFrameShape(QFrame.Shape.StyledPanel)

        self.outcome_actions: dict[Outcome, QAction] = {}
        self.buttons: dict[Outcome, QToolButton] = {}
        grid = QGridLayout()
        grid.setSpacing(4)
        for i, (outcome, (key, name)) in enumerate(OUTCOME_KEYS.items()):
            action = QAction(f"{key}  {outcome.value}", self, shortcut=QKeySequence(key))
            action.setToolTip(_tip(outcome))
            action.triggered.connect(lambda _=False, o=outcome: self.record(o) and None)
            self.outcome_actions[outcome] = action
            self.buttons[outcome] = self._button(action, name, outcome.value)
            grid.addWidget(self.buttons[outcome], i // 3, i % 3)
        self.miss_action = QAction(f"{MISS_KEY}  PC missed an attack", self,
                                   shortcut=QKeySequence(MISS_KEY))
        self.miss_action.setToolTip("Ticks the countdowns that tick when a PC misses (Volley of "
                                    f"Arrows). Record the roll's outcome too (key {MISS_KEY})")
        self.miss_action.triggered.connect(self.pc_missed)
        self.miss_button = self._button(self.miss_action, "outcomePcMissed",
                                        "PC missed an attack")
        grid.addWidget(self.miss_button, 1, 2)

        # The rests are the window's (ui/fight/rests.py): the guidance here says what they did.
        self.short_rest_action = rests.short_rest_action
        self.long_rest_action = rests.long_rest_action
        rests.rested.connect(self._shown)

        # Plain text in a bold font, not "<b>…</b>": a rich-text label lays out a
        # QTextDocument, at every start (docs/performance.md, issue 28).
        title = QLabel("Player's action roll:")
        title.setTextFormat(Qt.TextFormat.PlainText)
        bold = title.font()
        bold.setBold(True)
        title.setFont(bold)
        top = QHBoxLayout()
        top.addWidget(title, 0, Qt.AlignmentFlag.AlignTop)
        top.addLayout(grid, 1)
        # The placeholder is plain text; the first guidance makes the label rich text and
        # selectable (_shown), which gives it a text document: none is needed before.
        self.guidance = QLabel(PLACEHOLDER, objectName="outcomeGuidance", wordWrap=True)
        self.guidance.setTextFormat(Qt.TextFormat.PlainText)
        self.guidance.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.guidance.setAccessibleName("GM move guidance")
        self.guidance.setToolTip("Example GM moves: " + "; ".join(EXAMPLE_GM_MOVES))
        # A fixed place for the guidance: it is one line before the first outcome and five or
        # six after one, and a panel that grew with it moved the cards above after every roll.
        # A longer text scrolls inside it.
        self.guidance_area = QScrollArea(objectName="outcomeGuidanceArea")
        self.guidance_area.setWidget(self.guidance)
        self.guidance_area.setWidgetResizable(True)
        self.guidance_area.setAccessibleName("GM move guidance, scrolled")
        self.guidance_area.setFrameShape(QFrame.Shape.NoFrame)
        self.guidance_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.guidance_area.setFixedHeight(GUIDANCE_LINES * self.fontMetrics().lineSpacing() + 4)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.guidance_area)
        operations.undo_stack.indexChanged.connect(self._stack_moved)

    def _button(self, action: QAction, name: str, accessible: str) -> QToolButton:
        button = QToolButton(objectName=name)
        button.setDefaultAction(action)
        button.setAccessibleName(accessible)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        return button

    def menu_actions(self) -> list[QAction]:
        return [*self.outcome_actions.values(), self.miss_action, self.short_rest_action,
                self.long_rest_action]

    # -- what the GM does -----------------------------------------------------------------------

    def record(self, outcome: Outcome, dice: PlayerDice | None = None) -> bool:
        """Record ``outcome`` (with the player's ``dice`` when known): one undo step, and the
        text's guidance for it here. False when it failed and changed nothing."""
        recorded = self._operations.record_outcome(outcome, dice)
        if recorded is None:
            return False
        self._shown(recorded.kept, guidance_html(outcome, " · ".join(recorded.happened)))
        return True

    def show_guidance(self, kept: Kept, outcome: Outcome, happened: Sequence[str]) -> None:
        """The text's guidance for an outcome recorded elsewhere (a phone's roll accepted, or
        typed for a player), as if its key had been pressed."""
        self._shown(kept, guidance_html(outcome, " · ".join(happened)))

    def pc_missed(self) -> None:
        from html import escape  # as in guidance_html

        recorded = self._operations.pc_missed()
        if recorded is not None:
            lines = recorded.happened or ("No countdown ticks when a PC misses.",)
            self._shown(recorded.kept,
                        f"<b>A PC missed an attack</b><br>{escape(' · '.join(lines))}"
                        "<br>Record the roll's outcome too (keys 1–5).")

    def _shown(self, kept: Kept, html: str) -> None:
        self._last = kept
        self._html = html
        if self.guidance.textFormat() != Qt.TextFormat.RichText:
            self.guidance.setTextFormat(Qt.TextFormat.RichText)
            self.guidance.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.guidance.setText(html)

    def _stack_moved(self) -> None:
        """Say so when the outcome shown here has been undone; once a later step has taken
        its place on the stack (it can no longer be redone), its guidance is gone too."""
        if self._last is None:
            return
        if self._operations.still_done(self._last):
            self.guidance.setText(self._html)
        elif self._operations.on_stack(self._last):
            self.guidance.setText(f"<i>Undone:</i><br><span style='color:gray'>{self._html}"
                                  "</span>")
        else:
            self._last = None
            self.guidance.setText(PLACEHOLDER)
