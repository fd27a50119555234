"""The optional Spotlight Tracker (SRD 1.0): tokens per PC per scene, one spent each time a PC
takes the spotlight; the spotlight never goes to a PC with none; when every PC has used all
theirs, everyone refills.

A PC's row keeps how many it has used this scene (``spotlight_tokens_used`` of its state, when
its system's state class takes on ``SpotlightTokens``), so the GM changing the campaign's
number mid-scene changes what each has left at once. Only PCs carry tokens; adversaries and
NPCs take the spotlight as before.

**Interpretation** (the SRD says "removes one each time they take an action"): the program
counts an action as the spotlight passing to the PC (Next, a click in the order, End GM turn).
When the PC that takes the spotlight spends the party's last token, everyone refills in the
same step, so the order always has a PC to pass to.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.optional_rules import RuleOptions
from encounter_app.domain.rows import CombatantRow
from encounter_app.domain.system_data import SpotlightTokens

FULL, EMPTY = "●", "○"


def _used(row: CombatantRow) -> int:
    state = row.system_state
    return state.spotlight_tokens_used if isinstance(state, SpotlightTokens) else 0


def tokens_left(row: CombatantRow, options: RuleOptions) -> int:
    return max(0, options.spotlight_tokens - _used(row))


def token_text(row: CombatantRow, options: RuleOptions) -> str:
    """ "●●○": the tokens a PC has left and has used, or "" when the tracker is off or it is
    not a PC."""
    if not options.spotlight_tracker or row.kind != "pc":
        return ""
    left = tokens_left(row, options)
    return FULL * left + EMPTY * (options.spotlight_tokens - left)


def can_take(row: CombatantRow, options: RuleOptions) -> bool:
    """Whether the spotlight may pass to ``row`` (a PC needs a token when the tracker is on)."""
    return not options.spotlight_tracker or row.kind != "pc" or tokens_left(row, options) > 0


def with_used(row: CombatantRow, used: int) -> CombatantRow:
    """``row`` having used ``used`` tokens. A row whose system keeps no tokens has used none
    (TypeError when told otherwise: the tracker's rules never spend one there)."""
    state = row.system_state
    if not isinstance(state, SpotlightTokens):
        if used:
            raise TypeError(f"{type(state).__name__} keeps no spotlight tokens")
        return row
    return replace(row, system_state=replace(state, spotlight_tokens_used=used))


def refilled(rows: Iterable[CombatantRow]) -> list[CombatantRow]:
    """The PCs that have used tokens, with every token back ("New scene: refill")."""
    return [with_used(r, 0) for r in rows if r.kind == "pc" and _used(r)]


@fields_repr
@dataclass(frozen=True, repr=False)
class Spend:
    """What a PC taking the spotlight does to the tokens: the rows that change, in order, and
    the sentence for the GM."""

    rows: tuple[CombatantRow, ...]
    message: str


def spend(rows: Sequence[CombatantRow], pc: CombatantRow, options: RuleOptions) -> Spend:
    """``pc`` takes the spotlight: it spends a token. With every PC already out of tokens (the
    GM lowered the number), everyone refills first; spending the party's last token refills
    everyone in the same step. Raises ValueError for a PC with none while others have some."""
    if not options.spotlight_tracker or pc.kind != "pc":
        return Spend((), "")
    pcs = {r.id: r for r in rows if r.kind == "pc"}
    pcs[pc.id] = pc
    message = ""
    if all(tokens_left(r, options) == 0 for r in pcs.values()):
        pcs = {i: with_used(r, 0) for i, r in pcs.items()}
        message = " Every PC had used all their tokens: everyone refills."
    elif tokens_left(pcs[pc.id], options) == 0:
        raise ValueError(f"{pc.name} has no spotlight tokens left this scene")
    now = pcs[pc.id]
    pcs[pc.id] = with_used(now, _used(now) + 1)
    if all(tokens_left(r, options) == 0 for r in pcs.values()):
        pcs = {i: with_used(r, 0) for i, r in pcs.items()}
        message += " That was the party's last token: everyone refills."
    else:
        message += (f" {pc.name} spends a spotlight token "
                    f"({token_text(pcs[pc.id], options)}).")
    before = {r.id: r for r in rows if r.kind == "pc"}
    before.setdefault(pc.id, pc)
    changed = tuple(r for i, r in pcs.items() if r != before.get(i))
    return Spend(changed, message)
