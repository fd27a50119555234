"""What a card table shows of a combatant: the card's lines and the order's note (``Profile``),
and the helpers a system writes its own with (``systems/<key>/ui/table.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from encounter_app.domain import CombatantRow
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.system import BaseRules
from encounter_app.domain.system_data import has_field, value_of


def pips(left: int, top: int) -> str:
    return "●" * max(left, 0) + "○" * max(top - left, 0)


def health(row: CombatantRow, word: str = "HP") -> str:
    """What the health track has left, e.g. "HP 10/14" or "Wounds left 3/6"."""
    if row.defeated:
        return "DEFEATED"
    return f"{word} {row.hp_max - row.hp_marked}/{row.hp_max}"


def numbers(rules: BaseRules, row: CombatantRow, keys: tuple[str, ...],
            suffix: str = "") -> str:
    """The sheet's numbers of ``keys`` with their labels: "Brawn 2 · Fortitude 1"."""
    shown = []
    for key in keys:
        if has_field(row.system_stats, key):
            label = rules.field(key).label.replace(" %", "")
            shown.append(f"{label} {value_of(row.system_stats, key)}{suffix}")
    return " · ".join(shown)


@fields_repr
@dataclass(frozen=True, repr=False)
class Profile:
    """How a rule system's fight looks: its words, and what its cards and order rows show."""

    order_title: str
    health_word: str  # what damage marks: "HP", "Wounds"
    card_lines: Callable[[CombatantRow], list[str]]
    card_status: Callable[[CombatantRow], str]
    row_info: Callable[[CombatantRow], str]

    @property
    def health_left(self) -> str:
        """The card's label of what is left: Wounds count up, so say "left"."""
        return "Wounds left" if self.health_word == "Wounds" else self.health_word
