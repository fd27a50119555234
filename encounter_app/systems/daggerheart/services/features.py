"""An adversary's actions in one click: its standard attack, or one of its features as the
feature's text reads (``Feature.action``, ``rules.daggerheart.feature_action``, or the GM's
correction of it).

What one use does, as one undo step (``operations.py`` pushes it): the cost paid (Stress marked
on the adversary, Fear spent), the roll logged, and on tracked PCs what the GM confirms: the
HP their thresholds mark, and the riders the text puts on a target it succeeds against (an
Armor Slot, Stress, a condition; ``feature_marks.py``). Here: what a use is (``Use``), its
words for the dialogs and the card, its price (``payment``) and the request it rolls.
Everything is decided from the session's rows as they are when asked, so a use is checked
before it is rolled and again when it is logged.

**Interpretations** (the SRD's texts leave them open; change them here):

- An attack feature that names no damage of its own deals the standard attack's damage (the
  stat block's, or a Horde's reduced dice); so does "deal the standard attack damage".
- Its range is the feature's; a feature that names none has the standard attack's.
- The Difficulty of a Reaction Roll a feature asks is the text's number ("(14)"), else the
  adversary's own Difficulty.
- A Fear feature (``Feature.fear``, the GM's own mark) costs at least one Fear, whatever the
  reading says.
- Half damage (a Reaction Roll succeeded) is rounded down (``requests.half_damage``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, Experience, Feature
from encounter_app.domain.adversaries import Refused, attack_damage
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.services.fight.commands import SetFear, UpdateCombatant
from encounter_app.services.fight.session import EncounterSession
from encounter_app.systems.daggerheart import conditions

# The roll requests load with the first roll, after the window's first paint (the cards ask
# this module what a feature does: tests/ui/test_startup_imports.py).
if TYPE_CHECKING:
    from encounter_app.systems.daggerheart.requests import AttackRequest, FeatureRequest

UseKind = Literal["attack", "reaction", "damage"]


@fields_repr
@dataclass(frozen=True, repr=False)
class Use:
    """What using one of an adversary's actions does, read from its stat block now."""

    actor: str
    combatant_id: int
    feature: str | None  # None: the standard attack
    name: str  # what the log names: the feature, or the standard attack ("Claws")
    kind: UseKind  # an attack roll; a Reaction Roll asked of the targets; damage taken
    modifier: int
    damage: str  # the damage rolled ("2d6 phy"); "" when it deals none
    range: str  # "" when neither the feature nor the stat block gives one
    several: bool  # every target in range (one roll for all), not one
    advantage: bool
    direct: bool
    cost_stress: int
    cost_fear: int
    target_stress: int  # riders: what a target it succeeds against (or who fails) takes
    armor_slot: bool
    conditions: tuple[str, ...]
    trait: str  # the Reaction Roll's trait; "" when none is asked
    difficulty: int | None  # that roll's Difficulty
    half_on_success: bool

    @property
    def cost(self) -> str:
        """ "1 Stress", "2 Fear", "1 Stress and 1 Fear"; "" when it is free."""
        return cost_words(self.cost_stress, self.cost_fear)

    @property
    def riders(self) -> str:
        """What a target marks beside the damage: "an Armor Slot, 2 Stress, Restrained"."""
        parts = ["an Armor Slot"] if self.armor_slot else []
        parts += [f"{self.target_stress} Stress"] if self.target_stress else []
        parts += list(self.conditions)
        return ", ".join(parts)

    def heading(self) -> str:
        """What it rolls, in a line: "Spit Acid +3 · Close · 2d6 phy"."""
        parts = [self.name]
        if self.kind == "attack":
            parts[0] += f" {self.modifier:+d}"
        elif self.kind == "reaction":
            parts.append(f"{self.trait} Reaction Roll ({self.difficulty})")
        if self.range:
            parts.append(self.range)
        parts.append(self.damage + (" direct" if self.direct else "") if self.damage
                     else "no damage")
        return " · ".join(parts)

    def details(self) -> list[str]:
        """The rest in words: its targets, advantage, what a target marks, its cost."""
        parts = ["every target in range" if self.several else "one target"]
        if self.advantage:
            parts.append("with advantage")
        if self.kind == "reaction" and self.damage:
            parts.append("half damage on a success" if self.half_on_success
                         else "no damage on a success")
        if self.riders:
            who = {"reaction": "a target who fails", "damage": "each target"}.get(
                self.kind, "a target hit")
            parts.append(f"{who} marks {self.riders}")
        parts.append(f"costs {self.cost}" if self.cost else "no cost")
        return parts

    def words(self) -> str:
        """All of it in one line, for a tooltip or the status line."""
        return " · ".join([self.heading(), *self.details()])


def cost_words(stress: int, fear: int) -> str:
    parts = ([f"{stress} Stress"] if stress else []) + ([f"{fear} Fear"] if fear else [])
    return " and ".join(parts)


# -- which features a card offers -------------------------------------------------------------


