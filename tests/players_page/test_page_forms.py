"""Each system's roll forms on the phone holding a character: the dice named so the player
knows what to throw, one field per die thrown with the choices made (a die's ``when``), the
roll sent as the protocol says, the GM's queue, then the dice, total and outcome as the GM's
side reports them. In a real headless Chromium against the GM's side as a script."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_app.domain.player_rolls import PhoneResult, RollStatus
from tests.players_page.page_scenes import (
    CASUS_MUS,
    DAGGERHEART,
    FORGE_OF_POWER,
    PARTY,
    RUINS_AND_RAIDERS,
    character,
    claim,
    open_page,
    roll,
    view,
)
from tests.players_page.webdriver import chromium_missing

pytestmark = [pytest.mark.skipif(bool(chromium_missing()), reason=chromium_missing() or "-"),
              pytest.mark.slow]


def holding(page, server, system: str) -> None:
    """The page open on a fight of ``system``, holding Aria Vell."""
    server.view = view(system, fear=3 if system == "daggerheart" else None)
    server.characters = {pick: character(pick, system) for pick, _name in PARTY}
    open_page(page, server)
    claim(page, server, "Aria Vell")


def send(page, server) -> dict[str, Any]:
    """Press Send; the roll the GM's side received."""
    before = len(server.sent("roll"))
    page.click("#send")
    server.wait(lambda: len(server.sent("roll")) > before)
    return server.sent("roll")[-1]


def dice_fields(page) -> list[str]:
    """The labels of the dice fields on screen."""
    return list(page.run("return [...document.querySelectorAll('#table-dice label')]"
                         ".filter((l) => l.getClientRects().length).map((l) => l.textContent);"))


def test_daggerheart_names_the_duality_dice_and_the_d6_only_with_advantage(browser, scripted):
    holding(browser, scripted, "daggerheart")
    assert browser.text("#dice-words") == DAGGERHEART[0].dice_words
    assert browser.shown("#form-choice")  # an action roll or a reaction roll
    assert browser.labelled("Action roll").is_selected()
    # Rolled for them: no dice fields, no dice sent; the numbers' defaults and first choices.
    assert dice_fields(browser) == []
    browser.fill("Trait (with any other modifier)", "2")
    assert send(browser, scripted) == {
        "type": "roll", "form": "action", "numbers": {"trait": 2, "experience": 2},
        "choices": {"advantage": "none", "hope": "no"}, "dice": None}
    browser.wait(lambda: browser.text("#answer") == "Your roll is in the GM's queue.")

    # Thrown at the table: a field per die; the d6 only while advantage or disadvantage.
    browser.tap("I rolled them at the table")
    assert dice_fields(browser) == ["Hope Die (d12)", "Fear Die (d12)"]
    browser.tap("Advantage: add a d6")
    assert dice_fields(browser) == ["Hope Die (d12)", "Fear Die (d12)",
                                    "Advantage or disadvantage d6"]
    browser.fill("Hope Die (d12)", "9")
    browser.fill("Fear Die (d12)", "4")
    browser.fill("Advantage or disadvantage d6", "5")
    browser.tap("On an Experience: add its bonus")
    browser.fill("Experience's bonus, if you spend a Hope on one", "3")
    assert send(browser, scripted) == {
        "type": "roll", "form": "action", "numbers": {"trait": 2, "experience": 3},
        "choices": {"advantage": "advantage", "hope": "experience"},
        "dice": {"hope": 9, "fear": 4, "advantage": 5}}
    # Back to neither: the d6 typed before is hidden and not sent.
    browser.tap("Neither")
    assert dice_fields(browser) == ["Hope Die (d12)", "Fear Die (d12)"]
    assert send(browser, scripted)["dice"] == {"hope": 9, "fear": 4}


