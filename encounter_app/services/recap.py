"""A recap of an encounter or of a game session, in the GM's version or the players'.

CONTRACT (the window, the campaign view and the players' page call it; the full recap is being
written: for now it names the encounter and its rounds only):

- ``Recaps(store, systems)``: built once beside the store; every method reads, none writes.
- ``encounter(encounter_id, players=...)`` and ``session(campaign_id, session_number,
  players=...)`` answer a ``RecapText``: the same recap as Markdown and as a printable HTML
  page (a whole document, styles inline, nothing fetched from the network).
- ``players=True`` is the players' version: only what the players saw (the player display's
  and the page's own ``player_view``): no hidden combatant, no GM-only countdown, no roll that
  was not shown, no Difficulty.
- ``last_for_players(campaign_id)``: the players' version of the newest finished encounter of
  the campaign (the players' page's "Last session"), or None when none is finished.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.store import Store


@dataclass(frozen=True)
class RecapText:
    title: str  # "Recap: The Bridge (session 3)"
    markdown: str
    html: str


class Recaps:
    def __init__(self, store: Store, systems: Catalog[SystemRules]) -> None:
        self._store = store
        self._systems = systems

    def encounter(self, encounter_id: int, *, players: bool) -> RecapText:
        row = self._store.encounter(encounter_id)
        title = f"Recap: {row.name}"
        body = f"{row.round} round{'s' if row.round != 1 else ''}"
        return RecapText(title, f"# {title}\n\n{body}\n",
                         f"<!doctype html><title>{html.escape(title)}</title>"
                         f"<h1>{html.escape(title)}</h1><p>{html.escape(body)}</p>")

    def session(self, campaign_id: int, session_number: int, *, players: bool) -> RecapText:
        title = f"Recap: session {session_number}"
        return RecapText(title, f"# {title}\n", f"<!doctype html><h1>{html.escape(title)}</h1>")

    def last_for_players(self, campaign_id: int) -> RecapText | None:
        done = [entry for entry in self._store.encounter_entries(campaign_id)
                if entry.status == "done"]
        if not done:
            return None
        entry = done[-1]
        assert entry.id is not None
        return self.encounter(entry.id, players=True)
