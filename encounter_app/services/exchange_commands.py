"""Undo for File › Import, each one undo step whose first redo writes the import (one
transaction: the stack's unit, services/undo.py), as every GM action is: the adversaries a file
added go again, the templates it replaced come back; a campaign a file added goes, with
everything in it.

A failure writes nothing and pushes nothing (the stack says why); the GM's Cancel of a long
import is the stack's ``Stopped``, rolled back and raised to the caller. Later redos write the
adversaries again with the same ids, so anything that remembers a template id still finds it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from encounter_app.domain.rows import CampaignRow, stored_id
from encounter_app.exchange.campaign_file import CampaignFile
from encounter_app.exchange.fields import Progress
from encounter_app.store import Store
from encounter_app.store.exchange import (
    LibraryImport,
    apply_import,
    recreate_campaign,
    revert_import,
)


class ImportTemplates(QUndoCommand):
    """``plan`` into the library; ``applied`` is it with the templates' ids once done.
    ``progress`` is told how far the first redo has come (and may stop it); ``changed`` after
    every redo and undo."""

    def __init__(self, store: Store, plan: LibraryImport, source: str,
                 changed: Callable[[], None], progress: Progress | None = None) -> None:
        count = len(plan.inserted) + len(plan.replaced)
        super().__init__(f"Import {count} adversar{'y' if count == 1 else 'ies'} from {source}")
        self._store, self.applied, self._changed = store, plan, changed
        self._progress = progress

    def redo(self) -> None:
        # The progress dialog is the first import's; it is gone by the time of a redo.
        progress, self._progress = self._progress, None
        self.applied = apply_import(self._store, self.applied, progress)
        self._changed()

    def undo(self) -> None:
        revert_import(self._store, self.applied)
        self._changed()


class ImportCampaign(QUndoCommand):
    """``campaign`` as a new campaign (``row`` once done); ``arrived(id)`` after each redo,
    ``left(id)`` after each undo. A redo makes it again from the file with new ids (nothing
    points at an undone campaign) and the creation time it first had."""

    def __init__(self, store: Store, campaign: CampaignFile, arrived: Callable[[int], None],
                 left: Callable[[int], None]) -> None:
        super().__init__(f"Import the campaign {campaign.name}")
        self._store, self._file = store, campaign
        self._arrived, self._left = arrived, left
        self.row: CampaignRow | None = None
        self._created_at: str | None = None  # set by the undo: a redo keeps the creation date

    def redo(self) -> None:
        self.row = recreate_campaign(self._store, self._file, self._created_at)
        self._arrived(stored_id(self.row))

    def undo(self) -> None:
        assert self.row is not None, "undone after its redo"
        self._created_at = self._store.delete_campaign(stored_id(self.row))
        self._left(stored_id(self.row))
