"""Every kind of bad file is refused whole, naming each bad entry and field."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from encounter_app.exchange import limits, native
from encounter_app.exchange.problems import ImportRefused
from encounter_app.exchange.reader import read_bytes
from tests.helpers.systems import SYSTEMS


def refused(raw: bytes | str, source: str = "bad.json"):
    with pytest.raises(ImportRefused) as caught:
        read_bytes(SYSTEMS, raw.encode("utf-8") if isinstance(raw, str) else raw, source)
    return caught.value.problems


def srd_with(srd_file, index: int, **changes) -> str:
    data = json.loads(srd_file.read_text(encoding="utf-8-sig"))
    for key, value in changes.items():
        if value is None:
            del data[index][key]
        else:
            data[index][key] = value
    return json.dumps(data)


def test_not_json_says_where_it_breaks():
    [problem] = refused('[{"name": "Bear",\n "tier": }]')
    assert problem.entry is None
    assert "is not JSON" in problem.message and "line 2" in problem.message


@pytest.mark.parametrize("text", ['{"adversaries": []}', "42", '"Bear"', "null"])
def test_json_of_the_wrong_shape(text):
    [problem] = refused(text)
    assert "not an adversary file" in problem.message


def test_an_entry_that_is_not_an_object(srd_file):
    data = json.loads(srd_file.read_text(encoding="utf-8-sig"))
    data[5] = "Bear"
    [problem] = refused(json.dumps(data))
    assert (problem.entry, "expected an object" in problem.message) == (6, True)


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"hp": None}, "hp", "missing"),
    ({"tier": "one"}, "tier", "expected a whole number, found 'one'"),
    ({"difficulty": "14.5"}, "difficulty", "expected a whole number"),
    ({"tier": "7"}, "tier", "out of range: 1 to 4"),
    ({"thresholds": "15/8"}, "thresholds", "Major threshold 15 must be below Severe 8"),
    ({"thresholds": "8/8"}, "thresholds", "must be below Severe 8"),
    ({"thresholds": "eight"}, "thresholds", "expected Major/Severe"),
    ({"damage": "1d+2 phy"}, "damage", ""),
    ({"damage": "2d6 fire"}, "damage", "unknown damage type 'fire'"),
    ({"atk": "three"}, "atk", "expected a modifier such as +3"),
    ({"type": "Boss"}, "type", "unknown type 'Boss'"),
    ({"experience": "Tremor Sense"}, "experience", "not an experience such as"),
    ({"feats": [{"name": "Bite - Bonus", "text": "x"}]}, "feats 1 (Bite - Bonus) name",
     "unknown feature kind 'Bonus'"),
    ({"feats": [{"name": "Bite", "text": "x"}]}, "feats 1 (Bite) name", "no kind"),
    ({"feats": "Bite"}, "feats", "expected a list"),
])
def test_a_bad_srd_field_names_its_entry_and_field(srd_file, changes, field, words):
    problems = refused(srd_with(srd_file, 0, **changes), "adversaries.json")
    assert [(p.entry, p.name, p.field) for p in problems] == [(1, "Acid Burrower", field)]
    assert words in problems[0].message
    assert str(problems[0]).startswith(f"entry 1 (Acid Burrower), {field}: ")


def test_every_bad_entry_is_named_not_just_the_first(srd_file):
    data = json.loads(srd_file.read_text(encoding="utf-8-sig"))
    data[3]["hp"] = "lots"
    data[3]["damage"] = "d"
    data[100]["thresholds"] = "30/20"
    problems = refused(json.dumps(data))
    assert [(p.entry, p.field) for p in problems] == [(4, "hp"), (4, "damage"),
                                                      (101, "thresholds")]
    assert problems[2].name == data[100]["name"]


def ours(*blocks: dict, version: int = 1, kind: str = "adversaries") -> str:
    return json.dumps({"format": "encounter-manager", "version": version, "kind": kind,
                       "adversaries": list(blocks)})


BLOCK = {"name": "Ashen Sentry", "tier": 1, "type": "Bruiser", "difficulty": 13, "major": 9,
         "severe": 16, "hp": 6, "stress": 3, "attack_modifier": 2, "attack_name": "Maul",
         "attack_range": "Very Close", "damage": "1d10+4 phy", "experiences": [],
         "features": [{"name": "Flare", "kind": "Action", "text": "t", "fear": True,
                       "countdown": None}]}


def test_a_newer_format_version_is_refused_saying_so():
    [problem] = refused(ours(BLOCK, version=2))
    assert problem.field == "version"
    assert "newer Encounter Manager" in problem.message and "version 2" in problem.message


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"tier": "1"}, "tier", "expected a whole number, found '1'"),  # ours is strict
    ({"hp": True}, "hp", "expected a whole number"),
    ({"major": 16}, "severe", "Major threshold 16 must be below Severe 16"),
    ({"features": [{"name": "Flare", "kind": "Bonus", "text": "t"}]},
     "features 1 (Flare) kind", "unknown kind 'Bonus'"),
    ({"features": [{"name": "Flare", "kind": "Action", "fear": "yes"}]},
     "features 1 (Flare) fear", "expected true or false"),
    ({"damage": "1d10++4"}, "damage", ""),
    ({"name": "  "}, "name", "is empty"),
])
def test_a_bad_field_of_ours_names_its_entry_and_field(changes, field, words):
    problems = refused(ours(BLOCK, {**BLOCK, "name": "Second", **changes}))
    assert [(p.entry, p.field) for p in problems] == [(2, field)]
    assert words in problems[0].message


def test_an_unknown_kind_of_file_of_ours():
    [problem] = refused(ours(BLOCK, kind="spells"))
    assert problem.field == "kind"


def test_an_empty_list_of_adversaries_is_refused():
    [problem] = refused(ours())
    assert "no adversaries" in problem.message


def test_a_byte_order_mark_and_the_sample_draft_format_read():
    raw = b"\xef\xbb\xbf" + ours(BLOCK).encode()
    assert read_bytes(SYSTEMS, raw, "x.json").adversaries[0].name == "Ashen Sentry"
    draft = json.dumps({"format": native.DRAFT_FORMAT, "version": 1, "adversaries": [BLOCK]})
    assert read_bytes(SYSTEMS, draft.encode(), "x.json").adversaries[0].features[0].fear is True


def test_text_that_is_not_utf8():
    [problem] = refused(b'[{"name": "B\xe6r"}]')
    assert "not UTF-8" in problem.message


def encounter_text(**changes) -> str:
    body = {"name": "Ambush", "round": 2, "active": 1, "fear": 5,
            "combatants": [{"kind": "pc", "name": "Aria", "evasion": 9, "hp_max": 6},
                           {"kind": "adversary", "name": "Sentry", "hp_max": 6, "hp_marked": 2,
                            "stats": BLOCK}],
            "countdowns": [{"name": "Bell", "start": 6, "value": 4}]}
    body.update(changes)
    return json.dumps({"format": "encounter-manager", "version": 1, "kind": "encounter",
                       "encounter": body})


def test_a_good_encounter_reads():
    encounter = read_bytes(SYSTEMS, encounter_text().encode(), "fight.json").encounter
    assert [c.name for c in encounter.combatants] == ["Aria", "Sentry"]
    assert encounter.combatants[1].stats.name == "Ashen Sentry"
    assert (encounter.active, encounter.fear, encounter.countdowns[0].value) == (1, 5, 4)


@pytest.mark.parametrize(("changes", "where"), [
    ({"fear": 13}, "encounter fear"),
    ({"active": 5}, "encounter active"),
    ({"combatants": [{"kind": "pc", "name": "Aria", "hp_max": 6, "hp_marked": 7}]},
     "combatant 1 (Aria), hp_marked"),
    ({"combatants": [{"kind": "dragon", "name": "Aria"}]}, "combatant 1 (Aria), kind"),
    ({"combatants": [{"kind": "adversary", "name": "S", "stats": {**BLOCK, "hp": "six"}}]},
     "combatant 1 (S), stats hp"),
    ({"countdowns": [{"name": "Bell", "start": 6, "value": 4, "loop": "forever"}]},
     "countdown 1 (Bell), loop"),
    ({"countdowns": [{"name": "Bell", "value": 4}]}, "countdown 1 (Bell), start"),
    ({"countdowns": [{"name": "Bell", "start": 6, "dice": "1d"}]}, "countdown 1 (Bell), dice"),
])
def test_a_bad_encounter_names_the_combatant_or_countdown_and_field(changes, where):
    problems = refused(encounter_text(**changes))
    assert [p.where for p in problems] == [where]


# --- what Python's json lets through, or fails on with another exception -----------------------


def with_raw(document: dict, path: tuple, raw: str) -> str:
    """``document`` as JSON with the value at ``path`` written as ``raw``, as it is."""
    document = json.loads(json.dumps(document))
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = "\u0000raw\u0000"
    return json.dumps(document).replace('"\\u0000raw\\u0000"', raw)


def ours_document(*blocks: dict, kind: str = "adversaries") -> dict:
    return json.loads(ours(*blocks, kind=kind))


@pytest.mark.parametrize(("raw", "found"), [
    ("9" * 5000, "a number of 5000 digits (at most 20)"),  # int() refuses past 4,300
    ("-" + "1" * 21, "a number of 21 digits (at most 20)"),
    ("Infinity", "Infinity"),
    ("-Infinity", "-Infinity"),
    ("NaN", "NaN"),
    ("1e999", "1e999"),  # a float too big to be one: inf
    ("6.5", "6.5"),
])
def test_a_number_that_is_no_whole_number_names_its_entry_and_field(raw, found):
    problems = refused(with_raw(ours_document(BLOCK, BLOCK), ("adversaries", 1, "hp"), raw))
    assert [str(p) for p in problems] == [f"entry 2 (Ashen Sentry), hp: expected a whole "
                                          f"number, found {found}"]


def test_twenty_digits_are_read_and_then_out_of_range():
    [problem] = refused(with_raw(ours_document(BLOCK), ("adversaries", 0, "hp"), "9" * 20))
    assert problem.message == f"{'9' * 20} is out of range: 1 to 99"


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"hp": "9" * 5000}, "hp", "expected a whole number, found a number of 5000 digits"),
    ({"atk": "+" + "9" * 30}, "atk", "expected a modifier such as +3, found a number of 30 "
                                     "digits (at most 20)"),
    ({"thresholds": "8/" + "9" * 5000}, "thresholds",
     "Severe threshold is a number of 5000 digits"),
    ({"experience": "Tremor Sense +" + "9" * 5000}, "experience",
     "the bonus of 'Tremor Sense' is a number of 5000 digits"),
    ({"type": "Horde (" + "9" * 5000 + "/HP)"}, "type", "unknown type 'Horde (999999999"),
    ({"type": "Horde (500/HP)"}, "type", "a Horde of 500/HP is out of range: 1 to 99 per HP"),
    ({"feats": [{"name": "Quake - Action", "text": "Countdown (" + "9" * 5000 + "). Boom."}]},
     "feats 1 (Quake - Action) countdown",
     "expected a countdown of 1 to 99, found a number of 5000"),
    ({"feats": [{"name": "Quake (Countdown " + "9" * 30 + ") - Action", "text": "Boom."}]},
     "feats 1 (Quake (Countdown 999999999999999999999999999999) - Action) countdown",
     "found a number of 30 digits"),
    ({"damage": "1d6+" * 60 + "1 phy"}, "damage", "is 245 characters long at position 200"),
])
def test_numbers_the_srd_writes_as_text_are_limited_too(srd_file, changes, field, words):
    problems = refused(srd_with(srd_file, 0, **changes), "adversaries.json")
    assert [(p.entry, p.field) for p in problems] == [(1, field)]
    assert words in problems[0].message
    assert len(str(problems[0])) < 300  # one line, however long the value


def test_nesting_past_64_deep_is_refused_saying_where():
    deep = "[" * 1000 + "]" * 1000  # json.loads fails with a RecursionError at about 1,000
    [problem] = refused('{"format": "encounter-manager", "version": 1,\n "kind": '
                        f'"adversaries", "adversaries": [{deep}]}}')
    assert (problem.entry, problem.field) == (None, "file")
    assert problem.message == ("is nested more than 64 deep (lists and objects inside each "
                               "other) at line 2, column 103")


def test_nesting_64_deep_is_read(srd_file):
    data = json.loads(srd_file.read_text(encoding="utf-8-sig"))
    data[0]["extra"] = json.loads("[" * 62 + "]" * 62)  # the file, the entry and 62
    parsed = read_bytes(SYSTEMS, json.dumps(data).encode(), "adversaries.json")
    assert len(parsed.adversaries) == 129
    data[0]["extra"] = [data[0]["extra"]]
    [problem] = refused(json.dumps(data))
    assert "nested more than 64 deep" in problem.message


def test_a_file_past_20_mb_is_refused_saying_the_limit(tmp_path):
    from encounter_app.exchange.limits import MAX_BYTES
    from encounter_app.exchange.reader import read_path

    assert MAX_BYTES == 20 * 1024 * 1024
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: no 20 MB written
    with pytest.raises(ImportRefused) as from_path:
        read_path(SYSTEMS, path)
    for problems in (refused(b" " * (MAX_BYTES + 1)), from_path.value.problems):
        assert [p.message for p in problems] == [
            "is more than 20 MB, the most that is read; an adversary, encounter or campaign "
            "file is far smaller"]


def test_a_lone_surrogate_is_refused_where_it_is():
    problems = refused(ours(BLOCK, {**BLOCK, "name": "Se\ud800cond"},
                            {**BLOCK, "attack_name": "Ma\udfffl"}))
    assert [str(p) for p in problems] == [
        "entry 2 (Se\\ud800cond), name: contains a character that is not valid text (U+D800 "
        "at character 3)",
        "entry 3 (Ashen Sentry), attack_name: contains a character that is not valid text "
        "(U+DFFF at character 3)"]


def test_a_lone_surrogate_where_no_reader_looks_is_refused_too(srd_file):
    data = json.loads(srd_file.read_text(encoding="utf-8-sig"))
    data[2]["source"] = {"page": "\udc80"}  # a field the reader does not know
    [problem] = refused(json.dumps(data))
    assert (problem.entry, problem.name, problem.field) == (3, data[2]["name"], "source page")
    assert problem.message == "contains a character that is not valid text (U+DC80 at " \
                              "character 1)"
    del data[2]["source"]
    data[2]["\udc80"] = 1
    [problem] = refused(json.dumps(data))
    assert problem.message.startswith("the name of a field contains a character that is not")


def test_a_number_no_reader_looks_at_is_refused_too():
    [problem] = refused(with_raw({**ours_document(BLOCK), "written_by": {"at": 1}},
                                 ("written_by", "at"), "NaN"))
    assert str(problem) == "written_by at: expected a number JSON can hold, found NaN"


@pytest.mark.parametrize(("changes", "where", "words"), [
    ({"environment": {"name": "Chapel", "tier": 1, "type": "Event", "difficulty": 12,
                      "features": ["The bell", 3, None]}},
     ["encounter environment features 1", "encounter environment features 2",
      "encounter environment features 3"], "expected an object {…}, found 'The bell'"),
    ({"environment": {"name": "Chapel", "tier": 1, "type": "Event", "difficulty": 12,
                      "features": 7}}, ["encounter environment features"], "expected a list"),
    ({"environment": {"name": "Chapel", "tier": "1", "type": "Event", "difficulty": 12}},
     ["encounter environment tier"], "expected a whole number, found '1'"),
    ({"environment": {"name": "Chapel", "tier": 9, "type": "Event", "difficulty": 12}},
     ["encounter environment tier"], "The tier must be from 1 to 4, not 9."),
    ({"system": "gurps"}, ["encounter system"], "expected one of daggerheart, casus_mus"),
    ({"combatants": [{"kind": "pc", "name": "Aria", "conditions": ["Hidden", "Vul\ud800"]}]},
     ["combatant 1 (Aria), conditions 2"], "contains a character that is not valid text"),
    ({"system": "casus_mus",
      "combatants": [{"kind": "pc", "name": "Aria", "system_state": {"ap": 1.5}}]},
     ["combatant 1 (Aria), system_state ap"], "expected a whole number or null, found 1.5"),
    ({"system": "casus_mus",
      "combatants": [{"kind": "pc", "name": "Aria", "system_stats": {"hp": 2**40}}]},
     ["combatant 1 (Aria), system_stats hp"], "1099511627776 is out of range"),
    ({"system": "casus_mus",
      "combatants": [{"kind": "pc", "name": "Aria", "system_stats": {"h\ud800": 2}}]},
     ["combatant 1 (Aria), system_stats"], "the name of a value contains a character"),
    ({"system": "casus_mus",
      "combatants": [{"kind": "pc", "name": "Aria", "system_stats": {"combat": 500}}]},
     ["combatant 1 (Aria), system_stats combat"], "Combat skill % must be from 1 to 200."),
    ({"system": "casus_mus",
      "combatants": [{"kind": "pc", "name": "Aria", "system_state": {"luck": 2}}]},
     ["combatant 1 (Aria), system_state luck"], "is not a field of this kind"),
    ({"combatants": [{"kind": "pc", "name": "Aria", "system_state": {"hope": "two"}}]},
     ["combatant 1 (Aria), system_state hope"], "expected a whole number, found 'two'"),
    ({"system": "ruins_and_raiders", "system_state": {"round_zero": 1}},
     ["encounter system_state round_zero"], "expected true or false, found 1"),
    ({"system": "ruins_and_raiders",
      "combatants": [{"kind": "pc", "name": "Aria", "system_state": {"sacrificed": ["FLY"]}}]},
     ["combatant 1 (Aria), system_state sacrificed 1"],
     "expected one of AIM, DEFEND, HAYMAKER, RESIST, LOOK, found 'FLY'"),
    ({"system": "forge_of_power", "system_state": {"attacked": 3}},
     ["encounter system_state attacked"], "expected a list […], found 3"),
])
def test_what_an_encounter_holds_is_checked_to_the_end(changes, where, words):
    problems = refused(encounter_text(**changes))
    assert [p.where for p in problems] == where
    assert words in problems[0].message


def test_a_system_number_of_infinity_is_named():
    body = json.loads(encounter_text(system="casus_mus",
                                     combatants=[{"kind": "pc", "name": "Whisker",
                                                  "system_state": {"ap": 0}}]))
    [problem] = refused(with_raw(body, ("encounter", "combatants", 0, "system_state", "ap"),
                                 "Infinity"))
    assert str(problem) == ("combatant 1 (Whisker), system_state ap: expected a whole number "
                            "or null, found Infinity")


def campaign_text(**summary) -> str:
    from encounter_app.exchange.campaign_file import (
        CampaignEncounter,
        CampaignFile,
        write_campaign,
    )
    from encounter_app.exchange.encounter_file import EncounterFile

    data = json.loads(write_campaign(CampaignFile("Chapel", "daggerheart", encounters=(
        CampaignEncounter(EncounterFile("Ambush", "daggerheart"), "done"),))))
    data["campaign"]["encounters"][0]["summary"] = {
        "rounds": 3, "fear_gained": 2, "fear_spent": 1, "defeated": ["Sentry"], "rolls": 9,
        **summary}
    return json.dumps(data)


def test_a_campaign_with_a_summary_reads():
    campaign = read_bytes(SYSTEMS, campaign_text().encode(), "chapel.json").campaign
    assert campaign.encounters[0].summary.to_json() == {
        "rounds": 3, "fear_gained": 2, "fear_spent": 1, "defeated": ["Sentry"], "rolls": 9}


@pytest.mark.parametrize(("summary", "where", "words"), [
    ({"rounds": "Infinity"}, "summary rounds", "expected a whole number, found Infinity"),
    ({"rolls": 10**19}, "summary rolls", "out of range: 0 to 10000000"),
    ({"rounds": 2.5}, "summary rounds", "expected a whole number, found 2.5"),
    ({"defeated": "Sentry"}, "summary defeated", "expected a list of names"),
    ({"defeated": ["Sen\ud800try"]}, "summary defeated 1", "not valid text"),
])
def test_a_bad_summary_names_its_encounter_and_field(summary, where, words):
    text = campaign_text(**summary)
    if summary.get("rounds") == "Infinity":
        text = text.replace('"Infinity"', "Infinity")
    [problem] = refused(text)
    assert problem.where == f"encounter 1 (Ambush), {where}"
    assert words in problem.message


def depth(value) -> int:
    """How deep lists and objects are nested in ``value``: [] is 1, [[]] is 2."""
    inner = value.values() if isinstance(value, dict) else value
    if not isinstance(value, (dict, list)):
        return 0
    return 1 + max((depth(item) for item in inner), default=0)


WRAPS = ["[{}]", "[1, {}, []]", '{{"k[": {}}}', '{{"a": "{{", "b": {}}}']


@st.composite
def nested(draw) -> str:
    """JSON nested up to 150 deep, with brackets in its strings and keys."""
    text = draw(st.sampled_from(["0", '"]}"', "[]", "{}", '"\\\\"', '"a\\"["']))
    for _ in range(draw(st.integers(0, 150))):
        text = draw(st.sampled_from(WRAPS)).format(text)
    return text


@settings(max_examples=100, deadline=None)
@given(nested(), st.integers(0, 10_000))
def test_nesting_is_refused_exactly_past_the_limit_and_never_crashes(text, cut):
    deepest = depth(json.loads(text))  # Python's own reader manages 150
    try:
        limits.loads(text)
    except limits.JsonLimit:
        assert deepest > limits.MAX_DEPTH
    else:
        assert deepest <= limits.MAX_DEPTH
    # Cut short, the brackets no longer match: still no RecursionError.
    with contextlib.suppress(limits.JsonLimit, json.JSONDecodeError):
        limits.loads(text[:cut])
