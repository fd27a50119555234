"""The players' rolls from their phones, waiting for the GM, in every system: the inbox behind
the *Players' rolls* tab.

A roll comes from the players' page (services/players_page.py) as a plain ``PhoneSubmission``
for the character that phone holds. It is checked against that character's form (the system's
``phone_forms``), its dice rolled on the rules thread when the player asked for that, and kept
in the store (store/phone.py), so a restart loses none. It waits until the GM accepts it (the
system's ``phone_record`` and the inbox's own change: one undo step) or sets it aside (one undo
step). Every change says which character's rolls changed (``changed``), for the page to send that
phone its history; a roll not taken is answered at once (``refused``).

A cap on the whole inbox and a limit per character (not per page or socket) keep a flood out.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from encounter_app.domain.player_rolls import PhoneForm, PhoneResult, PhoneRoll, PhoneSubmission

TITLE = "Players' rolls"
INBOX_CAP = 60  # rolls waiting in all
PER_CHARACTER = 3  # rolls one character may have waiting


class PhoneInbox(QObject):
    """The rolls waiting for the open encounter's GM, oldest first."""

    changed = Signal(str)  # the character whose rolls changed; "" when any may have
    refused = Signal(str, str)  # (page, words): a roll that was not taken, for that page

    @property
    def waiting(self) -> tuple[PhoneRoll, ...]:
        raise NotImplementedError

    def form_of(self, roll: PhoneRoll) -> PhoneForm | None:
        """The form ``roll`` was sent with, as its character's system offers it now."""
        raise NotImplementedError

    def history(self, name: str) -> tuple[PhoneRoll, ...]:
        """The newest rolls of the character called ``name`` (at most ``HISTORY``)."""
        raise NotImplementedError

    def receive(self, submission: PhoneSubmission) -> None:
        """A roll from a phone (on the GUI thread)."""
        raise NotImplementedError

    def preview(self, roll_id: int, gm_value: int) -> PhoneResult:
        """What accepting the roll against ``gm_value`` would record."""
        raise NotImplementedError

    def accept(self, roll_id: int, gm_value: int) -> bool:
        """Record the roll (one undo step); False, said, when it was not kept."""
        raise NotImplementedError

    def set_aside(self, roll_id: int) -> bool:
        """Off the inbox unrecorded (one undo step); the phone hears so."""
        raise NotImplementedError

    def set_aside_all(self) -> int:
        """Every waiting roll set aside, one undo step; how many."""
        raise NotImplementedError

    def record_typed(self, submission: PhoneSubmission, gm_value: int) -> bool:
        """A roll the GM typed for a player without a phone (its dice given): recorded at
        once, one undo step."""
        raise NotImplementedError
