"""A Casus Mus clash, step by step as the text's combat flow has it, and its one undo step.

``ClashFlow`` keeps the rolls (so redo never rolls again), says which steps are open now and
why the others are not, and builds the command that spends the Action and Luck Points and logs
the clash. The rolls themselves come from the rules thread (SkillRollRequest).

The flow (casus-mus-combat-flow.txt): the attacker spends an AP and rolls; on a failure may
spend a Luck Point to reroll or flip the digits; the defender may spend a Luck Point to force
the attacker to reroll, then reacts with an AP or chooses not to react (treated as "Defender
Fails"); a reacting defender rolls; the attacker may spend a Luck Point to force that reroll;
a failed defender may spend a Luck Point to reroll or flip. Then the table says who hits and
how many Combat Maneuvers the winner picks before damage.

Choice of this module: each side's own-roll Luck Point (reroll or flip) is allowed once per
roll, as is each forced reroll; the text lists each as one step of the flow.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import RollRow
from encounter_app.domain.systems.words import GRADE_WORDS, d100, skill_text
from encounter_app.rules import casus_mus
from encounter_app.rules.casus_mus import SkillRoll
from encounter_app.services.fight import commands
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.systems import turns

CM_WORDS = {0: "no Combat Maneuvers", 1: "1 Combat Maneuver"}


@dataclass
class Side:
    """One side of a Casus Mus clash: who, with which skill, the points they have, their roll."""

    combatant_id: int
    name: str
    skill: int
    skill_name: str
    ap: int
    lp: int
    roll: SkillRoll | None = None
    ap_spent: int = 0
    lp_spent: int = 0
    own_luck_used: bool = False
    forced: bool = False  # the other side forced this side's roll to be rerolled

    @property
    def lp_left(self) -> int:
        return self.lp - self.lp_spent


class ClashFlow:
    def __init__(self, attacker: Side, defender: Side) -> None:
        if attacker.combatant_id == defender.combatant_id:
            raise turns.TurnError("A combatant cannot clash with itself.")
        self.attacker, self.defender = attacker, defender
        self.reacted: bool | None = None  # None: the defender has not decided yet
        self.events: list[str] = []  # what happened, in order, for the log

    # -- what is open now: "" when allowed, else why not ------------------------------

    def why_not_attack(self) -> str:
        if self.attacker.roll is not None:
            return "The attacker has rolled."
        if self.attacker.ap < 1:
            return f"{self.attacker.name} has no Action Points left this round."
        return ""

    def why_not_own_luck(self, side: Side) -> str:
        if side.roll is None:
            return "Nothing rolled yet."
        if side is self.attacker and self.reacted is not None:
            return "The defender has already decided how to react."
        if side is self.defender and self.result() is None:
            return "The defender has not rolled."
        if not casus_mus.can_use_luck_on_own(side.roll.grade):
            return "Only a failed roll may be rerolled or flipped."
        if side.own_luck_used:
            return "A Luck Point was already used on this roll."
        if side.lp_left < 1:
            return f"{side.name} has no Luck Points left."
        return ""

    def why_not_flip(self, side: Side) -> str:
        """As for any own-roll Luck Point, and the flip must change the roll: 99, 00 (100)
        and 11, 22, ... read the same both ways, so flipping them would only cost a Luck
        Point."""
        why = self.why_not_own_luck(side)
        if why or side.roll is None:
            return why
        if casus_mus.flip(side.roll.roll) == side.roll.roll:
            return f"Flipping {d100(side.roll.roll)} changes nothing: reroll instead."
        return ""

    def why_not_force(self, by: Side) -> str:
        target = self.defender if by is self.attacker else self.attacker
        if target.roll is None:
            return "Nothing to reroll yet."
        if by is self.defender and self.reacted is not None:
            return "Force the reroll before deciding how to react."
        if by is self.attacker and target.own_luck_used:
            # The text's order: 5.1, the attacker forces the defender's roll, comes before 6,
            # the defender's own Luck Point on a failure; forcing after it would undo a Luck
            # Point the defender cannot spend again.
            return ("Forcing the defender's reroll comes before the defender's own Luck Point "
                    "(step 5.1 before 6).")
        if target.forced:
            return "That roll was already forced to be rerolled."
        if by.lp_left < 1:
            return f"{by.name} has no Luck Points left."
        return ""

    def why_not_react(self) -> str:
        if self.attacker.roll is None:
            return "The attacker has not rolled."
        if self.reacted is not None:
            return "The defender has decided."
        if self.defender.ap < 1:
            return f"{self.defender.name} has no Action Points left: it cannot react."
        return ""

    # -- steps ----------------------------------------------------------------------------

    def _check(self, why: str) -> None:
        if why:
            raise turns.TurnError(why)

    def attack(self, roll: SkillRoll) -> None:
        self._check(self.why_not_attack())
        self.attacker.roll, self.attacker.ap_spent = roll, 1
        self.events.append(f"{self.attacker.name} spends 1 AP: "
                                     f"{self.attacker.skill_name} {skill_text(roll)}")

    def own_luck(self, side: Side, option: casus_mus.LuckOption,
                 new_roll: SkillRoll | None = None) -> None:
        """Reroll (``new_roll`` from the rules thread) or flip one's own failed roll."""
        self._check(self.why_not_flip(side) if option is casus_mus.LuckOption.FLIP
                    else self.why_not_own_luck(side))
        assert side.roll is not None
        if option is casus_mus.LuckOption.FLIP:
            use = casus_mus.flip_own(side.roll)
        else:
            if new_roll is None:
                raise turns.TurnError("A reroll needs the new roll.")
            use = casus_mus.LuckUse(option, side.roll, new_roll)
        side.roll, side.own_luck_used = use.after, True
        side.lp_spent += 1
        verb = "flips the digits" if option is casus_mus.LuckOption.FLIP else "rerolls"
        self.events.append(f"{side.name} spends a Luck Point and {verb}: "
                            f"{d100(use.before.roll)} → {skill_text(use.after)}")

    def force(self, by: Side, new_roll: SkillRoll) -> None:
        self._check(self.why_not_force(by))
        target = self.defender if by is self.attacker else self.attacker
        assert target.roll is not None
        before = target.roll
        target.roll, target.forced = new_roll, True
        by.lp_spent += 1
        self.events.append(f"{by.name} spends a Luck Point to force {target.name} to reroll: "
                          f"{d100(before.roll)} → {skill_text(new_roll)}")

    def react(self, roll: SkillRoll) -> None:
        self._check(self.why_not_react())
        self.reacted, self.defender.roll, self.defender.ap_spent = True, roll, 1
        self.events.append(f"{self.defender.name} spends 1 AP to react: "
                                     f"{self.defender.skill_name} {skill_text(roll)}")

    def decline(self) -> None:
        if self.attacker.roll is None or self.reacted is not None:
            raise turns.TurnError("The defender decides after the attacker rolls, once.")
        self.reacted = False
        self.events.append(f"{self.defender.name} does not react "
                                     "(counts as Defender Fails)")

    # -- outcome ------------------------------------------------------------------------

    def result(self) -> casus_mus.Clash | None:
        """The table's answer, once the attacker rolled and the defender reacted or not."""
        if self.attacker.roll is None or self.reacted is None:
            return None
        defence = self.defender.roll if self.reacted else None
        return casus_mus.resolve_clash(
            self.attacker.roll.grade, self.attacker.roll.roll,
            None if defence is None else defence.grade,
            None if defence is None else defence.roll)

    def verdict(self) -> str:
        clash = self.result()
        if clash is None:
            return ""
        if clash.hitter is None:
            text = clash.cell or "Nobody hits"
            return f"{text}: nobody hits."
        who = self.attacker.name if clash.hitter == "attacker" else self.defender.name
        maneuvers = CM_WORDS.get(clash.maneuvers, f"{clash.maneuvers} Combat Maneuvers")
        text = f"{who} hits and picks {maneuvers}"
        if clash.maneuvers:
            text += " before rolling damage"
        return text + "."

    def log_row(self) -> RollRow:
        clash = self.result()
        assert clash is not None and self.attacker.roll is not None
        grades = GRADE_WORDS[self.attacker.roll.grade]
        if self.reacted and self.defender.roll is not None:
            grades += f" vs {GRADE_WORDS[self.defender.roll.grade]}"
        else:
            grades += " vs no reaction"
        return RollRow(
            kind="clash", actor=self.attacker.name,
            summary=f"Clash {self.attacker.name} → {self.defender.name} ({grades}): "
                    f"{self.verdict()}",
            detail="\n".join(self.events),
            payload={"attacker": self.attacker.roll.roll,
                     "defender": None if self.defender.roll is None else self.defender.roll.roll,
                     "reacted": self.reacted, "hitter": clash.hitter,
                     "maneuvers": clash.maneuvers, "fumbled": list(clash.fumbled),
                     # Who and how well, for the players' words (domain/player_view.py).
                     "attacker_id": self.attacker.combatant_id,
                     "attacker_name": self.attacker.name,
                     "attacker_grade": self.attacker.roll.grade.name,
                     "defender_id": self.defender.combatant_id,
                     "defender_name": self.defender.name,
                     "defender_grade": None if self.defender.roll is None
                     else self.defender.roll.grade.name})

    def command(self, session: EncounterSession) -> QUndoCommand:
        """Spend the AP and LP used, and log the clash: one undo step."""
        if self.result() is None:
            raise turns.TurnError("The clash is not resolved yet.")
        parts: list[QUndoCommand] = []
        for side in (self.attacker, self.defender):
            if side.ap_spent or side.lp_spent:
                row = session.combatants.by_id(side.combatant_id)
                parts.append(commands.UpdateCombatant(session, turns.with_state(
                    row, ap=turns.ap_left(row) - side.ap_spent,
                    lp=turns.lp_left(row) - side.lp_spent), f"{side.name} clashes"))
        parts.append(commands.RecordRoll(session, self.log_row()))
        return Compound(f"Clash: {self.attacker.name} attacks {self.defender.name}", parts)
