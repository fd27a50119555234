"""One function per thing the GM does to adversaries during a fight (Anki's ``operations``).

Each checks the rules in ``adversaries.py``, builds one undo command (a parent with children
when the action changes several things, so one Ctrl+Z takes all of it back) and returns it with
the sentence that tells the GM what happened. Nothing changes until the caller pushes the
command. A refusal raises :class:`Refused` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, adversaries
from encounter_app.domain.adversaries import Change, Refused
from encounter_app.services.fight.commands import SetTurn, UpdateCombatant, spend_one_fear
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession

__all__ = ["Action", "Refused", "add_condition", "clear_stress", "damage", "end_gm_turn",
           "mark_stress", "pass_turn", "remove_condition", "slow_token", "spotlight"]

# Spotlights that cost a Fear: the ledger reason (domain/fear.py) and how the GM says it.
FEAR_SPOTLIGHTS = {"interrupt": "Interrupt", "extra_move": "Additional GM move"}


@dataclass
class Action:
    """A command ready to push and what to tell the GM once it is done."""

    command: QUndoCommand
    message: str


def combatant(session: EncounterSession, combatant_id: int) -> CombatantRow:
    try:
        return session.combatants.by_id(combatant_id)
    except KeyError:
        raise Refused("That combatant is no longer in this encounter.") from None


def _update(session: EncounterSession, change: Change, text: str) -> Action:
    return Action(UpdateCombatant(session, change.row, text), change.message)


# -- damage, Stress, conditions, tokens -----------------------------------------------------


def damage(session: EncounterSession, combatant_id: int, amount: int,
           minion_ids: Iterable[int] = ()) -> Action:
    """Mark the HP ``amount`` damage marks; on a Minion, also defeat the Minions the GM picked."""
    row = combatant(session, combatant_id)
    hit = adversaries.damage_to(row, amount)
    if hit.marks == 0:
        raise Refused(f"{amount} damage marks no HP on {row.name}: nothing to mark.")
    picked = [combatant(session, i) for i in dict.fromkeys(minion_ids)]
    adversaries.check_minion_picks(hit, row, picked,
                                   adversaries.minion_candidates(session.combatants, row))
    text = f"Damage {row.name}: {amount}"
    parent = Compound(text)
    parent.add(UpdateCombatant(session, adversaries.damaged(row, hit), text))
    for other in picked:
        parent.add(UpdateCombatant(session, adversaries.defeated(other), f"Defeat {other.name}"))
    if hit.severity != "Minion":
        return Action(parent, f"{row.name}: {amount} damage {hit.preview}.")
    message = f"{row.name} is defeated ({amount} damage: any damage defeats a Minion)."
    if picked:
        message += f" Also defeated: {', '.join(r.name for r in picked)}."
    if hit.extra_minions > len(picked):
        left = hit.extra_minions - len(picked)
        message += f" {left} more could have been defeated."
    return Action(parent, message)


def mark_stress(session: EncounterSession, combatant_id: int) -> Action:
    row = combatant(session, combatant_id)
    return _update(session, adversaries.mark_stress(row), f"Mark a Stress on {row.name}")


def clear_stress(session: EncounterSession, combatant_id: int) -> Action:
    row = combatant(session, combatant_id)
    return _update(session, adversaries.clear_stress(row), f"Clear a Stress on {row.name}")


def add_condition(session: EncounterSession, combatant_id: int, name: str) -> Action:
    row = combatant(session, combatant_id)
    change = adversaries.with_condition(row, name)
    return _update(session, change, f"{row.name}: {change.row.conditions[-1]}")


def remove_condition(session: EncounterSession, combatant_id: int, name: str) -> Action:
    row = combatant(session, combatant_id)
    return _update(session, adversaries.without_condition(row, name),
                   f"{row.name}: no longer {name}")


def fear_feature(session: EncounterSession, combatant_id: int, feature: str) -> Action:
    """Use a feature that costs a Fear: one Fear spent, the ledger naming the adversary and the
    feature; Refused when the pool is empty or the adversary has no such Fear feature."""
    row = combatant(session, combatant_id)
    if row.defeated:
        raise Refused(f"{row.name} is defeated: its features are out of the fight.")
    if row.stats is None or not any(f.fear and f.name == feature for f in row.stats.features):
        raise Refused(f"{row.name} has no Fear feature called {feature}.")
    command = spend_one_fear(session, "adversary_feature", f"{row.name}: {feature}",
                             f"No Fear to spend on {row.name}'s {feature}: the pool is empty.")
    return Action(command, f"{row.name} uses {feature}: 1 Fear spent ({session.fear - 1} left).")


def slow_token(session: EncounterSession, combatant_id: int, step: int) -> Action:
    row = combatant(session, combatant_id)
    verb = "Add a Slow token to" if step > 0 else "Remove a Slow token from"
    return _update(session, adversaries.slow_tokens(row, step), f"{verb} {row.name}")


# -- the GM's turn ------------------------------------------------------------------------


def spotlight(session: EncounterSession, combatant_id: int, *,
              fear_reason: str | None = None) -> Action:
    """Give an adversary the spotlight (Relentless and Slow apply), as one undo step.

    ``fear_reason`` spends a Fear in the same step: "interrupt" (steal the spotlight from the
    players) or "extra_move" (an additional GM move). Refused when the pool is empty.
    """
    row = combatant(session, combatant_id)
    plan = adversaries.spotlight(row)
    spend = None if fear_reason is None else spend_one_fear(
        session, fear_reason, row.name,
        f"No Fear to spend: the pool is empty, so {row.name} cannot "
        f"{'interrupt' if fear_reason == 'interrupt' else 'take an extra move'}.")
    how = FEAR_SPOTLIGHTS.get(fear_reason or "")
    text = f"{how}: spotlight {row.name} (1 Fear)" if how else f"Spotlight {row.name}"
    parent = Compound(text)
    if spend is not None:
        parent.add(spend)
    parent.add(UpdateCombatant(session, plan.row, text))
    parent.add(SetTurn(session, row.id, session.round, text))
    spent = f"{how}: spent a Fear ({session.fear - 1} left). " if how else ""
    return Action(parent, spent + plan.message)


def _reset_counts(session: EncounterSession, parent: Compound) -> int:
    resets = adversaries.reset_spotlights(session.combatants)
    for row in resets:
        parent.add(UpdateCombatant(session, row, f"New GM turn for {row.name}"))
    return len(resets)


def end_gm_turn(session: EncounterSession) -> Action:
    """Pass the spotlight back to the next PC and start every spotlight count afresh.

    With a PC already in the spotlight there is no GM turn going on: the spotlight stays, and
    only counts left over are reset.
    """
    target, round_ = adversaries.players_turn(list(session.combatants), session.active_id,
                                              session.round)
    parent = Compound("End GM turn")
    resets = _reset_counts(session, parent)
    active = session.combatants.index_of(session.active_id)
    if active >= 0 and session.combatants[active].kind == "pc":  # already the players' turn
        name = session.combatants[active].name
        if not resets:
            raise Refused(f"The spotlight is already with {name}: there is no GM turn to end.")
        return Action(parent, f"Spotlight counts reset; the spotlight stays with {name}.")
    if target is None:
        if not resets:
            raise Refused("There is no PC in the spotlight order to pass the spotlight to.")
        return Action(parent, "GM turn over: spotlight counts reset. There is no PC to take "
                              "the spotlight.")
    parent.add(SetTurn(session, target, round_, "End GM turn"))
    name = combatant(session, target).name
    message = f"GM turn over: the spotlight passes to {name}"
    if round_ != session.round:
        message += f" (round {round_})"
    return Action(parent, message + ".")


def pass_turn(session: EncounterSession, active_id: int | None, round_: int,
              text: str = "Next turn") -> QUndoCommand:
    """Move the spotlight as the order says; passing it to a PC ends the GM's turn too."""
    target = session.combatants.index_of(active_id)
    if target < 0 or session.combatants[target].kind != "pc":
        return SetTurn(session, active_id, round_, text)
    parent = Compound(text)
    _reset_counts(session, parent)
    parent.add(SetTurn(session, active_id, round_, text))
    return parent


def defeat_in_group(session: EncounterSession, members: list[CombatantRow], count: int
                    ) -> Compound | None:
    """A Minion group card's boxes clicked: ``count`` of its Minions defeated
    (``adversaries.group_defeated``), one undo step; None when nothing changes."""
    changed = adversaries.group_defeated(members, count)
    if not changed:
        return None
    name = members[0].stats.name if members[0].stats else members[0].name
    text = f"{name}: {count} of {len(members)} defeated"
    return Compound(text, [UpdateCombatant(session, row, text) for row in changed])
