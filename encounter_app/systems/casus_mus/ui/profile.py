"""What Casus Mus' cards and order rows show: the skills, and Action and Luck Points left."""

from __future__ import annotations

from encounter_app.domain import CombatantRow
from encounter_app.domain.system import BaseRules
from encounter_app.systems.casus_mus.services import turns
from encounter_app.systems.casus_mus.state import stats_of
from encounter_app.ui.table.profile import Profile, numbers, pips


def profile(rules: BaseRules) -> Profile:
    def lines(row: CombatantRow) -> list[str]:
        stats = stats_of(row)
        hero = " · Hero advantage" if stats.hero else ""
        return [numbers(rules, row, ("combat", "evade"), "%").replace("Combat skill", "Combat"),
                numbers(rules, row, ("willpower", "endurance"), "%"),
                f"POW {stats.pow} · Armour {stats.armour}{hero}"]

    def status(row: CombatantRow) -> str:
        return (f"AP {pips(turns.ap_left(row), turns.ap_max(row))}   "
                f"LP {pips(turns.lp_left(row), turns.lp_max(row))}")

    def info(row: CombatantRow) -> str:
        if row.defeated:
            return "DEFEATED"
        return f"AP {turns.ap_left(row)}/{turns.ap_max(row)} · LP {turns.lp_left(row)}"

    return Profile("Initiative order", rules.health_word, lines, status, info)
