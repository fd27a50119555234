"""The campaign's optional rules (its Rules page): one switch or number changed is one undo step.

The store keeps them in the campaign's row; the open encounter's session follows at once when
it is that campaign's, so the fight plays by them from the next action on.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain.optional_rules import RULES, RuleOptions
from encounter_app.domain.rows import stored_id
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.fight.session import EncounterSession


class SetRuleOptions(QUndoCommand):
    """A campaign's optional rules before and after."""

    def __init__(self, book: CampaignBook, session: EncounterSession, campaign_id: int,
                 new: RuleOptions, text: str) -> None:
        super().__init__(text)
        self._book, self._session, self._id = book, session, campaign_id
        self._old = book.campaigns.by_id(campaign_id).options
        self._new = new

    def _set(self, options: RuleOptions) -> None:
        campaign = self._book.campaigns.by_id(self._id)
        self._book.update_campaign(replace(campaign, options=options))
        if self._session.campaign.id == self._id:
            self._session.set_options(options)

    def redo(self) -> None:
        self._set(self._new)

    def undo(self) -> None:
        self._set(self._old)


def switch_text(title: str, on: bool, campaign: str) -> str:
    return f"{title} {'on' if on else 'off'} for {campaign}"


def set_option(book: CampaignBook, session: EncounterSession, key: str,
               value: bool | int) -> SetRuleOptions | None:
    """The viewed campaign's rule ``key`` set to ``value``; None when it already is."""
    campaign = book.campaign
    now = campaign.options
    if getattr(now, key) == value:
        return None
    new = RuleOptions.from_json({**now.to_json(), key: value})
    if key == "spotlight_tokens":
        text = f"Spotlight tokens per PC: {value} for {campaign.name}"
    else:
        title = next(r.title for r in RULES if r.key == key)
        text = switch_text(title, bool(value), campaign.name)
    return SetRuleOptions(book, session, stored_id(campaign), new, text)
