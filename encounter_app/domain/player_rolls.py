"""A player's action roll sent to the GM: from the players' page on a phone, or typed by the GM.

Plain, frozen data: it crosses from the page server's thread to the GUI thread (DESIGN.md,
"The players' page"), waits in the GM's queue, and is recorded only when the GM accepts it with
a Difficulty. ``hope`` and ``fear`` are the Duality Dice the player rolled at the table; both
None asks the rules service to roll them ("Roll my Duality Dice").
"""

from __future__ import annotations

from dataclasses import dataclass

from encounter_app.domain.fields_repr import fields_repr

#: Bounds of what a page may send: a modifier beyond them is a typing slip, not a character.
MODIFIER_RANGE = (-10, 20)
NAME_LIMIT = 60


@fields_repr
@dataclass(frozen=True, repr=False)
class PlayerRollSubmission:
    """One action roll a player sent (or the GM typed for them)."""

    name: str  # the character, as the page showed it
    modifier: int = 0
    hope: int | None = None  # both None: the rules service rolls the Duality Dice
    fear: int | None = None
    combatant_id: int | None = None  # the character's row in the fight, when known
    page: str = ""  # which page sent it (opaque to the GUI); "" when typed by the GM

    @property
    def rolled_at_table(self) -> bool:
        return self.hope is not None and self.fear is not None


def submission_problem(name: str, modifier: int, hope: int | None, fear: int | None) -> str:
    """Why a submission cannot be taken, in words for the page or the GM; "" when it can."""
    if not name.strip():
        return "Pick your character first."
    if len(name) > NAME_LIMIT:
        return f"A character's name is at most {NAME_LIMIT} characters."
    low, high = MODIFIER_RANGE
    if isinstance(modifier, bool) or not isinstance(modifier, int) or not low <= modifier <= high:
        return f"The modifier is a whole number from {low} to {high}."
    if (hope is None) != (fear is None):
        return "Give both dice (Hope and Fear), or neither to have them rolled."
    for word, die in (("Hope", hope), ("Fear", fear)):
        if die is not None and (isinstance(die, bool) or not isinstance(die, int)
                                or not 1 <= die <= 12):
            return f"The {word} Die shows 1 to 12."
    return ""
