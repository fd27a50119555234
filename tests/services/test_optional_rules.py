"""The optional rules and the SRD's Stress and conditions, service by service: what each action
builds, one undo step, and the pure rules under them (exact cases from the texts and hypothesis
properties)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_app.domain import CombatantRow, adversaries, spotlight_tokens
from encounter_app.domain.adversaries import Refused, combatant_from
from encounter_app.domain.optional_rules import TOKENS_MAX, TOKENS_MIN, RuleOptions
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.campaigns.rules import set_option
from encounter_app.services.fight.commands import SetFear, SetTurn
from encounter_app.systems.daggerheart import conditions
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.services import adversaries as actions
from encounter_app.systems.daggerheart.state import DaggerheartState, state_of
from tests.helpers.systems import SYSTEMS

SAMPLES = {s.name: s for s in load_sample_adversaries()}


@pytest.fixture
def session(demo_session):
    return demo_session


def named(session, name):
    return next(c for c in session.combatants if c.name == name)


def play(session, undo_stack, **rules):
    """Turn the rules on for the session's campaign, as the Rules page does."""
    book = CampaignBook(session.store, SYSTEMS, session.campaign.id)
    for key, value in rules.items():
        command = set_option(book, session, key, value)
        assert command is not None
        assert undo_stack.do(command)
    return book


# -- the campaign's options -------------------------------------------------------------------


def test_options_are_one_undo_step_each_reach_the_session_and_the_file(session, undo_stack):
    store = session.store
    play(session, undo_stack, massive_damage=True)
    assert session.campaign.options.massive_damage
    assert store.campaign(session.campaign.id).options.massive_damage
    undo_stack.undo()
    assert not session.campaign.options.massive_damage
    assert store.campaign(session.campaign.id).options == RuleOptions()
    undo_stack.redo()
    assert store.campaign(session.campaign.id).options.massive_damage


def test_setting_a_rule_to_what_it_is_builds_nothing(session):
    book = CampaignBook(session.store, SYSTEMS, session.campaign.id)
    assert set_option(book, session, "massive_damage", False) is None
    assert set_option(book, session, "spotlight_tokens", 3) is None


@given(st.builds(RuleOptions, st.booleans(), st.booleans(),
                 st.integers(TOKENS_MIN, TOKENS_MAX), st.booleans()))
def test_options_read_back_what_they_wrote(options):
    assert RuleOptions.from_json(options.to_json()) == options


@given(st.dictionaries(st.sampled_from(["massive_damage", "spotlight_tracker",
                                        "spotlight_tokens", "gm_turn_price", "other"]),
                       st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=3))))
def test_whatever_a_file_holds_reads_as_options_within_their_range(data):
    options = RuleOptions.from_json(data)
    assert TOKENS_MIN <= options.spotlight_tokens <= TOKENS_MAX
    assert all(isinstance(v, bool) for v in (options.massive_damage, options.gm_turn_price,
                                              options.spotlight_tracker))


def test_the_defaults_are_every_rule_off_and_three_tokens():
    assert RuleOptions.from_json(None) == RuleOptions.from_json({}) == RuleOptions()
    assert RuleOptions().to_json() == {}
    assert RuleOptions().spotlight_tokens == 3  # "3 recommended"


# -- Massive Damage ---------------------------------------------------------------------------


@pytest.mark.parametrize(("massive", "amount", "marks"), [
    (False, 32, 3), (True, 32, 4), (True, 31, 3), (True, 16, 3), (True, 9, 2), (True, 8, 1)])
def test_damage_marks_by_the_campaigns_massive_damage(session, undo_stack, massive, amount,
                                                      marks):
    if massive:
        play(session, undo_stack, massive_damage=True)
    sentry = named(session, "Ashen Sentry")  # Major 9, Severe 16, HP 6
    assert undo_stack.do(actions.damage(session, sentry.id, amount).command)
    assert named(session, "Ashen Sentry").hp_marked == marks


def test_massive_damage_never_marks_past_the_hp_left(session):
    archer = named(session, "Hollow Archer")  # HP 3, Severe 10
    hit = adversaries.damage_to(archer, 20, massive=True)
    assert (hit.marks, hit.severity, hit.defeated) == (3, "Massive Damage", True)


# -- the last Stress's Vulnerable ---------------------------------------------------------------


def test_the_last_stress_and_its_vulnerable_are_one_command(session, undo_stack):
    sentry = named(session, "Ashen Sentry")
    session.update_combatant(replace(sentry, stress_marked=2))
    action = actions.mark_stress(session, sentry.id)
    assert "Vulnerable until it clears one" in action.message
    assert undo_stack.do(action.command)
    assert named(session, "Ashen Sentry").conditions == ("Vulnerable",)
    undo_stack.undo()
    assert named(session, "Ashen Sentry").conditions == ()


