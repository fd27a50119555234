"""An adversary or environment moved to another tier (rules/tiers.py), kept as the GM chose: a
new library entry, or the one adversary (or environment) of the open fight changed. Each is
one undo step; the library's entry an adversary came from is never changed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TypeVar

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import EnvironmentBlock, EnvironmentRow, StatBlock, TemplateRow
from encounter_app.domain.json_data import JsonObject
from encounter_app.rules import tiers
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.daggerheart.services.library.builder import edit_card_stats
from encounter_app.systems.daggerheart.services.library.commands import AddEntry, SetEnvironment
from encounter_app.systems.daggerheart.services.library.shelves import EncounterEnvironment, Shelf

Block = StatBlock | EnvironmentBlock
BlockT = TypeVar("BlockT", StatBlock, EnvironmentBlock)  # what is moved comes back its kind


def plan(stats: Block, to_tier: int) -> tiers.Move:
    """The rules' move of a stat block or an environment (its dict, and what to check)."""
    if isinstance(stats, EnvironmentBlock):
        return tiers.plan_environment(stats.to_json(), to_tier)
    return tiers.plan_adversary(stats.to_json(), to_tier)


def block_from(original: BlockT, data: JsonObject) -> BlockT:
    """The moved dict back as the original's kind of block."""
    if isinstance(original, EnvironmentBlock):
        return EnvironmentBlock.from_json(data)
    return StatBlock.from_json(data)


def free_name(name: str, to_tier: int, taken: Iterable[str]) -> str:
    """The new entry's name: "Bear (Tier 3)", or "Bear (Tier 3) 2"... past names in use."""
    base = tiers.tier_name(name, to_tier)
    used = set(taken)
    candidate, n = base, 2
    while candidate in used:
        candidate, n = f"{base} {n}", n + 1
    return candidate


def _what(stats: Block, old_tier: int) -> str:
    return f"{stats.name} (tier {old_tier} to {stats.tier})"


def save_adversary(shelf: Shelf[TemplateRow], moved: StatBlock, old_tier: int
                   ) -> AddEntry[TemplateRow]:
    """The moved adversary as a new library entry."""
    return AddEntry(shelf, TemplateRow(None, moved, source="own"),
                    f"Move to another tier: new entry {_what(moved, old_tier)}")


def save_environment(shelf: Shelf[EnvironmentRow], moved: EnvironmentBlock,
                     old_tier: int) -> AddEntry[EnvironmentRow]:
    """The moved environment as a new library entry."""
    return AddEntry(shelf, EnvironmentRow(None, moved, source="own"),
                    f"Move to another tier: new entry {_what(moved, old_tier)}")


def in_fight(session: EncounterSession, combatant_id: int, moved: StatBlock) -> QUndoCommand:
    """Only this adversary of the fight takes the moved stat block (its HP and Stress tracks
    follow, keeping what is marked as far as they reach)."""
    row = session.combatants.by_id(combatant_id)
    old = row.stats.tier if row.stats is not None else moved.tier
    return Compound(f"Move {row.name} from tier {old} to tier {moved.tier} (this fight only)",
                    [edit_card_stats(session, combatant_id, moved)])


def fight_environment(holder: EncounterEnvironment, moved: EnvironmentBlock) -> QUndoCommand:
    """The fight's environment replaced by its moved copy."""
    old = holder.block.tier if holder.block is not None else moved.tier
    return Compound(f"Move the environment {moved.name} from tier {old} to tier {moved.tier}",
                    [SetEnvironment(holder, moved)])


def renamed(stats: Block, name: str) -> Block:
    return replace(stats, name=name)
