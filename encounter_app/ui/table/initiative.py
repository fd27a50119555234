"""A card table's initiative asks: Roll initiative (asked first when a new roll would clear
what the fight has, refused where the text keeps the order), a tie the GM orders, and an
initiative a player rolled at the table. The operations (services/fight/card_table.py) decide
and record; these only ask the GM."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

from encounter_app.domain import CombatantRow
from encounter_app.domain.initiative import InitiativeScore
from encounter_app.domain.rows import stored_id
from encounter_app.services.fight.card_table import CardTableOperations
from encounter_app.services.fight.turns import effective_initiative
from encounter_app.ui.table.asks import ask_number

Ties = list[list[InitiativeScore]]


def reroll_box(parent: QWidget, question: str) -> QMessageBox:
    """Ask before initiative is rolled again: what it clears, Cancel the default."""
    box = QMessageBox(QMessageBox.Icon.Question, "Roll initiative again?", question,
                      QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel,
                      parent)
    box.setObjectName("rerollInitiativeBox")
    ok = box.button(QMessageBox.StandardButton.Ok)
    ok.setText("&Roll again")
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    return box


def roll(parent: QWidget, operations: CardTableOperations) -> bool:
    """Roll everyone's initiative, after asking if that clears anything; True when asked for."""
    reroll = operations.reroll()
    if reroll.refused:
        operations.say(reroll.refused, error=True)
        return False
    if reroll.question:
        box = reroll_box(parent, reroll.question)
        answer = box.exec()
        box.deleteLater()
        if answer != QMessageBox.StandardButton.Ok:
            operations.say("Initiative stays as it was.")
            return False
    return operations.roll_initiative(lambda ties: ask_ties(parent, operations, ties))


def ask_ties(parent: QWidget, operations: CardTableOperations, ties: Ties) -> None:
    """Who is still tied after the rules' order is the GM's to order; each tied group's
    order is one undo step after the roll's."""
    for group in ties:
        left = {s.name: s.combatant_id for s in group}
        order: list[int] = []
        while len(left) > 1:
            names = list(left)
            score = group[0]
            choice, ok = QInputDialog.getItem(
                parent, "Initiative tie",
                f"{' and '.join(names)} are tied at {score.total} (bonus {score.bonus:+d})."
                f" Who goes {'first' if not order else 'next'}?", names, 0, False)
            if not ok:
                return  # the order stays as rolled
            order.append(left.pop(choice))
        order += left.values()
        operations.settle_tie(order)


def ask_value(parent: QWidget, operations: CardTableOperations, row: CombatantRow) -> None:
    """Type the initiative a player rolled at the table; the order follows it."""
    current = effective_initiative(row)
    value = ask_number(parent, "Set initiative", f"Initiative {row.name} rolled:", "Set",
                       10 if current is None else current, -20, 99)
    if value is not None:
        operations.set_initiative(stored_id(row), value)