def test_removing_the_vulnerable_by_hand_forgets_it_came_from_stress(session, undo_stack):
    sentry = named(session, "Ashen Sentry")
    session.update_combatant(replace(sentry, stress_marked=2))
    undo_stack.do(actions.mark_stress(session, sentry.id).command)
    undo_stack.do(actions.remove_condition(session, sentry.id, "Vulnerable").command)
    undo_stack.do(actions.add_condition(session, sentry.id, "Vulnerable").command)  # the GM's
    undo_stack.do(actions.clear_stress(session, sentry.id).command)
    assert named(session, "Ashen Sentry").conditions == ("Vulnerable",)


rows = st.builds(
    lambda stress_max, marked, extra: CombatantRow(
        kind="adversary", name="Foe", id=1, hp_max=6, stress_max=stress_max,
        stress_marked=min(marked, stress_max), conditions=extra),
    st.integers(1, 6), st.integers(0, 6),
    st.lists(st.sampled_from(["Hidden", "Restrained", "Burning"]), unique=True).map(tuple))


@given(rows)
def test_a_stress_marked_then_cleared_leaves_the_conditions_as_they_were(row):
    marked, _ = conditions.stress_changed(row, adversaries.mark_stress(row).row)
    cleared, _ = conditions.stress_changed(marked, adversaries.clear_stress(marked).row)
    if row.stress_marked < row.stress_max:  # else the mark went to HP, and the clear is real
        assert cleared.conditions == row.conditions
        assert not state_of(cleared).vulnerable_from_stress
    full = marked.stress_marked == marked.stress_max
    assert ("Vulnerable" in marked.conditions) == (full and row.stress_marked < row.stress_max)
    assert marked.conditions.count("Vulnerable") <= 1  # the same condition does not stack


# -- clearing a condition by spending the spotlight -------------------------------------------


def test_clearing_by_the_spotlight_uses_it_and_respects_relentless(session, undo_stack):
    widow = session.add_combatant(combatant_from(SAMPLES["Mire Widow"]))  # Relentless (2)
    undo_stack.do(actions.add_condition(session, widow.id, "Restrained").command)
    undo_stack.do(actions.add_condition(session, widow.id, "Hidden").command)
    action = actions.clear_by_spotlight(session, widow.id, "Restrained")
    assert undo_stack.do(action.command)
    assert "Spotlights 1/2" in action.message
    assert undo_stack.do(actions.clear_by_spotlight(session, widow.id, "Hidden").command)
    now = named(session, widow.name)
    assert now.conditions == () and now.spotlights == 2 and session.active_id == widow.id
    undo_stack.do(actions.add_condition(session, widow.id, "Hidden").command)
    with pytest.raises(Refused, match=r"Relentless \(2\)"):
        actions.clear_by_spotlight(session, widow.id, "Hidden")


def test_clearing_a_condition_it_does_not_have_is_refused(session):
    with pytest.raises(Refused, match="is not Hidden"):
        actions.clear_by_spotlight(session, named(session, "Ashen Sentry").id, "Hidden")


# -- the GM turn's price -------------------------------------------------------------------


def test_the_price_is_asked_only_with_the_rule_and_after_the_turns_own_spotlight(
        session, undo_stack):
    warden, sentry = named(session, "Chapel Warden"), named(session, "Ashen Sentry")
    undo_stack.do(actions.spotlight(session, warden.id).command)
    assert actions.spotlight_price(session, sentry.id) is None  # the rule is off
    play(session, undo_stack, gm_turn_price=True)
    assert "costs a Fear" in actions.spotlight_price(session, sentry.id)
    undo_stack.do(actions.end_gm_turn(session).command)
    assert actions.spotlight_price(session, sentry.id) is None  # a new GM turn's own


def test_a_relentless_adversary_again_costs_a_fear_and_stops_at_its_x(session, undo_stack):
    play(session, undo_stack, gm_turn_price=True)
    undo_stack.do(SetFear(session, 5))
    widow = session.add_combatant(combatant_from(SAMPLES["Mire Widow"]))  # Relentless (2)
    assert actions.spotlight_price(session, widow.id) is None
    undo_stack.do(actions.spotlight(session, widow.id).command)
    assert "Spotlighting Mire Widow again" in actions.spotlight_price(session, widow.id)
    action = actions.spotlight(session, widow.id, fear_reason="extra_move",
                               note="Mire Widow: another spotlight this GM turn")
    assert undo_stack.do(action.command)
    assert session.fear == 4 and session.fear_ledger[0].reason == "extra_move"
    with pytest.raises(Refused, match=r"Relentless \(2\)"):  # Fear never buys a third
        actions.spotlight_price(session, widow.id)


