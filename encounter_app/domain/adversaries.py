"""What Daggerheart's adversary rules make of one combatant during a fight: damage by thresholds,
Minion (X), Horde (dice), Stress, conditions, Slow tokens and Relentless (X) spotlights.

Pure Python, no Qt: every function takes frozen rows and returns new rows with the sentence the
GM reads, or raises :class:`Refused` saying what is wrong and what to do instead. The undo
commands in ``services/fight/adversary_operations.py`` push what these return.

Where the texts (and ``shared/rules/NOTES.md``) leave a choice, this module makes it here:

- **Damage** marks HP by thresholds (``rules.daggerheart.hp_marked``), never more than the HP
  left; with the campaign's optional Massive Damage rule, twice Severe or more marks 4.
  Minions have no thresholds: any damage above 0 marks all their HP.
- **Minion (X)**: damage D defeats the Minion hit and D // X more that the GM picks among the
  other Minions still standing ("in range, that the attack would succeed against" is the GM's
  call). A Minion without a Minion (X) feature defeats no others.
- **Horde (dice)**: once half or more of its HP is marked (2 x marked >= HP), its standard attack
  deals those dice, with the damage type of the standard attack (``2d6+2 phy`` -> ``1d6+1 phy``).
- **Stress**: an adversary that must mark a Stress it does not have marks an HP instead (one HP
  per Stress); Stress itself never goes past its maximum.
- **Relentless (X)** is a cap: X spotlights per GM turn. An adversary without it can be
  spotlighted once per GM turn, as if Relentless (1); otherwise Relentless would limit rather
  than help. "Spend Fear as usual to spotlight them" is read as: each spotlight costs what any
  spotlight costs (the GM's move, or a Fear for an additional move or an interrupt). Fear never
  buys a spotlight past X. ``Relentless (X)`` with a non-number (the Hydra's heads) is uncapped.
- **A GM turn** ends when the spotlight passes back to a PC; the spotlight counts reset then.
- **Slow** (the feature named exactly "Slow", as the SRD prints it): spotlighting a Slow
  adversary without a token on its stat block uses the spotlight but it cannot act: a token is
  placed. Spotlighting it with a token clears the token and it acts. ("Slow Firing", which only
  stops standard attacks, is not handled.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import CombatantRow, StatBlock
from encounter_app.rules import dice
from encounter_app.rules.daggerheart import hp_marked, minions_defeated

STANDARD_CONDITIONS = ("Vulnerable", "Restrained", "Hidden")
MAX_CONDITION_LENGTH = 30
MAX_DAMAGE = 999
MAX_SLOW_TOKENS = 1  # "a token": Slow never needs two

_FEATURE = re.compile(r"^\s*(minion|horde|relentless)\s*\(\s*([^)]*?)\s*\)", re.IGNORECASE)


class Refused(ValueError):
    """An action the rules do not allow here; the message says why and what to do instead."""


# -- what the stat block says ---------------------------------------------------------------


@fields_repr
@dataclass(frozen=True, repr=False)
class Traits:
    """The features of a stat block that change how the program treats the adversary."""

    minion: bool = False
    minion_x: int | None = None  # Minion (X)
    horde_dice: str | None = None  # Horde (dice), checked to be valid dice
    relentless: int | None = None  # Relentless (X); None without it or with a non-number X
    relentless_label: str | None = None  # "2", or "X" for the Hydra
    slow: bool = False

    @property
    def spotlight_limit(self) -> int | None:
        """Spotlights per GM turn: X for Relentless (X), 1 otherwise, None when X is no number."""
        if self.relentless_label is None:
            return 1
        return self.relentless


def traits(stats: StatBlock | None) -> Traits:
    """Read Minion (X), Horde (dice), Relentless (X) and Slow from a stat block's features."""
    if stats is None:
        return Traits()
    found: dict[str, str] = {}
    slow = False
    for feature in stats.features:
        if feature.name.strip().lower() == "slow":
            slow = True
        match = _FEATURE.match(feature.name)
        if match:
            found.setdefault(match.group(1).lower(), match.group(2))
    minion_x = _number(found.get("minion"))
    horde = found.get("horde")
    if horde is not None:
        try:
            dice.parse(horde)
        except dice.DiceError:
            horde = None  # not dice we can roll: the card keeps the standard attack
    relentless = found.get("relentless")
    return Traits(
        minion=stats.type.strip().lower().startswith("minion") or minion_x is not None,
        minion_x=minion_x if minion_x and minion_x > 0 else None,
        horde_dice=horde,
        relentless=_number(relentless),
        relentless_label=relentless,
        slow=slow,
    )


