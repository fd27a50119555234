"""Whatever the GM rolls and shows, the players never learn a secret (issue 17).

Hypothesis builds a fight in any of the four systems, with visible and hidden PCs and
adversaries, shown and GM-only countdowns, and the GM's numbers planted where the players must
never read them: Difficulties, DCs, challenge levels, Evasions, skills, HP, Stress, thresholds,
all far outside what a die shows (200 to 999, either sign, so rolls both succeed and fail).
It rolls every kind of roll the program logs, through the rules and the log's own words
(``rules_service.compute``, ``roll_text.describe``, services/fight/table.py, the clash), makes
every one public, and reads every text of the player view and of the player display showing
it. None may hold a hidden combatant's name or attack, a GM-only countdown, "unseen", a word
of the GM's numbers (DC, Difficulty, Defense...), a planted number, or how strong a Daggerheart
variant is ("(Elite)", "(Weaker)": it reads as its adversary's own name).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.domain import CombatantRow, CountdownRow, RollRow
from encounter_app.domain.countdown_steps import Event, steps
from encounter_app.domain.initiative import Initiant
from encounter_app.domain.player_view import (
    PlayerView,
    Sight,
    plain_name,
    player_view,
    roll_words,
)
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.domain.rows import StatBlock
from encounter_app.domain.system_data import SystemData
from encounter_app.rules import casus_mus, daggerheart
from encounter_app.rules.daggerheart import Outcome, RestKind
from encounter_app.services.fight import table
from encounter_app.services.player_view import PlayerFeed
from encounter_app.services.rolls.rules_service import compute
from encounter_app.systems.casus_mus.requests import SkillRollRequest
from encounter_app.systems.casus_mus.services.clash import ClashFlow, Side
from encounter_app.systems.daggerheart.requests import AttackRequest, ReactionRequest, Target
from encounter_app.systems.forge_of_power.requests import (
    FopAttackRequest,
    FopTarget,
    LevelCheckRequest,
)
from encounter_app.systems.forge_of_power.text import with_reroll
from encounter_app.systems.ruins_and_raiders.requests import TraitCheckRequest
from tests.helpers.shown import everything_shown
from tests.helpers.systems import SYSTEMS, initiative_request

KEYS = ("daggerheart", "casus_mus", "ruins_and_raiders", "forge_of_power")
PCS = (("Aria Vell", "Radiant Spear"), ("Brannoc", "Oak Shield Bash"),
       ("Wren Tallow", "Twin Daggers"))
ADVERSARIES = (("Chapel Warden", "Bell Flail"), ("Ashen Sentry", "Cinder Maul"),
               ("Hollow Archer", "Bone Longbow"), ("Bramble Stalker", "Thorned Claws"))
# Daggerheart's weaker and elite copies (domain/variants.py), numbered as the builder does.
VARIANTS = (("Mire Widow (Elite)", "Reed Lash"), ("Cinder Imp (Weaker) 2", "Spark Bite"))
COUNTDOWNS = ("The bell tower collapses", "Reinforcements arrive", "Floodgate", "Riot")
EXPERIENCES = ("Ambusher", "Keen Senses")  # an adversary's, bought with Fear: its stat block
DAMAGE = "2d9+1"  # every adversary's damage dice: its stat block's, never shown
#: Never in what the players read, whatever its case ("DC" and "HP" only as words).
WORDS = re.compile(r"\bDC\b|\bHP\b|difficult|defen[cs]e|threshold|stress|evasion|challenge|"
                   r"\bmox\b|unseen|%|\bmajor\b|\bsevere\b|\((?:elite|weaker)\)",
                   re.IGNORECASE)
SECRET = st.integers(200, 999)
SIGNED_SECRET = st.builds(lambda n, negative: -n if negative else n, SECRET, st.booleans())


@dataclass(frozen=True)
class Planted(SystemData):
    """A sheet's secret numbers, of any system: the players never read them."""

    defense: int = 0
    perception: int = 0


@dataclass
class Fight:
    system: str
    combatants: list[CombatantRow]
    attacks: dict[int, str]  # combatant id -> its attack's name
    countdowns: list[CountdownRow]
    rolls: list[RollRow]  # newest first
    numbers: set[int]  # planted: never to be read

    def hidden(self) -> list[CombatantRow]:
        return [c for c in self.combatants if c.hidden]

    def secret_texts(self) -> list[str]:
        hidden = self.hidden()
        return ([c.name for c in hidden] + [self.attacks[c.id] for c in hidden]
                + [c.name for c in self.countdowns if not c.visible]
                + list(EXPERIENCES) + [DAMAGE])