def rollable(feature: Feature) -> bool:
    """A feature the card shows a Use button for: an Action or Reaction that rolls or deals
    damage (``Feature.action``)."""
    return feature.kind != "Passive" and feature.action is not None


def offered(feature: Feature) -> bool:
    """A feature the card's menu offers: a rollable one, or a Passive one that attacks ("When
    the Zombie makes a standard attack, they can attack all targets within Very Close range")."""
    action = feature.action
    return action is not None and (feature.kind != "Passive" or action.attack)


def attack_features(row: CombatantRow) -> list[Feature]:
    """The features the attack dialog offers beside the standard attack: those that attack."""
    stats = row.stats
    return [] if stats is None else [f for f in stats.features
                                     if (a := f.action) is not None and a.attack]


def standard_several(row: CombatantRow) -> tuple[str, ...]:
    """The features that let the standard attack itself reach every target ("When the Zombie
    makes a standard attack, they can attack all targets within Very Close range"), by name. A
    feature that makes an attack of its own on every target (Spit Acid) is not one: the GM
    picks that feature instead."""
    stats = row.stats
    return () if stats is None else tuple(
        f.name for f in stats.features
        if (a := f.action) is not None and a.attack and a.standard and a.all_targets)


def use_of(row: CombatantRow, feature: str | None = None) -> Use:
    """What ``row``'s standard attack (``feature`` None) or its feature of that name does now;
    Refused when it has no stat block, no such feature, or the feature does nothing to play."""
    stats = row.stats
    if stats is None or row.id is None:
        raise Refused(f"{row.name} has no stat block to act from.")
    standard_damage = attack_damage(row)[0]  # a Horde past half HP deals its Horde dice
    attack_name = stats.attack_name or "Attack"
    if feature is None:
        return Use(
            actor=row.name, combatant_id=row.id, feature=None, name=attack_name, kind="attack",
            modifier=stats.attack_modifier, damage=standard_damage, range=stats.attack_range,
            several=bool(standard_several(row)), advantage=False, direct=False,
            cost_stress=0, cost_fear=0, target_stress=0, armor_slot=False, conditions=(),
            trait="", difficulty=None, half_on_success=False)
    found = next((f for f in stats.features if f.name == feature), None)
    if found is None:
        raise Refused(f"{row.name} has no feature called {feature}.")
    action = found.action
    if action is None:
        raise Refused(f"{feature} makes no roll and deals no damage: read it to the table.")
    kind: UseKind = ("attack" if action.attack else "reaction" if action.reaction_roll
                     else "damage")
    damage = action.damage or ""
    if (action.standard or kind == "attack") and not action.damage:
        damage = standard_damage
    return Use(
        actor=row.name, combatant_id=row.id, feature=found.name, name=found.name, kind=kind,
        modifier=stats.attack_modifier, damage=damage,
        range=action.range or stats.attack_range, several=action.all_targets,
        advantage=action.advantage, direct=action.direct, cost_stress=action.cost_stress,
        cost_fear=max(action.cost_fear, 1 if found.fear else 0),
        target_stress=action.target_stress, armor_slot=action.armor_slot,
        conditions=tuple(sorted(action.conditions)), trait=action.reaction_roll or "",
        difficulty=(action.reaction_difficulty or stats.difficulty) if action.reaction_roll
        else None,
        half_on_success=action.half_on_success)


def experience_of(row: CombatantRow, name: str) -> Experience | None:
    """The adversary's Experience called ``name`` ("" for none); Refused when it has none such."""
    if not name:
        return None
    found = next((e for e in (row.stats.experiences if row.stats else ()) if e.name == name),
                 None)
    if found is None:
        raise Refused(f"{row.name} has no Experience called {name}.")
    return found


# -- the price -------------------------------------------------------------------------------


def payment(session: EncounterSession, use: Use, experience: Experience | None,
            consequence: str) -> list[QUndoCommand]:
    """The commands that pay for ``use`` now (Stress marked on the adversary, the feature's
    Fear and an Experience's spent, each a line of the Fear ledger); Refused with the reason
    and ``consequence`` ("nothing was rolled") when the adversary or the pool cannot pay."""
    try:
        row = session.combatants.by_id(use.combatant_id)
    except KeyError:
        raise Refused(f"{use.actor} is no longer in this encounter: {consequence}.") from None
    if row.defeated:
        raise Refused(f"{row.name} is defeated: its actions are out of the fight "
                      f"({consequence}).")
    commands: list[QUndoCommand] = []
    if use.cost_stress:
        if row.stress_marked + use.cost_stress > row.stress_max:
            raise Refused(
                f"{row.name} must mark {use.cost_stress} Stress for {use.name} and has "
                f"{max(0, row.stress_max - row.stress_marked)} left "
                f"({row.stress_marked}/{row.stress_max} marked): {consequence}.")
        paid = replace(row, stress_marked=row.stress_marked + use.cost_stress)
        paid, _said = conditions.stress_changed(row, paid)
        commands.append(UpdateCombatant(session, paid, f"{row.name} marks {use.cost_stress} "
                                                       f"Stress for {use.name}"))
    wanted = use.cost_fear + (1 if experience is not None else 0)
    if session.fear < wanted:
        uses = [f"{use.name} costs {use.cost_fear} Fear"] if use.cost_fear else []
        uses += [f"{experience.name} costs a Fear"] if experience is not None else []
        raise Refused(f"Not enough Fear for {row.name}: {' and '.join(uses)}, the pool has "
                      f"{session.fear}: {consequence}.")
    pool = session.fear
    if use.cost_fear:
        commands.append(SetFear(session, pool - use.cost_fear, "adversary_feature",
                                f"{row.name}: {use.name}", before=pool))
        pool -= use.cost_fear
    if experience is not None:
        commands.append(SetFear(session, pool - 1, "experience",
                                f"{row.name}: {experience.name}", before=pool))
    return commands