def test_daggerheart_s_reaction_roll_is_the_other_form(browser, scripted):
    holding(browser, scripted, "daggerheart")
    browser.tap("Reaction roll")
    assert browser.text("#dice-words") == DAGGERHEART[1].dice_words
    assert "Spend a Hope" not in browser.labels()  # the action roll's choice is gone
    browser.fill("Trait (with any other modifier)", "-1")
    assert send(browser, scripted) == {
        "type": "roll", "form": "reaction", "numbers": {"trait": -1},
        "choices": {"advantage": "none"}, "dice": None}


def test_casus_mus_rolls_a_d100_against_a_skill(browser, scripted):
    holding(browser, scripted, "casus_mus")
    assert browser.text("#dice-words") == CASUS_MUS[0].dice_words
    assert not browser.shown("#form-choice")  # one form: nothing to choose
    assert browser.text("#dice-title") == "Skill roll"
    browser.tap("I rolled them at the table")
    assert dice_fields(browser) == ["d100"]
    browser.fill("d100", "37")
    browser.fill("Your skill (%)", "65")
    assert send(browser, scripted) == {"type": "roll", "form": "skill",
                                       "numbers": {"skill": 65}, "choices": {},
                                       "dice": {"d100": 37}}


def test_ruins_and_raiders_throws_2d6_and_names_a_trait(browser, scripted):
    holding(browser, scripted, "ruins_and_raiders")
    assert browser.text("#dice-words") == RUINS_AND_RAIDERS[0].dice_words
    browser.tap("Wits")
    browser.fill("Trait's bonus", "1")
    browser.tap("I rolled them at the table")
    assert dice_fields(browser) == ["First d6", "Second d6"]
    browser.fill("First d6", "3")
    browser.fill("Second d6", "5")
    assert send(browser, scripted) == {"type": "roll", "form": "check",
                                       "numbers": {"bonus": 1}, "choices": {"trait": "wits"},
                                       "dice": {"first": 3, "second": 5}}


def test_forge_of_power_throws_a_second_d20_with_advantage_or_disadvantage(browser, scripted):
    holding(browser, scripted, "forge_of_power")
    assert browser.text("#dice-words") == FORGE_OF_POWER[0].dice_words
    browser.tap("I rolled them at the table")
    assert dice_fields(browser) == ["d20"]
    browser.tap("Disadvantage: keep the lower")
    assert dice_fields(browser) == ["d20", "Second d20"]
    browser.fill("d20", "15")
    browser.fill("Second d20", "4")
    browser.fill("Bonus", "3")
    assert send(browser, scripted) == {"type": "roll", "form": "check",
                                       "numbers": {"bonus": 3},
                                       "choices": {"edge": "disadvantage"},
                                       "dice": {"d20": 15, "second": 4}}


def test_a_die_out_of_range_or_missing_is_said_and_nothing_is_sent(browser, scripted):
    holding(browser, scripted, "daggerheart")
    browser.tap("I rolled them at the table")
    browser.fill("Hope Die (d12)", "13")
    browser.fill("Fear Die (d12)", "2")
    browser.click("#send")
    assert browser.text("#answer") == "The Hope Die (d12) shows 1 to 12."
    browser.fill("Hope Die (d12)", "12")
    browser.labelled("Fear Die (d12)").clear()
    browser.click("#send")
    assert browser.text("#answer") == ("Give the Fear Die (d12) as it landed, or have the dice "
                                       "rolled for you.")
    browser.fill("Fear Die (d12)", "2")
    browser.fill("Trait (with any other modifier)", "21")
    browser.click("#send")
    assert browser.text("#answer") == ("Trait (with any other modifier) is a whole number "
                                       "from -10 to 20.")
    assert scripted.sent("roll") == []


def test_the_gm_s_refusal_is_said_next_to_the_form(browser, scripted):
    holding(browser, scripted, "daggerheart")
    scripted.answers = False
    send(browser, scripted)
    scripted.send({"type": "refused", "text": "Too many rolls at once: wait a moment."})
    browser.wait(lambda: browser.text("#answer") == "Too many rolls at once: wait a moment.")
    assert browser.run("return document.getElementById('send').disabled") is False


