"""The store's queries for what the players may see, kept out of store.py (a mixin of Store).

Countdowns carry their ``visible`` flag in the row (``update_countdown`` writes it with the rest);
a roll's ``public`` flag changes on its own, long after the roll was logged.
"""

from __future__ import annotations

from contextlib import AbstractContextManager

from sqlmodel import Session

from encounter_app.store.sql import _get
from encounter_app.store.tables import RollRecord


class PlayerViewQueries:
    def _transaction(self) -> AbstractContextManager[Session]:
        raise NotImplementedError  # Store's own

    def set_roll_public(self, roll_id: int, public: bool) -> None:
        """Show a roll on the player display, or take it off. KeyError if there is none."""
        with self._transaction() as session:
            _get(session, RollRecord, roll_id).public = public
