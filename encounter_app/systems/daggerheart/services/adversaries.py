"""One function per thing the GM does to adversaries during a fight (Anki's ``operations``).

Each checks the rules in ``adversaries.py``, builds one undo command (a parent with children
when the action changes several things, so one Ctrl+Z takes all of it back) and returns it with
the sentence that tells the GM what happened. Nothing changes until the caller pushes the
command: ``operations.py`` beside this one does, for the widgets. A refusal raises
:class:`Refused` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, adversaries, spotlight_tokens
from encounter_app.domain.adversaries import Change, Refused
from encounter_app.domain.optional_rules import RuleOptions
from encounter_app.services.fight.commands import (
    SetTurn,
    UpdateCombatant,
    spend_one_fear,
    start_scene,
)
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.operations import Action
from encounter_app.systems.daggerheart import conditions

__all__ = ["Action", "Refused", "add_condition", "clear_by_spotlight", "clear_stress", "damage",
           "end_gm_turn", "extra_gm_move", "mark_stress", "new_scene", "next_turn", "pass_turn",
           "refill_tokens", "remove_condition", "set_marks", "slow_token", "spotlight",
           "spotlight_price"]

# Spotlights that cost a Fear: the ledger reason (domain/fear.py) and how the GM says it.
FEAR_SPOTLIGHTS = {"interrupt": "Interrupt", "extra_move": "Additional GM move"}


def combatant(session: EncounterSession, combatant_id: int) -> CombatantRow:
    try:
        return session.combatants.by_id(combatant_id)
    except KeyError:
        raise Refused("That combatant is no longer in this encounter.") from None


def _update(session: EncounterSession, change: Change, text: str) -> Action:
    return Action(UpdateCombatant(session, change.row, text), change.message)


def options(session: EncounterSession) -> RuleOptions:
    """The optional rules of the open encounter's campaign (the Rules page)."""
    return session.campaign.options


# -- damage, Stress, conditions, tokens -----------------------------------------------------


def damage(session: EncounterSession, combatant_id: int, amount: int,
           minion_ids: Iterable[int] = ()) -> Action:
    """Mark the HP ``amount`` damage marks; on a Minion, also defeat the Minions the GM picked."""
    row = combatant(session, combatant_id)
    hit = adversaries.damage_to(row, amount, massive=options(session).massive_damage)
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


def _stress(session: EncounterSession, row: CombatantRow, change: Change, text: str) -> Action:
    """A Stress marked or cleared, with the Vulnerable the last Stress gives or takes away
    (``conditions.stress_changed``) in the same undo step."""
    new, said = conditions.stress_changed(row, change.row)
    return Action(UpdateCombatant(session, new, text), change.message + said)


def mark_stress(session: EncounterSession, combatant_id: int) -> Action:
    row = combatant(session, combatant_id)
    return _stress(session, row, adversaries.mark_stress(row), f"Mark a Stress on {row.name}")


def clear_stress(session: EncounterSession, combatant_id: int) -> Action:
    row = combatant(session, combatant_id)
    return _stress(session, row, adversaries.clear_stress(row), f"Clear a Stress on {row.name}")


def set_marks(session: EncounterSession, combatant_id: int, hp_marked: int,
              stress_marked: int) -> Action:
    """Pips clicked on a card: HP and Stress set, the last Stress's Vulnerable with them. The
    message is "" unless the Vulnerable came or went (a pip says itself what it marks)."""
    row = combatant(session, combatant_id)
    after = replace(row, hp_marked=hp_marked, stress_marked=stress_marked)
    new, said = conditions.stress_changed(row, after)
    return Action(UpdateCombatant(session, new, f"Marks on {row.name}"), said.strip())


def add_condition(session: EncounterSession, combatant_id: int, name: str) -> Action:
    row = combatant(session, combatant_id)
    change = adversaries.with_condition(row, name)
    return _update(session, change, f"{row.name}: {change.row.conditions[-1]}")


def remove_condition(session: EncounterSession, combatant_id: int, name: str) -> Action:
    row = combatant(session, combatant_id)
    change = adversaries.without_condition(row, name)
    if name == conditions.VULNERABLE:  # the GM took it away: Stress no longer owns it
        change = Change(conditions.forget_stress_mark(change.row), change.message)
    return _update(session, change, f"{row.name}: no longer {name}")


