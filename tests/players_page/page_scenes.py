"""What the page's browser tests show it: fights as players' views, characters as a phone
holding one is sent them, and each system's roll forms built as that system builds them
(``PhoneForm``: the dice named for the player, the numbers and choices). The forms follow the
rules texts' dice: Daggerheart's Duality Dice with an advantage d6, Casus Mus's d100, Ruins &
Raiders' 2d6 + a trait, Forge of Power's d20 with a second d20 on advantage or disadvantage."""

from __future__ import annotations

import json
from typing import Any

from encounter_app.domain.player_rolls import (
    PhoneChoice,
    PhoneDie,
    PhoneForm,
    PhoneNumber,
    PhoneResult,
    PhoneRoll,
    PhoneSubmission,
    RollStatus,
)
from encounter_app.domain.player_view import PlayerCountdown, PlayerEntry, PlayerRoll, PlayerView

ADVANTAGE = PhoneChoice("advantage", "Advantage", (
    ("none", "Neither"), ("advantage", "Advantage: add a d6"),
    ("disadvantage", "Disadvantage: take a d6 off")))
DUALITY = (PhoneDie("hope", "Hope Die (d12)", 12), PhoneDie("fear", "Fear Die (d12)", 12),
           PhoneDie("advantage", "Advantage or disadvantage d6", 6,
                    when=("advantage", ("advantage", "disadvantage"))))
DUALITY_WORDS = "Duality Dice: d12 Hope + d12 Fear, and a d6 with advantage or disadvantage"
DAGGERHEART = (
    PhoneForm("action", "Action roll", DUALITY_WORDS, DUALITY,
              (PhoneNumber("trait", "Trait (with any other modifier)", -10, 20),
               PhoneNumber("experience", "Experience's bonus, if you spend a Hope on one", 1,
                           10, default=2)),
              (ADVANTAGE, PhoneChoice("hope", "Spend a Hope", (
                  ("no", "No"), ("experience", "On an Experience: add its bonus"),
                  ("help", "To help an ally: your own roll gains nothing")))),
              gm_sets="Difficulty", gm_default=12),
    PhoneForm("reaction", "Reaction roll", DUALITY_WORDS, DUALITY,
              (PhoneNumber("trait", "Trait (with any other modifier)", -10, 20),),
              (ADVANTAGE,), gm_sets="Difficulty", gm_default=12),
)
CASUS_MUS = (
    PhoneForm("skill", "Skill roll", "Percentile dice: d100 (roll under your skill)",
              (PhoneDie("d100", "d100", 100),),
              (PhoneNumber("skill", "Your skill (%)", 1, 99, default=50),)),
)
RUINS_AND_RAIDERS = (
    PhoneForm("check", "Trait check", "Two six-sided dice: 2d6 + your trait",
              (PhoneDie("first", "First d6", 6), PhoneDie("second", "Second d6", 6)),
              (PhoneNumber("bonus", "Trait's bonus", -3, 6),),
              (PhoneChoice("trait", "Trait", (("might", "Might"), ("grace", "Grace"),
                                              ("wits", "Wits"), ("heart", "Heart"))),)),
)
FORGE_OF_POWER = (
    PhoneForm("check", "Check", "A d20 + your bonus; a second d20 with advantage or "
              "disadvantage",
              (PhoneDie("d20", "d20", 20),
               PhoneDie("second", "Second d20", 20,
                        when=("edge", ("advantage", "disadvantage")))),
              (PhoneNumber("bonus", "Bonus", -5, 15),),
              (PhoneChoice("edge", "Advantage", (("none", "Neither"),
                                                  ("advantage", "Advantage: keep the higher"),
                                                  ("disadvantage",
                                                   "Disadvantage: keep the lower"))),)),
)
SYSTEMS = {"daggerheart": ("Daggerheart", DAGGERHEART),
           "casus_mus": ("Casus Mus", CASUS_MUS),
           "ruins_and_raiders": ("Ruins & Raiders", RUINS_AND_RAIDERS),
           "forge_of_power": ("Forge of Power", FORGE_OF_POWER)}

PARTY = (("pick-1", "Aria Vell"), ("pick-2", "Brannoc"), ("pick-3", "Corvin"))


def entry(name: str, kind: str = "adversary", *, active: bool = False, defeated: bool = False,
          conditions: tuple[str, ...] = ()) -> PlayerEntry:
    return PlayerEntry(name, kind, active, defeated, conditions)


def view(system: str = "daggerheart", *, seq: int = 1, round_: int = 1, fear: int | None = 3,
         order: tuple[tuple[str, PlayerEntry], ...] | None = None,
         countdowns: tuple[PlayerCountdown, ...] = (),
         rolls: tuple[PlayerRoll, ...] = ()) -> dict[str, Any]:
    """A "view" message: ``order`` as (key, entry) pairs; the party by default, Aria first."""
    if order is None:
        order = tuple((f"k{i}", entry(name, "pc", active=i == 0))
                      for i, (_pick, name) in enumerate(PARTY))
        order += (("k9", entry("Bramble Stalker")),)
    shown = PlayerView(system, round_, fear, tuple(e for _k, e in order), countdowns, rolls)
    data = shown.to_json()
    for (key, _entry), item in zip(order, data["order"], strict=True):
        item["key"] = key
    title = SYSTEMS[system][0]
    return as_sent({"type": "view", "seq": seq, "view": data,
                    "words": {"system": title, "order": "Spotlight order",
                              "active": "Spotlight"},
                    "characters": [{"pick": pick, "name": name, "held": False}
                                   for pick, name in PARTY]})


def character(pick: str = "pick-1", system: str = "daggerheart",
              history: tuple[PhoneRoll, ...] = ()) -> dict[str, Any]:
    """The "own" character a phone holding ``pick`` is sent."""
    name = dict(PARTY)[pick]
    sheet = {"daggerheart": [["HP", "2 of 6 marked"], ["Stress", "1 of 6 marked"],
                             ["Hope", "3 of 6"], ["Armor", "1 of 3 slots marked"],
                             ["Conditions", "Vulnerable"]],
             "casus_mus": [["HP", "9 of 12"], ["AP", "2"], ["Luck", "40"]],
             "ruins_and_raiders": [["Wounds", "1"], ["Actions", "2"]],
             "forge_of_power": [["HP", "14 of 20"]]}[system]
    return as_sent({"pick": pick, "name": name, "sheet": sheet,
                    "forms": [form.to_json() for form in SYSTEMS[system][1]],
                    "history": [roll.to_json() for roll in history]})


def as_sent(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` as the page reads it, after JSON (tuples as lists)."""
    return dict(json.loads(json.dumps(message)))


def roll(form: str, dice: tuple[tuple[str, int], ...], status: RollStatus = RollStatus.WAITING,
         result: PhoneResult | None = None, note: str = "",
         rolled_for_them: bool = False) -> PhoneRoll:
    """One roll in a phone's history."""
    return PhoneRoll(None, 1, PhoneSubmission("Aria Vell", None, form), dice, rolled_for_them,
                     status, result, note)


def open_page(page: Any, server: Any) -> None:
    """Open the page as a phone does, and wait for the fight to be drawn."""
    page.go(server.url)
    page.wait(lambda: page.text("#link") == "Live" and page.shown("#order li"))


def claim(page: Any, server: Any, name: str) -> None:
    """Pick ``name`` and say it is mine; wait until the page shows it as mine."""
    page.choose("#character", name)
    page.click("#claim-button")
    page.wait(lambda: page.shown("#mine") and page.text("#my-name") == name)
