"""What the players may see of the fight: one definition, for every screen that shows it to them.

``player_view`` is a pure function from the fight's plain rows to a frozen ``PlayerView``: the
second-screen display renders it (``ui/players``), and anything else that shows the players the
fight (a web page on their phones, served from another thread) can take the same value and
``to_json`` it. Nothing here knows Qt, the store or a thread.

What it keeps from the players, and how:

- **The GM's numbers are not fields.** No class here has a Difficulty, DC, challenge level,
  Defense, Evasion, damage threshold, HP, Stress, stat block, note or store id (whose gaps
  would count what is hidden), so nothing can carry one through.
- **A hidden combatant is absent**, not renamed: it is not in the order; a roll it made is not
  shown at all; as one of a roll's targets it is left out, and a roll whose every target is
  hidden is not shown (its result concerns only the hidden); in an initiative roll only the
  visible are listed, so its place and its turn stay unknown. A roll whose combatant id is
  unknown (removed since) is judged by its name.
- **A GM-only countdown is absent**: not listed, its trigger line and its rolled start not shown.
- **Only the rolls the GM made public**, each written anew from its structured payload (the
  request and the rules' result, ``roll_text.describe`` and ``systems/words.py``) in the
  system's own words, never from the GM's summary text: a DC in that text cannot slip through.
  What the players see of a roll: who rolled, what, the total, the verdict, the damage or
  Wounds dealt. Not the modifiers, the dice the GM kept secret, a Ruins & Raiders mox (total
  minus the challenge level, which it would give away), an adversary's Experience, or the
  fixed initiative of a Ruins & Raiders foe (its Perception + 7).
- A roll kind this module does not know, or a payload it cannot read (a log from an older
  version), is not shown: what is not understood is not shown.
- Fear is shown in Daggerheart, the one system whose GM holds it at the table.
- Text the GM typed for the table shows as typed: names, conditions, countdown names, a dice
  roll's label, a Fate roll's stake.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from encounter_app.domain.optional_rules import RuleOptions
from encounter_app.domain.rows import CombatantRow, CountdownRow, RollRow
from encounter_app.domain.spotlight_tokens import token_text
from encounter_app.domain.systems.requests import InitiativeScore, initiative_order
from encounter_app.rules import casus_mus
from encounter_app.rules.daggerheart import Outcome, RestKind, quick_phrase
from encounter_app.rules.systems import system as system_of

ROLLS_SHOWN = 3  # the newest public rolls a view carries; the display shows the first


@dataclass(frozen=True)
class PlayerEntry:
    """One place in the spotlight order, as the players see it."""

    name: str
    kind: str  # "pc", "adversary" or "npc"
    active: bool
    defeated: bool
    conditions: tuple[str, ...] = ()
    # A PC's spotlight tokens ("●●○") while the campaign plays the Spotlight Tracker: the
    # players keep them on their sheets at the table, so they may see them. "" otherwise.
    tokens: str = ""


@dataclass(frozen=True)
class PlayerCountdown:
    """A countdown the GM has shown: its name and how far it has run."""

    name: str
    value: int
    start: int
    triggered: bool
    loops: int


@dataclass(frozen=True)
class PlayerRoll:
    """A roll the GM made public, in words safe for the players."""

    kind: str  # the roll log's kind: "attack", "fop_check", "initiative"...
    text: str


@dataclass(frozen=True)
class PlayerView:
    """Everything the players may see of the fight at one moment."""

    system: str  # the rule system's key
    round: int
    fear: int | None  # None in a system without a GM's Fear
    order: tuple[PlayerEntry, ...]
    countdowns: tuple[PlayerCountdown, ...]
    rolls: tuple[PlayerRoll, ...]  # newest first, at most ROLLS_SHOWN

    @property
    def latest_roll(self) -> str:
        return self.rolls[0].text if self.rolls else ""

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data (lists, dicts, strings, numbers), for a page in a browser."""
        return dataclasses.asdict(self)


