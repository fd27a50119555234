"""Daggerheart's GM actions in the fight, one method each (the one way in: services/operations.py).

A widget hands plain data (an id, a number, a name, the frozen rows a dialog worked out); the
operation checks the rules (``adversaries.py``), builds the undo command, pushes it as one undo
step and says what happened. A refusal is said as an error and changes nothing.

Here: the adversaries' actions from their cards and the GM-turn bar, the spotlight passed
along the order (Relentless, Slow, the Spotlight Tracker's tokens), a tracked PC's own tracks
and the hits marked on them, a Minion group's boxes, an adversary joining the fight, its own
copy of its stat block edited, a roll with an Experience, whose Fear is spent with the roll's
log line, and an adversary's attack or feature used in one click (``attack``,
``use_feature``): its cost, its roll, and the marks and riders on tracked PCs as one step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtGui import QUndoCommand

from encounter_app.domain import CombatantRow, RollRow, StatBlock
from encounter_app.domain.adversaries import Refused
from encounter_app.domain.requests import RollRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.rules.daggerheart import FEAR_CAP
from encounter_app.services.fight.commands import (
    AddCombatant,
    RecordRoll,
    SetFear,
    UpdateCombatant,
    spend_one_fear,
)
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.operations import FightOperations
from encounter_app.services.fight.table import mark_pc_hits
from encounter_app.services.operations import Action, Operations
from encounter_app.services.rolls.roller import Roller
from encounter_app.systems.daggerheart import pc_tracks
from encounter_app.systems.daggerheart.services import (
    adversaries,
    fear_riders,
    feature_marks,
    features,
)
from encounter_app.systems.daggerheart.services.fear_riders import Reached
from encounter_app.systems.daggerheart.services.feature_marks import PcHit, PcMarks
from encounter_app.systems.daggerheart.services.features import ReactionResult, Use

if TYPE_CHECKING:
    from encounter_app.domain import Experience
    from encounter_app.rules.daggerheart import AttackResult
    from encounter_app.rules.dice import DiceRoll
    from encounter_app.services.phone_inbox import PhoneInbox
    from encounter_app.systems.daggerheart.requests import FeatureRequest

R = TypeVar("R")
#: Asks the GM what to mark on the PCs a use touched (``offers``; the use named in ``source``,
#: the roll's log row as it will be logged), then calls ``mark`` once with the marks chosen
#: (none when the GM declines): the window's hit dialog. Without one, nothing is marked.
Mark = Callable[[Sequence[PcMarks]], None]
Ask = Callable[[Sequence[PcHit], str, RollRow, Mark], object]

NOBODY = "Nobody can take the spotlight: add a combatant first."


class DaggerheartOperations(Operations):
    """Daggerheart's fight actions over ``fight``'s session; ``roller`` rolls what one of them
    rolls (an attack or reaction with an Experience)."""

    def __init__(self, fight: FightOperations, roller: Roller,
                 inbox: PhoneInbox | None = None) -> None:
        super().__init__(fight.undo_stack, fight.say, closed=fight.closed)
        self.fight, self.session, self._roller = fight, fight.session, roller
        self.inbox = inbox  # the players' rolls from their phones, to answer a feature with

    # -- an adversary's card ------------------------------------------------------------------

    def damage(self, combatant_id: int, amount: int, minion_ids: Iterable[int] = ()) -> bool:
        """Mark the HP ``amount`` damage marks by its thresholds; on a Minion, defeat the
        Minions the GM picked too."""
        picked = tuple(minion_ids)
        return self.act(lambda: adversaries.damage(self.session, combatant_id, amount, picked))

    def mark_stress(self, combatant_id: int) -> bool:
        return self.act(lambda: adversaries.mark_stress(self.session, combatant_id))

    def clear_stress(self, combatant_id: int) -> bool:
        return self.act(lambda: adversaries.clear_stress(self.session, combatant_id))

    def set_marks(self, combatant_id: int, hp_marked: int, stress_marked: int) -> bool:
        """Pips clicked on a card; the last Stress marked makes it Vulnerable in the same
        step (conditions.py)."""
        return self.act(lambda: adversaries.set_marks(self.session, combatant_id, hp_marked,
                                                      stress_marked))

    def add_condition(self, combatant_id: int, name: str) -> bool:
        return self.act(lambda: adversaries.add_condition(self.session, combatant_id, name))

    def remove_condition(self, combatant_id: int, name: str) -> bool:
        return self.act(lambda: adversaries.remove_condition(self.session, combatant_id, name))

    def fear_feature(self, combatant_id: int, feature: str) -> bool:
        """A Fear feature used from its card: one Fear spent, named in the ledger."""
        return self.act(lambda: adversaries.fear_feature(self.session, combatant_id, feature))

    def slow_token(self, combatant_id: int, step: int) -> bool:
        return self.act(lambda: adversaries.slow_token(self.session, combatant_id, step))

    def spotlight(self, combatant_id: int, fear_reason: str | None = None,
                  note: str | None = None) -> bool:
        """The adversary takes the spotlight (Relentless and Slow apply); ``fear_reason``
        ("interrupt", "extra_move") spends a Fear in the same step, ``note`` naming it."""
        return self.act(lambda: adversaries.spotlight(self.session, combatant_id,
                                                      fear_reason=fear_reason, note=note))

    def clear_by_spotlight(self, combatant_id: int, name: str,
                           fear_reason: str | None = None) -> bool:
        """Spend the adversary's spotlight to clear a temporary condition: one undo step."""
        return self.act(lambda: adversaries.clear_by_spotlight(
            self.session, combatant_id, name, fear_reason=fear_reason))

    def spotlight_price(self, combatant_id: int) -> str | None:
        """The question to ask before a spotlight that costs a Fear (the campaign's GM turn's
        price), or None when it is free. Raises Refused when it cannot take the spotlight."""
        return adversaries.spotlight_price(self.session, combatant_id)

    # -- the GM's turn and the spotlight --------------------------------------------------------

    def extra_gm_move(self, what: str) -> bool:
        """An additional GM move (not a spotlight): a Fear spent, the ledger naming it."""
        return self.act(lambda: adversaries.extra_gm_move(self.session, what))

    def refill_tokens(self) -> bool:
        return self.act(lambda: adversaries.refill_tokens(self.session))

    def new_scene(self) -> bool:
        """The scene's Fear counted from 0 again (and the spotlight tokens refilled)."""
        return self.act(lambda: adversaries.new_scene(self.session))

    def end_gm_turn(self) -> bool:
        return self.act(lambda: adversaries.end_gm_turn(self.session))

    def pass_spotlight(self, combatant_id: int) -> bool:
        """The spotlight given to a PC or an NPC out of turn; with the Spotlight Tracker the
        PC spends a token (refused with none left)."""
        def make() -> Action:
            row = adversaries.combatant(self.session, combatant_id)
            return adversaries.pass_spotlight(self.session, combatant_id, self.session.round,
                                              f"Spotlight {row.name}")

        return self.act(make)

    def next_turn(self) -> bool:
        """Next in the order; never to a PC out of spotlight tokens (the Spotlight Tracker)."""
        active_id, round_ = adversaries.next_turn(self.session)
        if active_id is None:
            self.say(NOBODY)
            return False
        return self.act(lambda: adversaries.pass_spotlight(self.session, active_id, round_))

    # -- tracked PCs and Minion groups ----------------------------------------------------------

    def set_track(self, combatant_id: int, track: str, count: int) -> bool:
        """A tracked PC's Armor Slots marked ("armor") or its Hope, clicked on its card."""
        def build() -> UpdateCombatant | None:
            row = adversaries.combatant(self.session, combatant_id)
            new = (pc_tracks.with_marks(row, armor=count) if track == "armor"
                   else pc_tracks.with_marks(row, hope=count))
            if new == row:
                return None
            word = "Armor Slots" if track == "armor" else "Hope"
            return UpdateCombatant(self.session, new, f"{word} of {row.name}")

        return self.run(build)

    def mark_pc_hits(self, rows: Sequence[CombatantRow], source: str) -> bool:
        """A hit marked on tracked PCs, each row as the hit leaves it (pc_tracks.py): one undo
        step, and the marks reach the campaign's party."""
        if not rows:
            return False
        return self.run(lambda: mark_pc_hits(self.session, list(rows), source),
                        done=f"{source}: marked on {', '.join(r.name for r in rows)}.")

    def defeat_in_group(self, member_ids: Sequence[int], count: int) -> bool:
        """A Minion group card's boxes clicked: ``count`` of its Minions defeated."""
        return self.run(lambda: adversaries.defeat_in_group(
            self.session, [adversaries.combatant(self.session, i) for i in member_ids], count))

    # -- adversaries joining, and their own stat blocks ---------------------------------------

    def join(self, row: CombatantRow) -> bool:
        """``row`` at the end of the order; a second Sentry joins as "Sentry 2", so every card
        and row is told apart (as the library and the builder name them)."""
        from encounter_app.systems.daggerheart.services.library.builder import fight_names

        if row.kind == "adversary":
            [name] = fight_names(row.name, 1, (c.name for c in self.session.combatants))
            row = replace(row, name=name)
        return self.run(lambda: AddCombatant(self.session, row))

    def edit_card_stats(self, combatant_id: int, stats: StatBlock) -> bool:
        """This adversary's own copy of its stat block changed; the library's entry stays.
        Nothing when it is the same."""
        from encounter_app.systems.daggerheart.services.library import builder

        def build() -> UpdateCombatant | None:
            row = adversaries.combatant(self.session, combatant_id)
            if stats == row.stats:
                return None
            return builder.edit_card_stats(self.session, combatant_id, stats)

        return self.run(build)

    # -- a roll with an Experience ------------------------------------------------------------

    def roll(self, request: RollRequest[R], actor: str = "", experience: str = "") -> bool:
        """Roll ``request``; its answer is logged as one undo step. With ``experience``, its
        Fear is spent with the roll's log line, in that same step.

        The pool is checked before the roll (an empty one refuses it, said) and again when the
        dice are in (the GM may have spent the last Fear meanwhile: then nothing is logged and
        nothing spent, said). False when it was refused before rolling.
        """
        if self.refused():  # a finished encounter: said before anything is rolled
            return False
        if not experience:
            self._roller.roll(request)
            return True
        session, note = self.session, f"{actor}: {experience}"
        try:
            spend_one_fear(session, "experience", note,
                           f"No Fear to spend on {actor}'s {experience}: the roll was not "
                           "made.")
        except Refused as refused:
            self.say(str(refused), error=True)
            return False

        def record(_answer: RollResult[R], row: RollRow) -> QUndoCommand:
            spend = spend_one_fear(session, "experience", note,
                                   f"No Fear left to spend on {actor}'s {experience}: the roll "
                                   "was not logged.")
            return Compound(f"Roll: {row.summary}", [spend, RecordRoll(session, row)])

        self._roller.roll(request, record=record)
        return True

    # -- an adversary's attack or feature, in one click -----------------------------------------

    def attack(self, combatant_id: int, feature: str | None, target_ids: Sequence[int], *,
               advantage: bool | None = None, disadvantage: bool = False,
               experience: str = "", ask: Ask | None = None) -> bool:
        """The adversary's standard attack (``feature`` None) or attack feature against the
        PCs ``target_ids``, with the adversary's attack modifier against each Evasion; with
        advantage where the feature says (``advantage`` None) or as the GM chose.

        Its cost (Stress, the feature's Fear, an Experience's Fear) is checked before the roll
        and paid when it is logged, with the PCs' marks ``ask`` returns: one undo step. A
        refusal is said and rolls nothing; one when the dice are in (the Fear was spent
        meanwhile) logs nothing. False when it was refused before rolling.
        """
        session = self.session
        try:
            row = adversaries.combatant(session, combatant_id)
            use = features.use_of(row, feature)
            if use.kind != "attack":
                raise Refused(f"{use.name} makes no attack roll: use it from its card.")
            spent = features.experience_of(row, experience)
            features.payment(session, use, spent, "nothing was rolled")
            request = features.attack_request(
                use, features.targets_of(session, target_ids),
                advantage=use.advantage if advantage is None else advantage,
                disadvantage=disadvantage, experience=spent)
        except Refused as refused:
            self.say(str(refused), error=True)
            return False

        def rolled(answer: RollResult[AttackResult]) -> None:
            offers = feature_marks.attack_offers(session, use, request, answer.result)
            self._offer(use, spent, describe(answer), offers, ask, Reached(hits=len(offers)))

        self._roller.router.submit(request, rolled, f"{use.actor}'s {use.name}")
        return True

    def use_feature(self, combatant_id: int, feature: str,
                    results: Sequence[ReactionResult], *, difficulty: int | None = None,
                    ask: Ask | None = None, phone_rolls: Mapping[int, int] | None = None
                    ) -> bool:
        """A feature that makes no attack: the Reaction Roll it asks of the targets (each
        target's ``results``: a total, or succeeded or failed, as typed here or sent from a
        phone) against ``difficulty`` (None: the text's, else the adversary's own), or damage
        the targets simply take. Its damage is rolled once: a target who fails takes it all,
        one who succeeds half where the text says (``requests.half_damage``), else none; the
        riders fall on those who fail. Cost, log and marks are one undo step, as ``attack``;
        ``phone_rolls`` (a target's id -> the id of its Reaction Roll sent from its phone,
        waiting in the inbox) are answered in the same step.
        """
        session = self.session
        try:
            use = features.use_of(adversaries.combatant(session, combatant_id), feature)
            features.payment(session, use, None, "nothing was rolled")
            request = features.feature_request(session, use, results, difficulty)
        except Refused as refused:
            self.say(str(refused), error=True)
            return False

        phones = self._answered(use, request.difficulty or 0, request, phone_rolls or {})

        failed = sum(1 for target in request.targets if target.succeeded is False)

        def rolled(answer: RollResult[DiceRoll | None]) -> None:
            offers = feature_marks.feature_offers(session, use, request, answer.result)
            self._offer(use, None, describe(answer), offers, ask, Reached(failed=failed),
                        phones)

        self._roller.router.submit(request, rolled, f"{use.actor}'s {use.name}")
        return True

    def _answered(self, use: Use, difficulty: int, request: FeatureRequest,
                  phone_rolls: Mapping[int, int]) -> Callable[[], list[QUndoCommand]]:
        """What marks the targets' Reaction Rolls from their phones as answered by ``use``:
        built at record time (a roll answered meanwhile is left as it is)."""
        reached = {target.combatant_id for target in request.targets}

        def commands() -> list[QUndoCommand]:
            if self.inbox is None:
                return []
            note = f"For {use.actor}'s {use.name}"
            built = (self.inbox.used_command(roll_id, difficulty, note)
                     for target, roll_id in phone_rolls.items() if target in reached)
            return [command for command in built if command is not None]

        return commands

    def _offer(self, use: Use, experience: Experience | None, row: RollRow,
               offers: Sequence[PcHit], ask: Ask | None, reached: Reached,
               phones: Callable[[], list[QUndoCommand]] = list) -> None:
        """The dice are in: the GM marks the PCs (when ``ask`` and someone was touched),
        then the cost, the log line, the marks and the Fear the texts gain for what it
        ``reached`` (``fear_riders``) are pushed as one step."""
        answered: list[bool] = []

        def mark(chosen: Sequence[PcMarks]) -> None:
            if answered:  # the dialog answered once; a second answer changes nothing
                return
            answered.append(True)
            self._record(use, experience, row, chosen, reached, phones())

        if ask is not None and offers:
            ask(offers, f"{use.actor}'s {use.name}", row, mark)
        else:
            mark(())

    def _record(self, use: Use, experience: Experience | None, row: RollRow,
                chosen: Sequence[PcMarks], reached: Reached,
                also: Sequence[QUndoCommand] = ()) -> bool:
        session = self.session
        massive = adversaries.options(session).massive_damage
        try:
            paid = features.payment(session, use, experience, "the roll was not logged")
            pcs, no_armor = [], 0
            for marks in chosen:
                at = session.combatants.index_of(marks.combatant_id)
                if at >= 0:
                    before = session.combatants[at]
                    after = feature_marks.marked(before, marks, massive=massive)
                    no_armor += feature_marks.no_armor_for_rider(before, marks, massive=massive)
                    if after != before:
                        pcs.append((before, after))
            reached = replace(reached, no_armor=no_armor, hp_marked=sum(
                1 for before, after in pcs if after.hp_marked > before.hp_marked))
            gained = fear_riders.gain(adversaries.combatant(session, use.combatant_id), use,
                                      reached)
        except Refused as refused:
            self.say(str(refused), error=True)
            return False
        line = feature_marks.logged(row, pcs)
        gaining, gain_words = self._fear_gained(use, experience, gained)
        if gain_words or gained.reminders:
            line = replace(line, detail="\n".join(filter(None, [
                line.detail, gain_words, *gained.reminders])))
        command = Compound(f"{use.actor}: {use.name}", [
            *paid, RecordRoll(session, line),
            *(UpdateCombatant(session, after, f"{use.name} on {after.name}")
              for _before, after in pcs), *gaining, *also])
        if not self._roller.push(line, command):
            return False
        said = ["marked on " + "; ".join(
            f"{before.name}: {feature_marks.marks_words(before, after)}"
            for before, after in pcs)] if pcs else []
        said += [gain_words] if gain_words else []
        if said:  # the log line says it too; the status line says what just happened
            self.say(" · ".join([line.summary, *said]))
        return True

    def _fear_gained(self, use: Use, experience: Experience | None, gained: fear_riders.Gain
                     ) -> tuple[list[QUndoCommand], str]:
        """The ledger line of the Fear ``gained``, from the pool the use's own price leaves
        (``features.payment``), up to the cap (none when nothing is gained), and its words for
        the log: "You gain a Fear (Momentum)", and what the cap kept back."""
        if not gained.fear:
            return [], ""
        session = self.session
        pool = session.fear - use.cost_fear - (1 if experience is not None else 0)
        got = min(FEAR_CAP, pool + gained.fear) - pool
        if got <= 0:
            return [], (f"No Fear gained: the pool is at its cap of {FEAR_CAP} "
                        f"({', '.join(gained.sources)})")
        words = replace(gained, fear=got).words()
        if got < gained.fear:
            words += f", the pool at its cap of {FEAR_CAP}"
        return [SetFear(session, pool + got, "effect",
                        f"{use.actor}: {', '.join(gained.sources)}", before=pool)], words
