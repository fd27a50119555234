"""The Daggerheart SRD's optional rules a campaign can turn on, and the words the Rules page shows.

A campaign keeps its choice as :class:`RuleOptions` (stored as JSON in ``campaign.options``,
every rule off by default). Pure data: the fight reads it from the session's campaign row.
What each rule does is done where the fight does it: Massive Damage in
``adversaries.damage_to`` and ``pc_tracks.hit_on``, the Spotlight Tracker in
``spotlight_tokens.py``, the GM turn's price in ``services/fight/adversary_operations.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.json_data import JsonObject

TOKENS_RECOMMENDED = 3
TOKENS_MIN, TOKENS_MAX = 1, 9


@fields_repr
@dataclass(frozen=True, repr=False)
class RuleOptions:
    """Which optional rules a campaign plays with."""

    massive_damage: bool = False
    spotlight_tracker: bool = False
    spotlight_tokens: int = TOKENS_RECOMMENDED  # tokens per PC per scene
    gm_turn_price: bool = False

    def to_json(self) -> JsonObject:
        """Only what differs from the defaults: a campaign with every rule off stores ``{}``,
        as one from before the rules did."""
        default = RuleOptions()
        return {key: value for key, value in (
            ("massive_damage", self.massive_damage),
            ("spotlight_tracker", self.spotlight_tracker),
            ("spotlight_tokens", self.spotlight_tokens),
            ("gm_turn_price", self.gm_turn_price)) if value != getattr(default, key)}

    @classmethod
    def from_json(cls, data: object) -> RuleOptions:
        """What a stored campaign says; anything missing or not understood is the default
        (off, 3 tokens), so an older file or a hand-edited one still opens."""
        found: Mapping[str, object] = data if isinstance(data, Mapping) else {}

        def flag(key: str) -> bool:
            value = found.get(key)
            return value if isinstance(value, bool) else False

        tokens = found.get("spotlight_tokens")
        if isinstance(tokens, bool) or not isinstance(tokens, int):
            tokens = TOKENS_RECOMMENDED
        return cls(massive_damage=flag("massive_damage"),
                   spotlight_tracker=flag("spotlight_tracker"),
                   spotlight_tokens=min(TOKENS_MAX, max(TOKENS_MIN, tokens)),
                   gm_turn_price=flag("gm_turn_price"))


@fields_repr
@dataclass(frozen=True, repr=False)
class RuleText:
    """One optional rule as the Rules page shows it: its switch's key, title and the SRD words."""

    key: str
    title: str
    words: str


# The SRD's words (shared/rules/NOTES.md, SRD 1.0 pages 36-40, 100-101).
RULES: tuple[RuleText, ...] = (
    RuleText("massive_damage", "Massive Damage",
             "Damage of at least twice the Severe threshold marks 4 HP instead of 3."),
    RuleText("spotlight_tracker", "Spotlight Tracker",
             "At the start of a session or scene each player puts a number of tokens (3 "
             "recommended) on their sheet and removes one each time they take an action. The "
             "spotlight never swings to someone with no tokens left; when every player has "
             "used all theirs, everyone refills."),
    RuleText("gm_turn_price", "The GM turn's price",
             "On a GM turn, making an additional GM move costs a Fear, as does spotlighting an "
             "adversary beyond the one the turn brings; Relentless (X) lets one adversary be "
             "spotlighted up to X times per GM turn (\"spend Fear as usual\")."),
)
