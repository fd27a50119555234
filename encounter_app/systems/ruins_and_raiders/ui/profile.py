"""What Ruins & Raiders' cards and order rows show: Dodge and Parry, the traits, initiative,
actions left and what is held, waited or given up this round."""

from __future__ import annotations

from encounter_app.domain import CombatantRow
from encounter_app.domain.system import BaseRules
from encounter_app.rules import ruins_and_raiders
from encounter_app.services.fight.turns import effective_initiative
from encounter_app.systems.ruins_and_raiders.services import turns
from encounter_app.systems.ruins_and_raiders.state import state_of, stats_of
from encounter_app.ui.table.profile import Profile, numbers, pips


def dodge_parry(row: CombatantRow) -> tuple[int, int]:
    stats = stats_of(row)
    return (ruins_and_raiders.dodge(stats.athlete, stats.armour_penalty),
            ruins_and_raiders.parry(stats.warrior, stats.weapon_defence))


def initiative_text(row: CombatantRow) -> str:
    value = effective_initiative(row)
    return "Init –" if value is None else f"Init {value}"


def _flags(row: CombatantRow) -> str:
    state = state_of(row)
    flags = [word for on, word in ((state.surprised, "surprised"), (state.waiting, "waiting"),
                                   (state.holding, "holding")) if on]
    if state.hold_bonus:
        flags.append(f"+{state.hold_bonus} held")
    if state.waited_out:
        flags.append("first: waited out")
    # A charge this round: enemy melee hits on the charger take its momentum too.
    if state.charged:
        flags.append(f"Charged {state.charged} sp")
    # Bonuses of actions given up, until the round ends; short, to leave the order's names room
    # (the log line says what each bonus is for).
    for sacrifice in state.sacrificed:
        flags.append(f"{sacrifice.name.title()} +{sacrifice.bonus}")
    return ", ".join(flags)


def profile(rules: BaseRules) -> Profile:
    def lines(row: CombatantRow) -> list[str]:
        dodge, parry = dodge_parry(row)
        return [f"Dodge {dodge} · Parry {parry} · " + numbers(rules, row, ("perception",)),
                numbers(rules, row, ("athlete", "warrior", "brawn")),
                numbers(rules, row, ("fortitude", "defiance", "armour")),
                f"Weapon power {stats_of(row).weapon_power} · defence "
                f"{stats_of(row).weapon_defence}"]

    def status(row: CombatantRow) -> str:
        flags = _flags(row)
        actions = pips(turns.actions_left(row), ruins_and_raiders.ACTIONS_PER_ROUND)
        return f"{initiative_text(row)}   Actions {actions}" + (f"   {flags}" if flags else "")

    def info(row: CombatantRow) -> str:
        if row.defeated:
            return "DEFEATED"
        flags = _flags(row)
        return f"{initiative_text(row)} · {turns.actions_left(row)} act." + (
            f"\n{flags}" if flags else "")

    return Profile("Initiative order", rules.health_word, lines, status, info)
