"""What the window shows of a combatant in each system: the card's lines and the order's note.

One ``Profile`` per system other than Daggerheart, looked up in one place (``profile_for``);
the window builds its system parts from it (``ui/systems/table.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from encounter_app.domain import CombatantRow
from encounter_app.rules import ruins_and_raiders
from encounter_app.rules.systems import System, system
from encounter_app.services.systems import turns


def _pips(left: int, top: int) -> str:
    return "●" * max(left, 0) + "○" * max(top - left, 0)


def health(row: CombatantRow, word: str = "HP") -> str:
    """What the health track has left, e.g. "HP 10/14" or "Wounds left 3/6"."""
    if row.defeated:
        return "DEFEATED"
    return f"{word} {row.hp_max - row.hp_marked}/{row.hp_max}"


def _numbers(rules: System, row: CombatantRow, keys: tuple[str, ...], suffix: str = "") -> str:
    shown = []
    for key in keys:
        if key in row.system_stats:
            label = rules.field(key).label.replace(" %", "")
            shown.append(f"{label} {row.system_stats[key]}{suffix}")
    return " · ".join(shown)


# -- Casus Mus ------------------------------------------------------------------------------

def casus_mus_lines(row: CombatantRow) -> list[str]:
    rules = system("casus_mus")
    hero = " · Hero advantage" if turns.stat(row, "hero") else ""
    return [_numbers(rules, row, ("combat", "evade"), "%").replace("Combat skill", "Combat"),
            _numbers(rules, row, ("willpower", "endurance"), "%"),
            f"POW {turns.stat(row, 'pow')} · Armour {turns.stat(row, 'armour')}{hero}"]


def casus_mus_status(row: CombatantRow) -> str:
    return (f"AP {_pips(turns.ap_left(row), turns.ap_max(row))}   "
            f"LP {_pips(turns.lp_left(row), turns.lp_max(row))}")


def casus_mus_info(row: CombatantRow) -> str:
    if row.defeated:
        return "DEFEATED"
    return f"AP {turns.ap_left(row)}/{turns.ap_max(row)} · LP {turns.lp_left(row)}"


# -- Ruins & Raiders --------------------------------------------------------------------------

def dodge_parry(row: CombatantRow) -> tuple[int, int]:
    s = row.system_stats
    return (ruins_and_raiders.dodge(int(s.get("athlete", 0)), int(s.get("armour_penalty", 0))),
            ruins_and_raiders.parry(int(s.get("warrior", 0)), int(s.get("weapon_defence", 0))))


def ruins_lines(row: CombatantRow) -> list[str]:
    rules = system("ruins_and_raiders")
    dodge, parry = dodge_parry(row)
    return [f"Dodge {dodge} · Parry {parry} · "
            + _numbers(rules, row, ("perception",)),
            _numbers(rules, row, ("athlete", "warrior", "brawn")),
            _numbers(rules, row, ("fortitude", "defiance", "armour")),
            f"Weapon power {turns.stat(row, 'weapon_power')} · defence "
            f"{turns.stat(row, 'weapon_defence')}"]


def _ruins_flags(row: CombatantRow) -> str:
    state = row.system_state
    flags = [word for key, word in (("surprised", "surprised"), ("waiting", "waiting"),
                                    ("holding", "holding")) if state.get(key)]
    if state.get("hold_bonus"):
        flags.append(f"+{state['hold_bonus']} held")
    if state.get("waited_out"):
        flags.append("first: waited out")
    # A charge this round: enemy melee hits on the charger take its momentum too.
    if state.get("charged"):
        flags.append(f"Charged {state['charged']} sp")
    # Bonuses of actions given up, until the round ends; short, to leave the order's names room
    # (the log line says what each bonus is for).
    for name in state.get("sacrificed", []):
        flags.append(f"{name.title()} +{ruins_and_raiders.Sacrifice[name].bonus}")
    return ", ".join(flags)


def _initiative(row: CombatantRow) -> str:
    value = turns.effective_initiative(row)
    return "Init –" if value is None else f"Init {value}"


def ruins_status(row: CombatantRow) -> str:
    flags = _ruins_flags(row)
    actions = _pips(turns.actions_left(row), ruins_and_raiders.ACTIONS_PER_ROUND)
    return f"{_initiative(row)}   Actions {actions}" + (f"   {flags}" if flags else "")


def ruins_info(row: CombatantRow) -> str:
    if row.defeated:
        return "DEFEATED"
    flags = _ruins_flags(row)
    return f"{_initiative(row)} · {turns.actions_left(row)} act." + (
        f"\n{flags}" if flags else "")


# -- Forge of Power ---------------------------------------------------------------------------

def forge_lines(row: CombatantRow) -> list[str]:
    rules = system("forge_of_power")
    return [_numbers(rules, row, ("defense", "initiative")),
            _numbers(rules, row, ("strength", "agility")),
            _numbers(rules, row, ("intellect", "willpower"))]


def forge_status(row: CombatantRow) -> str:
    return f"{_initiative(row)}   " + ("✓ acted this round" if turns.acted(row)
                                      else "has not acted")


def forge_info(row: CombatantRow) -> str:
    if row.defeated:
        return "DEFEATED"
    return f"{_initiative(row)} · " + ("acted ✓" if turns.acted(row) else "ready")


@dataclass(frozen=True)
class Profile:
    """How a rule system's fight looks: its words, and what its cards and order rows show."""

    key: str
    order_title: str
    health_word: str  # what damage marks: "HP", "Wounds"
    card_lines: Callable[[CombatantRow], list[str]]
    card_status: Callable[[CombatantRow], str]
    row_info: Callable[[CombatantRow], str]

    @property
    def health_left(self) -> str:
        """The card's label of what is left: Wounds count up, so say "left"."""
        return "Wounds left" if self.health_word == "Wounds" else self.health_word

    @property
    def system(self) -> System:
        return system(self.key)


PROFILES = {
    "casus_mus": Profile("casus_mus", "Initiative order", "HP", casus_mus_lines,
                         casus_mus_status, casus_mus_info),
    "ruins_and_raiders": Profile("ruins_and_raiders", "Initiative order", "Wounds",
                                 ruins_lines, ruins_status, ruins_info),
    "forge_of_power": Profile("forge_of_power", "Popcorn initiative", "HP", forge_lines,
                              forge_status, forge_info),
}


def profile_for(system_key: str) -> Profile:
    """The profile of a system other than Daggerheart (whose fight is its own: build.py)."""
    system(system_key)  # a KeyError naming the known systems for a typo
    return PROFILES[system_key]
