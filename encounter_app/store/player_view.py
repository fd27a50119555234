"""The store's queries for what the players may see, kept out of store.py (a mixin of Store).

Countdowns carry their ``visible`` flag in the row (``update_countdown`` writes it with the rest);
a roll's ``public`` flag changes on its own, long after the roll was logged.
"""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager

from encounter_app.store.sql import _changed


class PlayerViewQueries:
    def _transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        raise NotImplementedError  # Store's own

    def set_roll_public(self, roll_id: int, public: bool) -> None:
        """Show a roll on the player display, or take it off. KeyError if there is none."""
        with self._transaction() as c:
            _changed(c.execute("UPDATE roll_record SET public = ? WHERE id = ?",
                               (public, roll_id)), "roll_record", roll_id)