def test_an_additional_gm_move_spends_a_fear_and_names_the_move(session, undo_stack):
    undo_stack.do(SetFear(session, 1))
    assert undo_stack.do(actions.extra_gm_move(session, "  the  chapel floods ").command)
    assert session.fear == 0 and session.fear_ledger[0].note == "the chapel floods"
    with pytest.raises(Refused, match="pool is empty"):
        actions.extra_gm_move(session, "again")
    with pytest.raises(Refused, match="Say what"):
        actions.extra_gm_move(session, "   ")


# -- the Spotlight Tracker -----------------------------------------------------------------


def pcs(session):
    return [c for c in session.combatants if c.kind == "pc"]


def test_the_tracker_off_changes_nothing_about_the_spotlight(session, undo_stack):
    brannoc = named(session, "Brannoc (Guardian)")
    action = actions.pass_spotlight(session, brannoc.id, 1)
    assert action.message == ""
    assert undo_stack.do(action.command)
    assert named(session, brannoc.name).system_state == brannoc.system_state


def test_end_gm_turn_passes_to_the_next_pc_with_a_token_and_spends_it(session, undo_stack):
    play(session, undo_stack, spotlight_tracker=True, spotlight_tokens=1)
    warden = named(session, "Chapel Warden")
    brannoc, wren = named(session, "Brannoc (Guardian)"), named(session, "Wren Tallow (Rogue)")
    session.update_combatant(spotlight_tokens.with_used(brannoc, 1))
    undo_stack.do(SetTurn(session, warden.id, 1))
    action = actions.end_gm_turn(session)
    assert undo_stack.do(action.command)
    assert session.active_id == wren.id
    assert spotlight_tokens.tokens_left(named(session, wren.name), session.campaign.options) == 0
    with pytest.raises(Refused, match="no spotlight tokens left"):
        actions.pass_spotlight(session, brannoc.id, 1)


def test_refill_needs_the_tracker_and_a_spent_token(session, undo_stack):
    with pytest.raises(Refused, match="Spotlight Tracker is off"):
        actions.refill_tokens(session)
    play(session, undo_stack, spotlight_tracker=True)
    with pytest.raises(Refused, match="already has all"):
        actions.refill_tokens(session)


party = st.lists(st.integers(0, 5), min_size=1, max_size=5)


@given(used=party, tokens=st.integers(1, 5), data=st.data())
def test_a_spend_never_leaves_the_party_without_a_token_nor_a_pc_below_none(used, tokens,
                                                                             data):
    options = RuleOptions(spotlight_tracker=True, spotlight_tokens=tokens)
    rows = [spotlight_tokens.with_used(CombatantRow(kind="pc", name=f"PC {i}", id=i,
                                                    system_state=DaggerheartState()), n)
            for i, n in enumerate(used)]
    pc = data.draw(st.sampled_from(rows))
    able = [r for r in rows if spotlight_tokens.can_take(r, options)]
    if able and not spotlight_tokens.can_take(pc, options):
        with pytest.raises(ValueError):
            spotlight_tokens.spend(rows, pc, options)
        return
    spent = spotlight_tokens.spend(rows, pc, options)
    after = {r.id: r for r in rows} | {r.id: r for r in spent.rows}
    left = [spotlight_tokens.tokens_left(r, options) for r in after.values()]
    assert all(0 <= n <= tokens for n in left)
    assert any(n > 0 for n in left)  # the order always has a PC to pass to
    assert sum(left) <= sum(spotlight_tokens.tokens_left(r, options) for r in rows) - 1 or \
        "refills" in spent.message


# -- a campaign file carries them ---------------------------------------------------------------


def test_a_campaign_file_carries_its_optional_rules_and_names_a_bad_value():
    import json

    from encounter_app.exchange.campaign_file import CampaignFile, read_campaign, write_campaign

    options = RuleOptions(massive_damage=True, spotlight_tracker=True, spotlight_tokens=2)
    text = write_campaign(CampaignFile(name="Chapel", system="daggerheart", options=options))
    problems: list = []
    assert read_campaign(json.loads(text), problems, SYSTEMS).options == options and not problems
    plain = json.loads(write_campaign(CampaignFile(name="Plain", system="daggerheart")))
    assert "options" not in plain["campaign"]  # every rule off: the file as before
    plain["campaign"]["options"] = "on"
    assert read_campaign(plain, problems, SYSTEMS) is None
    assert "optional rules" in problems[0].message