def paid_words(use: Use, experience: Experience | None) -> str:
    """What the log says was paid: "1 Stress", "1 Fear and 1 Fear (Tremor Sense)"."""
    parts = [use.cost] if use.cost else []
    parts += [f"1 Fear ({experience.name})"] if experience is not None else []
    return " and ".join(parts)


# -- the rolls ---------------------------------------------------------------------------------


def targets_of(session: EncounterSession, ids: Sequence[int]) -> list[CombatantRow]:
    """The combatants ``ids`` name that are still in the fight, in the order given."""
    rows = session.combatants
    return [rows[at] for i in dict.fromkeys(ids) if (at := rows.index_of(i)) >= 0]


def attack_request(use: Use, targets: Sequence[CombatantRow], *, advantage: bool,
                   disadvantage: bool, experience: Experience | None) -> AttackRequest:
    """The attack roll of ``use`` against ``targets`` (each with an Evasion)."""
    from encounter_app.systems.daggerheart.requests import AttackRequest, Target

    aimed = [t for t in targets if t.evasion is not None]
    if not aimed:
        raise Refused(f"{use.name} needs a target with an Evasion: tick a PC.")
    if not use.several and len(aimed) > 1:
        raise Refused(f"{use.name} has one target: tick one PC.")
    return AttackRequest(
        attacker=use.actor, modifier=use.modifier, damage=use.damage,
        targets=tuple(Target(t.name, t.evasion, t.id) for t in aimed if t.evasion is not None),
        attack_name=use.name, advantage=advantage, disadvantage=disadvantage,
        experience=experience.bonus if experience else 0,
        experience_name=experience.name if experience else "", combatant_id=use.combatant_id,
        cost=paid_words(use, experience))


@fields_repr
@dataclass(frozen=True, repr=False)
class ReactionResult:
    """A target's answer to a feature's Reaction Roll, as the GM types it (or, later, a player
    sends it): the total rolled, or only whether it succeeded. Neither: it takes the feature as
    written (a feature that asks no roll)."""

    combatant_id: int
    total: int | None = None
    succeeded: bool | None = None

    def verdict(self, difficulty: int | None) -> bool | None:
        """Succeeded (True), failed (False), or no roll (None): a total meets or beats the
        Difficulty; the GM's own succeeded/failed wins over it."""
        if self.succeeded is not None:
            return self.succeeded
        if self.total is not None and difficulty is not None:
            return self.total >= difficulty
        return None


def feature_request(session: EncounterSession, use: Use, results: Sequence[ReactionResult],
                    difficulty: int | None = None) -> FeatureRequest:
    """The damage roll of a feature that makes no attack, with each target's Reaction Roll."""
    from encounter_app.systems.daggerheart.requests import FeatureRequest, Reacted

    if use.kind == "attack":
        raise Refused(f"{use.name} makes an attack: choose its targets in the attack dialog.")
    asked = use.difficulty if difficulty is None else difficulty
    rows = targets_of(session, [r.combatant_id for r in results])
    by_id = {r.combatant_id: r for r in results}
    if not rows:
        raise Refused(f"{use.name} needs a target: tick a PC.")
    if not use.several and len(rows) > 1:
        raise Refused(f"{use.name} has one target: tick one PC.")
    reacted = []
    for row in rows:
        result = by_id[row.id] if row.id is not None else ReactionResult(0)
        verdict = result.verdict(asked) if use.kind == "reaction" else None
        if use.kind == "reaction" and verdict is None:
            raise Refused(f"{row.name}'s {use.trait} Reaction Roll: type its total, or say "
                          "whether it succeeded.")
        reacted.append(Reacted(row.name, row.id, verdict,
                               result.total if use.kind == "reaction" else None))
    return FeatureRequest(
        actor=use.actor, feature=use.name, damage=use.damage, targets=tuple(reacted),
        trait=use.trait, difficulty=asked if use.kind == "reaction" else None,
        half_on_success=use.half_on_success, cost=use.cost, combatant_id=use.combatant_id)
