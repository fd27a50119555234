"""Undo everything, in any mix: the database is back where it started, row for row.

Hypothesis draws a sequence of GM actions from ACTIONS, pushes each as the window does (one
undo command), undoes them all and compares a dump of every table with the start; then redoes
them all and compares with the end. Rolls are real: requests built from the fight, resolved by
the rules the service uses, described as the roll log shows them.

To cover a new command, add an ``Action`` to ACTIONS: a name and a function that builds the
command from the session and hypothesis' ``data`` (or returns None when the action makes no
sense in the current state, e.g. removing from an empty list).
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QUndoCommand, QUndoStack

from encounter_app.domain import CampaignRow, CombatantRow, CountdownRow, RollRow, adversaries, fear
from encounter_app.domain.adversaries import combatant_from
from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.initiative import Initiant
from encounter_app.domain.requests import DiceRequest, RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.domain.system_data import SystemData
from encounter_app.rules import casus_mus
from encounter_app.rules.daggerheart import Outcome, RestKind, SceneIntensity, rest_fear
from encounter_app.services.campaigns import operations
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.campaigns.commands import (
    AddPc,
    CreateCampaign,
    MoveEncounter,
    RemoveEncounter,
    UpdateCampaign,
    UpdateEncounter,
    UpdatePc,
    edit_pc,
    join_encounter,
    note_command,
    remove_pc,
)
from encounter_app.services.fight import commands, table, turns
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.rolls.rules_service import compute
from encounter_app.store import DB_NAME, Store
from encounter_app.systems.casus_mus.services import turns as cm_turns
from encounter_app.systems.casus_mus.services.clash import ClashFlow, Damage, Side
from encounter_app.systems.daggerheart.requests import AttackRequest, ReactionRequest, Target
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.services import adversaries as adversary_operations
from encounter_app.systems.forge_of_power.services import turns as fop_turns
from encounter_app.systems.ruins_and_raiders.services import turns as rr_turns
from tests.helpers.databases import dump
from tests.helpers.systems import (
    KEYS,
    SYSTEMS,
    apply_initiative,
    create_sample,
    initiative_request,
)
from tests.helpers.systems import next_turn as table_next_turn

Build = Callable[[EncounterSession, st.DataObject], QUndoCommand | None]


DH, CM = frozenset({"daggerheart"}), frozenset({"casus_mus"})
RR, FOP = frozenset({"ruins_and_raiders"}), frozenset({"forge_of_power"})


@dataclass(frozen=True)
class Action:
    name: str
    build: Build
    #: The systems whose fight it is an action of (a system's typed state is its own); None:
    #: every system's.
    systems: frozenset[str] | None = None


SAMPLES = load_sample_adversaries()
NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1,
                max_size=20)


def _row(data: st.DataObject, rows) -> int | None:
    return data.draw(st.integers(0, len(rows) - 1), label="row") if len(rows) else None


def add_person(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    row = CombatantRow(kind=data.draw(st.sampled_from(["pc", "npc"])), name=data.draw(NAMES),
                       evasion=data.draw(st.integers(0, 30)), hp_max=data.draw(st.integers(1, 12)),
                       stress_max=data.draw(st.integers(0, 12)))
    position = data.draw(st.none() | st.integers(0, len(session.combatants)), label="position")
    return commands.AddCombatant(session, row, position)


def add_adversary(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    stats = data.draw(st.sampled_from(SAMPLES))
    return commands.AddCombatant(session, combatant_from(stats, data.draw(st.none() | NAMES)))


def remove_combatant(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    row = _row(data, session.combatants)
    return None if row is None else commands.RemoveCombatant(session, row)


def move_combatant(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    source, destination = _row(data, session.combatants), _row(data, session.combatants)
    return None if source is None else commands.MoveCombatant(session, source, destination)


def set_marks(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    row = _row(data, session.combatants)
    if row is None:
        return None
    target = session.combatants[row]
    return commands.SetMarks(session, target.id, data.draw(st.integers(0, target.hp_max)),
                             data.draw(st.integers(0, target.stress_max)))


def spotlight(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    row = _row(data, session.combatants)
    active = None if row is None else session.combatants[row].id
    return commands.SetTurn(session, active, data.draw(st.integers(1, 9)), "Spotlight")


def next_turn(session: EncounterSession, _data: st.DataObject) -> QUndoCommand | None:
    active, round_ = session.next_turn()
    return None if active is None else commands.SetTurn(session, active, round_)


def set_fear(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    reasons = [None, *fear.GAIN_REASONS, *fear.SPEND_REASONS]
    return commands.SetFear(session, data.draw(st.integers(0, 12)),
                            data.draw(st.sampled_from(reasons)), note=data.draw(NAMES))


def add_countdown(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    """Any kind of countdown, linked to another or not, with its rolled start logged or not."""
    start = data.draw(st.integers(1, 12))
    row = CountdownRow(data.draw(NAMES), start, start,
                       kind=data.draw(st.sampled_from(["standard", "progress", "consequence"])),
                       loop=data.draw(st.sampled_from(["none", "loop", "increasing",
                                                       "decreasing"])),
                       long_term=data.draw(st.booleans()),
                       trigger=data.draw(st.sampled_from(["action", "pc_miss", "manual"])))
    partner = _row(data, session.countdowns) if data.draw(st.booleans()) else None
    partner_id = None if partner is None else session.countdowns[partner].id
    start_roll = RollRow(kind="dice", summary=f"Start {start}") if data.draw(st.booleans()) \
        else None
    return table.add_countdown(session, row, partner_id, start_roll)


def remove_countdown(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    row = _row(data, session.countdowns)
    return None if row is None else commands.RemoveCountdown(session, row)


def change_countdown(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    """Tick, reset, or set any value (the panel's three ways to change a countdown)."""
    row = _row(data, session.countdowns)
    if row is None:
        return None
    countdown = session.countdowns[row]
    value = data.draw(st.sampled_from([max(0, countdown.value - 1), countdown.start])
                      | st.integers(0, countdown.start), label="value")
    return commands.UpdateCountdown(session, replace(countdown, value=value), "Change")


def roll(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    """A roll as the window records it: a request resolved by the rules, then described."""
    adversaries = [c for c in session.combatants if c.stats is not None]
    pcs = [c for c in session.combatants if c.kind == "pc" and c.evasion is not None]
    kinds = ["dice", "reaction"] + (["attack"] if adversaries and pcs else [])
    kind = data.draw(st.sampled_from(kinds), label="roll kind")
    advantage, disadvantage = data.draw(st.booleans()), data.draw(st.booleans())
    if kind == "attack":
        attacker = data.draw(st.sampled_from(adversaries))
        targets = data.draw(st.lists(st.sampled_from(pcs), min_size=1, max_size=3))
        request = AttackRequest(
            attacker.name, attacker.stats.attack_modifier, attacker.stats.damage,
            tuple(Target(t.name, t.evasion, t.id) for t in targets),
            advantage=advantage, disadvantage=disadvantage, combatant_id=attacker.id)
    elif kind == "reaction":
        request = ReactionRequest("Someone", data.draw(st.integers(5, 25)),
                                  bonus=data.draw(st.integers(-5, 5)), advantage=advantage,
                                  disadvantage=disadvantage)
    else:
        request = DiceRequest(data.draw(st.sampled_from(["2d6+3", "1d20", "2d20kh1",
                                                         "3d8-1 phy"])))
    result = compute(request, random.Random(data.draw(st.integers(0, 2**32))))
    return commands.RecordRoll(session, describe(RollResult(1, request, result)))


def _refusable(build: Callable[[EncounterSession, int], adversary_operations.Action]) -> Build:
    """An action on a drawn adversary (card menu); None when the rules refuse it there."""
    def action(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
        cards = [c for c in session.combatants if c.kind == "adversary"]
        if not cards:
            return None
        try:
            return build(session, data.draw(st.sampled_from(cards)).id).command
        except adversaries.Refused:
            return None
    return action


def damage(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    amount = data.draw(st.integers(1, 30), label="damage")
    return _refusable(lambda s, i: adversary_operations.damage(s, i, amount))(session, data)


def condition(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    name = data.draw(st.sampled_from(["Vulnerable", "Restrained", "Hidden"]) | NAMES)
    if data.draw(st.booleans(), label="clear it"):
        return _refusable(lambda s, i: adversary_operations.remove_condition(s, i, name))(
            session, data)
    return _refusable(lambda s, i: adversary_operations.add_condition(s, i, name))(session, data)


def gm_spotlight(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    reason = data.draw(st.sampled_from([None, "interrupt", "extra_move"]))
    return _refusable(lambda s, i: adversary_operations.spotlight(s, i, fear_reason=reason))(
        session, data)


def end_gm_turn(session: EncounterSession, _data: st.DataObject) -> QUndoCommand | None:
    try:
        return adversary_operations.end_gm_turn(session).command
    except adversaries.Refused:
        return None


def player_outcome(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    return table.record_outcome(session, data.draw(st.sampled_from(list(Outcome)))).command


def pc_missed(session: EncounterSession, _data: st.DataObject) -> QUndoCommand:
    return table.pc_missed(session).command


def rest(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    kind = data.draw(st.sampled_from(list(RestKind)))
    roll = rest_fear(kind, 3, random.Random(data.draw(st.integers(0, 2**32))))
    return table.rest(session, kind, roll, "3 PCs").command


def tick_by_hand(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    row = _row(data, session.countdowns)
    step = None if row is None else table.tick(session, session.countdowns[row])
    return None if step is None else step.command


def scene_intensity(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    return commands.SetSceneIntensity(
        session, data.draw(st.sampled_from([i.name.lower() for i in SceneIntensity])))


# -- the campaign view (services/campaign_*.py) -------------------------------------------------
# Its commands act on a CampaignBook over the same store, made before the first dump.
BOOKS: dict[int, CampaignBook] = {}
SYSTEM_KEYS = st.sampled_from(sorted(SYSTEMS))


def book_of(session: EncounterSession) -> CampaignBook:
    return BOOKS[id(session)]


def new_campaign(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    return CreateCampaign(book_of(session), CampaignRow(None, data.draw(NAMES),
                                                        data.draw(SYSTEM_KEYS), 0, 0))


def change_campaign(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    book = book_of(session)
    campaign = data.draw(st.sampled_from(list(book.campaigns)))
    new = data.draw(st.sampled_from([
        replace(campaign, name=data.draw(NAMES)), replace(campaign, note=data.draw(NAMES)),
        replace(campaign, archived=not campaign.archived)]))
    return UpdateCampaign(book, new, "Change campaign")


def new_game_session(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    book = book_of(session)
    hooks = operations.NewSessionHooks([lambda b, c: [UpdatePc(b, replace(
        pc, note=f"session {c.session_number}"), "Refresh") for pc in b.party]])
    return operations.new_game_session(book, hooks)


def new_encounter(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    return operations.new_encounter(book_of(session), data.draw(NAMES))


def duplicate_encounter(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    book = book_of(session)
    return operations.duplicate(book, _row(data, book.encounters))


def change_encounter(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    book = book_of(session)
    row = _row(data, book.encounters)
    entry = book.encounters[row]
    choice = data.draw(st.sampled_from(["finish", "note", "name", "status"]))
    if choice == "finish":
        try:
            return operations.finish(book, row)
        except adversaries.Refused:  # finished already: Finish is refused, nothing to undo
            return None
    value = data.draw(st.sampled_from(["draft", "active", "done"]) if choice == "status"
                      else NAMES)
    return UpdateEncounter(book, entry, replace(entry, **{choice: value}), "Edit")


def delete_draft(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    book = book_of(session)
    drafts = [r for r, e in enumerate(book.encounters)
              if e.status == "draft" and e.id != session.encounter_id]
    return RemoveEncounter(book, data.draw(st.sampled_from(drafts))) if drafts else None


def move_encounter(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    book = book_of(session)
    return MoveEncounter(book, _row(data, book.encounters), _row(data, book.encounters))


def party_stats(data: st.DataObject) -> SystemData:
    rules = SYSTEMS.get("daggerheart")
    return rules.stats_from({f.key: data.draw(st.integers(f.minimum, f.maximum), label=f.key)
                             for f in rules.pc_fields})


def add_pc(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    return AddPc(book_of(session), PcRow(name=data.draw(NAMES), stats=party_stats(data)))


def remove_a_pc(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    book = book_of(session)
    row = _row(data, book.party)
    return None if row is None else remove_pc(book, session, row)


def edit_a_pc(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    book = book_of(session)
    row = _row(data, book.party)
    if row is None:
        return None
    stats = party_stats(data)
    pc = replace(book.party[row], name=data.draw(NAMES), stats=stats,
                 hp_marked=data.draw(st.integers(0, stats.hp)),
                 stress_marked=data.draw(st.integers(0, stats.stress)))
    return edit_pc(book, session, pc)


def import_campaign(session: EncounterSession, data: st.DataObject) -> QUndoCommand:
    """File › Import of a campaign file: one undo step, written by its first redo."""
    from encounter_app.services.exchange_commands import ImportCampaign
    from encounter_app.store.exchange import campaign_file

    exported = campaign_file(session.store, session.campaign.id)
    return ImportCampaign(session.store, exported, lambda _id: None, lambda _id: None)


def join_party(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    party = list(book_of(session).party)
    pcs = data.draw(st.lists(st.sampled_from(party), unique_by=lambda p: p.id)) if party else []
    return join_encounter(session, pcs)[0]


def combatant_note(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    row = _row(data, session.combatants)
    return None if row is None else note_command(session, session.combatants[row].id,
                                                 data.draw(NAMES))


# -- Casus Mus, Ruins & Raiders, Forge of Power (services/systems) ---------------------------

def _refused(build: Callable[[], QUndoCommand | None]) -> QUndoCommand | None:
    try:
        return build()
    except turns.TurnError:
        return None


def _someone(session: EncounterSession, data: st.DataObject) -> int | None:
    row = _row(data, session.combatants)
    return None if row is None else session.combatants[row].id


def spend_points(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    who = _someone(session, data)
    resource, cost = data.draw(st.sampled_from(["ap", "lp"])), data.draw(st.sampled_from([1, -1]))
    return None if who is None else _refused(lambda: cm_turns.spend(session, who, resource, cost))


def system_next_turn(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    return _refused(lambda: table_next_turn(session, session.system.key))


def use_wait_or_hold(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    who = _someone(session, data)
    if who is None:
        return None
    how = data.draw(st.sampled_from(["use", "wait", "hold"]))
    if how == "use":
        return _refused(lambda: rr_turns.use_action(session, who))
    return rr_turns.set_waiting(session, who, hold=how == "hold")


def round_zero(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    ids = [r.id for r in session.combatants]
    chosen = data.draw(st.lists(st.sampled_from(ids), max_size=3)) if ids else []
    return _refused(lambda: rr_turns.start_round_zero(session, chosen))


def roll_initiative(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    if not session.combatants:
        return None
    request = initiative_request(session.system.key, tuple(
        Initiant(r.id, r.name, data.draw(st.integers(-3, 5)), rolls=r.kind == "pc")
        for r in session.combatants))
    scores = compute(request, random.Random(data.draw(st.integers(0, 2**32))))
    log = describe(RollResult(1, request, scores))
    return apply_initiative(session, request, scores, log)


def popcorn(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    interrupt = data.draw(st.booleans(), label="interrupt")
    if interrupt and data.draw(st.booleans(), label="attack first"):
        targets = [r.id for r in session.combatants]
        return fop_turns.attacked_targets(session, session.active_id,
                                      data.draw(st.lists(st.sampled_from(targets), max_size=2))
                                      if targets else [])
    rows = fop_turns.interrupters(session) if interrupt else fop_turns.next_choices(session)
    if not rows:
        return None
    chosen = data.draw(st.sampled_from(rows)).id
    return fop_turns.end_popcorn_turn(session, chosen, interrupt=interrupt)


def clash(session: EncounterSession, data: st.DataObject) -> QUndoCommand | None:
    if len(session.combatants) < 2:
        return None
    one, other = data.draw(st.lists(st.sampled_from(list(session.combatants)), min_size=2,
                                    max_size=2, unique_by=lambda r: r.id))
    flow = ClashFlow(*(Side(r.id, r.name, 50, "Combat", cm_turns.ap_left(r), cm_turns.lp_left(r))
                       for r in (one, other)))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    if flow.why_not_attack():
        return None
    flow.attack(casus_mus.roll_skill(50, rng))
    if not flow.why_not_flip(flow.attacker) and data.draw(st.booleans()):
        flow.own_luck(flow.attacker, casus_mus.LuckOption.FLIP)
    if not flow.why_not_react() and data.draw(st.booleans()):
        flow.react(casus_mus.roll_skill(50, rng))
    else:
        flow.decline()
    if flow.hitter() is not None:  # whoever hits rolls damage, less the struck one's armour
        flow.set_damage(Damage("1d6", data.draw(st.integers(0, 8)), "typed",
                               data.draw(st.integers(0, 3))))
    return flow.command(session)


ACTIONS: list[Action] = [
    Action("add a PC or NPC", add_person, DH),
    Action("add an adversary", add_adversary, DH),
    Action("remove a combatant", remove_combatant),
    Action("move a combatant", move_combatant),
    Action("mark HP and Stress", set_marks, DH),
    Action("spotlight", spotlight, DH),
    Action("next turn", next_turn),
    Action("set Fear", set_fear, DH),
    Action("add a countdown", add_countdown),
    Action("remove a countdown", remove_countdown),
    Action("tick, reset or set a countdown", change_countdown),
    Action("roll", roll, DH),
    Action("damage", damage, DH),
    Action("mark a Stress", _refusable(adversary_operations.mark_stress), DH),
    Action("clear a Stress", _refusable(adversary_operations.clear_stress), DH),
    Action("add or clear a condition", condition, DH),
    Action("Slow token", _refusable(lambda s, i: adversary_operations.slow_token(s, i, 1)), DH),
    Action("GM spotlight, maybe for a Fear", gm_spotlight, DH),
    Action("end the GM turn", end_gm_turn, DH),
    Action("a player's outcome", player_outcome, DH),
    Action("a PC missed", pc_missed, DH),
    Action("rest", rest, DH),
    Action("tick a countdown by hand", tick_by_hand),
    Action("scene intensity", scene_intensity),
    Action("new campaign", new_campaign),
    Action("rename, note or archive a campaign", change_campaign),
    Action("new game session", new_game_session),
    Action("new encounter", new_encounter),
    Action("duplicate an encounter", duplicate_encounter),
    Action("finish, rename, note or set an encounter's status", change_encounter),
    Action("move an encounter", move_encounter),
    Action("delete a draft encounter", delete_draft),
    Action("add a PC to the party", add_pc, DH),
    Action("remove a PC from the party", remove_a_pc, DH),
    Action("edit a PC", edit_a_pc, DH),
    Action("PCs join the encounter", join_party, DH),
    Action("note on a combatant", combatant_note),
    Action("import a campaign file", import_campaign),
    Action("spend or give back Action or Luck Points", spend_points, CM),
    Action("new session: refresh Luck Points", lambda s, _d: cm_turns.refresh_luck_points(s), CM),
    Action("next turn with the round's refresh", system_next_turn, CM | RR),
    Action("use an action, wait or hold", use_wait_or_hold, RR),
    Action("round zero", round_zero, RR),
    Action("give the turn out of order", lambda s, d: None if (who := _someone(s, d)) is None
           else rr_turns.give_turn(s, who), RR),
    Action("roll initiative", roll_initiative, RR | FOP),
    Action("popcorn: pass the turn, attack or interrupt", popcorn, FOP),
    Action("Casus Mus clash", clash, CM),
]


@pytest.fixture(scope="module")
def demo_database(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each system's sample fight (Daggerheart's demo) as a closed database file, by key;
    every example starts from a copy of one."""
    found = {}
    for key in KEYS:
        data = tmp_path_factory.mktemp(f"undo-{key}")
        store = Store.open(data, SYSTEMS)
        create_sample(store, key, seed=5)
        store.close()
        found[key] = data / DB_NAME
    return found


@contextmanager
def demo_copy(demo_database: Path) -> Iterator[tuple[Store, EncounterSession]]:
    with tempfile.TemporaryDirectory() as folder:
        shutil.copy(demo_database, Path(folder) / DB_NAME)
        store = Store.open(Path(folder), SYSTEMS)
        try:
            session = EncounterSession(store, store.latest_encounter().id, SYSTEMS)
            BOOKS[id(session)] = CampaignBook(store, SYSTEMS, session.campaign.id)
            yield store, session
        finally:
            BOOKS.pop(id(session), None)
            store.close()


def session_state(session: EncounterSession) -> tuple:
    """What the window shows (the session's lists and values)."""
    return (list(session.combatants), list(session.countdowns), list(session.rolls),
            list(session.fear_ledger), session.fear, session.active_id, session.round,
            session.scene_intensity, session.system_state)


def stored_state(store: Store, session: EncounterSession) -> tuple:
    """The same, read back from the store."""
    encounter = store.encounter(session.encounter_id)
    return (store.combatants(session.encounter_id), store.countdowns(session.encounter_id),
            store.rolls(session.encounter_id), store.fear_ledger(session.campaign.id),
            store.campaign(session.campaign.id).fear, encounter.active_combatant_id,
            encounter.round, encounter.scene_intensity, encounter.system_state)


# No explain phase: on a failure it replays the example ~100 times (~20 s) to annotate it, and
# the assertion message already lists the actions.
@settings(max_examples=50, deadline=None, report_multiple_bugs=False,
          phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(KEYS), data=st.data())
def test_undoing_every_action_restores_the_database_and_redo_repeats_it(
        qapp, demo_database: dict[str, Path], key: str, data: st.DataObject) -> None:
    own = [a for a in ACTIONS if a.systems is None or key in a.systems]
    actions = data.draw(st.lists(st.sampled_from(own), min_size=1, max_size=20), label="actions")
    with demo_copy(demo_database[key]) as (store, session):
        stack = QUndoStack()
        start = dump(store.path)
        done = []
        for action in actions:
            command = action.build(session, data)
            if command is not None:
                event(action.name)  # --hypothesis-show-statistics: how often each ran
                stack.push(command)
                done.append(action.name)
        end, end_state = dump(store.path), session_state(session)

        while stack.canUndo():
            stack.undo()
        assert dump(store.path) == start, f"after undoing {done}"
        assert session_state(session) == stored_state(store, session)

        while stack.canRedo():
            stack.redo()
        assert dump(store.path) == end, f"after redoing {done}"
        assert session_state(session) == end_state
