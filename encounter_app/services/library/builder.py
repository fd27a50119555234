"""From a planned fight to the initiative order: names for repeated adversaries, the battle-point
picks of a plan, and "Start encounter" as one undoable step.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import EnvironmentBlock, StatBlock
from encounter_app.domain.adversaries import combatant_from
from encounter_app.rules.battle_points import Pick, with_extra_damage
from encounter_app.rules.stat_blocks import base_type
from encounter_app.services.fight.commands import AddCombatant, UpdateCombatant
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.library.commands import SetEnvironment
from encounter_app.services.library.shelves import KEEP, EncounterEnvironment, Keep


@dataclass(frozen=True)
class PlannedAdversary:
    """``count`` copies of one library stat block in a planned fight."""

    template_id: int | None
    stats: StatBlock
    count: int = 1

    def pick(self) -> Pick:
        return Pick(self.stats.name, base_type(self.stats.type), self.stats.tier, self.count)


def fight_names(base: str, count: int, taken: Iterable[str]) -> list[str]:
    """Names for ``count`` new copies of ``base`` beside the combatants already ``taken``.

    One copy keeps the bare name while it is free; several are numbered "Sentry 1",
    "Sentry 2"..., skipping numbers in use, so every card and initiative row is told apart.
    """
    taken = set(taken)
    if count == 1 and base not in taken:
        return [base]
    names: list[str] = []
    n = 2 if base in taken else 1
    while len(names) < count:
        name = f"{base} {n}"
        if name not in taken:
            names.append(name)
            taken.add(name)
        n += 1
    return names


def add_adversaries(session: EncounterSession, plan: Sequence[PlannedAdversary], *,
                    extra_damage: bool = False) -> list[QUndoCommand]:
    """One AddCombatant per adversary of the plan, named apart from everyone in the fight.

    ``extra_damage``: the builder's "+1d4 damage to every adversary", paid for in battle
    points; each one's own stat block carries it (its card, its rolls and its odds), the
    library's entry stays as it was.
    """
    taken = {c.name for c in session.combatants}
    parts: list[QUndoCommand] = []
    position = len(session.combatants)
    for planned in plan:
        stats = planned.stats
        if extra_damage:
            stats = replace(stats, damage=with_extra_damage(stats.damage))
        for name in fight_names(stats.name, planned.count, taken):
            taken.add(name)
            parts.append(AddCombatant(session, combatant_from(stats, name), position))
            position += 1
    return parts


def start_encounter(session: EncounterSession, holder: EncounterEnvironment,
                    plan: Sequence[PlannedAdversary],
                    environment: EnvironmentBlock | Keep | None = KEEP, *,
                    extra_damage: bool = False) -> Compound:
    """Every planned adversary into the initiative order, and the environment attached (None
    detaches it, KEEP leaves it), as one step that one undo takes back whole."""
    parts = add_adversaries(session, [p for p in plan if p.count > 0],
                            extra_damage=extra_damage)
    if environment != KEEP and environment != holder.block:
        parts.append(SetEnvironment(holder, environment))
    count = sum(isinstance(part, AddCombatant) for part in parts)
    return Compound(f"Start encounter: {count} adversar{'y' if count == 1 else 'ies'}", parts)


def edit_card_stats(session: EncounterSession, combatant_id: int, stats: StatBlock
                    ) -> UpdateCombatant:
    """Change one adversary's own copy of its stat block (the library is left alone).

    Its HP and Stress tracks follow the new stat block, keeping what is marked as far as the new
    tracks reach; a combatant still named as its stat block takes the new name, one numbered or
    renamed in the fight ("Sentry 2") keeps its own.
    """
    row = session.combatants.by_id(combatant_id)
    name = stats.name if row.stats is None or row.name == row.stats.name else row.name
    new = replace(row, name=name, stats=stats, hp_max=stats.hp, stress_max=stats.stress,
                  hp_marked=min(row.hp_marked, stats.hp),
                  stress_marked=min(row.stress_marked, stats.stress))
    return UpdateCombatant(session, new, f"Edit {row.name}'s stat block")
