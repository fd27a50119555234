"""What the players see (domain/player_view.py): a weaker or elite copy reads as its adversary's
own name, in the order and in the rolls' words; a hidden PC stays a roller its player can pick,
and out of the order."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from encounter_app.domain import CombatantRow
from encounter_app.domain.player_view import (
    Sight,
    plain_name,
    player_view,
    players_names,
    rollers,
)
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.domain.rows import StatBlock
from encounter_app.domain.variants import ELITE, WEAKER, variant
from encounter_app.systems.daggerheart.requests import AttackRequest, ReactionRequest, Target
from tests.helpers.systems import SYSTEMS

BEAR = StatBlock("Bear", 1, "Bruiser", 14, 9, 16, 7, 2, 1, "Claws", "Melee", "1d8+3 phy",
                 experiences=(), features=())
DAGGERHEART = SYSTEMS.get("daggerheart")


def adversary(name: str, number: int, stats: StatBlock = BEAR, **kw) -> CombatantRow:
    return CombatantRow("adversary", name, number, hp_max=stats.hp, stress_max=stats.stress,
                        stats=stats, **kw)


def pc(name: str, number: int, **kw) -> CombatantRow:
    return CombatantRow("pc", name, number, evasion=11, hp_max=6, stress_max=6, **kw)


def view(rows, rolls=()):
    return player_view(DAGGERHEART, rows, (), rolls, fear=2, round_=1, active_id=None)


def public(request, seed: int = 3):
    row = describe(RollResult(0, request, request.compute(random.Random(seed))))
    return replace(row, public=True)


def test_a_variant_reads_as_its_adversarys_own_name_its_number_kept():
    elite, weaker = variant(BEAR, ELITE), variant(BEAR, WEAKER)
    assert (elite.name, weaker.name) == ("Bear (Elite)", "Bear (Weaker)")
    rows = [adversary("Bear (Elite)", 1, elite), adversary("Wolf (Weaker) 1", 2, weaker),
            adversary("Wolf (Weaker) 2", 3, weaker), pc("Ayla", 4)]
    assert [e.name for e in view(rows).order] == ["Bear", "Wolf 1", "Wolf 2", "Ayla"]
    assert "Elite" not in str(view(rows).to_json())
    assert "Weaker" not in str(view(rows).to_json())


def test_a_variant_beside_its_plain_adversary_is_numbered_apart_not_told_apart():
    rows = [adversary("Bear", 1), adversary("Bear (Elite)", 2, variant(BEAR, ELITE)),
            adversary("Wolf 1", 3), adversary("Wolf 2", 4),
            adversary("Wolf (Elite) 1", 5), pc("Ayla", 6)]
    assert [e.name for e in view(rows).order] == ["Bear", "Bear 2", "Wolf 1", "Wolf 2",
                                                  "Wolf 3", "Ayla"]


def test_a_hidden_plain_adversary_does_not_push_the_variants_number():
    # Counting the hidden Bear would number the elite "Bear 2" and tell the players of it.
    rows = [adversary("Bear", 1, hidden=True), adversary("Bear (Elite)", 2)]
    assert [e.name for e in view(rows).order] == ["Bear"]


def test_a_pcs_name_is_never_changed():
    rows = [pc("Sir Edric (Elite)", 1), adversary("Bear (Elite)", 2)]
    assert [e.name for e in view(rows).order] == ["Sir Edric (Elite)", "Bear"]
    assert plain_name("Bear (Elite)x") == "Bear (Elite)x"  # not a variant's name
    assert plain_name("(Weaker)") == "(Weaker)"


def test_a_variants_attack_and_reaction_are_worded_with_its_own_name():
    rows = [adversary("Bear (Elite) 2", 1), pc("Ayla", 2), adversary("Bear (Weaker)", 3)]
    attack = public(AttackRequest("Bear (Elite) 2", 2, "1d8+3", (Target("Ayla", 1, 2),),
                                  attack_name="Claws", combatant_id=1))
    reaction = public(ReactionRequest("Bear (Weaker)", 14, combatant_id=3))
    texts = [r.text for r in view(rows, [reaction, attack]).rolls]
    assert texts[0].startswith("Bear: reaction roll")
    assert texts[1].startswith("Bear 2 Claws: ") and "hits Ayla" in texts[1]
    assert not any("Elite" in t or "Weaker" in t for t in texts)
    # One no longer in the fight still reads plainly.
    gone = Sight([], [], True)
    assert gone.name("Bear (Elite) 3") == "Bear 3"


def test_a_hidden_pc_can_roll_but_is_not_in_the_order():
    rows = [pc("Ayla", 1, hidden=True), pc("Brannoc", 2), adversary("Bear", 3, hidden=True),
            CombatantRow("npc", "Old Tom", 4)]
    assert [r.name for r in rollers(rows)] == ["Ayla", "Brannoc"]
    shown = view(rows)
    assert [e.name for e in shown.order] == ["Brannoc", "Old Tom"]
    assert "Ayla" not in str(shown.to_json())


def test_a_pc_not_yet_stored_is_no_roller():
    assert rollers([pc("Ayla", None)]) == ()  # type: ignore[arg-type]


NAMES = st.sampled_from(["Bear", "Wolf", "Imp"])
SUFFIX = st.sampled_from(["", " (Elite)", " (Weaker)"])
NUMBER = st.sampled_from(["", " 1", " 2", " 3"])


@given(st.lists(st.tuples(NAMES, SUFFIX, NUMBER, st.booleans()), max_size=10,
                unique_by=lambda t: t[:3]))
def test_no_two_shown_names_read_the_same_and_none_says_how_strong(drawn):
    rows = [adversary(f"{n}{s}{k}", i, hidden=hidden)
            for i, (n, s, k, hidden) in enumerate(drawn, 1)]
    names = [e.name for e in view(rows).order]
    assert len(names) == len(set(names))
    assert not any("Elite" in n or "Weaker" in n for n in names)
    read = players_names(r for r in rows if not r.hidden)
    for row in rows:
        if not row.hidden and plain_name(row.name) == row.name:
            assert read[row.name] == row.name  # a plain name keeps itself