def test_the_player_sees_their_roll_wait_then_its_dice_total_and_outcome(browser, scripted):
    holding(browser, scripted, "daggerheart")
    device = scripted.devices()[0]
    send(browser, scripted)
    browser.wait(lambda: browser.text("#answer") == "Your roll is in the GM's queue.")
    waiting = roll("action", (("hope", 9), ("fear", 4)), rolled_for_them=True)
    scripted.characters["pick-1"] = character("pick-1", history=(waiting,))
    scripted.own(device)
    browser.wait(lambda: browser.shown("#history li"))
    assert browser.text("#history li").splitlines() == [
        "Action roll", "Waiting for the GM",
        "Hope Die (d12): 9, Fear Die (d12): 4 (rolled for you)"]

    recorded = roll("action", (("hope", 9), ("fear", 4)), RollStatus.RECORDED,
                    PhoneResult(17, "Success with Hope: you get what you want",
                                "Hope 9, Fear 4, +2 trait, +2 Experience"),
                    rolled_for_them=True)
    refused = roll("reaction", (("hope", 1), ("fear", 2)), RollStatus.REFUSED,
                   note="That roll came after the fight ended.")
    aside = roll("action", (("hope", 3), ("fear", 3)), RollStatus.SET_ASIDE, note="Sent twice.")
    scripted.characters["pick-1"] = character("pick-1", history=(recorded, refused, aside))
    scripted.own(device)
    browser.wait(lambda: "17" in browser.text("#history li"))
    items = browser.run("return [...document.querySelectorAll('#history li')]"
                        ".map((li) => li.innerText.split('\\n'));")
    assert items == [
        ["Action roll", "17", "Success with Hope: you get what you want",
         "Hope 9, Fear 4, +2 trait, +2 Experience (rolled for you)"],
        ["Reaction roll", "Refused: That roll came after the fight ended.",
         "Hope Die (d12): 1, Fear Die (d12): 2"],
        ["Action roll", "Set aside: Sent twice.", "Hope Die (d12): 3, Fear Die (d12): 3"]]
    assert browser.text("#answer") == ("Your roll: 17, Success with Hope: you get what you "
                                       "want")


def test_what_the_player_typed_stays_when_their_character_changes(browser, scripted):
    holding(browser, scripted, "daggerheart")
    browser.tap("I rolled them at the table")
    browser.fill("Hope Die (d12)", "7")
    browser.fill("Trait (with any other modifier)", "3")
    marked = character("pick-1")
    marked["sheet"][0] = ["HP", "4 of 6 marked"]
    scripted.characters["pick-1"] = marked
    scripted.own(scripted.devices()[0])
    browser.wait(lambda: "4 of 6 marked" in browser.text("#sheet"))
    assert browser.labelled("Hope Die (d12)").get_attribute("value") == "7"
    assert browser.labelled("Trait (with any other modifier)").get_attribute("value") == "3"


def test_what_came_of_a_roll_is_said_once_not_again_at_the_next_visit(browser, scripted):
    holding(browser, scripted, "casus_mus")
    send(browser, scripted)
    browser.wait(lambda: browser.text("#answer") == "Your roll is in the GM's queue.")
    recorded = roll("skill", (("d100", 37),), RollStatus.RECORDED,
                    PhoneResult(37, "Success: 37 against 50", "d100 37"))
    scripted.characters["pick-1"] = character("pick-1", "casus_mus", history=(recorded,))
    scripted.own(scripted.devices()[0])  # no waiting step seen: the GM was quick
    browser.wait(lambda: browser.text("#answer") == "Your roll: 37, Success: 37 against 50")
    browser.driver.refresh()
    browser.wait(lambda: browser.shown("#history li"))
    assert browser.text("#answer") == ""
