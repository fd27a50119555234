"""Move to another tier, from wherever the GM meets a stat block: a library entry (its context
menu), an adversary's card in the fight (its menu), the fight's environment (Encounter menu)
and a planned adversary in the encounter builder (its right-click menu).

Each opens the preview (ui/library/tier_dialog.py, loaded when first opened) and hands the GM's
answer to the library's operations (services/library/operations.py): one undo step, said in the
status line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from encounter_app.domain import EnvironmentBlock, EnvironmentRow, StatBlock, TemplateRow
from encounter_app.systems.daggerheart.services.library.operations import LibraryOperations

if TYPE_CHECKING:
    from encounter_app.systems.daggerheart.services.library.tier_moves import BlockT
    from encounter_app.systems.daggerheart.ui.library.builder import BuilderDialog
    from encounter_app.systems.daggerheart.ui.library.panel import AdversaryPage, EnvironmentPage
    from encounter_app.systems.daggerheart.ui.library.tier_dialog import TierMoveDialog

MENU_TEXT = "Mo&ve to another tier…"
TIP = ("Move it to another tier by the SRD's benchmarks: see the new numbers beside the old, "
       "edit any of them, then keep it")


class TierActions(QObject):
    def __init__(self, window: QWidget, operations: LibraryOperations) -> None:
        super().__init__(window)
        self._window, self._operations = window, operations
        self._session, self._holder = operations.session, operations.holder
        self.last_dialog: TierMoveDialog | None = None  # for tests: the preview last opened

    # -- the preview ----------------------------------------------------------------------------

    def _ask(self, original: BlockT, targets: Sequence[tuple[str, str]],
             taken: Sequence[str]) -> tuple[str, BlockT] | None:
        """(target, moved block) as the GM accepted it, or None when cancelled; the moved
        block is the original's kind."""
        from encounter_app.systems.daggerheart.services.library import tier_moves
        from encounter_app.systems.daggerheart.ui.library.tier_dialog import (
            TierMoveDialog,  # see ui/__init__.py
        )

        dialog = TierMoveDialog(original, targets, taken, self._window)
        self.last_dialog = dialog
        accepted = dialog.exec() == dialog.DialogCode.Accepted
        answer = ((dialog.target(), tier_moves.block_from(original, dialog.stats_json()))
                  if accepted else None)
        dialog.deleteLater()
        self.last_dialog = None
        return answer

    def _names(self, environments: bool = False) -> list[str]:
        library = self._operations.library
        shelf = library.environments if environments else library.templates
        return [row.stats.name for row in shelf.rows]

    def _new_entry(self, moved: StatBlock | EnvironmentBlock, old_tier: int) -> int | None:
        """The moved block as a new library entry; its id, or None when the step failed."""
        return self._operations.tier_new_entry(moved, old_tier)

    # -- from the library -----------------------------------------------------------------------

    def entry(self, row: TemplateRow | EnvironmentRow) -> int | None:
        """Move a library entry; the moved copy is a new entry (the id), the old one stays."""
        targets = [("library", "A new library entry (this one stays as it is)")]
        answer: tuple[str, StatBlock | EnvironmentBlock] | None
        if isinstance(row, EnvironmentRow):
            answer = self._ask(row.stats, targets, self._names(environments=True))
        else:
            answer = self._ask(row.stats, targets, self._names())
        if answer is None:
            return None
        return self._new_entry(answer[1], row.stats.tier)

    def install_page(self, page: AdversaryPage | EnvironmentPage) -> QAction:
        """The entry's context menu gets Move to another tier; the new entry is selected."""
        action = QAction(MENU_TEXT, page, objectName=f"{page.shelf.noun}TierMoveAction",
                         toolTip=TIP, statusTip=TIP)

        def run() -> None:
            current = page.current()
            if current is not None and (new_id := self.entry(current)) is not None:
                page.select_id(new_id)

        action.triggered.connect(run)
        page.add_entry_action(action)
        return action

    # -- from the fight -------------------------------------------------------------------------

    def card(self, combatant_id: int) -> bool:
        """Move one adversary of the fight: only it changes, or a new library entry is made
        (the fight is left as it is)."""
        row = self._session.combatants.by_id(combatant_id)
        if row.stats is None:
            return False
        answer = self._ask(row.stats, [("fight", f"Only {row.name}, in this fight"),
                                       ("library", "A new library entry (the fight stays as "
                                                   "it is)")],
                           self._names())
        if answer is None:
            return False
        target, moved = answer
        if target == "library":
            return self._new_entry(moved, row.stats.tier) is not None
        return self._operations.tier_in_fight(combatant_id, moved)

    def fight_environment(self) -> bool:
        block = self._holder.block
        if block is None:
            return False
        answer = self._ask(block, [("fight", "This fight's environment"),
                                   ("library", "A new library entry (the fight's stays as it "
                                               "is)")],
                           self._names(environments=True))
        if answer is None:
            return False
        target, moved = answer
        if target == "library":
            return self._new_entry(moved, block.tier) is not None
        return self._operations.tier_environment(moved)

    # -- from the builder -----------------------------------------------------------------------

    def install_builder(self, builder: BuilderDialog) -> QAction:
        """The builder's plan: right-click a planned adversary to move it (a draft: the plan
        line changes, or a new library entry is made and planned instead)."""
        view = builder.plan_view
        action = QAction(MENU_TEXT, view, objectName="builderTierMoveAction", toolTip=TIP,
                         statusTip=TIP)
        action.triggered.connect(lambda: self.planned(builder))
        view.addAction(action)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        return action

    def planned(self, builder: BuilderDialog) -> bool:
        rows = builder.plan_view.selectionModel().selectedRows()
        if not rows:
            return False
        position = rows[0].row()
        planned = builder.plan_model.plan[position]
        answer = self._ask(planned.stats, [("plan", "Only in this plan"),
                                           ("library", "A new library entry, planned instead")],
                           self._names())
        if answer is None:
            return False
        target, moved = answer
        template_id = None
        if target == "library":
            template_id = self._new_entry(moved, planned.stats.tier)
            if template_id is None:
                return False
        builder.plan_model.remove(position)
        builder.plan_model.add(TemplateRow(template_id, moved, source="own"), planned.count)
        builder.plan_view.selectRow(len(builder.plan_model.plan) - 1)
        self._operations.say(f"{moved.name} planned at tier {moved.tier}.")
        return True