@st.composite
def combatants(draw, variants: bool = False
               ) -> tuple[list[CombatantRow], dict[int, str], set[int]]:
    """PCs and adversaries with their secret numbers planted; at least one of each
    (``variants``: weaker and elite copies among them)."""
    pcs = draw(st.lists(st.sampled_from(PCS), min_size=1, max_size=3, unique=True))
    foes = draw(st.lists(st.sampled_from(ADVERSARIES + (VARIANTS if variants else ())),
                         min_size=1, max_size=4, unique=True))
    rows, attacks, numbers = [], {}, set()
    for number, ((name, attack), kind) in enumerate(
            [(p, "pc") for p in pcs] + [(f, "adversary") for f in foes], 1):
        hp, stress, difficulty, major, severe, stat, evasion = (draw(SECRET) for _ in range(7))
        numbers |= {hp, stress, difficulty, major, severe, stat, evasion}
        stats = None if kind == "pc" else StatBlock(
            name, 1, "Standard", difficulty, major, severe, hp, stress, 1, attack, "Melee",
            DAMAGE, motives="Hide and wait", experiences=(), features=())
        rows.append(CombatantRow(
            kind, name, number, evasion=evasion if kind == "pc" else None, hp_max=hp,
            hp_marked=draw(st.integers(0, 3)), stress_max=stress, stats=stats,
            conditions=tuple(draw(st.lists(st.sampled_from(["Vulnerable", "Restrained"]),
                                           unique=True))),
            hidden=draw(st.booleans()), notes=f"weak to fire, {stat} HP",
            system_stats=Planted(defense=stat, perception=2)))
        attacks[number] = attack
    return list(draw(st.permutations(rows))), attacks, numbers  # the order is the GM's


def rolled(request: Any, rng: random.Random) -> RollRow:
    return describe(RollResult(0, request, compute(request, rng)))


