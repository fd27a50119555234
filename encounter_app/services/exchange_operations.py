"""File › Import and Export on the store's side, for the window (ui/exchange/actions.py asks the
GM; this does): a file's adversaries put in the library, an encounter or a campaign recreated,
and what an export writes read from the store.

Each import is one transaction (store/exchange.py): the adversaries and a campaign as the first
redo of their undo step (services/exchange_commands.py), as every GM action, so a failure is
said and leaves nothing, neither in the file nor on the stack; an encounter on its own, then
opened in the window. The readers and the store's exchange load with the first
import or export, not at start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from encounter_app.domain import CampaignRow, EncounterRow, StatBlock, TemplateRow
from encounter_app.domain.rows import stored_id
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.operations import Operations, Say
from encounter_app.services.undo import UndoStack
from encounter_app.store import Store, StoreError

if TYPE_CHECKING:
    from encounter_app.exchange.campaign_file import CampaignFile
    from encounter_app.exchange.encounter_file import EncounterFile
    from encounter_app.exchange.reader import Parsed
    from encounter_app.store.exchange import Choice, Duplicate, LibraryImport

#: Told how far a long write has come (done, total); raises to stop it (the GM's Cancel).
Tick = Callable[[int, int], None]


@dataclass(frozen=True)
class Added:
    """What adding stat blocks came to: ``applied`` (with the templates' ids) when it was
    kept, None when nothing was written; ``message`` says which, for the window."""

    applied: LibraryImport | None
    message: str


class ExchangeOperations(Operations):
    """Imports into ``store`` beside the open fight's ``session``, and what exports read."""

    def __init__(self, store: Store, session: EncounterSession, undo_stack: UndoStack,
                 say: Say) -> None:
        super().__init__(undo_stack, say)
        self.store, self.session = store, session

    # -- import -----------------------------------------------------------------------------

    def duplicates(self, blocks: Sequence[StatBlock]) -> list[Duplicate]:
        """The file's adversaries the library already has, for the GM to choose about."""
        from encounter_app.store.exchange import find_duplicates

        return find_duplicates(self.store, blocks)

    def plan_templates(self, parsed: Parsed, choices: dict[int, Choice]) -> LibraryImport:
        """What importing the file's adversaries will do (each duplicate as ``choices``
        says), nothing written yet."""
        from encounter_app.store.exchange import plan_import

        return plan_import(self.store, parsed.adversaries, parsed.template_source, choices)

    def import_templates(self, parsed: Parsed, plan: LibraryImport, tick: Tick,
                         changed: Callable[[], None]) -> LibraryImport | None:
        """The ``plan`` of the file's adversaries into the library, one undo step whose first
        redo is the one transaction; ``changed`` is told whenever the library changes (then,
        and on each undo and redo). None when the store refused it (the stack said why);
        ``tick``'s exception (the GM's Cancel, a ``Stopped``) comes through, with nothing
        written and nothing pushed."""
        from encounter_app.services.exchange_commands import ImportTemplates

        command = ImportTemplates(self.store, plan, parsed.source, changed, tick)
        return command.applied if self.run(lambda: command) else None

    def add_stat_blocks(self, blocks: Sequence[StatBlock], source: str,
                        choices: dict[int, Choice], changed: Callable[[], None]) -> Added:
        """Stat blocks the GM wrote or pasted (Library › Paste stat blocks…) into the library
        as one undo step, each duplicate as ``choices`` says (``duplicates`` finds them); the
        library's Source column says ``source``. Every block is checked first, as every import
        checks its stat blocks (``exchange.statblock.check``): one that does not hold refuses
        them all, nothing written; so does the disk. ``changed`` as ``import_templates``'."""
        from encounter_app.exchange.problems import Collector, Problem
        from encounter_app.exchange.statblock import check
        from encounter_app.services.exchange_commands import ImportTemplates
        from encounter_app.store.exchange import plan_import

        if not blocks:
            return Added(None, "Nothing to add: no stat block was read.")
        problems: list[Problem] = []
        for number, block in enumerate(blocks, 1):
            check(block, Collector(problems, number, block.name, "stat block"))
        if problems:
            return Added(None, f"Nothing was added: {problems[0]}")
        plan = plan_import(self.store, blocks, source, choices)
        added = len(plan.inserted) + len(plan.replaced)
        if not added:
            return Added(None, f"Nothing was added: the {_blocks(len(blocks))} "
                               f"{'is' if len(blocks) == 1 else 'are'} already in the library "
                               f"and you chose to skip {'it' if len(blocks) == 1 else 'them'}.")
        refusals: list[str] = []

        def refused(text: str) -> None:  # the stack says why a write failed: said here too
            refusals.append(text)

        command = ImportTemplates(self.store, plan, source, changed)
        command.setText(f"Add {_blocks(added)} from {source}")
        self.undo_stack.refused.connect(refused)
        try:
            kept = self.run(lambda: command)
        finally:
            self.undo_stack.refused.disconnect(refused)
        if not kept:
            return Added(None, "Nothing was added: " + (refusals[0] if refusals
                                                        else "the library refused it."))
        message = (f"Added {_blocks(added)} to the library from {source}"
                   f"{command.applied.summary}; Undo takes {'it' if added == 1 else 'them'} back.")
        self.say(message)
        return Added(command.applied, message)

    def import_encounter(self, parsed: Parsed) -> EncounterRow | None:
        """The file's encounter as a new one of the open fight's campaign (one transaction);
        None, said, when the disk refused it. ``ImportRefused`` (another system's encounter)
        comes through with its problems, nothing written."""
        from encounter_app.importing import import_encounter

        try:
            return import_encounter(self.store, parsed, self.session.campaign.id)
        except StoreError as exc:  # the disk refused it: the one transaction was rolled back
            self.say(f"Nothing was imported from {parsed.source}: {exc}", error=True)
            return None

    def import_campaign(self, parsed: Parsed, arrived: Callable[[int], None],
                        left: Callable[[int], None]) -> CampaignRow | None:
        """The file's campaign, beside the open one: one undo step whose first redo is the one
        transaction; ``arrived(id)`` when it is there (then, and on each redo), ``left(id)``
        when an undo takes it away. None when the store refused it (the stack said why)."""
        from encounter_app.services.exchange_commands import ImportCampaign

        campaign_file = parsed.campaign
        assert campaign_file is not None  # a file of kind "campaign" has one (exchange/reader.py)
        command = ImportCampaign(self.store, campaign_file, arrived, left)
        return command.row if self.run(lambda: command) else None

    # -- what an export writes ----------------------------------------------------------------

    def templates(self) -> list[TemplateRow]:
        """The library's adversaries, to pick from."""
        return self.store.templates()

    def encounter_file(self) -> EncounterFile:
        """The open encounter as its file holds it."""
        from encounter_app.store.exchange import encounter_file

        return encounter_file(self.store, self.session.encounter_id)

    def campaign_file(self) -> CampaignFile:
        """The open fight's campaign, with its party, notes and every encounter."""
        from encounter_app.store.exchange import campaign_file

        return campaign_file(self.store, stored_id(self.session.campaign))


def _blocks(number: int) -> str:
    return f"{number} stat block{'' if number == 1 else 's'}"
