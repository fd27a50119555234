"""The SRD's three conditions in its words, and the Vulnerable that marking the last Stress gives.

SRD 1.0 (shared/rules/NOTES.md, "Stress" and "Conditions"): marking the last Stress makes a
character Vulnerable until they clear one. The program remembers that it gave that Vulnerable
(``vulnerable_from_stress`` in the row's state), so clearing a Stress takes away only a
Vulnerable the full Stress gave, never one the GM put there for another reason.
"""

from __future__ import annotations

from dataclasses import replace

from encounter_app.domain.rows import CombatantRow
from encounter_app.systems.daggerheart.state import state_of, with_state

VULNERABLE = "Vulnerable"

CONDITION_TEXTS: dict[str, str] = {
    "Hidden": "Rolls against it have disadvantage. It ends when it is seen, or when it attacks.",
    "Restrained": "It cannot move, but can still act.",
    "Vulnerable": "Rolls against it have advantage.",
}
# The same, short enough for a card's chip row (the tooltip has them whole).
CARD_WORDS: dict[str, str] = {
    "Hidden": "rolls against it have disadvantage",
    "Restrained": "cannot move, can still act",
    "Vulnerable": "rolls against it have advantage",
}
SAME_DOES_NOT_STACK = "The same condition does not stack."
SPOTLIGHT_CLEARS = "A temporary condition on an adversary is cleared by spending its spotlight."


def condition_text(name: str) -> str | None:
    """The SRD's words for a standard condition; None for one the GM named."""
    return CONDITION_TEXTS.get(name)


def condition_card_words(name: str) -> str | None:
    return CARD_WORDS.get(name)


def from_stress(row: CombatantRow) -> bool:
    """True when the row's Vulnerable is the one its full Stress gave."""
    return state_of(row).vulnerable_from_stress and VULNERABLE in row.conditions


def stress_changed(before: CombatantRow, after: CombatantRow) -> tuple[CombatantRow, str]:
    """``after`` (a Stress marked or cleared on ``before``) with the SRD's Vulnerable: given
    when the last Stress is marked, taken away when a Stress is cleared (only the one the full
    Stress gave). Returns the row and a sentence for the GM ("" when nothing changed)."""
    full_before = before.stress_max > 0 and before.stress_marked >= before.stress_max
    full_after = after.stress_max > 0 and after.stress_marked >= after.stress_max
    if full_after and not full_before:
        if VULNERABLE in after.conditions:
            return after, ""
        state = replace(state_of(after), vulnerable_from_stress=True)
        return (replace(with_state(after, state), conditions=(*after.conditions, VULNERABLE)),
                f" Its last Stress is marked: {after.name} is Vulnerable until it clears one.")
    if full_before and not full_after and from_stress(after):
        state = replace(state_of(after), vulnerable_from_stress=False)
        return (replace(with_state(after, state),
                        conditions=tuple(c for c in after.conditions if c != VULNERABLE)),
                f" A Stress cleared: {after.name} is no longer Vulnerable.")
    return after, ""


def forget_stress_mark(row: CombatantRow) -> CombatantRow:
    """The row without the reminder that its Vulnerable came from Stress (the GM cleared it)."""
    state = state_of(row)
    if not state.vulnerable_from_stress:
        return row
    return with_state(row, replace(state, vulnerable_from_stress=False))
