"""Daggerheart, the system object: the spotlight, the GM's Fear, adversaries drawn as stat
blocks from the library, and the players' Duality Dice.

What the core asks of the system it gets here; the rest of the package is imported only when a
campaign of Daggerheart is opened (its window part, ``ui/``) or a roll of it is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from encounter_app.domain.rows import CombatantKind, CombatantRow
from encounter_app.domain.system import BaseRules, StatsError, TurnOrder
from encounter_app.systems.daggerheart.sheet import FIELDS

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoCommand

    from encounter_app.domain.campaign_rows import PcRow
    from encounter_app.domain.logged import LoggedRoll
    from encounter_app.domain.player_view import Sight
    from encounter_app.domain.rows import RollRow
    from encounter_app.domain.samples import SampleFight
    from encounter_app.services.fight.session import EncounterSession
    from encounter_app.ui.shell.fight import Fight, FightContext


class Daggerheart(BaseRules):
    key = "daggerheart"
    name = "Daggerheart"
    has_fear = True
    turn_order = TurnOrder.SPOTLIGHT
    pc_fields = FIELDS

    def new_combatant(self, kind: CombatantKind, name: str,
                      stats: Mapping[str, int]) -> CombatantRow:
        """A PC (or NPC) with a Daggerheart sheet; adversaries come from stat blocks."""
        if problems := self.problems(stats):
            raise StatsError(problems)
        if not name.strip():
            raise StatsError({"name": "A combatant needs a name."})
        from encounter_app.systems.daggerheart.pc_tracks import pc_state

        return CombatantRow(kind=kind, name=name.strip(), evasion=stats["evasion"],
                            hp_max=stats["hp"], stress_max=stats["stress"],
                            system_state=pc_state(stats))

    def combatant_for_pc(self, pc: PcRow) -> CombatantRow:
        """Evasion, HP and Stress; thresholds, Armor Slots (with the roster's marked ones) and
        Hope are kept for tracking the PC in the fight (pc_tracks.py)."""
        from encounter_app.systems.daggerheart.pc_tracks import pc_state

        hp, stress = pc.stat("hp"), pc.stat("stress")
        return CombatantRow(kind="pc", name=pc.name, evasion=pc.stats.get("evasion"),
                            hp_max=hp, hp_marked=min(pc.hp_marked, hp), stress_max=stress,
                            stress_marked=min(pc.stress_marked, stress), pc_id=pc.id,
                            system_state=pc_state(pc.stats, pc.armor_marked))

    def roll_words(self, row: RollRow, sight: Sight) -> str:
        from encounter_app.systems.daggerheart.words import player_words

        return player_words(row, sight)

    def read_roll(self, row: RollRow) -> LoggedRoll | None:
        from encounter_app.systems.daggerheart.requests import read_roll

        return read_roll(row)

    def sample(self) -> SampleFight:
        from encounter_app.systems.daggerheart.sample import demo_fight

        return demo_fight()

    def new_game_session(self, session: EncounterSession) -> QUndoCommand | None:
        return None  # nothing of the fight is per game session

    def fight(self, context: FightContext) -> Fight:
        from encounter_app.systems.daggerheart.ui.fight import DaggerheartFight

        return DaggerheartFight(context)
