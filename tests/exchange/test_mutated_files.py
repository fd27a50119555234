"""Real files, mutated as an attacker would: each is refused cleanly or imported cleanly.

The files are the SRD's adversaries.json and our own exports of the demo (adversaries; an
encounter with its environment; campaigns of Daggerheart, with a finished encounter's summary,
and of Ruins & Raiders, with a system's numbers). One to three values are replaced (by an
integer of thousands of digits, Infinity or NaN, a nesting thousands deep, a value of the wrong
type, text with a lone surrogate), keys dropped or entries duplicated, and sometimes the text
is cut short. Whatever comes out, the reader answers with rows or with problems that each name
an entry or field, one printable line each; no other exception, and a refused file leaves the
store exactly as it was.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from encounter_app.domain.campaign_rows import Summary
from encounter_app.exchange import native
from encounter_app.exchange.campaign_file import write_campaign
from encounter_app.exchange.encounter_file import write_encounter
from encounter_app.exchange.problems import ImportRefused
from encounter_app.exchange.reader import read_bytes
from encounter_app.importing import import_encounter
from encounter_app.store import Store
from tests.helpers.systems import SYSTEMS

RAW = "\u0000raw {}\u0000"  # stands for text written into the JSON as it is, not as a string
MUTATIONS = ("huge integer", "non-finite", "deep nest", "wrong type", "lone surrogate",
             "drop key", "duplicate entry")
WRONG = ([], {}, "", "text", None, True, False, 0, -1, 2**63, 1.5, [1, "a"], {"a": 1})


def places(value: Any, here: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], list[tuple[Any, ...]]]:
    """Every place in a JSON document but the top, by its shape: ``("adversaries", 3, "hp")``
    under ``("adversaries", "*", "hp")``. A mutation picks a shape first, so the few places of a
    rare shape (an environment's features) come up as often as the many of a common one."""
    found: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
    items = (value.items() if isinstance(value, dict)
             else enumerate(value) if isinstance(value, list) else ())
    for key, item in items:
        where = (*here, key)
        found.setdefault(tuple("*" if isinstance(k, int) else k for k in where), []).append(where)
        for shape, more in places(item, where).items():
            found.setdefault(shape, []).extend(more)
    return found


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """A store with the demo in it, which every example imports into."""
    from tests.helpers.systems import create_demo

    store = Store.open(tmp_path_factory.mktemp("home"), SYSTEMS)
    create_demo(store, seed=1)
    yield store
    store.close()


@pytest.fixture(scope="module")
def documents(tmp_path_factory):
    """Our own files, as the program exports them: name -> (document, its places)."""
    from encounter_app.store.exchange import campaign_file, encounter_file
    from tests.helpers.systems import create_demo, create_sample

    store = Store.open(tmp_path_factory.mktemp("exports"), SYSTEMS)
    try:
        fight = create_demo(store, seed=1)
        campaign = campaign_file(store, fight.campaign_id)
        done = replace(campaign.encounters[0], status="done",
                       summary=Summary(3, 4, 2, ("Ashen Sentry", "Hollow Archer"), 17))
        raider = create_sample(store, "ruins_and_raiders", seed=2)
        texts = {
            "adversaries": native.write_adversaries(t.stats for t in store.templates()),
            "encounter": write_encounter(encounter_file(store, fight.id)),
            "campaign": write_campaign(replace(campaign, encounters=(done,))),
            "raiders": write_campaign(campaign_file(store, raider.campaign_id)),
        }
    finally:
        store.close()
    assert "environment" in json.loads(texts["encounter"])["encounter"]
    return {name: (json.loads(text), places(json.loads(text))) for name, text in texts.items()}


@pytest.fixture(scope="module")
def srd_document(srd_file):
    document = json.loads(srd_file.read_text(encoding="utf-8-sig"))
    return document, places(document)


def mutate(document: Any, shapes: dict[tuple[Any, ...], list[tuple[Any, ...]]],
           data: st.DataObject) -> str:
    """The document's text with one to three mutations drawn by ``data``, and maybe cut short.
    A mutation whose place an earlier one took away is left out."""
    document = copy.deepcopy(document)
    raws = []
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        shape = data.draw(st.sampled_from(sorted(shapes, key=repr)), label="shape")
        where = data.draw(st.sampled_from(shapes[shape]), label="where")
        mutation = data.draw(st.sampled_from(MUTATIONS), label="mutation")
        *parent_path, key = where
        parent = document
        try:
            for step in parent_path:
                parent = parent[step]
            if not isinstance(parent, (dict, list)):
                continue
            parent[key]
        except (KeyError, IndexError, TypeError):
            continue
        raw = None
        if mutation == "huge integer":
            raw = data.draw(st.sampled_from(["9" * 4301, "-" + "1" * 5000, "9" * 21,
                                             '"' + "9" * 5000 + '"']))
        elif mutation == "non-finite":
            raw = data.draw(st.sampled_from(["Infinity", "-Infinity", "NaN", "1e999"]))
        elif mutation == "deep nest":
            depth = data.draw(st.sampled_from([65, 1000, 100_000]))
            opener, closer = data.draw(st.sampled_from([("[", "]"), ('{"a": ', "}")]))
            raw = opener * depth + "0" + closer * depth
        elif mutation == "wrong type":
            parent[key] = data.draw(st.sampled_from(WRONG))
        elif mutation == "lone surrogate":
            old = parent[key] if isinstance(parent[key], str) else ""
            at = data.draw(st.integers(0, len(old)))
            parent[key] = old[:at] + data.draw(st.sampled_from(["\ud800", "\udfff"])) + old[at:]
        elif mutation == "drop key" and isinstance(parent, dict):
            del parent[key]
        elif mutation == "duplicate entry" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        if raw is not None:
            parent[key] = RAW.format(len(raws))
            raws.append(raw)
    text = json.dumps(document, indent=1)  # "\ud800" is written as its escape
    for number, raw in enumerate(raws):
        text = text.replace(json.dumps(RAW.format(number)), raw)
    if data.draw(st.integers(0, 7), label="truncate?") == 0:
        text = text[:data.draw(st.integers(0, len(text) - 1), label="cut at")]
    return text


def contents(store: Store) -> list[Any]:
    """What an import could change: the library, and every campaign with its encounters."""
    campaigns = store.campaigns()
    return [store.templates(), store.environments(), campaigns,
            [store.encounter_entries(c.id) for c in campaigns],
            [store.pcs(c.id) for c in campaigns]]


def import_or_refuse(store: Store, text: str, source: str) -> None:
    """Import ``text`` as the command line would; a refusal names where and leaves the store."""
    from encounter_app.store.exchange import apply_import, plan_import, recreate_campaign

    before = contents(store)
    try:
        parsed = read_bytes(SYSTEMS, text.encode("utf-8", "surrogatepass"), source)
        if parsed.kind == "encounter":
            import_encounter(store, parsed)
        elif parsed.kind == "campaign":
            assert parsed.campaign is not None
            recreate_campaign(store, parsed.campaign)
        else:
            apply_import(store, plan_import(store, parsed.adversaries, parsed.template_source))
        event("imported")
    except ImportRefused as refused:
        event("refused")
        assert refused.problems
        for problem in refused.problems:
            assert problem.entry is not None or problem.field, problem
            line = str(problem)
            line.encode("utf-8")  # printable as it is: no lone surrogate in it
            assert "\n" not in line and len(line) < 500, line
        assert contents(store) == before, "a refused file changed the store"


# Each example reads a whole file and imports it: Hypothesis's default deadline is for
# functions, not for a file and a database. The fixtures are per module: one store for all
# examples, its contents compared before and after each.
SETTINGS = settings(max_examples=60, deadline=None)


@pytest.mark.parametrize("name", ["adversaries", "encounter", "campaign", "raiders"])
@SETTINGS
@given(data=st.data())
def test_a_mutated_file_of_ours_is_refused_or_imported_whole(home, documents, name, data):
    document, places = documents[name]
    import_or_refuse(home, mutate(document, places, data), f"{name}.json")


@settings(SETTINGS, max_examples=30)
@given(data=st.data())
def test_a_mutated_srd_file_is_refused_or_imported_whole(home, srd_document, data):
    document, places = srd_document
    import_or_refuse(home, mutate(document, places, data), "adversaries.json")


def test_each_mutation_is_seen_refused(documents):
    """The mutations reach what they are for: one of each, placed by hand, is refused."""
    document, _shapes = documents["encounter"]
    hp = ("encounter", "combatants", 1, "hp_max")
    name = ("encounter", "combatants", 1, "name")
    feature = ("encounter", "environment", "features", 0)

    class Drawn:
        def __init__(self, *values: Any) -> None:
            self.values = list(values)

        def draw(self, strategy: Any, label: str = "") -> Any:
            return self.values.pop(0)

    cases = [
        (hp, "huge integer", "9" * 4301),
        (hp, "non-finite", "Infinity"),
        (hp, "deep nest", 1000, ("[", "]")),
        (feature, "wrong type", "Bell"),
        (name, "lone surrogate", 0, "\ud800"),
        (name, "drop key"),
    ]
    for where, mutation, *drawn in cases:
        text = mutate(document, {where: [where]}, Drawn(1, where, where, mutation, *drawn, 1))
        with pytest.raises(ImportRefused):
            read_bytes(SYSTEMS, text.encode("utf-8", "surrogatepass"), "fight.json")
    cut = mutate(document, {hp: [hp]}, Drawn(1, hp, hp, "duplicate entry", 0, 100))
    with pytest.raises(ImportRefused) as refused:
        read_bytes(SYSTEMS, cut.encode("utf-8"), "fight.json")
    assert "is not JSON" in refused.value.problems[0].message