def clear_by_spotlight(session: EncounterSession, combatant_id: int, name: str, *,
                       fear_reason: str | None = None) -> Action:
    """Spend the adversary's spotlight to clear a temporary condition (SRD: "a temporary
    condition on an adversary is cleared by spending that adversary's spotlight"): the
    spotlight is given, counted and the condition gone, in one undo step. The Vulnerable its
    full Stress gave is not temporary in that sense: it goes when a Stress is cleared."""
    row = combatant(session, combatant_id)
    if name not in row.conditions:
        raise Refused(f"{row.name} is not {name}.")
    if name == conditions.VULNERABLE and conditions.from_stress(row):
        raise Refused(f"{row.name} is Vulnerable because every Stress is marked: it clears "
                      "when it clears a Stress, not by spending its spotlight.")
    plan = adversaries.spotlight(row)
    if not plan.acts:
        raise Refused(f"{row.name} is Slow and has no token: it cannot act, so it cannot spend "
                      f"its spotlight on clearing {name}. Spotlight it first to place a token.")
    text = f"{row.name} spends its spotlight to clear {name}"
    parent = Compound(text)
    how = FEAR_SPOTLIGHTS.get(fear_reason or "")
    if fear_reason is not None:
        parent.add(spend_one_fear(
            session, fear_reason, f"{row.name}: clears {name}",
            f"No Fear to spend: the pool is empty, so {row.name} cannot take the spotlight "
            "again this GM turn."))
    cleared = adversaries.without_condition(plan.row, name).row
    parent.add(UpdateCombatant(session, cleared, text))
    parent.add(SetTurn(session, row.id, session.round, text))
    spent = f"{how}: spent a Fear ({session.fear - 1} left). " if how else ""
    count = adversaries.spotlight_text(cleared)
    return Action(parent, f"{spent}{text}: it is no longer {name}."
                          + (f" {count}." if count and adversaries.traits(row.stats)
                             .relentless_label else ""))


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


def spotlight_price(session: EncounterSession, combatant_id: int) -> str | None:
    """With the campaign's "GM turn's price" on: the question to ask before a plain spotlight
    that costs a Fear (the GM turn brings one adversary's spotlight; any further one, another
    adversary or the same Relentless one again, is an additional GM move), or None when it is
    free. Relentless (X) still caps one adversary's spotlights at X (``adversaries.spotlight``).

    **Interpretation:** the GM turn's own spotlight is used once any adversary has had the
    spotlight since it passed back to the players (the spotlight counts End GM turn resets).
    """
    if not options(session).gm_turn_price:
        return None
    row = combatant(session, combatant_id)
    adversaries.spotlight(row)  # Refused first when it cannot take the spotlight at all
    taken = sum(r.spotlights for r in session.combatants if r.kind == "adversary")
    if taken < 1:
        return None
    again = " again" if row.spotlights else ""
    return (f"The GM turn's spotlight is used ({taken} this GM turn). Spotlighting {row.name}"
            f"{again} is an additional GM move: it costs a Fear ({session.fear} in the pool).")