class Rolls:
    """Every kind of roll the program logs, as it logs them, with secrets planted."""

    def __init__(self, draw: Any, fight: Fight, rng: random.Random) -> None:
        self.draw, self.fight, self.rng = draw, fight, rng

    def secret(self) -> int:
        value = self.draw(SIGNED_SECRET)
        self.fight.numbers.add(abs(value))
        return value

    def someone(self) -> CombatantRow:
        return self.draw(st.sampled_from(self.fight.combatants))

    def others(self, actor: CombatantRow) -> list[CombatantRow]:
        rest = [c for c in self.fight.combatants if c is not actor]  # one at least: a PC and a
        return self.draw(st.lists(st.sampled_from(rest), min_size=1, unique_by=id))  # foe

    def countdown(self) -> CountdownRow | None:
        rows = self.fight.countdowns
        return self.draw(st.sampled_from(rows)) if rows else None

    # -- every system ------------------------------------------------------------------------

    def dice(self) -> RollRow:
        label = self.draw(st.sampled_from(["", "Fall from Close range",
                                           "Fate roll, Hope Die (the roof holds)"]))
        return rolled(DiceRequest(self.draw(st.sampled_from(["1d20", "2d6+1", "1d12"])), label),
                      self.rng)

    def countdown_start(self) -> RollRow | None:
        row = self.countdown()
        if row is None:
            return None
        start = rolled(DiceRequest("1d6", f"Start of {row.name}"), self.rng)
        return table.start_row(start, row.name)

    def trigger(self) -> RollRow | None:
        row = self.countdown()
        if row is None:
            return None
        moved = steps([replace(row, value=1)], Event.HAND)
        return table.trigger_rows(moved, "Ticked by hand", self.fight.countdowns)[0]

    def rest(self) -> RollRow:
        kind = self.draw(st.sampled_from(list(RestKind)))
        rows = self.fight.countdowns
        moved = steps(rows, Event.REST)
        if self.fight.system != "daggerheart":
            return table.rest_row(kind, None, 0, "", "3 PCs", moved, rows)
        fear = daggerheart.rest_fear(kind, 3, self.rng)
        return table.rest_row(kind, fear, fear.total, f"GM gains {fear.total} Fear", "3 PCs",
                              moved, rows)

    # -- Daggerheart -------------------------------------------------------------------------

    def attack(self) -> RollRow:
        actor = self.someone()
        targets = tuple(Target(t.name, self.secret(), t.id) for t in self.others(actor))
        return rolled(AttackRequest(
            actor.name, self.draw(st.integers(-3, 5)), DAMAGE, targets,
            attack_name=self.fight.attacks[actor.id], advantage=self.draw(st.booleans()),
            experience=self.draw(st.sampled_from([0, 2])),
            experience_name=self.draw(st.sampled_from(EXPERIENCES)),
            combatant_id=actor.id), self.rng)

    def reaction(self) -> RollRow:
        actor = self.someone()
        return rolled(ReactionRequest(
            actor.name, self.secret(), bonus=self.draw(st.integers(-3, 3)),
            disadvantage=self.draw(st.booleans()), combatant_id=actor.id,
            kind=self.draw(st.sampled_from(["reaction", "action"])),
            experience_name=self.draw(st.sampled_from(EXPERIENCES))), self.rng)

    def outcome(self) -> RollRow:
        outcome = self.draw(st.sampled_from(list(Outcome)))
        rows = self.fight.countdowns
        moved = steps(rows, outcome)
        gained = daggerheart.fear_gained(outcome)
        return table.outcome_row(outcome, gained, f"GM gains {gained} Fear" if gained else "",
                                 moved, rows)

    def pc_miss(self) -> RollRow:
        rows = self.fight.countdowns
        return table.miss_row(steps(rows, Event.PC_MISS), rows)

    # -- Casus Mus ---------------------------------------------------------------------------

    def skill(self) -> RollRow:
        actor = self.someone()
        return rolled(SkillRollRequest(actor.name, self.secret(), "Combat", actor.id), self.rng)

    def clash(self) -> RollRow:
        attacker = self.someone()
        defender = self.others(attacker)
        sides = [Side(c.id, c.name, self.secret(), "Combat", 2, 1)
                 for c in (attacker, defender[0])]
        flow = ClashFlow(*sides)
        flow.attack(casus_mus.roll_skill(sides[0].skill, self.rng))
        if self.draw(st.booleans()):
            flow.react(casus_mus.roll_skill(sides[1].skill, self.rng))
        else:
            flow.decline()
        return flow.log_row()

    # -- Ruins & Raiders ---------------------------------------------------------------------

    def trait(self) -> RollRow:
        actor = self.someone()
        challenge = self.secret()
        reason = f"Fair {challenge:+d} (the target's Defense)"
        if self.draw(st.booleans()):  # a task
            return rolled(TraitCheckRequest(actor.name, 2, challenge, "Athlete", reason,
                                            actor.id), self.rng)
        # An attack: a challenge far below the total always hits (but on a natural 2), and its
        # Wounds are small: mox (total - challenge) + wound base (challenge + a little).
        challenge = -abs(challenge)
        wound_base = challenge + self.draw(st.integers(-2, 6))
        self.fight.numbers.add(abs(wound_base))
        target = self.others(actor)[0]
        return rolled(TraitCheckRequest(actor.name, 3, challenge, "Warrior", reason, actor.id,
                                        wound_base=wound_base, target=target.name), self.rng)

    def initiative(self) -> RollRow:
        system = self.fight.system
        if system not in ("ruins_and_raiders", "forge_of_power"):
            system = self.draw(st.sampled_from(["ruins_and_raiders", "forge_of_power"]))
        initiants = tuple(Initiant(c.id, c.name, self.draw(st.integers(-1, 4)),
                                   rolls=c.kind == "pc" or system == "forge_of_power")
                          for c in self.fight.combatants)
        return rolled(initiative_request(system, initiants), self.rng)

    # -- Forge of Power ----------------------------------------------------------------------

    def level_check(self) -> RollRow:
        actor = self.someone()
        request = LevelCheckRequest(actor.name, self.draw(st.integers(-2, 6)), self.secret(),
                                    "Agility check", advantage=self.draw(st.booleans()),
                                    combatant_id=actor.id)
        first = rolled(request, self.rng)
        if not self.draw(st.booleans()):
            return first
        return with_reroll(first, rolled(request, self.rng), self.draw(st.booleans()))

    def fop_attack(self) -> RollRow:
        actor = self.someone()
        targets = tuple(FopTarget(t.name, self.secret(), t.id) for t in self.others(actor))
        return rolled(FopAttackRequest(actor.name, self.draw(st.integers(-2, 6)), targets,
                                       self.fight.attacks[actor.id], combatant_id=actor.id),
                      self.rng)