def player_view(system: str, combatants: Iterable[CombatantRow],
                countdowns: Iterable[CountdownRow], rolls: Iterable[RollRow], *, fear: int,
                round_: int, active_id: int | None,
                options: RuleOptions | None = None) -> PlayerView:
    """What the players may see: ``rolls`` newest first, as the roll log keeps them;
    ``options``: the campaign's optional rules (the Spotlight Tracker's tokens show)."""
    combatants, countdowns = list(combatants), list(countdowns)
    sight = Sight(combatants, countdowns, system_of(system).has_fear)
    rules = options or RuleOptions()
    order = tuple(PlayerEntry(c.name, c.kind, c.id == active_id, c.defeated, c.conditions,
                              token_text(c, rules))
                  for c in combatants if not c.hidden)
    shown = tuple(PlayerCountdown(c.name, c.value, c.start, c.triggered, c.loops)
                  for c in countdowns if c.visible)
    said: list[PlayerRoll] = []
    for row in rolls:
        if len(said) == ROLLS_SHOWN:
            break
        if row.public and (text := roll_words(row, sight)):
            said.append(PlayerRoll(row.kind, text))
    return PlayerView(system, round_, fear if sight.fear else None, order, shown, tuple(said))


class Sight:
    """Who and what the players can see now, to judge a roll's parts by."""

    def __init__(self, combatants: list[CombatantRow], countdowns: list[CountdownRow],
                 fear: bool) -> None:
        self.visible_ids = {c.id for c in combatants if not c.hidden and c.id is not None}
        self.hidden_ids = {c.id for c in combatants if c.hidden and c.id is not None}
        self.hidden_names = {c.name for c in combatants if c.hidden}
        self.countdown_names = {c.id: c.name for c in countdowns if c.visible}
        self.fear = fear

    def sees(self, name: str, combatant_id: int | None) -> bool:
        """A roll's actor or target: by its id while that combatant is in the fight, else by
        its name (removed and put back, it has a new id)."""
        if combatant_id in self.visible_ids:
            return True
        if combatant_id in self.hidden_ids:
            return False
        return name not in self.hidden_names


def roll_words(row: RollRow, sight: Sight) -> str:
    """A public roll in the players' words; "" when it is not for them (see the module)."""
    words = _WORDS.get(row.kind)
    if words is None:
        return ""
    try:
        return words(row.payload, sight)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return ""  # a payload this version cannot read is not shown


def _listed(names: list[str]) -> str:
    return ", ".join(names)


# -- Daggerheart --------------------------------------------------------------------------------


def _attack(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["attacker"], request.get("combatant_id")):
        return ""
    targets = [(t["name"], bool(h)) for t, h in zip(request["targets"], result["hits"],
                                                    strict=True)
               if sight.sees(t["name"], t.get("combatant_id"))]
    if request["targets"] and not targets:
        return ""
    hit = [name for name, h in targets if h]
    missed = [name for name, h in targets if not h]
    parts = ([f"hits {_listed(hit)}"] if hit else []) + (
        [f"misses {_listed(missed)}"] if missed else [])
    critical = "CRITICAL " if result["critical"] else ""
    text = f"{request['attacker']} {request['attack_name']}: {critical}{result['total']}"
    if parts:
        text += ", " + "; ".join(parts)
    if hit and result.get("damage_total") is not None:
        text += f" for {result['damage_total']} damage"
    return text


def _reaction(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["actor"], request.get("combatant_id")):
        return ""
    verdict = "succeeds" if result["success"] else "fails"
    if result["critical"]:
        verdict = "succeeds (critical)"
    return f"{request['actor']}: {request['kind']} roll {result['total']}, {verdict}"


