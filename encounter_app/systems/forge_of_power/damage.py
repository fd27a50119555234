"""Forge of Power: the damage an attack's or a save's level of success deals, in words.

Pure: the dialog asks these what a roll deals before the GM records it, and the record step
(services/systems/fop_damage.py) applies the ``Damage`` they return to the cards.

* An attack with the power "Strike" deals ``forge_of_power.strike_damage`` to each target it
  hits: the weapon damage (rolled once for the whole attack) plus the attribute of the roll;
  twice the weapon damage plus the attribute on a Critical Success.
* Any other power deals the damage as rolled (no attribute, nothing doubled) to each target
  on a Success or a Critical Success, and says so: its own text may say otherwise, and the GM
  then types the total it gives.
* A save takes ``forge_of_power.save_damage``: none, half rounded down, full or double.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from encounter_app.domain import RollRow
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.rules import forge_of_power as fop
from encounter_app.rules.dice import DiceError, parse
from encounter_app.systems.forge_of_power.requests import FopAttackRequest, LevelCheckRequest
from encounter_app.systems.forge_of_power.text import LEVEL_WORDS

STRIKE = "strike"
SAVE = "save"


@fields_repr
@dataclass(frozen=True, repr=False)
class DamageRoll:
    """The damage rolled once for an attack or a save: its total and how it came about."""

    total: int
    text: str  # "1d8 (6) = 6", or "6 (rolled at the table)"


@fields_repr
@dataclass(frozen=True, repr=False)
class Taken:
    """What one combatant takes: ``amount`` (0 for a miss) and the words of how."""

    combatant_id: int | None
    name: str
    amount: int
    words: str  # "Success, weapon 6 + Strength 2 = 8 damage"


@fields_repr
@dataclass(frozen=True, repr=False)
class Damage:
    """What a roll deals to each combatant, and what the log says of it.

    ``missing``: a hit whose damage is still to be rolled or typed; nothing may be recorded
    until it is.
    """

    taken: tuple[Taken, ...] = ()
    roll: DamageRoll | None = None
    missing: bool = False
    note: str = ""  # said once, after the lines (another power than Strike...)
    logged: bool = False  # in the log even with no damage rolled (a save that takes none)

    @property
    def lines(self) -> list[str]:
        """The dialog's preview and the log's detail, one line a combatant."""
        lines = [f"Damage {self.roll.text}"] if self.roll else []
        lines += [f"{t.name}: {t.words}" for t in self.taken]
        return lines + ([self.note] if self.note else [])

    @property
    def dealt(self) -> tuple[Taken, ...]:
        return tuple(t for t in self.taken if t.amount > 0)


def is_strike(power: str) -> bool:
    return power.strip().casefold() == STRIKE


def is_save(label: str) -> bool:
    return label.strip().casefold() == SAVE


def check_expression(expression: str, what: str = "The damage") -> str | None:
    """None when ``expression`` is a dice expression (or a number); else the GM's message."""
    try:
        parse(expression)
    except DiceError as error:
        return f"{what} “{expression.strip()}” is not a dice expression: {error}"
    return None


def typed_roll(total: int) -> DamageRoll:
    return DamageRoll(total, f"{total} (rolled at the table)")


def attack_damage(request: FopAttackRequest, levels: Sequence[fop.Level],
                  roll: DamageRoll | None, attribute: str, attribute_value: int, *,
                  wanted: bool = True) -> Damage:
    """What one attack roll deals to each target, by its level against that target.

    ``roll`` is the weapon damage, None while it is not rolled yet; ``wanted`` False says the
    GM gave no damage at all (a power that deals none, or a GM who keeps no Hit Points), so a
    hit is logged without damage and waits for nothing.
    """
    strike = is_strike(request.label)
    hit = any(level >= fop.Level.SUCCESS for level in levels)
    taken = []
    for target, level in zip(request.targets, levels, strict=True):
        word = LEVEL_WORDS[level]
        if level < fop.Level.SUCCESS:
            taken.append(Taken(target.combatant_id, target.name, 0, f"{word}, no damage"))
        elif roll is None:
            waiting = ("hit: roll or type the damage" if wanted
                       else "hit, no damage given (type the weapon damage to apply it)")
            taken.append(Taken(target.combatant_id, target.name, 0, f"{word}, {waiting}"))
        elif strike:
            amount = fop.strike_damage(level, roll.total, attribute_value)
            weapon = (f"{fop.STRIKE_CRITICAL_WEAPON_MULTIPLIER} × weapon {roll.total}"
                      if level == fop.Level.CRITICAL_SUCCESS else f"weapon {roll.total}")
            sign = "+" if attribute_value >= 0 else "-"
            taken.append(Taken(target.combatant_id, target.name, amount,
                               f"{word}, {weapon} {sign} {attribute} {abs(attribute_value)}"
                               f" = {amount} damage"))
        else:
            amount = max(roll.total, 0)
            taken.append(Taken(target.combatant_id, target.name, amount,
                               f"{word}, {amount} damage as rolled"))
    note = ""
    if hit and not strike and (roll is not None or wanted):
        note = (f"{request.label} is not a Strike: each target hit takes the damage as "
                "rolled, with no attribute and nothing doubled.")
    return Damage(tuple(taken), roll, missing=hit and roll is None and wanted, note=note)


SAVE_WORDS = {fop.Level.CRITICAL_SUCCESS: "no damage", fop.Level.SUCCESS: "half, rounded down",
              fop.Level.FAILURE: "full damage", fop.Level.CRITICAL_FAILURE: "double damage"}


def save_damage(request: LevelCheckRequest, level: fop.Level, roll: DamageRoll | None
                ) -> Damage:
    """What the one saving takes: none, half rounded down, full or double of ``roll``."""
    word = LEVEL_WORDS[level]
    if roll is None and level == fop.Level.CRITICAL_SUCCESS:  # none of it, whatever it is
        return Damage((Taken(request.combatant_id, request.actor, 0,
                             f"{word} on the save: no damage, whatever it is"),), logged=True)
    if roll is None:
        return Damage((Taken(request.combatant_id, request.actor, 0,
                             f"{word}: roll or type the damage"),), missing=True)
    amount = fop.save_damage(level, roll.total)
    return Damage((Taken(request.combatant_id, request.actor, amount,
                         f"{word} on the save, {SAVE_WORDS[level]}: takes {amount}"),), roll)


def with_damage(row: RollRow, damage: Damage) -> RollRow:
    """The log line with what each combatant took: named in the summary, its parts in the
    detail."""
    if damage.roll is None and not damage.logged:
        return row
    dealt = "; ".join(f"{t.name} takes {t.amount}" for t in damage.taken
                      if t.amount > 0) or "no damage taken"
    return replace(row, summary=f"{row.summary} — {dealt}",
                   detail=row.detail + "\n" + "\n".join(damage.lines))
