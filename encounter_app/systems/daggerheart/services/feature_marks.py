"""What an adversary's attack or feature does to the PCs it touches: each one offered to the GM
(``PcHit``: the damage its thresholds mark, and the riders the text puts on a target it
succeeds against, or on one who fails its Reaction Roll), what the GM marks (``PcMarks``, plain
data from the hit dialog), and the PC's row once marked (``marked``), in the log's words.

**Interpretations** (change them here):

- A target who must mark an Armor Slot and has none free marks an HP instead (Spit Acid's own
  words: "If they can't mark an Armor Slot, they must mark an additional HP").
- One who must mark Stress it has no room for marks an HP for each (the SRD: "a character who
  must mark Stress and cannot marks 1 HP instead"); marking the last Stress makes it Vulnerable
  (``conditions.stress_changed``).
- A condition the PC already has is not added again (the same condition does not stack).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.daggerheart import conditions, pc_tracks
from encounter_app.systems.daggerheart.services.features import Use

# The roll requests load with the first roll (tests/ui/test_startup_imports.py).
if TYPE_CHECKING:
    from encounter_app.rules.daggerheart import AttackResult
    from encounter_app.rules.dice import DiceRoll
    from encounter_app.systems.daggerheart.requests import AttackRequest, FeatureRequest


@fields_repr
@dataclass(frozen=True, repr=False)
class PcHit:
    """What a use does to one PC, offered to the GM before it is marked: its damage (marked by
    its thresholds) and the riders (``Use.riders``)."""

    row: CombatantRow
    damage: int
    armor_slot: bool = False
    stress: int = 0
    conditions: tuple[str, ...] = ()
    why: str = ""  # "hit", "failed", "succeeded: half damage"

    @property
    def riders(self) -> bool:
        return self.armor_slot or bool(self.stress) or bool(self.conditions)


@fields_repr
@dataclass(frozen=True, repr=False)
class PcMarks:
    """What the GM marks on one PC: the damage (with an Armor Slot used against it, or not)
    and the riders kept."""

    combatant_id: int
    damage: int
    use_armor: bool = False
    armor_slot: bool = False
    stress: int = 0
    conditions: tuple[str, ...] = ()


def attack_offers(session: EncounterSession, use: Use, request: AttackRequest,
                  result: AttackResult) -> list[PcHit]:
    """Each PC the attack hit, as it is now, with the damage and the riders."""
    damage = result.damage_total or 0
    offers = []
    for target, hit in zip(request.targets, result.hits, strict=True):
        row = _pc(session, target.combatant_id)
        if hit and row is not None:
            offers.append(PcHit(row, damage, use.armor_slot, use.target_stress, use.conditions,
                                "hit"))
    return offers


def feature_offers(session: EncounterSession, use: Use, request: FeatureRequest,
                   result: DiceRoll | None) -> list[PcHit]:
    """Each PC the feature touches: the damage it takes (half on a success, where the text
    says), and the riders on a failure (or on everyone, when no roll was asked)."""
    offers = []
    for target, damage in zip(request.targets, request.taken(result), strict=True):
        row = _pc(session, target.combatant_id)
        failed = target.succeeded is not True
        if row is None or not (damage or (failed and use.riders)):
            continue
        why = ("failed" if target.succeeded is False else
               "succeeded: half damage" if target.succeeded else "takes it")
        offers.append(PcHit(row, damage, failed and use.armor_slot,
                            use.target_stress if failed else 0,
                            use.conditions if failed else (), why))
    return offers


def _pc(session: EncounterSession, combatant_id: int | None) -> CombatantRow | None:
    at = session.combatants.index_of(combatant_id)
    row = session.combatants[at] if at >= 0 else None
    return row if row is not None and row.kind == "pc" else None


def default_marks(offer: PcHit) -> PcMarks:
    """The marks as offered, every rider kept and no Armor Slot used against the damage."""
    assert offer.row.id is not None, "an offer is made for a combatant of the fight"
    return PcMarks(offer.row.id, offer.damage, False, offer.armor_slot, offer.stress,
                   offer.conditions)


def marked(row: CombatantRow, marks: PcMarks, *, massive: bool = False) -> CombatantRow:
    """``row`` once ``marks`` are marked: the HP its thresholds mark (one threshold less with an
    Armor Slot used), then the riders (see the module's interpretations)."""
    after = _damaged(row, marks, massive)
    if marks.armor_slot:
        now = pc_tracks.tracks(after)
        after = (pc_tracks.with_marks(after, armor=now.armor_marked + 1) if now.armor_free
                 else pc_tracks.with_marks(after, hp=after.hp_marked + 1))
    if marks.stress:
        room = max(0, after.stress_max - after.stress_marked)
        before = after
        after = pc_tracks.with_marks(after, stress=after.stress_marked + min(room, marks.stress),
                                     hp=after.hp_marked + max(0, marks.stress - room))
        after, _said = conditions.stress_changed(before, after)
    for name in marks.conditions:
        if name not in after.conditions:
            after = replace(after, conditions=(*after.conditions, name))
    return after


def _damaged(row: CombatantRow, marks: PcMarks, massive: bool) -> CombatantRow:
    """``row`` with the HP the damage of ``marks`` marks, before any rider."""
    if marks.damage > 0 and (hit := pc_tracks.hit_on(row, marks.damage, massive=massive)):
        return pc_tracks.marked_by(row, hit, marks.use_armor)
    return row


def no_armor_for_rider(row: CombatantRow, marks: PcMarks, *, massive: bool = False) -> bool:
    """Whether the Armor Slot ``marks`` ask of ``row`` finds none free once the damage is
    marked, so an HP is marked instead (what Spit Acid's Fear counts: ``fear_riders``)."""
    return marks.armor_slot and not pc_tracks.tracks(_damaged(row, marks, massive)).armor_free


def marks_words(before: CombatantRow, after: CombatantRow) -> str:
    """What ``after`` has marked beyond ``before``: "2 HP, an Armor Slot, Restrained"."""
    parts = []
    if (hp := after.hp_marked - before.hp_marked) > 0:
        parts.append(f"{hp} HP")
    armor = pc_tracks.tracks(after).armor_marked - pc_tracks.tracks(before).armor_marked
    if armor > 0:
        parts.append("an Armor Slot" if armor == 1 else f"{armor} Armor Slots")
    if (stress := after.stress_marked - before.stress_marked) > 0:
        parts.append(f"{stress} Stress")
    parts += [c for c in after.conditions if c not in before.conditions]
    return ", ".join(parts)


def logged(row: RollRow, marked_rows: Sequence[tuple[CombatantRow, CombatantRow]]) -> RollRow:
    """The use's log row with what each PC marked (before, after) as its last lines."""
    lines = [f"{before.name} marks {words}" for before, after in marked_rows
             if (words := marks_words(before, after))]
    if not lines:
        return row
    return replace(row, detail="\n".join([row.detail, *lines]) if row.detail
                   else "\n".join(lines))
