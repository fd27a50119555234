"""Why Fear moved: the reasons of the Daggerheart GM text, as the ledger records them."""

from __future__ import annotations

from collections.abc import Iterable

from encounter_app.domain.rows import FearEventRow

# Gains (core GM mechanics, "Using Fear"): a PC rolls with Fear, the PCs rest, an effect says so.
GAIN_REASONS: dict[str, str] = {
    "roll_with_fear": "A PC rolled with Fear",
    "short_rest": "Short rest (1d4)",
    "long_rest": "Long rest (1d4 + number of PCs)",
    "effect": "An ability or effect",
    "other_gain": "Other gain",
}

# Gains that come from a rest, rolled by the rules (never a plain +1 from the Fear tracker).
REST_REASONS = frozenset({"short_rest", "long_rest"})

# Spends: the text's five uses, and a plain correction for a mis-click.
SPEND_REASONS: dict[str, str] = {
    "interrupt": "Interrupt the players and make a move",
    "extra_move": "Make an additional GM move",
    "adversary_feature": "Use an adversary's Fear feature",
    "environment_feature": "Use an environment's Fear feature",
    "experience": "Add an adversary's Experience to a roll",
    "other_spend": "Other spend",
}


# Moves the program makes, not offered in the +/- menus.
OTHER_REASONS: dict[str, str] = {
    "imported": "Set by an imported encounter",
    "new_scene": "A new scene begins",
}

# Lines after which the scene's Fear is counted again (core GM mechanics, "Using Fear": how
# much to spend in a scene). A rest ends the scene; so does the GM's New scene, a ledger line
# that moves no Fear. A rest at the cap of 12 gains nothing and records its rest all the same.
SCENE_STARTS = REST_REASONS | {"new_scene"}


def reason_label(reason: str) -> str:
    return (GAIN_REASONS.get(reason) or SPEND_REASONS.get(reason) or OTHER_REASONS.get(reason)
            or reason)


def default_reason(change: int) -> str:
    return "other_gain" if change > 0 else "other_spend"


def spent_in_scene(ledger: Iterable[FearEventRow], encounter_id: int | None) -> int:
    """The Fear spent in ``encounter_id`` since the newest scene start (a rest or New scene,
    in any encounter of the campaign): what the scene-intensity guide counts."""
    lines = sorted(ledger, key=lambda e: e.id if e.id is not None else 0)
    start = max((i for i, e in enumerate(lines) if e.reason in SCENE_STARTS), default=-1)
    return sum(-e.change for e in lines[start + 1:]
               if e.encounter_id == encounter_id and e.change < 0)
