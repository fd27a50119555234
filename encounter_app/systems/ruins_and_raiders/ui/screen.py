"""Ruins & Raiders' GM screen: challenge levels, extra time and the modifiers."""

from __future__ import annotations

from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.ui.table.reference import Row, ScreenTable


def level_table() -> list[Row]:
    return [Row(f"{name}", str(value)) for name, value in rr.CHALLENGE_LEVELS.items()]


def extra_time_table() -> list[Row]:
    rows = [Row(f"×{times}", f"+{bonus}") for times, bonus in rr.EXTRA_TIME_BONUS.items()]
    return rows + [Row(f"rushed, {n} halving{'s' if n > 1 else ''}", f"+{rr.rush_penalty(n)} "
                       "to the challenge level") for n in (1, 2)]


def _prone(attack: rr.Attack) -> int:
    return rr.prone_modifier(attack, target_prone=True)


def modifier_table() -> list[Row]:
    return [
        Row("Short range (thrown)", "+1 per space between"),
        Row("Long range (bows, spells)", "+1 per 5 spaces between"),
        Row("Target unaware (surprise)", f"flat {rr.SURPRISE_CHALLENGE} + range"),
        Row("Target prone, melee", f"{_prone(rr.Attack.MELEE)} (easier to hit)"),
        Row("Target prone, ranged", f"+{_prone(rr.Attack.RANGED)}"),
        Row("Attacker prone", f"+{rr.PRONE_MODIFIER} to the target's defense"),
        Row("Jump", f"{rr.JUMP_CHALLENGE_PER_SPACE} × spaces"),
        Row("Momentum (charge)", f"+1 damage per {rr.MOMENTUM_SPACES_PER_DAMAGE} spaces"),
        Row("Holding into the next round", f"+{rr.HOLD_INITIATIVE_BONUS} initiative"),
    ]


TABLES = [ScreenTable("Challenge levels", level_table, ("Task", "Challenge level")),
          ScreenTable("Extra time", extra_time_table, ("Time taken", "Bonus")),
          ScreenTable("Modifiers", modifier_table, ("Situation", "Change"))]
