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

Then RESOLVING THE CLASH: the hitter picks as many Combat Maneuvers as the table gives, by
name, before the damage is rolled; the damage (rolled on the rules thread, or typed as a player
rolled it) less the struck one's armour is marked on its card, in the same undo step as the
points and the log line.

Choice of this module: each side's own-roll Luck Point (reroll or flip) is allowed once per
roll, as is each forced reroll; the text lists each as one step of the flow. The hitter's damage
expression is remembered on its row (its state's ``weapon_damage``) for its next clash.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.logged import line_json
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.rules import casus_mus
from encounter_app.rules.casus_mus import SkillRoll
from encounter_app.services.fight import commands
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.turns import TurnError
from encounter_app.systems.casus_mus.requests import ClashDamage, ClashLine, SkillRollRequest
from encounter_app.systems.casus_mus.services import turns
from encounter_app.systems.casus_mus.state import state_of, stats_of, with_state
from encounter_app.systems.casus_mus.text import GRADE_WORDS, d100, skill_text

CM_WORDS = {0: "no Combat Maneuvers", 1: "1 Combat Maneuver"}
SETTLED = "The damage is rolled: the clash is settled."
#: What a combatant hits for until the GM types its weapon's damage.
DEFAULT_DAMAGE = "1d6"


@fields_repr
@dataclass(frozen=True, repr=False)
class Damage:
    """The hitter's damage: the expression, what it rolled (its dice in words) and the armour
    of the one struck."""

    expression: str
    rolled: int
    text: str
    armour: int

    @property
    def taken(self) -> int:
        return casus_mus.damage_taken(self.rolled, self.armour)

    def words(self, struck: str) -> str:
        armour = f" − armour {self.armour}" if self.armour else ""
        return f"{self.rolled} damage{armour} = {self.taken} to {struck}"


def weapon_damage(row: CombatantRow) -> str:
    """The damage this combatant last hit with (its weapon), else ``DEFAULT_DAMAGE``."""
    return state_of(row).weapon_damage or DEFAULT_DAMAGE


def armour(row: CombatantRow) -> int:
    return stats_of(row).armour


@fields_repr
@dataclass(repr=False)
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


def own_luck_refusal(side: Side, option: casus_mus.LuckOption) -> str:
    """Why ``side`` may not spend a Luck Point on its own rolled roll (steps 3 and 6); "" when
    it may. A flip must change the roll: 99, 00 (100) and 11, 22, ... read the same both ways,
    so flipping them would only cost a Luck Point."""
    assert side.roll is not None
    if not casus_mus.can_use_luck_on_own(side.roll.grade):
        return "Only a failed roll may be rerolled or flipped."
    if side.own_luck_used:
        return "A Luck Point was already used on this roll."
    if side.lp_left < 1:
        return f"{side.name} has no Luck Points left."
    if (option is casus_mus.LuckOption.FLIP
            and casus_mus.flip(side.roll.roll) == side.roll.roll):
        return f"Flipping {d100(side.roll.roll)} changes nothing: reroll instead."
    return ""


def spend_own_luck(side: Side, option: casus_mus.LuckOption,
                   new_roll: SkillRoll | None = None) -> str:
    """Spend ``side``'s Luck Point on its own roll (checked by the caller): the roll flipped,
    or replaced by ``new_roll`` from the rules thread. Returns the story's line."""
    assert side.roll is not None
    if option is casus_mus.LuckOption.FLIP:
        use = casus_mus.flip_own(side.roll)
    else:
        if new_roll is None:
            raise TurnError("A reroll needs the new roll.")
        use = casus_mus.LuckUse(option, side.roll, new_roll)
    side.roll, side.own_luck_used = use.after, True
    side.lp_spent += 1
    verb = "flips the digits" if option is casus_mus.LuckOption.FLIP else "rerolls"
    return (f"{side.name} spends a Luck Point and {verb}: "
            f"{d100(use.before.roll)} → {skill_text(use.after)}")


class ClashFlow:
    def __init__(self, attacker: Side, defender: Side) -> None:
        if attacker.combatant_id == defender.combatant_id:
            raise TurnError("A combatant cannot clash with itself.")
        self.attacker, self.defender = attacker, defender
        self.reacted: bool | None = None  # None: the defender has not decided yet
        self.events: list[str] = []  # what happened, in order, for the log
        self.maneuvers: tuple[str, ...] = ()  # the hitter's Combat Maneuvers, by name
        self.damage: Damage | None = None

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
        if self.damage is not None:
            return SETTLED
        if side is self.attacker and self.reacted is not None:
            return "The defender has already decided how to react."
        if side is self.defender and self.result() is None:
            return "The defender has not rolled."
        return own_luck_refusal(side, casus_mus.LuckOption.REROLL)

    def why_not_flip(self, side: Side) -> str:
        """As for any own-roll Luck Point, and the flip must change the roll."""
        return self.why_not_own_luck(side) or own_luck_refusal(side, casus_mus.LuckOption.FLIP)

    def why_not_force(self, by: Side) -> str:
        target = self.defender if by is self.attacker else self.attacker
        if target.roll is None:
            return "Nothing to reroll yet."
        if self.damage is not None:
            return SETTLED
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
            raise TurnError(why)

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
        self.events.append(spend_own_luck(side, option, new_roll))
        self._rolls_changed()

    def force(self, by: Side, new_roll: SkillRoll) -> None:
        self._check(self.why_not_force(by))
        target = self.defender if by is self.attacker else self.attacker
        assert target.roll is not None
        before = target.roll
        target.roll, target.forced = new_roll, True
        by.lp_spent += 1
        self._rolls_changed()
        self.events.append(f"{by.name} spends a Luck Point to force {target.name} to reroll: "
                          f"{d100(before.roll)} → {skill_text(new_roll)}")

    def react(self, roll: SkillRoll) -> None:
        self._check(self.why_not_react())
        self.reacted, self.defender.roll, self.defender.ap_spent = True, roll, 1
        self.events.append(f"{self.defender.name} spends 1 AP to react: "
                                     f"{self.defender.skill_name} {skill_text(roll)}")

    def decline(self) -> None:
        if self.attacker.roll is None or self.reacted is not None:
            raise TurnError("The defender decides after the attacker rolls, once.")
        self.reacted = False
        self.events.append(f"{self.defender.name} does not react "
                                     "(counts as Defender Fails)")

    # -- resolving: Combat Maneuvers, then damage -----------------------------------------

    def hitter(self) -> Side | None:
        clash = self.result()
        if clash is None or clash.hitter is None:
            return None
        return self.attacker if clash.hitter == "attacker" else self.defender

    def struck(self) -> Side | None:
        hitter = self.hitter()
        if hitter is None:
            return None
        return self.defender if hitter is self.attacker else self.attacker

    def maneuvers_allowed(self) -> int:
        clash = self.result()
        return 0 if clash is None or clash.hitter is None else clash.maneuvers

    def _rolls_changed(self) -> None:
        """A reroll or flip after maneuvers were ticked may change who hits or how many they
        get: the choice starts again rather than outlive the table's answer."""
        if self.maneuvers and len(self.maneuvers) > self.maneuvers_allowed():
            self.maneuvers = ()

    def why_not_maneuvers(self, names: tuple[str, ...] = ()) -> str:
        if self.hitter() is None:
            return "Nobody hits yet." if self.result() is None else "Nobody hits."
        if self.damage is not None:
            return "Combat Maneuvers are chosen before the damage is rolled."
        allowed = self.maneuvers_allowed()
        if not allowed:
            return "The table gives no Combat Maneuvers here."
        if len(names) > allowed:
            return f"The table gives {allowed}: choose at most {allowed}."
        return ""

    def choose_maneuvers(self, names: tuple[str, ...]) -> None:
        self._check(self.why_not_maneuvers(names))
        self.maneuvers = tuple(names)

    def why_not_damage(self) -> str:
        if self.result() is None:
            return "The clash is not resolved yet."
        if self.hitter() is None:
            return "Nobody hits: there is no damage."
        if self.damage is not None:
            return "The damage is rolled."
        return ""

    def set_damage(self, damage: Damage) -> None:
        self._check(self.why_not_damage())
        hitter, struck = self.hitter(), self.struck()
        assert hitter is not None and struck is not None
        if self.maneuvers:
            self.events.append(f"{hitter.name} chooses {', '.join(self.maneuvers)}")
        self.damage = damage
        self.events.append(f"{hitter.name} rolls damage: {damage.text}; "
                           f"{damage.words(struck.name)}")

    def why_not_record(self) -> str:
        if self.result() is None:
            return "The clash is not resolved yet."
        if self.hitter() is not None and self.damage is None:
            return "Roll the hitter's damage first (or type what the player rolled)."
        return ""

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
        text += "."
        if self.maneuvers:
            text += f" Combat Maneuvers: {', '.join(self.maneuvers)}."
        struck = self.struck()
        if self.damage is not None and struck is not None:
            text += f" {self.damage.words(struck.name)}."
        return text

    def log_row(self) -> RollRow:
        logged = self.logged()
        grades = GRADE_WORDS[logged.attacker_grade] + (
            f" vs {GRADE_WORDS[logged.defender_grade]}"
            if logged.reacted and logged.defender_grade is not None else " vs no reaction")
        return RollRow(
            kind="clash", actor=self.attacker.name,
            summary=f"Clash {self.attacker.name} → {self.defender.name} ({grades}): "
                    f"{self.verdict()}",
            detail="\n".join(self.events), payload=line_json(logged))

    def logged(self) -> ClashLine:
        """What the log keeps of the clash, for the players' words (words.py)."""
        clash = self.result()
        attack, defence = self.attacker.roll, self.defender.roll
        assert clash is not None and attack is not None and self.reacted is not None
        damage = self.damage
        return ClashLine(
            attacker=attack.roll, defender=None if defence is None else defence.roll,
            reacted=self.reacted, hitter=clash.hitter, maneuvers=clash.maneuvers,
            fumbled=clash.fumbled, attacker_id=self.attacker.combatant_id,
            attacker_name=self.attacker.name, attacker_grade=attack.grade,
            defender_id=self.defender.combatant_id, defender_name=self.defender.name,
            defender_grade=None if defence is None else defence.grade,
            chosen_maneuvers=tuple(self.maneuvers),
            damage=None if damage is None else ClashDamage(
                damage.expression, damage.rolled, damage.armour, damage.taken))

    def command(self, session: EncounterSession) -> QUndoCommand:
        """Spend the AP and LP used, mark the damage on the one struck (and remember the
        hitter's weapon), and log the clash: one undo step."""
        self._check(self.why_not_record())
        hitter, struck = self.hitter(), self.struck()
        parts: list[QUndoCommand] = []
        for side in (self.attacker, self.defender):
            row = old = session.combatants.by_id(side.combatant_id)
            if side.ap_spent or side.lp_spent:
                row = turns.with_points(row, ap=turns.ap_left(row) - side.ap_spent,
                                        lp=turns.lp_left(row) - side.lp_spent)
            if self.damage is not None and side is hitter:
                row = with_state(row, replace(state_of(row),
                                              weapon_damage=self.damage.expression))
            if self.damage is not None and side is struck and self.damage.taken:
                row = replace(row, hp_marked=min(row.hp_marked + self.damage.taken,
                                                 row.hp_max))
            if row != old:
                parts.append(commands.UpdateCombatant(session, row, f"{side.name} clashes"))
        parts.append(commands.RecordRoll(session, self.log_row()))
        return Compound(f"Clash: {self.attacker.name} attacks {self.defender.name}", parts)


class SkillCheck:
    """A Casus Mus skill roll out of a clash (Willpower against a spell, Endurance against
    poison...): the roll, typed or rolled, then on a failure the roller's own Luck Point
    (reroll or flip the digits, once), as step 3 of the flow allows. ``command`` spends the
    Luck Point and logs the roll as one undo step."""

    def __init__(self, side: Side) -> None:
        self.side = side
        self.events: list[str] = []
        self.typed = False  # the first roll was typed as the player rolled it

    def why_not_roll(self) -> str:
        return "Rolled." if self.side.roll is not None else ""

    def roll(self, roll: SkillRoll, *, typed: bool = False) -> None:
        if why := self.why_not_roll():
            raise TurnError(why)
        self.side.roll, self.typed = roll, typed
        at_table = " (rolled at the table)" if typed else ""
        self.events.append(f"{self.side.name} rolls {self.side.skill_name}: "
                           f"{skill_text(roll)}{at_table}")

    def why_not_luck(self, option: casus_mus.LuckOption) -> str:
        if self.side.roll is None:
            return "Nothing rolled yet."
        return own_luck_refusal(self.side, option)

    def luck(self, option: casus_mus.LuckOption, new_roll: SkillRoll | None = None) -> None:
        if why := self.why_not_luck(option):
            raise TurnError(why)
        self.events.append(spend_own_luck(self.side, option, new_roll))

    def log_row(self) -> RollRow:
        side = self.side
        assert side.roll is not None
        luck = " after a Luck Point" if side.own_luck_used else ""
        # The usual skill line (its payload is what the players' view reads), with the story.
        row = describe(RollResult(0, SkillRollRequest(side.name, side.skill, side.skill_name,
                                                      side.combatant_id), side.roll))
        return replace(row, summary=row.summary + luck, detail="\n".join(self.events))

    def command(self, session: EncounterSession) -> QUndoCommand:
        if self.side.roll is None:
            raise TurnError("Roll first.")
        parts: list[QUndoCommand] = []
        if self.side.lp_spent:
            row = session.combatants.by_id(self.side.combatant_id)
            parts.append(commands.UpdateCombatant(session, turns.with_points(
                row, lp=turns.lp_left(row) - self.side.lp_spent),
                f"{self.side.name} spends a Luck Point"))
        parts.append(commands.RecordRoll(session, self.log_row()))
        return Compound(f"Skill roll: {self.side.name}", parts)