def spotlight(session: EncounterSession, combatant_id: int, *,
              fear_reason: str | None = None, note: str | None = None) -> Action:
    """Give an adversary the spotlight (Relentless and Slow apply), as one undo step.

    ``fear_reason`` spends a Fear in the same step: "interrupt" (steal the spotlight from the
    players) or "extra_move" (an additional GM move), ``note`` naming it in the Fear ledger
    (the adversary's name by default). Refused when the pool is empty.
    """
    row = combatant(session, combatant_id)
    plan = adversaries.spotlight(row)
    spend = None if fear_reason is None else spend_one_fear(
        session, fear_reason, note or row.name,
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


def _takes_token(session: EncounterSession, parent: Compound, target_id: int | None,
                 text: str) -> str:
    """The Spotlight Tracker: the PC taking the spotlight spends a token, in ``parent``'s
    undo step; returns the sentence for the GM ("" when the tracker is off or not a PC)."""
    rules = options(session)
    at = session.combatants.index_of(target_id)
    if not rules.spotlight_tracker or at < 0 or session.combatants[at].kind != "pc":
        return ""
    pc = session.combatants[at]
    try:
        spent = spotlight_tokens.spend(list(session.combatants), pc, rules)
    except ValueError:
        raise Refused(f"{pc.name} has no spotlight tokens left this scene (Spotlight Tracker): "
                      "the spotlight goes to a PC who has some. New scene: refill gives "
                      "everyone theirs back.") from None
    for row in spent.rows:
        parent.add(UpdateCombatant(session, row, text))
    return spent.message


def _may_take(session: EncounterSession) -> Callable[[CombatantRow], bool]:
    """Who the spotlight order may pass to: not a PC out of tokens (Spotlight Tracker). With
    every PC out of tokens they all may: taking it refills everyone."""
    rules = options(session)
    pcs = [r for r in session.combatants if r.kind == "pc"]
    if not rules.spotlight_tracker or not any(spotlight_tokens.can_take(r, rules) for r in pcs):
        return lambda _row: True
    return lambda row: spotlight_tokens.can_take(row, rules)


def next_turn(session: EncounterSession) -> tuple[int | None, int]:
    """Who takes the spotlight on Next: the next combatant not defeated, never a PC with no
    spotlight token left (Spotlight Tracker), and the round."""
    may = _may_take(session)
    return adversaries.next_in_order(list(session.combatants), session.active_id,
                                     session.round, lambda r: not r.defeated and may(r))


def end_gm_turn(session: EncounterSession) -> Action:
    """Pass the spotlight back to the next PC and start every spotlight count afresh.

    With a PC already in the spotlight there is no GM turn going on: the spotlight stays, and
    only counts left over are reset. With the Spotlight Tracker, the next PC with a token takes
    it and spends one.
    """
    may = _may_take(session)
    target, round_ = adversaries.next_in_order(
        list(session.combatants), session.active_id, session.round,
        lambda r: r.kind == "pc" and may(r))
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
    tokens = _takes_token(session, parent, target, "End GM turn")
    parent.add(SetTurn(session, target, round_, "End GM turn"))
    name = combatant(session, target).name
    message = f"GM turn over: the spotlight passes to {name}"
    if round_ != session.round:
        message += f" (round {round_})"
    return Action(parent, message + "." + tokens)


def pass_turn(session: EncounterSession, active_id: int | None, round_: int,
              text: str = "Next turn") -> QUndoCommand:
    """Move the spotlight as the order says; passing it to a PC ends the GM's turn too, and
    with the Spotlight Tracker the PC spends a token (Refused when it has none left)."""
    return pass_spotlight(session, active_id, round_, text).command


def pass_spotlight(session: EncounterSession, active_id: int | None, round_: int,
                   text: str = "Next turn") -> Action:
    """:func:`pass_turn` with the sentence for the GM: what the tokens did, "" without them."""
    target = session.combatants.index_of(active_id)
    if target < 0 or session.combatants[target].kind != "pc":
        return Action(SetTurn(session, active_id, round_, text), "")
    parent = Compound(text)
    _reset_counts(session, parent)
    tokens = _takes_token(session, parent, active_id, text)
    parent.add(SetTurn(session, active_id, round_, text))
    return Action(parent, tokens.strip())


def refill_tokens(session: EncounterSession) -> Action:
    """New scene: every PC gets all their spotlight tokens back, one undo step."""
    rules = options(session)
    if not rules.spotlight_tracker:
        raise Refused("The Spotlight Tracker is off for this campaign: turn it on in Campaign "
                      "› Manage campaigns › Rules.")
    rows = spotlight_tokens.refilled(session.combatants)
    if not rows:
        raise Refused("Every PC already has all their spotlight tokens.")
    text = "New scene: refill spotlight tokens"
    parts: list[QUndoCommand] = [start_scene(session)]
    parts += [UpdateCombatant(session, r, text) for r in rows]
    return Action(Compound(text, parts),
                  f"New scene: every PC has {rules.spotlight_tokens} spotlight tokens again.")


def new_scene(session: EncounterSession) -> Action:
    """New scene: the Fear spent in the scene is counted from 0 again (a Fear ledger line that
    moves no Fear), and with the Spotlight Tracker every PC gets all their tokens back; one
    undo step."""
    text = "New scene"
    parts: list[QUndoCommand] = [start_scene(session)]
    rules = options(session)
    rows = spotlight_tokens.refilled(session.combatants) if rules.spotlight_tracker else []
    parts += [UpdateCombatant(session, r, text) for r in rows]
    tokens = (f"; every PC has {rules.spotlight_tokens} spotlight tokens again" if rows
              else "")
    return Action(Compound(text, parts), f"New scene: its Fear spent counts from 0{tokens}.")


def extra_gm_move(session: EncounterSession, what: str) -> Action:
    """An additional GM move on the GM turn (not a spotlight): one Fear, the ledger naming the
    move the GM typed."""
    what = " ".join(what.split())
    if not what:
        raise Refused("Say what the additional GM move is, such as \"shift the environment\".")
    command = spend_one_fear(session, "extra_move", what,
                             "No Fear to spend: the pool is empty, so there is no additional "
                             "GM move.")
    return Action(command, f"Additional GM move: {what}. Spent a Fear ({session.fear - 1} "
                           "left).")


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