def _number(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdigit() else None


# -- damage -------------------------------------------------------------------------------


@fields_repr
@dataclass(frozen=True, repr=False)
class Damage:
    """What ``amount`` damage does to one adversary, before anything is marked."""

    amount: int
    marks: int  # HP this adversary marks, already capped at what it has left
    severity: str  # "Severe", "Major", "Minor", "Minion" or "none"
    extra_minions: int  # how many more Minions the GM may pick to defeat
    defeated: bool  # this damage marks its last HP
    preview: str  # "marks 2 HP (Major, 9 or more)"


def parse_damage(text: str) -> int:
    """The damage the GM typed, as a whole number; raises :class:`Refused` saying what is wrong."""
    text = text.strip()
    if not text:
        raise Refused("Type the damage dealt, as a whole number such as 7.")
    if not re.fullmatch(r"[+-]?\d+", text):
        raise Refused(f"Damage is a whole number such as 7, not {text!r}.")
    amount = int(text)
    if amount < 0:
        raise Refused(f"Damage cannot be negative ({amount}); type 0 or more.")
    if amount > MAX_DAMAGE:
        raise Refused(f"{amount} is more damage than any roll makes; type at most {MAX_DAMAGE}.")
    return amount


def damage_to(row: CombatantRow, amount: int, *, massive: bool = False) -> Damage:
    """What ``amount`` damage does to ``row`` by the thresholds (or the Minion rule);
    ``massive``: the campaign plays the optional Massive Damage rule (4 HP at twice Severe)."""
    if row.defeated:
        raise Refused(f"{row.name} is already defeated: every HP is marked.")
    if amount < 0:
        raise Refused(f"Damage cannot be negative ({amount}).")
    left = row.hp_max - row.hp_marked
    found = traits(row.stats)
    if found.minion:
        if amount <= 0:
            return Damage(amount, 0, "none", 0, False, "0 damage marks no HP")
        extra = minions_defeated(amount, found.minion_x) - 1 if found.minion_x else 0
        preview = "defeats this Minion (any damage does)"
        if found.minion_x:
            preview += (f", and {extra} more Minion{'s' if extra != 1 else ''} you pick"
                        f" ({amount} ÷ {found.minion_x}, Minion ({found.minion_x}))")
        return Damage(amount, left, "Minion", extra, True, preview)
    stats = row.stats
    if stats is None or stats.major is None:
        raise Refused(f"{row.name} has no damage thresholds: mark its HP by clicking the boxes.")
    # A Major threshold and no Severe one (the SRD's Tiny Oozes, "4/None"): 2 HP at most.
    severe = stats.severe if stats.severe is not None else max(amount, stats.major) + 1
    massive = massive and stats.severe is not None  # no Severe threshold: nothing to double
    wanted = hp_marked(amount, stats.major, severe, massive=massive)
    if wanted == 0:
        return Damage(amount, 0, "none", 0, False, "0 damage marks no HP")
    severity, why = {
        4: ("Massive Damage", f"{2 * severe} or more, twice Severe"),
        3: ("Severe", f"{stats.severe} or more"),
        2: ("Major", f"{stats.major} or more"),
        1: ("Minor", f"below {stats.major}"),
    }[wanted]
    marks = min(wanted, left)
    preview = f"marks {marks} HP ({severity}, {why}"
    preview += f"; only {left} HP left)" if marks < wanted else ")"
    defeated = marks == left
    if defeated:
        preview += " — defeated"
    return Damage(amount, marks, severity, 0, defeated, preview)


MinionKind = tuple[object, ...]


def minion_kind(row: CombatantRow | None) -> MinionKind | None:
    """What makes Minions "of one kind" (the stat block's name and the numbers a group card
    shows alike, and their conditions: a Restrained one gets a card of its own, where its chip
    shows and clears), or None for any other combatant. Hashing whole stat blocks, features
    and all, for every Minion of a big fight would cost more than the rest of a drag."""
    stats = row.stats if row is not None else None
    if row is None or row.kind != "adversary" or stats is None or not _maybe_minion(stats):
        return None
    if not traits(stats).minion:
        return None
    return (stats.name, stats.tier, stats.type, stats.hp, stats.stress, stats.difficulty,
            stats.attack_modifier, stats.attack_name, stats.damage, row.conditions)


def _maybe_minion(stats: StatBlock) -> bool:
    """A quick look before :func:`traits` reads the features: the type, or a feature's name,
    begins with "Minion"."""
    return stats.type.lstrip()[:6].lower() == "minion" or any(
        f.name.lstrip()[:6].lower() == "minion" for f in stats.features)


def group_defeated(members: Sequence[CombatantRow], count: int) -> list[CombatantRow]:
    """A Minion group card's pips clicked to ``count`` defeated: the members that change, as
    they become. Minions of one kind are alike, so the first standing ones fall (every HP
    marked) and the last defeated ones stand again (none marked)."""
    count = max(0, min(count, len(members)))
    down = [m for m in members if m.defeated]
    changed: list[CombatantRow] = []
    if count > len(down):
        standing = [m for m in members if not m.defeated]
        changed = [replace(m, hp_marked=m.hp_max) for m in standing[:count - len(down)]]
    elif count < len(down):
        changed = [replace(m, hp_marked=0) for m in down[count:]]
    return changed


def minion_candidates(rows: Iterable[CombatantRow], hit: CombatantRow) -> list[CombatantRow]:
    """The other Minions still standing, which this hit's extra defeats can be picked from."""
    return [r for r in rows if r.id != hit.id and r.kind == "adversary" and not r.defeated
            and traits(r.stats).minion]


def damaged(row: CombatantRow, damage: Damage) -> CombatantRow:
    return replace(row, hp_marked=row.hp_marked + damage.marks)


def defeated(row: CombatantRow) -> CombatantRow:
    return replace(row, hp_marked=row.hp_max)


def check_minion_picks(damage: Damage, hit: CombatantRow, picked: Sequence[CombatantRow],
                       candidates: Sequence[CombatantRow]) -> None:
    """Raise :class:`Refused` unless ``picked`` are at most as many Minions as the damage allows."""
    allowed = {r.id for r in candidates}
    for row in picked:
        if row.id not in allowed:
            raise Refused(f"{row.name} cannot be defeated by this hit on {hit.name}: it is not "
                          "another Minion still standing.")
    if len(picked) > damage.extra_minions:
        raise Refused(f"{damage.amount} damage defeats {damage.extra_minions} more Minion"
                      f"{'s' if damage.extra_minions != 1 else ''}, not {len(picked)}.")


# -- Horde --------------------------------------------------------------------------------


def horde_reduced(row: CombatantRow) -> bool:
    """A Horde with half or more of its HP marked attacks with its Horde (dice)."""
    return (traits(row.stats).horde_dice is not None and row.hp_max > 0
            and 2 * row.hp_marked >= row.hp_max)


def attack_targets(combatants: Iterable[CombatantRow]) -> list[CombatantRow]:
    """The PCs an adversary's attack can be rolled against: those with an Evasion."""
    return [c for c in combatants if c.kind == "pc" and c.evasion is not None]


def target_evasion(target: CombatantRow) -> int:
    """The Evasion of a PC ``attack_targets`` chose: it has one."""
    assert target.evasion is not None, f"{target.name} has no Evasion to attack"
    return target.evasion


def attack_damage(row: CombatantRow) -> tuple[str, str | None]:
    """The damage the standard attack deals now, and why when it is not the printed one."""
    stats = row.stats
    if stats is None:
        return "", None
    horde_dice = traits(stats).horde_dice
    if horde_dice is None or not horde_reduced(row):
        return stats.damage, None
    horde = dice.parse(horde_dice)
    damage = str(horde)
    if horde.damage_type is None:
        try:
            label = dice.parse(stats.damage).damage_label
        except dice.DiceError:
            label = None
        damage = f"{damage} {label}" if label else damage
    why = (f"Horde: {row.hp_marked}/{row.hp_max} HP marked (half or more), so the attack deals "
           f"{damage} instead of {stats.damage}")
    return damage, why


def horde_note(row: CombatantRow) -> str | None:
    """For a Horde's card: which damage its attack deals now and why, or when that changes."""
    dice_text = traits(row.stats).horde_dice
    if dice_text is None:
        return None
    why = attack_damage(row)[1]
    if why is not None:
        return why
    half = (row.hp_max + 1) // 2
    return f"Horde: deals {dice_text} instead once {half} of its {row.hp_max} HP are marked"


def current_stats(row: CombatantRow) -> StatBlock | None:
    """The stat block as it stands now: a Horde past half HP has its reduced damage."""
    damage, why = attack_damage(row)
    return row.stats if why is None or row.stats is None else replace(row.stats, damage=damage)


# -- Stress -------------------------------------------------------------------------------


@fields_repr
@dataclass(frozen=True, repr=False)
class Change:
    """A combatant's new state and the sentence that tells the GM what happened."""

    row: CombatantRow
    message: str


def mark_stress(row: CombatantRow, count: int = 1) -> Change:
    """Mark ``count`` Stress; what does not fit is marked as HP instead."""
    if row.defeated:
        raise Refused(f"{row.name} is defeated: it marks no more Stress.")
    fits = min(count, row.stress_max - row.stress_marked)
    overflow = count - fits
    hp = min(overflow, row.hp_max - row.hp_marked)
    new = replace(row, stress_marked=row.stress_marked + fits, hp_marked=row.hp_marked + hp)
    if not overflow:
        return Change(new, f"{row.name} marks {fits} Stress "
                           f"({new.stress_marked}/{new.stress_max}).")
    marked = f"marks {fits} Stress, then " if fits else ""
    message = (f"{row.name} {marked}has no Stress left to mark ({new.stress_marked}/"
               f"{new.stress_max}), so it marks {hp} HP instead ({new.hp_marked}/{new.hp_max})")
    return Change(new, message + (" — defeated." if new.defeated else "."))


def clear_stress(row: CombatantRow, count: int = 1) -> Change:
    if row.stress_marked <= 0:
        raise Refused(f"{row.name} has no Stress marked to clear.")
    cleared = min(count, row.stress_marked)
    new = replace(row, stress_marked=row.stress_marked - cleared)
    return Change(new, f"{row.name} clears {cleared} Stress ({new.stress_marked}/"
                       f"{new.stress_max}).")


# -- conditions ---------------------------------------------------------------------------


def condition_name(text: str) -> str:
    """A condition as the card shows it: a standard one spelled as the rules spell it."""
    name = " ".join(text.split())
    if not name:
        raise Refused("Type the condition's name, such as Burning or Frightened.")
    if len(name) > MAX_CONDITION_LENGTH:
        raise Refused(f"A condition name is at most {MAX_CONDITION_LENGTH} characters; "
                      f"this one has {len(name)}.")
    for standard in STANDARD_CONDITIONS:
        if name.lower() == standard.lower():
            return standard
    return name


def with_condition(row: CombatantRow, text: str) -> Change:
    name = condition_name(text)
    same = [c for c in row.conditions if c.lower() == name.lower()]
    if same:
        raise Refused(f"{row.name} is already {same[0]}.")
    return Change(replace(row, conditions=(*row.conditions, name)),
                  f"{row.name} is now {name}.")


def without_condition(row: CombatantRow, name: str) -> Change:
    if name not in row.conditions:
        raise Refused(f"{row.name} is not {name}.")
    return Change(replace(row, conditions=tuple(c for c in row.conditions if c != name)),
                  f"{row.name} is no longer {name}.")


# -- Slow tokens and spotlights --------------------------------------------------------------


def slow_tokens(row: CombatantRow, step: int) -> Change:
    """Put a token on a Slow adversary's stat block (+1) or take one off (-1)."""
    if step > 0 and not traits(row.stats).slow:
        raise Refused(f"{row.name} is not Slow: only a Slow adversary needs a token to act.")
    count = row.slow_tokens + step
    if count < 0:
        raise Refused(f"{row.name} has no Slow token to remove.")
    if count > MAX_SLOW_TOKENS:
        raise Refused(f"{row.name} already has its token: one is all Slow needs.")
    verb = "gets a Slow token" if step > 0 else "loses a Slow token"
    return Change(replace(row, slow_tokens=count), f"{row.name} {verb} ({count} on its card).")


def spotlight_text(row: CombatantRow) -> str | None:
    """The card's spotlight count: "Spotlights 1/2" for Relentless, or once it has acted."""
    found = traits(row.stats)
    limit = found.spotlight_limit
    if found.relentless_label is None and not row.spotlights:
        return None
    return f"Spotlights {row.spotlights}/{limit if limit is not None else found.relentless_label}"


def slow_text(row: CombatantRow) -> str | None:
    if not traits(row.stats).slow and not row.slow_tokens:
        return None
    if row.slow_tokens <= 0:
        return "Slow: needs a token to act"
    return "Slow: has its token, can act"


@fields_repr
@dataclass(frozen=True, repr=False)
class Spotlight:
    """What giving an adversary the spotlight did to it, and what to tell the GM."""

    row: CombatantRow  # the adversary after the spotlight: its count, its Slow token
    acts: bool  # False for a Slow adversary that only prepares
    message: str


def spotlight(row: CombatantRow) -> Spotlight:
    """Give an adversary the spotlight: count it against Relentless (X) and apply Slow."""
    if row.kind != "adversary":
        raise Refused(f"{row.name} is not an adversary.")
    if row.defeated:
        raise Refused(f"{row.name} is defeated: it cannot take the spotlight.")
    found = traits(row.stats)
    limit = found.spotlight_limit
    if limit is not None and row.spotlights >= limit:
        if found.relentless_label is None:
            had = ("has already had the spotlight this GM turn (only a Relentless adversary "
                   "takes it more than once)")
        else:
            had = (f"has had the spotlight {limit} times this GM turn, as many as Relentless "
                   f"({limit}) allows")
        raise Refused(f"{row.name} {had}. It can act again after End GM turn passes the "
                      "spotlight back to the players.")
    new = replace(row, spotlights=row.spotlights + 1)
    count = f" {spotlight_text(new)}." if found.relentless_label else ""
    if found.slow and row.slow_tokens <= 0:
        return Spotlight(replace(new, slow_tokens=1), False,
                         f"{row.name} is Slow and had no token: it cannot act yet. A token is "
                         f"placed; describe what it prepares. It acts next time.{count}")
    if found.slow:
        return Spotlight(replace(new, slow_tokens=row.slow_tokens - 1), True,
                         f"{row.name} clears its Slow token and acts.{count}")
    return Spotlight(new, True, f"{row.name} takes the spotlight.{count}")


def reset_spotlights(rows: Iterable[CombatantRow]) -> list[CombatantRow]:
    """The rows whose GM-turn spotlight count must go back to 0, already reset."""
    return [replace(r, spotlights=0) for r in rows if r.spotlights]


def players_turn(rows: Sequence[CombatantRow], active_id: int | None,
                 round_: int) -> tuple[int | None, int]:
    """The PC who takes the spotlight back after the GM's turn: the next PC in the order.

    Passing the end of the order starts the next round, as Next does; with no PC at all, the
    spotlight goes to nobody.
    """
    return next_in_order(rows, active_id, round_, lambda r: r.kind == "pc")


def next_in_order(rows: Sequence[CombatantRow], active_id: int | None, round_: int,
                  eligible: Callable[[CombatantRow], bool]) -> tuple[int | None, int]:
    """The first ``eligible`` row after the active one, and its round: passing the end of the
    order starts the next round; with nobody active, the first eligible row starts ``round_``;
    with none eligible, nobody."""
    able = [i for i, r in enumerate(rows) if eligible(r)]
    if not able:
        return None, round_
    current = next((i for i, r in enumerate(rows) if r.id == active_id), -1)
    if current < 0:
        return rows[able[0]].id, round_
    later = [i for i in able if i > current]
    if later:
        return rows[later[0]].id, round_
    return rows[able[0]].id, round_ + 1

def combatant_from(stats: StatBlock, name: str | None = None) -> CombatantRow:
    """An adversary joining a fight: its own copy of the stat block, nothing marked."""
    return CombatantRow(kind="adversary", name=name or stats.name, hp_max=stats.hp,
                        stress_max=stats.stress, stats=stats)
