"""Daggerheart, the system object: the spotlight, the GM's Fear, adversaries drawn as stat
blocks from the library, and the players' Duality Dice.

What the core asks of the system it gets here; the rest of the package is imported only when a
campaign of Daggerheart is opened (its window part, ``ui/``) or a roll of it is read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from encounter_app.domain.rows import CombatantKind, CombatantRow
from encounter_app.domain.system import BaseRules, RollerMarks, StatsError, TurnOrder
from encounter_app.domain.system_data import SystemData, typed
from encounter_app.systems.daggerheart.sheet import FIELDS
from encounter_app.systems.daggerheart.state import DaggerheartSheet, DaggerheartState, sheet_of

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoCommand

    from encounter_app.domain.campaign_rows import PcRow
    from encounter_app.domain.logged import LoggedRoll
    from encounter_app.domain.player_rolls import PhoneForm, PhoneResult, PhoneRoll
    from encounter_app.domain.player_view import Sight
    from encounter_app.domain.rows import RollRow
    from encounter_app.domain.samples import SampleFight
    from encounter_app.rules.daggerheart import Outcome
    from encounter_app.services.fight.session import EncounterSession
    from encounter_app.services.fight.system import PhoneStep
    from encounter_app.ui.shell.fight import Fight, FightContext


class Daggerheart(BaseRules):
    key = "daggerheart"
    name = "Daggerheart"
    has_fear = True
    turn_order = TurnOrder.SPOTLIGHT
    pc_fields = FIELDS
    stats_type = DaggerheartSheet
    combatant_stats_type = SystemData  # a combatant's numbers are its own columns
    combatant_state_type = DaggerheartState

    def new_combatant(self, kind: CombatantKind, name: str,
                      stats: Mapping[str, int]) -> CombatantRow:
        """A PC (or NPC) with a Daggerheart sheet; adversaries come from stat blocks."""
        sheet = sheet_of(self.stats_from(stats))
        if not name.strip():
            raise StatsError({"name": "A combatant needs a name."})
        from encounter_app.systems.daggerheart.pc_tracks import pc_state

        return CombatantRow(kind=kind, name=name.strip(), evasion=sheet.evasion,
                            hp_max=sheet.hp, stress_max=sheet.stress, system_state=pc_state(sheet))

    def combatant_for_pc(self, pc: PcRow) -> CombatantRow:
        """Evasion, HP and Stress; thresholds, Armor Slots (with the roster's marked ones) and
        Hope are kept for tracking the PC in the fight (pc_tracks.py)."""
        from encounter_app.systems.daggerheart.pc_tracks import pc_state

        sheet = sheet_of(pc.stats)
        hp, stress = sheet.hp, sheet.stress
        return CombatantRow(kind="pc", name=pc.name, evasion=sheet.evasion,
                            hp_max=hp, hp_marked=min(pc.hp_marked, hp), stress_max=stress,
                            stress_marked=min(pc.stress_marked, stress), pc_id=pc.id,
                            system_state=pc_state(sheet, pc.armor_marked))

    def roster_marks(self, pc: PcRow, row: CombatantRow) -> PcRow:
        """HP and Stress, and a tracked PC's Armor Slots and Hope (the roster keeps its Hope
        on the sheet)."""
        marked = super().roster_marks(pc, row)
        from encounter_app.systems.daggerheart.pc_tracks import tracked, tracks

        if not tracked(row):  # a combatant from before PCs were tracked keeps the roster's
            return marked
        now = tracks(row)
        return replace(marked, armor_marked=now.armor_marked,
                       stats=replace(sheet_of(pc.stats), hope=now.hope))

    def roster_edited(self, fight: SystemData, roster: SystemData) -> SystemData:
        """The roster's thresholds, Armor Slots and Hope; the fight's tokens and Vulnerable."""
        new = typed(DaggerheartState, roster)
        return replace(typed(DaggerheartState, fight), major=new.major, severe=new.severe,
                       armor=new.armor, armor_marked=new.armor_marked, hope=new.hope)

    def roll_words(self, row: RollRow, sight: Sight) -> str:
        from encounter_app.systems.daggerheart.words import player_words

        return player_words(row, sight)

    def read_roll(self, row: RollRow) -> LoggedRoll | None:
        from encounter_app.systems.daggerheart.requests import read_roll

        return read_roll(row)

    def sample(self) -> SampleFight:
        from encounter_app.systems.daggerheart.sample import demo_fight

        return demo_fight()

    def roller_marks(self, rows: Sequence[CombatantRow], roller: str,
                     outcome: Outcome) -> RollerMarks:
        """The roller's tracked PC gains a Hope on a result with Hope and clears a Stress on
        a critical (pc_tracks.after_roll)."""
        from encounter_app.systems.daggerheart.pc_tracks import after_roll

        return after_roll(rows, roller, outcome)

    def phone_forms(self, row: CombatantRow) -> tuple[PhoneForm, ...]:
        """An action roll and a reaction roll, each with the Duality Dice (phone.py)."""
        from encounter_app.systems.daggerheart.phone import forms

        return forms(row)

    def phone_sheet(self, row: CombatantRow) -> tuple[tuple[str, str], ...]:
        from encounter_app.systems.daggerheart.phone import sheet

        return sheet(row)

    def phone_result(self, row: CombatantRow | None, roll: PhoneRoll,
                     gm_value: int) -> PhoneResult:
        """``gm_value``: the Difficulty."""
        from encounter_app.systems.daggerheart.phone import result

        return result(row, roll, gm_value)

    def phone_record(self, session: EncounterSession, roll: PhoneRoll,
                     gm_value: int) -> PhoneStep:
        """An action roll as keys 1–5 record it, or a reaction roll's line, with the Hope it
        spends; refused when the PC has none to spend (services/phone.py)."""
        from encounter_app.systems.daggerheart.services.phone import record

        return record(session, roll, gm_value)

    def new_game_session(self, session: EncounterSession) -> QUndoCommand | None:
        return None  # nothing of the fight is per game session

    def fight(self, context: FightContext) -> Fight:
        from encounter_app.systems.daggerheart.ui.fight import DaggerheartFight

        return DaggerheartFight(context)