def _dice(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    rolled = f"{request['expression']} = {result['total']}"
    if "countdown" in payload:  # a countdown's rolled start (services/fight/table.py), logged
        name = payload["countdown"]  # before the countdown had an id: known by its name
        if name not in sight.countdown_names.values():
            return ""
        return f"{name} starts at {result['total']} (rolled {request['expression']})"
    label = request["label"]
    return f"{label}: {rolled}" if label else rolled


def _outcome(payload: Mapping[str, Any], sight: Sight) -> str:
    if payload.get("event") == "pc_miss":
        return "A PC missed an attack"
    outcome = Outcome[payload["outcome"]]
    text = f"{outcome.value}: {quick_phrase(outcome).split(' (')[0]}"
    # A roll sent from the players' page (or typed by the GM) names its player, if seen.
    player = payload.get("player")
    if player and sight.sees(player, None):
        text = f"{player}: {text}"
    return text + _fear_gained(payload, sight)


def _rest(payload: Mapping[str, Any], sight: Sight) -> str:
    kind = RestKind(payload["rest"])
    text = ("Rest" if payload.get("roll") is None  # a system without Fear: one rest
            else "Short rest" if kind is RestKind.SHORT else "Long rest")
    return text + _fear_gained(payload, sight)


def _fear_gained(payload: Mapping[str, Any], sight: Sight) -> str:
    gained = int(payload.get("fear_gained") or 0)
    return f"; the GM gains {gained} Fear" if sight.fear and gained else ""


def _countdown(payload: Mapping[str, Any], sight: Sight) -> str:
    name = sight.countdown_names.get(payload["countdown_id"])
    return f"⚠ {name} TRIGGERED" if name else ""


# -- Casus Mus ----------------------------------------------------------------------------------

_GRADE_WORDS = {"CRITICAL": "critical", "SUCCESS": "success", "FAILURE": "failure",
                "FUMBLE": "fumble"}


def _skill(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["actor"], request.get("combatant_id")):
        return ""
    roll = int(result["roll"])
    d100 = "00" if roll == casus_mus.D100 else f"{roll:02d}"
    return f"{request['actor']}: {request['skill_name']} {d100}, {_GRADE_WORDS[result['grade']]}"


def _clash(payload: Mapping[str, Any], sight: Sight) -> str:
    """Shown when both sides are visible: a clash is between the two of them."""
    attacker, defender = payload["attacker_name"], payload["defender_name"]
    if not (sight.sees(attacker, payload["attacker_id"])
            and sight.sees(defender, payload["defender_id"])):
        return ""
    grades = _GRADE_WORDS[payload["attacker_grade"]] + " vs " + (
        _GRADE_WORDS[payload["defender_grade"]] if payload["reacted"] else "no reaction")
    hitter = {"attacker": attacker, "defender": defender}.get(payload["hitter"])
    if hitter is None:
        fumbled = [{"attacker": attacker, "defender": defender}[f] for f in payload["fumbled"]]
        verdict = "nobody hits" + (f" ({' and '.join(fumbled)} fumbled)" if fumbled else "")
    else:
        maneuvers = int(payload["maneuvers"])
        verdict = f"{hitter} hits" + (
            f" and picks {maneuvers} Combat Maneuver{'s' if maneuvers != 1 else ''}"
            if maneuvers else "")
    return f"Clash {attacker} → {defender} ({grades}): {verdict}"


# -- Ruins & Raiders ----------------------------------------------------------------------------


def _trait(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["actor"], request.get("combatant_id")):
        return ""
    target = request.get("target") or ""
    if target and not sight.sees(target, None):
        if request.get("wound_base") is not None:
            return ""  # an attack on the hidden concerns only them
        target = ""
    against = f" vs {target}" if target else ""
    text = (f"{request['actor']}: {request['trait_name']} check{against} {result['total']}, "
            f"{'success' if result['success'] else 'failure'}")
    if request.get("wound_base") is not None and result["success"]:
        text += f", {max(int(result['mox']) + int(request['wound_base']), 0)} wounds"
    return text


def _initiative(payload: Mapping[str, Any], sight: Sight) -> str:
    request = payload["request"]
    scores = [InitiativeScore(int(s["combatant_id"]), str(s["name"]), tuple(s["dice"]),
                              int(s["total"]), int(s["bonus"])) for s in payload["result"]]
    shown = [f"{s.name} {s.total}" if s.dice else s.name  # a fixed value is Perception + 7
             for s in initiative_order(request["system"], scores)
             if sight.sees(s.name, s.combatant_id)]
    return "Initiative: " + _listed(shown) if shown else ""


# -- Forge of Power -----------------------------------------------------------------------------

_LEVEL_WORDS = {"CRITICAL_SUCCESS": "Critical Success", "SUCCESS": "Success",
                "FAILURE": "Failure", "CRITICAL_FAILURE": "Critical Failure"}


def _level_check(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["actor"], request.get("combatant_id")):
        return ""
    return (f"{request['actor']}: {request['label']} {result['total']}, "
            f"{_LEVEL_WORDS[result['level']]}")


def _fop_attack(payload: Mapping[str, Any], sight: Sight) -> str:
    request, result = payload["request"], payload["result"]
    if not sight.sees(request["attacker"], request.get("combatant_id")):
        return ""
    parts = [f"{_LEVEL_WORDS[level]} vs {t['name']}"
             for t, level in zip(request["targets"], result["levels"], strict=True)
             if sight.sees(t["name"], t.get("combatant_id"))]
    if not parts:
        return ""
    return f"{request['attacker']} {request['label']} {result['total']}: " + "; ".join(parts)


_WORDS: dict[str, Callable[[Mapping[str, Any], Sight], str]] = {
    "attack": _attack, "reaction": _reaction, "action": _reaction, "dice": _dice,
    "outcome": _outcome, "rest": _rest, "countdown": _countdown,
    "skill": _skill, "clash": _clash,
    "trait": _trait, "initiative": _initiative,
    "fop_check": _level_check, "fop_attack": _fop_attack,
}
