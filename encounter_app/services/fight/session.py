"""EncounterSession: the open encounter's state, kept in step with the store.

Every method writes to the store first (one transaction) and only then changes the in-memory
lists, which announce the change to the Qt models. A failed write changes nothing on screen.
The methods are the primitives that undo commands call; they make no decisions of their own.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, Signal

from encounter_app.domain import CombatantRow, CountdownRow, FearEventRow, RollRow
from encounter_app.domain.adversaries import next_in_order
from encounter_app.domain.campaign_rows import EncounterEntry
from encounter_app.domain.fear import spent_in_scene
from encounter_app.domain.optional_rules import RuleOptions
from encounter_app.domain.rows import FightEventRow, damaged_roll, stored_id
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.domain.system_data import SystemData
from encounter_app.rules.daggerheart import FearPool
from encounter_app.services.rowlist import RowList
from encounter_app.store import Store
from encounter_app.store.errors import RowUnreadable

ROLL_PAGE = 30  # rolls read from the store at a time; the sidebar shows about ten


def unreadable_rest(exc: RowUnreadable) -> RollRow:
    """The last line of a log whose older rolls SQLite cannot read. Id 0: the log's ids start
    at 1, so it is none of them, and it stays below them all."""
    return damaged_roll(0, f"The older rolls cannot be read ({exc.detail})")


class EncounterSession(QObject):
    turn_changed = Signal()  # active combatant or round
    fear_changed = Signal(int)
    scene_changed = Signal()  # scene intensity, or Fear spent in this scene
    options_changed = Signal()  # the campaign's optional rules (its Rules page)
    # The encounter's entry in its campaign's list changed: finished, reopened, renamed (the
    # EncounterEntry as it is now).
    entry_changed = Signal(object)

    def __init__(self, store: Store, encounter_id: int, systems: Catalog[SystemRules],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.encounter = store.encounter(encounter_id)
        self.campaign = store.campaign(self.encounter.campaign_id)
        self.systems = systems
        #: The campaign's rule system: what the fight's rows and rolls mean.
        self.system: SystemRules = systems.get(self.campaign.system)
        self.combatants = RowList(store.combatants(encounter_id), self)
        self.countdowns = RowList(store.countdowns(encounter_id), self)
        # Newest first, and only the newest page until the log is scrolled (fetch_more_rolls).
        self.rolls: RowList[RollRow] = RowList((), self)
        self._more_rolls = True
        self._rolls_from: int | None = None  # every roll from this id up is in self.rolls
        self._opened = False  # a page SQLite cannot read stops the opening (launch)
        self.fetch_more_rolls()
        self._opened = True
        # Newest first.
        self.fear_ledger = RowList(store.fear_ledger(stored_id(self.campaign)), self)
        self._fear = self.campaign.fear
        self._active_id = self.encounter.active_combatant_id
        self._round = self.encounter.round
        self._finished = self.entry().status == "done"
        # What the GM action under way (one store unit) has logged so far: its rolls' actors
        # and its defeats whose attacker no roll has named yet (the event log, below).
        self._step: tuple[int, list[tuple[str, int | None]], list[FightEventRow]] = (-1, [], [])

    def reload(self) -> None:
        """Read everything again from the store: a failed action was rolled back there, and
        whatever it had changed here before it failed goes back with it."""
        store, encounter_id = self.store, self.encounter_id
        self.encounter = store.encounter(encounter_id)
        self.campaign = store.campaign(self.encounter.campaign_id)
        self.combatants.sync(store.combatants(encounter_id))
        self.countdowns.sync(store.countdowns(encounter_id))
        shown = max(len(self.rolls), ROLL_PAGE)
        try:
            rolls = store.rolls(encounter_id, shown)
            self._more_rolls = len(rolls) == shown
        except RowUnreadable as exc:
            rolls, self._more_rolls = [unreadable_rest(exc)], False
        self._rolls_from = rolls[-1].id if rolls else None
        self.rolls.sync(rolls)
        self.fear_ledger.sync(store.fear_ledger(stored_id(self.campaign)))
        self._active_id = self.encounter.active_combatant_id
        self._round = self.encounter.round
        self.turn_changed.emit()
        self._set_fear_value(self.campaign.fear)
        self.options_changed.emit()
        entry = self.entry()
        if (entry.status == "done") != self._finished:
            self._finished = entry.status == "done"
            self.entry_changed.emit(entry)

    def set_options(self, options: RuleOptions) -> None:
        """The campaign's optional rules changed (the campaign view wrote them to the store)."""
        self.campaign = replace(self.campaign, options=options)
        self.options_changed.emit()

    @property
    def encounter_id(self) -> int:
        return self.encounter.id

    # -- the encounter in its campaign's list: finished or not ----------------------------------

    def entry(self) -> EncounterEntry:
        """The encounter's entry in its campaign's list (its status, note, summary), as stored."""
        return next(e for e in self.store.encounter_entries(self.encounter.campaign_id)
                    if e.id == self.encounter_id)

    def update_encounter(self, entry: EncounterEntry) -> None:
        """Write the encounter's entry (finished with its summary, reopened...); the campaign
        view's list follows ``entry_changed``."""
        self.store.update_encounter_entry(entry)
        self._finished = entry.status == "done"
        self.entry_changed.emit(entry)

    @property
    def finished(self) -> bool:
        """The GM finished this encounter: it takes no fight action until it is reopened."""
        return self._finished

    def closed_reason(self) -> str:
        """Why no fight action can be taken now ("" when one can): the one refusal every fight
        operation and roll passes through (services/operations.py, services/rolls/roller.py)."""
        if not self._finished:
            return ""
        name = self.store.encounter(self.encounter_id).name  # renamed since it opened, maybe
        return (f"{name} is finished: Encounter › Reopen encounter to take turns, roll or "
                "change anything in it again.")

    # -- turn order -------------------------------------------------------------------------

    @property
    def active_id(self) -> int | None:
        return self._active_id

    @property
    def round(self) -> int:
        return self._round

    def set_turn(self, active_id: int | None, round_: int) -> None:
        self.store.set_turn(self.encounter_id, active_id, round_)
        self._active_id, self._round = active_id, round_
        self.turn_changed.emit()

    def next_turn(self) -> tuple[int | None, int]:
        """Who has the spotlight after the active combatant, and in which round.

        Defeated adversaries are skipped; passing the end of the order starts a new round.
        With nobody active yet, the first combatant starts round ``round``.
        """
        return next_in_order(list(self.combatants), self._active_id, self._round,
                             lambda r: not r.defeated)

    @property
    def system_state(self) -> SystemData:
        """The encounter's turn state in the campaign's system (round zero, who attacked...)."""
        return self.encounter.system_state

    def set_system_state(self, state: SystemData) -> None:
        self.encounter = replace(self.encounter,
                                 system_state=self.store.set_system_state(self.encounter_id, state))
        self.turn_changed.emit()

    # -- combatants -------------------------------------------------------------------------

    def add_combatant(self, row: CombatantRow, position: int | None = None) -> CombatantRow:
        position = len(self.combatants) if position is None else position
        stored = self.store.insert_combatant(self.encounter_id, row, position)
        self.combatants.insert(position, stored)
        return stored

    def remove_combatant(self, row: int) -> CombatantRow:
        removed = self.combatants[row]
        self.store.remove_combatant(stored_id(removed))
        self.combatants.pop(row)
        if removed.id == self._active_id:
            self._active_id = None
            self.turn_changed.emit()
        return removed

    def move_combatant(self, source: int, destination: int) -> None:
        self.store.move_combatant(self.encounter_id, source, destination)
        self.combatants.move(source, destination)

    def update_combatant(self, row: CombatantRow) -> None:
        """Write a combatant's new state (marks, conditions, tokens...) as the row has it."""
        stored = self.store.update_combatant(row)
        self.combatants.replace(self.combatants.index_of(row.id), stored)

    # -- Fear -------------------------------------------------------------------------------

    @property
    def fear(self) -> int:
        return self._fear

    def record_fear(self, row: FearEventRow) -> FearEventRow:
        """Set the pool to ``row.value`` and add the ledger line (``row.change`` and reason)."""
        FearPool(row.value)  # FearError (a ValueError) when out of the pool's range
        stored = self.store.record_fear(stored_id(self.campaign), row)
        position = sum(1 for r in self.fear_ledger if stored_id(r) > stored_id(stored))
        self.fear_ledger.insert(position, stored)
        self._set_fear_value(stored.value)
        return stored

    def unrecord_fear(self, event_id: int, value: int) -> None:
        """Take a ledger line back and put the pool back to ``value`` (undo)."""
        self.store.unrecord_fear(stored_id(self.campaign), event_id, value)
        self.fear_ledger.pop(self.fear_ledger.index_of(event_id))
        self._set_fear_value(value)

    def _set_fear_value(self, value: int) -> None:
        self._fear = value
        self.fear_changed.emit(value)
        self.scene_changed.emit()

    @property
    def fear_spent_in_scene(self) -> int:
        """Fear spent during this encounter since the scene began (the last rest or New
        scene), for the scene-intensity guidance."""
        return spent_in_scene(self.fear_ledger, self.encounter_id)

    @property
    def scene_intensity(self) -> str:
        return self.encounter.scene_intensity

    def set_scene_intensity(self, intensity: str) -> None:
        self.store.set_scene_intensity(self.encounter_id, intensity)
        self.encounter = replace(self.encounter, scene_intensity=intensity)
        self.scene_changed.emit()

    # -- countdowns -------------------------------------------------------------------------

    def add_countdown(self, row: CountdownRow, position: int | None = None) -> CountdownRow:
        position = len(self.countdowns) if position is None else position
        stored = self.store.insert_countdown(self.encounter_id, row, position)
        self.countdowns.insert(position, stored)
        return stored

    def remove_countdown(self, row: int) -> CountdownRow:
        removed = self.countdowns[row]
        self.store.remove_countdown(stored_id(removed))
        self.countdowns.pop(row)
        return removed

    def update_countdown(self, row: CountdownRow) -> None:
        self.store.update_countdown(row)
        self.countdowns.replace(self.countdowns.index_of(row.id), row)

    # -- roll log ---------------------------------------------------------------------------

    @property
    def more_rolls(self) -> bool:
        """True while older rolls may wait in the store, not yet read into ``rolls``."""
        return self._more_rolls

    def fetch_more_rolls(self, count: int = ROLL_PAGE) -> int:
        """Read the next ``count`` older rolls into ``rolls``; returns how many came.

        A roll the store cannot read comes as a damaged line (``RollRow.damaged``); a page
        SQLite cannot read at all (a damaged page of the file, which the check after start
        reports too) ends the log with one line that says so, once the fight is open.
        """
        if not self._more_rolls:
            return 0
        try:
            page = self.store.rolls(self.encounter_id, count, before_id=self._rolls_from)
        except RowUnreadable as exc:
            if not self._opened:
                raise  # before the window: the opening sets the database aside
            self._more_rolls = False
            self.rolls.extend([unreadable_rest(exc)])
            return 1
        self._more_rolls = len(page) == count
        if page:
            self._rolls_from = page[-1].id
            self.rolls.extend(page)
        return len(page)

    def add_roll(self, row: RollRow) -> RollRow:
        stored = self.store.insert_roll(self.encounter_id, row)
        self._rolled(stored)
        stored_at = stored_id(stored)
        # A redone roll older than every roll read so far waits for its page like the rest
        # (before the first page is read, every roll does).
        if not self._more_rolls or (self._rolls_from is not None
                                    and stored_at > self._rolls_from):
            # Newest first; a redone roll goes back where its id puts it, not always on top.
            position = sum(1 for r in self.rolls if stored_id(r) > stored_at)
            self.rolls.insert(position, stored)
        return stored

    def set_roll_public(self, roll_id: int, public: bool) -> None:
        self.store.set_roll_public(roll_id, public)
        row = self.rolls.index_of(roll_id)
        if row >= 0:
            self.rolls.replace(row, replace(self.rolls[row], public=public))

    def remove_roll(self, roll_id: int) -> None:
        self.store.delete_roll(roll_id)
        row = self.rolls.index_of(roll_id)
        if row >= 0:  # a roll whose page has not been read is only in the store
            self.rolls.pop(row)

    # -- the event log (the recap's history) ---------------------------------------------------

    def new_event(self, kind: str, *, name: str = "", combatant_id: int | None = None,
                  countdown_id: int | None = None, what: str = "", visible: bool = False,
                  round_: int | None = None) -> FightEventRow:
        """A new line for the event log, in this round and game session (not yet written)."""
        return FightEventRow(kind=kind, name=name, combatant_id=combatant_id,
                             countdown_id=countdown_id, what=what, visible=visible,
                             round=self._round if round_ is None else round_,
                             # the store's: a new game session may have begun meanwhile
                             session_number=self.store.campaign(
                                 stored_id(self.campaign)).session_number,
                             encounter_id=self.encounter_id)

    def record_event(self, row: FightEventRow) -> FightEventRow:
        """Write a line of the event log inside the GM's action. A defeat with no attacker yet
        takes the last roll's actor this action logged (not the defeated itself), else waits
        for a roll this action logs after it."""
        pending = self._this_step()[2]
        if row.kind == "defeated" and not row.by:
            by = self._attacker(row)
            if by is not None:
                row = replace(row, by=by[0], by_id=by[1])
        stored = self.store.insert_event(self.encounter_id, row)
        if stored.kind == "defeated" and not stored.by:
            pending.append(stored)
        return stored

    def unrecord_event(self, event_id: int) -> None:
        self.store.delete_event(event_id)

    def _this_step(self) -> tuple[int, list[tuple[str, int | None]], list[FightEventRow]]:
        serial = self.store.unit_serial
        if self._step[0] != serial:
            self._step = (serial, [], [])
        return self._step

    def _attacker(self, defeat: FightEventRow) -> tuple[str, int | None] | None:
        for actor, actor_id in reversed(self._this_step()[1]):
            if actor and actor != defeat.name:
                return actor, actor_id
        return None

    def _rolled(self, row: RollRow) -> None:
        """A roll logged in the GM's action by a combatant: the attacker of its defeats still
        unnamed."""
        actor_id = next((c.id for c in self.combatants if c.name == row.actor), None)
        if actor_id is None:  # a countdown's trigger, a rest: no combatant did it
            return
        step = self._this_step()
        step[1].append((row.actor, actor_id))
        for defeat in list(step[2]):
            if defeat.name != row.actor:
                self.store.set_event_by(stored_id(defeat), row.actor, actor_id)
                step[2].remove(defeat)
