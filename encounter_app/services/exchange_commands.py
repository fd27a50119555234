"""Undo for File › Import: the adversaries a file added go, the templates it replaced come back;
a campaign a file added goes, with everything in it.

The import is written before the command is pushed (so a failure is reported and nothing is on
the stack); the command's first redo therefore does nothing, later ones write it again with the
same ids, so anything that remembers a template id still finds it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from encounter_app.domain.rows import stored_id
from encounter_app.exchange.campaign_file import CampaignFile
from encounter_app.store import Store
from encounter_app.store.exchange import (
    LibraryImport,
    apply_import,
    recreate_campaign,
    revert_import,
)


class ImportTemplates(QUndoCommand):
    def __init__(self, store: Store, applied: LibraryImport, source: str,
                 changed: Callable[[], None]) -> None:
        count = len(applied.inserted) + len(applied.replaced)
        super().__init__(f"Import {count} adversar{'y' if count == 1 else 'ies'} from {source}")
        self._store, self._plan, self._changed = store, applied, changed
        self._written = True

    def redo(self) -> None:
        if not self._written:
            self._plan = apply_import(self._store, self._plan)
            self._written = True
            self._changed()

    def undo(self) -> None:
        revert_import(self._store, self._plan)
        self._written = False
        self._changed()


class ImportCampaign(QUndoCommand):
    """``arrived(id)`` after the campaign is (made) there, ``left(id)`` after it is gone; a
    redo makes it again from the file, with new ids (nothing points at an undone campaign)."""

    def __init__(self, store: Store, campaign: CampaignFile, campaign_id: int,
                 arrived: Callable[[int], None], left: Callable[[int], None]) -> None:
        super().__init__(f"Import the campaign {campaign.name}")
        self._store, self._file, self._id = store, campaign, campaign_id
        self._arrived, self._left = arrived, left
        self._written = True
        self._created_at: str | None = None  # set by the undo: a redo keeps the creation date

    def redo(self) -> None:
        if not self._written:
            self._id = stored_id(recreate_campaign(self._store, self._file, self._created_at))
            self._written = True
            self._arrived(self._id)

    def undo(self) -> None:
        self._created_at = self._store.delete_campaign(self._id)
        self._written = False
        self._left(self._id)
