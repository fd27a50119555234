"""Why Fear moved: the reasons of the Daggerheart GM text, as the ledger records them."""

from __future__ import annotations

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
}


def reason_label(reason: str) -> str:
    return (GAIN_REASONS.get(reason) or SPEND_REASONS.get(reason) or OTHER_REASONS.get(reason)
            or reason)


def default_reason(change: int) -> str:
    return "other_gain" if change > 0 else "other_spend"
