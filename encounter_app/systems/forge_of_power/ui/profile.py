"""What Forge of Power's cards and order rows show: Defense, the attributes, initiative and
whether the combatant has acted this round."""

from __future__ import annotations

from encounter_app.domain import CombatantRow
from encounter_app.domain.system import BaseRules
from encounter_app.services.fight.turns import effective_initiative
from encounter_app.systems.forge_of_power.services import turns
from encounter_app.ui.table.profile import Profile, numbers


def _initiative(row: CombatantRow) -> str:
    value = effective_initiative(row)
    return "Init –" if value is None else f"Init {value}"


def profile(rules: BaseRules) -> Profile:
    def lines(row: CombatantRow) -> list[str]:
        return [numbers(rules, row, ("defense", "initiative")),
                numbers(rules, row, ("strength", "agility")),
                numbers(rules, row, ("intellect", "willpower"))]

    def status(row: CombatantRow) -> str:
        return f"{_initiative(row)}   " + ("✓ acted this round" if turns.acted(row)
                                          else "has not acted")

    def info(row: CombatantRow) -> str:
        if row.defeated:
            return "DEFEATED"
        return f"{_initiative(row)} · " + ("acted ✓" if turns.acted(row) else "ready")

    return Profile("Popcorn initiative", rules.health_word, lines, status, info)
