"""From a planned fight to the initiative order: names for repeated adversaries, the battle-point
picks of a plan, and "Start encounter" as one undoable step.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, EnvironmentBlock, StatBlock
from encounter_app.domain.adversaries import combatant_from
from encounter_app.domain.campaign_rows import EncounterEntry
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import stored_id
from encounter_app.domain.variants import Step, variant
from encounter_app.rules.battle_points import Pick, with_extra_damage
from encounter_app.rules.stat_blocks import base_type
from encounter_app.services.fight.commands import AddCombatant, UpdateCombatant
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.daggerheart.services.library.commands import SetEnvironment
from encounter_app.systems.daggerheart.services.library.shelves import (
    KEEP,
    EncounterEnvironment,
    Keep,
)


@fields_repr
@dataclass(frozen=True, repr=False)
class PlannedAdversary:
    """``count`` copies of one library stat block in a planned fight."""

    template_id: int | None
    stats: StatBlock
    count: int = 1
    step: int = 0  # a weaker copy (-1) or an elite one (1) of the template: its battle points

    def pick(self) -> Pick:
        return Pick(self.stats.name, base_type(self.stats.type), self.stats.tier, self.count,
                    self.step)


def planned_variant(template_id: int | None, stats: StatBlock, step: Step,
                    count: int = 1) -> PlannedAdversary:
    """A weaker or elite copy of a library adversary, planned (domain/variants.py says how
    its numbers move, rules/battle_points.py what it costs)."""
    return PlannedAdversary(template_id, variant(stats, step), count, step)


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


def _planned_rows(plan: Sequence[PlannedAdversary], taken: set[str], *,
                  extra_damage: bool) -> list[CombatantRow]:
    """One fresh combatant per planned adversary, named apart from ``taken`` (which grows)."""
    rows: list[CombatantRow] = []
    for planned in plan:
        if planned.count <= 0:
            continue
        stats = planned.stats
        if extra_damage:
            stats = replace(stats, damage=with_extra_damage(stats.damage))
        for name in fight_names(stats.name, planned.count, taken):
            taken.add(name)
            rows.append(combatant_from(stats, name))
    return rows


def add_adversaries(session: EncounterSession, plan: Sequence[PlannedAdversary], *,
                    extra_damage: bool = False) -> list[QUndoCommand]:
    """One AddCombatant per adversary of the plan, named apart from everyone in the fight.

    ``extra_damage``: the builder's "+1d4 damage to every adversary", paid for in battle
    points; each one's own stat block carries it (its card, its rolls and its odds), the
    library's entry stays as it was.
    """
    rows = _planned_rows(plan, {c.name for c in session.combatants}, extra_damage=extra_damage)
    start = len(session.combatants)
    return [AddCombatant(session, row, start + i) for i, row in enumerate(rows)]


def fight_running(session: EncounterSession) -> bool:
    """The open encounter already has adversaries or NPCs in it: starting a planned fight asks
    whether it is a new encounter or joins this one."""
    return any(c.kind != "pc" for c in session.combatants)


def encounter_name(plan: Sequence[PlannedAdversary], environment: EnvironmentBlock | None,
                   taken: Iterable[str]) -> str:
    """A name for a started fight: its place, else its first adversaries; numbered "(2)"...
    past the campaign's other encounters. The GM renames it in the campaign view."""
    kinds = [p.stats.name for p in plan if p.count > 0]
    if environment is not None:
        base = environment.name
    elif not kinds:
        base = "New encounter"
    else:
        base = kinds[0] + (" and others" if len(kinds) > 1 else "")
    taken = set(taken)
    name, n = base, 2
    while name in taken:
        name, n = f"{base} ({n})", n + 1
    return name


def start_new_encounter(session: EncounterSession, holder: EncounterEnvironment,
                        plan: Sequence[PlannedAdversary],
                        environment: EnvironmentBlock | Keep | None = KEEP, *,
                        extra_damage: bool = False) -> EncounterEntry:
    """A new encounter in the open one's campaign, after it in the list: the party (the open
    fight's PCs, with what they have marked) and every planned adversary, in the environment
    chosen (KEEP: the open fight's). One transaction: a write the disk refuses (StoreError)
    leaves no part of it. The open encounter is left as it is; the caller opens the new one.
    """
    store = session.store
    block = (environment if isinstance(environment, EnvironmentBlock)
             else holder.block if environment == KEEP else None)
    campaign_id = stored_id(session.campaign)
    party = [replace(c, id=None, conditions=(), spotlights=0, slow_tokens=0)
             for c in session.combatants if c.kind == "pc"]
    adversaries = _planned_rows(plan, {c.name for c in party}, extra_damage=extra_damage)
    with store.unit():  # the list read and written in the one transaction
        entries = store.encounter_entries(campaign_id)
        here = next((i for i, e in enumerate(entries) if e.id == session.encounter_id),
                    len(entries) - 1)
        entry = EncounterEntry(name=encounter_name(plan, block, (e.name for e in entries)))
        entry, _rows, _clocks = store.insert_encounter(campaign_id, entry, here + 1,
                                                       party + adversaries)
        if block is not None:
            store.set_encounter_environment(stored_id(entry), block)
    return entry


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
