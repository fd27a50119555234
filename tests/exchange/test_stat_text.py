"""Stat blocks pasted as text (exchange/stat_text.py), exactly: held-out texts written by hand
from the SRD's adversaries in each layout people copy (tests/exchange/stat_texts/), every
number where it belongs, and a broken text refused with its fields named. The same texts as
.txt and .md files through the reader of files (exchange/reader.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from encounter_app.domain.rows import Experience
from encounter_app.exchange.problems import ImportRefused
from encounter_app.exchange.reader import read_bytes, read_path
from encounter_app.exchange.stat_text import ReadBlock, read_stat_text, title_name
from tests.helpers.systems import SYSTEMS

TEXTS = Path(__file__).parent / "stat_texts"


def read(name: str) -> tuple[ReadBlock, ...]:
    return read_stat_text((TEXTS / name).read_text(encoding="utf-8"))


def fields(block: ReadBlock) -> dict[str, tuple[str, int | None]]:
    """label -> (value, line) of what the window shows."""
    return {f.label: (f.value, f.line) for f in block.fields}


def test_the_books_layout_bear_every_number_in_its_place() -> None:
    (bear,) = read("book_bear.txt")
    assert bear.problems == () and bear.unusual == ()
    stats = bear.block
    assert stats is not None
    assert (stats.name, stats.tier, stats.type) == ("Bear", 1, "Bruiser")  # BEAR, title-cased
    assert (stats.difficulty, stats.major, stats.severe, stats.hp, stats.stress) == \
        (14, 9, 17, 7, 2)
    assert (stats.attack_modifier, stats.attack_name, stats.attack_range, stats.damage) == \
        (1, "Claws", "Melee", "1d8+3 phy")
    assert stats.description == "A large bear with thick fur and powerful claws."
    assert stats.motives == "Climb, defend territory, pummel, track"
    assert stats.experiences == (Experience("Ambusher", 3), Experience("Keen Senses", 2))
    assert [(f.name, f.kind, f.fear) for f in stats.features] == [
        ("Overwhelming Force", "Passive", False), ("Bite", "Action", False),
        ("Momentum", "Reaction", False)]
    assert stats.features[1].text.endswith("with a successful Strength Roll.")
    assert (bear.first_line, bear.last_line) == (1, 11)
    assert list(fields(bear).items()) == [
        ("Name", ("Bear", 1)), ("Tier", ("1", 2)), ("Type", ("Bruiser", 2)),
        ("Description", ("A large bear with thick fur and powerful claws.", 3)),
        ("Motives & Tactics", ("Climb, defend territory, pummel, track", 4)),
        ("Difficulty", ("14", 5)), ("Thresholds", ("9 / 17", 5)), ("HP", ("7", 5)),
        ("Stress", ("2", 5)), ("ATK", ("+1", 6)), ("Attack", ("Claws", 6)),
        ("Range", ("Melee", 6)), ("Damage", ("1d8+3 phy", 6)),
        ("Experience 1", ("Ambusher +3", 7)), ("Experience 2", ("Keen Senses +2", 7)),
        ("Feature: Overwhelming Force - Passive", (stats.features[0].text, 9)),
        ("Feature: Bite - Action", (stats.features[1].text, 10)),
        ("Feature: Momentum - Reaction", (stats.features[2].text, 11))]
    assert all(not f.problem and not f.unusual for f in bear.fields)


def test_the_srds_markdown_solo_with_three_experiences_and_a_countdown() -> None:
    (warlord,) = read("srd_realm_breaker.md")
    assert warlord.problems == ()
    stats = warlord.block
    assert stats is not None
    assert (stats.name, stats.tier, stats.type) == ("Fallen Warlord: Realm-Breaker", 4, "Solo")
    assert stats.description.startswith("A fallen God, wreathed")  # on the tier's line
    assert stats.description.endswith("breaking heroes’ spirits.")  # its quote as written
    assert stats.motives == "Corrupt, dominate, punish, break the weak"
    assert (stats.difficulty, stats.major, stats.severe, stats.hp, stats.stress) == \
        (20, 36, 66, 8, 5)
    assert (stats.attack_modifier, stats.attack_name, stats.attack_range, stats.damage) == \
        (7, "Barbed Whip", "Close", "4d8+7 phy")
    assert stats.experiences == (Experience("Conquest", 3), Experience("History", 2),
                                 Experience("Intimidation", 3))
    assert [f.name for f in stats.features] == [
        "Relentless (2)", "Firespite Plate Armor", "Tormenting Lash", "All-Consuming Rage",
        "Doombringer", "I Have Never Known Defeat (Phase Change)"]
    rage = stats.features[3]
    # The countdown after the kind moves to the text's start, as the SRD's JSON reader does.
    assert (rage.kind, rage.countdown) == ("Reaction", 8)
    assert rage.text.startswith("Countdown (Decreasing 8). When the Realm-Breaker is in")
    # Its second paragraph, a quoted one, stays a paragraph.
    assert "Targets who succeed take half damage.\n\nFor each HP marked" in rage.text
    assert rage.text.endswith("make a death move.")
    assert [f.line for f in warlord.fields if f.field == "feature"] == [12, 14, 16, 18, 22, 24]
    assert (warlord.first_line, warlord.last_line) == (1, 24)


def test_a_pdf_copy_with_broken_lines_hyphens_dashes_and_page_headers() -> None:
    (lackey,) = read("pdf_lackey.txt")
    assert lackey.problems == ()
    stats = lackey.block
    assert stats is not None
    assert (stats.name, stats.tier, stats.type) == ("Jagged Knife Lackey", 1, "Minion")
    assert stats.description == ("A thief with simple clothes and small daggers, eager to "
                                 "prove themselves.")  # dag- gers joined
    assert stats.motives == "Escape, profit, throw smoke"
    # Thresholds: None (a Minion); "HP: 1 |" and "Stress: 1" on two lines.
    assert (stats.difficulty, stats.major, stats.severe, stats.hp, stats.stress) == \
        (9, None, None, 1, 1)
    # "−2" with a minus sign; a flat damage.
    assert (stats.attack_modifier, stats.attack_name, stats.attack_range, stats.damage) == \
        (-2, "Daggers", "Melee", "2 phy")
    assert stats.experiences == (Experience("Thief", 2),)
    minion, group = stats.features
    # "– Passive" and "— Action": en and em dashes; de- feat and spot- light joined; the
    # headers "Daggerheart SRD", "214" and "ADVERSARIES" left out, within a feature too.
    assert (minion.name, minion.kind) == ("Minion (3)", "Passive")
    assert minion.text == ("The Lackey is defeated when they take any damage. For every 3 "
                           "damage a PC deals to the Lackey, defeat an additional Minion "
                           "within range the attack would succeed against.")
    assert (group.name, group.kind, group.fear) == ("Group Attack", "Action", True)
    assert group.text == ("Spend a Fear to choose a target and spotlight all Jagged Knife "
                          "Lackeys within Close range of them. Those Minions move into Melee "
                          "range of the target and make one shared attack roll. On a success, "
                          "they deal 2 physical damage each. Combine this “damage.”")
    assert fields(lackey)["Thresholds"] == ("None", 7)
    assert fields(lackey)["Stress"] == ("1", 8)
    assert (lackey.first_line, lackey.last_line) == (1, 25)


def test_two_blocks_in_one_file_a_horde_and_an_ooze_without_a_severe_threshold() -> None:
    mosquitoes, ooze = read("two_blocks.txt")
    assert mosquitoes.problems == ooze.problems == ()
    assert (mosquitoes.first_line, mosquitoes.last_line) == (1, 14)
    assert (ooze.first_line, ooze.last_line) == (16, 23)
    first, second = mosquitoes.block, ooze.block
    assert first is not None and second is not None
    assert (first.name, first.tier, first.type) == ("Giant Mosquitoes", 1, "Horde (5/HP)")
    # The numbers each on its own line.
    assert (first.difficulty, first.major, first.severe, first.hp, first.stress) == \
        (10, 5, 9, 6, 3)
    assert [fields(mosquitoes)[k][1] for k in ("Difficulty", "Thresholds", "HP", "Stress")] == \
        [5, 6, 7, 8]
    assert (first.attack_modifier, first.attack_name, first.damage) == (-2, "Proboscis",
                                                                         "1d8+3 phy")
    assert first.experiences == (Experience("Camouflage", 2),)
    assert [f.name for f in first.features] == ["Horde (1d4+1)", "Flying", "Bloodseeker"]
    assert (second.name, second.type, second.difficulty) == ("Tiny Red Ooze", "Skulk", 11)
    assert (second.major, second.severe, second.hp, second.stress) == (5, None, 2, 1)
    assert (second.attack_modifier, second.attack_name, second.damage) == \
        (-1, "Ooze Appendage", "1d4+2 mag")
    assert second.experiences == ()
    assert [(f.name, f.kind) for f in second.features] == [("Burning", "Reaction")]
    assert fields(ooze)["Thresholds"] == ("5 / None", 20)


BROKEN = [
    "block 1 (Bear), line 5: Difficulty 'fourteen' is not a number",
    "block 1 (Bear), line 5: HP is missing",
    "block 1 (Bear), line 6: Damage: expected the number of sides after 'd' at position 2 "
    "(the end) in '1d'",
    "block 1 (Bear), line 7: Experience 'Keen Senses' is not an experience such as "
    "'Tremor Sense +2'",
    "block 1 (Bear), line 9: Feature 1 (Overwhelming Force): unknown feature kind "
    "'Sometimes': the name should end in - Passive, - Action or - Reaction",
    "block 2 (Tiny Red Ooze), line 15: Thresholds: Major threshold 9 must be below Severe 5",
]


def test_a_broken_text_names_each_field_by_block_and_line() -> None:
    bear, ooze = read("broken_two_blocks.txt")
    assert bear.block is None and ooze.block is None
    assert [str(p) for p in bear.problems + ooze.problems] == BROKEN
    assert [p.field for p in bear.problems] == ["difficulty", "hp", "damage", "experiences 2",
                                                "features 1"]
    shown = {f.label: f for f in bear.fields}
    assert shown["Difficulty"].value == "fourteen"
    assert shown["Difficulty"].problem == "Difficulty 'fourteen' is not a number"
    assert shown["HP"].problem == "HP is missing" and shown["HP"].line is None
    assert shown["Damage"].problem.startswith("Damage: expected the number of sides")
    assert shown["Experience 1"].value == "Ambusher +3" and not shown["Experience 1"].problem
    assert shown["Experience 2"].problem.startswith("Experience 'Keen Senses' is not")
    assert shown["Stress"].value == "2" and not shown["Stress"].problem
    assert {f.field for f in ooze.fields if f.problem} == {"thresholds"}


@pytest.mark.parametrize("name", ["broken_two_blocks.txt", "broken_two_blocks.md"])
def test_a_broken_file_is_refused_whole(name: str) -> None:
    raw = (TEXTS / "broken_two_blocks.txt").read_bytes()
    with pytest.raises(ImportRefused) as refused:
        read_bytes(SYSTEMS, raw, name)
    assert [str(p) for p in refused.value.problems] == BROKEN
    assert str(refused.value) == f"{name}: 6 problems, nothing was imported"


@pytest.mark.parametrize("name", ["book_bear.txt", "srd_realm_breaker.md", "pdf_lackey.txt",
                                  "two_blocks.txt"])
def test_text_files_read_as_the_text_does(name: str) -> None:
    parsed = read_path(SYSTEMS, TEXTS / name)
    assert (parsed.format, parsed.kind) == ("text", "adversaries")
    assert parsed.adversaries == tuple(b.block for b in read(name))
    assert parsed.template_source == name  # the library's Source column names the file


def test_what_is_unusual_for_its_tier_is_a_note_and_still_read() -> None:
    text = (TEXTS / "book_bear.txt").read_text(encoding="utf-8").replace(
        "Difficulty: 14 | Thresholds: 9/17", "Difficulty: 24 | Thresholds: 9/170").replace(
        "1d8+3 phy", "4d12+20 phy")
    (bear,) = read_stat_text(text)
    assert bear.block is not None and bear.block.difficulty == 24
    assert [str(p) for p in bear.unusual] == [
        "block 1 (Bear), line 5: Difficulty 24 is unusual for tier 1: the SRD's benchmark is 11",
        "block 1 (Bear), line 5: Severe threshold 170 is unusual for tier 1: the SRD's "
        "benchmark is 12",
        "block 1 (Bear), line 6: Damage averaging 46 is unusual for tier 1: the SRD's "
        "benchmark is 1d6+2 to 1d12+4"]
    shown = {f.label: f for f in bear.fields}
    assert shown["Difficulty"].unusual.startswith("Difficulty 24 is unusual")
    assert shown["Thresholds"].unusual.startswith("Severe threshold 170")
    assert not shown["HP"].unusual
    parsed = read_bytes(SYSTEMS, text.encode(), "bear.txt")
    assert [str(n) for n in parsed.notes] == [str(p) for p in bear.unusual]


def test_json_named_txt_is_read_as_text_and_refused() -> None:
    with pytest.raises(ImportRefused) as refused:
        read_bytes(SYSTEMS, b'[{"name": "Bear"}]', "bear.txt")
    assert "no stat block found" in str(refused.value.problems[0])


def test_an_empty_text_file_is_refused() -> None:
    with pytest.raises(ImportRefused) as refused:
        read_bytes(SYSTEMS, b"\n\n  \n", "empty.md")
    assert str(refused.value.problems[0]) == ("file: has no stat blocks in it: a block starts "
                                              "with its name, then a line such as 'Tier 1 "
                                              "Solo'")


@pytest.mark.parametrize(("before", "after", "joined"), [
    ("range of the attack-", "ers who came", "range of the attackers who came"),
    ("within Very-", "Close range", "within Very-Close range"),  # a capital: a real hyphen
    ("a horse-", "sized insect", "a horsesized insect"),  # written nowhere else: dropped
])
def test_hyphens_at_a_lines_end(before: str, after: str, joined: str) -> None:
    text = f"X\nTier 1 Solo\n{before}\n{after}\nDifficulty: 11\n"
    (block,) = read_stat_text(text)
    assert {f.label: f.value for f in block.fields}["Description"] == joined


def test_a_compound_written_elsewhere_keeps_its_hyphen() -> None:
    text = ("X\nTier 1 Solo\nA horse-\nsized insect.\nMotives & Tactics: Be horse-sized\n")
    (block,) = read_stat_text(text)
    assert {f.label: f.value for f in block.fields}["Description"] == "A horse-sized insect."


def test_a_feature_over_several_paragraphs_and_a_page_break() -> None:
    text = ("Bear\nTier 1 Bruiser\nDifficulty: 14 | Thresholds: 9/17 | HP: 7 | Stress: 2\n"
            "ATK: +1 | Claws: Melee | 1d8+3 phy\nFEATURES\n"
            "Maul - Action: Mark a Stress to maul a target.\n\nOn a success, deal 2d6\n"
            "\n12\n\nphysical damage.\n• Then roar.\n")
    (bear,) = read_stat_text(text)
    assert bear.block is not None
    assert bear.block.features[0].text == ("Mark a Stress to maul a target.\n\nOn a success, "
                                           "deal 2d6 physical damage.\n• Then roar.")


def test_a_tier_line_without_a_name_and_text_without_any_block() -> None:
    (nameless,) = read_stat_text("Tier 1 Solo\nDifficulty: 11\n")
    assert nameless.problems[0].field == "name"
    (nothing,) = read_stat_text("Dear GM,\nhere is my monster.")
    assert str(nothing.problems[0]).startswith("block 1, line 1: no stat block found")


@pytest.mark.parametrize(("name", "titled"), [
    ("ACID BURROWER", "Acid Burrower"), ("FALLEN WARLORD: REALM-BREAKER",
                                         "Fallen Warlord: Realm-Breaker"),
    ("HEAD OF THE GUILD", "Head of the Guild"), ("Mixed CASE kept", "Mixed CASE kept"),
])
def test_names_in_capitals(name: str, titled: str) -> None:
    assert title_name(name) == titled