COMMON = ("dice", "countdown_start", "trigger", "rest")
KINDS = {
    "daggerheart": (*COMMON, "attack", "reaction", "outcome", "pc_miss"),
    "casus_mus": (*COMMON, "skill", "clash"),
    "ruins_and_raiders": (*COMMON, "trait", "initiative"),
    "forge_of_power": (*COMMON, "level_check", "fop_attack", "initiative"),
}


@st.composite
def fights(draw) -> Fight:
    system = draw(st.sampled_from(KEYS))
    rows, attacks, numbers = draw(combatants(variants=system == "daggerheart"))
    names = draw(st.lists(st.sampled_from(COUNTDOWNS), max_size=3, unique=True))
    countdowns = [CountdownRow(name, draw(st.integers(2, 8)), draw(st.integers(1, 2)), id=i,
                               long_term=draw(st.booleans()), visible=draw(st.booleans()))
                  for i, name in enumerate(names, 1)]
    fight = Fight(system, rows, attacks, countdowns, [], numbers)
    make = Rolls(draw, fight, random.Random(draw(st.integers(0, 2**32))))
    logged = []
    for kind in draw(st.lists(st.sampled_from(KINDS[system]), min_size=1, max_size=8)):
        row = getattr(make, kind)()
        if row is not None:
            logged.append(replace(row, public=True))
    fight.rolls = logged[::-1]  # the log is newest first
    return fight


def view_of(fight: Fight) -> PlayerView:
    active = fight.combatants[0].id
    return player_view(SYSTEMS.get(fight.system), fight.combatants, fight.countdowns,
                       fight.rolls, fear=5,
                       round_=2, active_id=active)


def texts_of(value: Any) -> list[str]:
    """Every string and number in a view's JSON."""
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in [k, *texts_of(v)]]
    if isinstance(value, list):
        return [t for v in value for t in texts_of(v)]
    return [str(value)]


def assert_nothing_secret(text: str, fight: Fight) -> None:
    found = WORDS.search(text)
    assert found is None, f"the players read {found.group()!r} in {text!r}"
    for secret in fight.secret_texts():
        assert secret not in text, f"the players read {secret!r} in {text!r}"
    leaked = {int(n) for n in re.findall(r"\d+", text)} & fight.numbers
    assert not leaked, f"the players read the GM's {leaked} in {text!r}"


SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


@pytest.fixture(scope="module")
def display(qapp):
    """One player display, shown, whose feed each example publishes its view to."""
    from encounter_app.ui.players.display import PlayerDisplay

    feed = PlayerFeed(PlayerView("daggerheart", 1, 0, (), (), ()))
    shown = PlayerDisplay(feed)
    shown.show()
    yield shown
    shown.close()
    shown.deleteLater()


@SETTINGS
@given(fight=fights())
def test_the_players_never_learn_a_secret(display, fight):
    view = view_of(fight)
    sight = Sight(fight.combatants, fight.countdowns, fight.system == "daggerheart")
    every_roll = [roll_words(row, sight, SYSTEMS.get(fight.system)) for row in fight.rolls]
    for text in [*texts_of(view.to_json()), *every_roll]:
        assert_nothing_secret(text, fight)
    display.feed.publish(view)
    on_screen = everything_shown(display)
    assert_nothing_secret(on_screen, fight)

    # And it is not silence: the visible are there, and what concerns only them is shown.
    assert [e.name for e in view.order] == [plain_name(c.name) for c in fight.combatants
                                            if not c.hidden]
    assert all(e.name in on_screen for e in view.order)
    assert view.latest_roll in on_screen
    assert (view.fear is not None) == (fight.system == "daggerheart")
    if not fight.hidden() and all(c.visible for c in fight.countdowns):
        assert all(every_roll), "with nothing hidden, every roll is the players'"
        assert [r.text for r in view.rolls] == every_roll[:len(view.rolls)]
